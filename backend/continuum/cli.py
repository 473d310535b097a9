"""The `continuum` command."""

from __future__ import annotations

import contextlib
import json
import logging
import sys
import uuid
from pathlib import Path
from typing import Annotated

import typer

from continuum.console import FriendlyGroup, configure_logging, console, set_mode
from continuum.settings import get_settings

app = typer.Typer(help="Continuum: chapter-by-chapter continuity analysis for novels.",
                  no_args_is_help=True, add_completion=False, cls=FriendlyGroup,
                  pretty_exceptions_enable=False)
db_app = typer.Typer(help="Database schema (Alembic).", no_args_is_help=True)
app.add_typer(db_app, name="db")

Verbose = Annotated[bool, typer.Option("--verbose", "-v",
                                       help="Show the logs (embedded PostgreSQL, jobs, server).")]
Debug = Annotated[bool, typer.Option("--debug", help="Show the traceback of an error.")]


@app.callback()
def _options(verbose: Verbose = False, debug: Debug = False) -> None:
    """Continuum: chapter-by-chapter continuity analysis for novels."""
    set_mode(verbose=verbose, debug=debug)


def _logging() -> None:
    configure_logging()


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Bind address (default: HOST setting).")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default: PORT setting).")] = None,
    worker: Annotated[bool, typer.Option(help="Run the in-process job worker.")] = True,
    verbose: Verbose = False,
) -> None:
    """Start the API and the UI (and an in-process worker); quiet until it is ready."""
    set_mode(verbose=verbose)
    settings = get_settings().model_copy(update={k: v for k, v in
                                                  {"host": host, "port": port}.items() if v})
    if not settings.host_is_loopback() and not settings.continuum_api_token:
        from continuum.errors import InvalidInput

        raise InvalidInput(f"refusing to listen on {settings.host}: a non-loopback address "
                                 "needs CONTINUUM_API_TOKEN set, or anyone on the network could "
                                 "change your novels")
    # Imported only now: refusing a public address must not wait for the whole app to load.
    from continuum.server import run_server

    run_server(settings, run_worker=worker)


@app.command("worker")
def run_worker() -> None:
    """Run a job worker as its own process (any number may run at once)."""
    from continuum.db.engine import get_engine
    from continuum.db.migrate import upgrade
    from continuum.jobs.worker import Worker

    _logging()
    upgrade(get_engine())
    with contextlib.suppress(KeyboardInterrupt):
        Worker().run_forever()


@db_app.command("upgrade")
def db_upgrade(revision: str = "head") -> None:
    """Migrate the database up to a revision (default: head)."""
    from continuum.db.engine import get_engine
    from continuum.db.migrate import current_revision, upgrade

    engine = get_engine()
    upgrade(engine, revision)
    console.print(f"database at revision {current_revision(engine)}")


@db_app.command("downgrade")
def db_downgrade(revision: str) -> None:
    """Migrate the database down to a revision (`base` empties it)."""
    from continuum.db.engine import get_engine
    from continuum.db.migrate import current_revision, downgrade

    engine = get_engine()
    downgrade(engine, revision)
    console.print(f"database at revision {current_revision(engine)}")


@db_app.command("current")
def db_current() -> None:
    """Print the database's schema revision."""
    from continuum.db.engine import get_engine
    from continuum.db.migrate import current_revision, head_revision

    print(f"{current_revision(get_engine())} (code head: {head_revision()})")


@app.command("mcp")
def mcp_server() -> None:
    """Run the MCP server for writing agents over stdio."""
    from continuum.db.engine import get_engine
    from continuum.db.migrate import upgrade
    from continuum.mcp.server import run_stdio

    logging.basicConfig(level="WARNING", stream=sys.stderr)
    upgrade(get_engine())
    run_stdio()


@app.command()
def openapi(out: Annotated[Path | None, typer.Option(help="Write to this file.")] = None) -> None:
    """Print (or write) the OpenAPI document of the HTTP API."""
    from continuum.api.app import create_app

    document = json.dumps(create_app(run_worker=False).openapi(), indent=2, sort_keys=True) + "\n"
    if out is None:
        sys.stdout.write(document)
    else:
        out.write_text(document, encoding="utf-8")


@app.command()
def extract(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False,
                                         help="A chapter: UTF-8 text or any supported document.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the extraction as JSON.")] = False,
) -> None:
    """Extract one text as chapter 1 of an empty novel (offline extractor; nothing is stored)."""
    from continuum.pipeline.documents import Limits, read_document
    from continuum.pipeline.documents.formats import TEXT
    from continuum.pipeline.extract.protocol import StoryContext
    from continuum.pipeline.extractors import get_extractor
    from continuum.pipeline.masking import mask_markup
    from continuum.pipeline.submit import decode_upload

    raw = file.read_bytes()
    document = read_document(file.name, raw, limits=Limits.of(get_settings()))
    text = (decode_upload(raw, max_bytes=get_settings().max_upload_bytes)
            if document.format is TEXT else document.as_one_chapter().text)
    extraction = get_extractor(get_settings()).read(mask_markup(text), chapter_number=1,
                                                    context=StoryContext()).extraction
    data = extraction.model_dump(mode="json")
    data["entities"] = [
        {"name": e["name"], "type": e["type"], "aliases": e["aliases"],
         "mentions": [{"start": m["start"], "end": m["end"], "text": m["text"]}
                      for m in e["mentions"]]}
        for e in data["new_entities"]
    ]
    ordered = {"entities": data.pop("entities"), **data}
    if as_json:
        sys.stdout.write(json.dumps(ordered, indent=2, ensure_ascii=False) + "\n")
        return
    for entity in ordered["entities"]:
        aliases = f" (aka {', '.join(entity['aliases'])})" if entity["aliases"] else ""
        print(f"{entity['type']:<10} {entity['name']}{aliases}  ×{len(entity['mentions'])}")


