"""Genre presets: the custom entity types a genre usually needs, as data."""

from __future__ import annotations

from pydantic import BaseModel

CORE_TYPE_DESCRIPTIONS = {
    "character": "A person or any being that acts and speaks.",
    "location": "A place: a country, a town, a house, a room.",
    "faction": "A group people belong to: a family, an army, a guild, a party.",
    "object": "A thing someone can hold, give, lose or destroy.",
}


class TypeDef(BaseModel):
    """An entity type a preset adds."""

    name: str
    description: str


class Preset(BaseModel):
    """A genre preset."""

    key: str
    label: str
    types: list[TypeDef]


def _preset(key: str, label: str, *types: tuple[str, str]) -> Preset:
    return Preset(key=key, label=label, types=[TypeDef(name=n, description=d) for n, d in types])


PRESETS: dict[str, Preset] = {p.key: p for p in (
    _preset("fantasy", "Fantasy",
            ("magic_system", "A system of magic: its source, rules and costs."),
            ("artifact", "An object of power with a history: a ring, a sword, a crown."),
            ("creature", "A non-human species or monster."),
            ("deity", "A god or power that is worshipped."),
            ("prophecy", "A foretelling that characters act on.")),
    _preset("science_fiction", "Science fiction",
            ("starship", "A vessel that travels between worlds."),
            ("planet", "A world, moon or station where the story happens."),
            ("species", "An alien or engineered species."),
            ("technology", "A device or science that shapes the plot."),
            ("artificial_intelligence", "A thinking machine that acts on its own.")),
    _preset("litrpg", "LitRPG",
            ("realm", "A world, zone or plane with its own level range and rules."),
            ("power_system", "The rules of progression: levels, stats, tiers, mana."),
            ("skill", "An ability a character gains and levels up."),
            ("class", "A character class or profession."),
            ("quest", "A task the system gives, with its reward."),
            ("dungeon", "An instanced place to clear, with its floors and bosses.")),
    _preset("mystery", "Mystery",
            ("crime", "The crime under investigation: what, where, when."),
            ("clue", "A piece of evidence the detective (or reader) can find."),
            ("alibi", "Where a suspect claims to have been."),
            ("red_herring", "A false lead planted to mislead."),
            ("motive", "A reason someone had to commit the crime.")),
)}
