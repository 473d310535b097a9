"""possession: an object used by someone other than its holder, after it was lost or destroyed,
or back in the scene.

A comparator over the draft's claims: the extractor's events and deltas, and its records of
objects in the narration's now (`ObjectUse`: handled, on someone, present, found, handed on),
of things handed on, taken or lost (`ObjectFate`), of nouns with the words that tell them
apart (`NounPhrase`) and of names (`NameMention`); and over the earlier chapters' records
(`claims.earlier`): their fates and their nouns of a kind (`NounOfKind`, "the drawer key").
The check reads no prose. Who holds the object comes from the world at the cap (a FAIL); when
the world has no object entity for it, from the last earlier fate that hands, takes or loses
that same object ("Tomas gave the silver compass to Ivo", "The brass key was lost"), a WARN.

A FAIL is kept only when the reading is sure: a user known only by a pronoun while the holder is
named in the chapter, a bare "the ledger" in a chapter that also has "her own ledger" or "the inn
ledger", and "a long brass key" for the lost brass key are WARNs. An object the world knows
only by one common word ("the letter", "the key", "his pipe") is checked against nobody: an
earlier chapter's letter is not this one; a bare kind ("the candle" for the bare candle) is
checked against a holding or a loss of the last few chapters only (`RECENT_CHAPTERS`). A lost
object back in the scene is a FAIL for its full name; a held object lying in a scene its
holder is nowhere in is a WARN (it may have been lent off the page).
"""

from __future__ import annotations

import bisect
import uuid
from dataclasses import dataclass, replace
from typing import Any, Literal

from rapidfuzz import fuzz, process

from continuum.language.names import PRONOUNS, normalize
from continuum.language.prose import present
from continuum.pipeline.critic.claims import DraftClaims, same_person
from continuum.pipeline.critic.outcome import Finding, overlaps_any
from continuum.pipeline.extract.heuristic.passes.object_uses import NOT_OBJECT as _NOT_OBJECT
from continuum.pipeline.extract.schema import Evidence as Said
from continuum.pipeline.extract.schema import (
    NameMention,
    NounOfKind,
    NounPhrase,
    ObjectFate,
    ObjectUse,
    Referent,
)
from continuum.pipeline.materialize.replay import LOSSES
from continuum.reads.world_state import Evidence, Gone, WorldState

NAME = "possession"
USE_DELTAS = LOSSES  # the delta kinds of a thing gone from its holder: "gave", "lost", "destroyed"


# How many chapters back a holding or a loss still tells which object a draft's bare kind
# ("the letter" for the sealed letter) means; the eight novels' false alarms lie 7 to 16
# chapters back, the draft sets' slips 1 to 3.
RECENT_CHAPTERS = 5


@dataclass(frozen=True)
class Use:
    """A draft sentence in which a character uses an object."""

    user: uuid.UUID
    phrase: str
    verb: str
    start: int
    end: int
    quote: str
    source: str | None = None
    by_pronoun: bool = False
    vague: bool = False


