"""canon ages in any grammatical form, given to the right person.

"Tomas was twenty-five", "You are seventeen years old", "She was fifty-one" (in speech, about
someone who is neither the speaker nor the listener), "I am forty", "a girl of nineteen",
"the nineteen-year-old Elena", "at nineteen she was ...", "for all her nineteen years", "had seen
forty summers", "not yet twenty", "turned thirty last spring". A story only moves forward: a
draft may make someone older than the locked age (by at most AGE_SLACK years) but never
younger, and a bound ("not yet twenty", "over fifty") contradicts only when no age it allows
is possible. Whose age it is: a name; in speech "I" (the speaker), "you" (the one addressed,
else the last other speaker) and "he"/"she" (the one person of that gender named just before
who is neither); in narration the extractor's resolution. Only a name in narration FAILs."""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

from continuum.language import numbers
from continuum.language.names import PRONOUNS, PROPER_NAME, SHORT_NAME, normalize, proper_name
from continuum.language.numbers import parse_number
from continuum.language.prose import Span, Speech, in_speech, paragraphs, sentences
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding, overlaps_any, spans_overlap
from continuum.pipeline.critic.recognisers.canon_subjects import meant_other
from continuum.reads.world_state import WorldState

AGE_SLACK = 2  # years a story may move on between a locked age and a later chapter
_TENS = "|".join(numbers.TENS)
UNITS = "|".join(w for w, value in numbers.UNITS.items() if 1 <= value <= 9)
NUMBER = (rf"(?:(?:{_TENS})(?:[- ](?:{UNITS}))?|(?:{UNITS})-and-(?:{_TENS})|"
          r"(?:thir|four|fif|six|seven|eigh|nine)teen|ten|eleven|twelve|\d{1,2})")
# Words before an age that make it a bound or an approximation rather than an exact value.
UNDER = ("not yet", "under", "nearly", "almost", "barely", "scarcely", "close on", "going on",
         "hardly", "not quite")
OVER = ("over", "past", "more than", "well past", "well over", "upwards of")
ABOUT = ("about", "some", "around", "roughly", "perhaps", "maybe")
_BOUND = "|".join(sorted((*UNDER, *OVER, *ABOUT), key=len, reverse=True)).replace(" ", r"\s+")
_WHO = rf"(?P<who>{SHORT_NAME}|\b(?:[Ii]|[Yy]ou|[Hh]e|[Ss]he)\b)"
_UNTITLED = proper_name(2, titled=False)  # "Tomas's twenty-six summers"
_COPULA = (r"(?:is|was|are|am|were|['’]s|['’]m|['’]re|is\s+now|was\s+now|is\s+still|was\s+still|"
           r"turned|turns|has\s+turned|had\s+turned|will\s+be|would\s+be\s+(?=\w+\s+(?:next|this|come)))")
_AGE = rf"(?:(?P<bound>{_BOUND})\s+)?(?:only\s+|just\s+|still\s+)?(?P<age>{NUMBER})"
_PERSON_NOUN = (r"(?:girl|boy|man|woman|lad|lass|child|youth|fellow|lady|gentleman|widow|widower|"
                r"spinster|bachelor|maid|creature|soul)")
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
    # "At nineteen she was the best seamstress in Saltmere" (maybe a look back: never a FAIL)
    re.compile(rf"(?:^|[.!?]\s+)At\s+{_AGE}(?P<years>),?\s+{_WHO}\s+(?:was|is)\b(?!\s+to\b)"),
    # "for all her nineteen years", "Tomas's twenty-six summers"
    re.compile(rf"(?P<poss>\b(?:his|her|your|my)|{_UNTITLED}['’]s)\s+{_AGE}"
               rf"\s+(?P<years>years|summers|winters|springs)\b(?=\s*(?:[,.;!?\"”]|and\b|$))"),
    # "she had seen forty summers"
    re.compile(rf"{_WHO}\s+(?:had|has|have)\s+(?:seen|lived|known)\s+{_AGE}\s+"
               rf"(?P<years>summers|winters|springs)\b"),
]
# A plain number after a copula that is not an age: "was twenty minutes late", "were three in
# number", "was thirty years in the Guild".
_NOT_AGE_AFTER = re.compile(r"\s*(?:-\s*)?(?:[a-z]+\s+)?(?:years?|minutes?|hours?|days?|weeks?|months?|"
                            r"miles?|feet|foot|yards?|paces?|times|pounds?|shillings?|pence|guineas?|"
                            r"o['’]clock|of\b|in\s+number|men|women|people|strong|apiece|each|and\s+"
                            r"(?:a|one)\s+half|percent|per\b)", re.IGNORECASE)
_THEN = re.compile(r"\b(?:when|since|until|till|before|after|while|once|by\s+the\s+time|if|as\s+if|"
                   r"as\s+though|than)\s+(?:[\w'’]+\s+){0,3}$", re.IGNORECASE)


