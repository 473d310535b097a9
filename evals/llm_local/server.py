"""llama.cpp's OpenAI-compatible server for the local-model eval: its own virtualenv, one process.

`llama-cpp-python[server]` is built from source into `var/llm-local/server-venv` (about 14
minutes on 2 cores; it needs cmake and g++) and reused while it imports. `CMAKE_ARGS` turns
`GGML_NATIVE` off, so the build does not depend on this CPU's extensions. It is eval
tooling only: the product never imports it, and talks to it over HTTP like to any provider.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

LLAMA_CPP = "llama-cpp-python[server]==0.3.36"
CMAKE_ARGS = "-DGGML_NATIVE=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF"
START_SECONDS = 300.0


def server_python(venv: Path, *, log=print) -> Path:  # type: ignore[no-untyped-def]
    """The virtualenv's python with llama_cpp.server importable, built when it is not."""
    python = venv / "bin" / "python"
    if python.exists() and _imports(python):
        return python
    for tool in ("cmake", "g++"):
        if shutil.which(tool) is None:
            raise RuntimeError(f"{tool} is needed to build llama-cpp-python "
                               "(`apt-get install cmake g++`; `make eval-llm-local` does it)")
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    log(f"building {LLAMA_CPP} from source into {venv} (about 14 minutes on 2 cores)")
    env = {**os.environ, "CMAKE_ARGS": CMAKE_ARGS,
           "CMAKE_BUILD_PARALLEL_LEVEL": str(os.cpu_count() or 2)}
    subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check",
                    "--quiet", "--no-binary", "llama-cpp-python", LLAMA_CPP], check=True, env=env)
    if not _imports(python):
        raise RuntimeError(f"{LLAMA_CPP} was installed into {venv} but does not import")
    return python


def _imports(python: Path) -> bool:
    return subprocess.run([str(python), "-c", "import llama_cpp.server.app"],
                          capture_output=True).returncode == 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class LocalServer:
    """A running llama.cpp server: its OpenAI-compatible base URL and its model alias."""

    alias: str
    api_base: str
    log_path: Path
    started_seconds: float


@contextmanager
def llama_server(python: Path, model: Path, *, alias: str, log_path: Path, n_ctx: int = 8192,
                 threads: int | None = None) -> Iterator[LocalServer]:
    """`python -m llama_cpp.server` on a free port of 127.0.0.1, stopped on exit."""
    port = free_port()
    threads = threads or os.cpu_count() or 2
    command = [str(python), "-m", "llama_cpp.server", "--model", str(model),
               "--model_alias", alias, "--host", "127.0.0.1", "--port", str(port),
               "--n_ctx", str(n_ctx), "--n_threads", str(threads),
               "--n_threads_batch", str(threads)]
    began = time.perf_counter()
    with log_path.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        api_base = f"http://127.0.0.1:{port}/v1"
        _wait_ready(api_base, process, log_path)
        yield LocalServer(alias, api_base, log_path, time.perf_counter() - began)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_ready(api_base: str, process: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            tail = log_path.read_text(errors="replace")[-2000:]
            raise RuntimeError(f"llama_cpp.server exited with {process.returncode}:\n{tail}")
        try:
            with urllib.request.urlopen(f"{api_base}/models", timeout=5) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(1.0)
    raise RuntimeError(f"llama_cpp.server did not answer within {START_SECONDS:.0f} s "
                       f"(its log: {log_path})")
