"""Choose the extractor: the LLM one when LLM_MODEL is set, else the offline one."""

from __future__ import annotations

from functools import lru_cache

from continuum.pipeline.extract.protocol import Extractor
from continuum.settings import Settings


@lru_cache(maxsize=4)
def _offline() -> Extractor:
    from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor

    return OfflineExtractor()


def get_extractor(settings: Settings) -> Extractor:
    """The configured extractor (one offline instance per process: spaCy loads once)."""
    if settings.llm_model:
        from continuum.pipeline.extract.llm import LlmExtractor

        return LlmExtractor(
            model=settings.llm_model, api_base=settings.llm_api_base,
            api_key=settings.llm_api_key, max_concurrency=settings.llm_concurrency,
            timeout=settings.llm_call_timeout, max_retries=settings.llm_max_retries,
            chunk_tokens=settings.chunk_tokens, chunk_overlap=settings.chunk_overlap,
            temperature=settings.llm_temperature, repeat_penalty=settings.llm_repeat_penalty,
        )
    return _offline()
