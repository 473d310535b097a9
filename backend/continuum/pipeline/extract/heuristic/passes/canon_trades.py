"""Occupations beyond "X, the blacksmith" and "X was a clergyman" (passes/canon, role_forms):

- "like the wheelwright he was": a trade the clause beside a likeness says its subject is;
- "Elena Voss the chandler was taking down the shutters": a name written right before "the"
  and a trade, the two the subject of the verb that follows;
- a living: "Teaching was Elena Marsh's living", "her trade was weaving", "she earned her bread
  by sewing", "Hal made a living as a carter";
- a trade's place kept: "Ruth kept a shop", "she kept school", "he ran the mill".

A gerund or a place gives its trade family's name ("teaching" and "school" make a teacher);
a trade noun is given as written. Narration only, and only a clause the gate asserts: "if he
kept a shop", "she never earned her bread by sewing" give nothing.
"""

from __future__ import annotations

from typing import Any

from continuum.language.trades import OCCUPATIONS, TRADE_FAMILY, TRADE_PLACES
from continuum.pipeline.extract.heuristic.passes.canon_forms import (
    Fact,
    asserted,
    occupation_word,
    role_value,
    words_of,
)
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.textmap import words

LIVINGS = words("living trade calling profession livelihood occupation")
# "earned her bread by sewing", "made a living as a carter".
EARN_VERBS = words("earn make get win scrape")
EARNINGS = words("bread living livelihood keep crust")
KEEP_VERBS = words("keep run")
_BE = words("was is had has been")
_POSSESSIVE_ENDS = {"'s", "\u2019s"}


def trade_readings(view: ChapterView, tok: Any) -> Fact | None:
    """The occupation one of the wordings above gives, read at its cue word."""
    lower = tok.lower_
    if lower in LIVINGS or lower in EARNINGS:
        return _living(view, tok) or _earned(view, tok)
    if lower in TRADE_PLACES:
        return _kept(view, tok)
    if occupation_word(tok, OCCUPATIONS):
        return _like_the(view, tok) or _name_the(view, tok)
    return None


def _value(view: ChapterView, tok: Any) -> str | None:
    """A trade noun as written ("carter", "clerk of the Harbour Guild"), or a gerund's or
    place's trade family ("sewing" is the seamstress's); None for any other word."""
    if occupation_word(tok, OCCUPATIONS) and tok.lower_ not in TRADE_PLACES:
        return role_value(view, tok)
    return TRADE_FAMILY.get(tok.lower_)


def _like_the(view: ChapterView, noun: Any) -> Fact | None:
    """"like the wheelwright he was": the clause on the likeness's noun says its subject is one."""
    if noun.dep_ != "pobj" or noun.head.lower_ not in {"like", "as"}:
        return None
    clause = next((c for c in noun.children if c.dep_ == "relcl" and c.lemma_ == "be"), None)
    if clause is None or any(c.dep_ in {"neg", "mark"} for c in clause.children):
        return None
    subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
    key = view.character(subject) if subject is not None else None
    if not key or not asserted(view, clause):
        return None
    return key, "occupation", role_value(view, noun), [subject, noun], "trade_forms", clause


def _name_the(view: ChapterView, noun: Any) -> Fact | None:
    """"Elena Voss the chandler was taking down the shutters": a name, "the" and a trade, the
    subject of the verb right after (not an object: "showed Tom the blacksmith")."""
    doc = words_of(view)
    here = doc.at(noun)
    if here < 2 or doc[here - 1].lower_ != "the" or here + 1 >= len(doc):
        return None
    verb = doc[here + 1]
    name = doc[here - 2]
    key = view.character(name)
    if not key or view.token_kind[name.i] != "name" or verb.pos_ not in {"VERB", "AUX"}:
        return None
    first = here - 2
    while first > 0 and view.key(doc[first - 1]) == view.key(name):
        first -= 1
    before = doc[first - 1] if first > 0 else None
    if before is not None and (before.pos_ in {"VERB", "AUX", "ADP"} or before.text in {",", "and", "or"}
                               or before.lower_ in _POSSESSIVE_ENDS):
        return None  # "gave Tom the smith", "Hal, Tom the smith and Ruth"
    if view.token_sent[name.i] != view.token_sent[verb.i] or not asserted(view, verb):
        return None
    return key, "occupation", role_value(view, noun), [name, noun], "trade_forms", verb


def _owner(view: ChapterView, doc: Any, at: int) -> tuple[str, Any] | None:
    """The character of a possessive ending at word `at`: "her", "Elena Marsh's"."""
    tok = doc[at]
    if tok.tag_ == "PRP$":
        key = view.character(tok)
        return (key, tok) if key else None
    if tok.lower_ in _POSSESSIVE_ENDS and at > 0:
        key = view.character(doc[at - 1])
        return (key, doc[at - 1]) if key else None
    return None


