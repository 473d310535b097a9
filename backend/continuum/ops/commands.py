"""CLI commands for operations, registered on the main `continuum` app."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

console = Console(stderr=True)

PgBin = Annotated[
    Path | None,
    typer.Option(help="Folder with pg_dump/pg_restore (default: the bundled PostgreSQL 18 tools).",
                 file_okay=False),
]


def register(app: typer.Typer) -> None:
    """Add the operations commands to the CLI."""
    app.command("backup")(backup_command)
    app.command("restore")(restore_command)


def backup_command(
    file: Annotated[Path, typer.Argument(dir_okay=False, help="The backup file to write.")],
    pg_bin: PgBin = None,
) -> None:
    """Back up the whole database (embedded or DATABASE_URL) to FILE, pg_dump custom format."""
    from continuum.db.engine import database_url
    from continuum.errors import ContinuumError
    from continuum.ops.backup import backup
    from continuum.settings import get_settings

    try:
        size = backup(database_url(get_settings()), file, pg_bin=pg_bin)
    except ContinuumError as exc:
        console.print(f"[red]backup failed: {exc}[/red]")
        raise typer.Exit(1) from exc
    console.print(f"backed up to {file} ({size:,} bytes)")


def restore_command(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False,
                                         help="A `continuum backup` file.")],
    pg_bin: PgBin = None,
) -> None:
    """Restore FILE into an empty database (a fresh DATA_DIR, or an empty DATABASE_URL)."""
    from continuum.db.engine import database_url, get_engine
    from continuum.db.migrate import current_revision, head_revision
    from continuum.errors import ContinuumError
    from continuum.ops.backup import restore
    from continuum.settings import get_settings

    settings = get_settings()
    try:
        restore(database_url(settings), file, pg_bin=pg_bin)
    except ContinuumError as exc:
        console.print(f"[red]restore failed: {exc}[/red]")
        raise typer.Exit(1) from exc
    revision = current_revision(get_engine(settings))
    console.print(f"restored {file}: schema revision {revision} "
                  f"(this code's head: {head_revision()}); `continuum serve` migrates it forward")
