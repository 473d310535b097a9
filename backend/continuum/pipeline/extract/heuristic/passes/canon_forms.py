"""Canon facts in the wordings the dependency rules miss, read from the words around a cue.

The small parser often mislabels descriptive clauses ("the village blacksmith" as an adverb,
"eyes the colour of slate" as two objects), so these rules walk the word sequence around a
cue (a number, "eyes"/"hair", a trade noun) and ask the parse only who a clause's subject
is. Only narration counts: in dialogue "if I were a woman of forty" or "you look like a
sailor" is talk, not canon; negated and hedged clauses are dropped by the assertion gate.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from continuum.language.ages import said_age
from continuum.language.colours import SHADES
from continuum.language.people import PERSON_NOUNS
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.textmap import words

Fact = tuple[str, str, str, list[Any], str, Any | None]  # subject, predicate, value, tokens,
# rule, copula (the clause whose verdict and evidence it is)

COPULAS = frozenset({"be", "become", "remain"})
# Words that may sit between a copula and its predicate: "was already the schoolmistress".
PREDICATE_ADVERBS = words("already now still once then also by this time long since quite")
APPROXIMATORS = words("about some nearly almost perhaps roughly around past over under barely")
# ... and the rest an age is said of: "a spinster of forty", "a poor soul of ninety".
HOLDER_NOUNS = PERSON_NOUNS | words("widower spinster bachelor matron creature soul")
MORE_OCCUPATIONS = words(
    """seamstress dressmaker mapmaker cartographer treasurer harbourmaster harbormaster
    ferryman boatman watchman postman postmaster postmistress stationmaster lamplighter
    cooper wheelwright chandler glover tanner brewer vintner distiller bookseller printer
    bookbinder stationer herbalist healer mayor alderman bailiff jailer gaoler warden sheriff
    surveyor scholar librarian archivist schoolteacher headmaster headmistress nursemaid
    ostler stableboy drover ploughman woodcutter forester verger sexton organist undertaker
    gravedigger apprentice notary scrivener copyist secretary bookkeeper accountant cashier
    pawnbroker moneylender jeweller jeweler goldsmith silversmith clockmaker watchmaker
    locksmith gunsmith glassblower smuggler highwayman spy knight guard sentry nun monk abbess
    abbot deacon dentist pharmacist journalist reporter editor photographer sculptor singer
    dancer fiddler navigator helmsman pilot fisherwoman herdsman shepherdess milkmaid
    dairymaid chambermaid housemaid kitchenmaid barmaid landlady tavernkeeper carter porter
    waiter purser nanny matron lighthouse-keeper keeper ferrywoman fishmonger ironmonger
    cheesemonger costermonger weaver spinner embroiderer lacemaker ropemaker sailmaker
    shipwright boatbuilder mapseller rector magistrate physician surgeon"""
)
# "harbourmaster", "clockmaker", "gunsmith", "lighthouse keeper": trades by their ending.
TRADE_ENDINGS = ("maker", "smith", "keeper", "wright", "monger", "master", "mistress", "seller")
NOT_TRADES = words("matchmaker peacemaker mistress master keeper wordsmith taskmaster")
# What may follow a predicate noun: it ends there, it is no subject of a verb of its own.
PREDICATE_ENDS = frozenset({",", ".", ";", ":", "!", "?", "and", "but", "by", "in", "at", "with",
                            "who", "whose", "from", "for", "since", "\u2014", "--", "-"})
EMPLOY_VERBS = words("work serve employ hire engage train apprentice act labour labor")


class Words:
    """The chapter's tokens without whitespace tokens: "the\nofficers" reads as two words.

    Indexing, slicing and `len` work as on a Doc; `at(tok)` is a token's position here."""

    def __init__(self, doc: Any) -> None:
        self.doc = doc
        self.tokens = [t for t in doc if not t.is_space]
        self.position = {t.i: n for n, t in enumerate(self.tokens)}

    def __getitem__(self, index: Any) -> Any:
        return self.tokens[index]

    def __len__(self) -> int:
        return len(self.tokens)

    def at(self, tok: Any) -> int:
        """A token's position (a whitespace token: the next word's)."""
        i = tok.i
        while i not in self.position and i + 1 < len(self.doc):
            i += 1
        return self.position.get(i, len(self.tokens))


_WORDS: list[Words] = []


