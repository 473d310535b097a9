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
