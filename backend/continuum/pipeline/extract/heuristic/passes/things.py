"""Things a character can hold, hide, lose or be promised: the concrete-noun lexicon.

Possession, setups and quests only count concrete things ("the letter", "a locked box"),
never abstractions ("took delight", "gave her a look", "concealed their attachment").
An entity of a non-character, non-location type (an object, or a custom type) always counts.
"""

from __future__ import annotations

from typing import Any

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.textmap import words

HOLDABLE = words(
    """key keys box chest letter letters map ring pistol pistols gun revolver knife dagger
    sword bottle book books drawer trunk package parcel note locket coin coins paper papers
    chart will document documents packet casket purse pouch bag case cabinet portrait
    picture miniature phial vial poison powder seal cipher diary journal lantern rope ladder
    boat musket cutlass treasure gold silver jewel jewels necklace bracelet brooch earring
    handkerchief glove gloves watch compass flask lock envelope scroll manuscript tablet
    amulet talisman wand stone crown hat bonnet cap cloak coat gown shawl ribbon fan parasol
    umbrella shoe shoes boot boots carriage chaise horse horses pony cart newspaper card
    cards ticket pen ink money banknote banknotes guinea guineas pound pounds shilling
    shillings crown sovereign sovereigns purse deed deeds contract estate property house
    ship schooner gig jolly-boat coracle oar oars spade pick pickaxe shovel crutch stick
    cane pipe tobacco rum brandy wine cask keg barrel provisions stores bread cheese plate
    dish cup glass spoon candle lamp torch link bible prayer-book flower flowers bouquet
    basket cake chain medal badge flag spyglass telescope knapsack bundle blanket
    """
)
# What a quest or mystery can be about besides people and things.
QUEST_NOUNS = words(
    """secret truth mystery murderer culprit thief killer traitor answer identity
    whereabouts treasure fortune hiding-place place island father mother brother sister
    son daughter wife husband child friend"""
)


def thing_key(view: ChapterView, tok: Any) -> str | None:
    """A concrete thing's name: an object-like entity key, or the noun-phrase lemma key."""
    key = view.key(tok)
    if key:
        return key if view.type_of(key) not in {"character", "location", None} else None
    if tok.pos_ != "NOUN" or (tok.lemma_.lower() not in HOLDABLE and tok.lower_ not in HOLDABLE):
        return None
    return view.noun_phrase(tok)[1]


def is_thing(view: ChapterView, tok: Any) -> bool:
    return thing_key(view, tok) is not None
