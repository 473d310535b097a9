"""What the world has locked, and the earlier chapters say, about a person's canon, and how a
finding against it is made: shared by the canon check (`checks/canon.py`) and the recognisers
of canon in other forms (`canon_colours`, `canon_trades`).

- colours: the groups that can name one another ("black" / "raven"), the parts they are said
  of, and a colour against the locked one (`against_locked`, a FAIL unless the world locks two
  disagreeing values, then a WARN with a note);
- trades: the trade words and offices, and the trades earlier sentences give a person;
- whose hair or eyes a part is (`owner`), and whether only a pronoun says so (`by_pronoun`).
"""

from __future__ import annotations

import re
import uuid
from typing import Any, Literal

from continuum.language.colours import COLOUR_WORDS, colour_group
from continuum.language.names import normalize
from continuum.language.trades import OCCUPATIONS
from continuum.pipeline.critic.claims import DraftClaims, same_person
from continuum.pipeline.critic.outcome import Finding
from continuum.pipeline.critic.recognisers.canon_subjects import meant_other
from continuum.pipeline.critic.recognisers.voices import clause_subject
from continuum.pipeline.persist.canon import SINGLE_VALUED
from continuum.reads.critic_state import PriorSentence
from continuum.reads.world_state import WorldState

NAME = "canon"


# The bare colours as a regex alternation, longest first.
COLOURS = "|".join(sorted(COLOUR_WORDS, key=len, reverse=True))


PARTS = {"hair": "hair_colour", "eyes": "eye_colour", "eye": "eye_colour", "beard": "hair_colour"}


NAME_PATTERN = r"[A-Z][\w’-]+(?:\s+[A-Z][\w’-]+)*"


# Offices as well as trades ("the treasurer of the Harbour Guild").
OFFICES = {"treasurer", "secretary", "chairman", "president", "mayor", "alderman", "warden",
           "governor", "bailiff", "beadle", "sexton", "verger", "churchwarden", "overseer",
           "foreman", "apprentice", "journeyman", "landlady", "proprietor", "owner"}


TRADE = (rf"(?:{'|'.join(sorted(OCCUPATIONS | OFFICES, key=len, reverse=True))}|"
          r"[a-z]+(?:master|keeper|maker|smith|wright))")


_TRADE_OF = re.compile(rf"\b(?:had\s+been|has\s+been|was|is)\s+(?:the|a|an)\s+(?:[a-z]+\s+)?"
                       rf"(?P<trade>{TRADE})\b")


_PERSON = re.compile(rf"\b{NAME_PATTERN}")


def earlier_trades(claims: DraftClaims, subject: uuid.UUID) -> list[tuple[str, PriorSentence]]:
    """Earlier sentences that give the person a trade: "Mr. Aldous Finch was fifty-eight years
    old, and he was the treasurer of the Harbour Guild" (a pronoun stands for the one person
    the sentence has named before it)."""
    if claims.history is None:
        return []
    out = []
    for sentence in claims.history.sentences_with(_TRADE_OF.pattern):
        for m in _TRADE_OF.finditer(sentence.quote):
            before = sentence.quote[:m.start()]
            words = before.split()
            if not words:
                continue
            people = {p for p in (claims.person(n.group()) for n in _PERSON.finditer(before))
                      if p is not None}
            pronoun = normalize(words[-1]) in {"he", "she"} and people == {subject}
            named = subject in (claims.person(" ".join(words[-2:])), claims.person(words[-1]))
            if pronoun or named:
                out.append((m.group("trade").lower(), sentence))
    return out



def same_trade(trade: str, value: str) -> bool:
    """"clerk" agrees with "clerk of the Harbour Guild", "smith" with "blacksmith"."""
    return any(w == trade or (len(w) > 3 and (w in trade or trade in w)) for w in normalize(value).split())


def locked_values(world: WorldState, subject: uuid.UUID | None, predicate: str) -> set[str]:
    return {normalize(f.value) for f in world.locked_canon
            if f.subject_id == subject and f.predicate == predicate}


def value_key(value: str) -> str | int:
    """A value's meaning for comparison: its colour group, else the value itself."""
    colours = [w for w in value.split() if w in COLOUR_WORDS]
    return colour_group(colours[0]) if colours else value


def conflicted(world: WorldState, subject: uuid.UUID | None, predicate: str) -> bool:
    """The world locks two different values of one single-valued fact: one of the locks
    was mis-attributed (say, another woman's "her black hair"), so neither can be trusted."""
    values = locked_values(world, subject, predicate)
    return predicate in SINGLE_VALUED and len({value_key(v) for v in values}) > 1


