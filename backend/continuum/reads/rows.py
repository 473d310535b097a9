"""Result rows as plain dicts: one key lookup per result, not one per row (`Row._asdict`)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Result


def dicts(result: Result[Any]) -> list[dict[str, Any]]:
    """Every row of `result` as a dict keyed by column name."""
    keys = list(result.keys())
    return [dict(zip(keys, row, strict=True)) for row in result]
