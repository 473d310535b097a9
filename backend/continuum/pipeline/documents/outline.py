"""Chapters from a document's own structure: the heading level that opens chapters, an EPUB's
contents, and front or back matter left out (contents, copyright, "also by", title pages)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from continuum.pipeline.documents.blocks import Block, FileStart, Heading, Paragraph, SceneBreak
from continuum.pipeline.documents.epub import EpubMap
from continuum.pipeline.segment.headings import classify_title

SCENE_BREAK = "* * *"
# Below this many words a section without a chapter heading is a title page, a dedication or
# an epigraph, not a chapter (the text splitter uses the same bar for contents entries).
_SUBSTANTIAL_WORDS = 100
# A titled front page this short ("My Novel" over "by A. Writer") is a title page, when the
# book's sections are typically chapter-sized (a draft of short scenes keeps its first).
_TITLE_PAGE_WORDS = 10


@dataclass(frozen=True)
class Section:
    """A chapter found in a document: its title (None if it has none) and its plain text."""

    title: str | None
    text: str


@dataclass(frozen=True)
class Outline:
    """The chapters in reading order and the titles of what was left out."""

    chapters: list[Section]
    dropped: list[str]


@dataclass
class _Piece:
    title: str | None = None
    headed: bool = False
    level: int | None = None
    matter: bool = False
    body: list[Paragraph | SceneBreak] = field(default_factory=list)

    def words(self) -> int:
        return sum(len(b.text.split()) for b in self.body if isinstance(b, Paragraph))


def chapter_level(blocks: list[Block]) -> int | None:
    """The heading level that opens chapters, or None when no level has two such headings.

    In order: the outermost level where most headings say "Chapter N" (or a numeral); else the
    outermost where most open 100 words of their own; else where most open any text (a part
    heading is followed straight away by its first chapter's); else the most frequent level.
    """
    own: list[tuple[Heading, int]] = []
    for block in blocks:
        if isinstance(block, Heading):
            own.append((block, 0))
        elif isinstance(block, Paragraph) and own:
            heading, words = own[-1]
            own[-1] = (heading, words + len(block.text.split()))
    own = [(h, w) for h, w in own if classify_title(h.text) != "matter"]
    counts = Counter(h.level for h, _ in own)
    levels = sorted(level for level, n in counts.items() if n >= 2)
    if not levels:
        return None

    def most(level: int, test: Callable[[Heading, int], bool]) -> bool:
        hits = [h for h, w in own if h.level == level and test(h, w)]
        return 2 * len(hits) > counts[level]

    for level in levels:
        if most(level, lambda h, w: classify_title(h.text) == "chapter"):
            return level
    def opens(floor: int) -> Callable[[Heading, int], bool]:
        return lambda heading, words: words >= floor and classify_title(heading.text) != "part"

    for floor in (_SUBSTANTIAL_WORDS, 1):
        for level in levels:
            if most(level, opens(floor)):
                return level
    return max(levels, key=lambda level: counts[level])


def outline(blocks: list[Block], *, epub: EpubMap | None = None,
            document_title: str | None = None) -> Outline:
    """The document's chapters, cut at its chapter headings (and an EPUB's contents entries)."""
    level = chapter_level(blocks)
    if level is None:
        single = [b.level for b in blocks if isinstance(b, Heading)
                  and classify_title(b.text) != "matter"]
        level = single[0] if len(single) == 1 else None
    pieces = _cut(blocks, level, epub)
    return _keep_story(pieces, level, document_title)


def has_structure(blocks: list[Block], epub: EpubMap | None) -> bool:
    """Whether headings or spine files can cut the document into two or more chapters."""
    if chapter_level(blocks) is not None:
        return True
    files = [b.name for b in blocks if isinstance(b, FileStart)]
    return epub is not None and sum(1 for f in files if epub.opens_chapter(f)) >= 2


def plain_text(blocks: list[Block]) -> str:
    """The whole document as plain text, headings as lines of their own (for the text splitter)."""
    parts: list[str] = []
    for block in blocks:
        if isinstance(block, Heading | Paragraph):
            parts.append(block.text)
        elif isinstance(block, SceneBreak) and parts and parts[-1] != SCENE_BREAK:
            parts.append(SCENE_BREAK)
    return "\n\n".join(parts)


def _cut(blocks: list[Block], level: int | None, epub: EpubMap | None) -> list[_Piece]:
    pieces = [_Piece()]
    file_matter = False
    for block in blocks:
        current = pieces[-1]
        if isinstance(block, FileStart):
            if epub is None or not epub.opens_chapter(block.name):
                continue
            file_matter = block.name in epub.matter
            pieces.append(_Piece(title=epub.titles.get(block.name), matter=file_matter))
        elif isinstance(block, Heading) and level is not None and block.level <= level:
            if current.body or current.headed:
                pieces.append(_Piece(matter=file_matter))
                current = pieces[-1]
            current.title, current.headed, current.level = block.text, True, block.level
        elif isinstance(block, Heading):
            if current.body:
                current.body.append(SceneBreak())
        elif isinstance(block, Paragraph | SceneBreak):
            current.body.append(block)
    for piece in pieces:
        if piece.title is not None and not piece.headed:
            _drop_repeated_title(piece)
    return pieces


def _drop_repeated_title(piece: _Piece) -> None:
    """A contents entry titled the file, and its first lines repeat that title as plain text."""
    assert piece.title is not None
    title = _folded(piece.title)
    for _ in range(2):
        first = next((b for b in piece.body if isinstance(b, Paragraph)), None)
        if first is None or not _folded(first.text) or _folded(first.text) not in title:
            return
        piece.body.remove(first)


def _keep_story(pieces: list[_Piece], level: int | None, document_title: str | None) -> Outline:
    chapters: list[Section] = []
    dropped: list[str] = []
    sizes = sorted(p.words() for p in pieces if p.words())
    typical = sizes[len(sizes) // 2] if sizes else 0
    for piece in pieces:
        words = piece.words()
        kind = classify_title(piece.title) if piece.title else None
        short = words < _SUBSTANTIAL_WORDS
        part = kind == "part" or (piece.level is not None and level is not None
                                  and piece.level < level)
        front = not chapters
        if words == 0 and not piece.matter and kind != "matter":
            continue
        if (piece.matter or kind == "matter"
                or (part and short)
                or (piece.title is None and short)
                or (front and kind is None and (
                    words < _TITLE_PAGE_WORDS and typical >= _SUBSTANTIAL_WORDS
                    or short and _same(piece.title, document_title)))
                or (front and short and _mostly_listed(piece))):
            dropped.append(piece.title or "untitled page")
            continue
        chapters.append(Section(piece.title, _render(piece.body)))
    return Outline(chapters, dropped)


def _render(body: list[Paragraph | SceneBreak]) -> str:
    """Paragraphs separated by blank lines; inner scene breaks as `* * *`, none at the edges."""
    parts: list[str] = []
    for block in body:
        if isinstance(block, Paragraph):
            parts.append(block.text)
        elif parts and parts[-1] != SCENE_BREAK:
            parts.append(SCENE_BREAK)
    while parts and parts[-1] == SCENE_BREAK:
        parts.pop()
    return "\n\n".join(parts)


def _mostly_listed(piece: _Piece) -> bool:
    """A page that is mostly a list: a table of contents without a heading saying so."""
    paragraphs = [b for b in piece.body if isinstance(b, Paragraph)]
    return bool(paragraphs) and 5 * sum(p.listed for p in paragraphs) >= 4 * len(paragraphs)


def _same(title: str | None, other: str | None) -> bool:
    return title is not None and other is not None and _folded(title) == _folded(other)


def _folded(text: str) -> str:
    return " ".join("".join(c for c in text.casefold() if c.isalnum() or c.isspace()).split())
