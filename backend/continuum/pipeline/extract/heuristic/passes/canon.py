"""canon_facts: age, eye and hair colour, title, occupation, and kinship (from relationships).

Predicates: `age` ("X was twenty years old", "a girl of fifteen", "three-and-twenty"),
`eye_colour` / `hair_colour` ("her dark eyes", "X had red hair", "a man with grey hair"),
`title` ("Sir William", "Lady Lucas"), `occupation` ("X, the blacksmith", "X was a
clergyman") and `kinship` (each relationship of a kinship type that is not ended).
"""

from __future__ import annotations

from typing import Any

from continuum.language.colours import EYE_COLOURS, HAIR_COLOURS
from continuum.language.names import TITLE_SPELLINGS
from continuum.language.numbers import parse_number
from continuum.language.people import PERSON_NOUNS
from continuum.language.trades import OCCUPATIONS
from continuum.pipeline.extract.heuristic.passes.canon_forms import (
    Fact,
    age_forms,
    colour_forms,
    occupation_word,
    role_forms,
    role_value,
)
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.relation_words import KIN_TYPES
from continuum.pipeline.extract.heuristic.passes.textmap import words
from continuum.pipeline.extract.schema import CanonFactItem, RelationshipUpdate

TITLES = {
    t.lower().rstrip("."): t
    for t in sorted(words(
        """Sir Lady Lord Dame Captain Colonel Major General Admiral Lieutenant Sergeant
        Doctor Dr. Reverend Squire Count Countess Duke Duchess Earl King Queen Prince Princess
        Baron Baroness Marquis Marchioness Viscount Professor Judge Bishop Father Sister"""
    ))
}
def extract_canon_facts(
    view: ChapterView, relationships: list[RelationshipUpdate] | None = None
) -> list[CanonFactItem]:
    """Stable facts about characters, deduplicated per subject, predicate and value."""
    found: list[CanonFactItem] = []
    seen: set[tuple[str, str, str]] = set()

    def add(item: CanonFactItem | None) -> None:
        if item is None:
            return
        value = "" if item.predicate == "title" else item.value.lower()  # first title wins
        key = (item.subject, item.predicate, value)
        if key not in seen:
            seen.add(key)
            found.append(item)

    def add_said(item: CanonFactItem | None) -> None:
        """A fact the text states of someone, unless it says it of an ambiguous pronoun."""
        if item is not None and not _said_of_ambiguous_pronoun(view, item):
            add(item)

    for tok in view.doc:
        if view.is_markup(tok):
            continue
        lower = tok.lower_
        if lower in {"year", "years"}:
            add_said(_age_in_years(view, tok))
        elif tok.lemma_.lower() in PERSON_NOUNS:
            add_said(_age_of(view, tok))
        if lower in {"eye", "eyes", "hair", "locks", "curls"}:
            add_said(_colour(view, tok))
        elif lower in {"haired", "eyed"}:
            add_said(_compound_colour(view, tok))
        if tok.pos_ == "PROPN" and lower.rstrip(".") in TITLES:
            add_said(_title(view, tok))
        if tok.pos_ == "NOUN" and tok.lemma_.lower() in OCCUPATIONS:
            add_said(_occupation(view, tok))
        if not view.in_quote(tok):  # varied wordings, narration only
            if tok.like_num:
                add_said(_from_form(view, age_forms(view, tok, parse_number)))
            if lower in {"eye", "eyes", "hair", "locks", "curls"} and tok.pos_ == "NOUN":
                add_said(_from_form(view, colour_forms(view, tok, EYE_COLOURS, HAIR_COLOURS,
                                                  lambda p, n: _possessor(view, p, n))))
            if occupation_word(tok, OCCUPATIONS):
                add_said(_from_form(view, role_forms(view, tok)))
    for rel in relationships or []:
        if rel.ended or rel.type not in KIN_TYPES:
            continue
        value = f"{rel.type.removesuffix('_of').replace('_', ' ')} of {rel.target}"
        if rel.type.endswith("_to"):
            value = f"{rel.type.replace('_', ' ')} {rel.target}"
        add(CanonFactItem(subject=rel.source, predicate="kinship", value=value,
                          kind="relationship", confidence=rel.evidence.confidence,
                          evidence=rel.evidence.model_copy(update={"rule": "canon.kinship"})))
    return found


FORM_KINDS = {"age": "attribute", "eye_colour": "appearance", "hair_colour": "appearance",
              "occupation": "identity"}


def _from_form(view: ChapterView, found: Fact | None) -> CanonFactItem | None:
    """A fact one of the wording rules (canon_forms) found."""
    if found is None:
        return None
    subject, predicate, value, tokens, rule, copula = found
    return _fact(view, subject, predicate, value, tokens, rule, 0.7,
                 kind=FORM_KINDS[predicate], anchor=copula)


