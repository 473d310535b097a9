"""Real documents made at test time: shared novels written out by pandoc as .docx, .odt, .epub,
.rtf, .html and .md, a hand-made Word file with heading styles, an EPUB with front matter,
and every kind of bad file an author might upload."""

from __future__ import annotations

import io
import re
import struct
import subprocess
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from continuum.pipeline.documents.pandoc import pandoc_binary
from continuum.pipeline.segment.books import content_bounds, split_book
from continuum.pipeline.segment.headings import find_headings
from continuum.pipeline.segment.scenes import is_scene_marker

FORMATS = ("docx", "odt", "epub", "rtf", "html", "md")
# The two test books: title, author, chapters under part headings, EPUB version.
BOOKS = {
    "alice_in_wonderland": ("Alice's Adventures in Wonderland", "Lewis Carroll", False, "epub3"),
    "treasure_island": ("Treasure Island", "Robert Louis Stevenson", True, "epub2"),
}
_WRITERS = {"docx": "docx", "odt": "odt", "rtf": "rtf", "html": "html", "md": "markdown"}
_ITALIC = re.compile(r"_([^_\n]+?)_")


@dataclass(frozen=True)
class Reference:
    """A shared novel as the text splitter reads it: the truth a document must reproduce."""

    title: str
    author: str
    chapters: list[tuple[str | None, str]]


def reference(text: str, title: str, author: str) -> Reference:
    """The chapters of a plain-text book (title, body), as `split_book` cuts them."""
    return Reference(title, author, [(c.title, c.text) for c in split_book(text)])


def book_tree(text: str, ref: Reference, *, parts: bool) -> dict[str, Any]:
    """A pandoc AST of the book: title, contents and copyright pages, chapters under real
    headings (under part headings when `parts`), italics as emphasis, an "also by" page."""
    lo, hi = content_bounds(text)
    part_at = {}
    if parts:
        chapter_starts = [c.start for c in split_book(text)]
        for heading in find_headings(text, lo, hi):
            if heading.kind == "part":
                index = next(i for i, s in enumerate(chapter_starts) if s > heading.start)
                part_at[index] = f"Part {heading.number} \u2014 {heading.title}"
    level = 2 if parts else 1
    blocks: list[Any] = [
        _header(1, "Contents"),
        {"t": "BulletList", "c": [[_plain(t or f"Chapter {i}")] for i, (t, _) in
                                  enumerate(ref.chapters, 1)]},
        _header(1, "Copyright"),
        _para(f"Copyright \u00a9 2026 by {ref.author}. All rights reserved. No part of this "
              "book may be reproduced without permission."),
    ]
    for index, (title, body) in enumerate(ref.chapters):
        if index in part_at:
            blocks.append(_header(1, part_at[index]))
        blocks.append(_header(level, title or f"Chapter {index + 1}"))
        for paragraph in re.split(r"\n\s*\n", body):
            if is_scene_marker(paragraph.strip()):
                blocks.append({"t": "HorizontalRule"})
            elif paragraph.strip():
                blocks.append(_para(" ".join(paragraph.split())))
    blocks += [_header(1, f"Also by {ref.author}"), _para("A Second Book"),
               _para("A Third Book")]
    meta = {"title": {"t": "MetaInlines", "c": _inlines(ref.title)},
            "author": {"t": "MetaList", "c": [{"t": "MetaInlines", "c": _inlines(ref.author)}]}}
    return {"pandoc-api-version": [1, 23, 1, 1], "meta": meta, "blocks": blocks}


def write_formats(tree: dict[str, Any], folder: Path, stem: str, *, epub: str = "epub3",
                  formats: tuple[str, ...] = FORMATS) -> dict[str, Path]:
    """The book written by pandoc in each format, as files in `folder`."""
    import json

    source = folder / f"{stem}.json"
    source.write_text(json.dumps(tree), encoding="utf-8")
    written = {}
    for fmt in formats:
        path = folder / f"{stem}.{fmt}"
        writer = epub if fmt == "epub" else _WRITERS[fmt]
        subprocess.run([pandoc_binary(), "--from", "json", "--to", writer, "--standalone",
                        "--output", str(path), str(source)], check=True, timeout=120)
        written[fmt] = path
    return written


