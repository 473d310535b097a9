"""Blank out transcriber markup (illustration captions) before extraction, keeping offsets.

Gutenberg texts carry `[Illustration: ...]` blocks whose captions name characters out of
story order ("Mr. Darcy" in a caption of chapter 1). The extractor sees spaces instead,
so every offset it reports still points into the original chapter text.
"""

from __future__ import annotations

import re

_ILLUSTRATION = re.compile(r"\[Illustration[^\]]*\]", re.IGNORECASE)


def mask_markup(text: str) -> str:
    """The same text with illustration blocks replaced by spaces (newlines kept)."""
    return _ILLUSTRATION.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
