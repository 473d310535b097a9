"""Documents an author keeps (.docx, .odt, .rtf, .epub, .md, .html, .txt) read into chapters."""

from continuum.pipeline.documents.formats import SUPPORTED, DocumentFormat, detect_format
from continuum.pipeline.documents.intake import Limits, Manuscript, read_document
from continuum.pipeline.documents.outline import Section

__all__ = [
    "SUPPORTED",
    "DocumentFormat",
    "Limits",
    "Manuscript",
    "Section",
    "detect_format",
    "read_document",
]