def hand_made_docx(path: Path) -> None:
    """A Word file as an author keeps it: Title style, a copyright page, 'Heading 1' chapters
    with titles only, a 'Heading 2' scene title, italics runs, a centred '* * *' break."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_BREAK

    document = docx.Document()
    document.add_paragraph("The Lighthouse Keeper", style="Title")
    document.add_paragraph("Mara Quill")
    document.add_paragraph("Copyright \u00a9 2026 Mara Quill. All rights reserved.")
    document.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    chapters = [
        ("The Letter", ["Ellen found the letter under the door on the first cold morning of "
                        "October, and she knew the hand at once.",
                        "It was her brother's, and he had been dead for nine years."]),
        ("The Crossing", ["The ferry left at noon. Ellen stood at the rail and watched the "
                          "harbour fall away behind the gulls.",
                          "Nobody on the island would speak of the keeper."]),
        ("The Light", ["At night the lamp turned over the water as it always had.",
                       "Ellen climbed the tower with the letter in her coat."]),
    ]
    for number, (title, paragraphs) in enumerate(chapters, 1):
        document.add_heading(title, level=1)
        first = document.add_paragraph("She read the words ")
        first.add_run("Come home").italic = True
        first.add_run(" twice before she believed them.")
        for text in paragraphs:
            document.add_paragraph(text)
        if number == 2:
            document.add_paragraph("* * *").alignment = WD_ALIGN_PARAGRAPH.CENTER
            document.add_paragraph("By evening the fog had come in over the island.")
        if number == 3:
            document.add_heading("Morning", level=2)
            document.add_paragraph("The keeper was waiting at the top of the stairs.")
        document.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    document.add_heading("Acknowledgements", level=1)
    document.add_paragraph("Thanks to everyone who read the early drafts.")
    document.save(str(path))


HAND_MADE_TITLES = ["The Letter", "The Crossing", "The Light"]

_CHAPTERS = [
    ("Chapter One", "The Harbour", "Nell came down to the harbour before dawn, when the boats "
     "were still dark shapes on the water and the gulls had not yet begun to cry. "),
    ("Chapter Two", "The Storm", "The storm came in from the west on the third night and "
     "shook the shutters of every house along the quay. "),
    ("Chapter Three", "The Return", "When the weather broke, her father's boat was the first "
     "to come round the point, and the whole village went down to meet it. "),
]


def front_matter_epub(path: Path) -> None:
    """An EPUB 3 as shops sell them: cover, title page, copyright, dedication and a contents
    page in the spine, chapters whose titles are in the contents, an "also by" page at the end."""
    files: dict[str, str] = {
        "cover.xhtml": _xhtml("Cover", '<body epub:type="cover"><p>[cover image]</p></body>'),
        "title.xhtml": _xhtml("Title", '<body epub:type="frontmatter titlepage">'
                              "<h1>The Harbour Light</h1><p>Ann Tide</p></body>"),
        "copyright.xhtml": _xhtml("Copyright", '<body epub:type="frontmatter copyright-page">'
                                  "<p>Copyright \u00a9 2026 Ann Tide.</p><p>All rights reserved. "
                                  "Published by Gull Press.</p></body>"),
        "dedication.xhtml": _xhtml("Dedication", "<body><p><i>For my mother, who kept the "
                                   "light.</i></p></body>"),
        "toc.xhtml": _xhtml("Contents", "<body><h2>Contents</h2><p><a href='ch1.xhtml'>Chapter "
                            "One</a></p><p><a href='ch2.xhtml'>Chapter Two</a></p>"
                            "<p><a href='ch3.xhtml'>Chapter Three</a></p></body>"),
        "alsoby.xhtml": _xhtml("Also by", "<body><h2>Also by Ann Tide</h2><p><i>The Salt "
                               "Road</i></p></body>"),
    }
    for number, (label, title, sentence) in enumerate(_CHAPTERS, 1):
        body = "".join(f"<p>{sentence}She said <i>nothing</i> to anyone. {i}</p>"
                       for i in range(12))
        files[f"ch{number}.xhtml"] = _xhtml(
            title, f'<body epub:type="bodymatter"><section epub:type="chapter">'
                   f'<h1 class="chapter">{label}<br/>{title}</h1>{body}<hr/>'
                   f"<p>The lamp burned on.</p></section></body>")
    spine = ["cover", "title", "copyright", "dedication", "toc", "ch1", "ch2", "ch3", "alsoby"]
    nav_links = "".join(f'<li><a href="ch{n}.xhtml">{label}: {title}</a></li>'
                        for n, (label, title, _) in enumerate(_CHAPTERS, 1))
    files["nav.xhtml"] = _xhtml("Navigation", f'<body><nav epub:type="toc"><ol>'
                                f'<li><a href="copyright.xhtml">Copyright</a></li>{nav_links}'
                                f'<li><a href="alsoby.xhtml">Also by Ann Tide</a></li></ol></nav>'
                                '<nav epub:type="landmarks"><ol><li><a epub:type="toc" '
                                'href="toc.xhtml">Contents</a></li></ol></nav></body>')
    manifest = "".join(f'<item id="{s}" href="{s}.xhtml" media-type="application/xhtml+xml"/>'
                       for s in spine)
    opf = ('<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" '
           'version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements'
           '/1.1/"><dc:identifier id="id">urn:test:harbour</dc:identifier><dc:title>The Harbour '
           "Light</dc:title><dc:language>en</dc:language></metadata><manifest>"
           f'{manifest}<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" '
           'properties="nav"/></manifest><spine>'
           + "".join(f'<itemref idref="{s}"/>' for s in spine) + "</spine></package>")
    write_epub(path, {"OEBPS/content.opf": opf,
                       **{f"OEBPS/{name}": text for name, text in files.items()}})


FRONT_MATTER_TITLES = [f"{label}: {title}" for label, title, _ in _CHAPTERS]


def _xhtml(title: str, body: str) -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" '
            f'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>{title}</title></head>'
            f"{body}</html>")


def write_epub(path: Path, files: dict[str, str | bytes], *, extra: dict[str, bytes] | None = None
                ) -> None:
    container = ('<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:'
                 'opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" '
                 'media-type="application/oebps-package+xml"/></rootfiles></container>')
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        archive.writestr("META-INF/container.xml", container, zipfile.ZIP_DEFLATED)
        for name, data in {**files, **(extra or {})}.items():
            archive.writestr(name, data, zipfile.ZIP_DEFLATED)


# Bad files -------------------------------------------------------------------------------


def truncated(good: Path, path: Path) -> Path:
    """The first half of a good archive, as an interrupted download leaves it."""
    data = good.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def corrupted(good: Path, path: Path) -> Path:
    """A good archive whose compressed chapter text has been overwritten in the middle."""
    data = bytearray(good.read_bytes())
    with zipfile.ZipFile(good) as archive:
        info = max(archive.infolist(), key=lambda i: i.compress_size)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for offset in range(start + 16, start + min(info.compress_size, 4000) - 16):
        data[offset] ^= 0x5A
    path.write_bytes(bytes(data))
    return path


def drm_epub(path: Path) -> Path:
    """An EPUB whose chapters are AES-encrypted, with the encryption.xml that says so."""
    encryption = ('<?xml version="1.0"?><encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:'
                  'container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData>'
                  '<enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>'
                  '<enc:CipherData><enc:CipherReference URI="OEBPS/ch1.xhtml"/></enc:CipherData>'
                  "</enc:EncryptedData></encryption>")
    opf = ('<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">'
           '<metadata/><manifest><item id="ch1" href="ch1.xhtml" media-type="application/xhtml+'
           'xml"/></manifest><spine><itemref idref="ch1"/></spine></package>')
    write_epub(path, {"OEBPS/content.opf": opf, "OEBPS/ch1.xhtml": bytes(range(256)) * 40},
                extra={"META-INF/encryption.xml": encryption.encode()})
    return path


def encrypted_odt(path: Path) -> Path:
    """An OpenDocument text saved with a password (its manifest carries encryption data)."""
    manifest = ('<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:'
                'opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path='
                '"content.xml" manifest:media-type="text/xml"><manifest:encryption-data '
                'manifest:checksum-type="SHA1/1K" manifest:checksum="x"><manifest:algorithm '
                'manifest:algorithm-name="Blowfish CFB" manifest:initialisation-vector="x"/>'
                "</manifest:encryption-data></manifest:file-entry></manifest:manifest>")
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        archive.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
        archive.writestr("content.xml", bytes(range(256)) * 20, zipfile.ZIP_DEFLATED)
    return path


def encrypted_docx(path: Path) -> Path:
    """A password-protected Word file: an OLE compound file holding EncryptionInfo and
    EncryptedPackage streams, as Word writes it (header, one FAT sector, one directory sector)."""
    sector = 512

    def entry(name: str, kind: int, start: int, size: int, child: int = -1) -> bytes:
        encoded = (name + "\0").encode("utf-16-le")
        return (encoded.ljust(64, b"\0") + struct.pack("<HBB", len(encoded), kind, 1)
                + struct.pack("<iii", -1, -1, child) + b"\0" * 16 + b"\0" * 4 + b"\0" * 16
                + struct.pack("<iI", start, size) + b"\0" * 4)

    header = (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 16 + struct.pack("<HHH", 0x3E, 3, 0xFFFE)
              + struct.pack("<H", 9) + struct.pack("<H", 6) + b"\0" * 6
              + struct.pack("<IIIIIIII", 0, 1, 1, 0, 0x1000, 0xFFFFFFFE, 0, 0xFFFFFFFE)
              + struct.pack("<I", 0) + struct.pack("<I", 0xFFFFFFFF) * 108)
    fat = struct.pack("<iii", -3, -2, -2).ljust(sector, b"\xff")
    directory = (entry("Root Entry", 5, -2, 0, child=1) + entry("EncryptionInfo", 2, 2, 64)
                 + entry("EncryptedPackage", 2, 2, 4096) + b"\0" * 128)
    path.write_bytes(header[:sector].ljust(sector, b"\0") + fat + directory
                     + zlib.compress(b"secret") .ljust(sector, b"\0"))
    return path


def zip_bomb(path: Path, unpacked: int) -> Path:
    """A .docx of a few hundred kilobytes whose document.xml unpacks to `unpacked` bytes."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        with archive.open("word/document.xml", "w", force_zip64=True) as stream:
            block = b"\0" * (1 << 20)
            for _ in range(unpacked // len(block) + 1):
                stream.write(block)
    return path


def blank_docx(path: Path) -> Path:
    """A valid Word file with nothing but empty paragraphs."""
    import docx

    document = docx.Document()
    for _ in range(3):
        document.add_paragraph("")
    document.save(str(path))
    return path


def image_only_docx(path: Path) -> Path:
    """A valid Word file that holds one picture and no words."""
    import docx

    png = (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
           + _png_chunk(b"IDAT", zlib.compress(b"\0\0")) + _png_chunk(b"IEND", b""))
    document = docx.Document()
    document.add_picture(io.BytesIO(png))
    document.save(str(path))
    return path


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _header(level: int, text: str) -> dict[str, Any]:
    return {"t": "Header", "c": [level, ["", [], []], _inlines(text)]}


def _para(text: str) -> dict[str, Any]:
    return {"t": "Para", "c": _inlines(text)}


def _plain(text: str) -> dict[str, Any]:
    return {"t": "Plain", "c": _inlines(text)}


def _inlines(text: str) -> list[dict[str, Any]]:
    """Words and spaces, with Gutenberg's `_italics_` as pandoc emphasis."""
    out: list[dict[str, Any]] = []
    position = 0
    for match in _ITALIC.finditer(text):
        out += _words(text[position:match.start()])
        out.append({"t": "Emph", "c": _words(match.group(1))})
        position = match.end()
    return out + _words(text[position:])


def _words(text: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for piece in re.split(r"(\s+)", text):
        if not piece:
            continue
        out.append({"t": "Space"} if piece.isspace() else {"t": "Str", "c": piece})
    return out