def agrees(world: WorldState, subject: uuid.UUID | None, name: str, predicate: str, value: str) -> bool:
    """The draft's value is one of the values locked for the same subject and predicate."""
    return normalize(value) in locked_values(world, subject, predicate)


def severity(world: WorldState, subject: uuid.UUID | None, predicate: str) -> Literal["FAIL", "WARN"]:
    return "WARN" if conflicted(world, subject, predicate) else "FAIL"


def conflict_note(world: WorldState, subject: uuid.UUID | None, predicate: str) -> str:
    if not conflicted(world, subject, predicate):
        return ""
    return f" (but the locked {predicate} values disagree: " \
           f"{', '.join(sorted(locked_values(world, subject, predicate)))})"


def colour_meant_other(claims: DraftClaims, world: WorldState, person: uuid.UUID, predicate: str,
                 colour: str, part: Any) -> bool:
    """Another person the pronoun owning the hair or eyes could mean has that colour locked."""
    pronoun = next((c.lower_ for c in part.children if c.dep_ == "poss"), None)
    for fact in world.locked_canon:
        if fact.subject_id is not None and fact.subject_id != person and fact.predicate == predicate and \
                value_key(normalize(fact.value)) == colour_group(colour) and \
                meant_other(claims, world, person, predicate, fact.value, pronoun):
            return True
    return False


def by_pronoun(part: Any) -> bool:
    """The owner of the hair or eyes is given only by a pronoun (resolution may be wrong)."""
    poss = next((c for c in part.children if c.dep_ == "poss"), None)
    if poss is not None:
        return bool(poss.pos_ == "PRON")
    verb = part.head
    subject = next((c for c in verb.children if c.dep_ == "nsubj" and c != part), None)
    if subject is None and part.dep_ == "dobj":
        subject = clause_subject(verb)
    return subject is None or subject.pos_ == "PRON"


def owner(claims: DraftClaims, part: Any) -> uuid.UUID | None:
    """Whose hair or eyes: the possessor, the noun a "with ..." phrase hangs on, else the
    subject of the clause."""
    from continuum.pipeline.critic import parsed

    node: Any = part
    poss = next((c for c in node.children if c.dep_ == "poss"), None)
    if poss is not None:
        found = parsed.who(claims, poss)
        if found is not None or poss.pos_ == "PROPN":
            return found
    head = node.head
    if node.dep_ == "pobj" and head.lower_ == "with":
        holder = head.head
        if holder.pos_ in ("PROPN", "PRON"):
            return parsed.who(claims, holder)
        node = holder
        head = holder.head
    verb = head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    subject = next((c for c in verb.children if c.dep_ in parsed.SUBJECTS and c != part), None)
    if subject is None and part.dep_ == "dobj":
        subject = clause_subject(verb)  # "pulled off her bonnet and shook out hair ..."
    return parsed.who(claims, subject) if subject is not None else None


def locked(claims: DraftClaims, world: WorldState, subject: uuid.UUID, who: str,
            predicate: str) -> list[tuple[str, str, object]]:
    return [(f.subject, f.value, f.evidence) for f in world.locked_canon
            if f.predicate == predicate and (f.subject_id == subject or same_person(f.subject, who))]


def against_locked(claims: DraftClaims, world: WorldState, subject: uuid.UUID, who: str,
                    predicate: str, colour: str, start: int, end: int) -> Finding | None:
    values = locked(claims, world, subject, who, predicate)
    if any(value_key(normalize(value)) == colour_group(colour) for _name, value, _ev in values):
        return None  # one locked value agrees (a conflicting second lock is not trusted)
    for name, value, evidence in values:
        words = [w for w in normalize(value).split() if w in COLOUR_WORDS]
        if not words or any(colour_group(w) == colour_group(colour) for w in words):
            continue
        return Finding(check=NAME, severity=severity(world, subject, predicate),
                       message=f"{name}'s {predicate} is locked as {value!r}, the draft says "
                               f"{colour!r}{conflict_note(world, subject, predicate)}",
                       draft_start=start, draft_end=end, draft_quote=claims.text[start:end],
                       evidence_chapter=evidence.chapter,  # type: ignore[attr-defined]
                       evidence_quote=evidence.quote)  # type: ignore[attr-defined]
    return None
