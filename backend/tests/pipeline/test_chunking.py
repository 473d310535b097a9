"""Stage CHUNK: offline tiktoken windows over real chapters, with exact character offsets."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import tiktoken
import tiktoken.load
import tiktoken.registry
from hypothesis import given, settings
from hypothesis import strategies as st

from continuum.errors import NotUtf8, TokenizerUnavailable
from continuum.pipeline import chunking
from continuum.pipeline.chunking import ENCODING_FILES, Chunk, chunk_text, load_encoding


def _shared_data() -> Path:
    shared = os.environ.get("CONTINUUM_SHARED_DATA")
    return Path(shared) if shared else Path(__file__).resolve().parents[3].parent / "shared/data"


@pytest.fixture(scope="module")
def novel() -> str:
    return (_shared_data() / "novels" / "pride_and_prejudice.txt").read_text(encoding="utf-8")


def _chapters(novel: str, first: str, stop: str) -> str:
    """Pride and Prejudice from the heading line `first` up to the heading line `stop`."""
    start = re.search(rf"^{re.escape(first)}$", novel, re.MULTILINE)
    end = re.search(rf"^{re.escape(stop)}$", novel, re.MULTILINE)
    assert start and end
    return novel[start.start() : end.start()]


@pytest.fixture(scope="module")
def enc() -> tiktoken.Encoding:
    return load_encoding()


def _tokens(enc: tiktoken.Encoding, text: str) -> int:
    return len(enc.encode_ordinary(text))


def _assert_tiles(text: str, chunks: list[Chunk]) -> None:
    """Chunks are exact slices, in order, overlapping or touching, covering the whole text."""
    assert [c.index for c in chunks] == list(range(len(chunks)))
    assert chunks[0].start == 0
    assert chunks[-1].end == len(text)
    for chunk in chunks:
        assert chunk.text
        assert text[chunk.start : chunk.end] == chunk.text
    for before, after in zip(chunks, chunks[1:], strict=False):
        assert before.start < after.start <= before.end


@pytest.fixture
def isolated_encoding_cache(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Nothing loaded yet in this process, and any download attempt fails loudly."""

    def no_network(blobpath: str) -> bytes:
        raise AssertionError(f"tiktoken tried to fetch {blobpath}")

    monkeypatch.setattr(tiktoken.load, "read_file", no_network)
    monkeypatch.delenv("TIKTOKEN_CACHE_DIR", raising=False)
    for name in ENCODING_FILES:
        monkeypatch.delitem(tiktoken.registry.ENCODINGS, name, raising=False)
    load_encoding.cache_clear()
    yield
    load_encoding.cache_clear()


def test_o200k_loads_from_litellm_without_network(isolated_encoding_cache: None) -> None:
    enc = load_encoding("o200k_base")
    assert enc.name == "o200k_base"
    assert enc.decode(enc.encode("“My dear Mr. Bennet,” said his lady")) == (
        "“My dear Mr. Bennet,” said his lady"
    )
    assert load_encoding("o200k_base") is enc
    assert Path(os.environ["TIKTOKEN_CACHE_DIR"]) == chunking.bundled_cache_dir()


def test_every_listed_encoding_ships_intact() -> None:
    folder = chunking.bundled_cache_dir()
    for url, sha256 in ENCODING_FILES.values():
        data = (folder / hashlib.sha1(url.encode()).hexdigest()).read_bytes()
        assert hashlib.sha256(data).hexdigest() == sha256


def test_an_empty_cache_dir_raises_instead_of_downloading(
    isolated_encoding_cache: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chunking, "bundled_cache_dir", lambda: tmp_path)
    with pytest.raises(TokenizerUnavailable, match="missing.*reinstall litellm"):
        load_encoding()
    with pytest.raises(TokenizerUnavailable):
        chunk_text("Mr. Bennet made no answer. " * 10)


