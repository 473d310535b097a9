"""Stage CHUNK: token windows over a chapter, counted with tiktoken and loaded offline.

The encodings come from the copies litellm ships in its package
(`litellm/litellm_core_utils/tokenizers/`, named by the sha1 of their download URL, as
tiktoken's cache expects). Each file is checked before tiktoken sees it: tiktoken would
otherwise delete a damaged file and try to download a new one.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

import tiktoken

from continuum.errors import NotUtf8, TokenizerUnavailable

__all__ = [
    "ENCODING_FILES",
    "Chunk",
    "TokenizerUnavailable",
    "bundled_cache_dir",
    "chunk_text",
    "load_encoding",
]

_BLOB = "https://openaipublic.blob.core.windows.net/encodings"
ENCODING_FILES: dict[str, tuple[str, str]] = {
    "o200k_base": (
        f"{_BLOB}/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    ),
    "cl100k_base": (
        f"{_BLOB}/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    ),
    "p50k_base": (
        f"{_BLOB}/p50k_base.tiktoken",
        "94b5ca7dff4d00767bc256fdd1b27e5b17361d7b8a5f968547f9f23eb70d2069",
    ),
}
"""Encodings available offline: name -> (URL tiktoken caches it under, sha256 of the file)."""

BOUNDARY_SEARCH = 0.15
"""How far back from a window's end (fraction of the window) a cut may move to a boundary."""

_SENTENCE_END = ".!?…"
_CJK_SENTENCE_END = "。！？"
_CLOSERS = "\"'”’)]}»_*"
_ABBREVIATIONS = frozenset(
    {"mr", "mrs", "ms", "messrs", "mme", "mlle", "dr", "st", "rev", "col", "capt", "gen"}
    | {"lt", "sgt", "prof", "hon", "esq", "jr", "sr", "no", "vol", "ch"}
)
_SCAN_LIMIT = 200
"""Longest run of whitespace or closing marks inspected around a candidate cut."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """One window of a text: `text == source[start:end]` (character offsets)."""

    index: int
    start: int
    end: int
    text: str


def bundled_cache_dir() -> Path:
    """The folder of tiktoken files inside the installed litellm package (not imported)."""
    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        raise TokenizerUnavailable(
            "litellm is not installed; Continuum counts tokens with the tiktoken files "
            "that ship inside it (pip install litellm)"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "litellm_core_utils" / "tokenizers"


@functools.cache
def load_encoding(name: str = "o200k_base") -> tiktoken.Encoding:
    """The tiktoken encoding `name`, from litellm's bundled files; never downloads."""
    if name not in ENCODING_FILES:
        raise TokenizerUnavailable(
            f"tiktoken encoding {name!r} is not available offline; "
            f"use one of {', '.join(sorted(ENCODING_FILES))}"
        )
    url, expected_sha256 = ENCODING_FILES[name]
    cache_dir = bundled_cache_dir()
    path = cache_dir / hashlib.sha1(url.encode()).hexdigest()
    if not path.is_file():
        raise TokenizerUnavailable(
            f"tiktoken encoding {name!r} is missing: expected {path} (shipped with litellm); "
            "reinstall litellm. Continuum does not download tokenizers at run time."
        )
    actual_sha256 = hashlib.sha256(path.read_bytes()).hexdigest()
    if actual_sha256 != expected_sha256:
        raise TokenizerUnavailable(
            f"tiktoken encoding file {path} is damaged (sha256 {actual_sha256}, expected "
            f"{expected_sha256}); reinstall litellm"
        )
    # tiktoken finds its files through this variable; the file is there and intact, so
    # it reads it and never reaches for the network.
    os.environ["TIKTOKEN_CACHE_DIR"] = str(cache_dir)
    try:
        return tiktoken.get_encoding(name)
    except Exception as exc:
        raise TokenizerUnavailable(f"tiktoken could not load {name!r}: {exc}") from exc


