"""The one place that talks to litellm: a JSON completion with retries and call records.

Transient failures (429, 5xx, timeouts, connection errors) are retried up to
`max_retries` times, waiting what the provider's `Retry-After` asks (capped at 60 s) or
an exponential backoff. Everything else fails at once: a refusal, a truncated answer,
JSON that does not parse or is not an object, any other provider error. Every attempt is
recorded as an `LlmCall`, failed ones included (they cost time and sometimes money).
"""

from __future__ import annotations

import email.utils
import json
import logging
import random
import re
import threading
import time
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from continuum.errors import ExtractionFailed
from continuum.pipeline.extract.llm.calls import LlmCall

log = logging.getLogger(__name__)

RETRY_AFTER_CAP = 60.0
"""Longest wait a provider's Retry-After may impose before the next attempt, in seconds."""
TRANSIENT_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 529})


def litellm_module() -> ModuleType:
    """litellm, imported on first use (it takes seconds) and told to keep its banners quiet."""
    import litellm

    litellm.suppress_debug_info = True
    return litellm


@dataclass
class CallLog:
    """The calls of one extraction, appended to from several threads."""

    calls: list[LlmCall] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, call: LlmCall) -> None:
        with self.lock:
            self.calls.append(call)


class LlmClient:
    """`complete_json(pass_name, messages)`: one JSON object from the model, or ExtractionFailed."""

    def __init__(
        self,
        model: str,
        *,
        api_base: str | None = None,
        api_key: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 3,
        retry_backoff: float = 1.0,
        temperature: float | None = None,
        repeat_penalty: float | None = None,
    ) -> None:
        if not model.strip():
            raise ValueError("an LLM model name is required (a litellm model string)")
        if max_retries < 0:
            raise ValueError("max_retries must be at least 0")
        self.model = model
        self.timeout = timeout
        self.max_retries = max_retries
        self.retry_backoff = retry_backoff
        self._options: dict[str, Any] = {}
        if api_base:
            self._options["api_base"] = api_base
        if api_key:
            self._options["api_key"] = api_key
        if temperature is not None:
            self._options["temperature"] = temperature
        if repeat_penalty is not None:
            # Not an OpenAI parameter: llama.cpp and LM Studio read it from the request body.
            self._options["extra_body"] = {"repeat_penalty": repeat_penalty}
        # Set once a server has said it does not take `response_format` (or `repeat_penalty`):
        # later calls leave it out instead of failing again.
        self.json_mode = True
        self._lock = threading.Lock()

    def complete_json(
        self, pass_name: str, messages: list[dict[str, Any]], *, log_to: CallLog,
        abort: threading.Event | None = None, max_tokens: int | None = None,
    ) -> dict[str, Any]:
        """The parsed JSON object the model answers `messages` with (at most `max_tokens`)."""
        litellm = litellm_module()
        attempts = self.max_retries + 1
        attempt = 0
        while attempt < attempts:
            attempt += 1
            if abort is not None and abort.is_set():
                raise Abandoned(f"{pass_name}: abandoned after another call failed")
            started = time.perf_counter()
            options = self._request_options(max_tokens)
            try:
                response = litellm.completion(
                    model=self.model, messages=messages, timeout=self.timeout,
                    max_retries=0,  # the provider SDK must not retry behind our back
                    **options,
                )
            except Exception as exc:
                status = _failure_status(exc)
                log_to.add(LlmCall(pass_name, self.model, latency_ms=_ms(started), status=status))
                if status == "error" and self._drop_unsupported(exc, options):
                    attempt -= 1  # the server said no to an option, not to the call
                    continue
                if status not in {"rate_limited", "server_error", "timeout", "connection_error"}:
                    raise ExtractionFailed(
                        f"{pass_name}: {self.model} rejected the request ({status}): "
                        f"{_short(exc)}; check the model name, the API key and the API base"
                    ) from exc
                if attempt == attempts:
                    raise ExtractionFailed(
                        f"{pass_name}: {self.model} still failing after {attempts} attempts "
                        f"({status}: {_short(exc)}); the chapter was not saved, try again later"
                    ) from exc
                wait = retry_after(exc)
                if wait is None:
                    wait = self.retry_backoff * 2 ** (attempt - 1) * (0.5 + random.random())
                wait = min(wait, RETRY_AFTER_CAP)
                log.warning("%s: %s (%s), retrying in %.2f s (attempt %d of %d)", pass_name,
                            status, _short(exc), wait, attempt + 1, attempts)
                # A wait cut short means another call failed and the chapter is abandoned.
                if abort.wait(wait) if abort is not None else _plain_sleep(wait):
                    raise Abandoned(
                        f"{pass_name}: abandoned after another call failed") from exc
                continue
            return self._parse(pass_name, response, started, log_to, messages)
        raise AssertionError("unreachable")  # pragma: no cover

    def _request_options(self, max_tokens: int | None) -> dict[str, Any]:
        with self._lock:
            options = dict(self._options)
            if self.json_mode:
                options["response_format"] = {"type": "json_object"}
        if max_tokens is not None:
            options["max_tokens"] = max_tokens
        return options

    def _drop_unsupported(self, exc: BaseException, sent: dict[str, Any]) -> bool:
        """Leave out an option a server rejected by name (`response_format`, `repeat_penalty`);
        True when one was dropped and the call is worth sending again at once."""
        message = error_text(exc).lower()
        with self._lock:
            if "response_format" in sent and "response_format" in message and self.json_mode:
                self.json_mode = False
                log.warning("%s does not take response_format; asking for JSON in the prompt "
                            "only from now on", self.model)
                return True
            extra = sent.get("extra_body") or {}
            if "repeat_penalty" in extra and "repeat_penalty" in message:
                self._options.pop("extra_body", None)
                log.warning("%s does not take repeat_penalty; sending none from now on",
                            self.model)
                return True
        return False

    def _parse(self, pass_name: str, response: Any, started: float, log_to: CallLog,
               messages: list[dict[str, Any]]) -> dict[str, Any]:
        latency = _ms(started)
        usage = _get(response, "usage")
        tokens_in = int(_get(usage, "prompt_tokens") or 0)
        tokens_out = int(_get(usage, "completion_tokens") or 0)
        choice = (_get(response, "choices") or [None])[0]
        content = _get(_get(choice, "message"), "content")
        if not tokens_in and not tokens_out:
            # Some local servers send no usage (or zeros): count with our own tokenizer, so
            # the call records still say roughly what the chapter cost.
            tokens_in, tokens_out = estimate_tokens(messages), estimate_tokens(content or "")
        cached = int(_get(_get(usage, "prompt_tokens_details"), "cached_tokens")
                     or _get(usage, "cache_read_input_tokens") or 0)
        message = _get(choice, "message")
        finish = _get(choice, "finish_reason")
        refusal = _get(message, "refusal")

        def record(status: str) -> None:
            log_to.add(LlmCall(pass_name, self.model, tokens_in, tokens_out, cached, latency,
                               _cost(response), status))

        if finish == "content_filter" or refusal:
            record("refused")
            log.warning("%s: %s refused (%s)", pass_name, self.model, refusal or finish)
            raise ExtractionFailed(
                f"{pass_name}: {self.model} refused to answer ({refusal or finish}); "
                "the chapter was not saved"
            )
        if finish == "length":
            record("truncated")
            period = repetition(content or "")
            log.warning("%s: %s stopped at its output limit%s", pass_name, self.model,
                        f" repeating {period} characters" if period else "")
            if period:
                penalty = (self._options.get("extra_body") or {}).get("repeat_penalty")
                advice = (f"a larger model avoids it (its repeat penalty, {penalty:g}, did not)"
                          if penalty else "a repeat penalty (LLM_REPEAT_PENALTY=1.1 on llama.cpp "
                          "or LM Studio) or a larger model avoids it")
                raise ExtractionFailed(
                    f"{pass_name}: {self.model} kept repeating itself until its output limit "
                    f"({tokens_out} tokens; the last {period} characters over and over); the "
                    f"chapter was not saved. {advice[0].upper()}{advice[1:]}"
                )
            raise ExtractionFailed(
                f"{pass_name}: {self.model} stopped at its output limit ({tokens_out} tokens, "
                "the budget for a passage this long) before its JSON was complete; the chapter "
                "was not saved. A model that answers beyond the passage (listing the story's "
                "known entities as new ones, say) does this; a larger model avoids it"
            )
        try:
            data = json.loads(json_text(content or ""))
        except json.JSONDecodeError as exc:
            record("invalid")
            raise ExtractionFailed(
                f"{pass_name}: {self.model} answered with text that is not JSON "
                f"({exc.msg} at character {exc.pos}); the chapter was not saved"
            ) from exc
        if not isinstance(data, dict):
            record("invalid")
            raise ExtractionFailed(
                f"{pass_name}: {self.model} answered with a JSON {type(data).__name__}, "
                "not the object the schema asks for; the chapter was not saved"
            )
        record("ok")
        return data


