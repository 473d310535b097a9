"""Ages in the wordings the dependency rules (canon's "twenty years old", "a girl of fifteen")
and canon_forms.age_forms do not read, in narration and in speech, and whether an age is the
story's now at all.

- "Hal Brandt had seen fifty summers", "for all Ruth Penrose's fifteen years", "Tomas's
  twenty-six summers", "the nineteen-year-old Elena", "a girl of nineteen", "turned thirty";
- bounds: "not yet twenty", "scarcely sixteen", "over fifty" (the value keeps the bound:
  "not yet 20");
- in speech, whose age it is: "I" the speaker, "you" the one spoken to (a name set off by
  commas in the quotation, else the partner of the exchange: "there you were at twenty-seven",
  "For a man of seventy-one, Mr. Finch, you ..."), and "he"/"she" the one person of that gender
  other than those two named in this and the two paragraphs before ('"She was fifty-one," she
  said' at the captain's grave); in narration a name, or a pronoun as the coreference has it;
- rule `age_at` marks "At nineteen she was ..." (maybe a look back), `age_said` the others.

An age about another time gives nothing, whichever rule read it (`about_then`): in a time
clause ("since he was fourteen", "when Ruth was twelve", "if I were forty"), dated by what
follows ("she was seventeen when her father died", "the year the mill burned"), in a past
perfect ("had been nine") or the speaker's own past ('"I was fourteen," said Hal').
"""

from __future__ import annotations

import re
from typing import Any

from continuum.language.ages import BOUND, NUMBER, said_age
from continuum.language.names import (
    NEUTRAL_HONORIFICS,
    PRONOUNS,
    SHORT_NAME,
    TITLE_SPELLINGS,
    normalize,
    proper_name,
)
from continuum.language.numbers import parse_number
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.dynamics import exchanges
from continuum.pipeline.extract.schema import CanonFactItem

_WHO = rf"(?P<who>{SHORT_NAME}|\b(?:[Ii]|[Yy]ou|[Hh]e|[Ss]he)\b)"
_UNTITLED = proper_name(2, titled=False)  # "Tomas's twenty-six summers"
_COPULA = (r"(?:is|was|are|am|were|['’]s|['’]m|['’]re|is\s+now|was\s+now|is\s+still|was\s+still|"
           r"turned|turns|has\s+turned|had\s+turned|will\s+be|would\s+be\s+(?=\w+\s+(?:next|this|come)))")
_AGE = rf"(?:(?P<bound>{BOUND})\s+)?(?:only\s+|just\s+|still\s+)?(?P<age>{NUMBER})"
_PERSON_NOUN = (r"(?:girl|boy|man|woman|lad|lass|child|youth|fellow|lady|gentleman|widow|widower|"
                r"spinster|bachelor|maid|creature|soul)")
