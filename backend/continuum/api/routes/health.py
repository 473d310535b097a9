"""GET /api/health."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel

from continuum.api.deps import SessionDep, SettingsDep
from continuum.reads.health import database_version

router = APIRouter(tags=["health"])


class Health(BaseModel):
    """Liveness with the database and the extractor in use."""

    status: str
    database: str
    extractor: str


@router.get("/health", response_model=Health)
def health(session: SessionDep, settings: SettingsDep) -> Health:
    """The server is up, the database answers, and which extractor runs."""
    return Health(status="ok", database=database_version(session=session),
                  extractor=settings.extractor_name)
