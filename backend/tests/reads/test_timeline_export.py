"""Timeline orders, chapter scenes and critique at the cap, and the story bible export."""

from __future__ import annotations

import json

from continuum.reads.chapter_extras import get_critique, list_scenes
from continuum.reads.export import export_bible
from continuum.reads.timeline import list_events


def test_timeline_in_reading_and_story_order(story, read) -> None:
    novel, people = story
    reading = [e.summary for e in read(list_events, novel_id=novel, cap=2)]
    assert reading == ["Ada meets Bram at Harrowgate.", "Ada gives the silver key to Bram.",
                       "Finch argues with the Stranger."]
    story_order = [e.summary for e in read(list_events, novel_id=novel, cap=2, order="story")]
    assert story_order == ["Ada meets Bram at Harrowgate.", "Finch argues with the Stranger.",
                           "Ada gives the silver key to Bram."]
    [give] = [e for e in read(list_events, novel_id=novel, cap=2) if e.verb == "give"]
    assert (give.subject.name, give.object.name) == ("Ada Quill", "Bram Stone")
    assert {p.name for p in give.involved} == {"Ada Quill", "Bram Stone"}
    brams = read(list_events, novel_id=novel, cap=4, entity_id=people["Bram Stone"])
    assert [e.chapter for e in brams] == [1, 2, 3, 4]
    assert read(list_events, novel_id=novel, cap=0) == []


def test_scenes_and_critique_only_up_to_the_cap(story, read) -> None:
    novel, _ = story
    [scene] = read(list_scenes, novel_id=novel, cap=3, number=3)
    assert scene.pov.name == "Kell" and scene.location.name == "Harrowgate"
    assert {p.name for p in scene.present} == {"Kell", "Bram Stone", "Ada Quill"}
    assert read(list_scenes, novel_id=novel, cap=2, number=3) is None
    assert read(list_scenes, novel_id=novel, cap=4, number=9) is None
    report = read(get_critique, novel_id=novel, cap=3, number=3)
    assert report.chapter == 3 and report.status in ("ok", "error", "unavailable")
    assert read(get_critique, novel_id=novel, cap=2, number=3) is None


def test_story_bible_as_json_and_markdown(story, read) -> None:
    novel, _ = story
    bible = json.loads(read(export_bible, novel_id=novel, cap=2, fmt="json"))
    assert bible["cap"] == 2 and bible["title"] == "Harrowgate"
    names = {c["entity"]["name"] for c in bible["characters"]}
    assert "Kell" not in names and "Ada Quill" in names
    assert [r["type"] for r in bible["relationships"]] == ["rival_of"]
    assert [t["status"] for t in bible["threads"]] == ["progressing"]
    assert {c["status"] for c in bible["commitments"]} == {"open"}
    markdown = read(export_bible, novel_id=novel, cap=4, fmt="markdown")
    assert markdown.startswith("# Harrowgate — story bible as of chapter 4")
    for line in ("### Kell", "- Status: dead (since chapter 4)", "**The locked door** [closed]",
                 "Ada Quill — reconciled with — Bram Stone", "Kell — title: ranger"):
        assert line in markdown, line
    assert "Kell" not in read(export_bible, novel_id=novel, cap=2, fmt="markdown")


def _report(novel, chapter: int, *, findings: int = 0, submission: bool = False) -> int:
    """A critique report written straight into the tables, as the critic runner records one."""
    from sqlalchemy import text

    from continuum.db.engine import write_session

    with write_session() as session:
        report = session.execute(text(
            """INSERT INTO critique_reports (novel_id, chapter, status, verdict, policy, critic,
                                             text_hash, submission_id, created_at)
               VALUES (:n, :c, 'ok', :v, 'warn', 'offline-critic', 'x',
                       CASE WHEN :sub THEN gen_random_uuid() END, now() + interval '1 minute')
               RETURNING id"""),
            {"n": novel, "c": chapter, "v": "fail" if findings else "pass", "sub": submission},
        ).scalar_one()
        for i in range(findings):
            session.execute(text(
                """INSERT INTO critique_findings (novel_id, report_id, check_name, severity, message)
                   VALUES (:n, :r, 'entity.dead_actor', 'FAIL', :m)"""),
                {"n": novel, "r": report, "m": f"finding {i}"})
    return int(report)


def test_critiques_of_every_chapter_latest_report_only_up_to_the_cap(story, read) -> None:
    from continuum.reads.chapter_extras import page_critiques

    novel, _ = story
    page = read(page_critiques, novel_id=novel, cap=3)
    assert [c.chapter for c in page.items] == [3, 2, 1] and page.total == 3
    assert read(page_critiques, novel_id=novel, cap=0).items == []
    # Chapter 2 re-judged with two findings: only the newer report shows, with its findings.
    rejudged = _report(novel, 2, findings=2)
    # A parked draft of chapter 3 belongs to the review queue, never to the wiki.
    parked = _report(novel, 3, findings=1, submission=True)
    page = read(page_critiques, novel_id=novel, cap=4)
    by_chapter = {c.chapter: c for c in page.items}
    assert [c.chapter for c in page.items] == [4, 3, 2, 1] and page.total == 4
    assert by_chapter[2].id == rejudged
    assert [f.message for f in by_chapter[2].findings] == ["finding 0", "finding 1"]
    assert parked not in {c.id for c in page.items}
    problems = read(page_critiques, novel_id=novel, cap=4, problems=True)
    assert 2 in {c.chapter for c in problems.items}
    assert all(c.findings or c.status == "error" for c in problems.items)
    assert problems.total == len(problems.items)
    # Paging: one at a time, newest first, the total unchanged.
    second = read(page_critiques, novel_id=novel, cap=4, limit=1, offset=1)
    assert [c.chapter for c in second.items] == [3] and second.total == 4
    # The cap hides later chapters' critiques, even re-judged ones.
    assert [c.chapter for c in read(page_critiques, novel_id=novel, cap=1).items] == [1]