def words_of(view: ChapterView) -> Words:
    """The chapter's Words, built once per chapter."""
    if not _WORDS or _WORDS[0].doc is not view.doc:
        _WORDS[:] = [Words(view.doc)]
    return _WORDS[0]


def occupation_word(tok: Any, lexicon: frozenset[str]) -> bool:
    """A trade or post, written in lower case (the parser may tag it PROPN)."""
    text = tok.lower_
    if not tok.text[:1].islower() or tok.pos_ not in {"NOUN", "PROPN"}:
        return False
    lemma = tok.lemma_.lower() if tok.pos_ == "NOUN" else text
    if lemma in lexicon or text in lexicon or lemma in MORE_OCCUPATIONS:
        return True
    return lemma not in NOT_TRADES and any(
        lemma.endswith(e) and len(lemma) > len(e) + 2 for e in TRADE_ENDINGS)


def number_at(view: ChapterView, tok: Any, parse: Callable[[str], int | None]) -> int | None:
    """The age a number word (with its hyphenated parts: "thirty-two") states, if plausible."""
    doc = words_of(view)
    last = doc.at(tok)
    while last + 2 < len(doc) and doc[last + 1].text == "-" and doc[last + 2].like_num:
        last += 2
    value = parse(view.text[tok.idx : doc[last].idx + len(doc[last].text)])
    return value if value is not None and 0 < value < 120 else None


def _sentence_tokens(view: ChapterView, tok: Any) -> tuple[int, int]:
    """Word positions [first, last] of the literary sentence holding a token."""
    doc, sent = words_of(view), view.token_sent[tok.i]
    first = doc.at(tok)
    while first > 0 and view.token_sent[doc[first - 1].i] == sent:
        first -= 1
    last = doc.at(tok)
    while last + 1 < len(doc) and view.token_sent[doc[last + 1].i] == sent:
        last += 1
    return first, last


def subject_of(view: ChapterView, copula: Any) -> tuple[str, Any] | None:
    """The character a copula's clause is about: its parsed subject, else the name right
    before it ("Tom Heller was" when the parser lost the subject)."""
    for s in view.subjects(copula):
        key = view.character(s)
        if key:
            return key, s
    first, _ = _sentence_tokens(view, copula)
    doc = words_of(view)
    j = doc.at(copula) - 1
    while j >= first and j >= doc.at(copula) - 3 and doc[j].pos_ == "ADV":
        j -= 1
    if j >= first:
        key = view.character(doc[j])
        if key:
            return key, doc[j]
    return None


def np_start(view: ChapterView, head: Any) -> int | None:
    """Where the noun phrase ending at `head` begins ("the old village blacksmith"), or None
    when it is someone's ("his servant", "Darcy's steward": a relationship, not a trade)."""
    doc = words_of(view)
    j = doc.at(head)
    while j > 0:
        prev = doc[j - 1]
        if prev.tag_ == "PRP$" or view.character(prev):
            return None
        if prev.lower_ in {"'s", "\u2019s"} and (j < 2 or doc[j - 2].pos_ != "PROPN") \
                and not (j >= 2 and doc[j - 2].text[:1].isupper()) and doc[j].lower_ != "own":
            return None  # "the owner's servant": whose, not what ("the Company's", "its own": a post)
        if prev.pos_ in {"DET", "ADJ", "NUM"} or prev.text == "-" or prev.lower_ in {"'s", "’s"} \
                or (prev.pos_ in {"NOUN", "PROPN"} and not prev.is_punct):
            j -= 1
            continue
        break
    return j


def copula_before(view: ChapterView, start: int) -> Any | None:
    """The copula a predicate starting at token `start` belongs to, looking left across
    adverbs and the earlier items of a list ("was forty years old, a widow, and the innkeeper")."""
    doc = words_of(view)
    first, _ = _sentence_tokens(view, doc[start])
    listed = False
    for j in range(start - 1, max(first, start - 16) - 1, -1):
        tok = doc[j]
        if tok.lemma_.lower() in COPULAS and tok.pos_ in {"AUX", "VERB"}:
            return tok
        if tok.lower_ in PREDICATE_ADVERBS or tok.pos_ == "ADV":
            continue
        if tok.text in {",", "and"}:
            listed = True
            continue
        if not listed or tok.pos_ in {"VERB", "SCONJ", "PRON"} or tok.is_quote or view.key(tok):
            return None
    return None


