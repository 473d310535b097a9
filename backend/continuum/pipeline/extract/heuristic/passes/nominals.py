"""Nominal references the entities stage leaves open: "his wife" of "Mr. Bennet" is "Mrs. Bennet".

The period convention (Mr./Mrs. + surname) names a spouse the text never names directly;
the inferred mention is kept apart (token kind "inferred") so passes can trust it less.
Descriptive names ("the old sailor", "the lame beggar") and the statements that reveal who
they are ("… was none other than X", "X, for it was he,") are found here for the entities
stage (`analyze._epithet_characters`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from continuum.language import people
from continuum.pipeline.extract.heuristic.document import ResolvedMention
from continuum.pipeline.extract.heuristic.nlp import doc_text

SPOUSE_NOUNS = frozenset({"wife", "husband", "lady"})
SPOUSE_HONORIFICS = {"mr.": "Mrs.", "mr": "Mrs", "mrs.": "Mr.", "mrs": "Mr"}


def spouse_by_name(owner: str, noun_lemma: str, types: dict[str, str]) -> str | None:
    """"Mr. Bennet … his wife" → "Mrs. Bennet" (and back): the honorific convention."""
    parts = owner.split(maxsplit=1)
    if len(parts) != 2 or noun_lemma not in SPOUSE_NOUNS:
        return None
    honorific = parts[0].lower()
    other = SPOUSE_HONORIFICS.get(honorific)
    if other is None or (noun_lemma == "husband") != honorific.startswith("mrs"):
        return None
    candidate = f"{other} {parts[1]}"
    for known in types:
        if known.lower() == candidate.lower():
            return known
    return candidate


def resolve_spouses(
    doc: Any, token_key: list[str | None], token_kind: list[str | None], types: dict[str, str]
) -> list[ResolvedMention]:
    """Resolve "his wife" / "her husband" of a "Mr./Mrs. X" to "Mrs./Mr. X" as a nominal."""
    found: list[ResolvedMention] = []
    for tok in doc:
        if token_key[tok.i] is not None or tok.lemma_.lower() not in SPOUSE_NOUNS:
            continue
        poss = next((c for c in tok.children if c.dep_ == "poss"), None)
        owner = token_key[poss.i] if poss is not None else None
        if owner is None or types.get(owner) != "character":
            continue
        spouse = spouse_by_name(owner, tok.lemma_.lower(), types)
        if spouse is not None and spouse != owner:
            token_key[tok.i] = spouse
            token_kind[tok.i] = "inferred"
            types.setdefault(spouse, "character")
            start = poss.idx if poss is not None else tok.idx
            end = tok.idx + len(tok.text)
            found.append(ResolvedMention(start, end, doc_text(doc)[start:end], spouse, "nominal"))
    return found


KIN_NOUNS = people.KIN_NOUNS | people.GRANDPARENTS


# A kin noun of an owner, read from a relationship the story already holds:
# "Anselm father_of Clara" makes Clara's "her father" Anselm.
KIN_OF_RELATION = {"father_of": "father", "mother_of": "mother", "son_of": "son",
                   "daughter_of": "daughter", "brother_of": "brother", "sister_of": "sister",
                   "husband_of": "husband", "wife_of": "wife"}
CHILD_RELATIONS = frozenset({"son_of", "daughter_of", "child_of"})


def resolve_kin(
    doc: Any, token_key: list[str | None], token_kind: list[str | None], types: dict[str, str],
    known: list[tuple[str, str, str]] | None = None,
) -> list[ResolvedMention]:
    """"his sister Elena Marsh" names Tomas's sister; "Tomas and his sister" is then she.

    The apposition (either way round: "his sister X", "X, his sister") ties an owner and a
    kin noun to a name; every other "his sister" of the same owner in the chapter, before
    or after, is that person; so does a relationship of earlier chapters (`known`, as
    (source, type, target): "Anselm Greaves father_of Clara Greaves"). An owner with two
    different sisters is left alone."""
    named: dict[tuple[str, str], set[str]] = {}
    for source, rel, target in known or []:
        if types.get(source) != "character" or types.get(target) != "character":
            continue
        if rel in KIN_OF_RELATION:
            # "X father_of Y", "X son_of Y": X is Y's father, Y's son
            named.setdefault((target, KIN_OF_RELATION[rel]), set()).add(source)
        if rel in CHILD_RELATIONS | {"parent_of"}:
            # "X daughter_of Y": Y is X's father or mother (no gender here, so either noun)
            child, parent = (source, target) if rel in CHILD_RELATIONS else (target, source)
            for noun in ("father", "mother"):
                named.setdefault((child, noun), set()).add(parent)
    for tok in doc:
        lemma = tok.lemma_.lower()
        if lemma not in KIN_NOUNS or tok.tag_ != "NN":
            continue
        owner = _owner(tok, token_key, types)
        if owner is None:
            continue
        # "her father, Rupert and Oswin" lists people; "her father, Anselm" glosses one
        names = [c for c in tok.children if c.dep_ == "appos" and not loose_list(c)]
        if tok.dep_ == "appos":
            names.append(tok.head)
        for name in names:
            key = token_key[name.i]
            if key and types.get(key) == "character" and key != owner:
                named.setdefault((owner, lemma), set()).add(key)
    found: list[ResolvedMention] = []
    for tok in doc:
        lemma = tok.lemma_.lower()
        if token_key[tok.i] is not None or lemma not in KIN_NOUNS or tok.tag_ != "NN":
            continue
        owner = _owner(tok, token_key, types)
        keys = named.get((owner, lemma), set()) if owner else set()
        if len(keys) != 1:
            continue
        key = next(iter(keys))
        token_key[tok.i] = key
        token_kind[tok.i] = "inferred"
        poss = next(c for c in tok.children if c.dep_ == "poss")
        start, end = min(poss.idx, tok.idx), tok.idx + len(tok.text)
        found.append(ResolvedMention(start, end, doc_text(doc)[start:end], key, "nominal"))
    return found


def loose_list(appos: Any) -> bool:
    """"her father, Rupert and Oswin": after a comma, names joined by "and" are a list of
    people, not a gloss of the noun ("his cousin Elizabeth and Mrs. Philips" glosses)."""
    return bool(appos.conjuncts) and appos.i > 0 and appos.doc[appos.left_edge.i - 1].text == ","


def _owner(tok: Any, token_key: list[str | None], types: dict[str, str]) -> str | None:
    poss = next((c for c in tok.children if c.dep_ == "poss"), None)
    owner = token_key[poss.i] if poss is not None else None
    return owner if owner is not None and types.get(owner) == "character" else None


# Descriptive names: "the old sailor", "the tall stranger", "the lame beggar" — a person the
# story keeps describing instead of naming, and the nouns that head one (`EPITHET_HEADS`; not
# "lady" or "child", which every chapter of a novel of manners says of someone else). A bare
# epithet ("the stranger") needs no adjective.
EPITHET_NOUNS = frozenset({"stranger", "newcomer", "visitor", "traveller", "traveler", "intruder"})
EPITHET_HEADS = EPITHET_NOUNS | frozenset(
    {"sailor", "seaman", "beggar", "man", "woman", "gentleman", "fellow", "soldier", "boy",
     "girl", "lad", "horseman", "rider", "pedlar", "peddler", "tinker", "hermit", "giant",
     "dwarf", "cripple", "widow", "monk", "priest", "knight", "figure", "foreigner"})
# Adjectives that tell people apart by role or order, not by looks: no descriptive name.
NON_DESCRIPTIVE = frozenset(
    {"other", "same", "former", "latter", "first", "second", "third", "last", "next", "whole",
     "only", "own", "very", "certain", "such", "poor", "dear", "good", "young", "little",
     "great", "said", "present", "late", "new", "real", "best", "elder", "younger", "eldest",
     "youngest", "usual", "proper", "right", "wrong", "happy", "unhappy", "fine",
     # a passing state, not a description: "the dead man" is whoever died in this chapter
     "dead", "dying", "drowned", "wounded", "injured", "sick", "sleeping", "unconscious"})


@dataclass(frozen=True)
class Described:
    """One use of a descriptive name: tokens [start, end) and the head noun's index."""

    surface: str  # "the old sailor", lower case
    start: int
    end: int
    head: int


