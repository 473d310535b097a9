"""Fixtures for the segmentation tests: the shared novels, read once per session."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

@pytest.fixture(scope="session")
def read_novel(shared_data: Path) -> Callable[[str], str]:
    """A cached reader for a shared novel by file stem, e.g. `"treasure_island"`."""

    @cache
    def read(name: str) -> str:
        return (shared_data / "novels" / f"{name}.txt").read_text(encoding="utf-8")

    return read


@pytest.fixture(scope="session")
def novel_paragraph(read_novel: Callable[[str], str]) -> Callable[[str, str], str]:
    """The blank-line-separated paragraph of a novel that contains a phrase."""

    def find(name: str, phrase: str) -> str:
        for block in re.split(r"\n[ \t]*\n", read_novel(name)):
            if phrase in block:
                return block.strip()
        raise AssertionError(f"{phrase!r} not found in {name}")

    return find
