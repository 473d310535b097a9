"""A fake OpenAI-compatible chat server on 127.0.0.1 for the LLM extractor's tests and bench.

It answers `POST /v1/chat/completions` (and `/chat/completions`) the way a provider would,
with answers built from the chunk it is sent, so every quote it returns is verbatim text of
the chapter. The pass is read from the `PASS: a, b` marker line of the last message.

Faults are injected per pass (or for any call) and consumed in order: 429 with
Retry-After, 500, a sleep past the client's timeout, truncated JSON (finish_reason
length), malformed JSON, a wrong top-level shape, a refusal, paraphrased quotes and
malformed single items. Latency is `scale * (base + per_100 * output_tokens / 100)`.

Every request is logged with its prompt tokens and the hash of its prefix (the messages
before the last one). Its cached tokens are those of its longest run of leading messages
that an earlier, completed call also began with, if at least `min_cacheable` tokens long:
OpenAI's and Anthropic's prompt caches work on prefixes the same way (token by token).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from continuum.pipeline.chunking import load_encoding
from tests.pipeline.extract.llm.fake_answers import DEFAULT_GENERATORS, Generator

FAULTS = ("rate_limit", "server_error", "timeout", "truncated", "malformed", "wrong_shape",
          "refusal", "paraphrase", "bad_item", "replay", "reject_option")


@dataclass
class Latency:
    """Simulated provider latency: `scale * (base + per_100 * output_tokens / 100)` seconds."""

    base: float = 1.5
    per_100: float = 0.02
    scale: float = 0.0

    def of(self, output_tokens: int) -> float:
        return self.scale * (self.base + self.per_100 * output_tokens / 100)


@dataclass
class Fault:
    kind: str
    passes: str | None = None
    times: int = 1
    retry_after: float | None = None
    sleep: float = 5.0
    # replay: a real server's answer sent as it was (`body`, with `status`);
    # reject_option: a 400 with `message` when the request carries the body key `option`.
    body: dict[str, Any] | None = None
    status: int = 200
    option: str | None = None
    message: str = ""


@dataclass
class RequestLog:
    """What the server saw and answered for one request."""

    passes: tuple[str, ...]
    prompt_tokens: int
    prefix_tokens: int
    prefix_hash: str
    cached_tokens: int
    completion_tokens: int = 0
    status: int = 200
    fault: str | None = None
    arrived: float = 0.0
    finished: float = 0.0
    body: dict[str, Any] = field(default_factory=dict)


class FakeLlmServer:
    """Serves scripted chat completions on a free port of 127.0.0.1 in a background thread."""

    def __init__(self, latency: Latency | None = None, *, min_cacheable: int = 1024) -> None:
        self.latency = latency or Latency()
        self.min_cacheable = min_cacheable
        self.requests: list[RequestLog] = []
        self.generators: dict[str, Generator] = dict(DEFAULT_GENERATORS)
        self._faults: list[Fault] = []
        self._completed_prefixes: set[str] = set()
        self._lock = threading.Lock()
        self._enc = load_encoding()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.port = 0

    # ---- control -------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def inject(self, kind: str, *, passes: str | None = None, times: int = 1,
               retry_after: float | None = None, sleep: float = 5.0) -> None:
        """Fail the next `times` calls whose marker names `passes` (any call when None)."""
        if kind not in FAULTS:
            raise ValueError(f"unknown fault {kind!r}; one of {FAULTS}")
        with self._lock:
            self._faults.append(Fault(kind, passes, times, retry_after, sleep))

    def replay(self, body: dict[str, Any], *, passes: str | None = None, times: int = 1,
               status: int = 200, sleep: float = 0.0) -> None:
        """Answer the next `times` matching calls with a recorded response body, verbatim
        (after `sleep` seconds: a model that is slow to its first token)."""
        with self._lock:
            self._faults.append(Fault("replay", passes, times, sleep=sleep, body=body,
                                      status=status))

    def reject_option(self, option: str, message: str, *, times: int = 1_000_000) -> None:
        """Answer 400 with `message` to every request whose body has the key `option`, the
        way a server that does not support that parameter does."""
        with self._lock:
            self._faults.append(Fault("reject_option", None, times, option=option,
                                      message=message))

    def script(self, pass_name: str, generator: Generator | Any) -> None:
        """Answer `pass_name` with `generator(chunk_text)`, or with a fixed value."""
        self.generators[pass_name] = generator if callable(generator) else (lambda _t: generator)

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()
            self._faults.clear()
            self._completed_prefixes.clear()
            self.generators = dict(DEFAULT_GENERATORS)

    def start(self) -> FakeLlmServer:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        app = Starlette(routes=[
            Route("/v1/chat/completions", self._handle, methods=["POST"]),
            Route("/chat/completions", self._handle, methods=["POST"]),
        ])
        config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1,
                                lifespan="off")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]},
                                        daemon=True, name="fake-llm-server")
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the fake LLM server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=10)

    # ---- serving -------------------------------------------------------------------------

    async def _handle(self, request: Request) -> Response:
        arrived = time.monotonic()
        body = await request.json()
        messages = body.get("messages", [])
        contents = [_content(m) for m in messages]
        last = contents[-1] if contents else ""
        passes = _passes(last)
        sizes = [len(self._enc.encode_ordinary(c)) for c in contents]
        prompt_tokens, prefix_tokens = sum(sizes), sum(sizes[:-1])
        # leading[i]: hash of messages[:i + 1]; the prefix is every message but the last.
        leading = [_hash(messages[: i + 1]) for i in range(len(messages) - 1)]
        prefix_hash = leading[-1] if leading else _hash([])
        with self._lock:
            cached = 0
            for i, digest in enumerate(leading):
                if digest in self._completed_prefixes and sum(sizes[: i + 1]) >= self.min_cacheable:
                    cached = sum(sizes[: i + 1])
            fault = self._take_fault(passes, body)
            log = RequestLog(passes=passes, prompt_tokens=prompt_tokens,
                             prefix_tokens=prefix_tokens, prefix_hash=prefix_hash,
                             cached_tokens=cached, arrived=arrived, body=body,
                             fault=fault.kind if fault else None)
            self.requests.append(log)

        kind = fault.kind if fault else None
        if kind == "rate_limit":
            log.status = 429
            headers = {} if fault is None or fault.retry_after is None else {
                "retry-after": f"{fault.retry_after:g}"}
            return _error(429, "rate limited", "rate_limit_exceeded", headers, log)
        if kind == "server_error":
            log.status = 500
            return _error(500, "the server had an error", "server_error", {}, log)
        if kind == "reject_option" and fault is not None:
            log.status = 400
            log.finished = time.monotonic()
            return JSONResponse({"error": fault.message}, status_code=400)
        if kind == "replay" and fault is not None and fault.body is not None:
            await asyncio.sleep(fault.sleep)
            log.status = fault.status
            log.finished = time.monotonic()
            with self._lock:
                self._completed_prefixes.update(leading)
            return JSONResponse(fault.body, status_code=fault.status)
        if kind == "timeout" and fault is not None:
            await asyncio.sleep(fault.sleep)
            log.status = 504
            return _error(504, "too late", "timeout", {}, log)

        content, finish = self._answer(passes, contents, kind)
        completion_tokens = len(self._enc.encode_ordinary(content))
        await asyncio.sleep(self.latency.of(completion_tokens))
        log.completion_tokens = completion_tokens
        log.finished = time.monotonic()
        with self._lock:
            self._completed_prefixes.update(leading)
        message: dict[str, Any] = {"role": "assistant", "content": content}
        if kind == "refusal":
            message = {"role": "assistant", "content": None,
                       "refusal": "I can't help with that request."}
        return JSONResponse({
            "id": f"chatcmpl-fake-{len(self.requests)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "fake-model"),
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
                "prompt_tokens_details": {"cached_tokens": cached},
            },
        })

    def _take_fault(self, passes: tuple[str, ...], body: dict[str, Any]) -> Fault | None:
        for fault in self._faults:
            if fault.kind == "reject_option" and fault.option not in body:
                continue
            if fault.times > 0 and (fault.passes is None or fault.passes in passes):
                fault.times -= 1
                return fault
        return None

    def _answer(self, passes: tuple[str, ...], contents: list[str],
                kind: str | None) -> tuple[str, str]:
        if kind == "malformed":
            return '{"items": [{"name": "Elizabeth", "type": "charac', "stop"
        if kind == "wrong_shape":
            return json.dumps([{"name": "Elizabeth"}]), "stop"
        if kind == "refusal":
            return "", "stop"
        source = _source_text(contents)
        if passes == ("canonicalize",):
            return json.dumps(self.generators["canonicalize"](source)), "stop"
        answer: dict[str, Any] = {}
        for name in passes:
            generator = self.generators.get(name)
            answer[name] = generator(source) if generator else {"items": []}
            items = answer[name].get("items") if isinstance(answer[name], dict) else None
            if kind == "paraphrase" and isinstance(items, list):
                for item in items:
                    if isinstance(item, dict) and isinstance(item.get("evidence"), dict):
                        item["evidence"]["quote"] = _paraphrase(item["evidence"]["quote"])
            if kind == "bad_item" and isinstance(items, list):
                items.insert(0, {"evidence": "not an object", "kind": 42})
        text = json.dumps(answer)
        if kind == "truncated":
            return text[: max(1, len(text) // 2)], "length"
        return text, "stop"


@contextmanager
def running(latency: Latency | None = None) -> Iterator[FakeLlmServer]:
    """A started fake server, stopped on exit."""
    server = FakeLlmServer(latency).start()
    try:
        yield server
    finally:
        server.stop()


def _error(status: int, message: str, code: str, headers: dict[str, str],
           log: RequestLog) -> Response:
    log.finished = time.monotonic()
    return JSONResponse({"error": {"message": message, "type": code, "code": code}},
                        status_code=status, headers=headers)


def _hash(messages: list[Any]) -> str:
    return hashlib.sha256(json.dumps(messages, sort_keys=True).encode()).hexdigest()[:16]


def _content(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content or ""


_MARKER = re.compile(r"^PASS: (.+)$", re.MULTILINE)


def _passes(instruction: str) -> tuple[str, ...]:
    match = _MARKER.search(instruction)
    return tuple(p.strip() for p in match.group(1).split(",")) if match else ()


_SOURCE = re.compile(r"<(chapter_text|chunk_summaries|name_lists)>\n?(.*?)\n?</\1>", re.DOTALL)


def _source_text(contents: list[str]) -> str:
    match = _SOURCE.search("\n".join(contents))
    return match.group(2) if match else ""


def _paraphrase(quote: str) -> str:
    words = re.findall(r"\w+", quote)
    return "In other words, " + " ".join(reversed(words))
