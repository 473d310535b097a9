"""Descriptions of people and places from what the narration says of them.

Two forms, both read from the parse of a sentence in narration (never speech, which may be
one character's opinion of another), where the name itself is the head, or a "he" or "she"
opening a main clause whose person is certain ("As for Mr. Hurst, by whom Elizabeth sat, he
was an indolent man"; a clause after a semicolon is a main clause too: "The Frank Churchill
so long talked of … ; he was a _very_ good looking young man": `_certain_pronoun`):
- an apposition that is a described noun phrase: "Mr. Collins, a tall, heavy-looking young
  man of five-and-twenty";
- a copular clause whose subject is the name: "Mr. Bennet was so odd a mixture of quick
  parts, sarcastic humour, reserve, and caprice", "Harriet Smith was the natural daughter
  of somebody" (a person's noun with "the" only when an of-phrase says whose, or a
  superlative ranks them: "He was the proudest, most disagreeable man in the world");
- adjectives set off after a person's name, three or more: "Emma Woodhouse, handsome, clever,
  and rich, with a comfortable home and happy disposition, seemed …";
- a trade or office set off beside a name, outside a list: "the coxswain, Israel Hands",
  "Redruth, the gamekeeper" (two words are enough here: `calling_beside`);
- for a person new to the story whom the chapter describes no other way, the office their
  name's title tells: "Dr. Livesey" is "the doctor", "Squire Trelawney" "the squire"
  (`office_of`; never a woman's name, nor two offices), until a later chapter says more; so
  too for a person the story knows but never described, by the titles the narration calls
  them by (not a "Cap'n Hawkins" said only in speech).

The phrase must stand on its own (no "his", "her", "this": its meaning would be lost out
of context; a modifier set off by a comma that points so is cut: "a sensible, gentlemanlike
man, greatly superior to his sister" keeps "a sensible, gentlemanlike man"; a semicolon ends
it), hold a common noun, and be 3 to 30 words long. A person's is headed by a noun
for a person (a girl, a clergyman, a friend, "a sort of general friend"; `person_head`), so
"Jane had been a week in town" and "Emma was a good deal ..." describe nobody. The first such phrase in the
chapter is the entity's description as of this chapter; the spine keeps an earlier one.
"""

from __future__ import annotations

from typing import Any

from continuum.language.names import FEMALE_HONORIFICS, OFFICE_TITLES, TITLE_SPELLINGS, split_honorific
from continuum.language.people import DESCRIPTION_HEADS
from continuum.language.trades import OCCUPATIONS
from continuum.pipeline.extract.heuristic.passes.certainty import certain
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.nominals import EPITHET_HEADS
from continuum.pipeline.extract.heuristic.passes.relation_words import RELATION_NOUNS
from continuum.pipeline.extract.schema import EntityItem

_DESCRIBED_KINDS = ("character", "location")
# "he was an indolent man" (Mr. Hurst): a narration pronoun whose person is certain
# (`certainty.certain`) is described as its name would be.
_SUBJECT_PRONOUNS = frozenset({"he", "she"})
_COPULAS = frozenset({"be"})
_CLAUSES = frozenset({"relcl", "advcl"})  # "a man who ...": the description stops before it
_INDEFINITE = frozenset({"a", "an"})
_DEICTIC = frozenset({"this", "that", "these", "those", "such"})
_PERSONAL = frozenset({"PRP", "PRP$", "WP", "WP$"})  # "his", "them", "whose"
MIN_WORDS, MAX_WORDS = 3, 30
_BREAKS = frozenset({",", ";", "--", "\u2014"})  # where a set-off modifier begins
_LISTING = frozenset({"and", "or", "nor"})
MIN_ADJECTIVES = 3  # "handsome, clever, and rich"
OWNED_PEOPLE = frozenset(RELATION_NOUNS) | OCCUPATIONS  # "his son", "her maid": someone else
PERSON_HEADS = DESCRIPTION_HEADS | OCCUPATIONS | EPITHET_HEADS | frozenset(RELATION_NOUNS)
_SORTS = frozenset({"sort", "kind", "type"})  # "a sort of general friend and adviser"


