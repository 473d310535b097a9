"""pandoc (shipped inside the pypandoc-binary wheel) turns a document into its JSON syntax tree.

It runs as a child process with `--sandbox` (no reading other files, no network), a heap cap
and a time limit, so a hostile or pathological document costs bounded time and memory.
"""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from continuum.errors import OperationFailed, UnreadableDocument
from continuum.pipeline.documents.formats import DocumentFormat

_HEAP = "-M2g"
# `\u8217'` (a Unicode escape whose fallback character follows without a space) is valid RTF,
# and pandoc's own RTF writer emits it, but its reader then drops the next letter ("it's" ->
# "it'"); a space after the number says the same thing in a form the reader takes correctly.
_RTF_UNICODE = re.compile(rb"(?<!\\)(\\u-?\d+)(?=[^\d\s\\{}])")


def pandoc_binary() -> str:
    """The pandoc executable inside the installed wheel (never downloaded)."""
    import pypandoc

    try:
        return str(pypandoc.get_pandoc_path())
    except OSError as exc:
        raise OperationFailed("pandoc is missing: reinstall the backend (make setup) so that "
                              "pypandoc-binary brings it") from exc


def to_syntax_tree(data: bytes, fmt: DocumentFormat, *, name: str, seconds: float) -> dict[str, Any]:
    """The document as pandoc's JSON AST (`{"meta": ..., "blocks": [...]}`)."""
    assert fmt.reader is not None
    with tempfile.TemporaryDirectory(prefix="continuum-doc-") as folder:
        source = Path(folder) / f"upload.{fmt.key}"
        source.write_bytes(_RTF_UNICODE.sub(rb"\1 ", data) if fmt.key == "rtf" else data)
        command = [pandoc_binary(), "+RTS", _HEAP, "-RTS", "--sandbox", "--from", fmt.reader,
                   "--to", "json", str(source)]
        try:
            done = subprocess.run(command, capture_output=True, timeout=seconds, cwd=folder,
                                  check=False)
        except subprocess.TimeoutExpired as exc:
            raise UnreadableDocument(
                f"converting {name} took longer than {seconds:g} seconds and was stopped; split "
                "the book into smaller files or raise CONVERT_SECONDS") from exc
    if done.returncode != 0:
        reason = done.stderr.decode("utf-8", "replace").strip().splitlines()
        detail = reason[-1] if reason else f"exit status {done.returncode}"
        raise UnreadableDocument(f"{name} could not be read as a {fmt.label} ({detail}); save "
                                 "or export it again")
    tree: dict[str, Any] = json.loads(done.stdout)
    return tree
