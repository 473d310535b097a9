"""relationship_updates: kinship and role nouns, marriage and engagement verbs, and endings.

A kinship or role noun needs an owner (a possessive, "X's", or an of-genitive) and a
referent (an apposition, "her sister Jane" / "Jane, his eldest daughter", a copula "X was
his friend", a resolved nominal mention, or, for wife/husband of "Mr. X", "Mrs. X").
`source TYPE target` reads "Jane sister_of Elizabeth". An ending is produced only when the
text ends the relationship ("broke off the engagement", "divorced", "no longer his
friend"); a death ends nothing by itself.
"""

from __future__ import annotations

from typing import Any

from continuum.language.grammar import NAMING_VERBS
from continuum.language.names import HONORIFICS
from continuum.pipeline.extract.heuristic.gates import FUTURE, Verdict, near_thing
from continuum.pipeline.extract.heuristic.passes.certainty import (
    addressed,
    certain,
    certain_owner,
    role_holder,
    tagged_speaker,
)
from continuum.pipeline.extract.heuristic.passes.common import SUBJECT_DEPS, ChapterView
from continuum.pipeline.extract.heuristic.passes.couples import couple_at
from continuum.pipeline.extract.heuristic.passes.households import FAMILY_NOUNS, Households
from continuum.pipeline.extract.heuristic.passes.kin import relatives
from continuum.pipeline.extract.heuristic.passes.namesakes import Namesakes
from continuum.pipeline.extract.heuristic.passes.nominals import loose_list
from continuum.pipeline.extract.heuristic.passes.relation_words import (
    ADOPTIVE,
    ADOPTIVE_TIES,
    FRIENDLY,
    KIN_TYPES,
    NOUN_GENDER,
    SYMMETRIC,
    relation_type,
)
from continuum.pipeline.extract.schema import RelationshipUpdate


def extract_relationships(view: ChapterView) -> list[RelationshipUpdate]:
    """Relationships stated, started or ended in the chapter, deduplicated, in text order."""
    found: list[RelationshipUpdate] = []
    seen: set[tuple[str, str, str, bool]] = set()
    namesakes = Namesakes(view)

    def add(item: RelationshipUpdate | None) -> None:
        if item is None or item.source == item.target:
            return
        kin = item.type in KIN_TYPES
        source = namesakes.settle(item.source, item.target, kin=kin)
        target = namesakes.settle(item.target, item.source, kin=kin)
        if source is None or target is None or source == target:
            return  # "Elena" names two women: the relation is about neither for sure
        item = item.model_copy(update={"source": source, "target": target})
        pair = (item.source, item.target)
        if item.symmetric:
            pair = (min(pair), max(pair))
        key = (*pair, item.type, item.ended)
        if key not in seen:
            seen.add(key)
            found.append(item)

    households = view.households or Households(view)
    for tok in view.tokens:
        if view.is_markup(tok):
            continue
        add(_called_parent(view, tok, households))
        add(_couple(view, tok))
        if tok.pos_ == "NOUN" or _bare_predicate_noun(tok):
            for item in _noun_relations(view, tok):
                add(item)
            add(_union_noun(view, tok))
        elif tok.pos_ in {"VERB", "ADJ"}:
            for item in _verb_relations(view, tok):
                add(item)
    return found


def _bare_predicate_noun(tok: Any) -> bool:
    """A relation noun after a copula with no article, which the parser tags as an adjective
    or a verb: "Mrs. Younge, who was some time ago governess to Miss Darcy", "she is aunt to
    the present Mr. Darcy"."""
    return tok.dep_ == "acomp" and tok.pos_ in {"ADJ", "VERB"} and \
        relation_type(tok.lower_, False) is not None


def _make(
    view: ChapterView, source: str, target: str, rel: str, tokens: list[Any], rule: str,
    confidence: float, ended: bool = False, anchor: Any | None = None,
) -> RelationshipUpdate:
    if anchor is not None:
        evidence = view.clause_evidence(anchor, tokens, f"relationships.{rule}", confidence)
    else:
        start, end = view.span_of(tokens)
        evidence = view.evidence(start, end, f"relationships.{rule}", confidence)
    return RelationshipUpdate(source=source, target=target, type=rel,
                              symmetric=rel in SYMMETRIC, ended=ended, evidence=evidence)


