"""Read routing: reads go to the replica unless it has not yet replayed the reader's novel.

The write side records the primary's WAL insert position after each write of a novel in
`novel_write_positions` (on the primary, so every API process sees it). A read for novel X
goes to the replica only when the replica's `pg_last_wal_replay_lsn()` has reached X's
recorded position; otherwise it goes to the primary, so an author always sees the chapter
they just ingested. Reads not tied to one novel wait for every novel's position.

The replica's replay position is cached for `read_replica_lag_cache_seconds`. Replay only
moves forward, so a stale cached value can only send a read to the primary, never show
an older state than the one the reader wrote.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import DBAPIError, OperationalError

log = logging.getLogger(__name__)

ANY_NOVEL = uuid.UUID(int=0)
"""The position key of writes that are not tied to one novel (a new novel, a review accept)."""


def parse_lsn(value: str | None) -> int | None:
    """'16/B374D848' → an integer that orders like the WAL position (None stays None)."""
    if value is None:
        return None
    high, _, low = str(value).partition("/")
    return (int(high, 16) << 32) | int(low, 16)


def record_write(conn: Connection, novel_id: uuid.UUID | None) -> None:
    """Record the primary's current WAL insert position as `novel_id`'s latest write.

    Call it after the write committed (in a later transaction): the insert position is
    then at or past the end of that commit record. Positions never move backwards.
    """
    conn.execute(
        text(
            """INSERT INTO novel_write_positions (novel_id, lsn)
               VALUES (:n, pg_current_wal_insert_lsn())
               ON CONFLICT (novel_id) DO UPDATE
                  SET lsn = greatest(novel_write_positions.lsn, excluded.lsn), updated_at = now()"""
        ),
        {"n": novel_id or ANY_NOVEL},
    )


def record_write_after_commit(engine: Engine, novel_id: uuid.UUID | None) -> None:
    """`record_write` in its own short transaction on the primary.

    The write it follows has already committed: failing here must not report that write
    as failed (a client would retry it), so an error is logged, not raised. The cost is
    that reads of the novel may be served by a replica that has not replayed it yet.
    """
    try:
        with engine.begin() as conn:
            record_write(conn, novel_id)
    except (OperationalError, DBAPIError):
        log.warning("could not record the write position of novel %s", novel_id, exc_info=True)


@dataclass
class ReadRouter:
    """Chooses the primary or the replica for one read session."""

    primary: Engine
    replica: Engine
    cache_seconds: float = 0.2
    routes: Counter[str] = field(default_factory=Counter)
    _replayed: int | None = None
    _replayed_at: float = float("-inf")
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def engine_for(self, novel_id: uuid.UUID | None) -> Engine:
        """The replica if it has replayed `novel_id`'s latest write, else the primary."""
        try:
            target = self._target(novel_id)
        except (OperationalError, DBAPIError):
            log.warning("could not read the write positions; reading from the primary", exc_info=True)
            return self._route("primary")
        if target is None:
            return self._route("replica")
        replayed = self.replayed(max_age=self.cache_seconds)
        if replayed is not None and replayed >= target:
            return self._route("replica")
        return self._route("primary")

    def replayed(self, *, max_age: float) -> int | None:
        """The replica's replay position, at most `max_age` seconds old (None: unreachable)."""
        now = time.monotonic()
        with self._lock:
            if now - self._replayed_at <= max_age:
                return self._replayed
        try:
            with self.replica.connect() as conn:
                value = parse_lsn(conn.execute(text("SELECT pg_last_wal_replay_lsn()")).scalar_one())
        except (OperationalError, DBAPIError):
            log.warning("the read replica is unreachable; reading from the primary", exc_info=True)
            value = None
        with self._lock:
            # Replay never goes backwards: keep the larger of two racing answers.
            if value is not None and (self._replayed is None or value > self._replayed):
                self._replayed = value
            self._replayed_at = now
            return self._replayed if value is not None else None

    def _target(self, novel_id: uuid.UUID | None) -> int | None:
        with self.primary.connect() as conn:
            if novel_id is None:
                value = conn.execute(text("SELECT max(lsn) FROM novel_write_positions")).scalar_one()
            else:
                value = conn.execute(
                    text("SELECT max(lsn) FROM novel_write_positions WHERE novel_id IN (:n, :any)"),
                    {"n": novel_id, "any": ANY_NOVEL},
                ).scalar_one()
        return parse_lsn(value)

    def _route(self, where: str) -> Engine:
        self.routes[where] += 1
        return self.replica if where == "replica" else self.primary
