"""Access and hardening: the token on every mutating route, binding, security headers."""

from __future__ import annotations

import re
import socket
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from continuum.db.engine import get_engine
from tests.reliability.helpers import (
    REPO_ROOT,
    child_env,
    cli,
    fingerprint,
    free_port,
    stop,
    wait_http,
)

TOKEN = "correct-horse-battery-staple-7f3a"
MUTATING = {"post", "put", "patch", "delete"}


@pytest.fixture()
def token(clean_db, scripted) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    """An app that requires TOKEN (settings restored afterwards)."""
    from continuum.api.app import create_app
    from continuum.settings import get_settings

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CONTINUUM_API_TOKEN", TOKEN)
        get_settings.cache_clear()
        try:
            with TestClient(create_app(run_worker=False)) as client:
                yield client
        finally:
            get_settings.cache_clear()
    get_settings.cache_clear()


def mutating_routes(client: TestClient) -> list[tuple[str, str, dict[str, Any]]]:
    """(method, path template, operation) of every POST/PUT/PATCH/DELETE in the OpenAPI document."""
    document = client.get("/openapi.json").json()
    routes = [(method.upper(), path, operation)
              for path, operations in document["paths"].items()
              for method, operation in operations.items() if method in MUTATING]
    return sorted(routes, key=lambda r: r[0] == "DELETE")  # the novel is deleted last


def concrete(path: str, operation: dict[str, Any], novel_id: str) -> str:
    """Fill the path parameters: the real novel, a fresh uuid, or 1."""
    values: dict[str, str] = {}
    for param in operation.get("parameters", []):
        if param.get("in") != "path":
            continue
        schema = param.get("schema", {})
        if param["name"] == "novel_id":
            values["novel_id"] = novel_id
        elif schema.get("format") == "uuid":
            values[param["name"]] = str(uuid.uuid4())
        else:
            values[param["name"]] = "1"
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), "1"), path)


def test_every_mutating_route_needs_the_token(token: TestClient) -> None:
    client = token
    novel = client.post("/api/novels", json={"title": "Locked"},
                        headers={"Authorization": f"Bearer {TOKEN}"}).json()["id"]
    routes = mutating_routes(client)
    assert len(routes) >= 8, routes
    before = fingerprint(get_engine())
    refusals = {"none": {}, "wrong": {"Authorization": f"Bearer {TOKEN}x"},
                "empty": {"Authorization": "Bearer "}, "basic": {"Authorization": f"Basic {TOKEN}"},
                "bare": {"Authorization": TOKEN[:-1]}}
    let_through = []
    for method, path, operation in routes:
        url = concrete(path, operation, novel)
        for name, headers in refusals.items():
            response = client.request(method, url, json={"text": "Ada.", "title": "T"},
                                      headers=headers)
            if response.status_code != 401:
                let_through.append((name, method, path, response.status_code))
            else:
                assert "Authorization: Bearer" in response.json()["detail"]
    assert let_through == []
    assert fingerprint(get_engine()) == before  # refused requests wrote nothing

    allowed = []
    for method, path, operation in routes:
        url = concrete(path, operation, novel)
        response = client.request(method, url, json={"text": "Ada.", "title": "T"},
                                  headers={"Authorization": f"Bearer {TOKEN}"})
        allowed.append((method, path, response.status_code))
    assert [a for a in allowed if a[2] == 401 or a[2] >= 500] == []
    status = {(m, p): s for m, p, s in allowed}
    assert status[("POST", "/api/novels")] == 201
    assert status[("POST", "/api/novels/{novel_id}/chapters")] == 202
    assert status[("POST", "/api/books/split")] == 200
    assert status[("DELETE", "/api/novels/{novel_id}")] == 204


def test_reads_stay_open_with_a_token(token: TestClient) -> None:
    assert token.get("/api/health").status_code == 200
    assert token.get("/api/novels").status_code == 200


