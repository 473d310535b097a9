"""CANONICALIZE: match still-unknown names against the roster before anything is written.

Normalized equality, partial and fuzzy matching happen at zero cost in RESOLVE. With an LLM
configured, the names none of those rules can place are sent to the model (one call per
entity type, the roster capped to the most similar entries); a name the model maps to an
established entity gets that entity's name as an alias, so RESOLVE then binds it exactly.
The calls happen before the persist transaction, so no model call runs under the lock.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from typing import Any

from sqlalchemy.orm import Session

from continuum.language.names import is_pronoun
from continuum.pipeline.extract.schema import ChapterExtraction
from continuum.pipeline.identity.cast import load_cast
from continuum.pipeline.identity.resolve import resolve_name
from continuum.settings import Settings


def canonicalize_with_roster(
    session: Session, *, novel_id: uuid.UUID, chapter: int, extraction: ChapterExtraction,
    settings: Settings, calls: list[Any],
) -> int:
    """Give unplaced names the established name the LLM matched them to; returns how many."""
    if not settings.llm_model:
        return 0
    from continuum.pipeline.extract.llm import canonicalize_with_llm

    roster = load_cast(session, novel_id=novel_id, before_chapter=chapter).roster
    unplaced: dict[str, list[str]] = defaultdict(list)
    for item in extraction.new_entities:
        names = [n for n in (item.name, *item.aliases) if not is_pronoun(n)]
        if names and all(resolve_name(roster, n, item.type).rule == "none" for n in names):
            unplaced[item.type].append(item.name)
    matched = 0
    for type_, names in unplaced.items():
        known = [e.name for e in roster.by_type(type_)]
        if not known:
            continue
        answer = canonicalize_with_llm(
            names, known, type_, settings.llm_model, api_base=settings.llm_api_base,
            api_key=settings.llm_api_key, timeout=settings.llm_call_timeout,
            max_retries=settings.llm_max_retries, calls=calls,
            temperature=settings.llm_temperature, repeat_penalty=settings.llm_repeat_penalty)
        for item in extraction.new_entities:
            target = answer.get(item.name) if item.type == type_ else None
            if target and target not in item.aliases:
                item.aliases.append(target)
                matched += 1
    return matched
