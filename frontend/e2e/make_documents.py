"""Test-only: write the Word file and the EPUB the browser test drops on the Process page.

They are the backend tests' own hand-made files (backend/tests/documents_kit.py): a .docx
with heading styles, a copyright page and acknowledgements, and an EPUB 3 with a cover, title,
copyright, dedication and contents pages before its chapters.

Usage: python make_documents.py OUT_DIR. Prints one JSON line: {"docx": path, "epub": path}.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "backend"))

from tests.documents_kit import front_matter_epub, hand_made_docx  # noqa: E402


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    docx, epub = out / "lighthouse.docx", out / "harbour.epub"
    hand_made_docx(docx)
    front_matter_epub(epub)
    print(json.dumps({"docx": str(docx), "epub": str(epub)}))


if __name__ == "__main__":
    main()