def _said_of_ambiguous_pronoun(view: ChapterView, item: CanonFactItem) -> bool:
    """The fact's first reference to its subject is a pronoun ("He was a tall young man of
    five-and-twenty") while its sentence, or the one before, also names another character
    the pronoun could mean (same gender, or a gender we do not know). A canon fact is locked
    and checked against every later chapter, so an ambiguous pronoun gives none, not a guess."""
    span = view.doc.char_span(item.evidence.start, item.evidence.end, alignment_mode="expand")
    holder = next((t for t in span or () if view.key(t) == item.subject), None)
    if holder is None or holder.pos_ != "PRON":
        return False
    index = view.sentence_at(holder.idx)
    if index < 0:
        return False
    start = view.chapter.sentences[max(0, index - 1)][0]
    gender = view.gender_of(item.subject)
    return any(other != item.subject and (gender is None or view.gender_of(other) in (None, gender))
               for other in view.characters_between(start, holder.idx))


def _fact(
    view: ChapterView, subject: str, predicate: str, value: str, tokens: list[Any], rule: str,
    confidence: float, kind: str = "attribute", anchor: Any | None = None,
) -> CanonFactItem:
    if anchor is not None:
        evidence = view.clause_evidence(anchor, tokens, f"canon.{rule}", confidence)
    else:
        start, end = view.span_of(tokens)
        evidence = view.evidence(start, end, f"canon.{rule}", confidence)
    return CanonFactItem(subject=subject, predicate=predicate, value=value, kind=kind,
                         confidence=evidence.confidence, evidence=evidence)


def _holder(
    view: ChapterView, noun: Any, depth: int = 0
) -> tuple[str, Any, Any | None] | None:
    """Who a descriptive noun phrase is about: apposition, copula subject, or the noun itself.

    Returns (character, token, copula or None)."""
    if noun.dep_ == "conj" and noun.head != noun and depth < 3:
        return _holder(view, noun.head, depth + 1)  # "a pale, tallowy creature"
    if noun.dep_ == "appos":
        key = view.character(noun.head)
        return (key, noun.head, None) if key else None
    for child in noun.children:
        if child.dep_ == "appos":
            key = view.character(child)
            if key:
                return key, child, None
    if noun.dep_ in {"attr", "oprd", "acomp"}:
        copula = noun.head
        for s in view.subjects(copula):
            key = view.character(s)
            if key:
                return key, s, copula
        return None
    key = view.character(noun)
    return (key, noun, None) if key else None


def _number_text(view: ChapterView, tok: Any) -> str | None:
    """The number phrase hanging on a token ("three-and-twenty"), as text."""
    for child in tok.children:
        if child.dep_ in {"nummod", "quantmod"} or child.like_num:
            return view.phrase_text(child)
    return None


def _age_in_years(view: ChapterView, years: Any) -> CanonFactItem | None:
    """"X was twenty years old", "X was twenty years of age"."""
    number = _number_text(view, years)
    age = parse_number(number) if number else None
    if age is None or not 0 < age < 130:
        return None
    head = years.head
    aged = head.lower_ == "old" or any(
        c.dep_ == "prep" and c.lower_ == "of" and any(g.lower_ == "age" for g in c.children)
        for c in years.children
    )
    if not aged:
        return None
    anchor = head if head.lower_ == "old" else years
    holder = _holder(view, anchor)
    if holder is None:
        return None
    key, tok, copula = holder
    if copula is not None and not view.verdict(copula).asserted:
        return None
    return _fact(view, key, "age", str(age), [tok, years, head], "age_years", 0.85,
                 anchor=copula)


def _age_of(view: ChapterView, noun: Any) -> CanonFactItem | None:
    """"a girl of fifteen", "Lydia, a girl of fifteen"."""
    for child in noun.children:
        if child.dep_ == "prep" and child.lower_ == "of":
            pobj = next((g for g in child.children if g.dep_ == "pobj"), None)
            if pobj is None or not pobj.like_num:
                continue
            age = parse_number(view.phrase_text(pobj))
            if age is None or not 0 < age < 130:
                continue
            holder = _holder(view, noun)
            if holder is None:
                return None
            key, tok, copula = holder
            if copula is not None and not view.verdict(copula).asserted:
                return None
            return _fact(view, key, "age", str(age), [tok, noun, pobj], "age_of", 0.8,
                         anchor=copula)
    return None


