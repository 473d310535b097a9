"""Pronoun resolution: he/she/they to the most salient compatible character, the narration's
"I" to a first-person narrator (`narrator`), "I" in quotes to the speaker.

A salience list of recent mentions (names and already-resolved pronouns) is scanned
backwards; candidates must agree in gender and number, may not be a co-argument of the
pronoun ("Darcy saw him"), and are scored by sentence distance, subjecthood and whether
both sit in the same stretch of narration or speech; a speech tag's pronoun is never someone
its own quotation names ("'But Aunt Isabella was younger than papa,' she remarked" is not
Isabella), and a pronoun of the narration is never someone a quotation tagged with a speaker
of its sex only speaks of ('"… the lace upon Mrs. Hurst's gown----" Here she was
interrupted again': Mrs. Bennet, `_spoken_of`). Quotations are attributed to a
speaker through the dependency parse of the tag (`"...," said Elizabeth`, `she replied`);
a quote continued in the same paragraph keeps its speaker. A paragraph of dialogue that
answers one person the turn before called by name ("…, Eliza, and you know what
follows.") and names no speaker of its own is that person's (`_replies`): its untagged
quotations are theirs, and so is its tag's pronoun ("she added"). Two people talking take
turns: an untagged paragraph of quotation after A's turn and B's is A's (`_alternating`).
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from continuum.language.grammar import FINITE_TAGS, PAST_PERFECT
from continuum.language.people import KIN_NOUNS, person_noun_sex
from continuum.language.pronouns import FIRST_PERSON_SINGULAR
from continuum.language.quotes import inner_quote_regions
from continuum.language.speech import INVERTED_TAGS, SPEECH_VERBS
from continuum.pipeline.extract.heuristic.document import ResolvedMention
from continuum.pipeline.extract.heuristic.narrator import (
    NarratorFinding,
    find_narrator,
    is_vocative,
    narration_first_person,
)
from continuum.pipeline.extract.heuristic.nlp import doc_text

PRONOUN_GENDER = {
    **dict.fromkeys(("he", "him", "his", "himself"), "male"),
    **dict.fromkeys(("she", "her", "hers", "herself"), "female"),
    **dict.fromkeys(("they", "them", "their", "theirs", "themselves"), "plural"),
}
_SUBJECT = frozenset({"nsubj", "nsubjpass"})
OBJECT_DEPS = frozenset({"dobj", "obj"})
_CO_ARGUMENT = frozenset({"dobj", "pobj", "iobj", "dative", "attr", "nsubj"})
_WINDOW_SENTENCES = 4
SPOKEN_WEIGHT = 0.3  # a wholly spoken sentence, as distance for a pronoun of the narration
# A name a quotation speaks of, not to ("the lace upon Mrs. Hurst's gown", "I saw Jane"):
# whose it is, or the object of a verb or preposition; never a vocative ("Awfully, Mrs. Lennox").
SPOKEN_OF = frozenset({"poss", "pobj", "dobj"})
_WINDOW_ANCHORS = 40
_PARAGRAPH = re.compile(r"\n[ \t]*\n")
# The key of a person the narration speaks of by a noun alone ("the brown old seaman"), by
# sex: an antecedent a pronoun may take, which names nobody (`_unnamed_people`).
UNNAMED = {"male": "\0unnamed man", "female": "\0unnamed woman"}
_UNNAMED_KEYS = frozenset(UNNAMED.values())
_ARTICLES = frozenset({"the", "a", "an", "this", "that"})
_INDEFINITE = frozenset({"a", "an"})
_DESCRIBING = frozenset({"amod", "prep", "relcl", "acl"})  # "the old seaman", "the man in …"
_OBJECTS = frozenset({"dobj", "pobj", "attr"})


@dataclass(frozen=True)
class Anchor:
    """A mention on the salience list."""

    key: str
    tok: int
    sent: int
    subject: bool
    quote: int
    gloss: bool = False  # "His brother-in-law, Mr. Hurst": names someone's relative
    called: bool = False  # "Well, Mr. Knightley, and so you …": the one a quotation addresses


@dataclass(frozen=True)
class KeyedSpan:
    """A name mention already bound to an entity: its token span and key."""

    tok_start: int
    tok_end: int
    key: str


def token_quote_ids(doc: Any, regions: Sequence[tuple[int, int]]) -> list[int]:
    """For each token, 0 in narration or 1 + the index of the quote region it sits in."""
    starts = [a for a, _ in regions]
    out = []
    for tok in doc:
        k = bisect.bisect_right(starts, tok.idx) - 1
        out.append(k + 1 if k >= 0 and tok.idx < regions[k][1] else 0)
    return out


def token_sentence_ids(doc: Any, sentences: Sequence[tuple[int, int]]) -> list[int]:
    """For each token, the index of the literary sentence it starts in."""
    starts = [a for a, _ in sentences]
    return [max(0, bisect.bisect_right(starts, tok.idx) - 1) for tok in doc]


def _head_token(doc: Any, start: int, end: int) -> Any:
    for i in range(end - 1, start - 1, -1):
        head = doc[i].head.i
        if head < start or head >= end or head == i:
            return doc[i]
    return doc[end - 1]


def _is_pronoun(tok: Any) -> bool:
    return tok.tag_ in {"PRP", "PRP$"} or tok.pos_ == "PRON"


def pronoun_gender_votes(
    doc: Any, spans: Sequence[tuple[int, int]], sent_ids: list[int], quote_ids: list[int],
    places: Sequence[bool] | None = None,
) -> list[str | None]:
    """For each subject name span, the gender of the next subject/possessive he/she after it.

    Only when no other name intervenes, in the same sentence and the same quote or narration:
    "Darcy walked in; he ..." votes male for Darcy. A name the story knows as no person
    (`places`: a place, a group, a thing) is no rival for the pronoun: "Finch sent for me by
    the Watch boat: a note in his square hand" votes male for Finch.
    """
    votes: list[str | None] = []
    n = len(doc)
    limits = [n] * len(spans)  # where the next name that could be the pronoun's begins
    for idx in range(len(spans) - 2, -1, -1):
        rival = places is None or not places[idx + 1]
        limits[idx] = spans[idx + 1][0] if rival else limits[idx + 1]
    for idx, (start, end) in enumerate(spans):
        limit = limits[idx]
        found: str | None = None
        if _head_token(doc, start, end).dep_ in _SUBJECT:
            for i in range(end, limit):
                if sent_ids[i] != sent_ids[end - 1]:
                    break
                tok = doc[i]
                gender = PRONOUN_GENDER.get(tok.lower_)
                same_voice = quote_ids[i] == quote_ids[end - 1]
                if gender and gender != "plural" and same_voice and tok.dep_ in {"nsubj", "poss"}:
                    found = gender
                    break
        votes.append(found)
    return votes


@dataclass(frozen=True)
class PronounResolution:
    """Resolved pronoun mentions, and who narrates the chapter if it is told by "I"."""

    mentions: list[ResolvedMention]
    narrator: NarratorFinding
    # (name called, speaker answered): '"…," said Wemmick. / "All right, John, all right,"'
    answer_calls: tuple[tuple[str, str], ...] = ()
    vocatives: Mapping[str, int] = field(default_factory=dict)  # person -> names calling them
    answered_back: tuple[tuple[str, str], ...] = ()  # `Replies.answered_back`


def resolve_pronouns(
    doc: Any,
    names: Sequence[KeyedSpan],
    genders: Mapping[str, str],
    sent_ids: list[int],
    quote_ids: list[int],
    *,
    aliases: Mapping[str, Sequence[str]] | None = None,
    previous_narrator: str | None = None,
    title: str | None = None,
    known: Mapping[str, Sequence[str]] | None = None,
    dead: frozenset[str] = frozenset(),
) -> PronounResolution:
    """Resolve third-person pronouns to characters (keys of `genders`), then the narration's
    "I" to the narrator (see `narrator`), then "I" in quotes to the speaker. `dead` are the
    characters the story has dead before this chapter: no pronoun that does something now
    means one of them (`_acts_now`)."""
    by_start = {n.tok_start: n for n in names if n.key in genders}
    name_at = _name_tokens(by_start, len(doc))
    # Speakers named in the tag only: in '"Jim," says he' the "he" is no more Jim than the
    # pronoun resolver's nearest male name, and a name is not said to its own speaker.
    named_speakers = quote_speakers(doc, quote_ids, name_at, {})
    # Names a quotation calls someone by ("Well, Mr. Knightley, and so you …"), by first token.
    calling = {s.tok_start for s in by_start.values()
               if quote_ids[s.tok_start] and is_vocative(doc, s, quote_ids)}
    replies = _replies(doc, quote_ids, [by_start[i] for i in sorted(calling)], named_speakers)
    spoken = _spoken_sentences(sent_ids, quote_ids)
    unnamed = _unnamed_people(doc, name_at, quote_ids)
    with_unnamed = {**genders, **{key: sex for sex, key in UNNAMED.items()}}
    anchors: list[Anchor] = []
    out: list[ResolvedMention] = []
    resolved_at: dict[int, str] = {}
    i, n = 0, len(doc)
    while i < n:
        span = by_start.get(i)
        if span is not None:
            head = _head_token(doc, span.tok_start, span.tok_end)
            anchors.append(Anchor(span.key, head.i, sent_ids[i], head.dep_ in _SUBJECT,
                                  quote_ids[i], _glosses_relative(head), i in calling))
            i = span.tok_end
            continue
        tok = doc[i]
        if i in unnamed:
            anchors.append(Anchor(unnamed[i], i, sent_ids[i], True, 0))
        gender = PRONOUN_GENDER.get(tok.lower_)
        if gender and _is_pronoun(tok):
            key = _reply_tag(tok, gender, replies, genders, quote_ids) or \
                _choose(doc, tok, gender, anchors, with_unnamed, sent_ids, quote_ids, spoken,
                        dead if _acts_now(tok) else frozenset(), named_speakers)
            if key is not None:
                anchors.append(Anchor(key, i, sent_ids[i], tok.dep_ in _SUBJECT, quote_ids[i]))
            if key is not None and key not in _UNNAMED_KEYS:
                resolved_at[i] = key
                out.append(ResolvedMention(tok.idx, tok.idx + len(tok), tok.text, key, "pronoun"))
        i += 1
    narrator = find_narrator(doc, [s for s in names if s.key in genders], genders, quote_ids,
                             named_speakers, aliases=aliases, previous=previous_narrator,
                             title=title, known=known)
    if narrator.key is not None:
        for tok in narration_first_person(doc, quote_ids):
            resolved_at[tok.i] = narrator.key
            out.append(ResolvedMention(tok.idx, tok.idx + len(tok), tok.text, narrator.key, "pronoun"))
    out += _first_person(doc, quote_ids, name_at, resolved_at, replies, named_speakers)
    out.sort(key=lambda m: m.start)
    return PronounResolution(out, narrator, replies.answer_calls, replies.vocatives,
                             replies.answered_back)


def _unnamed_people(doc: Any, name_at: Mapping[int, str], quote_ids: list[int]) -> dict[int, str]:
    """The narration's subjects that are a person by a noun of one sex and no name: "the
    brown old seaman with the sabre cut first took up his lodging" (Treasure Island ch. 1,
    whose captain the chapter never names). Each is an antecedent that names nobody, so the
    "he" after it is no one rather than the last man named ("Dr. Livesey" of the opening
    sentence): an unresolved pronoun tells no fact. Not a kin noun ("the mother" is
    someone's) but the narration's "my father" (`_narrators_kin`), nor a bare "the
    clergyman" or "this man", which mostly name the one just named; "a fellow", "the old
    seaman", "this little boy", "the man who …" are someone new, unless said to be someone
    by name ("The veiled lady was Rose Ashdown"). A subject the parser hung on an object
    counts (`_subject_hung_on_object`). Token index → `UNNAMED` key."""
    found = {}
    for tok in doc:
        sex = person_noun_sex(tok.lemma_) if tok.pos_ == "NOUN" else None
        if sex is None or quote_ids[tok.i] or tok.i in name_at or (
                tok.dep_ not in _SUBJECT and not _subject_hung_on_object(tok)):
            continue
        if tok.lemma_.lower() in KIN_NOUNS:
            if _narrators_kin(tok, name_at):
                found[tok.i] = UNNAMED[sex]
            continue
        kids = list(tok.children)
        article = next((c.lower_ for c in kids if c.dep_ == "det" and c.lower_ in _ARTICLES), None)
        if article is None or any(c.dep_ in {"poss", "compound", "appos"} or c.i in name_at
                                  for c in kids) or _named_by_copula(tok, name_at):
            continue
        if article in _INDEFINITE or any(c.dep_ in _DESCRIBING for c in kids):
            found[tok.i] = UNNAMED[sex]
    return found


def _narrators_kin(tok: Any, name_at: Mapping[int, str]) -> bool:
    """"My father, a wise and grave man, gave me serious and excellent counsel" (Robinson
    Crusoe): the narration's "my" and a kin noun is the narrator's own kin, someone, unless
    a name is set beside it ("my father, Philip Pirrip")."""
    kids = list(tok.children)
    return any(c.dep_ == "poss" and c.lower_ == "my" for c in kids) and not any(
        c.i in name_at or c.dep_ == "compound" for c in kids) and not any(
        t.i in name_at for c in kids if c.dep_ == "appos" for t in c.subtree)


def _subject_hung_on_object(tok: Any) -> bool:
    """A second clause's subject the parser hung on the first clause's object as a conjunct,
    leaving its verb with no subject: "my father kept the Admiral Benbow inn and the brown
    old seaman with the sabre cut first took up his lodging" (Treasure Island ch. 1). The
    conjunct is followed, past its own words and any adverb, by a finite verb that has none."""
    if tok.dep_ != "conj" or tok.head.dep_ not in _OBJECTS:
        return False
    doc, j = tok.doc, tok.right_edge.i + 1
    while j < len(doc) and doc[j].pos_ == "ADV":
        j += 1
    verb = doc[j] if j < len(doc) else None
    return verb is not None and verb.pos_ == "VERB" and verb.tag_ in FINITE_TAGS and \
        not any(c.dep_ in _SUBJECT for c in verb.children)


def _named_by_copula(tok: Any, name_at: Mapping[int, str]) -> bool:
    """Whether a subject is said to be someone by name: "The veiled lady was Rose Ashdown"."""
    return tok.head.lemma_ == "be" and any(
        c.dep_ == "attr" and c.i in name_at for c in tok.head.children)


def _name_tokens(by_start: Mapping[int, KeyedSpan], n: int) -> dict[int, str]:
    """Each token of a name, as the resolver reads them left to right (a span that begins
    inside another is passed over), to its entity key."""
    name_at: dict[int, str] = {}
    i = 0
    while i < n:
        span = by_start.get(i)
        if span is None:
            i += 1
            continue
        for j in range(span.tok_start, span.tok_end):
            name_at[j] = span.key
        i = span.tok_end
    return name_at


def _acts_now(tok: Any) -> bool:
    """Whether a pronoun is the subject of a verb told as done in the story's now ("asking
    her how she did"), not of a copula ("she was kind") nor of a past perfect ("she had
    been ill"), which may tell of the dead."""
    verb = tok.head
    return tok.dep_ == "nsubj" and verb.pos_ == "VERB" and verb.lemma_.lower() != "be" and \
        not any(c.dep_ == "aux" and c.lower_ in PAST_PERFECT for c in verb.children)


def _spoken_sentences(sent_ids: list[int], quote_ids: list[int]) -> list[int]:
    """For each sentence, how many sentences up to it lie wholly inside quotations."""
    last = max(sent_ids, default=-1)
    narrated = [False] * (last + 1)
    for s, q in zip(sent_ids, quote_ids, strict=True):
        if s >= 0 and not q:
            narrated[s] = True
    counts, n = [], 0
    for told in narrated:
        n += 0 if told else 1
        counts.append(n)
    return counts


def _choose(
    doc: Any,
    tok: Any,
    gender: str,
    anchors: list[Anchor],
    genders: Mapping[str, str],
    sent_ids: list[int],
    quote_ids: list[int],
    spoken: Sequence[int] = (),
    dead: frozenset[str] = frozenset(),
    tagged: Mapping[int, str | None] | None = None,
) -> str | None:
    """The best antecedent for a third-person pronoun, or None. For a pronoun of the
    narration, a sentence wholly spoken between it and a candidate counts `SPOKEN_WEIGHT` of
    a sentence of distance: the narration's thread runs on across the talk ("Mrs. Bennet sat
    down. '…' (six sentences of talk) She rose." is still Mrs. Bennet)."""
    sent, quote = sent_ids[tok.i], quote_ids[tok.i]
    reflexive = tok.lower_.endswith(("self", "selves"))
    own_words = _tagged_quote(doc, tok, quote_ids)
    best: tuple[float, str] | None = None
    seen: set[str] = set()
    for rank, a in enumerate(reversed(anchors)):
        gap = sent - a.sent
        if not quote and spoken and a.sent >= 0 and sent >= 0:
            gap -= (1.0 - SPOKEN_WEIGHT) * (spoken[sent] - spoken[a.sent])
        if rank >= _WINDOW_ANCHORS or gap > _WINDOW_SENTENCES:
            break
        if quote and a.key in _UNNAMED_KEYS:
            continue  # a speech's "he" is someone its speaker knows, not the narration's man
        if a.key in seen or (own_words and a.quote == own_words):
            continue  # "'But Aunt Isabella was younger,' she remarked": not Isabella
        if a.key in dead:
            continue  # "about ten days after Mrs. Churchill's decease … how she did": not her
        if quote and ((a.called and a.quote == quote) or (tagged and tagged.get(quote) == a.key)):
            continue  # in a speech, the one it addresses is "you" and its speaker "I", not "he"
        if not quote and not own_words and a.quote and _spoken_of(doc, a, quote_ids) and tagged and \
                (speaker := tagged.get(a.quote)) not in (None, a.key) and \
                genders.get(speaker or "") == gender:
            continue  # '"… the lace upon Mrs. Hurst's gown----" Here she was interrupted': the
            # speaker (Mrs. Bennet, by the quotation's tag), not someone she only speaks of
        seen.add(a.key)
        entity_gender = genders.get(a.key, "unknown")
        if gender == "plural" and entity_gender != "plural":
            continue  # "they" is left alone unless a group is named
        if entity_gender != gender and (entity_gender != "unknown" or gender == "plural"):
            continue
        if not reflexive and a.sent == sent and tok.dep_ in _CO_ARGUMENT and doc[a.tok].head.i == tok.head.i:
            continue  # co-arguments of one verb are not coreferent ("Darcy saw him")
        if a.gloss and a.sent == sent and tok.tag_ == "PRP$":
            continue  # "His brother-in-law, Mr. Hurst, …; but his friend Mr. Darcy": both Bingley's
        score = -1.0 * gap - 0.02 * rank
        if a.subject:
            score += 0.6
        if (a.quote == 0) == (quote == 0):
            score += 0.5
        if a.quote and a.quote == quote:
            score += 0.3
        if entity_gender == "unknown":
            score -= 1.2
        if best is None or score > best[0]:
            best = (score, a.key)
    return best[1] if best else None


def _spoken_of(doc: Any, a: Anchor, quote_ids: list[int]) -> bool:
    """Whether a name in a quotation is one its words speak of (`SPOKEN_OF`), by a head in
    the same quotation: a parse that hangs the name on a verb outside it ('"Awfully," the
    young man answered … "Awfully, Mrs. Lennox."') has misread a vocative."""
    tok = doc[a.tok]
    return tok.dep_ in SPOKEN_OF and quote_ids[tok.head.i] == a.quote


def _glosses_relative(head: Any) -> bool:
    """Whether a name is set beside someone's noun ("His brother-in-law, Mr. Hurst"): a later
    "his" of the sentence is that someone's, as the first was."""
    return head.dep_ == "appos" and any(c.dep_ == "poss" for c in head.head.children)


def _tagged_quote(doc: Any, tok: Any, quote_ids: list[int]) -> int:
    """The quotation a speech tag's pronoun speaks ("'…,' she remarked"), or 0: the speaker
    is not someone the quotation names in the third person."""
    if quote_ids[tok.i] or tok.dep_ not in _SUBJECT or tok.head.lemma_ not in SPEECH_VERBS:
        return 0
    for j in range(tok.i - 1, max(tok.i - 4, -1), -1):
        if quote_ids[j]:
            return quote_ids[j]
        if doc[j].is_alpha or "\n" in doc[j].text_with_ws:
            return 0
    return 0


def _attribute(
    doc: Any, a: int, b: int, quote_ids: list[int], name_at: dict[int, str], resolved: dict[int, str]
) -> str | None:
    """The speaker named as subject of a speech verb in tokens [a, b) outside quotes, or as
    the object the parser makes of an inverted tag's speaker ('"…," cried Biddy')."""
    for j in range(max(a, 0), min(b, len(doc))):
        tok = doc[j]
        if quote_ids[j] == 0 and tok.lemma_ in SPEECH_VERBS and tok.pos_ in {"VERB", "AUX"}:
            subjects = [c for c in tok.children if c.dep_ in _SUBJECT and not quote_ids[c.i]]
            inverted = inverted_speaker(tok)
            for child in subjects or ([inverted] if inverted is not None else []):
                child = _whose_voice(child, name_at)
                if child.i in name_at or child.i in resolved:
                    return name_at.get(child.i) or resolved[child.i]
    return None


def _whose_voice(tok: Any, name_at: dict[int, str]) -> Any:
    """'"Oh, I know'd Dick was square," returned the voice of the coxswain, Israel Hands': a
    tag's voice speaks for the one person named in its "of" phrase; any other subject is
    itself."""
    if tok.lemma_.lower() != "voice":
        return tok
    owners = {name_at[t.i]: t for p in tok.children if p.dep_ == "prep" and p.lower_ == "of"
              for t in p.subtree if t.i in name_at}
    return next(iter(owners.values())) if len(owners) == 1 else tok


def inverted_speaker(verb: Any) -> Any | None:
    """'"…," cried Elizabeth': the speaker of a tag written after its quotation, which the
    parser reads as the verb's object; None for any other verb."""
    doc = verb.doc
    if verb.lemma_.lower() not in INVERTED_TAGS or \
            not any(doc[j].is_quote for j in range(max(0, verb.i - 3), verb.i)):
        return None
    found = next((c for c in verb.children if c.dep_ in OBJECT_DEPS and c.i > verb.i), None)
    if found is None and verb.i + 1 < len(doc) and doc[verb.i + 1].pos_ == "PROPN":
        found = doc[verb.i + 1]  # '"Well aged parent," said Wemmick, shaking hands': misparsed
    return found


def quote_tokens(quote_ids: list[int]) -> dict[int, list[int]]:
    """Each quotation's token indices, by quote id (`token_quote_ids`)."""
    spans: dict[int, list[int]] = {}
    for i, q in enumerate(quote_ids):
        if q:
            spans.setdefault(q, []).append(i)
    return spans


def quote_speakers(
    doc: Any, quote_ids: list[int], name_at: dict[int, str], resolved: dict[int, str]
) -> dict[int, str | None]:
    """The speaker of each quotation (by quote id), from its tag, or None.

    `name_at` maps name tokens to entity keys, `resolved` pronoun tokens to entity keys.
    """
    text = doc_text(doc)
    speakers: dict[int, str | None] = {}
    previous: tuple[int, str | None] = (-1, None)
    for q, toks in sorted(quote_tokens(quote_ids).items()):
        first, last = toks[0], toks[-1]
        after, before = _paragraph_bounds(doc, text, first - 12, first, last, last + 10)
        speaker = _attribute(doc, last + 1, after, quote_ids, name_at, resolved)
        if speaker is None:
            speaker = _attribute(doc, before, first, quote_ids, name_at, resolved)
        prev_end, prev_speaker = previous
        if speaker is None and prev_speaker is not None:
            gap = text[doc[prev_end].idx : doc[first].idx]
            if not _PARAGRAPH.search(gap) and len(gap) < 200:
                speaker = prev_speaker  # "...," said he, "and ..." continues the same speaker
        previous = (last, speaker)
        speakers[q] = speaker
    return speakers


def _paragraph_bounds(doc: Any, text: str, lowest: int, first: int, last: int,
                      highest: int) -> tuple[int, int]:
    """Where a quotation's tag may be looked for, within [lowest, highest) and the quotation's
    own paragraph: the end after it, the start before it. '"…," said Bingley.' ends a
    paragraph; the unattributed quotation of the next one is not his ("my brother
    Gardiner's" is Mrs. Bennet's, P&P chapter 9). `text` is the doc's, read once by the caller."""
    after = last + 1
    while after < min(highest, len(doc)) and \
            not _PARAGRAPH.search(text[doc[after - 1].idx:doc[after].idx]):
        after += 1
    before = first
    while before > max(lowest, 0) and not _PARAGRAPH.search(text[doc[before - 1].idx:doc[before].idx]):
        before -= 1
    return after, before


def _first_person(
    doc: Any, quote_ids: list[int], name_at: dict[int, str], resolved: dict[int, str],
    replies: Replies, named: Mapping[int, str | None],
) -> list[ResolvedMention]:
    """Resolve first-person pronouns inside quotations to the quote's speaker, except in a
    quotation the speaker quotes from someone else ("‘My friend Knightley’ had been so often
    mentioned", says Mrs. Elton: the friend is her husband's). `named` is what the tags
    alone say (`quote_speakers` without resolved pronouns), which turns are counted from."""
    speakers = quote_speakers(doc, quote_ids, name_at, resolved)
    for q, who in replies.quotes.items():
        if speakers.get(q) is None:
            speakers[q] = who  # an untagged answer to the one called by name before it
    quotes = quote_tokens(quote_ids)
    firm = {q: who for q, who in named.items() if who}
    firm.update(replies.quotes)
    speakers.update(_alternating(doc, replies, quotes, speakers, firm))
    regions = [(doc[toks[0]].idx, doc[toks[-1]].idx + len(doc[toks[-1]])) for toks in quotes.values()]
    quoted = inner_quote_regions(doc_text(doc), regions)
    out: list[ResolvedMention] = []
    for q, toks in sorted(quotes.items()):
        speaker = speakers.get(q)
        if speaker is None:
            continue
        for j in toks:
            tok = doc[j]
            if any(a <= tok.idx < b for a, b in quoted):
                continue
            if tok.lower_ in FIRST_PERSON_SINGULAR and _is_pronoun(tok):
                out.append(ResolvedMention(tok.idx, tok.idx + len(tok), tok.text, speaker, "pronoun"))
    return out


@dataclass(frozen=True)
class Replies:
    """Paragraphs of dialogue that answer the one person the turn before called by name:
    the speaker by paragraph number, and by quotation id for the paragraph's quotations."""

    paragraph_of: Sequence[int]  # token -> paragraph number
    by_paragraph: Mapping[int, str]
    quotes: Mapping[int, str]
    called: Mapping[int, set[str]]  # quote id -> the people it calls by name
    quotes_by_paragraph: Mapping[int, list[int]]  # paragraph -> its quotation ids, in order
    # (name called, speaker answered) for each answer to a speaker a tag names that calls
    # one person by name: who is called is most likely the one answered
    answer_calls: tuple[tuple[str, str], ...] = ()
    vocatives: Mapping[str, int] = field(default_factory=dict)  # person -> names calling them
    # (name called, speaker who answered its caller calling them by name): '"… here's what I
    # want to know, Barbecue: …" (Israel Hands) / "Israel," said Silver': Silver is Barbecue
    answered_back: tuple[tuple[str, str], ...] = ()


def _replies(doc: Any, quote_ids: list[int], addressed: Sequence[KeyedSpan],
             named: Mapping[int, str | None]) -> Replies:
    """Who answers: a paragraph that opens with a quotation, right after a paragraph whose
    last quotation calls exactly one person by name (a vocative: "…, Eliza, and you know
    what follows."), is that person's, unless one of its own tags names a speaker or its
    first quotation calls that person by name in turn. Its tagged pronouns and untagged
    quotations are the answerer's (`_reply_tag`, `_first_person`). `addressed` are the names
    the quotations call someone by (vocatives, in text order), `named` each quotation's
    speaker as its tag names it (`quote_speakers`); the resolver reads both once per chapter."""
    text = doc_text(doc)
    breaks = [m.end() for m in _PARAGRAPH.finditer(text)]
    paragraph_of = [bisect.bisect_right(breaks, tok.idx) for tok in doc]
    quotes = quote_tokens(quote_ids)
    called: dict[int, set[str]] = {}  # quote id -> the people it calls by name
    vocatives: Counter[str] = Counter()  # person -> how often a name calls them
    for span in addressed:
        called.setdefault(quote_ids[span.tok_start], set()).add(span.key)
        vocatives[span.key] += 1
    by_paragraph_quotes: dict[int, list[int]] = {}
    for q, toks in sorted(quotes.items()):
        by_paragraph_quotes.setdefault(paragraph_of[toks[0]], []).append(q)
    callees: dict[str, set[str]] = {}  # speaker -> whom their quotations call by name
    for q, who in named.items():
        if who is not None:
            callees.setdefault(who, set()).update(called.get(q, set()))
    speakers: dict[int, str] = {}
    by_quote: dict[int, str] = {}
    answer_calls: list[tuple[str, str]] = []
    answered_back: list[tuple[str, str]] = []
    for p, qs in sorted(by_paragraph_quotes.items()):
        before = by_paragraph_quotes.get(p - 1)
        if not before or not _opens_with_quote(doc, paragraph_of, p, quotes[qs[0]][0]):
            continue
        last = before[-1]
        answered, calls = named.get(last), called.get(qs[0], set())
        answering = {named.get(q) for q in qs}
        if answered is not None and len(calls) == 1 and answered not in calls | answering and \
                not calls & answering and not calls & callees.get(answered, set()):
            answer_calls.append((next(iter(calls)), answered))  # not "Now Joseph," said by him
        called_before = called.get(last, set())
        answerers = answering - {None}
        if answered is not None and calls == {answered} and len(called_before) == 1 and \
                len(answerers) == 1 and not called_before & (answerers | {answered}) and \
                answered not in answerers:
            answered_back.append((next(iter(called_before)), str(next(iter(answerers)))))
        if len(called_before) != 1:
            continue
        who = next(iter(called_before))
        if who == named.get(last) or who in called.get(qs[0], set()) or \
                any(named.get(q) is not None for q in qs):
            continue
        speakers[p] = who
        by_quote.update(dict.fromkeys(qs, who))
    return Replies(paragraph_of, speakers, by_quote, called, by_paragraph_quotes,
                   tuple(answer_calls), vocatives, tuple(answered_back))


def _alternating(doc: Any, replies: Replies, quotes: Mapping[int, list[int]],
                 speakers: Mapping[int, str | None], firm: Mapping[int, str]) -> dict[int, str]:
    """Two people taking turns: after two paragraphs of dialogue whose speakers are known
    and differ (A, then B), a paragraph of nothing but untagged quotation is A's, the next
    B's, and so on while the exchange goes on untagged (Emma ch. 5, Mrs. Weston and Mr.
    Knightley). Only in a run of dialogue paragraphs (no paragraph of narration between)
    whose known voices are exactly two, each named by a tag or fixed as an answer somewhere
    in the run: a third voice, or a voice only a tag's pronoun gives, may be a guess. No
    turn for a paragraph with narration or a tag, nor one that calls its own speaker or a
    third person by name. Returns the speaker by quotation id."""
    by_paragraph = replies.quotes_by_paragraph
    known: dict[int, str] = {}
    for p, qs in by_paragraph.items():
        said = {who for q in qs if (who := speakers.get(q)) is not None}
        if len(said) == 1:
            known[p] = next(iter(said))
    run_of: dict[int, int] = {}  # paragraph -> the first paragraph of its run of dialogue
    for p in sorted(by_paragraph):
        run_of[p] = run_of.get(p - 1, p)
    voices: dict[int, set[str]] = {}
    for p, who in known.items():
        voices.setdefault(run_of[p], set()).add(who)
    named: dict[int, set[str]] = {}  # run -> the voices a tag names or an answer fixes
    for q, who in firm.items():
        named.setdefault(run_of[replies.paragraph_of[quotes[q][0]]], set()).add(who)
    turns: dict[int, str] = {}
    for p in sorted(by_paragraph):
        run = run_of[p]
        if p in known or p - 1 not in known or p - 2 not in known or \
                len(voices.get(run, ())) != 2 or voices[run] != named.get(run):
            continue
        a, b = known[p - 2], known[p - 1]
        qs = by_paragraph[p]
        if a == b or not _all_quotation(doc, replies.paragraph_of, p, quotes, qs):
            continue
        callees = set().union(*(replies.called.get(q, set()) for q in qs))
        if a in callees or callees - {b}:
            continue
        known[p] = a
        turns.update(dict.fromkeys(qs, a))
    return turns


def _all_quotation(doc: Any, paragraph_of: Sequence[int], p: int,
                   quotes: Mapping[int, list[int]], qs: Sequence[int]) -> bool:
    """Whether paragraph `p` is quotation only: no word of narration or tag around it."""
    inside = {j for q in qs for j in quotes[q]}
    start = quotes[qs[0]][0]
    j = start
    while j > 0 and paragraph_of[j - 1] == p:
        j -= 1
    while j < len(doc) and paragraph_of[j] == p:
        if j not in inside and doc[j].is_alpha:
            return False
        j += 1
    return True


def _opens_with_quote(doc: Any, paragraph_of: Sequence[int], p: int, first: int) -> bool:
    """Whether paragraph `p` opens with its quotation (token `first` is the quotation's
    first): nothing but space and quotation marks before it in the paragraph."""
    j = first - 1
    while j >= 0 and paragraph_of[j] == p:
        if not (doc[j].is_space or doc[j].is_quote or doc[j].is_punct):
            return False
        j -= 1
    return True


def _reply_tag(tok: Any, gender: str, replies: Replies, genders: Mapping[str, str],
               quote_ids: list[int]) -> str | None:
    """The answerer a speech tag's pronoun is, in a paragraph that answers someone called by
    name ("On Miss Lucas's persevering, however, she added"), when the sex fits."""
    if quote_ids[tok.i] or tok.dep_ not in _SUBJECT or tok.head.lemma_ not in SPEECH_VERBS:
        return None
    who = replies.by_paragraph.get(replies.paragraph_of[tok.i])
    return who if who is not None and genders.get(who) == gender else None