def _port_is_open(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.parametrize("how", [["--host", "0.0.0.0"], ["--host", "::"], []],
                         ids=["flag-0.0.0.0", "flag-ipv6-any", "HOST-env"])
def test_serve_refuses_a_public_address_without_a_token(database_url: str, how: list[str]) -> None:
    port = free_port()
    env = child_env(CONTINUUM_API_TOKEN=None, HOST=None if how else "0.0.0.0")
    done = subprocess.run(cli("serve", *how, "--port", str(port), "--no-worker"), env=env,
                          capture_output=True, text=True, timeout=120, cwd=REPO_ROOT)
    assert done.returncode != 0
    assert "refusing to listen" in done.stderr and "CONTINUUM_API_TOKEN" in done.stderr
    assert not _port_is_open(port)


def test_serve_listens_publicly_with_a_token(database_url: str) -> None:
    port = free_port()
    env = child_env(CONTINUUM_API_TOKEN=TOKEN, HOST=None)
    process = subprocess.Popen(cli("serve", "--host", "0.0.0.0", "--port", str(port),
                                   "--no-worker"), env=env, cwd=REPO_ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_http(f"http://127.0.0.1:{port}/api/health", process)
        assert httpx.post(f"http://127.0.0.1:{port}/api/novels",
                          json={"title": "x"}).status_code == 401
    finally:
        stop(process)


# Security headers on the UI and the API.

def _csp(header: str) -> dict[str, list[str]]:
    directives = [d.strip().split() for d in header.split(";") if d.strip()]
    return {d[0]: d[1:] for d in directives}


def _assert_hardened(response) -> None:  # type: ignore[no-untyped-def]
    headers = response.headers
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    csp = _csp(headers["content-security-policy"])
    scripts = csp.get("script-src", csp.get("default-src"))
    assert scripts == ["'self'"], csp  # no inline scripts, no eval, no other origins
    assert csp["default-src"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in csp.get("script-src-elem", [])


@pytest.fixture()
def ui_client(clean_db, tmp_path: Path) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    """The app serving a small built UI from a temporary folder."""
    from continuum.api.app import create_app
    from continuum.settings import get_settings

    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text(
        '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>')
    (tmp_path / "assets" / "app.js").write_text("console.log('ui')")
    settings = get_settings().model_copy(update={"frontend_dist": tmp_path})
    with TestClient(create_app(settings, run_worker=False)) as client:
        yield client


def test_security_headers_everywhere(ui_client: TestClient) -> None:
    for path, status in [("/", 200), ("/novels/abc/characters", 200), ("/assets/app.js", 200),
                         ("/api/health", 200), ("/api/novels", 200), ("/api/nope", 404),
                         ("/api/jobs/not-a-uuid", 422), (f"/api/jobs/{uuid.uuid4()}", 404)]:
        response = ui_client.get(path)
        assert response.status_code == status, path
        _assert_hardened(response)
    _assert_hardened(ui_client.post("/api/novels", content=b"{",
                                    headers={"content-type": "application/json"}))


def test_the_ui_page_has_no_inline_script() -> None:
    html = (REPO_ROOT / "frontend" / "index.html").read_text()
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, flags=re.S | re.I)
    assert scripts, "index.html loads no script"
    inline = [body.strip()[:80] for attrs, body in scripts if "src=" not in attrs or body.strip()]
    assert inline == []  # the CSP (script-src 'self') would block them
    assert not re.search(r"\son[a-z]+\s*=", html, flags=re.I)  # no inline event handlers


@pytest.mark.parametrize("scheme", ["Bearer", "bearer", "BEARER", "bEaReR"])
def test_the_auth_scheme_is_case_insensitive(token: TestClient, scheme: str) -> None:
    # RFC 7235 section 2.1: the scheme is a case-insensitive token; the credentials are not.
    created = token.post("/api/novels", json={"title": f"Scheme {scheme}"},
                         headers={"Authorization": f"{scheme} {TOKEN}"})
    assert created.status_code == 201, created.text
    upper = token.post("/api/novels", json={"title": "x"},
                       headers={"Authorization": f"{scheme} {TOKEN.upper()}"})
    assert upper.status_code == 401
    glued = token.post("/api/novels", json={"title": "x"},
                       headers={"Authorization": f"{scheme}{TOKEN}"})
    assert glued.status_code == 401
    titles = [n["title"] for n in token.get("/api/novels").json()]
    assert titles == [f"Scheme {scheme}"]


def test_security_headers_on_unhandled_errors(clean_db, monkeypatch: pytest.MonkeyPatch) -> None:
    """A route that raises still answers hardened, with a JSON error and no traceback."""
    from continuum.api.app import create_app

    def explode(**_: object) -> None:
        raise RuntimeError("secret internals /srv/continuum/db.py line 42")

    monkeypatch.setattr("continuum.api.routes.novels.list_novels", explode)
    with TestClient(create_app(run_worker=False), raise_server_exceptions=False) as client:
        response = client.get("/api/novels")
        assert response.status_code == 500
        _assert_hardened(response)
        assert "internal server error" in response.json()["detail"]
        assert "secret internals" not in response.text
        # The errors the exception handlers answer carry them too.
        for path, status in [(f"/api/novels/{uuid.uuid4()}", 404), ("/api/novels/x", 422)]:
            answered = client.get(path)
            assert answered.status_code == status
            _assert_hardened(answered)