def _owner(view: ChapterView, noun: Any) -> tuple[str, Any] | None:
    """Whose relative the noun names: "her sister", "Darcy's friend", "daughter of Mr. Bennet"."""
    role = next((c for c in noun.children if c.dep_ == "poss" and c.pos_ == "NOUN"), None)
    if role is not None:  # "owner's servants": the one person the chapter calls "owner"
        key = role_holder(view, role)
        return (key, role) if key else None  # "Mr. Wopsle's great-aunt's granddaughter": nobody
    titled = noun.head if noun.dep_ == "compound" and noun.head.pos_ == "PROPN" else None
    for child in (*noun.children, *(titled.children if titled is not None else ())):
        if child.dep_ == "poss":  # "her sister", and "my aunt Philips" (the name's "my")
            key = view.character(child) or (addressed(view, child) if child.lower_ == "your" else None)
            return (key, child) if key else None
    bare = not any(c.dep_ in {"det", "poss"} for c in noun.children)
    for child in noun.children:
        # "daughter of Mr. Bennet"; and a bare role's "to": "I was clerk to Clarriker" (not
        # "no friend to Harriet", "a friend to the poor")
        if child.dep_ == "prep" and (child.lower_ == "of" or (child.lower_ == "to" and bare)):
            pobj = next((g for g in child.children if g.dep_ == "pobj"), None)
            if pobj is not None:
                key = view.character(pobj)
                if key:
                    return key, pobj
    return None


def _referents(view: ChapterView, noun: Any) -> tuple[list[tuple[str, Any]], Any | None]:
    """Who the relation noun denotes, and the copula verb if it is predicated ("X was his Y")."""
    found: list[tuple[str, Any]] = []
    plural = noun.tag_ in {"NNS", "NNPS"}
    for child in noun.children:
        if child.dep_ == "appos":
            if not plural and loose_list(child):
                continue  # "her father, Rupert and Oswin": a list of people, not a gloss
            heads = (child, *child.conjuncts) if plural else (child,)
            found += [(k, t) for t in heads for k in view.characters(t)]
    if found:
        return found, None
    if noun.dep_ in {"appos", "compound"}:
        head = noun.head
        if noun.dep_ == "appos" and (_list_item(noun) or (plural and not head.conjuncts
                                                         and head.tag_ in {"NN", "NNP"})):
            return [], None  # "Not Elena Voss, not Mara's parents": a list, not a gloss
        found = [(k, head) for k in view.characters(head)]
        if plural and noun.dep_ == "appos" and len(found) < 2:
            # "David Livesey, ship's doctor; …, owner's servants": misparsed onto the list
            return _named_just_before(view, noun), None
        if found:
            return found, None
    # "was governess to Miss Darcy": a bare noun after the copula (`_bare_predicate_noun`)
    if noun.dep_ in {"attr", "oprd", "acomp"} and noun.head.lemma_.lower() in {"be", "become", "remain"}:
        copula = noun.head
        found = [(k, s) for s in view.subjects(copula) for k in view.characters(s)]
        return found, copula
    key = view.character(noun)
    if key:
        return [(key, noun)], None
    if not plural:
        found = _misparsed_gloss(view, noun)
    return found, None


def _misparsed_gloss(view: ChapterView, noun: Any) -> list[tuple[str, Any]]:
    """A gloss the parser hung elsewhere, in narration: "introduce his friend, Mr. Wickham,
    who …" (Wickham parsed as the verb's modifier) and "A cousin of Mr. Suckling, Mrs.
    Bragge, had …" (Mrs. Bragge parsed as Mr. Suckling's): a name right after the noun's
    phrase and its comma, closed by punctuation, naming someone other than the phrase's
    people. Never in speech, where the name may be said to someone ("Ask your sister, Jane."),
    but for a gloss on the owner inside the subject, before its verb: Mrs. Elton's "A cousin
    of Mr. Suckling, Mrs. Bragge, had such an infinity of applications" (Emma ch. 35)."""
    spoken = view.in_quote(noun)
    for prep in noun.children:  # "A cousin of Mr. Suckling, Mrs. Bragge": on the owner
        for owner in (c for c in prep.children if prep.lower_ == "of" and c.dep_ == "pobj"):
            glosses = [a for a in owner.children if a.dep_ == "appos" and a.i > owner.i]
            keys = [k for a in glosses for k in view.characters(a)]
            if len(glosses) == 1 and len(keys) == 1 and keys[0] not in view.characters(owner) \
                    and (not spoken or (noun.dep_ == "nsubj" and glosses[0].i < noun.head.i)):
                return [(keys[0], glosses[0])]
    if spoken:
        return []
    doc, end = view.doc, noun.right_edge.i
    if end + 2 >= len(doc) or doc[end + 1].text != ",":
        return []
    first = end + 2
    while first < len(doc) and view.token_kind[first] is None and \
            doc[first].text.rstrip(".").lower() in HONORIFICS:
        first += 1
    key = view.token_key[first] if first < len(doc) else None
    if key is None or view.token_kind[first] != "name" or not view.is_character(key):
        return []
    last = first
    while last + 1 < len(doc) and view.token_key[last + 1] == key:
        last += 1
    closed = last + 1 >= len(doc) or doc[last + 1].text in {",", ".", ";", "!", "?"}
    inside = {view.token_key[t.i] for t in noun.subtree}
    if not closed or key in inside:
        return []
    return [(key, doc[first])]


