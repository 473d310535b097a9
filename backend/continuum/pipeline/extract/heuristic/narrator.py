"""The first-person narrator: is the chapter told by "I", and who is that?

A chapter is told in the first person when its narration (outside quotation marks) says
"I", "me", "my" often enough. The narrator is then named by evidence in the chapter:

- self-naming in the narrator's own words: "my name was Pip", "call me Ishmael",
  "I, Ralph Percy,", "they called me Jim";
- a diary or journal heading: "Jonathan Harker's Journal", or the chapter's title:
  "Narrative Continued by the Doctor" (a known character not named in the chapter counts);
- vocatives in other people's speech: "'Jim,' says he" — a name used to address someone,
  in a quotation not spoken by that name.

A narrator speaks of himself as "I", so a name the narration itself uses as an ordinary
third person ("Livesey came in") counts against it. Without evidence in the chapter, the
narrator of the previous first-person chapter carries over, unless the narration names
that person as a third party here (a chapter handed to another narrator). Nothing is
guessed: an unnamed narrator stays unresolved.

A name new to the story that the chapter's other people only ever say to the narrator,
never narrated as a third person, is a new name of the narrator, not a new teller: Herbert's
"my dear Handel" in Great Expectations is Pip (`NarratorFinding.addressed`; the analysis
folds it into the narrator).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from continuum.language.names import TITLE_SPELLINGS
from continuum.language.pronouns import FIRST_PERSON_SINGULAR
from continuum.language.speech import SPEECH_VERBS, VOCATIVE_INTERJECTIONS
from continuum.pipeline.extract.heuristic.nlp import doc_text

MIN_FIRST_PERSON = 8  # narration first-person pronouns in the chapter
MIN_FIRST_PERSON_RATE = 0.01  # of narration words
SELF_NAMING_WEIGHT = 3.0
NARRATED_PENALTY = 1.0  # each time the narration names the candidate as a third person
MIN_SCORE = 2.0
MIN_VOCATIVES = 2  # without self-naming, the narrator must be addressed this often
MIN_ADDRESSED = 2  # a new name said to the narrator this often, in talk with them, is theirs
TAG_TOKENS = 14  # how far a quotation's tag reaches
OVERRIDE_SCORE = 3.0  # evidence needed to replace the previous chapter's narrator
DISOWN_NARRATED = 2  # narration mentions that say the previous narrator is a third party here

_SELF_NAMING_BEFORE = re.compile(
    r"(?:\bmy\s+(?:(?:christian|family|real|true|own|first|given)\s+)?name\s*(?:is|was|being|,)?|"
    r"\b(?:call|called|name|named|christened|dubbed)\s+me|"
    r"\bI\s+(?:am|was)(?:\s+(?:called|named|christened|known\s+as))?|"
    r"\bI\s+(?:called|named)\s+myself|\bI\s*['\u2019]m|"
    r"\bI\s*,)\s*$",
    re.IGNORECASE,
)
# "came to be called Pip", "known as Van": a name given, not a third person acting.
_NAMED_BEFORE = re.compile(r"\b(?:called|named|christened|dubbed|known\s+as|than)\s*$",
                           re.IGNORECASE)
_JOURNAL_HEADING = re.compile(
    r"^[ \t]*(?:chapter\s+[\w.]+\s+)?(?:from\s+)?(?:the\s+)?"
    r"(?P<name>[A-Z][\w.'\u2019 -]{1,60}?)\s?['\u2019]s\s+"
    r"(?:journal|diary|narrative|memoirs?|notebook|log)\b",
    re.IGNORECASE | re.MULTILINE,
)
# "Yours as ever, entirely frivolous, SALLIE McBRIDE." closing a letter the narrator writes.
_SIGNATURE = re.compile(
    r"\b(?i:yours|your\s+(?:loving|affectionate|devoted|obedient)\b)[^\n]{0,120}?,\s*"
    r"(?P<name>[A-Z][\w.'\u2019-]*(?:[ \t]+[A-Z][\w.'\u2019-]*){0,3})[ \t]*\.?[ \t]*$",
    re.MULTILINE,
)
_TITLE_TELLER = re.compile(
    r"\b(?:narrative|story|account|journal|diary|statement|tale)\s+(?:(?:continued|resumed|"
    r"concluded|told|written|kept)\s+)?by\s+(?P<by>[\w.'\u2019 -]+?)\s*(?:[:;,(\u2014]|--|$)"
    r"|\btold\s+by\s+(?P<told>[\w.'\u2019 -]+?)\s*(?:[:;,(\u2014]|--|$)"
    r"|^\s*(?P<own>[A-Z][\w.'\u2019 -]{1,60}?)['\u2019]s\s+(?:narrative|story|journal|diary|"
    r"statement)\b",
    re.IGNORECASE,
)
_VOCATIVE_LEAD = frozenset({",", "dear", "good", "now", "well", "why", "look", "!"}) | \
    VOCATIVE_INTERJECTIONS
_VOCATIVE_TAIL = frozenset({",", "!", "?", ".", ";", ":", ")", "\u2014", "--", "-"})
_QUOTE_CHARS = frozenset("\"\u201c\u201d\u2018\u2019'")


class NameSpan(Protocol):
    """A name mention bound to an entity (coref's KeyedSpan)."""

    @property
    def tok_start(self) -> int: ...
    @property
    def tok_end(self) -> int: ...
    @property
    def key(self) -> str: ...


@dataclass(frozen=True)
class NarratorFinding:
    """Who tells the chapter and why: the entity key, or None, with the evidence counted."""

    first_person: bool
    key: str | None
    score: dict[str, float]
    carried_over: bool = False
    addressed: tuple[str, ...] = ()  # names new to the story the narrator is called by here


def narration_first_person(doc: Any, quote_ids: Sequence[int]) -> list[Any]:
    """The first-person singular pronouns of the narration (outside quotation marks)."""
    return [tok for tok in doc if not quote_ids[tok.i] and tok.lower_ in FIRST_PERSON_SINGULAR
            and (tok.tag_ in {"PRP", "PRP$"} or tok.pos_ == "PRON")]


def is_first_person(doc: Any, quote_ids: Sequence[int]) -> bool:
    """Whether the narration says "I" often enough to be told by one of the characters."""
    narration_words = sum(1 for tok in doc if not quote_ids[tok.i] and tok.is_alpha)
    count = len(narration_first_person(doc, quote_ids))
    return count >= MIN_FIRST_PERSON and count >= MIN_FIRST_PERSON_RATE * max(narration_words, 1)


def find_narrator(
    doc: Any,
    names: Sequence[NameSpan],
    genders: Mapping[str, str],
    quote_ids: Sequence[int],
    speakers: Mapping[int, str | None],
    *,
    aliases: Mapping[str, Sequence[str]] | None = None,
    previous: str | None = None,
    title: str | None = None,
    known: Mapping[str, Sequence[str]] | None = None,
) -> NarratorFinding:
    """The narrator of a first-person chapter, from the evidence above.

    `names` are the character name spans, `genders` the characters (key -> gender),
    `speakers` the attributed speaker of each quotation (by quote id), `aliases` every
    name of each key (to read headings), `previous` the last first-person chapter's narrator,
    `title` the chapter's title and `known` the story's characters before it (key -> aliases).
    """
    if not is_first_person(doc, quote_ids):
        return NarratorFinding(False, None, {})
    people = {k for k, g in genders.items() if g != "plural"}
    vocatives: Counter[str] = Counter()
    self_named: Counter[str] = Counter()
    narrated: Counter[str] = Counter()
    in_talk: Counter[str] = Counter()  # vocatives in a talk the narrator takes part in
    text = doc_text(doc)
    narrator_quotes = _quotes_the_narrator_speaks(doc, quote_ids)
    signed = [m.span() for m in (*_JOURNAL_HEADING.finditer(text), *_SIGNATURE.finditer(text))]
    for span in names:
        if span.key not in people or any(a <= doc[span.tok_start].idx < b for a, b in signed):
            continue  # a heading or signature is counted by `_owners` below
        quote = quote_ids[span.tok_start]
        before = text[max(0, doc[span.tok_start].idx - 40): doc[span.tok_start].idx]
        own_words = not quote or quote in narrator_quotes or speakers.get(quote) == span.key
        if own_words and (_SELF_NAMING_BEFORE.search(before) or
                          (quote in narrator_quotes and _whole_quote(doc, span, quote_ids))):
            self_named[span.key] += 1
        elif is_vocative(doc, span, quote_ids):
            if not quote or speakers.get(quote) == span.key or quote in narrator_quotes:
                continue
            if _to_the_narrator(doc, quote, quote_ids, narrator_quotes):
                vocatives[span.key] += 1
            if any(quote + d in narrator_quotes for d in (-2, -1, 1, 2)) or \
                    _to_the_narrator(doc, quote, quote_ids, narrator_quotes):
                in_talk[span.key] += 1
        elif not quote and not _NAMED_BEFORE.search(before) and not _indented(text, doc[span.tok_start].idx):
            narrated[span.key] += 1
    for key in _owners(text, people, aliases or {}):
        self_named[key] += 1
    titled = _title_narrator(title, people, {**(known or {}), **(aliases or {})})
    if titled is not None:
        self_named[titled] += 1
    score = {
        key: vocatives[key] + SELF_NAMING_WEIGHT * self_named[key] - NARRATED_PENALTY * narrated[key]
        for key in set(vocatives) | set(self_named)
    }
    story_names = {n.lower() for k, names_ in (known or {}).items() for n in (k, *names_)}

    def addressed_only(key: str) -> bool:
        """Only ever said to the narrator, and new to the story: "my dear Handel"."""
        return in_talk[key] >= MIN_ADDRESSED and not self_named[key] and not narrated[key] \
            and not {key.lower(), *(a.lower() for a in (aliases or {}).get(key, ()))} & story_names

    def finding(key: str | None, carried_over: bool = False) -> NarratorFinding:
        new_names = tuple(sorted(k for k in in_talk if key is not None and k != key
                                 and addressed_only(k) and not _same_person(key, k, aliases or {})))
        return NarratorFinding(True, key, score, carried_over=carried_over, addressed=new_names)

    ranked = sorted(score.items(), key=lambda kv: (-kv[1], kv[0]))
    best: str | None = None
    if ranked:
        key, top = ranked[0]
        runner_up = ranked[1][1] if len(ranked) > 1 else float("-inf")
        evidence = self_named[key] > 0 or vocatives[key] >= MIN_VOCATIVES
        if top >= MIN_SCORE and evidence and top - runner_up >= 1.0:
            best = key
    if previous is not None and previous != best:
        # A name new to the story that others only say to the narrator is the narrator's new
        # name (Herbert's "Handel" for Pip), not a second teller.
        strong = best is not None and score[best] >= OVERRIDE_SCORE and not addressed_only(best)
        disowned = sum(n for key, n in narrated.items()
                       if _same_person(previous, key, aliases or {})) >= DISOWN_NARRATED
        if not strong and not disowned:
            here = sorted((k for k in people if _same_person(previous, k, aliases or {})),
                          key=lambda k: (k != previous, k))
            return finding(here[0] if here else previous, carried_over=True)
    return finding(best)


def _indented(text: str, at: int) -> bool:
    """Whether the line holding `at` is set in ("     Let young Hawkins go at once"): a letter
    or a verse the chapter quotes, whose third persons are not the narration's."""
    start = text.rfind("\n", 0, at) + 1
    return text.startswith("    ", start)


def is_vocative(doc: Any, span: NameSpan, quote_ids: Sequence[int]) -> bool:
    """A name set off to address someone: "Jim, ...", "..., Jim!", "my dear Watson"."""
    quote = quote_ids[span.tok_start]
    prev = doc[span.tok_start - 1] if span.tok_start > 0 else None
    nxt = doc[span.tok_end] if span.tok_end < len(doc) else None
    lead = prev is None or quote_ids[prev.i] != quote or prev.lower_ in _VOCATIVE_LEAD or (
        prev.text in _QUOTE_CHARS and not _elided(doc, prev))
    tail = nxt is None or quote_ids[nxt.i] != quote or nxt.text in _VOCATIVE_TAIL or \
        nxt.text in _QUOTE_CHARS
    return lead and tail


def _elided(doc: Any, mark: Any) -> bool:
    """Whether an apostrophe ends the word before it ("enough o' Cap'n Smollett"): a letter
    left out, not a quotation opening on the name."""
    return mark.i > 0 and not doc[mark.i - 1].whitespace_ and doc[mark.i - 1].is_alpha


def _title_narrator(
    title: str | None, people: set[str], names: Mapping[str, Sequence[str]]
) -> str | None:
    """The character a chapter title hands the telling to: "Narrative Continued by the
    Doctor", "Told by Jim Hawkins", "Mina Murray's Journal". The name may be a bare title
    ("the Doctor") when exactly one character bears it."""
    m = _TITLE_TELLER.search(title or "")
    if m is None:
        return None
    written = " ".join((m.group("by") or m.group("told") or m.group("own") or "").split()).lower()
    written = re.sub(r"^the\s+", "", written).rstrip(".")
    candidates = set(people) | set(names)
    exact = [k for k in candidates
             if written in {k.lower(), *(a.lower() for a in names.get(k, ()))}
             or k.lower().startswith(written + " ") or written.startswith(k.lower() + " ")]
    if len(exact) == 1:
        return exact[0]
    title_word = TITLE_SPELLINGS.get(written, written)
    bearers = [k for k in candidates
               if TITLE_SPELLINGS.get(k.split()[0].lower().rstrip("."), k.split()[0].lower().rstrip("."))
               == title_word and len(k.split()) > 1]
    people_meant = {re.sub(r"[^\w ]+", "", k.lower()).strip() for k in bearers}
    return min(bearers, key=len) if len(people_meant) == 1 else None  # "Dr. Livesey--" too


def _same_person(previous: str, key: str, aliases: Mapping[str, Sequence[str]]) -> bool:
    """The chapter's `key` names the previous narrator: "Jim" and "Jim Hawkins"."""
    return key == previous or previous in aliases.get(key, ()) or \
        key.startswith(previous + " ") or previous.startswith(key + " ")


def _quotes_the_narrator_speaks(doc: Any, quote_ids: Sequence[int]) -> set[int]:
    """Quotations tagged "I said", "said I", "I answered": the narrator's own speech."""
    spoken: set[int] = set()
    for tok in doc:
        if quote_ids[tok.i] or tok.lemma_ not in SPEECH_VERBS:
            continue
        beside = [doc[j] for j in (tok.i - 1, tok.i + 1) if 0 <= j < len(doc)]
        if not any(c.dep_ == "nsubj" and c.lower_ == "i" for c in tok.children) and \
                not any(t.text == "I" and not quote_ids[t.i] for t in beside):
            continue
        for j in (*range(tok.i - 1, max(tok.i - 5, -1), -1), *range(tok.i + 1, min(tok.i + 5, len(doc)))):
            if quote_ids[j]:
                spoken.add(quote_ids[j])
                break
    return spoken


def _to_the_narrator(
    doc: Any, quote: int, quote_ids: Sequence[int], narrator_quotes: set[int]
) -> bool:
    """The quotation is said to the narrator: its tag says "to me" or "at me" ("says he to
    me", "cried my mother, turning to me"), or the narrator speaks the quotation just
    before or after it ("said I")."""
    if quote - 1 in narrator_quotes or quote + 1 in narrator_quotes:
        return True
    inside = [i for i, q in enumerate(quote_ids) if q == quote]
    first, last = inside[0], inside[-1]
    for lo, hi, step in ((last + 1, min(last + TAG_TOKENS, len(doc)), 1),
                         (first - 1, max(first - TAG_TOKENS, -1), -1)):
        for i in range(lo, hi, step):
            tok = doc[i]
            if quote_ids[i] or (tok.is_space and tok.text.count("\n") >= 2):
                break
            if tok.lower_ == "me":
                return True
    return False


def _whole_quote(doc: Any, span: NameSpan, quote_ids: Sequence[int]) -> bool:
    """The quotation says nothing but the name: '"Jonathan Harker."'; not a name asked back
    ('"Black Dog?" I asked': someone else's name, repeated), nor the subject of a sentence the
    next quotation goes on with ('"Mr. Jaggers," said I, "has the reputation …"')."""
    quote = quote_ids[span.tok_start]
    said = [t for t in doc if quote_ids[t.i] == quote]
    words = [t for t in said if t.is_alpha]
    asked = any(t.text == "?" for t in said)
    return not asked and not _runs_on(doc, said, quote_ids) and \
        all(span.tok_start <= t.i < span.tok_end for t in words)


def _runs_on(doc: Any, said: Sequence[Any], quote_ids: Sequence[int]) -> bool:
    """The quotation breaks off at a comma and the next one goes on in lower case: one
    sentence split by its speech tag."""
    marks = [t for t in said if not t.is_space and t.text not in _QUOTE_CHARS]
    if not marks or marks[-1].text != ",":
        return False
    after = (t for t in doc[said[-1].i + 1:] if quote_ids[t.i] == quote_ids[said[-1].i] + 1)
    first = next((t for t in after if t.is_alpha), None)
    return first is not None and first.text[0].islower()


def _owners(text: str, people: set[str], aliases: Mapping[str, Sequence[str]]) -> list[str]:
    """Keys of characters whose journal heads the chapter or who sign a letter in it."""
    owners = []
    found = [*_JOURNAL_HEADING.finditer(text), *_SIGNATURE.finditer(text)]
    for m in found:
        written = m.group("name").strip().rstrip(".").lower()
        for key in sorted(people):
            names = {key.lower(), *(a.lower() for a in aliases.get(key, ()))}
            if written in names:
                owners.append(key)
                break
    return owners
