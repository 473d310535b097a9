"""The unseen golden fixture (evals/fixtures/golden3/): its validator, and the eval's switch to it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from evals.common import VAR, NameIndex, fixture_dir, golden_chapters, load_key
from evals.golden import FIXTURES, columns_text
from evals.golden_scoring import Snapshot, score_cap

GOLDEN3 = fixture_dir("golden3")


def _validate(directory: Path | None = None) -> subprocess.CompletedProcess[str]:
    args = [sys.executable, str(GOLDEN3 / "validate.py")] + ([str(directory)] if directory else [])
    return subprocess.run(args, capture_output=True, text=True, check=False, timeout=60)


def test_golden3_validator_accepts_the_fixture() -> None:
    out = _validate()
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith("OK: The Marchbank Pearls: 10 chapters")
    assert "3 threads (1 open)" in out.stdout
    assert "9 characters, 8 locations" in out.stdout


def test_golden3_validator_rejects_a_changed_quote_an_early_nickname_and_an_early_veil(
        tmp_path: Path) -> None:
    copy = tmp_path / "golden3"
    shutil.copytree(GOLDEN3, copy)
    ch1 = copy / "chapters" / "01.txt"
    text_ = ch1.read_text(encoding="utf-8")
    assert "The prompt book was Walter's, and nobody else touched it" in text_
    assert "Walter Pym, the stage manager," in text_
    ch1.write_text(text_.replace("The prompt book was Walter's", "The prompt book was Pym's")
                   .replace("Walter Pym, the stage manager,", "Tuppence Pym, the stage manager,")
                   .replace("Kit went to tell Walter.", "Kit went to tell Walter about the veiled lady."),
                   encoding="utf-8")
    out = _validate(copy)
    assert out.returncode == 1
    assert "FAIL objects/the prompt book: evidence not found verbatim in chapter 1" in out.stdout
    assert "FAIL nickname: 'Tuppence' occurs in chapter 1, before chapter 2" in out.stdout
    assert "FAIL identity_reveal: 'the veiled lady' occurs in chapter 1, before chapter 2" in out.stdout


def test_golden3_is_wired_like_golden2() -> None:
    assert load_key(GOLDEN3)["title"] == "The Marchbank Pearls"
    assert [n for n, _t, _x in golden_chapters(GOLDEN3)] == list(range(1, 11))
    spec = FIXTURES["golden3"]
    assert spec.path == GOLDEN3
    assert spec.section == "## Golden fixture 3 (unseen)"
    assert spec.errors == VAR / "eval-golden3-errors.json"
    assert "`var/eval-golden3`" in spec.intro and "--fixture golden3" in spec.intro
    # Each fixture has its own section, diagnostics file and database name.
    assert len({f.section for f in FIXTURES.values()}) == len(FIXTURES)
    assert len({f.errors for f in FIXTURES.values()}) == len(FIXTURES)
    assert len({f.name for f in FIXTURES.values()}) == len(FIXTURES)


def test_the_columns_paragraph_follows_the_golden3_key() -> None:
    text_ = columns_text(load_key(GOLDEN3))
    assert "location of the seven main characters" in text_
    assert "holder of the three objects" in text_
    assert "status of the three key threads" in text_
    assert ("*identity* the nickname (Tuppence) and hidden identity (the veiled lady / Rose Ashdown) "
            "rules.") in text_
    assert "ambiguous-name" not in text_


def test_an_empty_extraction_scores_only_the_keys_nulls_on_golden3() -> None:
    key = load_key(GOLDEN3)
    texts = {n: t for n, _title, t in golden_chapters(GOLDEN3)}
    at_10 = score_cap(key, Snapshot(cap=10, index=NameIndex()), texts).tallies
    assert (at_10["characters"].hit, at_10["characters"].total) == (0, 9)
    # Felix Marchbank is dead at cap 10 (null): having no location for him is right.
    assert (at_10["locations"].hit, at_10["locations"].total) == (1, 7)
    # The pearls went into the river in chapter 10 (null): having no holder for them is right.
    assert (at_10["possessions"].hit, at_10["possessions"].total) == (1, 3)
    # Two threads closed in chapter 7, one still open: all three need a thread we do not have.
    assert (at_10["threads"].hit, at_10["threads"].total) == (0, 3)
    assert (at_10["knowledge"].hit, at_10["knowledge"].total) == (0, 11)
    # Rose Ashdown's whereabouts are unknown after she leaves Scarsby (chapters 4 and 5).
    at_4 = score_cap(key, Snapshot(cap=4, index=NameIndex()), texts).tallies
    assert (at_4["locations"].hit, at_4["locations"].total) == (1, 7)
    at_3 = score_cap(key, Snapshot(cap=3, index=NameIndex()), texts).tallies
    assert (at_3["locations"].hit, at_3["locations"].total) == (0, 7)