# What may stand between the names of a list the plural noun glosses: "John Hunter and
# Richard Joyce, owner's servants".
_LIST_JOINS = frozenset({",", "and"})
# Where that list begins: the end of the entry before ("…, owner; John Hunter and …").
_ENTRY_ENDS = frozenset({";", ":", ".", "!", "?"})


def _named_just_before(view: ChapterView, noun: Any) -> list[tuple[str, Any]]:
    """The people a plural gloss names when the parser hung it on a list's first entry: in a
    ship's log's roll ("John Trelawney, owner; John Hunter and Richard Joyce, owner's
    servants, landsmen", Treasure Island ch. 18), the two or more people named, by name and
    nothing else, from the entry's start (the sentence's, or a semicolon) up to the comma
    before the noun's phrase. A log or letter set out in the text reads as quoted, so
    speech is no bar: a roll of names said to them is still who they are."""
    doc = view.doc
    j = noun.left_edge.i - 1
    while j >= 0 and doc[j].is_space:
        j -= 1  # the roll's line break and indent
    if j < 0 or doc[j].text != ",":
        return []
    found: dict[str, Any] = {}
    joined = False
    j -= 1
    while j >= 0 and doc[j].text not in _ENTRY_ENDS and not doc[j].is_sent_end:
        tok = doc[j]
        if tok.is_space or tok.lower_ in _LIST_JOINS:
            joined |= tok.lower_ == "and"
        elif view.token_kind[j] == "name" and view.is_character(view.token_key[j] or ""):
            found.setdefault(view.token_key[j] or "", tok)
        else:
            return []  # "to the Admiral Benbow with Jim and Livesey, her servants": no roll
        j -= 1
    return list(reversed(found.items())) if joined and len(found) >= 2 else []


LIST_MARKERS = frozenset({"not", "nor", "or", "and", "but", "never", "neither", "either"})


def _list_item(noun: Any) -> bool:
    """Is the phrase a list item ("…, not Mara's parents", "…, or his brother")?"""
    j = noun.left_edge.i - 1
    doc = noun.doc
    while j >= 0 and doc[j].is_punct:
        j -= 1
    return j >= 0 and doc[j].lower_ in LIST_MARKERS