def _copula(doc: Any, first: int, last: int) -> Any | None:
    """"was", "is", "had been", "has been" filling words first..last, as the verb to gate."""
    said = [doc[k].lower_ for k in range(first, last + 1)]
    if said in (["was"], ["is"], ["had", "been"], ["has", "been"]):
        return doc[last] if len(said) == 1 else doc[first]
    return None


def _living(view: ChapterView, living: Any) -> Fact | None:
    """"Teaching was Elena Marsh's living", "her trade was weaving", "his calling had been the
    sea" (no trade: nothing)."""
    if living.lower_ not in LIVINGS:
        return None
    doc = words_of(view)
    here = doc.at(living)
    at = here - 1
    if at >= 0 and doc[at].lower_ in {"own", "only", "whole"}:
        at -= 1
    if at < 0:
        return None
    owned = _owner(view, doc, at)
    if owned is None:
        return None
    start = at - 1 if doc[at].lower_ in _POSSESSIVE_ENDS else at
    while start > 0 and view.key(doc[start - 1]) == view.key(doc[start]) and view.key(doc[start]):
        start -= 1
    # "Teaching was her living": the trade before the copula.
    for width in (1, 2):
        what = start - width - 1
        if what >= 0 and doc[what].lower_.endswith("ing") and doc[what].lower_ in TRADE_FAMILY:
            copula = _copula(doc, what + 1, start - 1)
            lead = doc[what - 1] if what > 0 else None
            if copula is not None and (lead is None or lead.text in {";", ",", "\n"} or lead.is_sent_start
                                       or lead.lower_ in {"and", "but"} or doc[what].is_sent_start) \
                    and asserted(view, copula):
                return owned[0], "occupation", TRADE_FAMILY[doc[what].lower_], [doc[what], living], \
                    "trade_forms", copula
    # "her living was teaching", "Hal's trade had been the forge".
    for width in (1, 2):
        end = here + width
        if end + 1 >= len(doc):
            break
        copula = _copula(doc, here + 1, end)
        if copula is None:
            continue
        what = end + 1
        if doc[what].lower_ in {"the", "a", "an"}:
            what += 1
        if what < len(doc) and (value := _value(view, doc[what])) is not None \
                and (what + 1 >= len(doc) or doc[what + 1].pos_ not in {"NOUN", "PROPN"}) \
                and asserted(view, copula):
            return owned[0], "occupation", value, [owned[1], doc[what]], "trade_forms", copula
    return None


def _subject(view: ChapterView, verb: Any) -> tuple[str, Any] | None:
    """The character that is a verb's subject, with its token."""
    for s in view.subjects(verb):
        key = view.character(s)
        if key:
            return key, s
    return None


def _earned(view: ChapterView, earning: Any) -> Fact | None:
    """"she earned her bread by sewing", "Hal made a living as a carter"."""
    doc = words_of(view)
    here = doc.at(earning)
    if earning.lower_ not in EARNINGS or here < 2 or here + 2 >= len(doc):
        return None
    verb = doc[here - 2] if doc[here - 1].lower_ in {"his", "her", "a", "their"} else None
    if verb is None and here >= 3 and doc[here - 2].lower_ == "an" and doc[here - 1].lower_ == "honest":
        verb = doc[here - 3]
    if verb is None or verb.lemma_.lower() not in EARN_VERBS \
            or doc[here + 1].lower_ not in {"by", "as", "at"}:
        return None
    what = here + 2
    if doc[what].lower_ in {"the", "a", "an"} and what + 1 < len(doc):
        what += 1
    value = _value(view, doc[what])
    if value is None or (what + 1 < len(doc) and doc[what + 1].pos_ in {"NOUN", "PROPN"}
                         and doc[what + 1].lower_ not in {"of"}):
        return None
    subject = _subject(view, verb)
    if subject is None or not asserted(view, verb):
        return None
    return subject[0], "occupation", value, [subject[1], doc[what]], "trade_forms", verb


def _kept(view: ChapterView, place: Any) -> Fact | None:
    """"Ruth kept a shop", "she kept school", "he ran the mill" (not "kept the shop door")."""
    if place.lower_ == "light" or place.dep_ != "dobj" or place.head.lemma_.lower() not in KEEP_VERBS:
        return None
    doc = words_of(view)
    after = doc.at(place) + 1
    if after < len(doc) and doc[after].pos_ in {"NOUN", "PROPN", "PART"}:
        return None  # "kept the shop door", "the shop's"
    if any(c.dep_ == "poss" for c in place.children):
        return None  # "kept her sister's shop": someone else's
    verb = place.head
    subject = _subject(view, verb)
    if subject is None or not asserted(view, verb):
        return None
    return subject[0], "occupation", TRADE_FAMILY[place.lower_], [subject[1], place], "trade_forms", verb
