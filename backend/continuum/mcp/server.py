"""Continuum's MCP server (stdio). Every read tool goes through the read layer with a cap;
`save_chapter` runs the write spine with policy `block` and can never be told otherwise."""

from __future__ import annotations

import hmac
import uuid
from typing import Any

from mcp.server.mcpserver import MCPServer

from continuum.db.engine import read_session
from continuum.errors import ContinuumError, Unauthorized
from continuum.mcp.lookup import find_entity, resolve_cap
from continuum.reads import (
    canon,
    chapters,
    entity_state,
    knowledge,
    novels,
    search,
    threads,
    timeline,
)
from continuum.settings import get_settings

server = MCPServer(
    name="continuum",
    instructions=(
        "Continuum tracks a novel's continuity chapter by chapter. Every read tool takes an "
        "optional `cap` (the chapter the reader has reached; default: the latest) and never "
        "reveals anything first said after it. Use check_continuity before save_chapter; "
        "save_chapter parks drafts that contradict the story for a human to review."
    ),
)


def _dump(value: Any) -> Any:
    if isinstance(value, list):
        return [_dump(v) for v in value]
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return value


def _read(fn, novel_id: str | None = None):  # type: ignore[no-untyped-def]
    """Run a read tool in a read-only session; deliberate errors become clear tool errors.

    With the tool's novel the session is routed like the API's (db/routing.py): to the replica
    when one is configured, to the primary while the replica lags behind that novel's writes.
    """
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            with read_session(novel_id=_novel_or_none(novel_id)) as session:
                return _dump(fn(session, *args, **kwargs))
        except ContinuumError as exc:
            raise ValueError(str(exc)) from exc
    return run


def _novel_or_none(novel_id: str | None) -> uuid.UUID | None:
    try:
        return uuid.UUID(novel_id) if novel_id else None
    except ValueError:
        return None  # the tool itself reports the malformed id


@server.tool(description="List the novels with their chapter counts.")
def list_novels() -> list[dict]:
    return _read(lambda s: novels.list_novels(session=s))()


@server.tool(description="One chapter's text, summaries and narrator (404 beyond the cap).")
def get_chapter(novel_id: str, number: int, cap: int | None = None) -> dict:
    def run(s):  # type: ignore[no-untyped-def]
        nid = uuid.UUID(novel_id)
        found = chapters.get_chapter(session=s, novel_id=nid, cap=resolve_cap(s, nid, cap),
                                     number=number)
        if found is None:
            raise ContinuumError(f"chapter {number} is not visible at this cap")
        return found
    return _read(run, novel_id)()


@server.tool(description="A character (by name or id): status, location, possessions, knowledge, "
             "relationships as of the cap.")
def get_character(novel_id: str, name: str, cap: int | None = None) -> dict:
    def run(s):  # type: ignore[no-untyped-def]
        nid = uuid.UUID(novel_id)
        at = resolve_cap(s, nid, cap)
        who = find_entity(s, novel_id=nid, cap=at, name=name)
        return entity_state.get_entity_state(session=s, novel_id=nid, cap=at, entity_id=who.id)
    return _read(run, novel_id)()


@server.tool(description="Where a character is at the cap.")
def where_is(novel_id: str, name: str, cap: int | None = None) -> dict:
    def run(s):  # type: ignore[no-untyped-def]
        nid = uuid.UUID(novel_id)
        at = resolve_cap(s, nid, cap)
        who = find_entity(s, novel_id=nid, cap=at, name=name, type_="character")
        state = entity_state.get_entity_state(session=s, novel_id=nid, cap=at, entity_id=who.id)
        return {"character": who.name, "cap": at,
                "location": _dump(getattr(state, "location", None))}
    return _read(run, novel_id)()


@server.tool(description="Who holds an object at the cap.")
def who_has(novel_id: str, object_name: str, cap: int | None = None) -> dict:
    def run(s):  # type: ignore[no-untyped-def]
        nid = uuid.UUID(novel_id)
        at = resolve_cap(s, nid, cap)
        thing = find_entity(s, novel_id=nid, cap=at, name=object_name, type_="object")
        state = entity_state.get_entity_state(session=s, novel_id=nid, cap=at, entity_id=thing.id)
        return {"object": thing.name, "cap": at, "state": _dump(state)}
    return _read(run, novel_id)()


@server.tool(description="Who knows a fact (words of the fact) by the cap, learned when and how.")
def who_knows(novel_id: str, fact: str, cap: int | None = None) -> list[dict]:
    def run(s):  # type: ignore[no-untyped-def]
        nid = uuid.UUID(novel_id)
        at = resolve_cap(s, nid, cap)
        return knowledge.who_knows(session=s, novel_id=nid, cap=at, query=fact)
    return _read(run, novel_id)()