def _noun_relations(view: ChapterView, noun: Any) -> list[RelationshipUpdate]:
    lemma = noun.lemma_.lower()
    possessive = any(c.dep_ == "poss" for c in noun.children)
    rel = relation_type(lemma, possessive)
    if rel is None:
        return []
    if rel in ADOPTIVE_TIES and any(c.dep_ in {"amod", "compound"} and c.lower_ in ADOPTIVE
                                    for c in noun.children):
        rel = ADOPTIVE_TIES[rel]  # "Miss Havisham's adopted daughter": her ward
    lead = _lead_noun(noun)
    if rel == "companion_of" and (any(c.dep_ == "amod" and c.lower_ in FRIENDLY for c in noun.children)
                                  or any(c.lemma_ == "friend" for c in lead.conjuncts)):
        rel = "friend_of"  # "my intimate companion and friend"
    owner = _owner(view, noun) or (_owner(view, lead) if lead is not noun else None)
    if owner is None:
        return _had_relative(view, noun, rel, lemma) or _one_another(view, noun, rel, lemma)
    owner_key, owner_tok = owner
    certain_key = certain_owner(view, noun, owner_tok, owner_key)
    if certain_key is None:
        return []  # a guessed owner, or '"...," said her mother' naming nobody in the quote
    owner_key = certain_key
    if noun.dep_ == "attr" and any(owner_key in view.characters(s)
                                   for s in view.subjects(noun.head)):
        return []  # "the stranger was his brother Ivo": "his" is not the stranger
    referents, copula = _referents(view, noun)
    if not referents and lead is not noun and lead.dep_ in {"attr", "oprd"}:
        referents, copula = _referents(view, lead)  # "X was my companion and friend"
    referents = [(k, t) for k, t in referents
                 if _gender_fits(view, k, lemma) and certain(view, t, k)
                 and not (t.pos_ == "PRON" and owner_tok.pos_ == "PRON")]  # "she--my sister"
    if not referents and copula is None and not view.in_quote(noun):
        referents = _reciprocal(view, noun, owner_key, lemma)
    ended = False
    confidence = 0.75
    if copula is not None:
        verdict = view.verdict(copula)
        if verdict.ends_state:
            ended = True
        elif rel == "married_to" and _wife_to_be(view, copula, verdict):
            rel = "engaged_to"  # "Elizabeth will soon be the wife of Mr. Darcy": a match made
        elif not verdict.asserted:
            return []
    if any(view.token_kind[t.i] == "inferred" for _, t in referents):
        confidence = 0.55  # "his wife" of "Mr. Bennet" read as "Mrs. Bennet"
    if any(c.dep_ == "amod" and c.lower_ in FORMER for c in noun.children):
        ended = True  # "her former friend"
    rule = "ended" if ended else ("copula" if copula is not None else "possessive")
    if owner_tok.dep_ == "pobj":
        rule = "ended" if ended else "of_genitive"
    if view.inferred_by.get(noun.i) == "household":
        rule = "household"  # "Elizabeth ... her father": Mr. Bennet, by the family's names
    items = []
    for key, ref_tok in referents:
        tokens = [owner_tok, noun, ref_tok]
        if copula is not None:
            tokens.append(copula)
        items.append(_make(view, key, owner_key, rel, tokens, rule, confidence, ended))
    return items


def _wife_to_be(view: ChapterView, copula: Any, verdict: Verdict) -> bool:
    """A plain future copula ("will soon be the wife of"): not asked, not denied."""
    return verdict.reason == FUTURE and view.gate.terminal[copula.i] != "?" and \
        not any(c.dep_ == "neg" or c.lower_ == "never" for c in copula.children)


# Kin nouns that name each other's owner: "her brother" of Mrs. Bennet and "his sister" of
# Mr. Gardiner, said of the two of them, make each the other's.
RECIPROCAL = {
    **dict.fromkeys(("brother", "sister"), frozenset({"brother", "sister"})),
    "wife": frozenset({"husband"}), "husband": frozenset({"wife"}),
    **dict.fromkeys(("son", "daughter"), frozenset({"father", "mother"})),
    **dict.fromkeys(("father", "mother"), frozenset({"son", "daughter"})),
    **dict.fromkeys(("nephew", "niece"), frozenset({"uncle", "aunt"})),
    **dict.fromkeys(("uncle", "aunt"), frozenset({"nephew", "niece"})),
    "cousin": frozenset({"cousin"}),
}
RECIPROCAL_SENTENCES = 2


def _reciprocal(view: ChapterView, noun: Any, owner: str, lemma: str) -> list[tuple[str, Any]]:
    """"Mrs. Bennet had the pleasure of receiving her brother and his wife … Mr. Gardiner was
    a sensible, gentlemanlike man, greatly superior to his sister" (P&P ch. 25): the kin noun
    names no one, but an earlier one of the narration, in the same paragraph and at most
    `RECIPROCAL_SENTENCES` before, is its owner's counterpart ("her brother" of a woman whose
    "his sister" this is), owned for sure by someone else whose sex fits this noun, while
    this noun's owner fits that one. The earlier owner is the referent; none if two such."""
    pairs = RECIPROCAL.get(lemma, frozenset())
    para, sentence = view.token_para[noun.i], view.token_sent[noun.i]
    found: dict[str, Any] = {}
    j = noun.i - 1
    while j >= 0 and view.token_para[j] == para and \
            sentence - view.token_sent[j] <= RECIPROCAL_SENTENCES:
        tok, j = view.tokens[j], j - 1
        if tok.lemma_.lower() not in pairs or tok.tag_ != "NN" or view.token_key[tok.i] is not None \
                or view.in_quote(tok):
            continue
        poss = next((c for c in tok.children if c.dep_ == "poss"), None)
        key = view.character(poss) if poss is not None else None
        other = certain_owner(view, tok, poss, key) if key else None
        if other is not None and other != owner and _gender_fits(view, owner, tok.lemma_.lower()) \
                and _gender_fits(view, other, lemma) and view.gender_of(other) in GENDERED \
                and view.gender_of(owner) in GENDERED:
            found[other] = poss
    return list(found.items()) if len(found) == 1 else []


