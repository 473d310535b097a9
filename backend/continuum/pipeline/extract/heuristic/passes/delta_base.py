"""What every state-delta rule shares: building a delta with its clause evidence, and telling
a place from a person or a date."""

from __future__ import annotations

from typing import Any

from continuum.language.names import ADDRESS_TITLES
from continuum.pipeline.extract.heuristic.mentions import POSSESSIVE
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.schema import EntityItem, Mention, StateDelta

BODY_PARTS = frozenset(
    {"arm", "leg", "foot", "ankle", "hand", "head", "knee", "shoulder", "wrist", "back",
     "finger", "side", "eye", "face", "neck", "hip", "thigh", "chest", "cheek", "lip"}
)
NON_PLACE_ENTS = frozenset({"PERSON", "NORP", "DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY",
                            "QUANTITY", "PERCENT", "WORK_OF_ART", "LAW", "LANGUAGE", "EVENT"})
HONORIFIC_WORDS = ADDRESS_TITLES | {"lord"}  # "Mr. Smith", "Lord Lucas": a person, no place
POSSESSIVE_MARKS = POSSESSIVE | {"'", "\u2019"}  # "Jones'" too
# "went to town", "was in town": the bare word is the capital in English usage of the period,
# when the story knows the capital by name.
TOWN_IDIOM = ("town", "London")


def delta(
    view: ChapterView, verb: Any, kind: str, subject: str, obj: str | None, parts: list[Any],
    rule: str, confidence: float, subject_tok: Any | None = None,
) -> StateDelta:
    if subject_tok is not None and view.token_kind[subject_tok.i] == "pronoun":
        confidence *= 0.9
    evidence = view.clause_evidence(verb, parts, f"state_deltas.{rule}", confidence)
    return StateDelta(kind=kind, subject=subject, object=obj, evidence=evidence)  # type: ignore[arg-type]


def told_in_several_places(view: ChapterView, verb: Any) -> bool:
    """"Mr. Wopsle died amiably at Camberwell, and exceedingly game on Bosworth Field, and in
    the greatest agonies at Glastonbury" (Great Expectations, chapter 15: a play read aloud):
    a verb told at one named place and again, in a conjoined phrase without a subject of its
    own, at another is no one scene, and no death (a person dies once)."""
    def places(tok: Any) -> set[str]:
        return {n.lower_ for p, n in view.preps(tok) if p in {"at", "on", "in"} and n.pos_ == "PROPN"}

    own = places(verb)
    return bool(own) and any(
        places(c) - own for c in verb.children
        if c.dep_ == "conj" and not any(g.dep_ in {"nsubj", "nsubjpass"} for g in c.children))


def place_of(view: ChapterView, tok: Any) -> str | None:
    """A place: a location entity, a place entity, a capitalised name that is no person, or
    a person's house (`house_of`)."""
    if any(c.dep_ == "poss" and c.tag_ == "PRP$" for c in tok.children):
        return None  # "went to his Maker", "to his room": what "his" owns is no place of the story
    key = view.key(tok)
    if key and view.type_of(key) == "location":
        return key
    if key and view.is_character(key):
        return house_of(view, tok)
    if key or tok.ent_type_ in NON_PLACE_ENTS:
        return None
    if tok.lower_ == TOWN_IDIOM[0] and tok.text.islower():
        return _capital(view, tok)
    if tok.pos_ == "NOUN" and tok.text.islower():
        return _definite_place(view, tok)
    if any(c.dep_ == "compound" and c.lower_.rstrip(".") in HONORIFIC_WORDS for c in tok.lefts):
        return None
    if tok.pos_ == "PROPN" and any(c.dep_ == "poss" for c in tok.children):
        return None  # "went to his Maker": a possessed name is no place
    return view.location(tok)


