"""Candidate name mentions: capitalised runs with honorifics and particles, merged with NER.

A run is a sequence of capitalised tokens, optionally led by honorifics ("Lady", "Mr.")
and joined by name particles ("de", "van") or "of" after a title ("Duke of York").
Sentence-initial words are kept only when the text itself treats them as names
(capitalised where capitals are not forced, never lowercase), so openers such as "Oh"
or "Well" drop out without a book-specific list.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

HONORIFICS: dict[str, str] = {
    **dict.fromkeys(
        "mr mister sir lord master monsieur m signor señor senor herr don father brother uncle "
        "king prince duke earl count baron marquis marquess viscount emperor sheikh squire "
        "messrs".split(),
        "male",
    ),
    **dict.fromkeys(
        "mrs ms miss missus lady madam madame mme mademoiselle mlle signora señora frau "
        "fräulein dona mother sister aunt queen princess duchess countess baroness marchioness "
        "viscountess empress dame mistress".split(),
        "female",
    ),
    **dict.fromkeys(
        "dr doctor captain capt colonel col major general gen lieutenant lieut lt sergeant sgt "
        "corporal admiral commodore professor prof reverend rev judge governor gov senator "
        "president rabbi saint st cousin parson squire inspector constable nurse granny "
        "grandfather grandmother".split(),
        "unknown",
    ),
}
HONORIFICS.update({"grandfather": "male", "grandmother": "female", "granny": "female"})
MARRIED = frozenset({"mrs", "missus", "madame", "mme", "signora", "señora", "frau", "dona"})
UNMARRIED = frozenset({"miss", "mademoiselle", "mlle", "fräulein"})
# A title that names a place or realm after "of": "Duke of York", "Bank of England".
_OF_TITLES = frozenset(
    "duke duchess earl count countess prince princess king queen lord lady bishop archbishop "
    "marquis marquess baron baroness viscount emperor empress dean mayor governor isle city "
    "bank university republic kingdom cape gulf bay lake mount tower house church order "
    "college society court prior abbot".split()
)
PARTICLES = frozenset("de van von du la le da di del della der den ten ter d' dos das st.".split())
LOCATION_HEADS = frozenset(
    """park hall street square lane road house lodge castle abbey manor court place inn church
    cathedral chapel bridge river lake mountain mountains hill hills island isle bay sea ocean
    forest wood woods valley vale town city county shire gate tower palace farm cottage grange
    heights green common field fields row terrace gardens garden avenue alley harbour harbor
    port point cape station hotel tavern mill school college university hospital prison gaol
    moor marsh marshes downs fell glen creek canyon desert plain plains falls springs well
    wharf quay dock docks market cross priory rectory parsonage vicarage mews crescent hotel
    fort ferry pass gap head ness mount island islands kingdom empire republic province
    county state states coast shore""".split()
)
FACTION_HEADS = frozenset(
    """company society army navy regiment church party club guild order brotherhood council
    parliament ministry bank firm league union corps brigade militia congress court
    family""".split()
)
_FUNCTION = frozenset(
    """the a an and but or nor for so yet if then than that this these those there here when
    where while whilst what which who whom whose why how as at by in into of on onto to from
    with without upon after before since until till though although because unless whether
    all any both each every few many most much no not none some such only even just also
    it its it's he she they we you i me him her them us my mine his hers their our your
    is was were be been am are do does did have has had will would shall should can could
    may might must let now still again once perhaps indeed however besides""".split()
)
_NOT_NAMES = frozenset(
    """oh ah ahem alas aye nay yes yea no well why hush hullo hallo hello hey ho ha hah hm hmm
    pooh pshaw pray o lo behold farewell goodbye adieu amen bravo hurrah huzza
    chapter book part volume act scene canto section preface introduction contents appendix
    epilogue prologue note notes illustration footnote
    monday tuesday wednesday thursday friday saturday sunday
    january february march april may june july august september october november december
    christmas easter michaelmas lent whitsuntide midsummer
    sir madam ma'am mamma mama papa miss master dear mrs mr lady lord
    english french german italian spanish dutch russian latin greek""".split()
)
_ABSTRACT = frozenset(
    """nature fate fortune destiny providence death life love time beauty truth virtue
    liberty justice fame hope mercy heavens""".split()
)
_ADVERBIAL = frozenset({"advmod", "npadvmod", "intj", "amod", "advcl", "prep", "aux", "mark"})
_ROMAN = re.compile(r"^[IVXLCDM]+\.?$")
_CAP_WORD = re.compile(r"^[A-Z][\w'\u2019.-]*$")
_LOWER_WORD = re.compile(r"\b[a-z][a-z'\u2019-]*\b")
_HEADING_LINE = re.compile(r"^[^a-z\n]*[A-Z]{2}[^a-z\n]*$", re.MULTILINE)
_OPEN_PUNCT = frozenset("\"'“‘«(—–-:;_[")
NAME_LABELS = {"PERSON": "character", "GPE": "location", "LOC": "location", "FAC": "location",
               "ORG": "faction", "NORP": "faction"}  # fmt: skip


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
    label: str | None = None  # the NER label covering the head word, if any
    initial: bool = False  # sentence- or quote-initial first word

    @property
    def form(self) -> str:
        """The normalized surface: honorifics and words joined by single spaces."""
        return " ".join((*self.honorifics_raw, *self.words))

    @property
    def honorific(self) -> str | None:
        """The honorific closest to the name, normalized."""
        return self.honorifics[-1] if self.honorifics else None


def norm_honorific(word: str) -> str | None:
    """The honorific key of a word ("Mrs." -> "mrs"), or None."""
    key = word.lower().rstrip(".")
    return key if key in HONORIFICS else None


def is_cap(word: str) -> bool:
    """A capitalised word that could be (part of) a name: not ALL CAPS, not a numeral."""
    if not _CAP_WORD.match(word) or _ROMAN.match(word):
        return False
    if len(word) > 2 and word.isupper():
        return False
    return any(c.isalpha() for c in word)


def heading_ranges(text: str) -> list[tuple[int, int]]:
    """Character ranges of ALL-CAPS lines (headings)."""
    return [(m.start(), m.end()) for m in _HEADING_LINE.finditer(text)]


class CaseStats:
    """How the text writes each word: lowercase anywhere, capitalised where not forced."""

    def __init__(self, doc: Any) -> None:
        self.lower: Counter[str] = Counter()
        self.mid_cap: Counter[str] = Counter()
        text = doc.text
        self.lower.update(m.group().lower() for m in _LOWER_WORD.finditer(text))
        for tok in doc:
            if is_cap(tok.text) and not _forced_initial(doc, tok.i):
                self.mid_cap[tok.lower_] += 1

    def name_like(self, word: str) -> bool:
        """Whether a sentence-initial word is written like a name elsewhere in the text."""
        key = word.lower()
        return self.mid_cap[key] > 0 and self.mid_cap[key] >= self.lower[key]

    def common(self, word: str) -> bool:
        """Whether the text writes this word lowercase at least as often as capitalised."""
        key = word.lower()
        return self.lower[key] > 0 and self.lower[key] >= self.mid_cap[key]


def _forced_initial(doc: Any, i: int) -> bool:
    """Whether token i starts a sentence, a quotation or a line-initial clause."""
    tok = doc[i]
    if tok.is_sent_start:
        return True
    j = i - 1
    while j >= 0 and (doc[j].is_space or doc[j].text in _OPEN_PUNCT):
        if doc[j].text in _OPEN_PUNCT and doc[j].text not in {"-", "–"}:
            return True
        if "\n" in doc[j].text and j > 0 and doc[j - 1].text in {".", "!", "?"}:
            return True
        j -= 1
    if j < 0:
        return True
    prev = doc[j].text
    if prev in {".", "!", "?", "…"} or _ROMAN.match(prev) or prev.isdigit():
        return True
    return prev.endswith(".") and len(prev) > 2 and norm_honorific(prev) is None


def find_name_mentions(doc: Any, known: set[str] | None = None) -> list[NameMention]:
    """Candidate name mentions in `doc`, sorted by start; `known` holds lowercased known names."""
    known = known or set()
    text = doc.text
    headings = heading_ranges(text)
    stats = CaseStats(doc)
    in_heading = _range_test(headings)
    n = len(doc)
    out: list[NameMention] = []
    i = 0
    while i < n:
        tok = doc[i]
        if not (is_cap(tok.text) or norm_honorific(tok.text)) or in_heading(tok.idx):
            i += 1
            continue
        run = [i]
        j = i
        while True:
            k = _next_word(doc, j)
            if k is None or in_heading(doc[k].idx):
                break
            word = doc[k].text
            if is_cap(word) and word != "I":
                run.append(k)
                j = k
                continue
            after = _next_word(doc, k)
            if after is not None and is_cap(doc[after].text):
                low = word.lower()
                if low in PARTICLES and any(not norm_honorific(doc[r].text) for r in run) or (
                    low == "of" and doc[j].lower_ in _OF_TITLES
                ):
                    run += [k, after]
                    j = after
                    continue
                if low in {"'s", "’s"} and _ends_in_place(doc, after):
                    run += [k, after]
                    j = after
                    continue
            break
        i = j + 1
        mention = _make_mention(doc, run, stats, known)
        if mention is not None:
            out.append(mention)
    return out


def _ends_in_place(doc: Any, k: int) -> bool:
    """Whether the capitalised run starting at token k ends in a location head word."""
    last = k
    while True:
        nxt = _next_word(doc, last)
        if nxt is None or not is_cap(doc[nxt].text):
            break
        last = nxt
    return doc[last].lower_ in LOCATION_HEADS


def _next_word(doc: Any, j: int) -> int | None:
    """The next non-space token after j, skipping at most one line break."""
    k = j + 1
    while k < len(doc) and doc[k].is_space:
        if doc[k].text.count("\n") > 1:
            return None
        k += 1
    return k if k < len(doc) else None


def _range_test(ranges: list[tuple[int, int]]) -> Any:
    import bisect

    starts = [a for a, _ in ranges]

    def inside(pos: int) -> bool:
        k = bisect.bisect_right(starts, pos) - 1
        return k >= 0 and ranges[k][0] <= pos < ranges[k][1]

    return inside


def _make_mention(
    doc: Any, run: list[int], stats: CaseStats, known: set[str]
) -> NameMention | None:
    """Trim a raw capitalised run to a name mention, or None if nothing name-like is left."""
    initial = _forced_initial(doc, run[0])
    # Leading words that are not part of the name: function words, openers, and a
    # sentence-initial word the text otherwise writes in lowercase ("Poor Jane").
    while run:
        word = doc[run[0]].text
        low = word.lower()
        if norm_honorific(word) and len(run) > 1:
            break
        if low in _FUNCTION or low in _NOT_NAMES and low not in known:
            run = run[1:]
            initial = False
            continue
        if len(run) > 1 and _forced_initial(doc, run[0]) and not _initial_ok(doc[run[0]], stats):
            run = run[1:]
            initial = False
            continue
        break
    while run and (doc[run[-1]].lower_ in PARTICLES or doc[run[-1]].lower_ in _FUNCTION):
        run = run[:-1]
    if not run:
        return None
    honorifics: list[str] = []
    raw: list[str] = []
    k = 0
    while k < len(run) - 1 and norm_honorific(doc[run[k]].text):
        honorifics.append(norm_honorific(doc[run[k]].text) or "")
        raw.append(doc[run[k]].text)
        k += 1
    name_start = doc[run[k]].idx
    words = tuple(doc.text[name_start : doc[run[-1]].idx + len(doc[run[-1]])].split())
    if not honorifics and len(words) == 1 and not _single_ok(doc[run[0]], initial, stats, known):
        return None
    first, last = doc[run[0]], doc[run[-1]]
    start, end = first.idx, last.idx + len(last.text)
    label = last.ent_type_ if last.ent_type_ in NAME_LABELS else None
    if label is None and first.ent_type_ in NAME_LABELS:
        label = first.ent_type_
    mention = NameMention(
        start=start,
        end=end,
        text=doc.text[start:end],
        tok_start=run[0],
        tok_end=run[-1] + 1,
        honorifics=tuple(honorifics),
        words=words,
        label=label,
        initial=initial,
        honorifics_raw=tuple(raw),
    )
    return mention


def _initial_ok(tok: Any, stats: CaseStats) -> bool:
    """Whether the sentence-initial first word of a longer run belongs to the name."""
    if stats.name_like(tok.text):
        return True
    return stats.lower[tok.lower_] == 0 and tok.pos_ == "PROPN"


def _single_ok(tok: Any, initial: bool, stats: CaseStats, known: set[str]) -> bool:
    """Whether a lone capitalised word is a name rather than an opener or a common word."""
    low = tok.lower_
    if low in known:
        return True
    if low in _NOT_NAMES or low in _FUNCTION or low in _ABSTRACT or norm_honorific(tok.text):
        return False
    label = tok.ent_type_ if tok.ent_type_ in NAME_LABELS else None
    if label == "NORP" and tok.dep_ in {"amod", "compound"}:
        return False  # "English ladies", not the English
    if initial:
        if stats.name_like(tok.text):
            return True
        return (
            stats.lower[low] == 0
            and tok.pos_ == "PROPN"
            and label is not None
            and tok.dep_ not in _ADVERBIAL
        )
    if tok.pos_ != "PROPN" and label is None:
        return False
    return label is not None or not stats.common(tok.text)


_PLACE_PREPS = frozenset("in at into near through across within towards toward inside outside".split())
_PERSON_VERBS = frozenset(
    """say cry reply answer ask exclaim think feel smile laugh know believe hope wish love
    marry tell see look hear speak talk sigh nod whisper shout answer remember want
    seem begin continue add return""".split()
)


def type_votes(doc: Any, m: NameMention, custom_types: list[str]) -> Counter[str]:
    """Weighted evidence for the type of one mention (3 = decisive, 1 = a hint)."""
    votes: Counter[str] = Counter()
    head_word = m.words[-1].lower()
    for custom in custom_types:
        if head_word == custom.replace("_", " ").split()[-1].lower():
            votes[custom] += 3
    if m.honorifics and not (m.honorifics[0] in _OF_TITLES and "of" in m.words):
        votes["character"] += 3
    elif len(m.words) > 1 and head_word in LOCATION_HEADS:
        votes["location"] += 3
    elif len(m.words) > 1 and head_word in FACTION_HEADS:
        votes["faction"] += 3
    if m.label:
        kind = NAME_LABELS[m.label]
        votes[kind] += 1
    head = doc[m.tok_end - 1]
    while head.head.i != head.i and m.tok_start <= head.head.i < m.tok_end:
        head = head.head
    if head.dep_ == "pobj" and head.head.lower_ in _PLACE_PREPS:
        votes["location"] += 1
    if head.dep_ in {"nsubj", "nsubjpass"} and head.head.lemma_ in _PERSON_VERBS:
        votes["character"] += 1
    return votes
