"""Pages of long wiki lists: `limit`/`offset` in, the page and the total count out."""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import BaseModel, Field

T = TypeVar("T")

DEFAULT_LIMIT = 200
"""Rows per page when the reader does not ask: a screenful of wiki, not the whole novel."""
MAX_LIMIT = 1000


class Page(BaseModel, Generic[T]):
    """One page of a list: `items[0]` is row number `offset` of `total` rows at the cap."""

    items: list[T]
    total: int = Field(description="Rows in the whole list at the cap, over all pages.")
    limit: int = Field(description="The page size asked for.")
    offset: int = Field(description="Rows skipped before the first item.")


def window(limit: int | None, offset: int) -> str:
    """SQL LIMIT/OFFSET clause; no limit is the whole list."""
    return ("" if limit is None else f" LIMIT {int(limit)}") + (f" OFFSET {int(offset)}" if offset else "")
