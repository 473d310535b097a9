"""Small row models shared by several read modules."""

from __future__ import annotations

import uuid

from pydantic import BaseModel


class EntityRef(BaseModel):
    """An entity named as of the cap."""

    id: uuid.UUID
    name: str
    type: str
