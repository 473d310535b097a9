"""Who is on stage where: the people acting in a scene set at one place are at that place.

A novel seldom moves its people by a verb of motion; it opens a scene at a place and lets
them talk and act there ("The next day opened a new scene at Longbourn. Mr. Collins made
his declaration in form."). So, per scene (`segment.scenes`):

- the scene's *place* is the one place the narration puts the scene at, decisively: each
  narrated "at X" / "in X" of a named place counts once (twice when its clause names the
  scene: "The next day opened a new scene at Longbourn"), each arrival or move to it the
  movement passes read counts twice (`scenes.MOVES`), and the place needs `MIN_VOTES` and at
  least `LEAD` times the votes of any other; only an "at X" hung on a finite verb of the
  scene's now counts ("sat at Netherfield", not "a brother settled in London", "his estate
  in Derbyshire", "had been at Netherfield", nor a verb of living: "the lady with whom
  she lived in London" says where she lives), and a place only talked of, in speech or as
  where a letter comes from, counts for nothing, nor does a move told in speech or in a
  letter the chapter quotes (Mrs. Gardiner's "Wickham … had gone … to London" sets no
  scene of Elizabeth's), nor the move of someone who does not act in the scene ("I found,
  on questioning the servants, that Estella was in Paris" puts nobody at Satis House in Paris),
  nor a departure: the move of someone who acts no more after it, from a scene others have
  already acted in ("Daniel went back down to Hollin before dark, and Clara stood at the
  gate" leaves Clara at the gate); a party the narration names no one in counts twice too
  when it goes somewhere ("They returned … to Longbourn", "the girls walked to Meryton":
  `_party_moves`), though it moves nobody;
- the people *on stage* are those the narration has act, twice or more (`scene_acts`): the
  subject of an asserted main-clause verb outside speech that is no copula, by name or by
  a pronoun the resolver placed, not in a past perfect or a modal ("had gone", "would
  come": another time); once at least by name, or as the narration's "I" (`_named_act`: a
  "she" the resolver took for a name in someone's quotation puts no one anywhere);
- each person on stage whom the chapter's own movement does not place in this scene is at
  the place the scene is set at as of their last act in it, by what was said before that
  act (a departure for Enscombe told after Emma's last word takes nobody there but the
  traveller; `arrived_at`, rule `on_stage`, the weakest presence: any statement of
  movement says more). The evidence is the statement that last set the scene there.

Nothing for a scene without a decisive place; nothing for a person only spoken of.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from continuum.language.grammar import FINITE_TAGS
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.delta_base import delta, place_of
from continuum.pipeline.extract.heuristic.passes.movement import (
    ARRIVE_VERBS,
    AT_PREPS,
    ESCORT_VERBS,
    LIVE_VERBS,
    MOVE_VERBS,
    another_time,
    main_clause,
    motion_preps,
)
from continuum.pipeline.extract.heuristic.passes.scenes import MOVES as ARRIVALS
from continuum.pipeline.extract.heuristic.passes.state_deltas import PLACE_KINDS
from continuum.pipeline.extract.schema import StateDelta
from continuum.pipeline.segment.scenes import split_scenes

MIN_VOTES = 2
LEAD = 2.0
MOVE_VOTES = 2
MIN_ACTS = 2
# Verbs that describe rather than act: "was a man of …", "seemed happy", "had no children".
STATES = frozenset({"be", "seem", "appear", "become", "remain", "have", "look"})
CONFIDENCE = 0.4
RULE = "on_stage"


Vote = tuple[int, str, int, Any]  # offset, place, weight, what said it (a token or a delta)


def on_stage(view: ChapterView, deltas: list[StateDelta]) -> list[StateDelta]:
    """The deltas with a presence added for each person acting in a scene set at one place,
    in text order. Its evidence is what last set the scene there before the person's last
    act ("The next day opened a new scene at Longbourn."), the place being what it tells."""
    added: list[StateDelta] = []
    for span in split_scenes(view.text):
        acts = scene_acts(view, span.start, span.end)
        votes = place_votes(view, span.start, span.end, deltas, set(acts))
        votes = [v for v in votes if not _departure(view, v, acts, votes)]
        if not votes:
            continue
        placed = {d.subject for d in deltas if d.kind in PLACE_KINDS
                  and span.start <= d.evidence.start < span.end}
        homeward = [d.evidence.start for d in deltas if d.kind == "left" and d.value == "home"
                    and span.start <= d.evidence.start < span.end]
        for who, done in acts.items():
            if len(done) < MIN_ACTS or who in placed or not _named_act(view, done):
                continue
            last = done[-1][1].idx
            since = max((at for at in homeward if at <= last), default=-1)
            before = [v for v in votes if since < v[0] <= last]
            place = decisive(before)
            if place is not None and place != who:
                said = [v[3] for v in before if v[1] == place][-1]
                added.append(_presence(view, who, place, said))
    return _in_text_order(deltas, added)


def _named_act(view: ChapterView, done: list[tuple[Any, Any]]) -> bool:
    """Whether one of a person's acts has them by name, or as the narration's "I"."""
    return any(view.token_kind[tok.i] == "name" or tok.lower_ in {"i", "we"} for _verb, tok in done)


def _departure(view: ChapterView, vote: Vote, acts: dict[str, list[tuple[Any, Any]]],
               votes: list[Vote]) -> bool:
    """Whether a move leaves the scene rather than sets it: a journey only begun for the
    place ("when he set out for Bath again, there was a general expectation …": nobody is
    in Bath yet), or a lone move after which the mover acts no more, from a scene someone
    else has acted in before it ("Clara was waiting at the gate … Daniel went back down to
    Hollin before dark, and Clara stood at the gate": the scene stays at the gate). A place
    others move to as well is where the scene goes ("Mara and Tomas walked down to the
    Lantern Inn … Aldous and Harriet Finch followed them to the Lantern Inn"). The mover's
    own place is the movement's to say."""
    move = vote[3]
    if not isinstance(move, StateDelta):
        return False
    if _setting_out(view, move):
        return True
    if any(tok.idx >= move.evidence.end for _verb, tok in acts.get(move.subject, ())):
        return False
    if any(isinstance(v[3], StateDelta) and v[3].subject != move.subject and v[1] == vote[1]
           for v in votes):
        return False
    return any(tok.idx < move.evidence.start for who, done in acts.items()
               if who != move.subject for _verb, tok in done)


def _setting_out(view: ChapterView, move: StateDelta) -> bool:
    """A move whose place is where a journey is bound "for": "set out for Bath"."""
    place = _place_token(view, move)
    return place is not None and place.dep_ == "pobj" and place.head.lower_ == "for"


def _place_token(view: ChapterView, move: StateDelta) -> Any | None:
    """The last word of the move's evidence that names its place (a name, or a noun for it)."""
    places = [tok for tok in view.tokens_between(move.evidence.start, move.evidence.end)
              if view.key(tok) == move.object
              or (tok.pos_ == "NOUN" and place_of(view, tok) == move.object)]
    return places[-1] if places else None


def _presence(view: ChapterView, who: str, place: str, said: Any) -> StateDelta:
    if isinstance(said, StateDelta):
        evidence = said.evidence.model_copy(update={"rule": f"state_deltas.{RULE}",
                                                    "confidence": CONFIDENCE})
        return StateDelta(kind="arrived_at", subject=who, object=place, evidence=evidence)
    verb = said  # the place's noun: the verb it hangs on ("sat at X", "reached X")
    while verb.pos_ not in {"VERB", "AUX"} and verb.head.i != verb.i:
        verb = verb.head
    return delta(view, verb, "arrived_at", who, place, [said, verb], RULE, CONFIDENCE)


def place_votes(view: ChapterView, start: int, end: int, deltas: list[StateDelta],
                actors: set[str] | None = None) -> list[Vote]:
    """What sets the scene at a place, where in the text, how strongly, and the token or
    delta that says it. A move sets the scene only when its mover acts in the scene (one of
    `actors`, when given): "that Estella was in Paris", told to Pip at Satis House, takes
    nobody there; and only when it is told in the scene's now: "he had followed them
    purposely to town", in a letter read at Longbourn, sets no scene in London."""
    votes: list[Vote] = []
    for tok in view.tokens_between(start, end):
        if view.in_quote(tok) or view.is_markup(tok) or view.token_kind[tok.i] != "name":
            continue
        key = view.key(tok)
        if key is None or view.type_of(key) != "location" or tok.dep_ != "pobj" \
                or tok.head.lower_ not in AT_PREPS or not _here_and_now(view, tok.head.head):
            continue
        if tok.i > 0 and view.key(view.doc[tok.i - 1]) == key:
            continue  # one vote per mention of a place of several words
        votes.append((tok.idx, key, MOVE_VOTES if _opens_scene(tok.head.head) else 1, tok))
    votes += _party_moves(view, start, end)
    # "we went back to Barnard's Inn" moves Pip and Herbert (`movement.company`) by one word:
    # one statement, one vote
    told: set[tuple[int, str]] = set()
    for d in deltas:
        if d.kind in ARRIVALS and d.object and start <= d.evidence.start < end \
                and view.type_of(d.object) == "location" \
                and not view.char_in_quote(d.evidence.start) \
                and (actors is None or d.subject in actors) and not _told_before(view, d) \
                and (d.evidence.start, d.object) not in told:
            told.add((d.evidence.start, d.object))
            votes.append((d.evidence.start, d.object, 1 if _escort(view, d) else MOVE_VOTES, d))
    return sorted(votes, key=lambda v: v[0])


# Whom a move takes somewhere, by pronoun; not "me" or "us": where the teller is taken, the
# telling goes ("He conducted us to Gerrard Street, Soho").
PERSONS_TAKEN = frozenset({"him", "her", "them"})


def _escort(view: ChapterView, d: StateDelta) -> bool:
    """Whether the move takes someone somewhere ("I took him round to Essex Street, and saw
    him safely in at his own dark door", Great Expectations, chapter 41): the one taken
    stays, the one who takes may come away, and the scene need not stay where they went.
    One vote, as for a place said once."""
    return any(v.lemma_.lower() in ESCORT_VERBS and v.pos_ == "VERB" and any(
        c.dep_ == "dobj" and (view.characters(c) or c.lower_ in PERSONS_TAKEN) for c in v.children)
        for v in view.tokens_between(d.evidence.start, d.evidence.end))


def _opens_scene(verb: Any) -> bool:
    """An "at X" that says the scene is there in so many words: "The next day opened a new
    scene at Longbourn" is as decisive as a move."""
    return any(c.dep_ in {"dobj", "nsubj", "attr"} and c.lemma_.lower() == "scene"
               for c in verb.children)


PARTY_PRONOUNS = frozenset({"they"})
# "The whole party returned to Hartfield"; "the ladies went to Netherfield" (in the plural).
PARTY_NOUNS = frozenset({"party", "family", "company"})
PARTY_PLURALS = frozenset({"lady", "gentleman", "girl", "sister"})


def _party_moves(view: ChapterView, start: int, end: int) -> list[Vote]:
    """A move of a party the narration calls only "they" ("They returned, therefore, in good
    spirits to Longbourn", "They travelled as expeditiously as possible; and … reached
    Longbourn by dinnertime"): nobody is placed by it, but the scene goes where they go."""
    votes: list[Vote] = []
    for verb in view.tokens_between(start, end):
        lemma = verb.lemma_.lower()
        if verb.pos_ != "VERB" or lemma not in MOVE_VERBS | ARRIVE_VERBS or view.in_quote(verb):
            continue
        subjects = view.subjects(verb)
        if not subjects or any(not _party(view, s) for s in subjects):
            continue
        if not main_clause(verb) or not _here_and_now(view, verb):
            continue
        reached = [("to", o) for o in view.objects(verb)] if lemma in ARRIVE_VERBS else []
        for prep, noun in [*motion_preps(view, verb), *reached]:
            if prep in {"to", "into"} or (prep in AT_PREPS and lemma in ARRIVE_VERBS):
                place = place_of(view, noun)
                if place is not None and view.type_of(place) == "location":
                    votes.append((noun.idx, place, MOVE_VOTES, noun))
                    break
    return votes


def _party(view: ChapterView, tok: Any) -> bool:
    """A party nobody is named in: "they" the resolver left alone, "the whole party", "the
    ladies" (not "her sisters": someone's kin are people the resolver may know)."""
    if view.characters(tok):
        return False
    if tok.lower_ in PARTY_PRONOUNS:
        return True
    lemma = tok.lemma_.lower()
    return tok.pos_ == "NOUN" and (lemma in PARTY_NOUNS or (lemma in PARTY_PLURALS and tok.tag_ == "NNS")) \
        and any(c.dep_ == "det" and c.lower_ == "the" for c in tok.children)


def _told_before(view: ChapterView, move: StateDelta) -> bool:
    """Whether the verb that takes a move to its place is told in a past perfect or with a
    modal ("had followed them to town"; not "had returned to a late dinner, and now walked up
    to Hartfield", whose "walked" is the scene's now)."""
    verb = _place_token(view, move)
    if verb is None:
        return False
    while verb.pos_ not in {"VERB", "AUX"} and verb.head.i != verb.i:
        verb = verb.head
    return another_time(verb)


def decisive(votes: list[Vote]) -> str | None:
    """The place the votes set the scene at, if one leads decisively, else None."""
    counts: Counter[str] = Counter()
    for _at, place, n, _said in votes:
        counts[place] += n
    ranked = counts.most_common(2)
    if not ranked or ranked[0][1] < MIN_VOTES:
        return None
    if len(ranked) > 1 and ranked[0][1] < LEAD * ranked[1][1]:
        return None
    return ranked[0][0]


def _here_and_now(view: ChapterView, verb: Any) -> bool:
    """Whether an "at X" hangs on a finite verb of the scene's now: "sat at Netherfield", "a
    new scene opened at Longbourn"; not "a brother settled in London" (a participle of
    someone's circumstances), "an estate in Derbyshire", "had been at Netherfield"."""
    finite = verb.tag_ in FINITE_TAGS or any(  # "was held at Brackley"
        c.dep_ in {"aux", "auxpass"} and c.tag_ in FINITE_TAGS for c in verb.children)
    # "the lady with whom she lived in London": where someone lives, not where the scene is
    described = verb.lemma_.lower() in LIVE_VERBS
    return verb.pos_ in {"VERB", "AUX"} and finite and not described and not another_time(verb) \
        and view.verdict(verb).asserted


def scene_acts(view: ChapterView, start: int, end: int) -> dict[str, list[tuple[Any, Any]]]:
    """Each person's acts in the scene's narration, in order (verb and subject). An act is a
    main clause's verb (not "the visits he paid", "when Mrs. Bates returned the visit") and
    not a copula: "Mr. Weston was a man of unexceptionable character" describes him, it puts
    him nowhere."""
    found: dict[str, list[tuple[Any, Any]]] = {}
    for verb in view.tokens_between(start, end):
        if verb.pos_ not in {"VERB", "AUX"} or view.in_quote(verb) or view.is_markup(verb):
            continue
        if verb.lemma_.lower() in STATES or not main_clause(verb):
            continue
        if another_time(verb) or not view.verdict(verb).asserted:
            continue
        for tok in (*view.subjects(verb), *_found_there(view, verb)):
            if view.in_quote(tok) or view.token_kind[tok.i] not in ("name", "pronoun"):
                continue
            who = view.character(tok)
            if who is not None:
                found.setdefault(who, []).append((verb, tok))
    return found


def _found_there(view: ChapterView, verb: Any) -> list[Any]:
    """Whom the scene's finder finds as they are, by name: "I found Provis comfortably
    settled" (the subject of the clause "find" takes) is there too. Not a finding out
    ("found that Estella was in Paris", "found Estella was in Paris"), nor a pronoun."""
    if verb.lemma_.lower() != "find":
        return []
    return [s for c in verb.children if c.dep_ == "ccomp" and c.lemma_ != "be" and not any(
        m.dep_ == "mark" for m in c.children) for s in view.subjects(c)
        if view.token_kind[s.i] == "name"]


def _in_text_order(deltas: list[StateDelta], added: list[StateDelta]) -> list[StateDelta]:
    """`added` merged into `deltas`, each after the last delta that starts no later."""
    out = list(deltas)
    for item in sorted(added, key=lambda d: d.evidence.start):
        at = len(out)
        while at > 0 and out[at - 1].evidence.start > item.evidence.start:
            at -= 1
        out.insert(at, item)
    return out