def _capital(view: ChapterView, tok: Any) -> str | None:
    """"went to town", "was in town", "left town": London, when the word stands bare after a
    preposition or a verb of leaving and the story knows London as a place. Not "the town", "a
    country town", "town and country", "his own town"."""
    if any(True for _ in tok.children) or tok.dep_ not in {"pobj", "dobj"}:
        return None
    name = TOWN_IDIOM[1]
    return view.place_of_name(name) if view.types.get(name) == "location" else None


def _definite_place(view: ChapterView, tok: Any) -> str | None:
    """"went back to bed in the observatory": "the" and the head word of the one named place
    the story has of that kind (the Halloran Observatory), named earlier in the chapter. Not
    "an observatory", "his observatory", "the observatory kitchen", "the end of his
    satisfaction" (South End), or a "hall" no "West Hall" came before in the chapter, unless
    the story has named that hall often (`_well_known`)."""
    if tok.dep_ == "compound" or not any(c.dep_ == "det" and c.lower_ == "the" for c in tok.lefts):
        return None
    if any(c.dep_ in {"poss", "compound"} for c in tok.lefts):
        return None
    if any(c.dep_ == "prep" and c.lower_ == "of" for c in tok.children):
        return None  # "got to the end of his satisfaction" is no South End
    place = view.place_by_head(tok.lemma_.lower())
    if place is None or not (_named_before(view, place, tok.i) or _well_known(view, place)):
        return None  # "Emma walked into the hall": a room, not West Hall, unnamed here
    return place


WELL_KNOWN = 10  # name mentions before the chapter that make "the observatory" the story's own


def _well_known(view: ChapterView, place: str) -> bool:
    """Whether the story named the place often enough before this chapter (`WELL_KNOWN`) that
    "the observatory" is it even where the chapter names it only later ("They brought him up
    to the observatory on a hurdle", golden fixture 2, ch. 9: the Halloran Observatory)."""
    known = view.known_entity(place)
    return known is not None and known.mentions >= WELL_KNOWN


def _named_before(view: ChapterView, place: str, at: int) -> bool:
    """Whether the chapter names the place before token `at` (by its name, not a pronoun),
    or the estate it is the house of ("Netherfield" before "the house": Netherfield House)."""
    lowered = place.lower()
    return any(view.token_kind[j] == "name" and (key := view.token_key[j]) is not None and (
        key == place or (view.type_of(key) == "location" and lowered.startswith(key.lower() + " ")))
        for j in range(at))


def house_of(view: ChapterView, tok: Any) -> str | None:
    """"went to Miss Havisham's", "stayed at Mrs. Goddard's": a person's name in the
    possessive with no noun after it, as what a verb goes to or is at, is that person's
    house, named "Miss Havisham's" after the person's entity; or the one place the story
    names so ("went to Barnard's" is Barnard's Inn)."""
    key = view.character(tok)
    if key is None or tok.dep_ not in {"pobj", "dobj"}:
        return None
    if not any(c.dep_ == "case" and c.lower_ in POSSESSIVE_MARKS for c in tok.children):
        return None
    return view.place_named_for(tok.text) or f"{key}'s"


def house_items(view: ChapterView, used: set[str]) -> list[EntityItem]:
    """A location entity for each person's house some delta is about (`used`) that the story
    does not know yet, with every mention of it in the chapter."""
    spans: dict[str, list[tuple[int, int]]] = {}
    for tok in view.tokens:
        name = house_of(view, tok) if view.key(tok) else None
        if name is None or name not in used or view.type_of(name) is not None:
            continue
        mark = next(c for c in tok.children if c.dep_ == "case")
        first = min((t for t in tok.subtree if t.i <= tok.i and t.dep_ in {"compound", "flat"}),
                    key=lambda t: t.i, default=tok)
        spans.setdefault(name, []).append((first.idx, mark.idx + len(mark.text)))
    out = []
    for name, found in spans.items():
        start, end = view.sentence_around(*found[0])
        out.append(EntityItem(
            name=name, type="location",
            mentions=[Mention(start=a, end=b, text=view.text[a:b]) for a, b in found],
            evidence=view.evidence(start, end, "state_deltas.house", 0.6),
        ))
    return out
