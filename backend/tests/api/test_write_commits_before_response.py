"""Read-your-writes over HTTP: a write route commits before its response leaves.

A client (the web app) that refetches the moment a POST answers must see what the POST
wrote. FastAPI ends a `yield` dependency after the response is sent unless it is scoped to
the path function, so the write session (`api.deps.WriteSessionDep`) is: this test looks
at the database at the instant the response starts and finds the write already there.
"""

from __future__ import annotations

import asyncio
import json

from sqlalchemy import text

from continuum.db.engine import read_session


def test_a_write_is_committed_when_its_response_starts(client) -> None:
    novel = client.post("/api/novels", json={"title": "Commit first"}).json()["id"]
    seen: list[int] = []

    async def call() -> None:
        body = json.dumps({"name": "Estate", "description": "A great house."}).encode()
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": "POST", "scheme": "http", "path": f"/api/novels/{novel}/types",
                 "raw_path": f"/api/novels/{novel}/types".encode(), "query_string": b"",
                 "root_path": "", "server": ("testserver", 80), "client": ("test", 1),
                 "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"),
                             (b"content-length", str(len(body)).encode())]}
        sent = False

        async def receive() -> dict:
            nonlocal sent
            if sent:
                await asyncio.sleep(3600)
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: dict) -> None:
            if message["type"] == "http.response.start":
                assert message["status"] == 201, message
                with read_session() as session:
                    seen.append(session.execute(text(
                        "SELECT count(*) FROM entity_types WHERE novel_id = :n AND name = 'estate'"),
                        {"n": novel}).scalar_one())

        await client.app(scope, receive, send)

    asyncio.run(call())
    assert seen == [1], "the type was not committed when the response started"