def describe_entities(view: ChapterView, items: dict[str, EntityItem]) -> int:
    """Give each character or place without a description the first one the chapter states."""
    described = 0
    for tok in view.tokens:
        key = view.key(tok)
        item = items.get(key or "")
        if item is None or item.description or item.type not in _DESCRIBED_KINDS:
            continue
        named = _name_head(view, tok)
        if view.in_quote(tok) or not (named or _certain_pronoun(view, tok, key or "")):
            continue
        head = _apposition(tok) if named else None
        calling = head is not None and calling_beside(head, tok)
        head = head or _copula(view, tok)
        if head is not None and item.type == "character" and not person_head(head):
            continue
        phrase = _phrase(head, calling) if head is not None else None
        if phrase is None and item.type == "character" and named:
            phrase = _adjective_gloss(tok)
        if phrase is not None:
            item.description = phrase
            described += 1
    for key, item in items.items():
        if item.description is not None or item.type != "character":
            continue
        known = view.known_entity(key)
        if known is None:
            item.description = office_of(item)
        elif not known.described:  # "Mr. Trelawney" of chapter 6, "Squire Trelawney" of 7
            item.description = office_of(item, _narrated_names(view, item))
        described += item.description is not None
    return described


def _narrated_names(view: ChapterView, item: EntityItem) -> list[str]:
    """The names the chapter's narration calls a person by: a title said only in speech
    (Israel Hands's mocking "Cap'n Hawkins" to Jim) is no office of theirs."""
    return [m.text for m in item.mentions if not view.char_in_quote(m.start)]


def _name_head(view: ChapterView, tok: Any) -> bool:
    """A name's word, capitalised, whatever the tagger made of it ("Drummle, an old-looking
    young man …": the tagger read "Drummle" as a common noun)."""
    return view.token_kind[tok.i] == "name" and tok.pos_ in {"PROPN", "NOUN"} and tok.text[:1].isupper()


def office_of(item: EntityItem, names: list[str] | None = None) -> str | None:
    """"the doctor" of a person whom a name calls by the title of an office ("Dr. Livesey",
    "Squire Trelawney", "Captain Smollett"), when the chapter describes them no other way: a
    person new to the story by any of their names, a person the story knows but never
    described by the `names` given (the narration's); a later chapter's description takes
    its place."""
    names = [item.name, *item.aliases] if names is None else names
    titles = {t for t in (split_honorific(" ".join(n.split()))[0] for n in names) if t}
    offices = titles & OFFICE_TITLES
    if len(offices) != 1 or titles & FEMALE_HONORIFICS:
        return None  # two offices, or a "Mrs. Hughes" the doctor's name was joined to
    title = offices.pop()
    return f"the {TITLE_SPELLINGS.get(title, title)}"


def _certain_pronoun(view: ChapterView, tok: Any, key: str) -> bool:
    """A "he" or "she" opening a main clause, whose person is certain, with no other person
    spoken of by a noun since the sentence before ("I had never seen the squire so near at
    hand. He was a tall man": the squire, not the doctor named before him; "an odd idea
    that he was a square, stout, dark man": a fancy of "my father")."""
    if tok.lower_ not in _SUBJECT_PRONOUNS or not _opens_main_clause(tok) or not certain(view, tok, key):
        return False
    sentence = view.token_sent[tok.i]
    j = tok.i - 1
    while j >= 0 and view.token_sent[j] >= sentence - 1:
        other = view.doc[j]
        if view.token_kind[j] == "name" and view.token_key[j] == key:
            return True  # named in the sentence since: "The Frank Churchill … ; he was …"
        if other.pos_ == "NOUN" and view.token_kind[j] != "name" and person_head(other) \
                and not _owned_by(view, other, key) and not _of_a_noun(other):
            return False  # not "His character was decided. He was …": his own
        j -= 1
    return True


def _of_a_noun(noun: Any) -> bool:
    """A person-noun inside another noun's phrase ("devoted to the care of a failing mother"):
    what the phrase is about, not someone a following "she" may be."""
    prep = noun.head
    return noun.dep_ == "pobj" and prep.dep_ == "prep" and prep.head.pos_ == "NOUN"


def _opens_main_clause(pronoun: Any) -> bool:
    """The subject of the sentence's main verb, or of a main clause joined to it by a
    semicolon ("…; he was a _very_ good looking young man")."""
    verb, doc = pronoun.head, pronoun.doc
    return verb.dep_ == "ROOT" or (verb.dep_ == "conj" and pronoun.i > 0
                                   and doc[pronoun.i - 1].text == ";")


def _owned_by(view: ChapterView, noun: Any, key: str) -> bool:
    """"His character", "her beauty", "her youth": a word that may name a person but, owned
    by the person themselves, names their nature or their years (not "his son", "my
    father's", "his servant": another person)."""
    return noun.lemma_.lower() not in OWNED_PEOPLE and any(
        c.dep_ == "poss" and view.token_key[c.i] == key for c in noun.children)


