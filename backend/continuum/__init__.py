"""Continuum: chapter-by-chapter continuity analysis for novels, with a spoiler-free wiki."""

import os as _os

# litellm fetches its model price map from the network at import unless told not to; we
# never want a network call at import (set here, before any module can import litellm).
_os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
