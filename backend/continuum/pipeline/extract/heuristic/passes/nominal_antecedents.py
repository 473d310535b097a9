"""Pronouns whose one antecedent is a kin noun: "…had been insufficient to make his wife
understand his character. _Her_ mind was less difficult to develope. She was a woman of mean
understanding…" (Pride and Prejudice, chapter 1).

The pronoun resolver (`coref`) chains pronouns to names, and finds no woman named near "Her"
and "She". The kin noun before them, "his wife", is Mrs. Bennet, read from Mr. Bennet's name
(`nominals.resolve_spouses`, the household rules, a tie on record): the only person of their
gender mentioned before them, so they are hers.

Precision first. Only narration, only in the noun's paragraph and within `WINDOW_SENTENCES`
of the last mention of the pronoun's gender; a name, a placed pronoun or a person-noun of that
gender between the two (or a name of unknown gender) leaves the pronoun as it was. A pronoun
placed here carries the person on to the next one ("Her … She").
"""

from __future__ import annotations

from typing import Any

from continuum.language.people import PERSON_NOUNS
from continuum.pipeline.extract.heuristic.coref import PRONOUN_GENDER
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.relation_words import NOUN_GENDER

WINDOW_SENTENCES = 2
GENDERS = ("male", "female")
# A person-noun no rule placed may be the antecedent itself: it ends the chains of its sex.
PERSON_WORDS = PERSON_NOUNS | frozenset(NOUN_GENDER)


def resolve_after_nominals(view: ChapterView) -> None:
    """Place each unresolved narration he/she whose last same-gender mention is an inferred
    kin noun (or a pronoun placed so)."""
    # gender -> (key, sentence, paragraph) of the last mention a pronoun may take, or None
    # when the last mention of that gender is one the resolver already had (or nobody sure).
    carried: dict[str, tuple[str, int, int] | None] = dict.fromkeys(GENDERS)
    for tok in view.tokens:
        key, kind = view.token_key[tok.i], view.token_kind[tok.i]
        gender = PRONOUN_GENDER.get(tok.lower_) if tok.tag_ in {"PRP", "PRP$"} else None
        if key is not None:
            _mention(view, carried, tok, key, kind)
            continue
        if tok.pos_ == "NOUN" and tok.lemma_.lower() in PERSON_WORDS:
            _mention(view, carried, tok, None, None)  # "her daughter", "a lady": someone else
            continue
        if gender not in GENDERS:
            continue
        if view.in_quote(tok):
            carried[gender] = None  # a "she" in speech may be anyone: the chain stops
            continue
        last = carried[gender]
        if last is None or last[2] != view.token_para[tok.i] or \
                view.token_sent[tok.i] - last[1] > WINDOW_SENTENCES:
            continue
        view.place_pronoun(tok, last[0])
        carried[gender] = (last[0], view.token_sent[tok.i], view.token_para[tok.i])


def _mention(view: ChapterView, carried: dict[str, tuple[str, int, int] | None], tok: Any,
             key: str | None, kind: str | None) -> None:
    """A mention: an inferred kin noun outside speech starts a chain for its gender; any
    other mention of a person (`key` None: a noun no rule placed) ends the chains it could be
    the antecedent of."""
    if key is not None and not view.is_character(key):
        return
    gender = view.gender_of(key) if key is not None else NOUN_GENDER.get(tok.lemma_.lower())
    if key is not None and kind == "inferred" and gender in GENDERS and not view.in_quote(tok):
        carried[gender] = (key, view.token_sent[tok.i], view.token_para[tok.i])
        return
    for g in GENDERS:
        chain = carried[g]
        if gender in (g, None, "unknown") and (chain is None or chain[0] != key):
            carried[g] = None
