"""Routes contain no SQL: api/ never imports sqlalchemy's query builders or writes SQL text."""

from __future__ import annotations

import ast
import re
from pathlib import Path

API = Path(__file__).resolve().parents[2] / "continuum" / "api"
SQL_WORDS = re.compile(r"\b(SELECT|INSERT|UPDATE|DELETE)\b\s+\S+.*\b(FROM|INTO|SET|WHERE)\b",
                       re.IGNORECASE | re.DOTALL)
FORBIDDEN_NAMES = {"text", "select", "insert", "update", "delete", "execute"}


def _modules() -> list[Path]:
    return sorted(API.rglob("*.py"))


def test_api_modules_import_no_sql_builders() -> None:
    offenders = []
    for path in _modules():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("sqlalchemy"):
                names = {alias.name for alias in node.names}
                if names & FORBIDDEN_NAMES:
                    offenders.append(f"{path.name}: from {node.module} import {names & FORBIDDEN_NAMES}")
            if isinstance(node, ast.Attribute) and node.attr == "execute":
                offenders.append(f"{path.name}:{node.lineno}: .execute()")
    assert offenders == []


def test_api_modules_contain_no_sql_strings() -> None:
    offenders = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and SQL_WORDS.search(node.value)):
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []


def test_the_check_catches_sql(tmp_path) -> None:
    sample = 'from sqlalchemy import text\nq = "SELECT id FROM novels WHERE x"\nsession.execute(q)\n'
    tree = ast.parse(sample)
    assert any(isinstance(n, ast.Attribute) and n.attr == "execute" for n in ast.walk(tree))
    assert SQL_WORDS.search("SELECT id FROM novels WHERE x")
