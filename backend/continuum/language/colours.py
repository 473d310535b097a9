"""Colour words of hair and eyes: the palettes a colour is read from ("her pale blue eyes", "red
hair"), the shades that may go with one ("pale", "iron-grey"), and, to tell whether two
colours disagree, the groups of colours that can name one another ("black" and "raven"), the
variants of a bare colour ("coppery" is red) and the things a colour is compared to ("as black
as a crow", "the colour of straw")."""

from __future__ import annotations

import re

from continuum.language.lexicon import words

# Colours eyes are said to be, and hair: the words a colour phrase is made of.
EYE_COLOURS = words("black brown blue green grey gray hazel dark light pale violet amber")
HAIR_COLOURS = words(
    """black brown grey gray dark fair red golden auburn white light chestnut flaxen sandy
    silver yellow ginger raven grizzled blond blonde jet sable tawny russet copper"""
)
# Words that shade a colour in a run of colour words: "pale blue", "iron-grey", "deep brown".
SHADES = words(
    """pale dark light deep bright dull soft warm cold clear faded iron steel steely ash ashen
    honey sandy mousy mousey pure jet inky sea storm smoky muddy rich"""
)

# Colours that can name one another are one group; a contradiction crosses groups.
COLOUR_GROUPS: tuple[frozenset[str], ...] = (
    words("black raven jet"), words("brown chestnut hazel"),
    words("fair blond blonde golden gold yellow flaxen sandy"), words("red ginger auburn copper"),
    words("grey gray silver white"), words("blue"), words("green"),
)
# The bare colours: the words of the groups.
COLOUR_WORDS = frozenset(c for g in COLOUR_GROUPS for c in g)
# Colour words beyond the bare ones, each to a bare colour of the same group.
VARIANTS = {"coppery": "copper", "reddish": "red", "russet": "red", "fiery": "red", "flaming": "red",
            "carroty": "red", "brownish": "brown", "mousy": "brown", "mousey": "brown", "nut": "brown",
            "greyish": "grey", "grayish": "grey", "silvery": "silver", "snowy": "white", "ashen": "grey",
            "inky": "black", "sable": "black", "ebony": "black", "jetty": "black", "coal": "black",
            "blonde": "blond", "straw": "fair", "wheaten": "fair", "honeyed": "fair", "bluish": "blue",
            "greenish": "green"}
# Things a colour is compared to, each to a bare colour ("as black as a crow", "the colour of
# straw"). Only things of one clear colour; the sea, the sky at night, storms are left out.
THINGS = {
    "black": "coal soot ink pitch tar jet ebony raven crow rook jackdaw night midnight sloe sloes "
             "blackberry blackberries liquorice treacle",
    "brown": "chestnut chestnuts hazelnut hazelnuts nut nuts walnut walnuts acorn acorns oak mud earth "
             "peat bark coffee toffee mouse tea cinnamon bracken-stalk leather saddle conker conkers",
    "fair": "straw flax corn wheat barley butter honey sunlight gold sand primrose primroses buttercup "
            "buttercups hay stubble tow",
    "red": "copper rust fox foxes carrot carrots flame flames fire brick bracken blood cherry cherries "
           "marigold marigolds poppy poppies embers ember beech",
    "grey": "ash ashes slate pewter iron steel smoke flint lead dove doves granite fog mist badger "
            "gunmetal",
    "white": "snow frost milk chalk bone linen cotton swan swans",
    "blue": "sky cornflower cornflowers forget-me-not forget-me-nots sapphire sapphires bluebell "
            "bluebells periwinkle cobalt speedwell",
    "green": "grass moss emerald emeralds jade leaf leaves holly ivy clover bottle-glass sage",
}
COMPARED = {thing: colour for colour, things in THINGS.items() for thing in things.split()}


def colour_group(colour: str) -> int:
    """The group a bare colour belongs to (an index into COLOUR_GROUPS)."""
    return next(i for i, g in enumerate(COLOUR_GROUPS) if colour.lower() in g)


def colour_key(value: str) -> int | None:
    """The group of the colour a written value names: a colour word ("dark brown", "iron-grey"),
    a variant ("coppery"), else a thing of one colour ("wet sand", "a raven's wing"); None when
    it names none ("dark", "stewed tea")."""
    words = [w for w in re.split(r"[^a-z]+", value.lower()) if w]
    for word in words:
        if word in COLOUR_WORDS:
            return colour_group(word)
        if word in VARIANTS:
            return colour_group(VARIANTS[word])
    for word in words:
        thing = COMPARED.get(word) or COMPARED.get(word.removesuffix("s"))
        if thing:
            return colour_group(thing)
    return None


# A tone is no colour, but it rules some out: "dark" eyes or hair are black or brown, "light"
# or "pale" ones fair, grey, blue or green.
TONES = {"dark": words("black brown"), "light": words("fair grey blue green"),
         "pale": words("fair grey blue green")}


def colour_groups(value: str) -> frozenset[int] | None:
    """The colour groups a written value allows: its colour's one group ("raven" is black),
    else the groups its tone allows ("dark": black or brown); None when it says neither."""
    key = colour_key(value)
    if key is not None:
        return frozenset({key})
    words_ = set(re.split(r"[^a-z]+", value.lower()))
    allowed = {colour_group(c) for tone, colours in TONES.items() if tone in words_ for c in colours}
    return frozenset(allowed) or None

