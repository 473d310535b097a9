"""What the world has locked, and the earlier chapters say, about a person's canon: shared by
the canon check (`checks/canon.py`) and the recognisers of canon in other forms.

- values: what a value means for comparison (a colour's group: "black" / "raven" / "a crow's
  wing"), whether the world locks two disagreeing values (then a contradiction is only a WARN,
  with a note), and whether an extracted colour disagrees with every locked one
  (`colour_disagrees`);
- ages: whether a stated age (or bound) can be the locked age a little later (`contradicts`);
- trades: whether two trades agree, in words or in trade family ("dressmaker" is a
  seamstress).

Only values are compared here: whether a sentence tells a trade of the past, or a time
clause, is the extractor's frame of the fact (`passes/canon_frames`).
"""

from __future__ import annotations

import uuid
from typing import Literal

from continuum.language.ages import ABOUT, OVER, UNDER
from continuum.language.colours import COLOUR_WORDS, TONES, colour_group, colour_groups
from continuum.language.content import letter_words
from continuum.language.names import normalize
from continuum.language.trades import TRADE_FAMILY
from continuum.pipeline.critic.claims import same_person
from continuum.pipeline.persist.canon import SINGLE_VALUED
from continuum.reads.world_state import WorldState

NAME = "canon"
AGE_SLACK = 2  # years a story may move on between a locked age and a later chapter


def contradicts(locked: int, age: int, bound: str | None) -> bool:
    """Whether a stated age (or bound) cannot be the locked age a little later in the story:
    a story only moves forward, so someone may be older by AGE_SLACK years, never younger."""
    bound = " ".join(bound.lower().split()) if bound else None
    if bound in UNDER:
        return locked >= age or age - locked > AGE_SLACK + 3
    if bound in OVER:
        return locked + AGE_SLACK < age
    if bound in ABOUT:
        return age < locked - 3 or age > locked + AGE_SLACK + 3
    return age < locked or age > locked + AGE_SLACK


def same_family(draft: str, locked: str) -> bool:
    """A draft's trade names the locked one: the same head noun ("clerk" and "clerk of the
    Harbour Guild", not "treasurer of the Harbour Guild") or its trade family ("dressmaker" and
    "seamstress")."""
    heads = [normalize(v).split(" of ")[0].split()[-1:] for v in (draft, locked)]
    if not heads[0] or not heads[1]:
        return False
    if heads[0] == heads[1]:
        return True
    family = TRADE_FAMILY.get(heads[0][0])
    return family is not None and family == TRADE_FAMILY.get(heads[1][0])


def trade_agrees(trade: str, value: str) -> bool:
    """The same trade in words ("smith" / "blacksmith", "clerk" / "clerk of the Harbour Guild")
    or in family ("dressmaker" / "seamstress"); only the head nouns are compared ("harbourmaster"
    is no "treasurer of the Harbour Guild")."""
    heads = [normalize(v).split(" of ")[0].split()[-1:] for v in (trade, value)]
    return bool(heads[0] and heads[1]) and same_trade(heads[0][0], heads[1][0]) or same_family(trade, value)


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
    said = set(letter_words(value)) & set(TONES)
    if drawn is None or not allowed or any(said & set(letter_words(v)) for v in locks):
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
