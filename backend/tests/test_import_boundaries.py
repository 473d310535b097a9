"""Import boundaries: the import-linter contracts of backend/pyproject.toml
(`[tool.importlinter]`: the read layer does not import the write spine, the language helpers
import nothing else of Continuum, the API imports no SQLAlchemy query builders, the critic
imports no regular expressions: it compares the extractor's records), and no module
importing another module's private names, which import-linter cannot see (a check of
pipeline/critic/checks/ takes only public names from recognisers/).

`cd backend && ../.venv/bin/lint-imports` runs the same contracts from a shell.
"""

from __future__ import annotations

import ast
import functools
from copy import deepcopy
from pathlib import Path

import grimp
import pytest
from importlinter import api
from importlinter.application import use_cases
from importlinter.contracts.forbidden import ForbiddenContract

BACKEND = Path(__file__).resolve().parents[1]
CONFIG = BACKEND / "pyproject.toml"
CHECKED = [(BACKEND, "continuum"), (BACKEND.parent, "evals")]
"""Where no module may import another's private names: (folder on sys.path, package).
Tests may reach into a module to test it."""


def test_import_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    kept = use_cases.lint_imports(config_filename=str(CONFIG), cache_dir=None, no_logo=True)
    report = capsys.readouterr().out
    assert kept, f"import-linter contracts broken (backend/pyproject.toml [tool.importlinter]):\n{report}"


@pytest.mark.parametrize(("contract_id", "importer", "imported"), [
    ("reads-without-pipeline", "continuum.reads.search", "continuum.pipeline.spine"),
    ("language-alone", "continuum.language.names", "continuum.reads.visibility"),
    ("api-without-sql", "continuum.api.routes.novels", "sqlalchemy"),
    ("critic-reads-no-prose", "continuum.pipeline.critic.checks.possession", "re"),
])
def test_each_contract_catches_the_import_it_forbids(contract_id: str, importer: str, imported: str) -> None:
    config = api.read_configuration(str(CONFIG))
    (options,) = [c for c in config["contracts_options"] if c["id"] == contract_id]
    assert options["type"] == "forbidden"
    contract = ForbiddenContract(name=options["name"], session_options=config["session_options"],
                                 contract_options=options)
    graph = deepcopy(_graph())
    assert contract.check(deepcopy(graph), verbose=False).kept
    graph.add_import(importer=importer, imported=imported)
    assert not contract.check(graph, verbose=False).kept


@functools.cache
def _graph() -> grimp.ImportGraph:
    """Continuum's import graph as the contracts see it, built once (copy it to change it)."""
    return grimp.build_graph("continuum", include_external_packages=True, cache_dir=None)


def private_imports(source: str, module: str, *, package: bool = False) -> list[str]:
    """The private names of other modules that `module` imports from Continuum, as
    "line N: name". A name is private when a part of its dotted path starts with an underscore
    (dunders aside); it belongs to the module or package just before that part, and only that
    one and what lies inside it may import it (routes/_examples.py is for routes/ alone). Only
    the imported name counts: `from m import public as _alias` is fine."""
    here = module if package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            names = [f"{base}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] != "continuum":
                continue
            parts = name.split(".")
            private = next((i for i, part in enumerate(parts) if _private(part)), None)
            if private is None:
                continue
            owner = ".".join(parts[:private])
            if module != owner and not module.startswith(owner + "."):
                found.append(f"line {node.lineno}: {name}")
    return found


def _private(part: str) -> bool:
    return part.startswith("_") and not (part.startswith("__") and part.endswith("__"))


def test_no_module_imports_another_modules_private_names() -> None:
    offenders = []
    for root, package in CHECKED:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            is_package = parts[-1] == "__init__"
            module = ".".join(parts[:-1] if is_package else parts)
            offenders += [f"{path.relative_to(root)} {where}"
                          for where in private_imports(path.read_text(), module, package=is_package)]
    assert not offenders, "private names imported from another module (make them public at home):\n" + \
        "\n".join(offenders)


CHECK = "continuum.pipeline.critic.checks.canon"
RECOGNISERS = "continuum.pipeline.critic.recognisers"


@pytest.mark.parametrize(("source", "module", "found"), [
    (f"from {RECOGNISERS}.canon_ages import _whose\n", CHECK, [f"line 1: {RECOGNISERS}.canon_ages._whose"]),
    (f"from {RECOGNISERS}.canon_ages import _whose as whose\n", CHECK,
     [f"line 1: {RECOGNISERS}.canon_ages._whose"]),
    (f"import {RECOGNISERS}._shared as shared\n", CHECK, [f"line 1: {RECOGNISERS}._shared"]),
    (f"from {RECOGNISERS} import _shared\n", CHECK, [f"line 1: {RECOGNISERS}._shared"]),
    ("def f():\n    from ..recognisers.canon_ages import _UNITS\n", CHECK,
     [f"line 2: {RECOGNISERS}.canon_ages._UNITS"]),
    # A public name under a private alias, a package's private module used inside it, a dunder
    # and a name outside Continuum are fine; the package's private module used outside it is not.
    (f"from {RECOGNISERS}.canon_record import agrees as _agrees\n", CHECK, []),
    ("from continuum.api.routes._examples import BOOK\n", "continuum.api.routes.books", []),
    ("from ._examples import BOOK\n", "continuum.api.routes.books", []),
    ("from continuum.api.routes._examples import BOOK\n", "continuum.api.app", ["line 1: "
     "continuum.api.routes._examples.BOOK"]),
    ("from collections.abc import _private\nimport continuum.db.__about__\n", CHECK, []),
])
def test_the_private_name_rule(source: str, module: str, found: list[str]) -> None:
    assert private_imports(source, module) == found
