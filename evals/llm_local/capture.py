"""Every answer the real model gave, kept as the server sent it (for the replaying tests).

`record_answers(path)` wraps `litellm.completion` for the eval's process only: each call's
pass marker, request options and raw answer (or error) are appended to a JSON-lines file.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

_MARKER = re.compile(r"^PASS: (.+)$", re.MULTILINE)


@contextmanager
def record_answers(path: Path, label: str) -> Iterator[list[dict[str, Any]]]:
    """Append every litellm completion of the block to `path`; yields the records."""
    from continuum.pipeline.extract.llm.client import litellm_module

    litellm = litellm_module()
    original = litellm.completion
    records: list[dict[str, Any]] = []
    lock = threading.Lock()

    def completion(*args: Any, **kwargs: Any) -> Any:
        messages = kwargs.get("messages") or []
        last = messages[-1].get("content") if messages else ""
        marker = _MARKER.search(last if isinstance(last, str) else "")
        record: dict[str, Any] = {
            "label": label, "passes": marker.group(1) if marker else None,
            "options": {k: v for k, v in kwargs.items() if k not in {"messages", "api_key"}},
            "prompt_chars": sum(len(str(m.get("content"))) for m in messages),
        }
        began = time.perf_counter()
        try:
            response = original(*args, **kwargs)
        except Exception as exc:
            record.update(error=f"{type(exc).__name__}: {exc}",
                          seconds=round(time.perf_counter() - began, 1))
            _append(path, record, records, lock)
            raise
        record.update(seconds=round(time.perf_counter() - began, 1),
                      response=response.model_dump() if hasattr(response, "model_dump")
                      else dict(response))
        _append(path, record, records, lock)
        return response

    litellm.completion = completion
    try:
        yield records
    finally:
        litellm.completion = original


def _append(path: Path, record: dict[str, Any], records: list[dict[str, Any]],
            lock: threading.Lock) -> None:
    with lock:
        records.append(record)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