# An age followed by the time it held: "I was nine the year the ship went down", "she was
# seventeen when her father died" - about then, not the story's now.
_THEN_AFTER = re.compile(r"^\s*(?:years?\s+old)?,?\s*(?:when\b|(?:in\s+)?the\s+(?:very\s+)?(?:year|winter|"
                         r"summer|spring|autumn|day|night|week|month)\s+(?!before\b|after\b)(?:that\s+)?"
                         r"(?:the|a|an|his|her|my|our|their|your|[A-Z])|at\s+the\s+time\b|back\s+then\b|"
                         r"in\s+those\s+days\b)")


def about_then(after: str) -> bool:
    """Whether the words after a stated age date it to an earlier time ("... when the ship
    went down", "... the year the mill burned")."""
    return _THEN_AFTER.match(after) is not None


@dataclass(frozen=True)
class StatedAge:
    """An age the draft gives someone, with the words that bound it."""

    person: uuid.UUID
    age: int
    bound: str | None
    start: int
    end: int
    spoken: bool
    named: bool
    sure: bool = True
    pronoun: str | None = None


_AT_AGE = FORMS[4]
_ANY_AGE = re.compile(_AGE)


def contradicts(locked: int, age: int, bound: str | None) -> bool:
    """Whether a stated age (or bound) cannot be the locked age a little later in the story."""
    bound = " ".join(bound.lower().split()) if bound else None
    if bound in UNDER:
        return locked >= age or age - locked > AGE_SLACK + 3
    if bound in OVER:
        return locked + AGE_SLACK < age
    if bound in ABOUT:
        return age < locked - 3 or age > locked + AGE_SLACK + 3
    return age < locked or age > locked + AGE_SLACK


def stated_ages(claims: DraftClaims, world: WorldState) -> list[StatedAge]:
    """Every age the draft states, with whose it is (when that is clear)."""
    out: list[StatedAge] = []
    for sentence in sentences(claims.text):
        if _ANY_AGE.search(sentence.text) is None:
            continue  # every form holds an age: most sentences need no form tried
        for form in FORMS:
            for m in form.finditer(sentence.text):
                speech = in_speech(claims.speeches, sentence.start + m.start())
                found = _stated(claims, world, sentence, speech, m)
                if found is not None and form is _AT_AGE:
                    found = replace(found, sure=False)
                if found is not None and not any(spans_overlap(s.start, s.end, found.start, found.end)
                                                 for s in out):
                    out.append(found)
    return out


def _stated(claims: DraftClaims, world: WorldState, sentence: Span, speech: Speech | None,
            m: re.Match[str]) -> StatedAge | None:
    age = parse_number(m.group("age").replace("-and-", " ").replace("-", " "))
    if age is None or not 10 <= age < 110:
        return None
    rest = sentence.text[m.end():]
    if (not m.group("years") and _NOT_AGE_AFTER.match(rest)) or about_then(rest):
        return None
    start, end = sentence.start + m.start(), sentence.start + m.end()
    if _THEN.search(claims.text[max(sentence.start, start - 40):start]) or \
            re.search(r"\b(?:had\s+been|would\s+have\s+been|will\s+be\s+when)\b", m.group(), re.IGNORECASE):
        return None  # "since he was fourteen", "if I were forty": not the story's now
    if re.search(r"\b(?:not|never|no)\s*$", claims.text[max(sentence.start, start - 12):start]):
        return None
    spoken = speech is not None
    if spoken and re.match(r"(?:I|you)\s+(?:was|were)\b", m.group(), re.IGNORECASE):
        return None  # "I was fourteen," said Tomas: the speaker's own past, not the story's now
    if "poss" in m.groupdict() and m.group("poss"):
        surface = re.sub(r"['’]s$", "", m.group("poss"))
        surface = {"his": "he", "her": "she", "your": "you", "my": "I"}.get(surface.lower(), surface)
        at = sentence.start + m.start("poss")
    else:
        surface = m.group("who")
        at = sentence.start + m.start("who")
    person = whose(claims, world, surface, at, speech)
    if person is None:
        return None
    named = normalize(surface) not in PRONOUNS and surface.lower() not in ("i", "you")
    return StatedAge(person, age, m.group("bound"), start, end, spoken, named,
                     pronoun=None if named else surface.lower())


def whose(claims: DraftClaims, world: WorldState, surface: str, at: int,
          speech: Speech | None) -> uuid.UUID | None:
    """Whom a stated age's subject names: a name (less a leading word that is none), a pronoun
    of the narration, or in speech "I" the speaker, "you" the one spoken to, "he"/"she" a third."""
    word = surface.lower()
    if word not in ("i", "you", "he", "she"):
        found = claims.person(surface, at)
        while found is None and len(surface.split()) > 1:  # "Then Tomas", "Poor Elena"
            cut = surface.split(None, 1)
            at += len(surface) - len(cut[1])
            surface = cut[1]
            found = claims.person(surface, at)
        return found
    if speech is None:
        return claims.person(surface, at) if word in ("he", "she") else None
    speaker = claims.person(speech.speaker, speech.speaker_at) if speech.speaker else None
    listener = addressed(claims, speech, at, speaker)
    if word == "i":
        return speaker
    if word == "you":
        return listener
    return third_person(claims, world, at, word, {p for p in (speaker, listener) if p is not None})