def descriptive_mentions(doc: Any) -> dict[str, list[Described]]:
    """Uses of "the [adjectives] NOUN" naming one person, by surface, in text order.

    The adjectives must describe ("old", "tall", "lame", not "other" or "young"); a bare
    "the sailor" after "the old sailor" is the same person when the chapter describes
    only one sailor so."""
    full: dict[str, list[Described]] = {}
    bare: dict[str, list[Described]] = {}
    for tok in doc:
        if tok.lower_ not in EPITHET_HEADS or not tok.text.islower() or tok.pos_ not in {
                "NOUN", "PROPN"} or tok.tag_ not in {"NN", "NNP"}:
            continue  # the parser tags a lower-case "beggar" after an adjective NNP at times
        lefts = list(tok.lefts)
        if not lefts or lefts[0].lower_ != "the" or lefts[0].dep_ != "det":
            continue
        adjs = lefts[1:]
        if doc[lefts[0].i + 1 : tok.i].text.count(",") or any(
                a.dep_ not in {"amod", "compound"} or a.pos_ != "ADJ" or a.lower_ in NON_DESCRIPTIVE
                for a in adjs):
            continue
        if tok.i - lefts[0].i != len(adjs) + 1:
            continue  # not contiguous
        noun = tok.lower_
        surface = " ".join(["the", *(a.lower_ for a in adjs), noun])
        use = Described(surface, lefts[0].i, tok.i + 1, tok.i)
        if adjs or noun in EPITHET_NOUNS:
            full.setdefault(surface, []).append(use)
        else:
            bare.setdefault(noun, []).append(use)
    for noun, uses in bare.items():
        owners = [s for s in full if s.split()[-1] == noun and len(s.split()) > 2]
        if len(owners) == 1:
            first = full[owners[0]][0].start
            full[owners[0]] = sorted([*full[owners[0]], *(u for u in uses if u.start > first)],
                                     key=lambda u: u.start)
    return full


