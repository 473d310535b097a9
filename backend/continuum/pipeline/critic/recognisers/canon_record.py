"""What the world has locked, and the earlier chapters say, about a person's canon: shared by
the canon check (`checks/canon.py`) and the recognisers of canon in other forms
(`canon_trades`).

- values: what a value means for comparison (a colour's group: "black" / "raven" / "a crow's
  wing"), whether the world locks two disagreeing values (then a contradiction is only a WARN,
  with a note), and whether an extracted colour disagrees with every locked one
  (`colour_disagrees`);
- trades: the trade words and offices, and the trades earlier sentences give a person.
"""

from __future__ import annotations

import re
import uuid
from typing import Literal

from continuum.language.colours import COLOUR_WORDS, TONES, colour_group, colour_groups
from continuum.language.names import normalize
from continuum.language.trades import OCCUPATIONS
from continuum.pipeline.critic.claims import DraftClaims, same_person
from continuum.pipeline.persist.canon import SINGLE_VALUED
from continuum.reads.critic_state import PriorSentence
from continuum.reads.world_state import WorldState

NAME = "canon"


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


def colour_disagrees(world: WorldState, subject: uuid.UUID | None, name: str, predicate: str,
                     value: str) -> bool:
    """A colour the extractor read ("raven", "the colour of wet sand") names another colour
    group than every locked value of the person's that names a colour or a tone ("dark" eyes
    are black or brown, never blue): no locked value agrees (a conflicting second lock is not
    trusted either way), and some locked value says one. A value with the lock's own tone
    word agrees with it ("dark blue" of "dark")."""
    drawn = colour_groups(value)
    locks = [f.value for f in world.locked_canon if f.predicate == predicate and (
        f.subject_id == subject if subject is not None else same_person(f.subject, name))]
    allowed = [g for g in (colour_groups(v) for v in locks) if g is not None]
    said = set(re.split(r"[^a-z]+", value.lower())) & set(TONES)
    if drawn is None or not allowed or any(said & set(re.split(r"[^a-z]+", v.lower())) for v in locks):
        return False
    return not any(drawn & groups for groups in allowed)


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


def locked(claims: DraftClaims, world: WorldState, subject: uuid.UUID, who: str,
            predicate: str) -> list[tuple[str, str, object]]:
    return [(f.subject, f.value, f.evidence) for f in world.locked_canon
            if f.predicate == predicate and (f.subject_id == subject or same_person(f.subject, who))]