def check(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """Uses of an object in the draft that contradict who holds it (or that it is gone)."""
    findings: list[Finding] = []
    seen: set[tuple[uuid.UUID, str]] = set()
    for use in _extracted_uses(claims) + _handled(claims):
        key = (use.user, normalize(use.phrase))
        if key in seen or _moved_here_first(claims, use):
            continue
        thing = claims.bind(use.phrase, "object")
        if thing is not None and (thing in world.gone_objects or thing in world.holders):
            finding = _against_world(claims, world, use, thing)
        elif _specific(use.phrase):
            finding = _against_earlier(claims, use)
        else:
            finding = None
        if finding is not None and thing is not None and finding.evidence_chapter is not None \
                and _bare_kind(claims, use, claims.name_of(thing)) \
                and world.cap - finding.evidence_chapter >= RECENT_CHAPTERS:
            # "the candle" fifteen chapters after Miss Havisham's bare candle (Great
            # Expectations): a kind named long after is not that very object
            finding = None
        if finding is not None and finding.severity == "FAIL":
            doubt = _doubt(claims, world, use, thing)
            if doubt:
                finding = replace(finding, severity="WARN", message=f"{finding.message} ({doubt})")
        if finding is not None:
            seen.add(key)
            findings.append(finding)
    for finding in _reappearances(claims, world):
        if finding.draft_start is None or finding.draft_end is None or \
                not overlaps_any(findings, finding.draft_start, finding.draft_end):
            findings.append(finding)
    findings += _newcomers(claims, world, findings)
    return findings + _in_scene(claims, world, findings)


_WORDS = "object_uses.words"  # the rule of a use read from the words, not the parse


def _finding(severity: Literal["FAIL", "WARN"], message: str, at: Use | Said, since: Evidence) -> Finding:
    """A finding at a draft sentence, against the earlier evidence."""
    return Finding(check=NAME, severity=severity, message=message, draft_start=at.start, draft_end=at.end,
                   draft_quote=at.quote, evidence_chapter=since.chapter, evidence_quote=since.quote)


def _back(name: str, verb: str, gone: Gone, at: Said, doubt: str | None,
          severity: Literal["FAIL", "WARN"]) -> Finding:
    """A lost object here again: "the brass key is here (lay), but it was lost in chapter 6"."""
    message = f"the {name} is here ({verb}), but it was {gone.how} in chapter {gone.evidence.chapter}"
    return _finding(severity, message + (f" ({doubt})" if doubt else ""), at, gone.evidence)


def _records(claims: DraftClaims, *how: str) -> list[ObjectUse]:
    return [u for u in claims.extraction.object_uses if u.how in how]


def _who(claims: DraftClaims, ref: Referent | None) -> uuid.UUID | None:
    """The established person a subject stands for (`DraftClaims.who`), or the name after the
    words before it that name nobody ("Then Aldous", "At last Mara")."""
    if ref is None:
        return None
    who = claims.who(ref)
    surface, at = ref.text, ref.start
    while who is None and ref.proper and len(surface.split()) > 1:
        cut = surface.split(None, 1)
        at += len(surface) - len(cut[1])
        surface = cut[1]
        who = claims.person(surface, at)
    return who


def object_phrase(claims: DraftClaims, use: ObjectUse) -> str | None:
    """The established object a record's noun phrase names ("the silver compass", "Jonah's
    ledger" for the Guild ledger, a "long brass key"): the longest form that binds, as the
    draft writes it; None for "his room key" beside the brass key. A phrase read from the
    words ("the silver compass" after "Tomas took") is taken as written."""
    if use.evidence.rule == _WORDS:
        return " ".join(use.words)
    mods, noun = use.words[:-1], use.words[-1]
    for i in range(len(mods) + 1):
        phrase = " ".join([*mods[i:], noun])
        thing = claims.bind(phrase, "object")
        if thing is None:
            continue
        name = set(normalize(claims.name_of(thing)).split())
        if any(m.lower() in use.nominal and m.lower() not in name for m in mods[:i]):
            return None  # "his room key", "the iron key": a key, but not the brass key
        return phrase
    return None


def _newcomers(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """Someone the world has never met ("Kemp ... took out the Guild ledger") handling an
    object another person holds, or one that is gone, with no hand-over in the draft: a
    WARN (the draft may mean a new keeper the chapters have not shown)."""
    findings: list[Finding] = []
    for record in _records(claims, "handled"):
        if record.instrument or record.evidence.rule == _WORDS:
            continue
        stranger = _stranger(claims, record.user)
        phrase = object_phrase(claims, record) if stranger else None
        thing = claims.bind(phrase, "object") if phrase else None
        if thing is None or not (thing in world.holders or thing in world.gone_objects):
            continue
        if not _names_one(claims.name_of(thing)):
            continue  # "pulled out the letter" (Wuthering Heights): one word names no one object
        if record.determiner != "the" or record.possessor is not None or \
                normalize(phrase or "") != normalize(claims.name_of(thing)):
            continue  # "his new ledger", "a gold watch", "the ledger": maybe another of its kind
        sent = record.evidence
        use = Use(thing, phrase or "", record.verb, sent.start, sent.end, sent.quote)
        if _moved_here_first(claims, use) or overlaps_any(found + findings, sent.start, sent.end):
            continue
        if thing in world.gone_objects:
            gone = world.gone_objects[thing]
            since = gone.evidence
            state = f"it was {gone.how} in chapter {since.chapter}"
        else:
            held = world.holders[thing]
            since = held.evidence
            state = f"{claims.name_of(held.owner)} holds it since chapter {since.chapter}"
        findings.append(_finding("WARN", f"{stranger}, new in this chapter, {present(record.verb)} "
                                         f"{claims.name_of(thing)}, but {state}", sent, since))
    return findings


def _stranger(claims: DraftClaims, subject: Referent | None) -> str | None:
    """The name of a person new to the world whom a subject names (a proper name, or a
    pronoun the extractor resolved to one): None for anyone established or unnamed."""
    if subject is None or _who(claims, subject) is not None:
        return None
    name = claims.resolved_at(subject.start)
    if name is None and subject.proper:
        name = subject.text
    if not name or normalize(name) in PRONOUNS or not name[:1].isupper():
        return None
    if any(claims.bind(name, t) is not None for t in ("character", "object", "location", "faction", None)):
        return None
    return name


def _reappearances(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """A lost or destroyed object back in the story's present: "there, at the back of the
    drawer, lay the brass key", "she found the brass key under the receipts". FAIL for the
    object's full name; a bare or indefinite mention ("the key", "a long brass key") or a
    remembered scene is a WARN."""
    if not world.gone_objects:
        return []
    findings: list[Finding] = []
    done: set[uuid.UUID] = set()
    for record in _records(claims, "present", "found"):
        if record.how == "present" and (not record.resting or record.evidence.rule == "object_uses.named"):
            continue
        phrase = object_phrase(claims, record)
        thing = claims.bind(phrase, "object") if phrase is not None else None
        if phrase is None or thing is None or thing not in world.gone_objects or thing in done:
            continue
        if record.how == "present" and record.where_lost:
            continue  # "the brass key lay in the harbour mud": where it was lost
        det = record.determiner or "the"
        sentence = record.evidence
        if det in INDEFINITE and not _described(claims, sentence.start, sentence.end, phrase):
            continue  # "she found a key": any key
        name = claims.name_of(thing)
        gone = world.gone_objects[thing]
        doubt = None
        if det in INDEFINITE or len(phrase.split()) < len(name.split()):
            said = f"{record.determiner} {phrase}" if record.determiner else phrase
            doubt = f"the chapter says only \"{said}\", not that it is the same one"
        elif record.remembered:
            doubt = "the paragraph may be a memory"
        done.add(thing)
        findings.append(_back(name, record.verb_text.lower(), gone, sentence, doubt,
                              "WARN" if doubt or not _specific(name) else "FAIL"))
    return findings


def _in_scene(claims: DraftClaims, world: WorldState, taken: list[Finding]) -> list[Finding]:
    """An object the narration makes present through any verb ("the brass key on its string
    knocked against her collarbone", "on the corner of the desk lay the silver compass"),
    named in full: lost, it is back (FAIL; WARN when the paragraph may be a memory); held, it
    lies or hangs in a scene its holder is nowhere in (WARN), naming whose place it is when
    the sentence says so ("Aldous's desk")."""
    tracked = set(world.gone_objects) | set(world.holders)
    if not tracked:
        return []
    present_now: list[tuple[int, uuid.UUID, ObjectUse]] = []
    for record in _records(claims, "present"):
        if record.evidence.rule == "object_uses.named":
            thing = claims.bind(" ".join(record.words), "object")
        else:
            phrase = object_phrase(claims, record)
            thing = claims.bind(phrase, "object") if phrase is not None and \
                (record.determiner or "the") not in INDEFINITE else None
            if phrase is None or thing is None or \
                    not len(phrase.split()) >= len(claims.name_of(thing).split()) >= 2:
                continue  # "the silver compass", not "the compass"
        if thing is not None and thing in tracked:
            present_now.append((record.start, thing, record))
    findings: list[Finding] = []
    done: set[uuid.UUID] = set()
    for _start, thing, record in sorted(present_now, key=lambda item: item[0]):
        sentence = record.evidence
        if thing in done or overlaps_any(taken + findings, sentence.start, sentence.end):
            continue
        name = claims.name_of(thing)
        if thing in world.gone_objects:
            if record.resting and record.where_lost:
                continue  # "the brass key lay in the harbour mud": where it was lost
            gone = world.gone_objects[thing]
            doubt = "the paragraph may be a memory" if record.remembered else None
            findings.append(_back(name, record.verb_text, gone, sentence, doubt, "WARN" if doubt else "FAIL"))
        elif thing in world.holders and record.resting:
            held = world.holders[thing]
            owner, since = held.owner, held.evidence
            if _in_draft(claims, owner):
                continue  # the holder is in the scene: it may be theirs to put down
            other = _someone_else(claims, owner, sentence.start, sentence.end)
            findings.append(_finding(
                "WARN", f"the {name} is here ({record.verb_text}"
                        + (f", with {claims.name_of(other)}" if other is not None else "")
                        + f"), but {claims.name_of(owner)} holds it since chapter {since.chapter} "
                          f"and is not in this chapter", sentence, since))
        else:
            continue
        done.add(thing)
    return findings


def _in_draft(claims: DraftClaims, person: uuid.UUID) -> bool:
    """The person is named (or resolved by the extractor) anywhere in the draft."""
    name = claims.name_of(person)
    if any(claims.person(n) == person for _s, _e, n in claims.spans):
        return True
    if any(claims.person(e.name) == person or same_person(e.name, name)
           for e in claims.extraction.new_entities if e.type == "character"):
        return True
    return any(claims.person(n.text) == person for n in claims.extraction.names)


def _someone_else(claims: DraftClaims, owner: uuid.UUID, start: int, end: int) -> uuid.UUID | None:
    """A person the sentence ties the object's place to ("Aldous's desk", "where Aldous had
    left it"), other than the holder."""
    for n in _names_in(claims, start, end):
        who = claims.person(n.text.removesuffix("'s").removesuffix("’s"), n.start)
        if who is not None and who != owner and claims.roster.entries[who].type == "character":
            return who
    return None


def _names_in(claims: DraftClaims, start: int, end: int) -> list[NameMention]:
    """The names the extractor read that end inside a stretch of the draft, each cut to its
    words inside it ("Mara" of "Then Mara" for a stretch from "Mara lifted ...")."""
    out = []
    for n in claims.extraction.names:
        if not start < n.start + len(n.text) <= end:
            continue
        text, at = n.text, n.start
        while at < start and len(text.split()) > 1:
            rest = text.split(None, 1)[1]
            at, text = at + len(text) - len(rest), rest
        if at >= start:
            out.append(n.model_copy(update={"text": text, "start": at}))
    return out


def _bare_kind(claims: DraftClaims, use: Use, name: str) -> bool:
    """The draft's sentence names only a kind of the object: "the candle" for the "bare
    candle" (its whole name is nowhere in the sentence)."""
    words = normalize(name).split()
    return not any(_ends_with(p, words) for p in _phrases(claims, None, use.start, use.end))


def _phrases(claims: DraftClaims, head: str | None = None, start: int = 0,
             end: int | None = None) -> list[NounPhrase]:
    """The extractor's noun phrases whose noun is in a stretch of the draft (of one noun)."""
    return [p for p in claims.extraction.noun_phrases if start <= p.start and (end is None or p.start < end)
            and (head is None or p.head.lower() == head)]


def _ends_with(phrase: NounPhrase, words: list[str]) -> bool:
    """The phrase's noun and the words before it are these words ("brass key")."""
    if not words or phrase.head.lower() != words[-1]:
        return False
    mods = words[:-1]
    return len(phrase.before) >= len(mods) and \
        [normalize(w) for w in phrase.before[len(phrase.before) - len(mods):]] == mods


def _rest(phrase: NounPhrase, words: list[str]) -> list[str]:
    """The words before a phrase that ends with these words."""
    return phrase.before[:len(phrase.before) - (len(words) - 1)]


def _doubt(claims: DraftClaims, world: WorldState, use: Use, thing: uuid.UUID | None) -> str | None:
    """Why a holder contradiction may be a misreading (then it is only a WARN): the user is
    only a pronoun while the holder is named in the draft, or one the narration around it
    does not make plain (`_plainly`), or the draft also has another object of that kind
    ("her own ledger", "the inn ledger") and names this one barely."""
    if thing is None:
        return None
    if use.vague:
        return f"the chapter says only \"{use.phrase}\", not that it is the same one"
    apart = _told_apart(claims, use)
    if apart:
        return f"the chapter tells this {use.phrase} apart ({apart}), so it may be another one"
    if thing in world.holders and thing not in world.gone_objects and use.by_pronoun:
        owner = claims.name_of(world.holders[thing].owner)
        if _named_before(claims, owner, use.start):
            return f"the user is only a pronoun and {owner} is named in this chapter"
        if not _plainly(claims, use):
            # "And he calmly held letter and envelope in the flame" (Dracula, chapter 4: the
            # Count, read as Mr. Hawkins, named only in his speech): the resolver's guess
            return "the user is only a pronoun, and the narration just before does not name them alone"
    other = _other_kind(claims, claims.name_of(thing), use)
    if other:
        return f"this chapter also has {other!r}, so the {use.phrase} may be another one"
    return None


def _plainly(claims: DraftClaims, use: Use) -> bool:
    """Whether a pronoun user is plain from the narration: the user is the one person it
    names in the use's sentence and the two before ("Mara sat by the fire and read. The
    Guild ledger lay open on her knees"), outside quotation marks."""
    starts = claims.extraction.sentence_starts
    at = bisect.bisect_right(starts, use.start)
    start = starts[at - 3] if at >= 3 else 0
    named = {claims.person(n.text, n.start) for n in _names_in(claims, start, use.start) if not n.in_speech}
    return named - {None} == {use.user}


def _told_apart(claims: DraftClaims, use: Use) -> str | None:
    """A word or a clause on the object's noun in the use's sentence that the world's object
    does not carry: "the little brass key", "the brass key she kept on her chatelaine"."""
    head = use.phrase.split()[-1].lower()
    for record in claims.extraction.object_uses:
        if not use.start <= record.start < use.end or record.words[-1].lower() != head or \
                record.how == "handed":
            continue
        extra = [a for a in record.adjectives if a.lower() not in use.phrase.lower().split()]
        if extra:
            return " ".join(extra)
        if record.clause is not None:
            return record.clause
    return None


def _named_before(claims: DraftClaims, name: str, start: int) -> bool:
    """The draft names the person (any name the world knows for them) before an offset."""
    target = claims.person(name)
    return any(claims.person(n.text) == target or same_person(n.text, name)
               for n in _names_in(claims, 0, start))


def _other_kind(claims: DraftClaims, name: str, use: Use) -> str | None:
    """Another object with the same head noun in the draft: "her own ledger", or the head
    with a modifier the established name lacks ("inn ledger" beside "Guild ledger")."""
    words = normalize(name).split()
    head = words[-1] if words else ""
    used = normalize(use.phrase).split()
    if not head or used[-1:] != [head]:
        return None
    if len(used) > 1 and used[:-1] != words[:-1] and len(words) > 1:
        return use.phrase
    phrases = _phrases(claims, head)
    own = next((p.own for p in phrases if p.own), None)
    if own or len(used) > 1 or len(words) < 2:
        return own
    return next((f"the {p.kind} {p.head}" for p in phrases
                 if p.head == head and p.kind and _unlike(p.kind, words)), None)


def _unlike(kind: str, words: list[str]) -> bool:
    """A modifier the object's name lacks that makes another thing ("inn", not "old")."""
    mod = kind.lower()
    return mod not in words and mod not in _NOT_OBJECT and not mod.endswith("ly")


def _extracted_uses(claims: DraftClaims) -> list[Use]:
    uses = []
    items: list[tuple[str | None, str | None, Any, str]] = [
        (d.subject, d.object, d.evidence, d.kind) for d in claims.extraction.state_deltas
             if d.kind in USE_DELTAS]
    items += [(e.subject, e.object, e.evidence, e.verb) for e in claims.extraction.events
              if e.type in ("possession", "other", "movement", "conflict", "communication")]
    for subject, obj, evidence, verb in items:
        user = claims.bind(subject, "character")
        if user is None or not obj or claims.bind(obj, "object") is None:
            continue
        if _modifies_next(claims, evidence.start, evidence.end, obj):
            continue  # "drew the compass rose": another thing
        vague = not _definite(claims, evidence.start, evidence.end, obj)
        if vague and not _described(claims, evidence.start, evidence.end, obj):
            continue  # "packed him a basket": another basket than the one in the world
        # a bare head noun ("put the key on his watch chain") may be any key, not the brass key,
        # when the story has other things of that kind ("the drawer key", "the key of the box")
        thing = claims.bind(obj, "object")
        bare = thing is not None and len(normalize(obj).split()) < len(
            normalize(claims.name_of(thing)).split()) and _other_kinds(claims, claims.name_of(thing))
        uses.append(Use(user, obj, verb, evidence.start, evidence.end, evidence.quote,
                        by_pronoun=not _names(claims, evidence.start, evidence.end, user),
                        vague=vague or bare))
    return uses


def _modifies_next(claims: DraftClaims, start: int, end: int, obj: str) -> bool:
    """The object's head noun modifies the next noun in the sentence ("the compass rose", "the
    key ring"): another thing."""
    starts = claims.extraction.sentence_starts
    after = bisect.bisect_right(starts, start)
    stop = min(end + 60, starts[after] if after < len(starts) else end + 60)
    head = (normalize(obj).split() or [""])[-1]
    return any(p.modifies_next for p in _phrases(claims, head, start, stop))


def _other_kinds(claims: DraftClaims, name: str) -> bool:
    """The draft or an earlier chapter has another thing with the object's head noun: "the
    drawer key", "its key", "the key of the box" beside "the brass key" (not "the compass",
    when the silver compass is the story's only compass)."""
    words = normalize(name).split()
    if len(words) < 2:
        return False
    head = words[-1]
    earlier = [noun for _n, noun in claims.earlier.each("nouns_of_kind") if noun.head == head]
    return any(_another_of_kind(p, words) for p in [*_phrases(claims, head), *earlier])


def _another_of_kind(phrase: NounPhrase | NounOfKind, words: list[str]) -> bool:
    """"the drawer key" (a modifier the name lacks), "its key", "the key of the box"."""
    if phrase.kind:
        return _unlike(phrase.kind, words)
    return isinstance(phrase, NounOfKind) or phrase.its or phrase.complement


def _described(claims: DraftClaims, start: int, end: int, obj: str) -> bool:
    """An indefinite mention that still gives the established object's full description
    ("a long brass key" for "the brass key"): maybe the same object."""
    thing = claims.bind(obj, "object")
    if thing is None:
        return False
    words = normalize(claims.name_of(thing)).split()
    if len(words) < 2:
        return False
    for p in _phrases(claims, words[-1], start, end):
        rest = [w.lower() for w in _rest(p, words)] if _ends_with(p, words) else []
        if rest[-1:] in (["a"], ["an"]) or (rest[-2:-1] in (["a"], ["an"]) and rest[-1].isascii()
                                            and rest[-1].isalpha()):
            return True
    return False


def _names(claims: DraftClaims, start: int, end: int, person: uuid.UUID) -> bool:
    """The stretch names the person (not only a pronoun for them)."""
    return any(claims.person(n.text) == person for n in _names_in(claims, start, end))


# How close a noun must be to a word of an object's name to be tried against the names: well
# under the resolver's own bar for a whole name, so no misspelling it accepts is skipped.
NEAR_WORD = 75.0


def _handled(claims: DraftClaims) -> list[Use]:
    """The extractor's records of an established object handled in the narration's now ("Tomas
    turned the silver compass over", "he held a long brass key"), or lying on someone's hands,
    lap or knees ("Jonah's ledger lay open on her knees"), by a person the world knows."""
    uses: list[Use] = []
    words = claims.object_words
    if not words:
        return uses
    near: dict[str, bool] = {}
    for record in _records(claims, "handled", "on_person"):
        word = record.words[-1].lower()
        if word not in near:  # a misspelt "compas" may still bind the compass
            near[word] = word in words or process.extractOne(
                word, words, scorer=fuzz.ratio, score_cutoff=NEAR_WORD) is not None
        if not near[word] and record.evidence.rule != _WORDS:
            continue
        phrase = object_phrase(claims, record)
        person = _who(claims, record.user)
        if phrase is None or person is None or record.user is None:
            continue
        sent = record.evidence
        det = record.determiner or "the"
        if det in INDEFINITE and not _described(claims, sent.start, sent.end, phrase):
            continue  # "with a basket of bread": another basket than the one in the world
        own = record.possessor is not None and _who(claims, record.possessor) == person  # "her ledger"
        thing = claims.bind(phrase, "object")
        bare = thing is not None and len(phrase.split()) < len(claims.name_of(thing).split())
        action = record.verb if record.how == "handled" else "hold"
        uses.append(Use(person, phrase, action, sent.start, sent.end, sent.quote, record.source,
                        by_pronoun=record.user.pronoun, vague=det in INDEFINITE or own or bare))
    return uses


def _definite(claims: DraftClaims, start: int, end: int, obj: str) -> bool:
    """The draft refers to that very object: "the brass key" / "his compass", not "a key"."""
    words = normalize(obj).split()
    if not words:
        return False
    for p in _phrases(claims, words[-1], start, end):
        rest = _rest(p, words) if _ends_with(p, words) else []
        if len(rest) >= 2 and _word(rest[-2]) and _word(rest[-1], "-"):
            det, mod = rest[-2], rest[-1]
        elif rest and _word(rest[-1]):
            det, mod = rest[-1], ""
        else:
            continue
        return not {det.lower(), mod.lower()} & INDEFINITE
    return False


def _word(word: str, also: str = "") -> bool:
    """Letters, digits and underscores (and the characters of `also`) only."""
    return all(c.isalnum() or c == "_" or c in also for c in word)


INDEFINITE = {"a", "an", "another", "some", "one", "any", "every", "each", "no"}
"""Determiners of a noun that may be any such thing, not an established one."""


def _names_one(name: str) -> bool:
    """An object's name that tells one object apart ("the silver compass", "the Guild
    Ledger"), not one common word of a kind ("the letter", "the lock")."""
    return _specific(name) or name[:1].isupper()


def _specific(phrase: str) -> bool:
    words = phrase.split()
    return len(words) >= 2 and words[0].lower() not in _NOT_OBJECT


def _against_world(claims: DraftClaims, world: WorldState, use: Use,
                   thing: uuid.UUID) -> Finding | None:
    name = claims.name_of(thing)
    if not _names_one(name):
        # "the letter", "the key", "his pipe": one word of a kind names no one object, and an
        # earlier chapter's letter is not this one (on the eight novels, 37 WARNs, none right)
        return None
    if thing in world.gone_objects:
        gone = world.gone_objects[thing]
        return _finding("FAIL", f"{claims.name_of(use.user)} {present(use.verb)} {claims.name_of(thing)}, "
                                f"which was {gone.how} in chapter {gone.evidence.chapter}",
                        use, gone.evidence)
    held = world.holders[thing]
    owner, since = held.owner, held.evidence
    if owner == use.user or same_person(claims.name_of(owner), claims.name_of(use.user)):
        return None
    if use.source and (claims.person(use.source) == owner or _holder_nearby(claims, use, owner)):
        return None  # taken from the holder here
    return _finding("FAIL", f"{claims.name_of(use.user)} {present(use.verb)} {claims.name_of(thing)}, but "
                            f"{claims.name_of(owner)} holds it since chapter {since.chapter}", use, since)


def _holder_nearby(claims: DraftClaims, use: Use, owner: uuid.UUID) -> bool:
    """"took the compass from him": a pronoun source standing for the holder, the last other
    person of that gender the draft mentions in this paragraph or the one before."""
    from continuum.pipeline.critic.recognisers.canon_subjects import gender

    source = normalize(use.source or "")
    if source not in ("him", "her"):
        return False
    wanted = "male" if source == "him" else "female"
    paras = claims.extraction.paragraph_starts
    at = bisect.bisect_right(paras, use.start)
    since = paras[at - 2] if at >= 2 else 0
    for start, _end, name in sorted(claims.spans, reverse=True):
        if not since <= start < use.start or normalize(name) in PRONOUNS:
            continue
        person = claims.person(name)
        if person is None or person == use.user or gender(claims, person) not in (wanted, "unknown"):
            continue
        return person == owner
    return False


def _against_earlier(claims: DraftClaims, use: Use) -> Finding | None:
    """The last earlier fate of this very object decides who has it (a WARN)."""
    last = _last_fate(claims, use.phrase)
    if last is None:
        return None
    chapter, fate = last
    user, mover = claims.name_of(use.user), _mover(fate)
    here = f"{user} has the {use.phrase} here ({use.verb}), but"
    if mover is None:  # lost
        message = f"{here} it was {fate.gone} in chapter {chapter}"
    else:
        holder = mover.text
        owner = claims.person(holder)
        if owner is None or owner == use.user or same_person(claims.name_of(owner), user) \
                or same_person(holder, user):
            return None
        if use.source and (claims.person(use.source) == owner or same_person(use.source, holder)):
            return None
        message = f"{here} chapter {chapter} last leaves it with {claims.name_of(owner)}"
    return _finding("WARN", message, use, Evidence(chapter, fate.evidence.quote))


def _last_fate(claims: DraftClaims, phrase: str) -> tuple[int, ObjectFate] | None:
    """The last loss, or hand-over or taking by someone named, of "the <phrase>" (as written)
    that the earlier chapters state, with its chapter."""
    found = None
    for chapter, fate in claims.earlier.each("object_fates"):
        mover = _mover(fate)
        if fate.determiner == "the" and _moves(fate, phrase) and _written(fate, phrase) and (
                fate.how == "gone" or (mover is not None and not mover.pronoun)):
            found = chapter, fate
    return found


def _mover(fate: ObjectFate) -> Referent | None:
    """Who has the thing after a hand-over (its receiver) or a taking (its taker)."""
    return fate.receiver if fate.how == "given" else fate.taker if fate.how == "taken" else None


def _written(fate: ObjectFate, phrase: str) -> bool:
    """The fate's words begin with the phrase as written ("silver compass", not "the silver
    compass" for the words of "the silver compass")."""
    words = phrase.lower().split()
    return [w.lower() for w in fate.words[:len(words)]] == words


def _moves(fate: ObjectFate, phrase: str) -> bool:
    """The fate's words name the phrase: all of them when its end is known, else its first."""
    words = normalize(phrase).split()
    said = [normalize(w) for w in fate.words]
    return said == words if fate.closed else said[:len(words)] == words


def _moved_here_first(claims: DraftClaims, use: Use) -> bool:
    """The draft itself hands the object over before this use."""
    return any(f.start < use.start and f.how in ("given", "recovered") and _moves(f, use.phrase)
               for f in claims.extraction.object_fates) or _handed_over(claims, use)


def _handed_over(claims: DraftClaims, use: Use) -> bool:
    """A hand-over of this object the extractor read before the use, whatever the wording: "He
    put it into her hand", "pressed the compass on her", "gave her the silver compass"."""
    head = use.phrase.split()[-1].lower()
    return any(record.start < use.start and record.words[-1] == head
               for record in _records(claims, "handed"))
