"""Every error Continuum raises on purpose, and how the API answers it.

    ContinuumError                 base; message says what was wrong and what to do
    ├── NotFound                   404: unknown novel, chapter, entity, job, submission
    ├── InvalidInput               422: a request that can never succeed as sent
    │   ├── EmptyText              blank chapter text
    │   ├── NotUtf8                bytes that are not UTF-8 text
    │   ├── TooLarge               413: over the upload limit (or a document that unpacks past it)
    │   ├── UnsupportedMediaType   415: a body that is neither JSON nor a multipart upload
    │   ├── UnsupportedFileType    415: a file of a kind Continuum cannot read (lists those it can)
    │   └── UnreadableDocument     422: damaged, truncated, encrypted, empty or too slow to convert
    ├── Conflict                   409: duplicate chapter without replace, a gap, a decided draft
    ├── Unauthorized               401: missing or wrong API token
    ├── CriticUnavailable          409: a blocking save with the critic disabled: refused
    ├── DatabaseTooNew             the schema is newer than this code: refuse to start
    ├── ExtractionFailed           the extractor (LLM or offline) failed: nothing persisted
    ├── OperationFailed            backup or restore: pg_dump / pg_restore failed or is missing
    └── TokenizerUnavailable       tiktoken could not load offline: never fall back silently
"""

from __future__ import annotations

from typing import Any


class ContinuumError(Exception):
    """Base of every deliberate error; `status` is its HTTP status."""

    status = 500


class NotFound(ContinuumError):
    status = 404


class InvalidInput(ContinuumError):
    status = 422


class EmptyText(InvalidInput):
    pass


class NotUtf8(InvalidInput):
    pass


class TooLarge(InvalidInput):
    status = 413


class UnsupportedMediaType(InvalidInput):
    status = 415


class UnsupportedFileType(InvalidInput):
    status = 415


class UnreadableDocument(InvalidInput):
    pass


class Conflict(ContinuumError):
    status = 409


class Unauthorized(ContinuumError):
    status = 401


class DatabaseTooNew(ContinuumError):
    status = 503


class ExtractionFailed(ContinuumError):
    status = 502

    def __init__(self, message: str = "", *, calls: tuple[Any, ...] = ()) -> None:
        super().__init__(message)
        self.calls = calls  # the LLM requests made before the failure: billed all the same


class TokenizerUnavailable(ContinuumError):
    status = 500


class CriticUnavailable(ContinuumError):
    status = 409


class OperationFailed(ContinuumError):
    status = 500
