"""An EPUB's own map of itself: which spine files its table of contents opens, by what title, and
which files are front or back matter (landmarks, the EPUB 2 guide, `epub:type`, `linear="no"`)."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from urllib.parse import unquote
from xml.etree.ElementTree import Element

from defusedxml import ElementTree
from defusedxml.common import DefusedXmlException

from continuum.errors import UnreadableDocument

_OPS = "{http://www.idpf.org/2007/ops}type"
# Semantics (EPUB 3 structural vocabulary, EPUB 2 guide types) of pages that are not the story.
_MATTER_TYPES = frozenset({
    "cover", "titlepage", "title-page", "halftitlepage", "copyright-page", "copyright", "toc",
    "loi", "lot", "dedication", "epigraph", "acknowledgments", "acknowledgements", "colophon",
    "imprint", "imprimatur", "contributors", "other-credits", "errata", "index", "glossary",
    "bibliography", "landmarks", "frontmatter", "backmatter", "seriespage", "adcard",
    "notice", "afterword", "foreword", "preface", "appendix", "endnotes", "footnotes",
})
_STORY_TYPES = frozenset({"bodymatter", "chapter", "prologue", "epilogue", "part", "text",
                          "volume", "division", "conclusion", "introduction"})
_TYPE_ATTRIBUTE = re.compile(
    rb"""<(?:body|section|div)\b[^>]*\bepub:type\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
_STORY_GUIDE = frozenset({"text", "start", "bodymatter"})
_TAG = re.compile(rb"<[^>]*>")
# Fewer words than this before a contents anchor: the anchor opens the file.
_TOP_WORDS = 30


@dataclass
class EpubMap:
    """What the package says about its spine files, keyed by file name (as pandoc marks them)."""

    titles: dict[str, str] = field(default_factory=dict)
    matter: set[str] = field(default_factory=set)
    has_toc: bool = False

    def opens_chapter(self, name: str) -> bool:
        """Whether a spine file starts a new section: the contents open it, or it is matter."""
        return not self.has_toc or name in self.titles or name in self.matter


def read_map(entries: dict[str, bytes], *, name: str) -> EpubMap:
    """Spine, table of contents and matter of an unpacked EPUB."""
    opf_path = _rootfile(entries, name)
    package = _parse(entries.get(opf_path), name, opf_path)
    base = posixpath.dirname(opf_path)
    manifest: dict[str, Element] = {}
    for item in package.iter():
        if _local(item.tag) == "item" and item.get("id"):
            manifest[item.get("id", "")] = item
    found = EpubMap()
    spine = None
    for element in package.iter():
        if _local(element.tag) == "spine":
            spine = element
        elif _local(element.tag) == "reference":
            kind = (element.get("type") or "").lower()
            if kind in _MATTER_TYPES and kind not in _STORY_GUIDE:
                found.matter.add(_file_of(element.get("href", "")))
    if spine is None:
        raise UnreadableDocument(f"{name} has no reading order (its package has no spine); "
                                 "export the EPUB again")
    for itemref in spine:
        listed = manifest.get(itemref.get("idref", ""))
        if listed is None:
            continue
        path = _join(base, listed.get("href", ""))
        if itemref.get("linear") == "no" or _types_say_matter(entries.get(path, b"")):
            found.matter.add(_file_of(path))
    nav = next((i for i in manifest.values() if "nav" in (i.get("properties") or "").split()), None)
    ncx = manifest.get(spine.get("toc", "")) or next(
        (i for i in manifest.values() if i.get("media-type") == "application/x-dtbncx+xml"), None)
    if nav is not None:
        _read_nav(entries, _join(base, nav.get("href", "")), found)
    if not found.titles and ncx is not None:
        _read_ncx(entries, _join(base, ncx.get("href", "")), found)
    found.has_toc = bool(found.titles)
    return found


def _rootfile(entries: dict[str, bytes], name: str) -> str:
    container = _parse(entries.get("META-INF/container.xml"), name, "META-INF/container.xml")
    for element in container.iter():
        if _local(element.tag) == "rootfile" and element.get("full-path"):
            return element.get("full-path", "")
    raise UnreadableDocument(f"{name} names no package document in META-INF/container.xml; "
                             "export the EPUB again")


