"""docs/OPERATIONS.md covers the operations commands and every knob of these tests."""

from __future__ import annotations

import re

from tests.reliability.helpers import REPO_ROOT

HERE = REPO_ROOT / "backend" / "tests" / "reliability"


def test_operations_doc_names_every_reliability_knob() -> None:
    doc = (REPO_ROOT / "docs" / "OPERATIONS.md").read_text()
    knobs = {m for path in HERE.glob("test_*.py")
             for m in re.findall(r'environ\.get\("(CONTINUUM_[A-Z_]+)"', path.read_text())}
    assert knobs, "the tests read no CONTINUUM_* variables?"
    assert sorted(k for k in knobs if f"`{k}`" not in doc) == []
    for words in ("continuum backup", "continuum restore", "CONTINUUM_API_TOKEN",
                  "continuum db upgrade"):
        assert words in doc
