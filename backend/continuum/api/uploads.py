"""Request bodies that carry a file: the multipart `file` field and the form fields beside it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import Request
from pydantic import ValidationError
from pydantic_core import from_json

from continuum.errors import InvalidInput, TooLarge
from continuum.pipeline.documents.formats import SUPPORTED

# Multipart framing and the other fields: allowed on top of the upload limit itself.
_FRAMING_BYTES = 64 * 1024


@dataclass(frozen=True)
class UploadedFile:
    """One uploaded file: its name as the client gave it, its bytes, the other form fields."""

    filename: str | None
    data: bytes
    fields: dict[str, str]


def content_type(request: Request) -> str:
    """The body's media type, without parameters."""
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


def check_declared_size(request: Request, max_bytes: int) -> None:
    """Refuse a body whose Content-Length is over the limit before reading it."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > max_bytes + _FRAMING_BYTES:
        raise TooLarge(f"the upload is over the {max_bytes:,}-byte limit")


async def read_file_field(request: Request, max_bytes: int) -> UploadedFile:
    """The multipart upload's `file` (at most `max_bytes + 1` bytes read) and its other fields."""
    check_declared_size(request, max_bytes)
    form = await request.form()
    upload = form.get("file")
    if upload is None or isinstance(upload, str):
        raise InvalidInput(f"multipart uploads need a 'file' field with the chapter or book "
                           f"({SUPPORTED})")
    data = await upload.read(max_bytes + 1)
    fields = {k: v for k, v in form.items() if k != "file" and isinstance(v, str) and v != ""}
    return UploadedFile(upload.filename, data, fields)


async def read_json_body(request: Request, max_bytes: int, *, what: str) -> Any:
    """The JSON body, parsed: refused over the limit ("the `what` is over ...") or malformed."""
    raw = await request.body()
    if len(raw) > max_bytes + _FRAMING_BYTES:
        raise TooLarge(f"the {what} is over the {max_bytes:,}-byte limit")
    try:
        # pydantic's parser refuses lone surrogates and bounds nesting; json.loads does not.
        return from_json(raw.removeprefix(b"\xef\xbb\xbf") or b"null")
    except ValueError as exc:
        raise InvalidInput(f"the request body is not valid JSON: {exc}") from exc


def validation_problems(exc: ValidationError) -> str:
    """A validation error as one line: "text: Field required; number: ..."."""
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'body'}: {e['msg']}" for e in exc.errors())
