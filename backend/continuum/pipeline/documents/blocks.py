"""pandoc's syntax tree flattened into what a novel is made of: headings, paragraphs, scene breaks.

Italics become `_underscores_` (the Gutenberg convention the extractor already reads as
emphasis); scene breaks, rules and ornament lines become `* * *`; notes, images and raw
markup are dropped; an EPUB's file boundaries are kept as markers for its table of contents.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from continuum.pipeline.segment.scenes import is_scene_marker


@dataclass(frozen=True)
class Heading:
    """A heading and its level (1 is the outermost)."""

    level: int
    text: str


@dataclass(frozen=True)
class Paragraph:
    """One paragraph of plain text; `listed` when it is a list item (a contents page is one)."""

    text: str
    listed: bool = False


@dataclass(frozen=True)
class SceneBreak:
    """A break between scenes inside a chapter."""


@dataclass(frozen=True)
class FileStart:
    """Where one file of an EPUB's spine begins (its name, as pandoc marks it)."""

    name: str


Block = Heading | Paragraph | SceneBreak | FileStart

_SKIPPED_DIVS = {"title-block-header", "pg-header", "pg-footer"}
_SKIPPED_CLASSES = {"pg-boilerplate", "pgheader", "pgfooter"}
_FILE_SUFFIXES = (".xhtml", ".html", ".htm", ".xml")
_QUOTES = {"DoubleQuote": ("\u201c", "\u201d"), "SingleQuote": ("\u2018", "\u2019")}


def flatten(tree: dict[str, Any]) -> list[Block]:
    """The document's blocks in reading order."""
    out: list[Block] = []
    _blocks(tree.get("blocks", []), out, listed=False)
    return out


def document_title(tree: dict[str, Any]) -> str | None:
    """The title in the document's metadata (Word's Title style, an EPUB's dc:title)."""
    title = tree.get("meta", {}).get("title")
    if not isinstance(title, dict):
        return None
    content = title.get("c", [])
    text = _inlines(content) if title.get("t") == "MetaInlines" else ""
    return " ".join(text.split()) or None


def _blocks(blocks: list[Any], out: list[Block], *, listed: bool) -> None:
    for block in blocks:
        _block(block, out, listed=listed)


def _block(block: dict[str, Any], out: list[Block], *, listed: bool) -> None:
    kind, content = block.get("t"), block.get("c", [])
    if kind in ("Para", "Plain"):
        marker = _file_marker(content)
        if marker is not None:
            out.append(FileStart(marker))
        else:
            _paragraph(_inlines(content), out, listed=listed)
    elif kind == "Header":
        text = _heading_text(_inlines(content[2]))
        if text:
            out.append(Heading(int(content[0]), text))
    elif kind == "HorizontalRule":
        out.append(SceneBreak())
    elif kind == "LineBlock":
        _paragraph("\n".join(_inlines(line).strip() for line in content), out, listed=listed)
    elif kind == "CodeBlock":
        _paragraph(content[1], out, listed=listed)
    elif kind == "BlockQuote":
        _blocks(content, out, listed=listed)
    elif kind == "BulletList":
        for item in content:
            _blocks(item, out, listed=True)
    elif kind == "OrderedList":
        for item in content[1]:
            _blocks(item, out, listed=True)
    elif kind == "DefinitionList":
        for term, definitions in content:
            _paragraph(_inlines(term), out, listed=listed)
            for definition in definitions:
                _blocks(definition, out, listed=listed)
    elif kind == "Div":
        identifier, classes = content[0][0], set(content[0][1])
        if identifier not in _SKIPPED_DIVS and not classes & _SKIPPED_CLASSES:
            _blocks(content[1], out, listed=listed)
    elif kind == "Figure":
        _blocks(content[2], out, listed=listed)
    elif kind == "Table":
        _nested_paragraphs(content, out)
    # RawBlock (markup for another format) and anything unknown carry no prose.


def _heading_text(text: str) -> str:
    """A heading on one line; "Chapter One<br>The Harbour" reads "Chapter One: The Harbour"."""
    lines = [" ".join(line.split()) for line in text.split("\n")]
    joined = ""
    for line in filter(None, lines):
        joined = line if not joined else (
            f"{joined} {line}" if joined[-1] in ".:;,!?\u2013\u2014-" else f"{joined}: {line}")
    return joined


def _paragraph(text: str, out: list[Block], *, listed: bool) -> None:
    text = "\n".join(" ".join(line.split()) for line in text.strip().split("\n")).strip()
    if not text:
        return
    if is_scene_marker(text):
        out.append(SceneBreak())
    else:
        out.append(Paragraph(text, listed))


def _nested_paragraphs(node: Any, out: list[Block]) -> None:
    """Every paragraph anywhere inside a table's cells."""
    if isinstance(node, dict):
        if node.get("t") in ("Para", "Plain"):
            _paragraph(_inlines(node["c"]), out, listed=False)
            return
        node = node.get("c")
    if isinstance(node, list):
        for child in node:
            _nested_paragraphs(child, out)


def _file_marker(inlines: list[Any]) -> str | None:
    """The file name of an EPUB spine marker: a paragraph holding one empty span with that id."""
    if len(inlines) != 1 or inlines[0].get("t") != "Span":
        return None
    (identifier, _classes, _attrs), children = inlines[0]["c"]
    if children or not identifier.lower().endswith(_FILE_SUFFIXES):
        return None
    return str(identifier)


def _inlines(inlines: list[Any]) -> str:
    return "".join(_inline(node) for node in inlines)


def _inline(node: dict[str, Any]) -> str:
    kind, content = node.get("t"), node.get("c", [])
    if kind == "Str":
        return str(content)
    if kind in ("Space", "SoftBreak"):
        return " "
    if kind == "LineBreak":
        return "\n"
    if kind == "Emph":
        return _emphasis(_inlines(content))
    if kind in ("Strong", "Underline", "Strikeout", "Superscript", "Subscript", "SmallCaps"):
        return _inlines(content)
    if kind == "Quoted":
        opening, closing = _QUOTES.get(content[0]["t"], ('"', '"'))
        return f"{opening}{_inlines(content[1])}{closing}"
    if kind in ("Span", "Cite"):
        return _inlines(content[1])
    if kind == "Link":
        return _inlines(content[1])
    if kind in ("Code", "Math"):
        return str(content[1])
    return ""  # Image, Note, RawInline: no prose of the story


def _emphasis(text: str) -> str:
    """Italics as `_text_`, with surrounding spaces kept outside the marks."""
    inner = text.strip()
    if not inner:
        return text
    lead = text[: len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()):]
    return f"{lead}_{inner}_{trail}"
