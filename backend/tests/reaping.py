"""Reaping a dead worker's job in tests.

Postgres drops a session's advisory locks only once its backend process has exited, which
happens a moment after the client closes the socket. A reaper that runs at once can still see
the lock held, so tests that kill a worker poll until the job comes back (or time runs out).
"""

from __future__ import annotations

import time

from sqlalchemy import Engine


def requeue_once_released(engine: Engine, *, timeout: float = 10.0) -> int:
    """Run `requeue_orphans` until it reaps something or `timeout` seconds pass; returns the count."""
    from continuum.jobs import queue

    deadline = time.monotonic() + timeout
    while True:
        with engine.connect() as reaper:
            requeued = queue.requeue_orphans(reaper, max_attempts=3)
        if requeued or time.monotonic() >= deadline:
            return requeued
        time.sleep(0.05)