def predicate_ends(view: ChapterView, head: Any) -> bool:
    """The noun phrase ends the clause (or a list item) rather than starting one of its own."""
    doc = words_of(view)
    j = doc.at(head) + 1
    if j < len(doc) and doc[j].lower_ == "of":  # "the clerk of the Harbour Guild"
        j = doc.at(doc[j].right_edge) + 1
    return j >= len(doc) or doc[j].lower_ in PREDICATE_ENDS


def name_beside(view: ChapterView, start: int, end: int) -> Any | None:
    """A character's name set off by commas beside a phrase: "Tom, the smith," / "the smith,
    Tom,"; or written right after it ("the blacksmith Tom Heller"). Not in a list ("the
    squire, the doctor, Gray and I")."""
    doc = words_of(view)
    if start >= 2 and doc[start - 1].text == "," and view.token_kind[doc[start - 2].i] == "name":
        name = doc[start - 2]
        run = _name_run_start(view, name)
        if _list_follows(doc, end) or (run > 0 and doc[run - 1].text in {",", "and"}):
            return None  # "Captain Smollett, the squire, and Dr. Livesey"
        if view.character(name):
            return name
    if start > 0 and doc[start - 1].text in {",", "and"}:
        return None
    after = end + 1
    if after < len(doc) and doc[after].text == ",":
        after += 1
    if after < len(doc) and view.token_kind[doc[after].i] == "name" and view.character(doc[after]):
        last = after
        while last + 1 < len(doc) and view.key(doc[last + 1]) == view.key(doc[after]):
            last += 1
        if (last + 1 < len(doc) and doc[last + 1].lower_ in {"and", "or"}) or _list_follows(doc, last):
            return None  # "the captain, Mr. Arrow, Hunter, Joyce"
        return doc[after]
    return None


def _list_follows(doc: Words, end: int) -> bool:
    """More comma-separated items follow a phrase: ", and Joyce", ", Hunter,"."""
    if end + 2 >= len(doc) or doc[end + 1].text != ",":
        return False
    nxt = doc[end + 2]
    return nxt.lower_ in {"and", "or"} or nxt.pos_ in {"PROPN", "DET", "NOUN"}


def _name_run_start(view: ChapterView, name: Any) -> int:
    doc = words_of(view)
    j = doc.at(name)
    while j > 0 and view.key(doc[j - 1]) == view.key(name):
        j -= 1
    return j


def narration(view: ChapterView) -> Iterator[Any]:
    """Tokens of the story's narration: no dialogue, no editorial brackets."""
    for tok in view.tokens:
        if not view.in_quote(tok) and not view.is_markup(tok):
            yield tok


def asserted(view: ChapterView, verb: Any | None) -> bool:
    return verb is None or view.verdict(verb).asserted


def _holder_of_noun(view: ChapterView, noun: Any, end: int) -> tuple[str, Any, Any | None] | None:
    """Who a descriptive noun phrase ("a woman of forty") is about: the noun itself, a name
    beside it, or the subject of the copula it is the predicate of."""
    key = view.character(noun)
    if key:
        return key, noun, None
    start = np_start(view, noun)
    if start is None:
        return None
    name = name_beside(view, start, end)
    if name is not None:
        return view.character(name) or "", name, None
    copula = copula_before(view, start)
    if copula is None:
        return None
    found = subject_of(view, copula)
    return (found[0], found[1], copula) if found else None


