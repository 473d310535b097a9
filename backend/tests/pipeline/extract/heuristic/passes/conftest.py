"""Fixtures for the rule-pass tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.common import ChapterView

from .support import build_view


@pytest.fixture
def view() -> Callable[..., ChapterView]:
    """Build a ChapterView over a text (and an optional story context) with the real analyzer."""
    return build_view
