"""The critic eval's held-out draft set: loaded on its own, shaped like the development set,
disjoint from it, and reported in its own table next to the development one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evals.common import GOLDEN
from evals.critic_eval import (
    CHECKS,
    DEV_SET,
    HELDOUT_LABEL,
    HELDOUT_SET,
    DraftResult,
    load_draft_set,
    render,
    summarize,
)


def test_heldout_set_loads_with_its_own_ids_and_counts() -> None:
    heldout = load_draft_set(HELDOUT_SET)
    dev = load_draft_set(DEV_SET)
    assert len(heldout) == 30 and len(dev) == 32
    assert all(d["id"].startswith("heldout_") for d in heldout)
    assert not {d["id"] for d in heldout} & {d["id"] for d in dev}
    assert not {d["text"] for d in heldout} & {d["text"] for d in dev}
    seeded = [d["seeded"]["type"] for d in heldout if d["seeded"]]
    assert sorted(seeded) == sorted(CHECKS * 4)
    assert sum(d["seeded"] is None for d in heldout) == 10
    for d in heldout:
        assert 250 <= len(d["text"].split()) <= 600, d["id"]
        if d["seeded"]:
            assert d["text"].count(d["seeded"]["quote"]) == 1, d["id"]


def test_load_draft_set_reads_one_folder_sorted_and_refuses_an_empty_one(tmp_path: Path) -> None:
    folder = tmp_path / "drafts_x"
    folder.mkdir()
    for name in ("b", "a"):
        (folder / f"{name}.json").write_text(json.dumps({"id": name, "text": "t", "seeded": None}),
                                             encoding="utf-8")
    assert [d["id"] for d in load_draft_set("drafts_x", root=tmp_path)] == ["a", "b"]
    (tmp_path / "empty").mkdir()
    with pytest.raises(FileNotFoundError):
        load_draft_set("empty", root=tmp_path)
    assert (GOLDEN / HELDOUT_SET).is_dir()


def test_render_reports_heldout_in_its_own_labelled_table() -> None:
    def result(i: str, seeded: str | None, caught: bool) -> DraftResult:
        findings = [{"check": seeded or "entity", "severity": "FAIL", "message": "m",
                     "draft_start": 0, "draft_end": 5}] if caught else []
        return DraftResult(id=i, seeded=seeded, status="ok", findings=findings,
                           quote_span=(0, 5) if seeded else None)

    dev = summarize([result(f"d{c}", c, True) for c in CHECKS] + [result("c", None, False)])
    heldout = summarize([result("h1", "knowledge", True), result("h2", "knowledge", False),
                         result("hc1", None, True), result("hc2", None, False)])

    class Ingest:
        embedding = "mock:hash"

    text = render(dev, None, Ingest(), heldout, 4)  # type: ignore[arg-type]
    dev_part, held_part = text.split(HELDOUT_LABEL)
    assert "| knowledge | 1 | 1.00 (1/1) | 1.00 (1/1) | 1.00 (1/1) |" in dev_part
    assert "| knowledge | 2 | 0.50 (1/2) | 0.50 (1/2) | 0.50 (1/2) |" in held_part
    assert "| canon | 0 | — (0/0) |" in held_part
    assert "false FAILs): 0.50 (1/2: hc1)" in held_part
    assert "Held-out v1 below target: entity, knowledge, possession, commitments, canon; " \
           "clean-draft false FAILs above target." in held_part
    without = render(dev, None, Ingest())  # type: ignore[arg-type]
    assert HELDOUT_LABEL not in without and "Below target: no check type." in without