def test_a_damaged_file_raises_and_is_left_in_place(
    isolated_encoding_cache: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, _ = ENCODING_FILES["o200k_base"]
    damaged = tmp_path / hashlib.sha1(url.encode()).hexdigest()
    damaged.write_bytes(b"not a tiktoken file\n")
    monkeypatch.setattr(chunking, "bundled_cache_dir", lambda: tmp_path)
    with pytest.raises(TokenizerUnavailable, match="damaged"):
        load_encoding()
    assert damaged.exists()


def test_an_unknown_encoding_names_the_ones_available() -> None:
    with pytest.raises(TokenizerUnavailable, match="cl100k_base, o200k_base, p50k_base"):
        load_encoding("gpt2")


def test_a_short_chapter_is_one_chunk(novel: str, enc: tiktoken.Encoding) -> None:
    chapter = _chapters(novel, "CHAPTER II.", "CHAPTER III.")
    assert _tokens(enc, chapter) < 2000
    assert chunk_text(chapter) == [Chunk(index=0, start=0, end=len(chapter), text=chapter)]


def test_real_chapters_become_overlapping_windows(novel: str, enc: tiktoken.Encoding) -> None:
    text = _chapters(novel, "CHAPTER III.", "CHAPTER VII.")
    chunks = chunk_text(text, max_tokens=2000, overlap=200)
    assert _tokens(enc, text) > 4000
    assert len(chunks) >= 3
    _assert_tiles(text, chunks)
    for chunk in chunks:
        assert _tokens(enc, chunk.text) <= 2000
    for chunk in chunks[:-1]:
        # the cut moved back to a boundary by at most 15% of the window
        assert _tokens(enc, chunk.text) >= 2000 * 0.85 - 1
    for before, after in zip(chunks, chunks[1:], strict=False):
        shared = _tokens(enc, text[after.start : before.end])
        assert 200 - 2 <= shared <= 200 * 1.5 + 2


def test_windows_end_and_start_at_sentences(novel: str) -> None:
    text = _chapters(novel, "CHAPTER III.", "CHAPTER XX.")
    chunks = chunk_text(text)
    assert len(chunks) > 20
    ends = starts = 0
    for chunk in chunks[:-1]:
        gap = _whitespace_around(text, chunk.end)
        assert gap, f"cut inside a word: {chunk.text[-60:]!r}"
        blank_line = "\n\n" in re.sub(r"[ \t]", "", gap)
        ends += blank_line or chunk.text.rstrip().rstrip("\"'”’)]_")[-1] in ".!?"
    for chunk in chunks[1:]:
        first = chunk.text.lstrip().lstrip('"“‘_[')
        starts += first[0].isupper() or not first[0].isalpha()
    # A sentence longer than the search span may force a cut between two words.
    assert ends >= 0.9 * (len(chunks) - 1)
    assert starts >= 0.9 * (len(chunks) - 1)


def _whitespace_around(text: str, position: int) -> str:
    start, end = position, position
    while start > 0 and text[start - 1].isspace():
        start -= 1
    while end < len(text) and text[end].isspace():
        end += 1
    return text[start:end]


def test_non_latin_text_keeps_exact_character_offsets(enc: tiktoken.Encoding) -> None:
    text = (
        "«Мой милый мистер Беннет, — сказала ему однажды жена, — слыхали вы, что "
        "Незерфилд-парк наконец сдан?» 彼女は言った。「ネザーフィールドがついに貸されたの。」"
        " Ἐν ἀρχῇ ἦν ὁ λόγος. 👩‍👩‍👧 “Quite sure,” she said — naïve café, ﷺ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢!\n\n"
    ) * 6
    for max_tokens, overlap in [(7, 0), (16, 3), (40, 10), (120, 20)]:
        chunks = chunk_text(text, max_tokens=max_tokens, overlap=overlap, encoding=enc)
        _assert_tiles(text, chunks)
        if overlap == 0:
            assert "".join(c.text for c in chunks) == text
        for chunk in chunks:
            # a window may take in the rest of a character that tokens split
            assert _tokens(enc, chunk.text) <= max_tokens + 2


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(min_size=1, max_size=300),
    max_tokens=st.integers(min_value=1, max_value=60),
    overlap_fraction=st.floats(min_value=0, max_value=0.9),
)
def test_offsets_hold_for_any_text(text: str, max_tokens: int, overlap_fraction: float) -> None:
    overlap = int(max_tokens * overlap_fraction)
    chunks = chunk_text(text, max_tokens=max_tokens, overlap=overlap)
    _assert_tiles(text, chunks)


def test_bad_arguments_and_empty_text() -> None:
    assert chunk_text("") == []
    with pytest.raises(NotUtf8, match="surrogate at character 3"):
        chunk_text("abc\udcff and more", max_tokens=10, overlap=0)
    with pytest.raises(ValueError, match="overlap"):
        chunk_text("text", max_tokens=100, overlap=100)
    with pytest.raises(ValueError, match="max_tokens"):
        chunk_text("text", max_tokens=0, overlap=0)
