"""Zip-based documents (.docx, .odt, .epub) checked before conversion: whole, unencrypted, not a bomb.

Every entry is decompressed once, with a running budget, so a damaged or truncated archive,
a checksum mismatch or an archive that unpacks past the limit is caught here, in one clear
sentence, rather than deep inside the converter.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib

from continuum.errors import TooLarge, UnreadableDocument
from continuum.pipeline.documents.formats import DOCX, EPUB, ODT, DocumentFormat

_MAX_ENTRIES = 20_000
_CHUNK = 1 << 20
# Font obfuscation (IDPF, Adobe) scrambles embedded fonts only; the text stays readable.
_FONT_OBFUSCATION = ("http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC")
_ALGORITHM = re.compile(rb"""Algorithm\s*=\s*["']([^"']+)["']""")
_CIPHER_URI = re.compile(rb"""<(?:\w+:)?CipherReference[^>]*URI\s*=\s*["']([^"']+)["']""")
_FONT_FILE = re.compile(rb"\.(?:otf|ttf|woff2?|eot)$", re.IGNORECASE)


def unpack(data: bytes, fmt: DocumentFormat, *, name: str, max_unpacked: int) -> dict[str, bytes]:
    """Every entry of the archive by name, once it is known to be whole and readable."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError) as exc:
        raise _damaged(name, fmt) from exc
    if len(infos) > _MAX_ENTRIES:
        raise TooLarge(f"{name} holds {len(infos):,} files; a {fmt.label} may hold at most "
                       f"{_MAX_ENTRIES:,}")
    declared = sum(info.file_size for info in infos)
    if declared > max_unpacked:
        raise _bomb(name, declared, max_unpacked)
    if any(info.flag_bits & 0x1 for info in infos):
        raise _protected(name, fmt)
    entries: dict[str, bytes] = {}
    budget = max_unpacked
    for info in infos:
        if info.is_dir():
            continue
        try:
            with archive.open(info) as stream:
                parts = []
                while chunk := stream.read(min(_CHUNK, budget + 1)):
                    budget -= len(chunk)
                    if budget < 0:
                        raise _bomb(name, max_unpacked - budget, max_unpacked)
                    parts.append(chunk)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError) as exc:
            raise _damaged(name, fmt) from exc
        entries[info.filename] = b"".join(parts)
    _check_contents(entries, fmt, name)
    return entries


def _check_contents(entries: dict[str, bytes], fmt: DocumentFormat, name: str) -> None:
    """The parts a format cannot do without, and its own kinds of encryption."""
    if fmt is DOCX and "word/document.xml" not in entries:
        raise UnreadableDocument(f"{name} is not a Word document (it has no word/document.xml); "
                                 "save it from Word or LibreOffice as .docx")
    if fmt is ODT:
        manifest = entries.get("META-INF/manifest.xml", b"")
        if b"encryption-data" in manifest:
            raise _protected(name, fmt)
        if "content.xml" not in entries:
            raise UnreadableDocument(f"{name} is not an OpenDocument text (it has no content.xml); "
                                     "save it from LibreOffice as .odt")
    if fmt is EPUB:
        if "META-INF/container.xml" not in entries:
            raise UnreadableDocument(f"{name} is not an EPUB book (it has no "
                                     "META-INF/container.xml); export it again as EPUB")
        if _drm_protected(entries):
            raise UnreadableDocument(f"{name} is protected by DRM (its chapters are encrypted), "
                                     "so its text cannot be read; use a DRM-free copy of the book")


def _drm_protected(entries: dict[str, bytes]) -> bool:
    """Whether an EPUB's text is encrypted: Adobe or Apple rights files, or encrypted chapters."""
    if "META-INF/rights.xml" in entries or "META-INF/sinf.xml" in entries:
        return True
    encryption = entries.get("META-INF/encryption.xml")
    if encryption is None:
        return False
    for block in re.split(rb"<(?:\w+:)?EncryptedData\b", encryption)[1:]:
        algorithm = _ALGORITHM.search(block)
        uri = _CIPHER_URI.search(block)
        obfuscated_font = algorithm is not None and algorithm.group(1).decode(
            "ascii", "replace") in _FONT_OBFUSCATION
        if not obfuscated_font and not (uri is not None and _FONT_FILE.search(uri.group(1))):
            return True
    return False


def _damaged(name: str, fmt: DocumentFormat) -> UnreadableDocument:
    return UnreadableDocument(f"{name} is damaged or incomplete (its zip archive cannot be read); "
                              f"save or export the {fmt.label} again and upload the new file")


def _protected(name: str, fmt: DocumentFormat) -> UnreadableDocument:
    return UnreadableDocument(f"{name} is password-protected; open it, remove the password and "
                              f"save the {fmt.label} again")


def _bomb(name: str, size: int, limit: int) -> TooLarge:
    return TooLarge(f"{name} unpacks to more than {limit:,} bytes (at least {size:,}); it is "
                    "refused as a possible zip bomb (MAX_UNPACKED_BYTES sets the limit)")
