"""Who a known fact says someone is: "the stranger was his brother Ivo", "the man in black is
Ivo Marsh", "Ivo Marsh was alive".

A knowledge fact is the text of the clause a character learned (`passes/knowledge`: "Mara
learned that the stranger was his brother Ivo"), or an LLM's sentence of the same form. The
critic's knowledge check asks every fact the world holds at the cap whether it tells an
identity, to know who has learned a secret (`recognisers/secrets`); the offline reader answers
for the LLM's facts too, as it frames their canon facts (`canon_frames`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from continuum.language.names import CAPITALISED_RUN

_NAME = CAPITALISED_RUN
# "the stranger was his brother Ivo", "the man in black is Ivo Marsh"
_IDENTITY = re.compile(
    rf"^(?:the|that|this)\s+[\w\s'’-]+?\s+(?:is|was)\s+(?:(?P<whose>his|her|their|my|our|your)\s+"
    rf"(?:own\s+)?(?:(?P<kin>[a-z]+)\s+)?)?(?P<name>{_NAME})\s*(?:,.*)?$")
# "Ivo Marsh was alive", "Ivo is still living"
_ALIVE = re.compile(rf"^(?P<name>{_NAME})\s+(?:is|was)\s+(?:still\s+)?(?:alive|living|not dead)\b")


@dataclass(frozen=True)
class FactIdentity:
    """The person a fact identifies, and the kin noun it calls them by ("brother"), if any."""

    name: str
    kin: str | None = None


def identity_of(fact: str) -> FactIdentity | None:
    """The identity a fact tells, or None for a fact of any other form."""
    m = _IDENTITY.match(fact.strip()) or _ALIVE.match(fact.strip())
    if m is None:
        return None
    return FactIdentity(m.group("name"), m.groupdict().get("kin"))
