"""The zip checks refuse what lies about itself and let through what only looks suspicious."""

from __future__ import annotations

import struct
import zipfile
from pathlib import Path

import pytest

from continuum.errors import TooLarge, UnreadableDocument
from continuum.pipeline.documents import Limits, read_document
from continuum.pipeline.documents.archives import unpack
from continuum.pipeline.documents.formats import DOCX
from continuum.settings import Settings
from tests.documents_kit import FRONT_MATTER_TITLES, front_matter_epub, write_epub


def test_an_archive_that_understates_its_size_is_refused_as_damaged(tmp_path: Path) -> None:
    path = tmp_path / "liar.docx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", b"\0" * (8 << 20))
    data = bytearray(path.read_bytes())
    # Claim 1 KB unpacked in both the local header and the central directory.
    local = data.index(b"PK\x03\x04")
    struct.pack_into("<I", data, local + 22, 1024)
    central = data.index(b"PK\x01\x02")
    struct.pack_into("<I", data, central + 24, 1024)
    with pytest.raises(UnreadableDocument, match="damaged or incomplete"):
        unpack(bytes(data), DOCX, name="liar.docx", max_unpacked=4 << 20)


def test_the_unpacked_budget_counts_real_bytes(tmp_path: Path) -> None:
    path = tmp_path / "big.docx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", b"\0" * (3 << 20))
    with pytest.raises(TooLarge, match="zip bomb"):
        unpack(path.read_bytes(), DOCX, name="big.docx", max_unpacked=2 << 20)
    assert unpack(path.read_bytes(), DOCX, name="big.docx", max_unpacked=4 << 20)


def test_obfuscated_fonts_are_not_drm(tmp_path: Path) -> None:
    source = tmp_path / "plain.epub"
    front_matter_epub(source)
    with zipfile.ZipFile(source) as archive:
        files = {n: archive.read(n) for n in archive.namelist()
                 if n not in ("mimetype", "META-INF/container.xml")}
    encryption = (b'<?xml version="1.0"?><encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:'
                  b'container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData>'
                  b'<enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/>'
                  b'<enc:CipherData><enc:CipherReference URI="OEBPS/fonts/serif.otf"/>'
                  b"</enc:CipherData></enc:EncryptedData></encryption>")
    fonts = tmp_path / "fonts.epub"
    write_epub(fonts, files, extra={"META-INF/encryption.xml": encryption,
                                     "OEBPS/fonts/serif.otf": b"\x12\x34" * 100})
    document = read_document(fonts.name, fonts.read_bytes(), limits=Limits.of(Settings()))
    assert [c.title for c in document.chapters] == FRONT_MATTER_TITLES