def revealed_name(doc: Any, uses: list[Described], key_at: dict[int, str], types: dict[str, str],
                  asserted: Any) -> tuple[str, int] | None:
    """The character a descriptive name is revealed to be, and the token that says so.

    "The stranger was Tomas's lost brother, Ivo Marsh", "the old sailor was none other than
    Billy Bones", "learned that the stranger was his brother Ivo"; "cried the blind man, Pew."
    (`_glossing_name`); and "Ivo Marsh, for it was he," right after the description.
    `asserted(token)` is the assertion gate."""
    heads = {u.head for u in uses}
    for head in heads:
        tok = doc[head]
        if tok.dep_ != "nsubj" or tok.head.lemma_.lower() != "be":
            continue
        copula = tok.head
        attr = next((c for c in copula.children if c.dep_ == "attr"), None)
        if attr is None:
            continue
        none_other = attr.lower_ == "none" and any(c.lower_ == "other" for c in attr.children)
        if not (asserted(copula) or none_other and not any(
                c.dep_ == "neg" or c.lower_ in {"perhaps", "maybe"} for c in copula.children)):
            continue  # the gate reads "none" as a negation
        key = _person_named(attr, key_at, types)
        if key is not None:
            return key, copula.i
    for use in sorted(uses, key=lambda u: u.start):
        glossed = _glossing_name(doc, use, key_at, types) or _said_of(doc, use, key_at, types, asserted)
        if glossed is not None:
            return glossed
    last = max(u.end for u in uses) if uses else 0
    first = min(u.start for u in uses) if uses else 0
    for tok in doc:
        # "Ivo Marsh, for it was he, …": the name a described person is given at last
        if tok.i < first or tok.lower_ != "for" or tok.i + 3 >= len(doc):
            continue
        if [t.lower_ for t in doc[tok.i + 1 : tok.i + 4]] != ["it", "was", "he"] and \
                [t.lower_ for t in doc[tok.i + 1 : tok.i + 4]] != ["it", "was", "she"]:
            continue
        j = tok.i - 1
        while j >= 0 and doc[j].is_punct:
            j -= 1
        key = key_at.get(j)
        if key is not None and types.get(key) == "character" and j - first < 400 and \
                tok.i > first and last > 0:
            return key, tok.i
    return None


# What may close a name set after a description: '"…!" cried the blind man, Pew.'
_GLOSS_ENDS = frozenset({".", ";", "!", "?"})


def _glossing_name(doc: Any, use: Described, key_at: dict[int, str],
                   types: dict[str, str]) -> tuple[str, int] | None:
    """'"…," cried the blind man, Pew.' (Treasure Island ch. 5): a person's name set after the
    description and a comma, closing the clause, is who the described person is; not an item
    of a list ("the old man, Joe, and I") nor a name the clause goes on after ("the blind
    man, Pew said, …")."""
    comma = use.end
    if comma + 2 >= len(doc) or doc[comma].text != ",":
        return None
    key = key_at.get(comma + 1)
    if key is None or types.get(key) != "character":
        return None
    end = comma + 1
    while end < len(doc) and key_at.get(end) == key:
        end += 1
    closed = end >= len(doc) or doc[end].text in _GLOSS_ENDS
    return (key, comma + 1) if closed else None


def _said_of(doc: Any, use: Described, key_at: dict[int, str], types: dict[str, str],
             asserted: Any) -> tuple[str, int] | None:
    """"The boatswain, Job Anderson, was the likeliest man aboard" (Treasure Island ch. 10): a
    description with an adjective, predicated of a named person, is that person's."""
    tok = doc[use.head]
    if len(use.surface.split()) < 3 or tok.dep_ != "attr" or tok.head.lemma_.lower() != "be" \
            or not asserted(tok.head):
        return None
    for subject in (c for c in tok.head.children if c.dep_ == "nsubj"):
        key = _person_named(subject, key_at, types)
        if key is not None:
            return key, tok.head.i
    return None


def _person_named(attr: Any, key_at: dict[int, str], types: dict[str, str]) -> str | None:
    """The character an identifying predicate names: "Ivo Marsh", "Tomas's lost brother, Ivo
    Marsh", "his brother Ivo", "none other than Ivo Marsh"."""
    candidates = [attr]
    candidates += [c for c in attr.children if c.dep_ == "appos"]
    if attr.lower_ in {"none", "no", "nobody"}:
        for t in attr.subtree:
            if t.dep_ == "pobj" and t.head.lower_ == "than":
                candidates.append(t)
    for c in candidates:
        key = key_at.get(c.i)
        if key is not None and types.get(key) == "character":
            return key
    return None