def chunk_text(
    text: str,
    *,
    max_tokens: int = 2000,
    overlap: int = 200,
    encoding: tiktoken.Encoding | None = None,
) -> list[Chunk]:
    """Windows of at most `max_tokens` tokens, each repeating about `overlap` tokens of the last.

    A window ends at the last paragraph break, else sentence end, else space within its
    final 15%. The next one starts `overlap` tokens before that cut, or up to half as many
    again earlier where a sentence starts there. A text that fits in one window is one
    chunk; "" is none.
    """
    if max_tokens < 1:
        raise ValueError("max_tokens must be at least 1")
    if not 0 <= overlap < max_tokens:
        raise ValueError("overlap must be at least 0 and smaller than max_tokens")
    if not text:
        return []
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise NotUtf8(
            f"the text has an unpaired surrogate at character {exc.start}; decode the "
            "file as UTF-8 (errors='replace') before chunking"
        ) from exc
    enc = encoding or load_encoding()
    tokens = enc.encode_ordinary(text)
    if len(tokens) <= max_tokens:
        return [Chunk(index=0, start=0, end=len(text), text=text)]

    decoded, offsets = enc.decode_with_offsets(tokens)
    if decoded != text:  # cannot happen for valid UTF-8; offsets would be wrong if it did
        raise RuntimeError("tiktoken's decoded text differs from the input")
    # bounds[k]: character offset where token k starts (for a token that begins inside a
    # multi-byte character, the start of that character); bounds[n] is the text's end.
    bounds = [*offsets, len(text)]
    n = len(tokens)
    end_search = max(1, int(max_tokens * BOUNDARY_SEARCH))
    start_search = overlap // 2

    chunks: list[Chunk] = []
    start = 0
    while True:
        end = min(start + max_tokens, n)
        if end < n:
            end = _best_cut(text, bounds, low=max(start + 1, end - end_search), high=end)
        while end < n and bounds[end] <= bounds[start]:
            end += 1  # a window inside one character: take the whole character
        chunks.append(_chunk(text, len(chunks), bounds[start], bounds[end]))
        if end >= n:
            return chunks
        target = end - overlap
        if overlap:
            target = _sentence_start(text, bounds, low=target - start_search, high=target)
        # Never start at or before the previous chunk's first character.
        start = max(target, bisect.bisect_right(bounds, chunks[-1].start))


def _chunk(text: str, index: int, start: int, end: int) -> Chunk:
    return Chunk(index=index, start=start, end=end, text=text[start:end])


def _best_cut(text: str, bounds: list[int], *, low: int, high: int) -> int:
    """The latest paragraph break in [low, high], else sentence end, else space, else high."""
    best, best_score = high, 0
    for k in range(high, low - 1, -1):
        score = _boundary_score(text, bounds[k])
        if score == 3:
            return k
        if score > best_score:
            best, best_score = k, score
    return best


def _sentence_start(text: str, bounds: list[int], *, low: int, high: int) -> int:
    """The latest token in [low, high] that starts a sentence or paragraph, else high."""
    for k in range(high, max(low, 0) - 1, -1):
        if _boundary_score(text, bounds[k]) >= 2:
            return k
    return high


def _boundary_score(text: str, cut: int) -> int:
    """3 paragraph break, 2 sentence end, 1 between words, 0 inside a word, at `cut`."""
    before = cut
    while before > 0 and cut - before < _SCAN_LIMIT and text[before - 1].isspace():
        before -= 1
    after = cut
    while after < len(text) and after - cut < _SCAN_LIMIT and text[after].isspace():
        after += 1
    gap = text[before:after]
    if gap.count("\n") >= 2:
        return 3
    if _ends_sentence(text, before, spaced=bool(gap)):
        return 2
    return 1 if gap else 0


def _ends_sentence(text: str, position: int, *, spaced: bool) -> bool:
    """Whether text[:position] ends a sentence (closing quotes and brackets allowed)."""
    j = position
    while j > 0 and position - j < _SCAN_LIMIT and text[j - 1] in _CLOSERS:
        j -= 1
    if j == 0:
        return False
    mark = text[j - 1]
    if mark in _CJK_SENTENCE_END:
        return True
    if not spaced or mark not in _SENTENCE_END:
        return False
    if mark != ".":
        return True
    word_start = j - 1
    while word_start > 0 and text[word_start - 1].isalpha():
        word_start -= 1
    word = text[word_start : j - 1]
    is_initial = len(word) == 1 and word.isupper()
    return not (is_initial or word.lower() in _ABBREVIATIONS)
