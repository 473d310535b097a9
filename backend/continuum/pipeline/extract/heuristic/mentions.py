"""Candidate name mentions: capitalised runs with honorifics and particles, merged with NER.

A run is a sequence of capitalised tokens, optionally led by honorifics ("Lady", "Mr.")
and joined by name particles ("de", "van"), hyphens ("Buda-Pesth") or "of" after a
title ("Duke of York"). Sentence-initial words are kept only when the text itself treats
them as names (capitalised where capitals are not forced, never lowercase), so openers
such as "Oh" or "Well" drop out without a book-specific list. Words on ALL-CAPS heading
lines are skipped.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from typing import Any

from rapidfuzz import fuzz
from spacy.lang.en.stop_words import STOP_WORDS

from continuum.language import names
from continuum.language.lexicon import words as words  # the heuristic's lexicons use it
from continuum.language.names import ABSTRACTIONS, NOT_NAMES, TITLE_GENDERS
from continuum.language.pronouns import OBJECT_PRONOUNS, PERSON_RELATIVES
from continuum.language.speech import SPEECH_VERBS as SPEECH_VERBS  # passes/certainty reads it here
from continuum.pipeline.extract.heuristic.nlp import doc_text

# Titles (and a few place words) that take "of" inside a name: "Duke of York", "Isle of Man".
OF_TITLES = words(
    """duke duchess earl count countess prince princess king queen lord lady bishop archbishop
    marquis marquess baron baroness viscount emperor empress dean mayor governor isle city
    bank university republic kingdom cape gulf bay lake mount tower house church order
    college society court prior abbot"""
)
# Particles inside a name: the surname particles and the "St." of "Mr. St. John".
PARTICLES = names.PARTICLES | {"st."}
LOCATION_HEADS = words(
    """park hall street square lane road house lodge castle abbey manor court place inn church
    cathedral chapel bridge river lake mountain mountains hill hills island islands isle bay
    sea ocean forest wood woods valley vale town city county shire gate tower palace farm
    cottage grange heights green common field fields row terrace gardens garden avenue alley
    harbour harbor port point cape station hotel tavern mill school college university
    hospital prison gaol moor marsh marshes downs fell glen creek canyon desert plain plains
    falls springs well wharf quay dock docks market cross priory rectory parsonage vicarage
    mews crescent fort ferry pass gap head ness mount kingdom empire republic province state
    states coast shore drive corner sound strait channel library museum theatre theater
    exchange hollow gables end wells barracks mines streets squares lanes roads observatory
    hut huts peak peaks summit ridge cabin camp refuge lighthouse pier quarry mine factory
    mill barn cliff cliffs crag tor cove beach heath ford spring arms rest close bank"""
)
LOCATION_PREFIXES = words("lake mount mt fort cape port isle loch glen river")
DEITIES = frozenset({"God", "Christ", "Jesus", "Jehovah", "Allah", "Almighty", "Maker"})
DASHES = frozenset({"-", "--", "\u2014", "\u2013"})  # a dash as the tokenizer leaves it
FUNCTION_WORDS = words(
    """the a an and but or nor for so yet if then than that this these those there here when
    where while whilst what which who whom whose why how as at by in into of on onto to from
    with without upon after before since until till though although because unless whether
    all any both each every few many most much no not none some such only even just also
    it its it's he she they we you i me him her them us my mine his hers their our your
    is was were be been am are do does did have has had will would shall should can could
    may might must let now still again once perhaps indeed however besides"""
)
# Openers, interjections, calendar words, headings and forms of address: never names alone.
_EXCLAIM_BEFORE = words("my thank by oh o good great for ye")
_ADVERBIAL = words("advmod npadvmod intj amod advcl prep aux mark")
_NOT_NAME_POS = words("VERB ADJ ADV INTJ AUX PRON")
NAME_LABELS = frozenset({"PERSON", "GPE", "LOC", "FAC", "ORG", "NORP"})
PLACE_LABELS = frozenset({"GPE", "LOC", "FAC"})
_ROMAN = re.compile(r"^[IVXLCDM]+\.?$")
_CAP_WORD = re.compile(r"^[A-Z][\w'\u2019.-]*$")
_LOWER_WORD = re.compile(r"\b[a-z][a-z'\u2019-]*\b")
_HEADING_LINE = re.compile(r"^[^a-z\n]*[A-Z]{2}[^a-z\n]*$", re.MULTILINE)
# How like a known name word a sentence's first word must be to be read as it, misspelt.
SPELT_OTHERWISE = 75.0
_OPEN_PUNCT = frozenset("\"'“‘«(—–-:;_[")
POSSESSIVE = frozenset({"'s", "\u2019s"})
# A verb glued to a name as one token ("Silver'll", "Hawkins've"): the name ends before it.
CONTRACTIONS = frozenset({"'ll", "\u2019ll", "'ve", "\u2019ve", "'re", "\u2019re"})
# A dash run glued to a name ends it: "Mr. Bones--" is Mr. Bones ("Bones--\"Sir" is one token).
_DASHED = re.compile(r"-{2,}|[\u2014\u2013]")
# The pronouns an oath or a greeting is said to: "Damn 'em", "Bless you", "Drat him"; not
# "her", which may own what follows ("gave Jane her book"), nor "it", which may be a
# sentence's subject after its complement ("and a Durham it was").
OATH_OBJECTS = (OBJECT_PRONOUNS - {"her"}) | words("you thee 'em \u2019em")


@dataclass
class NameMention:
    """One candidate name occurrence; `words` are the name words without honorifics."""

    start: int
    end: int
    text: str
    tok_start: int
    tok_end: int  # exclusive
    honorifics: tuple[str, ...]  # normalized keys, e.g. ("lady",)
    honorifics_raw: tuple[str, ...]  # as written, e.g. ("Lady",)
    words: tuple[str, ...]
    label: str | None = None  # the NER label covering the name, if one of NAME_LABELS
    initial: bool = False  # the first word is sentence- or quote-initial
    kin_title: bool = False  # the title is a lowercase kinship word: "my aunt Philips"

    @property
    def form(self) -> str:
        """The surface with single spaces: honorifics then name words."""
        return " ".join((*self.honorifics_raw, *self.words))


def norm_honorific(word: str) -> str | None:
    """The honorific key of a word ("Mrs." -> "mrs"), or None."""
    key = word.lower().rstrip(".")
    return key if key in TITLE_GENDERS else None


def is_cap(word: str) -> bool:
    """A capitalised word that could be (part of) a name: not ALL CAPS, not a numeral."""
    if not _CAP_WORD.match(word) or _ROMAN.match(word):
        return False
    if len(word) > 2 and word.isupper():
        return False
    return any(c.isalpha() for c in word)


class CaseStats:
    """How the text writes each word: lowercase anywhere, capitalised where not forced."""

    def __init__(self, doc: Any) -> None:
        # Doc.text re-joins every token and Token.is_sent_start rescans the Doc: read once.
        self.text: str = doc_text(doc)
        self.starts: set[int] = {sent.start for sent in doc.sents}
        self.lower: Counter[str] = Counter(m.group().lower() for m in _LOWER_WORD.finditer(self.text))
        self.mid_cap: Counter[str] = Counter()
        for tok in doc:
            if is_cap(tok.text) and not self.initial(doc, tok.i):
                self.mid_cap[tok.lower_] += 1
        # Words written after a title ("Mrs. Philips"): surnames, for `_kin_title`.
        self.titled: set[str] = {doc[i + 1].lower_ for i in range(len(doc) - 1)
                                 if norm_honorific(doc[i].text) and is_cap(doc[i + 1].text)}

    def initial(self, doc: Any, i: int) -> bool:
        """Whether token i starts a sentence, a quotation, a line after a stop, or a title."""
        if i in self.starts:
            return True
        j = i - 1
        while j >= 0 and (doc[j].is_space or doc[j].text in _OPEN_PUNCT):
            if doc[j].text in _OPEN_PUNCT and doc[j].text not in {"-", "–"}:
                return True
            if doc[j].is_space and doc[j].text.count("\n") >= 2:
                return True  # a paragraph opens a sentence, after a quotation too
            if "\n" in doc[j].text and j > 0 and doc[j - 1].text in {".", "!", "?"}:
                return True
            j -= 1
        if j < 0:
            return True
        prev = doc[j].text
        if prev in {".", "!", "?", "…"} or _ROMAN.match(prev) or prev.isdigit():
            return True  # also "CHAPTER I. Down the Rabbit-Hole"
        return prev.endswith(".") and len(prev) > 2 and norm_honorific(prev) is None

    def name_like(self, word: str) -> bool:
        """Whether the text capitalises this word where capitals are not forced."""
        key = word.lower()
        return self.mid_cap[key] > 0 and self.mid_cap[key] >= self.lower[key]

    def common(self, word: str) -> bool:
        """Whether the text writes this word lowercase at least as often as capitalised."""
        key = word.lower()
        return self.lower[key] > 0 and self.lower[key] >= self.mid_cap[key]


def find_name_mentions(doc: Any, known: set[str] | None = None,
                       known_names: Collection[str] = ()) -> list[NameMention]:
    """Candidate name mentions in `doc`, sorted by start; `known` holds lowercased known words,
    `known_names` the lowercased names the story knows (those of several words count: "black dog")."""
    known = known or set()
    phrases = frozenset(n for n in known_names if " " in n)
    stats = CaseStats(doc)
    in_heading = _range_test([(m.start(), m.end()) for m in _HEADING_LINE.finditer(stats.text)])
    out: list[NameMention] = []
    i, n = 0, len(doc)
    while i < n:
        if not is_cap(doc[i].text) or in_heading(doc[i].idx):
            i += 1
            continue
        run = _extend_run(doc, i, in_heading)
        i = run[-1] + 1
        mention = _make_mention(doc, run, stats, known, phrases)
        if mention is not None:
            out.append(mention)
    return _without_generations(doc, _unlisped(out, known))


def _without_generations(doc: Any, mentions: list[NameMention]) -> list[NameMention]:
    """"Mr. Pocket, Junior" (Great Expectations ch. 21, Herbert before his given name is
    said): a name with a generation set after it and a comma is the son or the father of the
    one the name alone would be, so it names neither here: the name and the suffix are no
    mentions (the son's given name, said later, names him)."""
    def suffix(m: NameMention) -> bool:
        return len(m.words) == 1 and not m.honorifics and \
            m.words[0].lower().rstrip(".") in names.GENERATION_SUFFIXES and \
            m.tok_start > 0 and doc[m.tok_start - 1].text == ","

    dropped: set[int] = set()
    for k, m in enumerate(mentions):
        if suffix(m) and k > 0 and mentions[k - 1].tok_end == m.tok_start - 1:
            dropped |= {k - 1, k}
    return [m for k, m in enumerate(mentions) if k not in dropped]


def _unlisped(mentions: list[NameMention], known: set[str]) -> list[NameMention]:
    """A lisping speaker's names as the book spells them: "Mithter Jaggerth" is Mr. Jaggers,
    and so is every other "Jaggerth" of the chapter, when the story or the chapter also knows
    a "Jaggers" (`names.LISPED_TITLES`, `names.unlisp`). A word unknown without its lisp
    ("Latharuth") stays as said."""
    lisped = [m for m in mentions if not m.honorifics and len(m.words) > 1
              and m.words[0].lower() in names.LISPED_TITLES]
    if not lisped:
        return mentions
    said_lisping = {id(m) for m in lisped}
    spelt = known | {w.lower() for m in mentions for w in m.words}
    plain = {w: said for m in lisped for w in m.words[1:]
             if (said := names.unlisp(w)) != w and said.lower() in spelt}
    out = []
    for m in mentions:
        words = tuple(plain.get(w, w) for w in m.words)
        if id(m) in said_lisping:
            key, written = names.LISPED_TITLES[m.words[0].lower()]
            m = replace(m, honorifics=(key,), honorifics_raw=(written,), words=words[1:])
        elif words != m.words:
            m = replace(m, words=words)
        out.append(m)
    return out


def _extend_run(doc: Any, i: int, in_heading: Callable[[int], bool]) -> list[int]:
    """The token indices of the capitalised run starting at token i."""
    run, j = [i], i
    while True:
        k = _next_word(doc, j)
        if k is None or in_heading(doc[k].idx):
            return run
        word = doc[k].text
        if is_cap(word) and word != "I":
            if norm_honorific(word) and not norm_honorific(doc[j].text):
                return run  # a title starts a new name: "Australia Mrs. Rachel"
            run.append(k)
            j = k
            continue
        after = _next_word(doc, k)
        if after is None or not is_cap(doc[after].text):
            return run
        low = word.lower()
        joins = (
            # "Lady Catherine de Bourgh", and a title with a particled surname: "Miss de Bourgh"
            (low in PARTICLES and (word.islower() or any(not norm_honorific(doc[r].text) for r in run)))
            or (low == "of" and doc[j].lower_ in OF_TITLES)
            or (word == "-" and _glued(doc, j, k) and _glued(doc, k, after))
            or (low in POSSESSIVE and _ends_in_place(doc, after))  # "Lincoln's Inn"
        )
        if not joins:
            return run
        run += [k, after]
        j = after


def _glued(doc: Any, a: int, b: int) -> bool:
    """Whether token b directly follows token a with no space between them."""
    return b == a + 1 and not doc[a].whitespace_


def _in_compound(doc: Any, first: int, last: int) -> bool:
    """Whether the run is hyphen-glued to a lowercase word ("Yo-ho-ho", "Sea-dog")."""
    if (
        first >= 2
        and doc[first - 1].text == "-"
        and _glued(doc, first - 2, first - 1)
        and _glued(doc, first - 1, first)
        and doc[first - 2].is_lower
    ):
        return True
    if last + 2 < len(doc) and doc[last + 1].text == "-" and _glued(doc, last, last + 1):
        return _glued(doc, last + 1, last + 2) and doc[last + 2].is_lower
    return False


def _ends_in_place(doc: Any, k: int) -> bool:
    """Whether the capitalised run starting at token k ends in a location head word."""
    last = k
    while (nxt := _next_word(doc, last)) is not None and is_cap(doc[nxt].text):
        last = nxt
    return doc[last].lower_ in LOCATION_HEADS


def _next_word(doc: Any, j: int) -> int | None:
    """The next non-space token after j, crossing at most one line break."""
    k = j + 1
    while k < len(doc) and doc[k].is_space:
        if doc[k].text.count("\n") > 1:
            return None
        k += 1
    return k if k < len(doc) else None


def _range_test(ranges: list[tuple[int, int]]) -> Callable[[int], bool]:
    starts = [a for a, _ in ranges]

    def inside(pos: int) -> bool:
        k = bisect.bisect_right(starts, pos) - 1
        return k >= 0 and ranges[k][0] <= pos < ranges[k][1]

    return inside


def _make_mention(doc: Any, run: list[int], stats: CaseStats, known: set[str],
                  phrases: Collection[str] = ()) -> NameMention | None:
    """Trim a raw capitalised run to a name mention, or None if nothing name-like is left."""
    initial = stats.initial(doc, run[0])
    # '"Black Dog!" said he.': a sentence's or quotation's first word that opens a name the
    # story knows whole stays, though the text writes it lowercase elsewhere ("black hair").
    whole = initial and _opens_known_phrase(doc, run, phrases)
    # Leading words that are not part of the name: function words, openers, and a
    # sentence-initial word the text otherwise writes in lowercase ("Poor Jane").
    while run:
        word = doc[run[0]].text
        low = word.lower()
        if norm_honorific(word) and len(run) > 1:
            break
        if (
            low in FUNCTION_WORDS
            or (low in NOT_NAMES and low not in known)
            or (len(run) > 1 and not whole and stats.initial(doc, run[0]) and (
                not _initial_ok(doc[run[0]], stats) or _opens_a_known_name(doc, run, stats, known)))
        ):
            run = run[1:]
            initial = False
            continue
        break
    while run and (doc[run[-1]].lower_ in PARTICLES or doc[run[-1]].lower_ in FUNCTION_WORDS):
        run = run[:-1]
    if not run or _in_compound(doc, run[0], run[-1]) or _exclamation(doc, run):
        return None
    k = 0
    while k < len(run) - 1 and norm_honorific(doc[run[k]].text):
        k += 1
    first, last = doc[run[0]], doc[run[-1]]
    last_text = _DASHED.split(last.text, 1)[0]
    if len(last_text) > 2 and last_text.endswith(".") and not norm_honorific(last_text):
        last_text = last_text.rstrip(".")  # "John Knightley." glued to a sentence's end
    if len(last_text) > 3 and last_text[-2:] in POSSESSIVE:
        last_text = last_text[:-2]  # "Fairfax's" left as one token
    elif len(last_text) > 4 and last_text[-3:] in CONTRACTIONS:
        last_text = last_text[:-3]  # "Silver'll" is Silver, who will
    start, end = first.idx, last.idx + len(last_text)
    if end <= start:
        return None
    name = tuple(stats.text[doc[run[k]].idx : end].split())
    if k == 0 and len(name) == 1 and not _single_ok(first, initial, stats, known):
        return None
    label = last.ent_type_ if last.ent_type_ in NAME_LABELS else None
    if label is None and first.ent_type_ in NAME_LABELS:
        label = first.ent_type_
    titles = [doc[r].text for r in run[:k]] or _kin_title(doc, run[0], name, stats, known)
    return NameMention(
        start=start,
        end=end,
        text=stats.text[start:end],
        tok_start=run[0],
        tok_end=run[-1] + 1,
        honorifics=tuple(norm_honorific(t) or "" for t in titles),
        honorifics_raw=tuple(titles),
        words=name,
        label=label,
        initial=initial,
        kin_title=not k and bool(titles),
    )


def _exclamation(doc: Any, run: list[int]) -> bool:
    """"Good Heaven!", "Great God!": an opener and a deity or an abstraction, no one's name
    (a "Heaven" alone is a place, as LitBank marks it: "for Heaven's sake")."""
    last = doc[run[-1]]
    sworn_by = last.text in DEITIES or last.lower_ in ABSTRACTIONS or last.lower_ == "heaven"
    return len(run) > 1 and sworn_by and all(doc[r].lower_ in _EXCLAIM_BEFORE for r in run[:-1])


def _kin_title(doc: Any, first: int, name: tuple[str, ...], stats: CaseStats,
               known: set[str]) -> list[str]:
    """"my aunt Philips", "my brother Gardiner": a lowercase kinship word before a surname
    said alone is its title, and tells Mrs. Philips from Mr. Philips. A surname is a word
    the chapter writes after a title, or a known one that is no given name; a given name
    needs no title ("her sister Jane", "his brother Ivo")."""
    before = doc[first - 1] if first > 0 else None
    if before is None or not before.is_lower or before.lower_ not in names.KIN_TITLES or \
            len(name) != 1:
        return []
    word = name[0].lower()
    surname = (word in stats.titled or word in known) and not names.is_given_name(word)
    return [before.text.capitalize()] if surname else []


def _opens_known_phrase(doc: Any, run: list[int], phrases: Collection[str]) -> bool:
    """Whether the run's first words are a name of several words the story knows."""
    said = [doc[r].lower_ for r in run]
    return any(" ".join(said[:n]) in phrases for n in range(2, len(said) + 1))


def _opens_a_known_name(doc: Any, run: list[int], stats: CaseStats, known: set[str]) -> bool:
    """Whether a sentence's first word only stands before a name the story knows: "Hereupon
    Startop", "Entreating Herbert" (the adverb or participle is capitalised by its place).
    A given name ("Elizabeth Bennet"), a word of a known name ("Little Britain") or one
    like it ("Aldus Finch"), or one the chapter capitalises mid-sentence stays in the name."""
    word = doc[run[0]]
    low = word.lower_
    return doc[run[1]].lower_ in known and low not in known and not names.is_given_name(low) \
        and not stats.name_like(word.text) and low not in LOCATION_PREFIXES \
        and not _like_a_known_word(low, known)


def _like_a_known_word(word: str, known: set[str]) -> bool:
    """Whether the word is a known name's spelt otherwise ("Aldus" for Aldous, "Elana" for
    Elena): a slip of the pen the critique is there to see, kept whole."""
    return any(k[:1] == word[:1] and fuzz.ratio(word, k) >= SPELT_OTHERWISE for k in known)


def _initial_ok(tok: Any, stats: CaseStats) -> bool:
    """Whether the sentence-initial first word of a longer run belongs to the name."""
    if stats.name_like(tok.text) or tok.lower_ in LOCATION_PREFIXES:
        return True
    return stats.lower[tok.lower_] == 0 and tok.pos_ == "PROPN"


def previous_word(doc: Any, i: int) -> int | None:
    """The index of the last token before token i that is not white space (a line break, a
    letter's indent), or None at the start."""
    j = i - 1
    while j >= 0 and doc[j].is_space:
        j -= 1
    return j if j >= 0 else None


def _opens_quotation(tok: Any) -> bool:
    """Whether the word is the first of a quotation ('"Thankee, my boy."'), where an
    interjection or a dialect greeting stands as often as a name said to someone."""
    j = previous_word(tok.doc, tok.i)
    return j is not None and tok.doc[j].is_quote and tok.doc[j].text not in {"”", "’"}


def _single_ok(tok: Any, initial: bool, stats: CaseStats, known: set[str]) -> bool:
    """Whether a lone capitalised word is a name rather than an opener or a common word."""
    low = tok.lower_
    if tok.text in DEITIES:  # but not "My God!", "thank God", "for God's sake"
        return tok.i == 0 or tok.doc[tok.i - 1].lower_ not in _EXCLAIM_BEFORE
    if norm_honorific(low):
        return False  # a title alone ("Miss", "Sir") names no one, even one the story knows
    if low in STOP_WORDS and not names.is_given_name(low):
        return False  # spaCy's stop words: "Dear Anything", "Nobody"; not "Will" or "May"
    if _said_to_someone(tok):
        return False  # an oath: "Damn 'em", "Bless you"
    if _anybody(tok):
        return False  # "Tom, Jack, or Richard": any man, even a name the story knows
    if low in known:
        return True
    if len(tok.text.rstrip(".")) <= 2:
        return False  # initials and abbreviations alone: "R.", "Co."
    if low in NOT_NAMES or low in FUNCTION_WORDS or low in ABSTRACTIONS or norm_honorific(low):
        return False
    label = tok.ent_type_ if tok.ent_type_ in NAME_LABELS else None
    if label == "NORP" and tok.dep_ in {"amod", "compound"}:
        return False  # "English ladies", not the English
    if initial:
        if stats.name_like(tok.text):
            return True
        if _set_off(tok) and not names.is_given_name(low) and not _opens_quotation(tok):
            return False  # "Hereupon, Mr. Pocket went out": an opening adverb, not someone
        return (
            stats.lower[low] == 0 and tok.pos_ == "PROPN" and label is not None and tok.dep_ not in _ADVERBIAL
            and (label != "PERSON" or names.is_given_name(low) or not _opens_quotation(tok))
        )
    if tok.pos_ in _NOT_NAME_POS or (tok.pos_ != "PROPN" and label is None):
        return False
    # A word the chapter mostly writes in lowercase is a person only if it is a given name
    # or someone "who" ("what can be done for Drizzle -- who was not well used"): "in order,
    # Damn 'em", "say, Come ma'am" are words said, not someone said to. A place may be such
    # a word ("Nice", "Bath").
    return not stats.common(tok.text) or label in PLACE_LABELS or (
        label is not None and (names.is_given_name(low) or _before_who(tok)))


_ALTERNATIVES = frozenset({",", "or"})


def _anybody(tok: Any) -> bool:
    """Whether the word is one of three or more bare given names offered as alternatives
    ("get Tom, Jack, or Richard out of the way", Wemmick's name for a man he will not name):
    a stock phrase for anybody, not three people. Joined by "or", never "and"."""
    doc = tok.doc

    def bare_given(i: int) -> bool:
        return 0 <= i < len(doc) and names.is_given_name(doc[i].lower_) and \
            is_cap(doc[i].text) and not (i > 0 and norm_honorific(doc[i - 1].text))

    def walk(i: int, step: int) -> tuple[int, bool]:
        count, saw_or = 0, False
        while 0 <= i + step < len(doc) and doc[i + step].lower_ in _ALTERNATIVES:
            j = i + step
            while 0 <= j < len(doc) and doc[j].lower_ in _ALTERNATIVES:
                saw_or |= doc[j].lower_ == "or"
                j += step
            if not bare_given(j):
                break
            count, i = count + 1, j
        return count, saw_or

    if not bare_given(tok.i):
        return False
    before, or_before = walk(tok.i, -1)
    after, or_after = walk(tok.i, 1)
    return before + after >= 2 and (or_before or or_after)


def _said_to_someone(tok: Any) -> bool:
    """Whether a word is said to someone it names by a lowercase pronoun right after it
    ("Damn 'em", "Bless you"): a verb of an oath or a greeting, never a person ("Pip, you"
    has a comma; "-- Shakespeare It was", an epigraph's author, a sentence after it)."""
    doc = tok.doc
    return bool(tok.whitespace_) and tok.i + 1 < len(doc) and doc[tok.i + 1].text in OATH_OBJECTS


def _set_off(tok: Any) -> bool:
    """Whether a comma follows the word: "Hereupon, …"."""
    return tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].text == ","


def _before_who(tok: Any) -> bool:
    """Whether a relative "who", "whom" or "whose" follows the word, across a comma or a dash."""
    doc, j = tok.doc, tok.i + 1
    while j < len(doc) and (doc[j].is_space or doc[j].text == "," or doc[j].text in DASHES):
        j += 1
    return j < len(doc) and doc[j].lower_ in PERSON_RELATIVES