class Abandoned(ExtractionFailed):
    """A call given up because another call of the chapter failed: never the chapter's cause."""


def repetition(content: str, *, longest: int = 4000, times: int = 3) -> int:
    """The period of a loop the answer ends in (its last `period` characters, `times` over),
    or 0: how a model stuck repeating itself until max_tokens looks. A period may be a few
    characters ('"type":"json", ' over and over) or whole list items (two items of ~700
    characters, past llama.cpp's 64-token repeat window, which its repeat penalty never sees)."""
    text = content.rstrip()
    for period in range(1, min(longest, len(text) // times) + 1):
        repeats = max(times, 20 // period)  # a short period must repeat more ("}}}" is no loop)
        if text.endswith(text[-period:] * repeats):
            return period
    return 0


def estimate_tokens(value: Any) -> int:
    """Tokens of a message list or a text by the o200k encoding (an estimate for any model)."""
    from continuum.pipeline.chunking import load_encoding

    if isinstance(value, list):
        text = "\n".join(str(m.get("content") or "") if isinstance(m, dict) else str(m)
                         for m in value)
    else:
        text = str(value)
    return len(load_encoding().encode_ordinary(text))


def retry_after(exc: BaseException) -> float | None:
    """Seconds the provider asked us to wait (Retry-After: seconds or an HTTP date), if any."""
    headers = getattr(exc, "litellm_response_headers", None)
    if headers is None:
        response = getattr(exc, "response", None)
        headers = getattr(response, "headers", None)
    if headers is None:
        return None
    value = headers.get("retry-after-ms")
    if value is not None:
        try:
            return max(0.0, float(value) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        when = email.utils.parsedate_to_datetime(value) if value.strip() else None
        return None if when is None else max(0.0, when.timestamp() - time.time())


def _failure_status(exc: BaseException) -> str:
    litellm = litellm_module()
    if isinstance(exc, litellm.Timeout):
        return "timeout"
    if isinstance(exc, litellm.ContentPolicyViolationError):
        return "refused"
    code = getattr(exc, "status_code", None)
    if code == 429 or isinstance(exc, litellm.RateLimitError):
        return "rate_limited"
    if isinstance(exc, litellm.APIConnectionError):
        return "connection_error"
    if isinstance(code, int) and code in TRANSIENT_STATUS:
        return "timeout" if code in {408, 504} else "server_error"
    return "error"


def _cost(response: Any) -> float:
    """What litellm's price table says the call cost; 0 for a model it does not know."""
    try:
        return float(litellm_module().completion_cost(completion_response=response) or 0.0)
    except Exception:  # unknown model or provider: the price is simply not known
        return 0.0


_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n(.*?)(?:\n[ \t]*```|\Z)", re.DOTALL)


def json_text(content: str) -> str:
    """The JSON inside an answer. Without JSON mode small models wrap it in a ```json fence,
    often after a line of prose or before an explanation; the object is the part to parse."""
    stripped = content.strip()
    fenced = _FENCE.search(stripped)
    if fenced:
        stripped = fenced.group(1).strip()
    if not stripped.startswith(("{", "[")):
        start = stripped.find("{")
        end = stripped.rfind("}")
        if 0 <= start < end:
            return stripped[start:end + 1]
    return stripped


def _get(obj: Any, name: str) -> Any:
    if obj is None:
        return None
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name, None)


def _ms(started: float) -> int:
    return int((time.perf_counter() - started) * 1000)


def error_text(exc: BaseException) -> str:
    """The exception's message and what the server said: the OpenAI client keeps a body
    that is not an `{"error": {...}}` object (LM Studio's plain string) out of the message."""
    parts = [str(exc)]
    body = getattr(exc, "body", None)
    if body and str(body) not in parts[0]:
        parts.append(str(body))
    response = getattr(exc, "response", None)
    try:
        said = response.text if response is not None else ""
    except Exception:  # noqa: BLE001 - a streamed or closed response has no text to add
        said = ""
    if said and said not in " ".join(parts):
        parts.append(said)
    return " ".join(parts)


def _short(exc: BaseException) -> str:
    text = " ".join(error_text(exc).split())
    return text if len(text) <= 200 else text[:197] + "..."


def _plain_sleep(seconds: float) -> bool:
    time.sleep(seconds)
    return False
