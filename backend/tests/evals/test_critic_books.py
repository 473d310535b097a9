"""The critic on published books: what counts as a false alarm, and the table it makes."""

from __future__ import annotations

from evals.critic_books import books, render, summarize
from evals.critic_eval import OVERDUE, NovelResult, RealNovel


def finding(chapter: int, check: str, message: str = "m") -> dict:
    return {"chapter": chapter, "check": check, "message": message}


def test_every_novel_of_the_shared_data_is_read() -> None:
    stems = [b.key for b in books()]
    assert len(stems) == 8 and "pride_and_prejudice" in stems and "dracula" in stems


def test_reminders_and_chapter_one_are_not_false_alarms() -> None:
    novel = RealNovel("x.txt", "X", "x", "")
    result = NovelResult(novel=novel, chapters=11, verdicts={c: "warn" for c in range(1, 11)},
                         fails=[finding(1, "entity"), finding(4, "knowledge")], seconds=1.0,
                         warns=[finding(2, "possession"), finding(3, "commitments", f"x {OVERDUE} 3"),
                                finding(5, "possession"), finding(1, "canon")])
    row = summarize(result)
    assert row["fail_chapters"] == [4] and row["fails_by_check"] == {"knowledge": 1}
    assert row["warns_by_check"] == {"possession": 2} and row["reminders"] == 1
    table = render([row])
    assert "| X | 9 | 1 | knowledge 1 | 2 | 1.11 | possession 2 | 1 |" in table
    assert "missed on: X" in table  # a FAIL, and more than one WARN per five chapters