_AT = re.compile(rf"(?:^|[.!?]\s+)At\s+{_AGE}(?P<years>),?\s+{_WHO}\s+(?:was|is)\b(?!\s+to\b)")
FORMS = [
    # "Tomas was twenty-five", "You are seventeen years old", "she turned thirty last spring"
    re.compile(rf"{_WHO}(?:\s+|(?=['’])){_COPULA}\s+{_AGE}(?P<years>\s+years?\s+(?:old|of\s+age))?"),
    # "she was a girl of nineteen", "Elena Marsh, a woman of forty,"
    re.compile(rf"{_WHO}(?:\s+{_COPULA}\s+|,\s+)(?:only\s+|just\s+|still\s+)?(?:a|an)\s+"
               rf"(?:[a-z]+\s+)?{_PERSON_NOUN}\s+of\s+{_AGE}(?P<years>)"),
    # "she was a nineteen-year-old girl", "Elena Marsh, a nineteen-year-old seamstress"
    re.compile(rf"{_WHO}(?:\s+{_COPULA}\s+|,\s+)(?:only\s+|just\s+)?(?:a|an)\s+{_AGE}-years?-old\b(?P<years>)"),
    # "the nineteen-year-old Elena Marsh"
    re.compile(rf"\b(?:the|a|an)\s+{_AGE}-years?-old\s+(?:[a-z]+\s+)?{_WHO}(?P<years>)"),
    # "At nineteen she was the best seamstress in Saltmere" (maybe a look back)
    _AT,
    # "for all her nineteen years", "Tomas's twenty-six summers"
    re.compile(rf"(?P<poss>\b(?:his|her|your|my)|{_UNTITLED}['’]s)\s+{_AGE}"
               rf"\s+(?P<years>years|summers|winters|springs)\b(?=\s*(?:[,.;!?\"”]|and\b|$))"),
    # "she had seen forty summers"
    re.compile(rf"{_WHO}\s+(?:had|has|have)\s+(?:seen|lived|known)\s+{_AGE}\s+"
               rf"(?P<years>summers|winters|springs)\b"),
]
# Said to the one spoken to: "there you were at twenty-seven", "For a man of seventy-one, Mr.
# Finch, you have the lungs of a boy" (a sentence that says "you").
SPOKEN = [
    re.compile(rf"\b(?P<who>[Yy]ou)\s+(?:were|are)\s+at\s+{_AGE}(?P<years>\s+years\s+old)?"),
    re.compile(rf"\b(?:a|an)\s+(?:[a-z]+\s+)?{_PERSON_NOUN}\s+of\s+{_AGE}(?P<years>)"
               r"(?!\s+(?:minutes|days|times|miles|pounds|shillings))"),
]
# A plain number after a copula that is not an age: "was twenty minutes late", "were three in
# number", "was thirty years in the Guild".
_NOT_AGE_AFTER = re.compile(r"\s*(?:-\s*)?(?:[a-z]+\s+)?(?:years?|minutes?|hours?|days?|weeks?|months?|"
                            r"miles?|feet|foot|yards?|paces?|times|pounds?|shillings?|pence|guineas?|"
                            r"o['’]clock|of\b|in\s+(?:number|all)|men|women|people|strong|apiece|each|and\s+"
                            r"(?:a|one)\s+half|percent|per\b)", re.IGNORECASE)
_THEN = re.compile(r"\b(?:when|since|until|till|before|after|while|once|by\s+the\s+time|if|as\s+if|"
                   r"as\s+though|than)\s+(?:[\w'’]+\s+){0,3}$", re.IGNORECASE)
# An age followed by the time it held: "I was nine the year the ship went down", "she was
# seventeen when her father died".
_THEN_AFTER = re.compile(r"^\s*(?:years?\s+old)?,?\s*(?:when\b|(?:in\s+)?the\s+(?:very\s+)?(?:year|winter|"
                         r"summer|spring|autumn|day|night|week|month)\s+(?!before\b|after\b)(?:that\s+)?"
                         r"(?:the|a|an|his|her|my|our|their|your|[A-Z])|at\s+the\s+time\b|back\s+then\b|"
                         r"in\s+those\s+days\b)")
_ONCE = re.compile(r"\b(?:had\s+been|would\s+have\s+been|will\s+be\s+when)\b", re.IGNORECASE)
_VOCATIVE = re.compile(rf"(?:^|,)\s*(?P<name>{SHORT_NAME})\s*(?:[,.!?]|$)")
_POSSESSIVE = {"his": "he", "her": "she", "your": "you", "my": "i"}


def about_then(view: ChapterView, start: int, end: int) -> bool:
    """Whether the age said in text[start:end] is about another time than the story's now: a
    time clause before it, the time it held after it, or a past perfect in it."""
    sentence_start, _ = view.sentence_around(start, end)
    return _THEN.search(view.text[max(sentence_start, start - 40):start]) is not None \
        or _THEN_AFTER.match(view.text[end:end + 80]) is not None \
        or _ONCE.search(view.text[start:end]) is not None


def age_readings(view: ChapterView, read: list[CanonFactItem]) -> list[CanonFactItem]:
    """Every age the wordings above state whose number no age in `read` already covers."""
    taken = [(f.evidence.start, f.evidence.end) for f in read if f.predicate == "age"]
    out: list[CanonFactItem] = []
    for start, end in view.chapter.sentences:
        text = view.text[start:end]
        if re.search(NUMBER, text) is None:
            continue
        for form in [*FORMS, *SPOKEN]:
            for m in form.finditer(text):
                at = start + m.start("age")
                if any(s <= at < e for s, e in taken):
                    continue
                item = _reading(view, start, end, m, form)
                if item is not None:
                    taken.append((item.evidence.start, item.evidence.end))
                    out.append(item)
    return out


