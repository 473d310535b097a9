"""Golden fixture 2 (evals/fixtures/golden2/, tuned on since session 4): its validator and the
eval's fixture switch."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from evals.common import GOLDEN, NameIndex, fixture_dir, golden_chapters, load_key
from evals.golden import FIXTURES, columns_text
from evals.golden_scoring import Snapshot, score_cap

GOLDEN2 = fixture_dir("golden2")


def _validate(directory: Path | None = None) -> subprocess.CompletedProcess[str]:
    args = [sys.executable, str(GOLDEN2 / "validate.py")] + ([str(directory)] if directory else [])
    return subprocess.run(args, capture_output=True, text=True, check=False, timeout=60)


def test_golden2_validator_accepts_the_fixture() -> None:
    out = _validate()
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith("OK: The Kessel Peak Comet: 10 chapters")
    assert "2 threads (1 open)" in out.stdout


def test_golden2_validator_rejects_a_changed_quote_and_an_early_nickname(tmp_path: Path) -> None:
    copy = tmp_path / "golden2"
    shutil.copytree(GOLDEN2, copy)
    ch1 = copy / "chapters" / "01.txt"
    text_ = ch1.read_text(encoding="utf-8")
    assert "The comet plate stayed with Clara." in text_
    ch1.write_text(text_.replace("The comet plate stayed with Clara.", "The comet plate stayed with her.")
                   .replace("Oswin Tull, the instrument-maker,", "Sparrow Tull, the instrument-maker,"),
                   encoding="utf-8")
    out = _validate(copy)
    assert out.returncode == 1
    assert "FAIL objects/the comet plate: evidence not found verbatim in chapter 1" in out.stdout
    assert "FAIL nickname: 'Sparrow' occurs in chapter 1, before chapter 3" in out.stdout


def test_fixture_dir_knows_both_fixtures_and_nothing_else() -> None:
    assert fixture_dir() == GOLDEN
    assert load_key(GOLDEN2)["title"] == "The Kessel Peak Comet"
    assert load_key()["title"] == "The Saltmere Ledger"
    assert [n for n, _t, _x in golden_chapters(GOLDEN2)] == list(range(1, 11))
    for bad in ("nope", "../golden", "golden/chapters"):
        with pytest.raises(ValueError):
            fixture_dir(bad)
    assert set(FIXTURES) == {"golden", "golden2", "golden3"}
    assert FIXTURES["golden2"].section == "## Golden fixture 2 (tuned on since session 4)"
    assert FIXTURES["golden2"].errors.name == "eval-golden2-errors.json"


def test_the_columns_paragraph_follows_each_key() -> None:
    first = columns_text(load_key())
    assert "location of the seven main characters" in first
    assert ("*identity* the nickname (Finchy), hidden identity (the stranger / Ivo Marsh) and "
            "ambiguous-name (Elena) rules.") in first
    second = columns_text(load_key(GOLDEN2))
    assert "*identity* the nickname (Sparrow) and hidden identity (the surveyor / Gideon Vance) rules." \
        in second
    assert "ambiguous-name" not in second


def test_an_empty_extraction_scores_only_the_keys_nulls_on_golden2() -> None:
    key = load_key(GOLDEN2)
    texts = {n: t for n, _title, t in golden_chapters(GOLDEN2)}
    score = score_cap(key, Snapshot(cap=10, index=NameIndex()), texts)
    t = score.tallies
    assert (t["characters"].hit, t["characters"].total) == (0, 10)
    # Rupert Lisle is dead at cap 10 (null): having no location for him is right.
    assert (t["locations"].hit, t["locations"].total) == (1, 7)
    # The logbook was lost in chapter 9 (null): having no holder for it is right.
    assert (t["possessions"].hit, t["possessions"].total) == (1, 3)
    # One thread closed in chapter 8, one still open: both need a thread we do not have.
    assert (t["threads"].hit, t["threads"].total) == (0, 2)
    assert (t["knowledge"].hit, t["knowledge"].total) == (0, 11)
