"""canon_facts: age, eye and hair colour, title, occupation, and kinship (from relationships).

Predicates: `age` ("X was twenty years old", "a girl of fifteen", "three-and-twenty"; more
wordings, speech, bounds and ages of another time in canon_forms and canon_ages),
`eye_colour` / `hair_colour` ("her dark eyes", "X had red hair", "a man with grey hair"),
`title` ("Sir William", "Lady Lucas"), `occupation` ("X, the blacksmith", "X was a
clergyman", in narration or speech; more wordings in canon_forms and canon_trades) and
`kinship` (each relationship of a kinship type that is not ended).
"""

from __future__ import annotations

import re
from typing import Any

from continuum.language.colours import COLOUR_WORDS, COMPARED, EYE_COLOURS, HAIR_COLOURS, VARIANTS
from continuum.language.names import PROPER_NAME, TITLE_SPELLINGS
from continuum.language.numbers import parse_number
from continuum.language.people import PERSON_NOUNS
from continuum.language.pronouns import FEMALE_PRONOUNS, MALE_PRONOUNS
from continuum.language.trades import OCCUPATIONS
from continuum.pipeline.extract.heuristic.passes.canon_ages import about_then, age_readings
from continuum.pipeline.extract.heuristic.passes.canon_colours import (
    PART_WORDS,
    ColourReading,
    colour_readings,
    named_before,
)
from continuum.pipeline.extract.heuristic.passes.canon_forms import (
    Fact,
    age_forms,
    colour_forms,
    occupation_word,
    role_forms,
    role_value,
)
from continuum.pipeline.extract.heuristic.passes.canon_frames import frame_canon_facts
from continuum.pipeline.extract.heuristic.passes.canon_trades import trade_readings
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
        """A fact the text states of someone, unless it says it of an ambiguous pronoun (or
        it is an age of another time than the story's now)."""
        if item is None or _said_of_ambiguous_pronoun(view, item) or (
                item.predicate == "age" and about_then(view, item.evidence.start, item.evidence.end)):
            return
        add(item)

    def read_colour(tok: Any) -> bool:
        """A colour the plain rules already read for this hair/eyes noun."""
        return any(f.predicate in ("hair_colour", "eye_colour") and f.evidence.start <= tok.idx
                   < f.evidence.end for f in found)

    for tok in view.tokens:
        if view.is_markup(tok):
            continue
        lower = tok.lower_
        if lower in {"year", "years"}:
            add_said(_age_in_years(view, tok))
        elif tok.lemma_.lower() in PERSON_NOUNS:
            add_said(_age_of(view, tok))
        if lower in {"eye", "eyes", "hair", "locks", "curls"}:
            add_said(_colour(view, tok))
        elif lower in {"haired", "headed", "eyed"}:
            add_said(_compound_colour(view, tok))
        if tok.pos_ == "PROPN" and lower.rstrip(".") in TITLES:
            add_said(_title(view, tok))
        if occupation_word(tok, OCCUPATIONS):
            add_said(_occupation(view, tok))
        if not view.in_quote(tok):  # varied wordings, narration only
            if tok.like_num:
                add_said(_from_form(view, age_forms(view, tok, parse_number)))
            if lower in {"eye", "eyes", "hair", "locks", "curls"} and tok.pos_ == "NOUN":
                add_said(_from_form(view, colour_forms(view, tok, EYE_COLOURS, HAIR_COLOURS,
                                                  lambda p, n: _possessor(view, p, n))))
            if lower in PART_WORDS and not read_colour(tok):
                for item in _colour_reading(view, tok):
                    add_said(item)
            if occupation_word(tok, OCCUPATIONS):
                add_said(_from_form(view, role_forms(view, tok)))
            add_said(_from_form(view, trade_readings(view, tok)))
    for item in age_readings(view, found):
        add_said(item)
    for rel in relationships or []:
        if rel.ended or rel.type not in KIN_TYPES:
            continue
        value = f"{rel.type.removesuffix('_of').replace('_', ' ')} of {rel.target}"
        if rel.type.endswith("_to"):
            value = f"{rel.type.replace('_', ' ')} {rel.target}"
        add(CanonFactItem(subject=rel.source, predicate="kinship", value=value,
                          kind="relationship", confidence=rel.evidence.confidence,
                          evidence=rel.evidence.model_copy(update={"rule": "canon.kinship"})))
    return frame_canon_facts(view.text, found)


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
        named = _with_name(view, poss, noun)
        key = view.character(named) if named is not None else _possessor(view, poss, noun)
        if key:
            return _fact(view, key, predicate, value, [named or poss, noun], "possessive", 0.8,
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


def _colour_reading(view: ChapterView, part: Any) -> list[CanonFactItem]:
    """A colour in a comparison, a likeness or a clause beside the hair or eyes (canon_colours),
    said of the part's owner; "their" hair of each of the two or three people just named."""
    reading: ColourReading | None = colour_readings(view).get(part.i)
    if reading is None:
        return []
    if reading.plural:
        owners = named_before(view, part.idx)
    else:
        found = _owner(view, part)
        owners = [found] if found and (found[1].pos_ != "PRON" or _named_near(view, *found)) else []
    tokens = [part, reading.colour, reading.last]
    return [_fact(view, key, reading.predicate, reading.value, [*([holder] if not reading.plural else []),
                                                                 *tokens],
                  reading.rule, 0.7 if reading.direct else 0.6, kind="appearance")
            for key, holder in owners]


def _named_near(view: ChapterView, key: str, pronoun: Any) -> bool:
    """The pronoun's person is named in its sentence or the one before: a reading through a
    likeness or a clause trusts no coreference from further back ("he was a frank,
    happy-looking man, ... with dark brown hair", four sentences after the last name)."""
    index = view.sentence_at(pronoun.idx)
    if index < 0:
        return False
    start = view.chapter.sentences[max(0, index - 1)][0]
    return any(view.key(t) == key and view.token_kind[t.i] == "name"
               for t in view.tokens_between(start, pronoun.idx))


def _owner(view: ChapterView, part: Any) -> tuple[str, Any] | None:
    """Whose hair or eyes: the possessor, the one a "with ..." phrase hangs on, else the
    subject of the clause ("shook out hair as black as a rook")."""
    poss = next((c for c in part.children if c.dep_ == "poss"), None)
    if poss is not None:
        key = _possessor(view, poss, part)
        return (key, poss) if key else None
    node = part
    if part.dep_ == "pobj" and part.head.lower_ == "with":
        holder = part.head.head
        key = view.character(holder)
        if key is None and holder.pos_ == "NOUN":
            found = _holder(view, holder)
            return (found[0], found[1]) if found else None
        if key is not None or holder.pos_ in ("PROPN", "PRON"):
            return (key, holder) if key else None
        node = holder
    verb = node.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    subjects = [s for s in view.subjects(verb) if s.i != part.i]
    key = view.character(subjects[0]) if len(subjects) == 1 else None
    return (key, subjects[0]) if key else None


def _with_name(view: ChapterView, poss: Any, noun: Any) -> Any | None:
    """The name a "with his ..." phrase follows, when the pronoun can be that person ("was Jonah
    Crane, with his black hair falling into his eyes"): the hair is the named one's, whoever
    the coreference picked for "his"."""
    if poss.pos_ != "PRON" or poss.lower_ not in MALE_PRONOUNS | FEMALE_PRONOUNS:
        return None
    prep = next((a for a in (noun.head, noun.head.head) if a.lower_ == "with" and a.dep_ == "prep"), None)
    if prep is None or prep.i < 2 or prep.doc[prep.i - 1].text != ",":
        return None
    name = prep.doc[prep.i - 2]
    key = view.character(name)
    if key is None or name.pos_ != "PROPN" or view.token_kind[name.i] != "name":
        return None
    gender = view.gender_of(key)
    wanted = "male" if poss.lower_ in MALE_PRONOUNS else "female"
    return name if gender in (None, wanted) else None


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
    """"an old, grey-haired sailor", "the blue-eyed girl", "Nell Brandt, red-haired and
    furious,", "a raven-haired woman", and on a form: "Name: Jonah Crane. ... Description:
    thin, black-haired"."""
    doc = tok.doc
    predicate = "eye_colour" if tok.lower_ == "eyed" else "hair_colour"
    palette = HAIR_COLOURS if predicate == "hair_colour" else EYE_COLOURS
    if tok.i < 2 or doc[tok.i - 1].text != "-":
        return None
    colour, word = doc[tok.i - 2], doc[tok.i - 2].lower_
    bare = (word in COLOUR_WORDS or word in VARIANTS) and f"{word}-{tok.lower_}" != "red-eyed"
    if not (bare or (word in palette and tok.lower_ != "headed")  # "light-headed" is dizzy
            or (word in COMPARED and tok.lower_ == "haired") or f"{word}-{tok.lower_}" == "tow-headed"):
        return None  # a thing only for hair: "dove-eyed", "fire-eyed" are looks, not colours
    found = _described(view, tok)
    if found is None:
        return None
    key, holder_tok = found
    return _fact(view, key, predicate, colour.lower_, [holder_tok, colour, tok], "compound",
                 0.7, kind="appearance")


# How a hyphenated description hangs on the person it describes.
_DESCRIBED = ("conj", "appos", "amod", "acomp", "attr", "advcl", "npadvmod", "dobj", "nsubj")
_FORM_NAME = re.compile(rf"\bName:\s*(?P<who>{PROPER_NAME})")


def _described(view: ChapterView, word: Any) -> tuple[str, Any] | None:
    """The character a hyphenated description is of: up its head chain to a name or a
    resolved nominal ("Nell Brandt, red-haired and furious"), else the person on a form's
    "Name:" line earlier in the paragraph (the other fields may name others)."""
    noun = word.head
    key = view.character(noun)
    if key is not None:
        return key, noun
    holder = _holder(view, noun)
    if holder is not None:
        return holder[0], holder[1]
    node = word
    for _ in range(5):
        if node.pos_ in ("PROPN", "NOUN", "PRON") and node.i != word.i:
            key = view.character(node)
            if key is not None:
                return key, node
        if node.dep_ not in _DESCRIBED or node.head.i == node.i:
            break
        node = node.head
    paragraph = view.paragraph_at(word.idx)
    if paragraph < 0:
        return None
    forms = list(_FORM_NAME.finditer(view.text, view.paragraphs[paragraph][0], word.idx))
    if not forms:
        return None
    named = next((t for t in view.tokens_between(forms[-1].start("who"), forms[-1].end("who"))
                  if view.character(t)), None)
    return (view.character(named) or "", word) if named is not None else None  # the quote: "black-haired"


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
    """"X, the blacksmith", "X was a clergyman"; in speech or a letter too ("Ilse Reyes was
    harbourmaster of this town"), a trade beyond OCCUPATIONS there only of a name."""
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
    if view.in_quote(noun) and tok.pos_ != "PROPN" and not (
            noun.pos_ == "NOUN" and noun.lemma_.lower() in OCCUPATIONS):
        return None  # talk gives the wider trades only of a name: "I'm a mapmaker, Papa"
    if copula is None and (tok.conjuncts or noun.conjuncts or _listed(noun)):
        return None  # "the squire, the doctor, Gray and I": a list, not an apposition
    if copula is None and tok.i > noun.i and view.in_quote(tok) and _addressed(view, tok):
        return None  # "I have a boatswain who pipes, Livesey; so …": the letter's reader
    if view.character(noun) == key and noun.dep_ not in {"appos", "attr", "oprd"}:
        return None
    return _fact(view, key, "occupation", role_value(view, noun), [tok, noun], "occupation", 0.75,
                 kind="identity", anchor=copula)


def _addressed(view: ChapterView, name: Any) -> bool:
    """A name that closes its clause after a comma, in speech or a letter: said to someone."""
    doc, key = name.doc, view.key(name)
    start = end = name.i
    while start > 0 and view.key(doc[start - 1]) == key:
        start -= 1
    while end + 1 < len(doc) and view.key(doc[end + 1]) == key:
        end += 1
    after = doc[end + 1].text if end + 1 < len(doc) else ""
    return start > 0 and doc[start - 1].text == "," and (
        after in {";", ".", "!", "?", ":", ""} or doc[end + 1].is_quote)


def _listed(noun: Any) -> bool:
    """An apposition followed by more comma-separated nouns is an enumeration."""
    doc = noun.doc
    after = noun.right_edge.i + 1
    return (after + 1 < len(doc) and doc[after].text == ","
            and doc[after + 1].pos_ in {"DET", "PROPN", "NOUN"})