def _misparsed_list(attr: Any) -> bool:
    """"a tall, gentlemanlike, and very clever man": the parser may head the phrase with its
    first adjective and hang the noun on it as a conjunct; the phrase is still the noun's."""
    return attr.pos_ == "ADJ" and any(d.dep_ == "det" and d.lower_ in _INDEFINITE
                                      for d in attr.children) and _listed_noun(attr) is not None


def _listed_noun(adjective: Any) -> Any | None:
    return next((c for c in adjective.conjuncts if c.pos_ == "NOUN"), None)


def person_head(noun: Any) -> bool:
    """Whether a described noun phrase can be of a person: its head (or what a "sort of"
    names) is a noun for a person, a trade or a tie to another."""
    if noun.pos_ == "ADJ":
        noun = _listed_noun(noun) or noun  # `_misparsed_list`
    if noun.lemma_.lower() in _SORTS:
        of = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        noun = next((c for c in of.children if c.dep_ == "pobj"), noun) if of is not None else noun
    return noun.lemma_.lower() in PERSON_HEADS or noun.lower_ in PERSON_HEADS


def _apposition(tok: Any) -> Any | None:
    for child in tok.children:
        if child.dep_ == "appos" and child.pos_ == "NOUN" and (
                _described(child) or calling_beside(child, tok)):
            return child
    if tok.dep_ == "appos" and tok.head.pos_ == "NOUN" and calling_beside(tok.head, tok):
        return tok.head  # "the coxswain, Israel Hands, was ..."
    return None


def calling_beside(noun: Any, name: Any) -> bool:
    """"Redruth, the gamekeeper", "the coxswain, Israel Hands": a trade or office set off
    beside a name says what the person is, even in two words; never in a list, whose commas
    part people ("the doctor, Gray, and Ben Gunn joined us")."""
    return noun.lemma_.lower() in OCCUPATIONS and any(
        d.dep_ == "det" and d.lower_ == "the" for d in noun.children) and not any(
        d.dep_ == "case" for d in noun.children) and not _listed(
        min(noun, name, key=lambda t: t.i), max(noun, name, key=lambda t: t.i))


def _listed(first: Any, second: Any) -> bool:
    """Whether the pair stands in a list of people: another name or an "and" right after the
    second's phrase ("the doctor, Gray, and Ben Gunn"; "the captain, Mr. Arrow, Hunter"), or
    a name and comma right before the first ("Captain Smollett, the squire, and")."""
    doc = first.doc
    j = second.i + 1
    while j < len(doc) and doc[j].text not in _BREAKS and doc[j].text not in {".", "!", "?"} \
            and doc[j].dep_ != "cc":
        j += 1
    after = [t for t in doc[j:j + 2]]
    if after and (after[0].lower_ in _LISTING or (after[0].text == "," and len(after) > 1 and (
            after[1].pos_ == "PROPN" or after[1].lower_ in _LISTING))):
        return True
    k = first.left_edge.i - 1  # "Hunter, the captain", "Hunter and the captain"
    return k > 0 and (doc[k].lower_ in _LISTING or doc[k].text == ",") and \
        doc[k - 1].pos_ == "PROPN"


def _described(noun: Any) -> bool:
    """"a tall young man", "the large and populous village", "the wife of Mr. Collins": not
    "the principal object"."""
    dets = {d.lower_ for d in noun.children if d.dep_ in {"det", "predet"}}
    adjectives = [a for d in noun.children if d.dep_ == "amod"
                  for a in (d, *d.conjuncts)]
    return bool(dets & _INDEFINITE) or ("the" in dets and (len(adjectives) >= 2 or _of_whom(noun)))


def _of_whom(noun: Any) -> bool:
    """"the natural daughter of somebody", "the wife of Mr. Collins", "Mr. Wopsle's
    great-aunt's granddaughter": a noun for a person with an of-phrase or a named owner saying
    whose, which describes rather than identifies."""
    return person_head(noun) and (_named_owner(noun) or any(
        g.dep_ == "pobj" and (g.pos_ == "PROPN" or (g.tag_ == "NN" and (g.pos_ == "PRON" or person_head(g))))
        for c in noun.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children))