GENDERED = frozenset({"male", "female"})


def _lead_noun(noun: Any) -> Any:
    """The first of nouns joined by "and" ("my companion and friend": companion), whose owner
    and copula the later ones share; the noun itself when it leads."""
    while noun.dep_ == "conj" and noun.head.pos_ == "NOUN" and noun.head.i != noun.i:
        noun = noun.head
    return noun


FORMER = frozenset({"former", "ex", "erstwhile"})
# Ties two people hold to each other alike: "Lady Catherine and Lady Anne were sisters".
MUTUAL_TIES = frozenset({"sister_of", "brother_of", "sibling_of", "cousin_of", "friend_of"})


def _one_another(view: ChapterView, noun: Any, rel: str, lemma: str) -> list[RelationshipUpdate]:
    """"Lady Catherine de Bourgh and Lady Anne Darcy were sisters": a plural tie predicated of
    people named together, each of them certain, in an asserted clause. Speech states it
    only of kin, each named (Wickham's '"You know of course that Lady Catherine de Bourgh and
    Lady Anne Darcy were sisters"', Pride and Prejudice ch. 16); that two people are
    friends is, said by a third, an opinion."""
    verb = noun.head
    if rel not in MUTUAL_TIES or noun.tag_ != "NNS" or noun.dep_ != "attr" or \
            verb.lemma_ != "be" or not view.verdict(verb).asserted or \
            any(c.dep_ in {"det", "prep"} or c.lower_ in FORMER for c in noun.children):
        return []  # "were the sisters of …", "were former friends"
    named = {t.i: t for s in view.subjects(verb) for t in (s, *s.conjuncts)}
    first_hand = _you_and_me(view, list(named.values())) if view.in_quote(noun) else None
    if first_hand is not None:
        people = first_hand
    elif view.in_quote(noun) and (rel not in KIN_TYPES or any(
            view.token_kind[t.i] != "name" for t in named.values())):
        return []  # speech: kinship of people it names, never a friendship (an opinion)
    else:
        people = [(t, c) for t in named.values() for c in view.characters(t) if certain(view, t, c)]
    keys = list(dict.fromkeys(c for _, c in people))
    if len(keys) < 2 or len(keys) != len(people) or \
            not all(_gender_fits(view, k, lemma) for k in keys):
        return []
    tokens = {k: t for t, k in people}
    return [_make(view, a, b, rel, [tokens[a], tokens[b], noun], "one_another", 0.75,
                  anchor=verb)
            for i, a in enumerate(keys) for b in keys[i + 1:]]


_YOU_AND_ME = (frozenset({"you", "me"}), frozenset({"you", "i"}))


def _you_and_me(view: ChapterView, subjects: list[Any]) -> list[tuple[Any, str]] | None:
    """'"You know, Pip," replied Joe, "as you and me were ever friends"' (Great Expectations
    ch. 13): a tie a speaker states of themself and the one spoken to, first-hand, not a
    third's opinion. The speaker is the one the quotation's tag names, the listener the one
    person its paragraph calls by name (`certainty.addressed`); not "we", which may hold more."""
    if len(subjects) != 2 or frozenset(t.lower_ for t in subjects) not in _YOU_AND_ME:
        return None
    you = next(t for t in subjects if t.lower_ == "you")
    me = next(t for t in subjects if t.lower_ != "you")
    speaker, listener = tagged_speaker(view, me), addressed(view, you)
    if speaker is None or listener is None or speaker == listener:
        return None
    return [(you, listener), (me, speaker)]


VOCATIVE_PARENTS = {noun: gender for noun, (role, gender) in FAMILY_NOUNS.items() if role == "parent"}


def _called_parent(view: ChapterView, tok: Any, households: Households) -> RelationshipUpdate | None:
    """'"Mamma," cried Lydia': the speaker the tag names calls someone of her family parent."""
    gender = VOCATIVE_PARENTS.get(tok.lower_)
    if gender is None or not view.in_quote(tok) or not _vocative(tok):
        return None
    speaker = tagged_speaker(view, tok)
    parent = (households.called_parent(speaker, gender) or _parent_on_stage(view, speaker, gender, tok)) \
        if speaker else None
    if speaker is None or parent is None:
        return None
    rel = "father_of" if gender == "male" else "mother_of"
    return _make(view, parent, speaker, rel, [tok], "vocative", 0.6)


STAGE_PARAGRAPHS = 3  # how far back a parent named in the scene is still on stage


