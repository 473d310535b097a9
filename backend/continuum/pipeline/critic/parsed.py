"""Dependency-parsed claims of a draft, for checks that must not depend on wording: who is the
subject of a verb (a name, a pronoun or a nominal the extractor resolved), which object a
verb acts on, and the clause structure around it (perfect, modal, quoted, reported)."""

from __future__ import annotations

import re
import uuid
from typing import Any

from continuum.language.grammar import MODALS
from continuum.language.names import PRONOUNS, normalize
from continuum.language.prose import in_speech
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.extract.heuristic.passes import clauses
from continuum.pipeline.extract.heuristic.passes.clauses import finite, perfect_or_modal, reported
from continuum.pipeline.extract.heuristic.passes.payoffs import proper_name

__all__ = ["finite", "perfect_or_modal", "reported"]  # the clause tests the checks read through here

SUBJECTS = ("nsubj", "nsubjpass")


def doc_of(claims: DraftClaims) -> Any:
    """The draft's spaCy Doc (parsed once per critique, with the extractor's pipeline)."""
    if claims.doc is None:
        from continuum.pipeline.extract.heuristic.nlp import parse

        claims.doc = parse(claims.text)
    return claims.doc


def tokens(claims: DraftClaims) -> list[Any]:
    """The draft's tokens, made once: spaCy builds a new Token object for each token on
    every pass over a Doc, and a dozen checks walk the whole draft."""
    if claims.tokens is None:
        claims.tokens = list(doc_of(claims))
    return claims.tokens


def quoted(claims: DraftClaims, tok: Any) -> bool:
    """Whether a token is inside quoted speech."""
    return in_speech(claims.speeches, tok.idx) is not None


def who(claims: DraftClaims, tok: Any) -> uuid.UUID | None:
    """The established person a subject token refers to (`who_at`)."""
    return who_at(claims, tok.idx, proper_name(tok) if tok.pos_ == "PROPN" else None)


def who_at(claims: DraftClaims, start: int | None, name: str | None) -> uuid.UUID | None:
    """The established person the subject at an offset refers to: the extractor's own
    resolution of the mention (a name, a pronoun or a nominal like "the captain"), else its
    written proper name."""
    resolved = claims.resolved_at(start) if start is not None else None
    if resolved and normalize(resolved) not in PRONOUNS:
        found = claims.person(resolved)
        if found is not None:
            return found
    if name is not None:
        return claims.person(name)
    return None


def named(tok: Any) -> bool:
    """The subject is written as a proper name (not a pronoun or a nominal)."""
    return bool(tok.pos_ == "PROPN")


# A time anchored in the story's own day or week: a past perfect dated by one ("had signed
# the chit that morning", "had called the night before") happened after anything the earlier
# chapters told, not before them.
RECENT = re.compile(
    r"\b(?:(?:this|that|the same)\s+(?:very\s+)?(?:morning|afternoon|evening|night|day|week|forenoon)"
    r"|today|tonight|yesterday|last\s+(?:night|evening|week)"
    r"|the\s+(?:night|day|evening|morning|week)\s+before"
    r"|(?:an?|one|two|three|a\s+few|some)\s+(?:minutes?|hours?|days?)\s+(?:ago|before|earlier)"
    r"|earlier\s+(?:that|this|in\s+the)\s+(?:morning|afternoon|evening|day|week))\b",
    re.IGNORECASE)


def recent_perfect(verb: Any) -> bool:
    """A past perfect ("had signed") dated in the story's present by its own sentence ("that
    morning", "yesterday", "an hour before"), so the act is recent, not a memory."""
    aux = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if not any(c.lemma_ == "have" for c in aux) or any(c.lower_ in MODALS for c in aux):
        return False
    return RECENT.search(verb.sent.text) is not None


def main_clause(verb: Any) -> bool:
    """The verb is the sentence's root, or coordinated with it."""
    node = verb
    while node.dep_ == "conj":
        node = node.head
    return bool(node.dep_ == "ROOT")


def remembered(claims: DraftClaims, start: int) -> bool:
    """The paragraph frames a memory before this offset (`clauses.remembered`)."""
    return clauses.remembered(doc_of(claims), claims.text, start)
