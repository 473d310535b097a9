"""The FastAPI application: /api routes, error mapping, security headers (api/security.py), the UI."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DataError

from continuum.api.routes import (
    books,
    canon,
    chapter_extras,
    chapters,
    entities,
    export,
    extraction,
    graphs,
    health,
    jobs,
    novels,
    repair,
    review,
    search,
    story,
    world,
)
from continuum.api.security import HardenedFastAPI
from continuum.db.embedded import stop_embedded
from continuum.db.engine import dispose_engines, get_engine
from continuum.db.migrate import upgrade
from continuum.errors import ContinuumError
from continuum.settings import Settings, get_settings

log = logging.getLogger(__name__)

# Every error, 422 included, is {"detail": message} (see the handlers below); FastAPI's
# default document says 422 carries a list of validation errors, so it is corrected here.
ERROR_SCHEMA = {
    "title": "HTTPValidationError",
    "type": "object",
    "required": ["detail"],
    "properties": {"detail": {"type": "string", "title": "Detail",
                              "description": "What was wrong and what to do."}},
    "description": "An error: the message says what was wrong and what to do.",
}

def create_app(settings: Settings | None = None, *, run_worker: bool | None = None) -> FastAPI:
    """Build the app; at start it migrates the database and starts the in-process worker."""
    settings = settings or get_settings()
    start_worker = settings.run_worker if run_worker is None else run_worker

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        upgrade(get_engine(settings))
        worker = None
        if start_worker:
            from continuum.jobs.worker import Worker

            worker = Worker(settings)
            worker.start_in_background()
        # Everything loaded so far (modules, models, the app) lives as long as the process:
        # move it out of the collector's generations, so a full collection triggered by a
        # request walks only that request's garbage (measured: p95 of a 400-node location
        # tree 132 -> 42 ms, docs/EVALUATION.md "Read latency at scale").
        gc.freeze()
        yield
        if worker is not None:
            worker.stop()
        dispose_engines()
        if not settings.database_url:
            stop_embedded(settings.data_dir)

    app = HardenedFastAPI(
        title="Continuum",
        version="0.1.0",
        summary="Chapter-by-chapter continuity analysis with a spoiler-free wiki.",
        lifespan=lifespan,
    )
    for module in (health, novels, chapters, books, jobs, entities, review, story, world, graphs, canon,
                   chapter_extras, extraction, search, repair, export):
        app.include_router(module.router, prefix="/api")

    @app.exception_handler(ContinuumError)
    async def _continuum_error(request: Request, exc: ContinuumError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=exc.status)

    @app.exception_handler(DataError)
    async def _data_error(request: Request, exc: DataError) -> JSONResponse:
        # PostgreSQL refused a value the request carried (a NUL character in text, a number
        # out of range); the request's transaction has already rolled back.
        reason = str(exc.orig).splitlines()[0] if exc.orig is not None else "invalid value"
        return JSONResponse({"detail": f"a value in the request cannot be stored or searched: "
                                       f"{reason}; remove NUL characters and keep numbers "
                                       "in range"}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or 'body'}: {e['msg']}"
            for e in exc.errors()
        )
        return JSONResponse({"detail": f"invalid request: {problems}"}, status_code=422)

    @app.exception_handler(Exception)
    async def _unhandled(request: Request, exc: Exception) -> JSONResponse:
        # Starlette logs the exception and re-raises it after this answer is sent.
        return JSONResponse({"detail": "internal server error: the server failed to answer this "
                                       "request; it has been logged, try again or report it"},
                            status_code=500)

    default_openapi = app.openapi

    def _openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schemas = default_openapi().get("components", {}).get("schemas", {})
            if "HTTPValidationError" in schemas:
                schemas["HTTPValidationError"] = ERROR_SCHEMA
        return app.openapi_schema  # type: ignore[return-value]

    app.openapi = _openapi  # type: ignore[method-assign]
    _mount_ui(app, settings.frontend_dist)
    return app


def _mount_ui(app: FastAPI, dist: Path) -> None:
    """Serve the built UI at / with a single-page-app fallback (never for /api)."""
    index = dist / "index.html"
    if (dist / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=dist / "assets"), name="assets")

    @app.get("/{path:path}", include_in_schema=False)
    async def _spa(path: str) -> Response:
        if path.startswith("api/") or path == "api":
            return JSONResponse({"detail": f"no API route /{path}"}, status_code=404)
        candidate = (dist / path).resolve()
        if path and candidate.is_file() and dist.resolve() in candidate.parents:
            return FileResponse(candidate)
        if index.is_file():
            return FileResponse(index)
        return JSONResponse(
            {"detail": "the UI is not built: run `make run` (or `npm run build` in frontend/)"},
            status_code=503,
        )
