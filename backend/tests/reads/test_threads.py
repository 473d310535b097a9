"""Thread and commitment status as of the cap; the home page counts agree."""

from __future__ import annotations

from continuum.reads.home import novel_home
from continuum.reads.threads import list_commitments, list_threads


def test_thread_status_follows_the_cap(story, read) -> None:
    novel, _ = story
    status = {cap: [(t.name, t.status, t.closed_chapter)
                    for t in read(list_threads, novel_id=novel, cap=cap)] for cap in range(5)}
    assert status[0] == []
    assert status[1] == [("The locked door", "open", None)]
    assert status[2] == [("The locked door", "progressing", None)]
    assert status[3] == status[4] == [("The locked door", "closed", 3)]
    [thread] = read(list_threads, novel_id=novel, cap=2)
    assert [e.action for e in thread.events] == ["open", "progress"]
    assert {e.name for e in thread.entities} == {"Ada Quill", "Bram Stone"}
    assert read(list_threads, novel_id=novel, cap=2, status="closed") == []


def test_a_commitment_is_paid_only_from_its_payoff_chapter(story, read) -> None:
    novel, _ = story

    def by_key(cap):
        return {c.key: c for c in read(list_commitments, novel_id=novel, cap=cap)}

    at2 = by_key(2)["locked door"]
    assert at2.status == "open" and at2.chapters_open == 1
    # The payoff lies in chapter 3: before it, nothing about it may show.
    assert at2.payoff_chapter is None and at2.payoff_detail is None and at2.payoff_quote is None
    at3 = by_key(3)["locked door"]
    assert at3.status == "paid" and at3.payoff_chapter == 3
    assert at3.payoff_detail == "The cellar door is opened." and at3.chapters_open is None
    assert by_key(0) == {}


def test_an_open_setup_is_overdue_after_ten_chapters(story, read) -> None:
    novel, _ = story
    watcher = {c.key: c for c in read(list_commitments, novel_id=novel, cap=11)}
    assert watcher["watcher on the hill"].overdue is False
    late = {c.key: c for c in read(list_commitments, novel_id=novel, cap=12)}
    assert late["watcher on the hill"].overdue is True
    assert late["locked door"].overdue is False
    assert [c.key for c in read(list_commitments, novel_id=novel, cap=4, status="open")] == [
        "watcher on the hill"]


def test_home_counts_and_recap_at_the_cap(story, read) -> None:
    novel, _ = story
    at2 = read(novel_home, novel_id=novel, cap=2)
    assert at2.counts.chapters == 2 and at2.counts.open_threads == 1
    assert at2.counts.open_setups == 2
    assert at2.counts.characters == 6 and at2.counts.locations == 2 and at2.counts.objects == 1
    assert [r.number for r in at2.previously] == [1, 2]
    assert at2.previously[-1].summary == "Ada gives Bram the silver key."
    assert max(e.chapter for e in at2.top_events) == 2
    at4 = read(novel_home, novel_id=novel, cap=4)
    assert at4.counts.open_threads == 0 and at4.counts.open_setups == 1
    assert [r.number for r in at4.previously] == [2, 3, 4]
    assert at4.top_events[-1].summary == "Bram dies in the cellar."