def _read_nav(entries: dict[str, bytes], path: str, found: EpubMap) -> None:
    """Titles of the `toc` nav and matter pages of the `landmarks` nav (EPUB 3)."""
    try:
        root = _parse(entries.get(path), "", path)
    except UnreadableDocument:
        return
    base = posixpath.dirname(path)
    for nav in root.iter():
        if _local(nav.tag) != "nav":
            continue
        kinds = set((nav.get(_OPS) or "").split())
        for link in nav.iter():
            if _local(link.tag) != "a" or not link.get("href"):
                continue
            target = _join(base, link.get("href", ""))
            if "toc" in kinds:
                _add_title(found, entries, _join(base, link.get("href", ""), keep_fragment=True),
                           " ".join("".join(link.itertext()).split()))
            elif "landmarks" in kinds and _matter_types(link.get(_OPS) or ""):
                found.matter.add(_file_of(target))


def _read_ncx(entries: dict[str, bytes], path: str, found: EpubMap) -> None:
    """Titles of the NCX navigation map (EPUB 2)."""
    try:
        root = _parse(entries.get(path), "", path)
    except UnreadableDocument:
        return
    base = posixpath.dirname(path)
    for point in root.iter():
        if _local(point.tag) != "navPoint":
            continue
        label = next((e for e in point if _local(e.tag) == "navLabel"), None)
        content = next((e for e in point if _local(e.tag) == "content"), None)
        if label is not None and content is not None and content.get("src"):
            _add_title(found, entries, _join(base, content.get("src", ""), keep_fragment=True),
                       " ".join("".join(label.itertext()).split()))


def _add_title(found: EpubMap, entries: dict[str, bytes], target: str, title: str) -> None:
    """The first contents entry that opens a file (no fragment, or one at its top) titles it."""
    path, _, fragment = target.partition("#")
    file = _file_of(path)
    if title and file not in found.titles and _at_top(entries.get(path, b""), fragment):
        found.titles[file] = title


def _at_top(xhtml: bytes, fragment: str) -> bool:
    """Whether an anchor sits before any of the file's prose (a chapter opens the file there)."""
    if not fragment:
        return True
    anchor = re.search(rb"""\bid\s*=\s*["']""" + re.escape(unquote(fragment).encode()) + rb"""["']""",
                       xhtml)
    if anchor is None:
        return False
    body = xhtml.lower().find(b"<body")
    before = _TAG.sub(b" ", xhtml[max(body, 0) : anchor.start()])
    return len(before.split()) < _TOP_WORDS


def _types_say_matter(xhtml: bytes) -> bool:
    """Whether the file's body or first section is typed as front or back matter."""
    match = _TYPE_ATTRIBUTE.search(xhtml[:20_000])
    return match is not None and _matter_types(match.group(1).decode("utf-8", "replace"))


def _matter_types(value: str) -> bool:
    kinds = set(value.lower().split())
    return bool(kinds & _MATTER_TYPES) and not kinds & _STORY_TYPES


def _parse(data: bytes | None, name: str, path: str) -> Element:
    if data is None:
        raise UnreadableDocument(f"{name} is missing {path}; export the EPUB again")
    try:
        root: Element = ElementTree.fromstring(data)
    except (ElementTree.ParseError, DefusedXmlException, ValueError) as exc:
        raise UnreadableDocument(f"{name} has a broken {path} ({exc}); export the EPUB again") from exc
    return root


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _join(base: str, href: str, *, keep_fragment: bool = False) -> str:
    """A path inside the archive from one relative to `base` (`#fragment` kept on request)."""
    path, _, fragment = href.partition("#")
    joined = posixpath.normpath(posixpath.join(base, unquote(path)))
    return f"{joined}#{fragment}" if keep_fragment and fragment else joined


def _file_of(path: str) -> str:
    """A spine file's name as pandoc's EPUB reader marks it: the last part of its path."""
    return posixpath.basename(path.split("#", 1)[0])
