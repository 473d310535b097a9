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
        """mr mister sir lord master monsieur m signor señor senor herr don father brother uncle
        king prince duke earl count baron marquis marquess viscount emperor sheikh squire messrs
        grandfather parson rabbi captain capt colonel col major general gen lieutenant lieut lt
        sergeant sgt corporal admiral commodore bishop archbishop cardinal pope abbot prior friar
        archdeacon deacon sheriff mayor""".split(),
        "male",  # military ranks: male in the fiction this reads, unless pronouns say otherwise
    ),
    **dict.fromkeys(
        """mrs ms miss missus lady madam madame mme mademoiselle mlle signora señora frau
        fräulein dona mother sister aunt queen princess duchess countess baroness marchioness
        viscountess empress dame mistress grandmother granny nurse""".split(),
        "female",
    ),
    **dict.fromkeys(
        """dr doctor professor prof reverend rev judge governor gov senator president saint st
        cousin inspector constable dean chief elder""".split(),
        "unknown",
    ),
}
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
    county state states coast shore drive corner sound strait channel library museum theatre
    theater exchange hollow gables end wells bridge barracks mines""".split()
)
_PLACE_SUFFIXES = (
    "shire", "bury", "borough", "burgh", "chester", "caster", "minster", "mouth", "ville",
    "wich", "polis", "stadt", "grad", "ia",
)
LOCATION_PREFIXES = frozenset("lake mount mt fort cape port isle loch glen river".split())
# Titles that only ever name people; others ("Mother Church", "King's Chapel") may head places.
PERSONAL_TITLES = frozenset(
    "mr mrs miss ms dr master mademoiselle madame monsieur sir messrs mister missus".split()
)
_PLACE_WORDS = frozenset({"Heaven", "Hell", "Paradise", "Purgatory"})
_EXCLAIM_BEFORE = frozenset({"my", "thank", "by", "oh", "o", "good", "great", "for", "ye"})
FACTION_HEADS = frozenset(
    """company society army navy regiment church party club guild order brotherhood council
    parliament ministry bank firm league union corps brigade militia congress court
    family government association academy parliament senate""".split()
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
DEITIES = frozenset({"God", "Christ", "Jesus", "Jehovah", "Allah", "Almighty"})
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
        if not is_cap(tok.text) or in_heading(tok.idx):
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
                if norm_honorific(word) and not norm_honorific(doc[j].text):
                    break  # a title starts a new name: "Australia Mrs. Rachel"
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
                if word == "-" and _glued(doc, j, k) and _glued(doc, k, after):
                    run += [k, after]  # "Buda-Pesth", "Anglo-Saxon"
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


def _glued(doc: Any, a: int, b: int) -> bool:
    """Whether tokens a and b = a + 1 are written without space between them."""
    return b == a + 1 and not doc[a].whitespace_


def _in_compound(doc: Any, first: int, last: int) -> bool:
    """Whether the run is hyphen-glued to a lowercase word ("Yo-ho-ho", "Sea-dog")."""
    if first >= 2 and doc[first - 1].text == "-" and _glued(doc, first - 2, first - 1):
        if _glued(doc, first - 1, first) and doc[first - 2].is_lower:
            return True
    n = len(doc)
    if last + 2 < n and doc[last + 1].text == "-" and _glued(doc, last, last + 1):
        return _glued(doc, last + 1, last + 2) and doc[last + 2].is_lower
    return False


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
    if not run or _in_compound(doc, run[0], run[-1]):
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


def doc_lower(tok: Any, offset: int) -> str:
    """The lowercase text of the token `offset` positions away, or ""."""
    i = tok.i + offset
    return tok.doc[i].lower_ if 0 <= i < len(tok.doc) else ""


def _initial_ok(tok: Any, stats: CaseStats) -> bool:
    """Whether the sentence-initial first word of a longer run belongs to the name."""
    if stats.name_like(tok.text) or tok.lower_ in LOCATION_PREFIXES:
        return True
    return stats.lower[tok.lower_] == 0 and tok.pos_ == "PROPN"


def _single_ok(tok: Any, initial: bool, stats: CaseStats, known: set[str]) -> bool:
    """Whether a lone capitalised word is a name rather than an opener or a common word."""
    low = tok.lower_
    if tok.text in DEITIES:
        return tok.i == 0 or doc_lower(tok, -1) not in _EXCLAIM_BEFORE
    if low in known:
        return True
    if len(tok.text.rstrip(".")) <= 2:
        return False  # initials and abbreviations alone: "R.", "Co."
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
    if tok.pos_ in {"VERB", "ADJ", "ADV", "INTJ", "AUX", "PRON"}:
        return False
    if tok.pos_ != "PROPN" and label is None:
        return False
    return label is not None or not stats.common(tok.text)


_IN_PREPS = frozenset(
    """in into inside within near throughout across through outside beyond around over along
    above below past up down""".split()
)
_MOTION = frozenset(
    """go come return travel walk ride drive move send journey sail remove set run fly hasten
    hurry proceed get arrive depart start bring take carry lead ship emigrate retire
    escape flee""".split()
)
_LOOK = frozenset(
    """look stare gaze glance laugh smile wink nod frown shout peep peer point aim sneer scowl
    grin jeer rail snap glare""".split()
)
_VISIT = frozenset(
    "leave visit reach enter quit approach cross explore invade conquer sack tour inhabit".split()
)
_OTHER_LABELS = frozenset({"WORK_OF_ART", "EVENT", "LAW", "PRODUCT", "DATE", "TIME", "LANGUAGE"})
_TALK_TO = frozenset("say speak talk write reply whisper listen bow turn answer belong".split())
_PLACE_NOUNS = frozenset(
    """town city village county parish state kingdom streets shire country province provinces
    neighbourhood neighborhood vicinity north south east west castle outskirts environs
    capital coast shores banks part parts centre center middle edge borders empire
    inhabitants natives king queen streets""".split()
)
PERSON_NOUNS = frozenset(
    """man woman boy girl lady gentleman friend servant wife husband child son daughter
    brother sister father mother uncle aunt cousin nephew niece widow widower maid master
    mistress fellow lad lass lawyer clerk merchant officer soldier sailor priest minister
    cook nurse governess tutor landlord landlady heir heiress orphan""".split()
)
_PERSON_VERBS = frozenset(
    """say cry reply answer ask exclaim think feel smile laugh know believe hope wish love
    marry tell hear speak talk sigh nod whisper shout remember want wonder look
    return""".split()
)
_KIN_BODY = frozenset(
    """wife husband father mother son daughter sister brother uncle aunt cousin friend
    eyes eye face hand hands voice head heart mind arm arms lips hair feet life death
    manner manners name friends servant master mistress""".split()
)
_VOCATIVE_DEPS = frozenset({"npadvmod", "intj", "ROOT", "dep", "appos", "nsubj", "dobj"})
_OPEN_QUOTES = frozenset({"\u201c", "\u2018", '"', ",", "'"})
_CLOSE_VOC = frozenset({",", "!", "?", ".", ";", "\u201d", "\u2019", '"'})


def _head_of(doc: Any, m: NameMention) -> Any:
    head = doc[m.tok_end - 1]
    while head.head.i != head.i and m.tok_start <= head.head.i < m.tok_end:
        head = head.head
    return head


def ner_prior(mentions: list[NameMention]) -> Counter[str]:
    """The NER labels of a form's mentions as a prior worth at most 0.8.

    The small model decides mostly from the word itself, so repeated labels are one piece
    of evidence, not many; it tags many one-word personal names ORG, and bodies that
    really are organisations carry a head noun ("Company") that votes on its own.
    """
    prior: Counter[str] = Counter()
    for m in mentions:
        if m.label == "PERSON" or (m.label == "ORG" and len(m.words) == 1):
            prior["character"] += 0.8 if m.label == "PERSON" else 0.4
        elif m.label in {"GPE", "LOC", "FAC"}:
            prior["location"] += 0.8
        elif m.label == "ORG":
            prior["faction"] += 0.4
    return Counter({k: v / len(mentions) for k, v in prior.items()}) if mentions else prior


def _group_vote(doc: Any, m: NameMention) -> str | None:
    """A people or a family named in the plural ("the Huns", "the Bennets") is a group."""
    tok = doc[m.tok_end - 1]
    if tok.dep_ in {"amod", "compound"} or not m.words[-1].endswith("s"):
        return None
    return "character"


def type_votes(doc: Any, m: NameMention, custom_types: list[str]) -> Counter[str]:
    """Weighted evidence for the type of one mention (3 = decisive, 1 = a hint)."""
    votes: Counter[str] = Counter()
    head_word = m.words[-1].lower()
    for custom in custom_types:
        if head_word == custom.replace("_", " ").split()[-1].lower():
            votes[custom] += 3
    before = doc[m.tok_start - 1].lower_ if m.tok_start > 0 else ""
    place_head = len(m.words) > 1 and head_word in LOCATION_HEADS
    if m.words[0].lower() in LOCATION_PREFIXES and len(m.words) > 1 and not m.honorifics:
        votes["location"] += 3
    elif m.honorifics and not (m.honorifics[0] in _OF_TITLES and "of" in m.words):
        if place_head and not set(m.honorifics) & PERSONAL_TITLES:
            votes["location"] += 3
        else:
            votes["character"] += 3 if before != "the" else 0.5
    elif place_head or (len(m.words) == 1 and m.words[0] in _PLACE_WORDS):
        votes["location"] += 3
    elif head_word in FACTION_HEADS:
        votes["faction"] += 3 if len(m.words) > 1 else 1.5
    elif len(m.words) == 1 and head_word.endswith(_PLACE_SUFFIXES):
        votes["location"] += 0.7
    if before in {"a", "an"}:
        votes["other"] += 1.5  # "a Frenchman", "a Baboo": a kind, not a name
    if m.label == "NORP" or (m.label is None and head_word.endswith("s") and before == "the"):
        group = _group_vote(doc, m)
        if group:
            votes[group] += 2
    elif m.label is None and doc[m.tok_end - 1].ent_type_ in _OTHER_LABELS:
        votes["other"] += 0.6
    elif before == "the" and not m.honorifics:
        votes["other"] += 1
    if doc[m.tok_end - 1].dep_ == "compound" and doc[m.tok_end - 1].head.pos_ == "NOUN":
        votes["other"] += 0.5  # "Norfolk coat", "Bologna sausage": a name used as a modifier
    if before == "_":
        votes["other"] += 1  # italics: a title, a ship, a foreign phrase
    if m.label == "PERSON" and len(m.words) > 1 and head_word not in LOCATION_HEADS:
        votes["character"] += 0.6
    if m.words[-1] in DEITIES:
        votes["character"] += 3
    head = _head_of(doc, m)
    while head.dep_ == "conj" and head.head.i < head.i:
        head = head.head  # "from Selby and Nuttall": conjuncts share the first one's role
    gov = head.head
    owner = m.tok_end < len(doc) and doc[m.tok_end].lower_ in {"'s", "’s"}
    if owner:
        votes["character"] += 0.8  # "Klein's", "at Klein's": owners are mostly people
    elif head.dep_ == "pobj" and gov.lower_ == "with":
        votes["character"] += 0.5
    elif head.dep_ == "pobj":
        prep, verb = gov.lower_, gov.head
        if prep in _IN_PREPS:
            votes["location"] += 1.5
        elif prep == "at":
            votes["character" if verb.lemma_ in _LOOK else "location"] += 1.5
        elif prep in {"to", "from", "towards", "toward"}:
            if verb.lemma_ in _MOTION:
                votes["location"] += 1.5
            elif verb.lemma_ in _TALK_TO:
                votes["character"] += 1
        elif prep == "of" and verb.lemma_.split("-")[-1] in _PLACE_NOUNS:
            votes["location"] += 1.5
    elif head.dep_ in {"nsubj", "nsubjpass"} and gov.pos_ == "VERB":
        votes["character"] += 1.5 if gov.lemma_ in _PERSON_VERBS else 1
    elif head.dep_ == "poss" and gov.lemma_ in _KIN_BODY:
        votes["character"] += 1.5
    elif head.dep_ == "dobj" and gov.lemma_ in _VISIT:
        votes["location"] += 1.5
    for child in head.children:
        if child.i >= m.tok_end and (
            (child.dep_ == "appos" and child.lemma_ in PERSON_NOUNS)
            or (child.dep_ == "relcl" and any(c.lower_ in {"who", "whom", "whose"} for c in child.children))
        ):
            votes["character"] += 1.5  # "Toots, the ... pug", "Opechancanough, who was ..."
    if head.dep_ in _VOCATIVE_DEPS and m.tok_start > 0 and m.tok_end < len(doc):
        if doc[m.tok_start - 1].text in _OPEN_QUOTES and doc[m.tok_end].text in _CLOSE_VOC:
            if doc[m.tok_start - 1].text != "," or doc[m.tok_end].text != ",":
                votes["character"] += 1.5
    return votes
