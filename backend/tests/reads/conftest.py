"""The scripted four-chapter story, ingested through the real spine for each test."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest

from continuum.db.engine import read_session
from tests.reads.story import ids, ingest_story


@pytest.fixture()
def story(clean_db) -> tuple[uuid.UUID, dict[str, uuid.UUID]]:
    """(novel id, entity ids by name) of the four-chapter story."""
    novel_id = ingest_story()
    return novel_id, ids(novel_id)


@pytest.fixture()
def read() -> Callable[..., Any]:
    """Call a read function in a fresh read session: read(fn, novel_id=..., cap=...)."""
    def call(fn: Callable[..., Any], **kwargs: Any) -> Any:
        with read_session() as session:
            return fn(session=session, **kwargs)
    return call