def _reading(view: ChapterView, first: int, last: int, m: re.Match[str], form: re.Pattern[str]
             ) -> CanonFactItem | None:
    age = parse_number(m.group("age").replace("-and-", " ").replace("-", " "))
    spoken = view.char_in_quote(first + m.start("age"))
    if age is None or not 10 <= age < 110 or (form in SPOKEN and not spoken) or (form is _AT and age < 13):
        return None  # "At ten, Tom was in bed": a time
    start, end = first + m.start(), first + m.end()
    rest = view.text[end:last]
    if (not m.group("years") and _NOT_AGE_AFTER.match(rest)) or about_then(view, start, end):
        return None
    if re.search(r"\b(?:not|never|no)\s*$", view.text[max(first, start - 12):start]):
        return None
    if spoken and re.match(r"(?:I|you)\s+(?:was|were)\s+(?!at\b)", m.group(), re.IGNORECASE):
        return None  # '"I was fourteen," said Tomas': the speaker's own past, not the story's now
    if form is SPOKEN[1]:
        sentence = view.text[first:last]
        if not re.search(r"\byou(?:r)?\b", sentence, re.IGNORECASE):
            return None  # "I knew a man of seventy once": not the listener's age
        surface, at = "you", start
    elif m.groupdict().get("poss"):
        surface = re.sub(r"['’]s$", "", m.group("poss"))
        surface = _POSSESSIVE.get(surface.lower(), surface)
        at = first + m.start("poss")
    else:
        surface, at = m.group("who"), first + m.start("who")
        if surface.lower() not in ("you", "i") and re.match(r"\s*were\b", view.text[first + m.end("who"):]):
            return None  # "Tom Heller and Nell Barrow were seventeen in all": not one person's age
    found = _whose(view, surface, at, spoken)
    if found is None:
        return None
    key, holder = found
    rule = "canon.age_at" if form is _AT else "canon.age_said"
    evidence = view.evidence(start, end, rule, 0.6 if spoken or form is _AT else 0.7)
    return CanonFactItem(subject=key, predicate="age", value=said_age(age, m.group("bound")),
                         kind="attribute", confidence=evidence.confidence, evidence=evidence)


def _whose(view: ChapterView, surface: str, at: int, spoken: bool) -> tuple[str, Any] | None:
    """Whom an age's subject means: a name (less a leading word that is none: "Then Tomas"),
    "I" as the coreference has it (the speaker, the narrator), in speech "you" the one spoken
    to and "he"/"she" the one other person named just before; in narration a pronoun as the
    coreference has it."""
    word = surface.lower()
    tokens = [t for t in view.tokens_between(at, at + len(surface)) if not t.is_space]
    if not tokens:
        return None
    if word == "you":
        key = addressee(view, at) if spoken else None
        return (key, tokens[0]) if key else None
    if word in ("he", "she") and spoken:
        key = third_person(view, at, word)
        return (key, tokens[0]) if key else None
    for tok in tokens:
        key = view.character(tok)
        if key:
            return key, tok
    return None


def _quote_span(view: ChapterView, at: int) -> tuple[int, int]:
    """The character span of the quotation holding an offset."""
    tokens = view.tokens_between(at, at + 1)
    if not len(tokens):
        return at, at
    doc, i = view.doc, tokens[0].i
    first = last = i
    while first > 0 and view.in_quote(doc[first - 1]):
        first -= 1
    while last + 1 < len(doc) and view.in_quote(doc[last + 1]):
        last += 1
    return doc[first].idx, doc[last].idx + len(doc[last].text)


_EXCHANGES: list[tuple[Any, list[tuple[str, str, set[int]]]]] = []


def _exchanges(view: ChapterView) -> list[tuple[str, str, set[int]]]:
    """The chapter's exchanges (dynamics.exchanges), read once per chapter."""
    if not _EXCHANGES or _EXCHANGES[0][0] is not view.doc:
        _EXCHANGES[:] = [(view.doc, exchanges(view))]
    return _EXCHANGES[0][1]