@app.command()
def ingest(
    files: Annotated[list[Path], typer.Argument(help="Chapter files, or one whole book (.txt, "
                                                ".md, .html, .docx, .odt, .rtf or .epub).")],
    novel: Annotated[str, typer.Option(help="Novel title (created when new).")],
    author: Annotated[str | None, typer.Option(help="Author, for a new novel.")] = None,
    verbose: Verbose = False,
    debug: Debug = False,
) -> None:
    """Ingest chapter files or a whole book (split into chapters), with a progress bar."""
    from continuum import cli_ingest

    set_mode(verbose=verbose, debug=debug)
    status = cli_ingest.run(files, title=novel, author=author, settings=get_settings())
    if status:
        raise typer.Exit(status)


@app.command()
def export(
    novel: Annotated[str, typer.Option(help="Novel id.")],
    cap: Annotated[int | None, typer.Option(help="As of this chapter (default: latest).")] = None,
    fmt: Annotated[str, typer.Option("--format", help="json or markdown.")] = "json",
    out: Annotated[Path | None, typer.Option(help="Write to this file.")] = None,
) -> None:
    """Export the story bible as of a chapter, as JSON or Markdown."""
    from continuum.db.engine import read_session
    from continuum.reads.export import export_bible
    from continuum.reads.novels import latest_chapter

    if fmt not in ("json", "markdown"):
        raise typer.BadParameter("--format must be json or markdown")
    novel_id = _novel_id(novel)
    with read_session() as session:
        at = latest_chapter(session=session, novel_id=novel_id) if cap is None else cap
        document = export_bible(session=session, novel_id=novel_id, cap=at,
                                fmt=fmt)  # type: ignore[arg-type]
    if document is None:
        console.print(f"[red]no novel {novel_id}[/red]")
        raise typer.Exit(1)
    if out is None:
        sys.stdout.write(document + "\n")
    else:
        out.write_text(document + "\n", encoding="utf-8")


@app.command()
def materialize(
    novel: Annotated[str | None, typer.Option(help="Novel id (default: every novel).")] = None,
) -> None:
    """Rebuild the state projections (locations, possessions, status) from the state deltas."""
    from continuum.db.engine import read_session, write_session
    from continuum.pipeline.materialize import materialize_novel
    from continuum.reads.novels import list_novels

    with read_session() as session:
        ids = [_novel_id(novel)] if novel else [n.id for n in list_novels(session=session)]
    for novel_id in ids:
        with write_session() as session:
            counts = materialize_novel(session, novel_id=novel_id)
        console.print(f"{novel_id}: {counts}")


@app.command()
def critic(
    novel: Annotated[str, typer.Option(help="Novel id.")],
    chapter: Annotated[int | None, typer.Option(help="One chapter (default: all).")] = None,
) -> None:
    """Re-judge stored chapters against the story before each; their reports are replaced."""
    from continuum.db.engine import read_session, write_session
    from continuum.pipeline.critic.record import record_report
    from continuum.pipeline.critic.runner import critique_draft
    from continuum.pipeline.extractors import get_extractor
    from continuum.pipeline.masking import mask_markup
    from continuum.reads.chapters import get_chapter, list_chapters

    settings = get_settings()
    novel_id = _novel_id(novel)
    with read_session() as session:
        numbers = [c.number for c in list_chapters(session=session, novel_id=novel_id, cap=10**5)]
    if chapter is not None:
        numbers = [n for n in numbers if n == chapter]
    extractor = get_extractor(settings)
    for number in numbers:
        with read_session() as session:
            stored = get_chapter(session=session, novel_id=novel_id, cap=number, number=number)
            assert stored is not None
            outcome = critique_draft(session, novel_id=novel_id, number=number,
                                     text=mask_markup(stored.text), extractor=extractor,
                                     context_limit=settings.context_max_entities)
        with write_session() as session:
            record_report(session, novel_id=novel_id, chapter=number, draft=stored.text,
                          policy="warn", outcome=outcome)
        verdict = outcome.verdict or outcome.status
        console.print(f"chapter {number}: {verdict} ({len(outcome.findings)} findings)")


def _novel_id(value: str) -> uuid.UUID:
    try:
        return uuid.UUID(value)
    except ValueError as exc:
        raise typer.BadParameter(f"{value!r} is not a novel id (see GET /api/novels)") from exc


def _register_extensions() -> None:
    from continuum.ops.commands import register as register_ops

    register_ops(app)


_register_extensions()

if __name__ == "__main__":
    app()