def _named_owner(noun: Any) -> bool:
    """Whether a possessive chain of people ends in a name: "Mr. Wopsle's great-aunt's"."""
    owner = next((c for c in noun.children if c.dep_ == "poss"), None)
    if owner is None:
        return False
    return owner.pos_ == "PROPN" or (owner.pos_ == "NOUN" and person_head(owner) and _named_owner(owner))


def _adjective_gloss(name: Any) -> str | None:
    """"Emma Woodhouse, handsome, clever, and rich, with a comfortable home and happy
    disposition, seemed …": adjectives set off after a name, three or more of them (a portrait,
    not a passing state), and what the commas enclose with them."""
    doc = name.doc
    first = next((c for c in name.children if c.dep_ == "amod" and c.pos_ == "ADJ"
                  and c.i > name.i and doc[c.i - 1].text == ","), None)
    if first is None or len(first.conjuncts) < MIN_ADJECTIVES - 1:
        return None  # "Jim Hawkins, safe and sound, …" is how he is, not who
    return _standalone(list(doc[first.i:max(t.i for t in name.subtree) + 1]))


def _copula(view: ChapterView, tok: Any) -> Any | None:
    if tok.dep_ != "nsubj" or tok.head.lemma_ not in _COPULAS:
        return None
    verb = tok.head
    if not view.verdict(verb).asserted:
        return None  # "was not a man to ...", "might be a fool"
    attr = next((c for c in verb.children if c.dep_ == "attr" and (
        c.pos_ == "NOUN" or _misparsed_list(c))), None)
    if attr is None or not (any(d.lower_ in _INDEFINITE for d in attr.children)
                            or attr.left_edge.lower_ in _INDEFINITE  # "a _very_ good looking man"
                            or _of_whom(attr) or _superlative(attr)):
        return None  # "was the one" identifies rather than describes
    return attr


def _superlative(noun: Any) -> bool:
    """"the proudest, most disagreeable man in the world": "the" with a superlative ranks the
    person among all others, which describes them."""
    return any(d.dep_ == "det" and d.lower_ == "the" for d in noun.children) and any(
        a.tag_ == "JJS" or any(m.lower_ in {"most", "least"} for m in a.children)
        for c in noun.children if c.dep_ == "amod" for a in (c, *c.conjuncts))


def _pointing(tok: Any) -> bool:
    """A word whose meaning is lost out of context: "his", "them", "this" (not "somebody")."""
    return tok.tag_ in _PERSONAL or tok.lower_ in _DEICTIC


def _phrase(head: Any, calling: bool = False) -> str | None:
    """The noun phrase under `head`, up to its first clause, if it can stand on its own; a
    calling (`calling_beside`) is its own words up to the first comma ("the clerk at church"), never
    the name set off beside it or a list after it."""
    if calling:
        aside = {t.i for c in head.children if c.dep_ in {"appos", "conj", "cc", "relcl"}
                 for t in c.subtree}
        end = next((t.i for t in head.subtree if t.i > head.i and t.text in _BREAKS), None)
        return _standalone([t for t in head.subtree if t.i not in aside
                            and (end is None or t.i < end)], head, least=2)
    clause = min((t.i for c in head.subtree if c.dep_ in _CLAUSES and c.i != head.i
                  for t in c.subtree), default=None)
    stop = next((t.i for t in head.subtree if t.i > head.i and t.text == ";"), None)
    tokens = [t for t in head.subtree if (clause is None or t.i < clause)
              and (stop is None or t.i < stop)]  # a semicolon ends the phrase's clause
    return _standalone(tokens, head)


def _standalone(tokens: list[Any], head: Any | None = None, least: int = MIN_WORDS) -> str | None:
    """The text of the tokens, if it can stand on its own: 3 to 30 words, none pointing.

    A pointing word after a comma past the head ends the phrase at that comma: "a sensible,
    gentlemanlike man, greatly superior to his sister" is "a sensible, gentlemanlike man"."""
    pointing = next((t for t in tokens if _pointing(t)), None)
    if pointing is not None:
        breaks = [t for t in tokens if t.i < pointing.i and t.text in _BREAKS
                  and (head is None or t.i > head.i)]
        tokens = [t for t in tokens if breaks and t.i < breaks[-1].i]
    words = [t for t in tokens if not t.is_punct]
    if not least <= len(words) <= MAX_WORDS or any(_pointing(t) for t in tokens):
        return None
    span = tokens[0].doc[tokens[0].i:tokens[-1].i + 1]  # its own words: Doc.text re-joins them all
    text = " ".join(span.text.split()).strip(" ,;:-")
    return text or None
