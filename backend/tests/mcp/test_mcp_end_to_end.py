"""A real MCP client session over stdio against `continuum mcp`, offline extractor.

An agent saves a chapter where a dead character speaks: it is parked, not ingested. A human
accepts it through the API: a worker ingests it with an override flag. A clean chapter saves directly.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import anyio
import pytest
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.jobs.worker import Worker
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel

CH1 = ("Captain Ilse Reyes guarded the harbour of Saltmere. Mara Finch watched her from the quay. "
       "Reyes was a tall woman with grey eyes.")
CH2 = "That night Captain Reyes died of her wounds on the quay. Mara wept beside her."
GHOST = "In the morning Captain Reyes laughed and spoke to Mara about the tides. Mara listened."
CLEAN = "In the morning Mara Finch walked along the quay alone and watched the boats."


def _continuum() -> str:
    found = shutil.which("continuum", path=str(Path(sys.executable).parent))
    assert found, "the continuum command is not installed in this virtualenv"
    return found


def _payload(result) -> dict:
    if getattr(result, "structured_content", None):
        content = result.structured_content
        return content.get("result", content) if isinstance(content, dict) else content
    return json.loads(result.content[0].text)


async def _session(calls):
    params = StdioServerParameters(command=_continuum(), args=["mcp"], env=dict(os.environ))
    async with Client(params) as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        out = {"tools": tools}
        for key, (name, arguments) in calls.items():
            out[key] = _payload(await client.call_tool(name, arguments))
        return out


@pytest.fixture()
def story(clean_db):
    with write_session() as session:
        novel_id = create_novel(session, title="Saltmere")
    analyze_chapter(novel_id=novel_id, number=1, text=CH1)
    analyze_chapter(novel_id=novel_id, number=2, text=CH2)
    return str(novel_id)


def test_agent_saves_are_blocking_and_humans_decide(story, client_factory) -> None:
    out = anyio.run(_session, {
        "novels": ("list_novels", {}),
        "ghost": ("save_chapter", {"novel_id": story, "number": 3, "text": GHOST}),
        "reyes": ("get_character", {"novel_id": story, "name": "Reyes", "cap": 2}),
    })
    assert {"save_chapter", "check_continuity", "search_story", "where_is", "who_has",
            "who_knows", "get_timeline", "get_threads", "get_commitments", "get_canon_facts",
            "get_chapter", "get_character", "list_novels"} <= out["tools"]
    assert [n["title"] for n in out["novels"]] == ["Saltmere"]
    ghost = out["ghost"]
    assert ghost["ingested"] is False and ghost["status"] == "pending_review"
    assert any(f["check"] == "entity" for f in ghost["findings"])
    assert out["reyes"]["status"] is not None

    with read_session() as session:
        assert session.execute(text("SELECT count(*) FROM chapters")).scalar_one() == 2

    client = client_factory()
    queue = client.get(f"/api/novels/{story}/review").json()
    assert [d["chapter_number"] for d in queue] == [3]
    accepted = client.post(f"/api/review/{queue[0]['id']}/accept", json={})
    assert accepted.status_code == 202 and accepted.json()["status"] == "accepting"
    with read_session() as session:  # the request only queued the job
        assert session.execute(text("SELECT count(*) FROM chapters")).scalar_one() == 2
    assert Worker().run_one()
    job = client.get(f"/api/jobs/{accepted.json()['job_id']}").json()
    assert job["status"] == "done", job["error"]
    with read_session() as session:
        flags = session.execute(text(
            "SELECT description FROM continuity_flags WHERE kind = 'accepted_override'")
        ).scalars().all()
    assert flags and flags[0].startswith("accepted despite continuity FAIL")

    clean = anyio.run(_session, {
        "check": ("check_continuity", {"novel_id": story, "number": 4, "text": CLEAN}),
        "save": ("save_chapter", {"novel_id": story, "number": 4, "text": CLEAN}),
    })
    assert clean["check"]["status"] == "ok" and clean["check"]["verdict"] != "fail"
    assert clean["save"]["ingested"] is True


async def _schema_and_forced_save(novel_id: str) -> tuple[set, object]:
    params = StdioServerParameters(command=_continuum(), args=["mcp"], env=dict(os.environ))
    async with Client(params) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        schema = set(tools["save_chapter"].input_schema["properties"])
        try:
            result = await client.call_tool("save_chapter", {
                "novel_id": novel_id, "number": 3, "text": GHOST, "policy": "warn",
                "critic": False, "force": True})
        except Exception as exc:  # noqa: BLE001 - refusing the unknown arguments is fine too
            return schema, exc
        return schema, result


def test_no_argument_turns_the_gate_off(story) -> None:
    schema, result = anyio.run(_schema_and_forced_save, story)
    assert schema == {"novel_id", "number", "text", "title", "token"}
    with read_session() as session:
        assert session.execute(text("SELECT count(*) FROM chapters")).scalar_one() == 2
    if not isinstance(result, Exception) and not getattr(result, "is_error", False):
        assert _payload(result)["ingested"] is False