def _parent_on_stage(view: ChapterView, speaker: str, gender: str, tok: Any) -> str | None:
    """'"There is a gentleman with him, mamma," said Kitty' (P&P ch. 53): a child whose
    family no name tells (no surname, no parent on record) calls "mamma" the one parent on
    record of that sex whom the narration names in the quotation's paragraph or the
    `STAGE_PARAGRAPHS` before it; two such, or none, and nobody."""
    known = [(r.source, r.type, r.target) for r in view.context.relationships]
    if relatives(speaker, "parent", "up", known):
        return None  # her parents are on record: the household rules say who is called
    para = view.token_para[tok.i]
    start, end = view.paragraphs[max(0, para - STAGE_PARAGRAPHS)][0], view.paragraphs[para][1]
    named = {view.token_key[t.i] for t in view.tokens_between(start, end)
             if view.token_kind[t.i] == "name" and not view.in_quote(t)}
    found = {k for k in named if k and k != speaker and view.gender_of(k) == gender
             and relatives(k, "parent", "down", known)}
    return next(iter(found)) if len(found) == 1 else None


def _couple(view: ChapterView, tok: Any) -> RelationshipUpdate | None:
    """"Mr. and Mrs. Gardiner": the woman named after "and" is married to the one man known
    by the first title and her name (`couples.couple_at`)."""
    found = couple_at(view, tok)
    if found is None:
        return None
    return _make(view, found.wife, found.husband, "married_to", list(found.tokens), "couple", 0.8)


def _vocative(tok: Any) -> bool:
    """A word said to someone, set off on both sides: '"Mamma," cried', ', papa?'."""
    doc = tok.doc
    before = doc[tok.i - 1] if tok.i > 0 else None
    after = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    set_off = {",", "!", "?", ".", ";"}
    return (before is None or before.is_quote or before.text in set_off) and \
        (after is not None and (after.is_quote or after.text in set_off))


# "kept a journeyman", "employed a governess": a relative had, or a servant kept
HAVING_VERBS = frozenset({"have", "keep", "employ"})


def _had_relative(view: ChapterView, noun: Any, rel: str, lemma: str) -> list[RelationshipUpdate]:
    """"Tomas and Elena had an elder brother, Ivo Marsh": the owners are the subjects of
    "have", the relative is named in apposition, or by "named"/"called" or "whose name
    was" after it: "Now, Joe kept a journeyman at weekly wages whose name was Orlick" (Great
    Expectations ch. 15; a servant is kept or employed, a relative only had)."""
    verb = noun.head
    verb_lemma = verb.lemma_.lower()
    if noun.dep_ != "dobj" or verb_lemma not in HAVING_VERBS or verb.pos_ not in {"VERB", "AUX"}:
        return []
    if verb_lemma != "have" and rel != "servant_of":
        return []
    if any(c.lower_ in {"no", "any"} for c in noun.children) or not view.verdict(verb).asserted:
        return []
    owners = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
    plural = noun.tag_ in {"NNS", "NNPS"}
    named = [t for child in noun.children if child.dep_ == "appos"
             for t in ((child, *child.conjuncts) if plural else (child,))]
    if not named and not plural:
        named = _named_after(verb, noun)
    referents = [(k, t) for t in named for k in view.characters(t) if _gender_fits(view, k, lemma)]
    return [_make(view, key, owner_key, rel, [owner_tok, noun, ref_tok], "had_relative", 0.75,
                  anchor=verb)
            for owner_tok, owner_key in owners for key, ref_tok in referents if key != owner_key]


def _named_after(verb: Any, noun: Any) -> list[Any]:
    """The name a had or kept person is given right after the noun: "a sister named Elena",
    "a servant called Flopson", "a journeyman at weekly wages whose name was Orlick" (whose
    clause the parser may hang on the noun of a phrase after it, "wages")."""
    for child in noun.children:
        if child.dep_ == "acl" and child.lemma_.lower() in NAMING_VERBS:
            return [c for c in child.children
                    if c.dep_ in {"oprd", "attr", "dobj"} and c.pos_ == "PROPN"]
    holders = [noun, *(p for c in verb.children if c.dep_ == "prep" and c.i > noun.i
                        for p in c.children if p.dep_ == "pobj" and p.pos_ == "NOUN")]
    for holder in holders:
        for clause in (c for c in holder.children if c.dep_ == "relcl" and c.lemma_.lower() == "be"):
            subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
            if subject is not None and subject.lower_ == "name" and any(
                    c.lower_ == "whose" for c in subject.children):
                return [c for c in clause.children if c.dep_ == "attr" and c.pos_ == "PROPN"]
    return []


