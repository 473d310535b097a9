"""Which kind of document an upload is, from its name and its first bytes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

from continuum.errors import UnreadableDocument, UnsupportedFileType


@dataclass(frozen=True)
class DocumentFormat:
    """A readable kind of file: its key, the pandoc reader for it, and how to call it in a sentence."""

    key: str
    reader: str | None
    label: str

    @property
    def archive(self) -> bool:
        """Whether the file is a zip archive (Word, OpenDocument, EPUB)."""
        return self.key in ("docx", "odt", "epub")


TEXT = DocumentFormat("txt", None, "plain text file")
MARKDOWN = DocumentFormat(
    "md", "markdown-tex_math_dollars-raw_tex+wikilinks_title_after_pipe", "Markdown file"
)
HTML = DocumentFormat("html", "html", "HTML file")
DOCX = DocumentFormat("docx", "docx", "Word document (.docx)")
ODT = DocumentFormat("odt", "odt", "OpenDocument text (.odt)")
RTF = DocumentFormat("rtf", "rtf", "RTF document")
EPUB = DocumentFormat("epub", "epub", "EPUB book")

_BY_SUFFIX = {
    ".txt": TEXT, ".text": TEXT,
    ".md": MARKDOWN, ".markdown": MARKDOWN,
    ".html": HTML, ".htm": HTML, ".xhtml": HTML,
    ".docx": DOCX, ".odt": ODT, ".rtf": RTF, ".epub": EPUB,
}
SUPPORTED = ".txt, .md, .html, .docx, .odt, .rtf and .epub"
# What people try most often, with what to do instead.
_ADVICE = {
    ".doc": "Word 97-2003 .doc files cannot be read; save the file as .docx in Word or LibreOffice",
    ".pdf": "PDF files cannot be read; export the book from your word processor as .docx or .epub",
    ".pages": "Pages files cannot be read; export the book from Pages as .docx or .epub",
    ".mobi": "Kindle .mobi files cannot be read; convert the book to .epub (calibre does this)",
    ".azw3": "Kindle .azw3 files cannot be read; convert the book to .epub (calibre does this)",
    ".scriv": "Scrivener projects cannot be read; compile the book to .docx, .rtf or .epub",
}

_ZIP = b"PK\x03\x04"
_EMPTY_ZIP = b"PK\x05\x06"
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTED_PACKAGE = "EncryptedPackage".encode("utf-16-le")


def detect_format(filename: str | None, data: bytes) -> DocumentFormat:
    """The format of an upload; refuses unknown kinds, empty files and files that are not what
    their name says."""
    suffix = PurePath(filename or "").suffix.lower()
    name = PurePath(filename or "").name or "the file"
    if not data.strip():
        raise UnreadableDocument(f"{name} is empty; there is no text to read")
    found = _BY_SUFFIX.get(suffix) if suffix else _sniff(data)
    if found is None:
        advice = _ADVICE.get(suffix, f"{suffix} files cannot be read")
        raise UnsupportedFileType(f"{advice}; Continuum reads {SUPPORTED} files")
    head = data[:8]
    if found.archive:
        if head.startswith(_OLE):
            raise _office_binary(name, data)
        if not head.startswith((_ZIP, _EMPTY_ZIP)):
            raise UnreadableDocument(f"{name} is not a real {found.label}: it is not a zip "
                                     "archive; save or export it again")
    elif found is RTF and not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{\\rtf"):
        raise UnreadableDocument(f"{name} is not a real RTF document (it does not begin with "
                                 "{\\rtf); save or export it again")
    elif head.startswith((_ZIP, _OLE)) or head.startswith(b"%PDF"):
        raise UnreadableDocument(f"{name} is named like a {found.label} but holds a binary "
                                 "document; give it the right extension (.docx, .odt, .epub)")
    return found


def _sniff(data: bytes) -> DocumentFormat | None:
    """The format of a file without an extension, from its first bytes."""
    if data.startswith(_ZIP):
        window = data[:4096]
        if b"application/epub+zip" in window:
            return EPUB
        if b"application/vnd.oasis.opendocument.text" in window:
            return ODT
        return DOCX if b"word/" in data or b"[Content_Types].xml" in window else None
    if data.startswith(_OLE):
        return DOCX
    start = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:200].lower()
    if start.startswith(b"{\\rtf"):
        return RTF
    if start.startswith((b"<!doctype html", b"<html", b"<?xml")) and b"<html" in data[:4096].lower():
        return HTML
    if start.startswith(b"%pdf") or b"\x00" in data[:4096]:
        return None
    return TEXT


def _office_binary(name: str, data: bytes) -> UnreadableDocument:
    """An OLE compound file where a zip was expected: an encrypted Office file or an old .doc."""
    if _ENCRYPTED_PACKAGE in data:
        return UnreadableDocument(f"{name} is password-protected; open it, remove the password "
                                  "(File > Info > Protect Document) and save it again")
    return UnreadableDocument(f"{name} is an old Word 97-2003 document, not a .docx; save it as "
                              ".docx and upload it again")
