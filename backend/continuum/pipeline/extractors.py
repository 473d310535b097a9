"""Choose the extractor: the LLM one when LLM_MODEL is set, else the offline one."""

from __future__ import annotations

from functools import lru_cache

from continuum.errors import ExtractionFailed
from continuum.pipeline.extract.protocol import Extractor
from continuum.settings import Settings


@lru_cache(maxsize=4)
def _offline() -> Extractor:
    from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor

    return OfflineExtractor()


def get_extractor(settings: Settings) -> Extractor:
    """The configured extractor (one offline instance per process: spaCy loads once)."""
    if settings.llm_model:
        try:
            from continuum.pipeline.extract.llm.extractor import (  # type: ignore[import-not-found]
                LlmExtractor,
            )
        except ImportError as exc:
            raise ExtractionFailed(
                "LLM_MODEL is set, but this build has no LLM extractor yet; "
                "unset LLM_MODEL to use the offline extractor"
            ) from exc
        return LlmExtractor(model=settings.llm_model)  # type: ignore[no-any-return]
    return _offline()