def _gender_fits(view: ChapterView, key: str, noun_lemma: str) -> bool:
    """"Mr. Darcy, her sister" is a misparse: a gendered noun must fit its referent."""
    wanted = NOUN_GENDER.get(noun_lemma)
    if wanted is None:
        return True
    gender = view.gender_of(key)
    return gender in {None, "unknown", "plural", wanted}


def _verb_relations(view: ChapterView, verb: Any) -> list[RelationshipUpdate]:
    lemma = verb.lemma_.lower()
    if lemma in {"marry", "wed", "married"}:
        if _arranged(view, verb):
            return _union(view, verb, "engaged_to", ended=False, settled=True)
        return _union(view, verb, "married_to", ended=False)
    if lemma in {"engage", "engaged", "betroth", "betrothed"}:
        if verb.pos_ == "VERB" and not view.is_passive(verb):
            return []  # "engaged a servant": hiring
        if any(p in {"in", "for", "with", "on"} for p, _ in view.preps(verb)):
            return []
        return _union(view, verb, "engaged_to", ended=False)
    if lemma == "divorce":
        return _union(view, verb, "married_to", ended=True)
    if lemma == "jilt":
        return _union(view, verb, "engaged_to", ended=True)
    if lemma in {"break", "end", "call"}:
        return _broken_engagement(view, verb)
    if lemma == "adopt":
        return _adoption(view, verb)
    return []


def _adoption(view: ChapterView, verb: Any) -> list[RelationshipUpdate]:
    """"She had adopted Estella" (Great Expectations, chapter 29), "Estella was adopted by Miss
    Havisham": the one who adopts is the guardian of the one adopted, a person (not "adopted
    a tone"). One side must be certain, the other may be a pronoun of the narration, as for
    a marriage; "as good as adopted me" is no adoption."""
    if verb.pos_ != "VERB" or near_thing(verb) or not view.verdict(verb).asserted:
        return []
    if view.is_passive(verb):
        adopted = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
        adopters = [(n, c) for p, n in view.preps(verb) if p == "by" for c in view.characters(n)]
    else:
        adopters = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
        adopted = [(o, c) for o in view.objects(verb) for c in view.characters(o)]
    if len(adopters) != 1 or len(adopted) != 1:
        return []
    (s, a), (o, b) = adopters[0], adopted[0]
    sure = [(t, c) for t, c in ((s, a), (o, b)) if certain(view, t, c)]
    if not sure or not all((t, c) in sure or not view.in_quote(t) for t, c in ((s, a), (o, b))):
        return []
    return [_make(view, a, b, "guardian_of", [s, o], "adoption", 0.8, anchor=verb)]


def _arranged(view: ChapterView, verb: Any) -> bool:
    """A marriage the story has settled on: "he was going to be married to a Miss Hawkins",
    "they are to be married", "Mr. Elton is to marry her". Not "if he were to marry" (a
    condition), "would marry", "wanted to marry"."""
    core = verb.head if verb.dep_ == "acomp" and verb.head.lemma_ == "be" else verb  # "to be married"
    head = core.head
    if head.i == core.i or not any(c.dep_ == "aux" and c.lower_ == "to" for c in core.children):
        return False
    going = head.lower_ == "going" and head.tag_ == "VBG" and any(
        c.dep_ == "aux" and c.lemma_ == "be" for c in head.children)
    to_be = head.lemma_ == "be" and head.pos_ == "AUX" and core.dep_ == "xcomp"
    return (going or to_be) and view.verdict(head).asserted


def _union(view: ChapterView, verb: Any, rel: str, ended: bool,
           settled: bool = False) -> list[RelationshipUpdate]:
    """"X married Y", "X was engaged to Y", "X and Y were married", "X divorced Y"; `settled`,
    a marriage to come that the story has settled on (`_arranged`), is an engagement."""
    if not settled and not view.verdict(verb).asserted:
        return []
    people = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
    partners = [(o, c) for o in view.objects(verb) for c in view.characters(o)]
    partners += [(n, c) for p, n in view.preps(verb) if p in {"to", "from"}
                 for c in view.characters(n)]
    # One side must be certain; the other may be a pronoun of the narration ("Clara had been
    # engaged to him"), never two pronouns ("he married her") nor a pronoun in speech.
    sure = [(t, c) for t, c in (*people, *partners) if certain(view, t, c)]
    if not sure:
        return []
    people = [(t, c) for t, c in people if (t, c) in sure or not view.in_quote(t)]
    partners = [(t, c) for t, c in partners if (t, c) in sure or not view.in_quote(t)]
    rule = "ended" if ended else ("marriage" if rel == "married_to" else "engagement")
    items = []
    if partners:
        for s, a in people:
            for o, b in partners:
                items.append(_make(view, a, b, rel, [s, o], rule, 0.8, ended, anchor=verb))
    elif len(people) > 1:
        (s, a), (o, b) = people[0], people[1]
        items.append(_make(view, a, b, rel, [s, o], rule, 0.75, ended, anchor=verb))
    return items