def _colour(view: ChapterView, noun: Any) -> CanonFactItem | None:
    """"her dark eyes", "Darcy's black hair", "X had red hair", "a man with grey hair"."""
    predicate = "eye_colour" if noun.lower_.startswith("eye") else "hair_colour"
    palette = EYE_COLOURS if predicate == "eye_colour" else HAIR_COLOURS
    colours = [c.lower_ for c in noun.children if c.dep_ in {"amod", "compound"}
               and c.lower_ in palette]
    if not colours:
        return None
    value = " ".join(colours)
    poss = next((c for c in noun.children if c.dep_ == "poss"), None)
    if poss is not None:
        key = _possessor(view, poss, noun)
        if key:
            return _fact(view, key, predicate, value, [poss, noun], "possessive", 0.8,
                         kind="appearance")
        return None
    head = noun.head
    if noun.dep_ == "dobj" and head.lemma_.lower() == "have":
        if not view.verdict(head).asserted:
            return None
        for s in view.subjects(head):
            key = view.character(s)
            if key:
                return _fact(view, key, predicate, value, [s, noun], "have", 0.8,
                             kind="appearance", anchor=head)
        return None
    if noun.dep_ == "pobj" and head.lower_ == "with":
        owner = head.head
        key = view.character(owner)
        if key is None and owner.pos_ == "NOUN":
            holder = _holder(view, owner)
            key = holder[0] if holder else None
        if key:
            return _fact(view, key, predicate, value, [owner, noun], "with", 0.7,
                         kind="appearance")
    return None


def _possessor(view: ChapterView, poss: Any, noun: Any) -> str | None:
    """The character a possessive refers to. A pronoun whose resolved antecedent is named
    only inside a relative clause that does not hold the pronoun ("Mara wore the dress that
    Elena Marsh had hemmed ..., and a ribbon ... in her black hair") means the clause's
    subject instead, when that subject is a character of the same gender."""
    key = view.character(poss)
    if key is None or poss.pos_ != "PRON":
        return key
    verb = noun
    while verb.pos_ not in ("VERB", "AUX") and verb.head != verb:
        verb = verb.head
    named = [t for t in poss.sent if t.i < poss.i and view.key(t) == key]
    if not named or not all(any(a.dep_ == "relcl" and poss not in a.subtree for a in t.ancestors)
                            for t in named):
        return key
    for subject in view.subjects(verb):
        other = view.character(subject)
        if other and other != key and view.gender_of(other) == view.gender_of(key):
            return other
    return key


def _compound_colour(view: ChapterView, tok: Any) -> CanonFactItem | None:
    """"an old, grey-haired sailor", "the blue-eyed girl"."""
    doc = tok.doc
    colour = None
    palette = HAIR_COLOURS if tok.lower_ == "haired" else EYE_COLOURS
    if tok.i >= 2 and doc[tok.i - 1].text == "-" and doc[tok.i - 2].lower_ in palette:
        colour = doc[tok.i - 2]
    if colour is None:
        return None
    noun = tok.head
    key = view.character(noun)
    holder_tok = noun
    if key is None:
        holder = _holder(view, noun)
        if holder is None:
            return None
        key, holder_tok, _ = holder
    predicate = "hair_colour" if tok.lower_ == "haired" else "eye_colour"
    return _fact(view, key, predicate, colour.lower_, [holder_tok, colour, tok], "compound",
                 0.7, kind="appearance")


def _title(view: ChapterView, tok: Any) -> CanonFactItem | None:
    """"Sir William", "Lady Lucas": a title word leading a character's name."""
    head = tok.head if tok.dep_ in {"compound", "flat"} else None
    if head is None or head.i <= tok.i or head.pos_ != "PROPN":
        nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
        head = nxt if nxt is not None and nxt.pos_ == "PROPN" else None
    if head is None:
        return None
    key = view.character(head) or view.character(tok)
    if key is None:
        return None
    word = tok.lower_.rstrip(".")
    # One spelling per title: "Dr. Livesey" and "Doctor Livesey" hold the same title.
    title = TITLE_SPELLINGS[word].capitalize() if word in TITLE_SPELLINGS else TITLES[word]
    return _fact(view, key, "title", title, [tok, head], "title", 0.9, kind="identity")


def _occupation(view: ChapterView, noun: Any) -> CanonFactItem | None:
    """"X, the blacksmith", "X was a clergyman"."""
    if any(c.dep_ == "poss" for c in noun.children):
        return None  # "his servant" is a relationship, not a trade
    if noun.dep_ not in {"appos", "attr", "oprd"} and not any(
        c.dep_ == "appos" for c in noun.children
    ):
        return None
    holder = _holder(view, noun)
    if holder is None:
        return None
    key, tok, copula = holder
    if copula is not None and not view.verdict(copula).asserted:
        return None
    if copula is None and tok.pos_ != "PROPN":
        return None  # "the captain himself" is no apposition of a name
    if copula is None and (tok.conjuncts or noun.conjuncts or _listed(noun)):
        return None  # "the squire, the doctor, Gray and I": a list, not an apposition
    if view.character(noun) == key and noun.dep_ not in {"appos", "attr", "oprd"}:
        return None
    return _fact(view, key, "occupation", role_value(view, noun), [tok, noun], "occupation", 0.75,
                 kind="identity", anchor=copula)


def _listed(noun: Any) -> bool:
    """An apposition followed by more comma-separated nouns is an enumeration."""
    doc = noun.doc
    after = noun.right_edge.i + 1
    return (after + 1 < len(doc) and doc[after].text == ","
            and doc[after + 1].pos_ in {"DET", "PROPN", "NOUN"})