def age_forms(view: ChapterView, tok: Any, parse: Callable[[str], int | None]) -> Fact | None:
    """"a man of about sixty", "Anna, aged thirty,", "she was nineteen", "At nineteen she was
    …", "turned forty", "the forty-year-old widow"."""
    doc = words_of(view)
    here = doc.at(tok)
    if here > 0 and doc[here - 1].text == "-":
        return None  # the second half of "thirty-two"
    age = number_at(view, tok, parse)
    if age is None:
        return None
    last = here
    while last + 2 < len(doc) and doc[last + 1].text == "-" and doc[last + 2].like_num:
        last += 2
    j = here - 1
    while j >= 0 and doc[j].lower_ in APPROXIMATORS:
        j -= 1
    prev = doc[j] if j >= 0 else None
    nxt = doc[last + 1] if last + 1 < len(doc) else None
    holder: tuple[str, Any, Any | None] | None = None
    if nxt is not None and nxt.text == "-" and [t.lower_ for t in doc[last + 2 : last + 5]] in (
            ["year", "-", "old"], ["years", "-", "old"]):
        noun = next((t for t in doc[last + 5 : last + 9] if t.pos_ in {"NOUN", "PROPN"}), None)
        holder = _holder_of_noun(view, noun, doc.at(noun)) if noun is not None else None
    elif prev is None or (nxt is not None and nxt.pos_ == "NOUN" and nxt.lower_ not in {"years"}):
        return None  # "of two minds", "three men"
    elif prev.lower_ == "of" and j > 0 and doc[j - 1].lemma_.lower() in HOLDER_NOUNS:
        holder = _holder_of_noun(view, doc[j - 1], last)
    elif prev.lower_ == "aged":
        before = doc[j - 1] if j > 0 and doc[j - 1].text != "," else doc[j - 2] if j > 1 else None
        if before is not None and view.character(before):
            holder = (view.character(before) or "", before, None)
        elif before is not None and before.lemma_.lower() in HOLDER_NOUNS:
            holder = _holder_of_noun(view, before, j - 1)
    elif prev.lemma_.lower() in COPULAS | {"turn"} and prev.pos_ in {"AUX", "VERB"}:
        if nxt is not None and nxt.lower_ not in PREDICATE_ENDS - {"by", "in", "at", "from", "for"} \
                and nxt.lower_ not in {"now", "then", "that", "this"}:
            return None  # "was nine o'clock", "were three in number"
        if j > 0 and doc[j - 1].lower_ in {"had", "'d", "\u2019d", "would", "will"}:
            return None  # "because he had been fourteen": an age once, not now
        found = subject_of(view, prev)
        holder = (found[0], found[1], prev) if found else None
    elif prev.lower_ == "at" and age >= 13 and j <= _sentence_tokens(view, tok)[0] + 1:
        verb = prev.head  # "At nineteen, Tess was already the schoolmistress"
        if verb.lemma_.lower() in COPULAS:
            found = subject_of(view, verb)
            holder = (found[0], found[1], verb) if found else None
    if holder is None or not holder[0] or not asserted(view, holder[2]):
        return None
    bound = " ".join(t.lower_ for t in doc[j + 1 : here]) or None  # "nearly twenty": "nearly 20"
    return holder[0], "age", said_age(age, bound), [holder[1], tok, doc[last]], \
        "age_at" if prev is not None and prev.lower_ == "at" else "age_forms", holder[2]


def _colour_run(view: ChapterView, first: int, step: int, palette: frozenset[str]) -> tuple[int, int]:
    """The run of colour words from `first` going by `step`: "pale blue", "iron-grey"."""
    doc = words_of(view)
    j, end = first, first
    while 0 <= j < len(doc) and (doc[j].lower_ in palette or doc[j].lower_ in SHADES
                                 or (doc[j].text == "-" and j != first)):
        end = j
        j += step
    if end == first and not (0 <= first < len(doc) and (doc[first].lower_ in palette
                                                         or doc[first].lower_ in SHADES)):
        return 1, 0  # none
    lo, hi = sorted((first, end))
    while lo <= hi and doc[lo].text == "-":
        lo += 1
    while hi >= lo and doc[hi].text == "-":
        hi -= 1
    if not any(doc[k].lower_ in palette for k in range(lo, hi + 1)):
        return 1, 0
    return lo, hi


