"""The critic eval's held-out v2 draft set (`drafts_blind/`, written blind, measured once blind,
then used for tuning): loaded on its own, shaped like the other held-out set, disjoint from both
earlier sets, every seeded quote and cited chapter sentence verbatim, accepted by the fixture's
validator, and reported in its own table after the development and held-out v1 tables, labelled
with its one blind measurement and as tuned on."""

from __future__ import annotations

import subprocess
import sys

from evals.common import GOLDEN
from evals.critic_eval import (
    CHECKS,
    DEV_SET,
    HELDOUT_LABEL,
    HELDOUT_SET,
    HELDOUT_V2_LABEL,
    HELDOUT_V2_SET,
    DraftResult,
    load_draft_set,
    render,
    summarize,
)

CHAPTERS = {n: (GOLDEN / "chapters" / f"{n:02d}.txt").read_text(encoding="utf-8") for n in range(1, 11)}


def _normal(text: str) -> str:
    return " ".join(text.split())


def test_blind_set_loads_with_its_own_ids_counts_and_word_range() -> None:
    blind = load_draft_set(HELDOUT_V2_SET)
    assert len(blind) == 30
    assert [d["id"] for d in blind] == sorted(p.stem for p in (GOLDEN / HELDOUT_V2_SET).glob("*.json"))
    assert all(d["id"].startswith("blind_") for d in blind)
    seeded = [d["seeded"]["type"] for d in blind if d["seeded"]]
    assert sorted(seeded) == sorted(CHECKS * 4)
    assert sum(d["seeded"] is None for d in blind) == 10
    for d in blind:
        assert 250 <= len(d["text"].split()) <= 600, d["id"]
        if d["seeded"] is None:
            assert d["id"].startswith("blind_clean_"), d["id"]
        else:
            assert d["id"].startswith(f"blind_{d['seeded']['type']}_"), d["id"]


def test_blind_set_shares_no_id_or_text_with_the_earlier_sets() -> None:
    blind = load_draft_set(HELDOUT_V2_SET)
    for folder in (DEV_SET, HELDOUT_SET):
        other = load_draft_set(folder)
        assert not {d["id"] for d in blind} & {d["id"] for d in other}, folder
        assert not {_normal(d["text"]) for d in blind} & {_normal(d["text"]) for d in other}, folder


def test_blind_seeded_quotes_locate_one_place_and_cite_the_chapter_verbatim() -> None:
    for d in load_draft_set(HELDOUT_V2_SET):
        s = d["seeded"]
        if s is None:
            continue
        assert s["description"], d["id"]
        assert d["text"].count(s["quote"]) == 1, d["id"]
        if s["type"] == "commitments":
            # A payoff of a setup that was never planted has no earlier sentence to cite.
            assert s["contradicts"] is None, d["id"]
        else:
            contra = s["contradicts"]
            assert contra["evidence"] in CHAPTERS[contra["chapter"]], d["id"]


def test_fixture_validator_accepts_all_four_draft_sets() -> None:
    out = subprocess.run([sys.executable, str(GOLDEN / "validate.py")], capture_output=True,
                         text=True, check=False, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "drafts_blind {'clean': 10, 'entity': 4, 'knowledge': 4, 'possession': 4, " \
           "'commitments': 4, 'canon': 4}" in out.stdout
    assert "drafts_blind2 {'clean': 10, 'entity': 4, 'knowledge': 4, 'possession': 4, " \
           "'commitments': 4, 'canon': 4}" in out.stdout


def test_render_reports_heldout_v2_last_in_its_own_honestly_labelled_table() -> None:
    def result(i: str, seeded: str | None, caught: bool) -> DraftResult:
        findings = [{"check": seeded or "entity", "severity": "WARN", "message": "m",
                     "draft_start": 0, "draft_end": 5}] if caught else []
        return DraftResult(id=i, seeded=seeded, status="ok", findings=findings,
                           quote_span=(0, 5) if seeded else None)

    dev = summarize([result(f"d{c}", c, True) for c in CHECKS])
    heldout = summarize([result(f"h{c}", c, True) for c in CHECKS])
    blind = summarize([result("b1", "possession", True), result("b2", "possession", False),
                       result("b3", "possession", False), result("bc", None, False)])

    class Ingest:
        embedding = "mock:hash"

    text = render(dev, None, Ingest(), heldout, 5, blind, 4)  # type: ignore[arg-type]
    assert text.index(HELDOUT_LABEL) < text.index(HELDOUT_V2_LABEL)
    assert "recall 0.25–0.75 per type, clean false FAIL 3/10" in HELDOUT_LABEL
    # the one blind measurement, and that it has been tuned on since
    assert ("measured once blind at recall entity 0.75, knowledge 0.50, possession 0.75, "
            "commitments 0.00, canon 0.75, clean false FAIL 2/10, then used for tuning in "
            "session 3") in HELDOUT_V2_LABEL
    assert "never used for tuning" not in text and "Never tune" not in text
    before, blind_part = text.split(f"**Held-out v2** — {HELDOUT_V2_LABEL}")
    assert f"`evals/fixtures/golden/{HELDOUT_V2_SET}/`" in blind_part
    # A WARN counts as caught but not as caught by a FAIL.
    assert "| possession | 3 | 0.33 (1/3) | 0.00 (0/3) | 0.33 (1/3) |" in blind_part
    assert "| possession | 1 | 1.00 (1/1) | 0.00 (0/1) | 1.00 (1/1) |" in before
    assert "false FAILs): 0.00 (0/1)." in blind_part
    assert "Held-out v2 below target: entity, knowledge, possession, commitments, canon." \
        in blind_part
    assert "Held-out v1 below target: no check type." in blind_part
    without = render(dev, None, Ingest(), heldout, 5)  # type: ignore[arg-type]
    assert HELDOUT_V2_LABEL not in without and "Held-out v2 below target" not in without


def test_render_reports_the_blind_v3_set_last_with_its_caveat() -> None:
    from evals.critic_eval import BLIND_LABEL, BLIND_SET

    def result(i: str, seeded: str | None, caught: bool) -> DraftResult:
        findings = [{"check": seeded or "entity", "severity": "FAIL", "message": "m",
                     "draft_start": 0, "draft_end": 5}] if caught else []
        return DraftResult(id=i, seeded=seeded, status="ok", findings=findings,
                           quote_span=(0, 5) if seeded else None)

    dev = summarize([result(f"d{c}", c, True) for c in CHECKS])
    v2 = summarize([result(f"v{c}", c, True) for c in CHECKS])
    blind = summarize([result("b1", "canon", True), result("b2", "canon", False),
                       result("bc", None, True)])

    class Ingest:
        embedding = "mock:hash"

    text = render(dev, None, Ingest(), dev, 5, v2, 5, blind, 3)  # type: ignore[arg-type]
    assert text.index(HELDOUT_V2_LABEL) < text.index(BLIND_LABEL)
    blind_part = text.split(f"**Blind v3** — {BLIND_LABEL}")[1]
    assert f"`evals/fixtures/golden/{BLIND_SET}/`" in blind_part
    assert "printed one sentence each of three of these drafts" in blind_part
    assert "| canon | 2 | 0.50 (1/2) |" in blind_part
    assert "false FAILs): 1.00 (1/1: bc)." in blind_part
    assert "Blind v3 below target: entity, knowledge, possession, commitments, canon; " \
           "clean-draft false FAILs above target." in blind_part
    assert "Blind v3" not in render(dev, None, Ingest(), dev, 5, v2, 5)  # type: ignore[arg-type]
