"""Every setting and every CLI command is documented; the README shows the two commands."""

from __future__ import annotations

from pathlib import Path

import typer.main

from continuum.cli import app
from continuum.settings import Settings

DOCS = Path(__file__).resolve().parents[2] / "docs"
README = Path(__file__).resolve().parents[2] / "README.md"


def test_every_setting_is_in_the_configuration_table() -> None:
    table = (DOCS / "CONFIGURATION.md").read_text()
    missing = [name.upper() for name in Settings.model_fields if f"`{name.upper()}`" not in table]
    assert missing == []


def test_every_cli_command_is_documented() -> None:
    cli_doc = (DOCS / "CLI.md").read_text()
    group = typer.main.get_group(app)
    commands = []
    for name, command in group.commands.items():
        sub = getattr(command, "commands", None)
        commands += [f"continuum {name} {s}" for s in sub] if sub else [f"continuum {name}"]
    missing = [c for c in commands if f"`{c}" not in cli_doc]
    assert missing == []


def test_readme_gives_the_two_commands() -> None:
    readme = README.read_text()
    assert "make run" in readme and "make test" in readme
    assert "docs/CONFIGURATION.md" in readme