@server.tool(description="Events up to the cap, in reading or story order.")
def get_timeline(novel_id: str, cap: int | None = None, order: str = "reading",
                 limit: int = 100) -> list[dict]:
    def run(s):  # type: ignore[no-untyped-def]
        nid = uuid.UUID(novel_id)
        events = timeline.list_events(session=s, novel_id=nid, cap=resolve_cap(s, nid, cap),
                                      order="story" if order == "story" else "reading")
        return events[:limit]
    return _read(run, novel_id)()


@server.tool(description="Plot threads with their status at the cap.")
def get_threads(novel_id: str, cap: int | None = None) -> list[dict]:
    def run(s):  # type: ignore[no-untyped-def]
        nid = uuid.UUID(novel_id)
        return threads.list_threads(session=s, novel_id=nid, cap=resolve_cap(s, nid, cap))
    return _read(run, novel_id)()


@server.tool(description="Setups and payoffs: which setups are still open at the cap.")
def get_commitments(novel_id: str, cap: int | None = None) -> list[dict]:
    def run(s):  # type: ignore[no-untyped-def]
        nid = uuid.UUID(novel_id)
        return threads.list_commitments(session=s, novel_id=nid, cap=resolve_cap(s, nid, cap))
    return _read(run, novel_id)()


@server.tool(description="Canon facts asserted by the cap (locked ones are authoritative).")
def get_canon_facts(novel_id: str, cap: int | None = None) -> list[dict]:
    def run(s):  # type: ignore[no-untyped-def]
        nid = uuid.UUID(novel_id)
        return canon.list_canon(session=s, novel_id=nid, cap=resolve_cap(s, nid, cap))
    return _read(run, novel_id)()


@server.tool(description="Search passages, scenes, events and entities up to the cap.")
def search_story(novel_id: str, query: str, cap: int | None = None, limit: int = 10) -> dict:
    def run(s):  # type: ignore[no-untyped-def]
        from continuum.embed import get_embedder

        nid = uuid.UUID(novel_id)
        return search.search(session=s, novel_id=nid, cap=resolve_cap(s, nid, cap), q=query,
                             limit=limit, embedder=get_embedder(get_settings().embedding_model))
    return _read(run, novel_id)()


@server.tool(description="Critique a draft chapter against the story so far; writes nothing.")
def check_continuity(novel_id: str, number: int, text: str) -> dict:
    from continuum.pipeline.critic.runner import critique_draft
    from continuum.pipeline.extractors import get_extractor
    from continuum.pipeline.masking import mask_markup

    settings = get_settings()
    with read_session(novel_id=_novel_or_none(novel_id)) as session:  # sees the author's writes
        outcome = critique_draft(session, novel_id=uuid.UUID(novel_id), number=number,
                                 text=mask_markup(text), extractor=get_extractor(settings),
                                 enabled=settings.critic_enabled,
                                 context_limit=settings.context_max_entities)
    return {"status": outcome.status, "verdict": outcome.verdict, "error": outcome.error,
            "findings": [f.__dict__ for f in outcome.findings]}


@server.tool(description="Save a chapter as the agent's draft. Blocking: a draft that fails "
             "continuity (or that the critic cannot judge) is parked for human review and "
             "nothing is written; returns {ingested: bool, ...}.")
def save_chapter(novel_id: str, number: int, text: str, title: str | None = None,
                 token: str | None = None) -> dict:
    from continuum.pipeline.spine import analyze_chapter

    expected = get_settings().continuum_api_token
    if expected and not hmac.compare_digest((token or "").encode(), expected.encode()):
        raise ValueError(str(Unauthorized("save_chapter needs the server's CONTINUUM_API_TOKEN "
                                          "as `token`")))
    try:
        written = analyze_chapter(novel_id=uuid.UUID(novel_id), number=number, text=text,
                                  title=title, source="agent", policy="block")
    except ContinuumError as exc:
        return {"ingested": False, "error": str(exc)}
    if written.ingested:
        _index_now(uuid.UUID(novel_id), number)
    return written.as_dict()


def _index_now(novel_id: uuid.UUID, number: int) -> None:
    """This process has no worker: make the saved chapter searchable before answering (its
    queued index job then finds nothing left to do). A failure leaves it to a worker."""
    import logging

    from continuum.db.engine import get_engine
    from continuum.embed import get_embedder
    from continuum.pipeline.index import index_chapter

    try:
        index_chapter(engine=get_engine(), novel_id=novel_id, chapter=number,
                      embedder=get_embedder(get_settings().embedding_model))
    except Exception:  # noqa: BLE001 - the chapter is saved; search falls back to full text
        logging.getLogger(__name__).exception("indexing chapter %d for search failed", number)


def run_stdio() -> None:
    """Serve over stdin/stdout (what MCP clients launch)."""
    server.run("stdio")