def addressed(claims: DraftClaims, speech: Speech, at: int, speaker: uuid.UUID | None) -> uuid.UUID | None:
    """The one spoken to: a name set off by commas in the speech, else the last other
    speaker before it (None when the speaker is unknown)."""
    for m in re.finditer(rf"(?:^|,)\s*(?P<name>{SHORT_NAME})\s*(?:[,.!?]|$)", speech.text):
        who = claims.person(m.group("name"), speech.start + m.start("name"))
        if who is not None and who != speaker and normalize(m.group("name")) not in PRONOUNS:
            return who
    if speaker is None:
        return None
    for earlier in reversed([s for s in claims.speeches if s.end <= speech.start][-6:]):
        who = claims.person(earlier.speaker, earlier.speaker_at) if earlier.speaker else None
        if who is not None and who != speaker:
            return who
    return None


_MENTION = re.compile(rf"\b{PROPER_NAME}"
                      r"|\bthe\s+(?P<noun>[a-z]{3,})(?:\s+(?P<noun2>[a-z]{3,}))?")


def third_person(claims: DraftClaims, world: WorldState, at: int, pronoun: str,
                 exclude: set[uuid.UUID]) -> uuid.UUID | None:
    """Who "he"/"she" in speech stands for: the people named (by name or post) in this and the
    two paragraphs before (at least 500 characters back), other than the speaker and the
    listener; only when exactly one of them can be that gender."""
    paras = [p for p in paragraphs(claims.text) if p.start <= at]
    window = min(paras[-3].start if len(paras) >= 3 else 0,
                 next((p.start for p in reversed(paras) if p.start <= at - 500), 0))
    people: list[uuid.UUID] = []
    roles = {normalize(f.value).split(" of ")[0].split()[-1] for f
             in world.locked_canon if f.predicate == "occupation" and f.value.strip()}
    for m in _MENTION.finditer(claims.text, window, at):
        surface = m.group()
        if normalize(surface) in PRONOUNS or surface.split()[0] in ("The", "A", "An"):
            continue
        if m.group("noun"):  # "the captain", "the old innkeeper": one person's post
            noun = next((n for n in (m.group("noun"), m.group("noun2")) if n in roles), None)
            if noun is None:
                continue
            who = claims.role(f"the {noun}", m.start())
        else:
            who = claims.person(surface)
        if who is not None and who not in exclude and who not in people \
                and claims.roster.entries[who].type == "character":
            people.append(who)
    wanted = "male" if pronoun == "he" else "female"
    fitting = [p for p in people if _gender(claims, p) in (wanted, "unknown")]
    return fitting[0] if len(fitting) == 1 else None


def _gender(claims: DraftClaims, person: uuid.UUID) -> str:
    """A person's gender as the draft's extraction or their title tells it, else "unknown"."""
    for item in claims.extraction.new_entities:
        if claims.bind(item.name, "character") == person and item.gender in ("male", "female"):
            return item.gender
    name = claims.name_of(person).split()[0].rstrip(".")
    if name in ("Mr", "Sir", "Lord"):
        return "male"
    if name in ("Mrs", "Miss", "Ms", "Lady"):
        return "female"
    return "unknown"


def age_findings(claims: DraftClaims, world: WorldState, taken: list[Finding],
                 severity_of: Mapping[uuid.UUID, Literal["FAIL", "WARN"]]) -> list[Finding]:
    """Stated ages that no locked age allows: FAIL for a name in narration (unless the locks
    disagree), else WARN."""
    findings: list[Finding] = []
    for stated in stated_ages(claims, world):
        locked = [(f.subject, parse_number(f.value), f.evidence) for f in world.locked_canon
                  if f.subject_id == stated.person and f.predicate == "age"]
        values = [(n, v, e) for n, v, e in locked if v is not None]
        if not values or not all(contradicts(v, stated.age, stated.bound) for _n, v, _e in values):
            continue
        if stated.pronoun in ("he", "she") and not stated.bound and meant_other(
                claims, world, stated.person, "age", str(stated.age), stated.pronoun):
            continue  # "she was nineteen": the other woman in the scene is nineteen
        sentence = next((s for s in sentences(claims.text) if s.start <= stated.start < s.end), None)
        if sentence is None or overlaps_any(taken + findings, sentence.start, sentence.end):
            continue
        name, value, evidence = values[0]
        said = f"{stated.bound} {stated.age}" if stated.bound else str(stated.age)
        sure = stated.named and not stated.spoken and stated.sure
        how = "" if sure else " (said in dialogue)" if stated.spoken else \
            " (the person is only a pronoun)" if not stated.named else " (maybe said of an earlier time)"
        findings.append(Finding(
            check="canon", severity=severity_of.get(stated.person, "FAIL") if sure else "WARN",
            message=f"{name}'s age is locked as {value}, the draft says {said}{how}",
            draft_start=sentence.start, draft_end=sentence.end, draft_quote=sentence.text,
            evidence_chapter=evidence.chapter, evidence_quote=evidence.quote))
    return findings
