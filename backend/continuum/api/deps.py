"""FastAPI dependencies, as Annotated aliases: sessions, the cap, the token."""

from __future__ import annotations

import hmac
import uuid
from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Header, Query, Request
from sqlalchemy.orm import Session

from continuum.db.engine import read_session, write_session
from continuum.errors import NotFound, Unauthorized
from continuum.reads.novels import get_novel, latest_chapter
from continuum.settings import Settings, get_settings

MAX_CAP = 100_000


def _path_novel(request: Request) -> uuid.UUID | None:
    """The route's novel, for read routing and write positions (db/routing.py)."""
    try:
        return uuid.UUID(str(request.path_params["novel_id"]))
    except (KeyError, ValueError):
        return None


def _read(request: Request) -> Iterator[Session]:
    with read_session(novel_id=_path_novel(request)) as session:
        yield session


def _write(request: Request) -> Iterator[Session]:
    with write_session(novel_id=_path_novel(request)) as session:
        yield session


SessionDep = Annotated[Session, Depends(_read)]
WriteSessionDep = Annotated[Session, Depends(_write, scope="function")]  # commit, then answer
SettingsDep = Annotated[Settings, Depends(get_settings)]


def _cap(
    novel_id: uuid.UUID,
    session: SessionDep,
    cap: Annotated[
        int | None,
        Query(ge=0, le=MAX_CAP, description="Show the story as of this chapter (default: latest)."),
    ] = None,
) -> int:
    if get_novel(session=session, novel_id=novel_id) is None:
        raise NotFound(f"novel {novel_id} does not exist")
    if cap is not None:
        return cap
    return latest_chapter(session=session, novel_id=novel_id)


CapDep = Annotated[int, Depends(_cap)]


def _novel(novel_id: uuid.UUID, session: SessionDep) -> uuid.UUID:
    if get_novel(session=session, novel_id=novel_id) is None:
        raise NotFound(f"novel {novel_id} does not exist")
    return novel_id


NovelDep = Annotated[uuid.UUID, Depends(_novel)]
"""An existing novel's id, for author tools that are not wiki reads (no cap)."""


def _token(
    settings: SettingsDep,
    authorization: Annotated[str | None, Header(include_in_schema=False)] = None,
) -> None:
    expected = settings.continuum_api_token
    if not expected:
        return
    # The auth scheme is case-insensitive (RFC 7235 section 2.1): "bearer x" is "Bearer x".
    scheme, _, credentials = (authorization or "").strip().partition(" ")
    given = credentials.strip() if scheme.lower() == "bearer" else ""
    if not hmac.compare_digest(given.encode(), expected.encode()):
        raise Unauthorized("this server requires an API token: send 'Authorization: Bearer <token>'")


TokenDep = Depends(_token)


def require_found(value, what: str):  # type: ignore[no-untyped-def]
    """Map a missing read result to 404."""
    if value is None:
        raise NotFound(f"{what} not found")
    return value
