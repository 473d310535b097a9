"""Routes contain no SQL: api/ writes no SQL text and runs no statement itself.

Which of SQLAlchemy api/ may import at all is the import-linter contract `api-without-sql`
(backend/pyproject.toml, run by tests/test_import_boundaries.py). What import-linter cannot
see, SQL written as text and `.execute()` calls, is the rule `sql_in`, defined once here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

API = Path(__file__).resolve().parents[2] / "continuum" / "api"
SQL_WORDS = re.compile(r"\b(SELECT|INSERT|UPDATE|DELETE)\b\s+(?:\S+.*)?\b(FROM|INTO|SET|WHERE)\b",
                       re.IGNORECASE | re.DOTALL)


def sql_in(source: str) -> list[str]:
    """Where the Python `source` writes SQL text or calls `.execute()`, in line order."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL_WORDS.search(node.value):
            found.append((node.lineno, "SQL text"))
        elif isinstance(node, ast.Attribute) and node.attr == "execute":
            found.append((node.lineno, ".execute()"))
    return [f"line {line}: {what}" for line, what in sorted(found)]


def test_api_modules_contain_no_sql() -> None:
    offenders = [f"{path.relative_to(API.parent)} {where}"
                 for path in sorted(API.rglob("*.py")) for where in sql_in(path.read_text())]
    assert not offenders, "SQL in api/ (routes leave it to reads/ and pipeline/):\n" + "\n".join(offenders)


def test_the_rule_catches_sql() -> None:
    sample = 'from sqlalchemy import text\nq = "SELECT id FROM novels WHERE x"\nsession.execute(q)\n'
    assert sql_in(sample) == ["line 2: SQL text", "line 3: .execute()"]
    assert sql_in('q = "INSERT INTO novels (title) VALUES (:t)"\n') == ["line 1: SQL text"]
    assert sql_in('q = "DELETE FROM novels"\n') == ["line 1: SQL text"]
    assert sql_in("novel = get_novel(session=session, novel_id=novel_id)\n") == []
