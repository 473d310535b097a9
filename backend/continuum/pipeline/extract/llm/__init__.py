"""The LLM extractor: the 13 passes through litellm, grouped into a few calls per chunk.

litellm reads `LITELLM_LOCAL_MODEL_COST_MAP` when it is first imported; set here, before
any module of this package imports it, so the price table comes from the installed
package and nothing is fetched over the network at import time.
"""

from __future__ import annotations

import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from continuum.pipeline.extract.llm.calls import LlmCall, record_llm_calls  # noqa: E402
from continuum.pipeline.extract.llm.canonicalize import canonicalize_with_llm  # noqa: E402
from continuum.pipeline.extract.llm.extractor import LlmExtractor  # noqa: E402
from continuum.pipeline.extract.llm.passes import CALL_GROUPS, NAIVE_GROUPS  # noqa: E402

__all__ = ["CALL_GROUPS", "NAIVE_GROUPS", "LlmCall", "LlmExtractor", "canonicalize_with_llm",
           "record_llm_calls"]
