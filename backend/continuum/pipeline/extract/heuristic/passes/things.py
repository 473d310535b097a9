"""Things a character can hold, hide, lose or be promised: the concrete-noun lexicon.

Possession, setups and quests only count concrete things ("the letter", "a locked box"),
never abstractions ("took delight", "gave her a look", "concealed their attachment").
An entity of a non-character, non-location type (an object, or a custom type) always counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.textmap import words
from continuum.pipeline.extract.schema import EntityItem, Mention

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
    ledger ledgers satchel notebook wallet pocketbook pocket-book snuffbox snuff-box
    tinderbox strongbox coffer bag saddlebag sack chronometer timepiece clock logbook log-book
    photograph photographs photo negative lens loupe magnifier sextant barometer thermometer
    instrument telegram certificate passport licence license receipt cheque warrant will
    rifle shotgun whip revolver pendant tiara diamond diamonds emerald ruby sapphire rosary
    violin fiddle flute doll jar tin canister syringe scarf muff veil spectacles pince-nez
    briefcase portfolio folder file dossier sketchbook album hammer chisel
    """
)
# Held things that are owned, not carried: "kept the house" is housekeeping, not holding.
NOT_PORTABLE = words(
    """estate property house carriage chaise horse horses pony cart ship schooner gig
    jolly-boat coracle boat drawer cabinet chest trunk cask keg barrel stores provisions"""
)
# Stuff counted, not a thing tracked: "kept the Guild's money" makes no object entity.
UNTRACKED = words(
    """money gold silver coin coins pound pounds shilling shillings guinea guineas sovereign
    sovereigns banknote banknotes cash bread cheese wine rum brandy tobacco provisions stores
    ink powder water food meat"""
)
# Words that open a definite noun phrase: one particular thing already in the story.
DEFINITE = words("the this that these those his her their its my your our")
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


@dataclass
class ObjectPhrase:
    """A thing's noun phrase: head lemma, modifier words, surface (no article), definiteness."""

    head: str
    mods: tuple[str, ...]
    surface: str
    definite: bool
    start: int
    end: int
    qualified: bool = False  # "the key to it", "the key of the box": named by what it opens


def object_phrase(view: ChapterView, tok: Any) -> ObjectPhrase:
    """The noun phrase ending at `tok`: the adjectives and nouns written right before it.

    Read from the words, not the parse: the parser often hangs "brass" of "the brass key"
    off the verb. "the brass key" → head "key", mods ("brass",), surface "brass key".
    """
    doc = tok.doc
    first = tok.i
    while first > 0 and doc[first - 1].pos_ in {"ADJ", "NOUN", "PROPN"} and \
            doc[first - 1].tag_ not in {"PRP$", "WP$"} and not doc[first - 1].is_punct and \
            doc[first - 1].lower_ not in DEFINITE and not view.is_character(view.key(doc[first - 1])):
        first -= 1
    before = doc[first - 1] if first > 0 else None
    definite = before is not None and (
        before.lower_ in DEFINITE or before.lower_ in {"'s", "\u2019s"} or before.tag_ == "PRP$")
    mods = tuple(t.lower_ for t in doc[first:tok.i])
    start, end = doc[first].idx, tok.idx + len(tok.text)
    qualified = any(c.dep_ == "prep" and c.lower_ in {"to", "of", "for"} for c in tok.children)
    return ObjectPhrase(tok.lemma_.lower(), mods, view.text[start:end], definite, start, end,
                        qualified)



@dataclass
class ObjectRegistry:
    """The chapter's trackable objects: known ones from the story, new ones found here.

    A phrase names a known object when the head word is the same and one phrase's
    modifiers contain the other's ("the key" / "a long brass key" → "brass key"; "the
    drawer key" is another key). A new object needs a definite phrase ("the brass key",
    "Jonah's ledger") or an indefinite one the chapter later takes up definitely ("a
    silver compass" … "the compass"): a thing the story keeps track of.
    """

    known: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    new: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict)
    _definite_heads: set[str] = field(default_factory=set)

    @classmethod
    def build(cls, view: ChapterView) -> ObjectRegistry:
        registry = cls()
        for entity in view.context.entities:
            if entity.type == "object":
                for surface in (entity.name, *entity.aliases):
                    parts = surface.lower().split()
                    if parts and parts[0] in {"the", "a", "an"}:
                        parts = parts[1:]
                    if parts:
                        registry.known[surface] = (parts[-1], tuple(parts[:-1]))
                        break
        for tok in view.tokens:
            if tok.pos_ == "NOUN" and tok.i > 0 and tok.doc[tok.i - 1].lower_ in DEFINITE:
                registry._definite_heads.add(tok.lemma_.lower())
        return registry

    def resolve(self, phrase: ObjectPhrase, *, create: bool = True) -> str | None:
        """The object's name (known or new), or None when unsure or not trackable.

        A bare head qualified by what it belongs to ("the key to it") is another thing
        than any described one ("the brass key"), and too vague to track on its own."""
        if phrase.qualified and not phrase.mods:
            return None
        mods = set(phrase.mods)
        found = [name for name, (head, known_mods) in self.known.items()
                 if head == phrase.head and (mods <= set(known_mods) or set(known_mods) <= mods)]
        exact = [n for n in found if set(self.known[n][1]) == mods]
        if len(found) > 1 and len(exact) == 1:
            found = exact
        if len(found) == 1:
            name = found[0]
            if name in self.new:
                self.new[name].append((phrase.start, phrase.end, phrase.surface))
            return name
        if found or not create or phrase.head in UNTRACKED:
            return None
        later = phrase.head in self._definite_heads
        if not phrase.definite and not (later and phrase.mods):
            return None
        name = phrase.surface
        self.known[name] = (phrase.head, phrase.mods)
        self.new[name] = [(phrase.start, phrase.end, phrase.surface)]
        return name

    def free_head(self, head: str) -> bool:
        """No tracked object has this head word: "a letter" cannot be mistaken for one."""
        return all(known_head != head for known_head, _ in self.known.values())

    def items(self, view: ChapterView, used: set[str]) -> list[EntityItem]:
        """An object entity for each new object some delta is about (`used`), quoting the
        sentence that first tracks it."""
        out = []
        for name, spans in self.new.items():
            if name not in used:
                continue  # named but never given, taken, held or lost: "the ship is bought"
            spans = sorted(set(spans))
            start, end = view.sentence_around(spans[0][0], spans[0][1])
            out.append(EntityItem(
                name=name, type="object",
                mentions=[Mention(start=a, end=b, text=t) for a, b, t in spans],
                evidence=view.evidence(start, end, "things.tracked", 0.7),
            ))
        return out