def speaker(view: ChapterView, at: int) -> str | None:
    """Who says the quotation at an offset: its "I" as the coreference resolved it, else the
    speaker of its paragraph's exchange."""
    start, end = _quote_span(view, at)
    for tok in view.tokens_between(start, end):
        if tok.lower_ in ("i", "me", "my") and view.character(tok):
            return view.character(tok)
    sentence = view.sentence_at(at)
    said = {a for a, _b, sentences in _exchanges(view) if sentence in sentences}
    return next(iter(said)) if len(said) == 1 else None


def addressee(view: ChapterView, at: int) -> str | None:
    """The one spoken to: a name set off by commas in the quotation, not the speaker's; else
    the partner of the exchange the quotation is in."""
    talker = speaker(view, at)
    start, end = _quote_span(view, at)
    for m in _VOCATIVE.finditer(view.text, start, end):
        if normalize(m.group("name")) in PRONOUNS:
            continue
        key = next((view.character(t) for t in view.tokens_between(m.start("name"), m.end("name"))
                    if view.character(t)), None)
        if key and key != talker:
            return key
    sentence = view.sentence_at(at)
    partners = {b for a, b, sentences in _exchanges(view)
                if sentence in sentences and b != talker and (talker is None or a == talker)}
    return next(iter(partners)) if len(partners) == 1 else None


def third_person(view: ChapterView, at: int, pronoun: str) -> str | None:
    """Who "he"/"she" in speech stands for: the people named in this and the two paragraphs
    before (at least 500 characters back), other than the speaker and the one spoken to; only
    when exactly one of them can be that gender."""
    paragraph = view.paragraph_at(at)
    if paragraph < 0:
        return None
    back = next((p for p in range(paragraph, -1, -1) if view.paragraphs[p][0] <= at - 500), 0)
    window = view.paragraphs[min(max(0, paragraph - 2), back)][0]
    exclude = {speaker(view, at), addressee(view, at)}
    wanted = "male" if pronoun == "he" else "female"
    people: list[str] = []
    for m in view.mentions_in(window, at):
        key = m.entity_key
        if m.kind == "pronoun" or not view.is_character(key) or key in exclude or key in people:
            continue
        people.append(key)
    for rank in _THE_RANK.finditer(view.text, window, at):  # "the captain's stone": Captain Reyes
        who = _titled(view, rank.group(1).lower())
        if who and who not in exclude and who not in people:
            people.append(who)
    for caps in _CAPITALS.finditer(view.text, window, at):  # an inscription: "ILSE REYES"
        who = next((k.name for k in view.context.entities if k.type == "character"
                    and normalize(caps.group()) in {normalize(n) for n in (k.name, *k.aliases)}), None)
        if who and who not in exclude and who not in people:
            people.append(who)
    fitting = [p for p in people if _said_gender(view, p) in (wanted, None)]
    return fitting[0] if len(fitting) == 1 else None


def _said_gender(view: ChapterView, key: str) -> str | None:
    """A person's gender as this chapter tells it (its own reading, else a title of the name),
    not the roster's, which may be a guess from a rank (a "Captain Reyes" taken for a man)."""
    item = view.chapter.entities.get(key)
    if item is not None and item.gender in ("male", "female"):
        return item.gender
    first = key.split()[0].lower().rstrip(".")
    return "male" if first in ("mr", "sir", "lord") else "female" if first in ("mrs", "miss", "ms", "lady") \
        else None


_CAPITALS = re.compile(r"\b[A-Z][A-Z'’-]+(?:\s+[A-Z][A-Z'’-]+)+\b")
_THE_RANK = re.compile(rf"\bthe\s+({'|'.join(sorted(NEUTRAL_HONORIFICS))})\b", re.IGNORECASE)


def _titled(view: ChapterView, rank: str) -> str | None:
    """The one character of the story whose name or alias carries a rank or title ("the
    captain" of Captain Reyes), or None."""
    wanted = TITLE_SPELLINGS.get(rank, rank)
    found = {known.name for known in view.context.entities if known.type == "character" and any(
        TITLE_SPELLINGS.get(w := n.split()[0].lower().rstrip("."), w) == wanted
        for n in (known.name, *known.aliases) if len(n.split()) > 1)}
    return found.pop() if len(found) == 1 else None
