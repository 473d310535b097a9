"""Fixtures for the LLM extractor: a fake provider on 127.0.0.1 and real chapters."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from continuum.pipeline.extract.llm import LlmExtractor
from continuum.pipeline.extract.protocol import StoryContext
from tests.pipeline.extract.llm.fake_server import FakeLlmServer

MODEL = "openai/fake-model"
_HEADING = re.compile(r"\n(?:CHAPTER [IVXLC]+\.|Chapter I\.\])\n")


@pytest.fixture(scope="module")
def llm_server() -> Iterator[FakeLlmServer]:
    """One fake provider per test module (no latency unless a test sets one)."""
    server = FakeLlmServer().start()
    # litellm loads much of itself on its first call (a second or more): pay that here, so
    # the tests' short client timeouts measure the fake server and not the import.
    make_extractor(server).extract("Warm-up text.", chapter_number=1, context=StoryContext())
    server.reset()
    yield server
    server.stop()


@pytest.fixture()
def fake(llm_server: FakeLlmServer) -> FakeLlmServer:
    """The fake provider with no faults, default answers and an empty request log."""
    llm_server.reset()
    llm_server.latency.scale = 0.0
    return llm_server


def make_extractor(server: FakeLlmServer, **options: object) -> LlmExtractor:
    """An extractor on the fake provider with test-sized timeouts and backoff."""
    settings: dict[str, object] = {"timeout": 5.0, "retry_backoff": 0.01}
    settings.update(options)
    return LlmExtractor(MODEL, api_base=server.url, api_key="test", **settings)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def pride_chapters(shared_data: Path) -> list[str]:
    """Chapters 1, 2, 3... of Pride and Prejudice (index 0 is chapter 1), headings removed."""
    text = (shared_data / "novels" / "pride_and_prejudice.txt").read_text(encoding="utf-8")
    parts = _HEADING.split(text)[1:]
    end = parts[-1].find("*** END OF")
    if end > 0:
        parts[-1] = parts[-1][:end]
    return [p.strip() for p in parts]