UNION_NOUNS = {"engagement": "engaged_to", "betrothal": "engaged_to", "marriage": "married_to"}
# "her intended marriage with Mr. Collins", "the report of their engagement": not a union.
UNREAL_UNIONS = frozenset({"intended", "proposed", "possible", "probable", "expected", "future",
                           "projected", "supposed", "imaginary", "rumoured", "rumored",
                           "reported", "pretended", "hoped", "wished", "desired", "imprudent"})


def _union_noun(view: ChapterView, noun: Any) -> RelationshipUpdate | None:
    """"Bingley's engagement with Jane had been formed", "the marriage of Lydia with
    Wickham", "the marriage of Lieut. Fairfax and Miss Jane Bates": a union noun whose owner
    and partner are both certain, in narration, in a clause the text asserts. A union still
    to come or only wished for is none."""
    rel = UNION_NOUNS.get(noun.lemma_.lower())
    if rel is None or noun.tag_ != "NN" or view.in_quote(noun):
        return None
    if any(c.lower_ in UNREAL_UNIONS for c in noun.children if c.dep_ in {"amod", "compound"}):
        return None
    clause = noun.head
    while clause.pos_ not in {"VERB", "AUX"} and clause.head.i != clause.i:
        clause = clause.head
    if clause.pos_ in {"VERB", "AUX"} and not view.verdict(clause).asserted:
        return None
    owner = _owner(view, noun)
    if owner is None:
        return None
    owner_key = certain_owner(view, noun, owner[1], owner[0])
    if owner_key is None or not certain(view, owner[1], owner_key):
        return None
    preps = view.preps(noun)
    if owner[1].dep_ == "pobj":
        preps += view.preps(owner[1])  # "the marriage of Lydia with Wickham"
    partners = {(c, n) for p, n in preps if p in {"with", "to"}
                for c in view.characters(n) if c != owner_key and certain(view, n, c)}
    if owner[1].dep_ == "pobj" and owner[1].head.lower_ == "of" and noun.dep_ in SUBJECT_DEPS:
        # "The marriage of Lieut. Fairfax …, and Miss Jane Bates, had had its day" (Emma ch.
        # 20): the pair, the parser hanging the second on either name or on the noun; as the
        # clause's subject only ("spoke of the marriage of X and Y" may be talk of one to come)
        partners |= {(c, n) for n in (*owner[1].conjuncts, *noun.conjuncts)
                     for c in view.characters(n) if c != owner_key and certain(view, n, c)}
    if len({c for c, _ in partners}) != 1:
        return None
    (key, partner), = partners
    return _make(view, owner_key, key, rel, [owner[1], noun, partner],
                 "marriage" if rel == "married_to" else "engagement", 0.75, anchor=clause
                 if clause.pos_ in {"VERB", "AUX"} else None)


def _broken_engagement(view: ChapterView, verb: Any) -> list[RelationshipUpdate]:
    """"X broke off the engagement with Y", "X ended her engagement to Y"."""
    if not view.verdict(verb).asserted:
        return []
    lemma = verb.lemma_.lower()
    particle = view.particle(verb)
    if lemma in {"break", "call"} and particle != "off":
        return []
    target = next((o for o in view.objects(verb)
                   if o.lemma_.lower() in {"engagement", "betrothal", "match", "marriage"}), None)
    if target is None:
        return []
    rel = "married_to" if target.lemma_.lower() == "marriage" else "engaged_to"
    people = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
    partners = [(n, c) for p, n in [*view.preps(verb), *view.preps(target)]
                if p in {"with", "to"} for c in view.characters(n)]
    owner = _owner(view, target)
    if owner is not None and all(owner[0] != c for _, c in people):
        partners.append((owner[1], owner[0]))
    items = []
    for s, a in people:
        for o, b in partners:
            items.append(_make(view, a, b, rel, [s, target, o], "ended", 0.75, True, anchor=verb))
    return items
