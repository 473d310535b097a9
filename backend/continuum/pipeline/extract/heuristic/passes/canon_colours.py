"""Hair and eye colours beyond "her red hair" and "eyes the colour of slate": comparisons and
similes ("her hair came down, as brown as a hazelnut"), "the colour of" and "like" after a
clause ("hair like spun gold", "her hair shone like copper"), "X-coloured hair", colour words
predicated through a clause chain ("shook out hair as black as a rook"), hair "worn" a colour,
and owners given as "their" (the two or three characters the paragraph has just named).

Each reading is of a colour token up its dependency chain to a hair/eyes noun, so the colour
is said of that noun and of nothing else in the sentence ("her face as red as a beet", "a
ribbon as blue as the sky" are not hers). A state or a denial ("eyes red with weeping", "not
black", "no longer red") gives nothing. The rule tells how sure the reading is:

- `colour_parsed`: a colour word on the part itself ("Her hair, brown as a chestnut", "Her eyes
  were blue", "Mara's hair was as brown as a hazelnut");
- `colour_likeness`: a colour read from a thing ("the colour of straw", "like spun gold",
  "straw-coloured") or from a clause beside the part ("her hair came down, as brown as ...");
- `colour_shared`: said of "their" hair, one fact for each of the people just named.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from continuum.language.colours import COLOUR_WORDS, COMPARED, VARIANTS
from continuum.pipeline.extract.heuristic.passes.common import ChapterView

# The words for hair and eyes a colour is said of (beards and whiskers are not the hair).
PART_WORDS = frozenset({"hair", "eyes", "eye", "curls", "locks", "tresses", "plait", "plaits",
                        "braid", "braids"})
_CHAIN = ("advcl", "conj", "acomp", "attr", "oprd", "xcomp", "advmod", "npadvmod", "appos", "amod")
_PLURAL = {"their", "both", "they", "each"}
_SHADE_NOUNS = {"colour", "color", "shade", "hue"}


@dataclass(frozen=True)
class ColourReading:
    """A colour the narration gives a hair/eyes noun, and how it says so."""

    part: Any  # the hair/eyes token
    colour: Any  # the colour token (the colour word, "colour", "like", "coloured")
    value: str  # the colour as written: "brown", "wet sand", "spun gold", "straw-coloured"
    last: Any  # the last token of the colour as written
    direct: bool  # a colour word on the part itself
    plural: bool  # the owner is "their" / "both of them"

    @property
    def predicate(self) -> str:
        return "eye_colour" if self.part.lower_ in ("eyes", "eye") else "hair_colour"

    @property
    def rule(self) -> str:
        return "colour_shared" if self.plural else "colour_parsed" if self.direct else "colour_likeness"


def _thing(view: ChapterView, thing: Any) -> tuple[str, Any] | None:
    """A thing of one clear colour, as written: "spun gold", "a raven's wing", "wet sand"."""
    if thing is None:
        return None
    for tok in (thing, *(c for c in thing.children if c.dep_ in ("poss", "compound"))):
        if COMPARED.get(tok.lower_) or COMPARED.get(tok.lemma_.lower()):
            words = [c for c in thing.lefts if c.dep_ in ("amod", "compound", "poss", "case")
                     or c.lower_ in ("'s", "\u2019s")]
            first = words[0] if words else thing
            return view.text[first.idx:thing.idx + len(thing.text)].lower(), thing
    return None


def colour_of(view: ChapterView, tok: Any) -> tuple[str, Any, bool] | None:
    """The colour a token gives (as written, its last token, whether a bare colour word): "red",
    "coppery", "the colour of straw" (the noun "colour"), "like copper" (the preposition),
    "straw-coloured"."""
    word = tok.lower_
    if word in COLOUR_WORDS and tok.pos_ in ("ADJ", "NOUN", "PROPN", "VERB"):
        return word, tok, True
    if word in VARIANTS and tok.pos_ in ("ADJ", "NOUN"):
        return word, tok, True
    if word in _SHADE_NOUNS or (word == "like" and tok.pos_ == "ADP"):
        of = tok if word == "like" else next((c for c in tok.children if c.lower_ == "of"), None)
        thing = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
        if thing is None and word == "like":  # "hair like spun gold", parsed as a verb
            thing = next((t for t in tok.doc[tok.i + 1:tok.i + 4] if t.lower_ in COMPARED), None)
        found = _thing(view, thing)
        return (found[0], found[1], False) if found else None
    if word in ("coloured", "colored") and tok.i >= 2 and tok.doc[tok.i - 1].text == "-":
        before = tok.doc[tok.i - 2]
        if before.lower_ in COMPARED:
            return view.text[before.idx:tok.idx + len(tok.text)].lower(), tok, False
    return None


def _is_part(tok: Any) -> bool:
    return bool(tok.lower_ in PART_WORDS and tok.pos_ in ("NOUN", "PROPN"))


def part_of(tok: Any) -> tuple[Any, bool] | None:
    """The hair/eyes noun a colour token describes, and whether directly: a modifier of the
    noun, a predicate of a clause whose subject it is, or (not directly) a comparison hanging
    off such a clause ("her hair came down ..., as brown as a hazelnut"). None when the colour
    has a subject of its own that is some other thing ("her face as red as a beet")."""
    node, hops = tok, 0
    if tok.lower_ == "like":  # "hair like copper", "her hair shone like copper"
        if _is_part(tok.head):
            return tok.head, True
        if tok.i > 0 and _is_part(tok.doc[tok.i - 1]):
            return tok.doc[tok.i - 1], True
        node, hops = tok.head, 1
    while hops < 4:
        if hops == 1 and node.pos_ == "VERB" and tok.dep_ in ("advcl", "oprd", "xcomp", "acomp", "ccomp"):
            worn = next((c for c in node.children if c.dep_ == "dobj" and _is_part(c)), None)
            if worn is not None:  # "shook out hair as black as ...", "wore her hair red"
                return worn, False
        own = next((c for c in node.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if own is not None:
            if _is_part(own):
                return own, (hops <= 1 and node.lemma_ == "be") or node == tok
            if own.pos_ != "PRON" or own.lower_ not in _PLURAL:
                return None
        if _is_part(node) and node != tok:
            return node, hops <= 1
        if node.dep_ not in _CHAIN or node.head.i == node.i:
            return None
        if node.dep_ in ("amod", "appos") and _is_part(node.head):
            return node.head, True
        node, hops = node.head, hops + 1
    return None


def not_a_colour_claim(tok: Any, part: Any) -> bool:
    """"eyes red with weeping", "hair white with flour", "not black", "no longer red": a state
    or a denial, not the colour the person has."""
    if any(c.dep_ == "prep" and c.lower_ in ("with", "from") for c in tok.children):
        return True
    if part.lower_ in ("eyes", "eye") and tok.lower_ in ("red", "pink", "raw"):
        return True
    heads = [tok, tok.head, part.head]
    return any(c.dep_ == "neg" or c.lower_ in ("longer", "never") for h in heads for c in h.children)


_READINGS: list[tuple[Any, dict[int, ColourReading]]] = []


def colour_readings(view: ChapterView) -> dict[int, ColourReading]:
    """Every colour the chapter's narration gives a hair/eyes noun, by the noun's token index
    (the first colour read for it), made once per chapter."""
    if _READINGS and _READINGS[0][0] is view.doc:
        return _READINGS[0][1]
    out: dict[int, ColourReading] = {}
    for tok in view.tokens:
        if view.in_quote(tok) or view.is_markup(tok):
            continue
        colour = colour_of(view, tok)
        if colour is None:
            continue
        found = part_of(tok)
        if found is None or found[0].i in out or view.in_quote(found[0]):
            continue
        part, direct = found
        if not_a_colour_claim(tok, part):
            continue
        poss = next((c for c in part.children if c.dep_ == "poss"), None)
        own = next((c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        plural = (poss is not None and poss.lower_ == "their") or (own is not None and own.lower_ in _PLURAL)
        value, last, word = colour
        out[part.i] = ColourReading(part, tok, value, last, direct and word, plural)
    _READINGS[:] = [(view.doc, out)]
    return out


def named_before(view: ChapterView, at: int) -> list[tuple[str, Any]]:
    """The characters named (by name, not pronoun) in the paragraph before an offset, else in
    the paragraph before that: whom "their" means. Empty unless it is two or three people."""
    index = view.paragraph_at(at)
    for para in (index, index - 1):
        if para < 0:
            break
        start, end = view.paragraphs[para]
        people: dict[str, Any] = {}
        for tok in view.tokens_between(start, min(at, end)):
            key = view.character(tok)
            if key and view.token_kind[tok.i] == "name" and not view.in_quote(tok):
                people.setdefault(key, tok)
        if people:
            return list(people.items()) if 2 <= len(people) <= 3 else []
    return []
