"""The front door for files: any supported document becomes a manuscript of titled chapters.

    bytes ─► detect_format ─► (zip check: whole, unencrypted, no bomb) ─► pandoc JSON AST
          ─► blocks (headings, paragraphs, scene breaks, EPUB file marks) ─► outline ─► chapters

A plain `.txt` skips pandoc and goes straight to the text splitter, as it always has; so does a
document without usable heading structure, once it is plain text.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

from continuum.errors import EmptyText, InvalidInput, TooLarge, UnreadableDocument
from continuum.pipeline.documents import archives, epub, pandoc
from continuum.pipeline.documents.blocks import Paragraph, flatten
from continuum.pipeline.documents.blocks import document_title as title_of
from continuum.pipeline.documents.formats import EPUB, TEXT, DocumentFormat, detect_format
from continuum.pipeline.documents.outline import Section, has_structure, outline, plain_text
from continuum.pipeline.segment.books import split_book
from continuum.pipeline.submit import decode_upload
from continuum.settings import Settings


@dataclass(frozen=True)
class Limits:
    """How much one upload may cost: bytes in, bytes unpacked, chapters, seconds converting."""

    max_bytes: int
    max_unpacked_bytes: int
    max_chapters: int
    seconds: float

    @classmethod
    def of(cls, settings: Settings) -> Limits:
        """The limits the settings give."""
        return cls(settings.max_upload_bytes, settings.max_unpacked_bytes,
                   settings.max_book_chapters, settings.convert_seconds)


@dataclass(frozen=True)
class Manuscript:
    """A document read into chapters, with what was left out (contents, copyright, ...)."""

    format: DocumentFormat
    chapters: list[Section]
    dropped: list[str]
    title: str | None = None

    def as_one_chapter(self) -> Section:
        """The whole document as one chapter: the first title, later titles kept as lines."""
        first = self.chapters[0]
        parts = [first.text]
        for chapter in self.chapters[1:]:
            parts += ["* * *", *(x for x in (chapter.title, chapter.text) if x)]
        return Section(first.title, "\n\n".join(p for p in parts if p))


def read_document(filename: str | None, data: bytes, *, limits: Limits) -> Manuscript:
    """The chapters of an uploaded file; refuses what cannot be read in one clear sentence."""
    name = PurePath(filename or "").name or "the file"
    if len(data) > limits.max_bytes:
        raise TooLarge(f"{name} is {len(data):,} bytes; the upload limit is {limits.max_bytes:,} "
                       "(MAX_UPLOAD_BYTES)")
    fmt = detect_format(filename, data)
    if fmt is TEXT:
        text = decode_upload(data, max_bytes=limits.max_bytes)
        return _limited(Manuscript(fmt, _split_text(text), []), name, limits)
    guide = None
    if fmt.archive:
        entries = archives.unpack(data, fmt, name=name, max_unpacked=limits.max_unpacked_bytes)
        if fmt is EPUB:
            guide = epub.read_map(entries, name=name)
    elif b"\x00" in data:
        raise UnreadableDocument(f"{name} is named like a {fmt.label} but is binary (it holds NUL "
                                 "bytes); give it its real extension")
    tree = pandoc.to_syntax_tree(data, fmt, name=name, seconds=limits.seconds)
    blocks = flatten(tree)
    if not any(isinstance(b, Paragraph) for b in blocks):
        raise UnreadableDocument(f"{name} has no text to read (it is blank, or holds only "
                                 "images or headings)")
    title = title_of(tree)
    found = outline(blocks, epub=guide, document_title=title)
    chapters, dropped = found.chapters, found.dropped
    if not has_structure(blocks, guide):
        by_text = _split_text(plain_text(blocks))
        if len(by_text) >= 2 or not chapters:
            chapters, dropped = by_text, []
    chapters = [c for c in chapters if c.text.strip()]
    if not chapters:
        raise EmptyText(f"{name} has no chapter text: everything in it is front or back matter "
                        f"({', '.join(dropped) or 'nothing'})")
    return _limited(Manuscript(fmt, chapters, dropped, title), name, limits)


def _split_text(text: str) -> list[Section]:
    return [Section(c.title, c.text) for c in split_book(text)]


def _limited(manuscript: Manuscript, name: str, limits: Limits) -> Manuscript:
    count = len(manuscript.chapters)
    if count > limits.max_chapters:
        raise InvalidInput(f"{name} splits into {count:,} chapters; the limit is "
                           f"{limits.max_chapters:,} (MAX_BOOK_CHAPTERS)")
    return manuscript