def colour_forms(view: ChapterView, noun: Any, eyes: frozenset[str], hair: frozenset[str],
                 possessor: Callable[[Any, Any], str | None]) -> Fact | None:
    """"her pale blue eyes", "Nell's eyes were grey", "eyes the colour of slate", "had hair the
    colour of straw", "had blue eyes and fair hair"."""
    doc = words_of(view)
    here = doc.at(noun)
    predicate = "eye_colour" if noun.lower_.startswith("eye") else "hair_colour"
    palette = eyes if predicate == "eye_colour" else hair
    lo, hi = _colour_run(view, here - 1, -1, palette)
    copula = None
    rule = "colour_forms"
    if hi >= lo:
        value = view.text[doc[lo].idx : doc[hi].idx + len(doc[hi].text)].lower()
        before = lo - 1
    else:
        before = here - 1
        while before >= 0 and doc[before].pos_ == "ADJ":
            before -= 1  # "her sharp eyes"
        k = here + 1
        if k < len(doc) and doc[k].text == ",":
            k += 1
        if k < len(doc) and doc[k].lemma_.lower() in COPULAS:
            copula = doc[k]
            k += 1
        while k < len(doc) and (doc[k].pos_ == "ADV" or doc[k].lower_ in {"a", "an", "of", "as"}):
            k += 1
        lo, hi = _colour_run(view, k, 1, palette)
        if hi >= lo:
            value = view.text[doc[lo].idx : doc[hi].idx + len(doc[hi].text)].lower()
            if hi + 1 < len(doc) and doc[hi + 1].lower_ in {"with", "from"}:
                return None  # "white with flour", "red from weeping": a state, not a colour
        elif k + 3 < len(doc) and doc[k].lower_ == "the" and doc[k + 1].lower_ in {"colour", "color"} \
                and doc[k + 2].lower_ == "of":
            shade = next((t for t in doc[k + 3 : k + 7] if t.pos_ == "NOUN"), None)
            if shade is None:
                return None
            first = k + 3 if doc[k + 3].pos_ != "DET" else k + 4
            value = view.text[doc[first].idx : shade.idx + len(shade.text)].lower()
            hi = doc.at(shade)
            rule = "colour_likeness"  # a colour read from a thing, not a colour word
        else:
            return None
    owner = doc[before] if before >= 0 else None
    key: str | None = None
    holder_tok = owner
    if owner is not None and owner.tag_ == "PRP$":
        key = possessor(owner, noun)
    elif owner is not None and owner.lower_ in {"'s", "\u2019s"} and before > 0:
        holder_tok = doc[before - 1]
        key = view.character(holder_tok)
    elif copula is None:
        head = noun
        while head.dep_ == "conj" and head.head != head:
            head = head.head  # "had blue eyes and fair hair"
        if head.dep_ == "dobj" and head.head.lemma_.lower() == "have":
            copula = head.head
            found = next(((view.character(s), s) for s in view.subjects(copula)
                          if view.character(s)), None)
            if found is not None:
                key, holder_tok = found
    if not key or holder_tok is None or not asserted(view, copula):
        return None
    return key, predicate, value, [holder_tok, noun, doc[hi]], rule, copula


def role_value(view: ChapterView, noun: Any) -> str:
    """A trade or post, with the named body it serves: "clerk of the Harbour Guild"."""
    word = noun.lemma_.lower() if noun.pos_ == "NOUN" else noun.lower_
    doc = words_of(view)
    j = doc.at(noun) + 1
    if j + 1 < len(doc) and doc[j].lower_ == "of":
        k = j + 1 + (doc[j + 1].lower_ == "the")
        names = []
        while k < len(doc) and doc[k].text[:1].isupper() and doc[k].pos_ == "PROPN":
            names.append(doc[k].text)
            k += 1
        if names:
            article = "the " if doc[j + 1].lower_ == "the" else ""
            return f"{word} of {article}{' '.join(names)}"
    return word


def role_forms(view: ChapterView, noun: Any) -> Fact | None:
    """"was the village schoolmistress", "a widow, and the innkeeper of the Lantern Inn",
    "the harbourmaster, Jonah Pike,", "the blacksmith Tom Heller", "worked as a carpenter"."""
    start = np_start(view, noun)
    doc = words_of(view)
    if start is None or (doc.at(noun) + 1 < len(doc) and doc[doc.at(noun) + 1].lower_ in {"'s", "\u2019s"}):
        return None  # "carpenter's mate": the trade is someone else's
    end = doc.at(noun)
    if end + 1 < len(doc) and doc[end + 1].lower_ == "of":
        end = doc.at(doc[end + 1].right_edge)
    copula = None
    found: tuple[str, Any] | None = None
    if predicate_ends(view, noun):
        copula = copula_before(view, start)
        found = subject_of(view, copula) if copula is not None else None
    if found is None:
        copula = None
        name = name_beside(view, start, end)
        if name is not None:
            found = (view.character(name) or "", name)
    if found is None and start > 0 and doc[start - 1].lower_ == "as":
        verb = doc[start - 1].head
        if verb.lemma_.lower() in EMPLOY_VERBS:
            copula = verb
            found = next(((view.character(s) or "", s) for s in view.subjects(verb)
                          if view.character(s)), None)
    if not found or not found[0] or not asserted(view, copula):
        return None
    return found[0], "occupation", role_value(view, noun), [found[1], noun], "role_forms", copula
