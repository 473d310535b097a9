"""`continuum serve`: uvicorn kept quiet while the app starts, then one line with the address."""

from __future__ import annotations

import socket

import uvicorn

from continuum.console import MODE, console
from continuum.settings import Settings


class _AnnouncingServer(uvicorn.Server):
    """A uvicorn server that says where it is once it accepts connections."""

    url = ""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started and not self.should_exit:
            console.print(f"Continuum is ready at {self.url} (Ctrl+C stops it)")


def address(settings: Settings) -> str:
    """The URL a browser opens for this host and port."""
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    return f"http://{host}:{settings.port}"


def run_server(settings: Settings, *, run_worker: bool) -> None:
    """Serve the API and UI until interrupted; logs only with --verbose (or LOG_LEVEL)."""
    from continuum.api.app import create_app

    console.print("Starting Continuum: database, schema, worker...")
    verbose = MODE.verbose or settings.log_level in ("DEBUG", "INFO")
    config = uvicorn.Config(create_app(settings, run_worker=run_worker), host=settings.host,
                            port=settings.port, log_level="info" if verbose else "warning",
                            access_log=verbose)
    server = _AnnouncingServer(config)
    server.url = address(settings)
    server.run()
