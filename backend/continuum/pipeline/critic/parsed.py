"""Dependency-parsed claims of a draft, for the checks that still read the parse themselves
(the knowledge check's names put to paper): the draft's tokens, whether a token is quoted, and
which established person a subject token refers to. The entity check reads the extractor's
records instead (`passes/acts`)."""

from __future__ import annotations

import uuid
from typing import Any

from continuum.language.prose import in_speech
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.extract.heuristic.passes.payoffs import proper_name


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
    """The established person the subject at an offset refers to (`DraftClaims.person_at`)."""
    return claims.person_at(start, name)
