"""A name a speaker gives as their own: in answer to "What is your name?", or "My name is …".

'"What is your real name?" I asked him in a whisper. / "Magwitch," he answered, in the same
tone; "chrisen'd Abel."' (Great Expectations ch. 40): the man the chapter has called Provis
since "I took the name of Provis" gives the name he was born to. So: a quotation asking its
listener's name ("your" and "name", ending in "?"), and the next quotation opening with a
name and a stop ("Magwitch,"), whose tag names its speaker (by name, or by a pronoun the
resolver placed): the name is that speaker's, when the speaker is someone else than the
asker and than the name's own entity. So too a name a speaker says is theirs: '"My name," he
said, "is Jaggers, and I am a lawyer in London."' (ch. 18: the man the chapter calls "the
strange gentleman"), in one quotation or split by its tag. Only a name new to the story is
folded so; one answer never makes a known person someone else.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from continuum.pipeline.extract.heuristic.coref import KeyedSpan, quote_speakers, quote_tokens
from continuum.pipeline.extract.heuristic.document import ResolvedMention
from continuum.pipeline.extract.schema import EntityItem

# What may close the name an answer opens with: '"Magwitch," he answered', '"Provis."'.
_STOPS = frozenset({",", ".", "!", ";", "--", "\u2014"})
_IS = frozenset({"is", "'s", "\u2019s"})
# What ends the clause before a question that opens its own sentence ("… other. Who's …").
_CLAUSE_ENDS = (_STOPS - {","}) | {"?", ":"}
# How many quotations after "Who's the Spider?" may answer it: '"The spider?" said I. / "The
# blotchy, sprawly, sulky fellow." / "That's Bentley Drummle," I replied' (ch. 26).
WHO_ANSWER_WITHIN = 3


def names_answered(
    doc: Any, quote_ids: list[int], keyed: Sequence[KeyedSpan], pronouns: Sequence[ResolvedMention],
    entities: Mapping[str, EntityItem], known: Collection[str],
) -> dict[str, str]:
    """{entity of a name a speaker gave as their own: entity of that speaker}."""
    quotes = quote_tokens(quote_ids)
    name_at = {j: k.key for k in keyed for j in range(k.tok_start, k.tok_end)}
    resolved: dict[int, str] = {}
    for p in pronouns:
        span = doc.char_span(p.start, p.end)
        if span is not None:
            resolved[span[0].i] = p.entity_key
    speakers = quote_speakers(doc, quote_ids, name_at, resolved)
    ids = sorted(quotes)
    said: list[tuple[str | None, str | None]] = []  # (name, whose)
    for asked, answer in zip(ids, ids[1:], strict=False):
        if _asks_a_name(doc, quotes[asked]):
            answerer = speakers.get(answer)
            if answerer != speakers.get(asked):
                said.append((_opening_name(doc, quotes[answer], name_at), answerer))
    for k, q in enumerate(ids):
        after = quotes[ids[k + 1]] if k + 1 < len(ids) else []
        own = _own_name(doc, quotes[q], after, name_at)
        said.append((_carrier(own, entities) if own is not None else None, speakers.get(q)))
    by_name = {n: key for key, e in entities.items() for n in (e.name, *e.aliases)}
    for k, q in enumerate(ids):
        who = _asks_who(doc, quotes[q], name_at, by_name)
        if who is not None:
            said += [(who, named) for later in ids[k + 1 : k + 1 + WHO_ANSWER_WITHIN]
                     if (named := _that_is(doc, quotes[later], name_at)) is not None][:1]
    found: dict[str, str] = {}
    for key, whose in said:
        if key is None or whose is None or whose == key:
            continue
        item, person = entities.get(key), entities.get(whose)
        if item is None or person is None or item.type != "character" or \
                person.type != "character" or item.name.lower() in known:
            continue
        found[key] = whose
    return found


def _own_name(
    doc: Any, toks: list[int], after: list[int], name_at: Mapping[int, str],
) -> tuple[str, str] | None:
    """The name a quotation says is its speaker's, as (entity key or "", the word said): "My
    name is Jaggers", or "My name," and, past the tag, "is Jaggers"."""
    words = _words(doc, toks)
    lowered = [doc[j].lower_ for j in words]
    if lowered[:3] == ["my", "name", "is"]:
        rest = words[3:]
    elif lowered == ["my", "name", ","]:
        rest = _words(doc, after)
        if not rest or doc[rest[0]].lower_ != "is":
            return None
        rest = rest[1:]
    else:
        return None
    if not rest or not doc[rest[0]].text[:1].isupper():
        return None
    closed = len(rest) == 1 or doc[rest[1]].text in _STOPS
    key = _opening_name(doc, rest, name_at)
    if key is not None:
        return key, doc[rest[0]].text
    return ("", doc[rest[0]].text) if closed else None


def _carrier(own: tuple[str, str], entities: Mapping[str, EntityItem]) -> str | None:
    """The entity a name said as one's own is: the one it keys, else the one character of the
    chapter whose name ends with the word ("Jaggers": Mr. Jaggers, the tagger having read
    the bare word as a noun)."""
    key, word = own
    if key:
        return key
    found = {k for k, e in entities.items() if e.type == "character" and any(
        n.split()[-1] == word for n in (e.name, *e.aliases) if n)}
    return next(iter(found)) if len(found) == 1 else None


def _words(doc: Any, toks: list[int]) -> list[int]:
    """A quotation's tokens without its marks and white space."""
    return [j for j in toks if not doc[j].is_quote and not doc[j].is_space]


def _asks_who(doc: Any, toks: list[int], name_at: Mapping[int, str],
              by_name: Mapping[str, str]) -> str | None:
    """The person a quotation ends by asking who they are: "I don't know one from the
    other. Who's the Spider?", "Who is Mr. Pip?"."""
    words = _words(doc, toks)
    lowered = [doc[j].lower_ for j in words]
    at = max((k for k, w in enumerate(lowered[:-3]) if w == "who"), default=None)
    if at is None or lowered[at + 1] not in _IS or lowered[-1] != "?" or (
            at > 0 and lowered[at - 1] not in _CLAUSE_ENDS):
        return None  # "Who's the Spider?" begins its sentence: not "… know who is Mr. Pip?"
    asked = [j for j in words[at + 2 : -1] if doc[j].lower_ != "the"]
    keys = {name_at.get(j) for j in asked}
    if keys == {None}:  # a name the chapter keys elsewhere only ("that Spider")
        keys = {by_name.get(" ".join(doc[j].text for j in asked))}
    return keys.pop() if len(keys) == 1 and None not in keys else None


def _that_is(doc: Any, toks: list[int], name_at: Mapping[int, str]) -> str | None:
    """The person an answer names outright: '"That's Bentley Drummle," I replied', "It is
    Mr. Jaggers." (not "Probably Wopsle": a guess names nobody)."""
    words = _words(doc, toks)
    lowered = [doc[j].lower_ for j in words]
    if len(words) < 3 or lowered[0] not in {"that", "it"} or lowered[1] not in _IS:
        return None
    return _opening_name(doc, words[2:], name_at)


def _asks_a_name(doc: Any, toks: list[int]) -> bool:
    words = [doc[j].lower_ for j in _words(doc, toks)]
    return bool(words) and words[-1] == "?" and "your" in words and "name" in words


def _opening_name(doc: Any, toks: list[int], name_at: Mapping[int, str]) -> str | None:
    """The name a quotation opens with, closed by a stop: '"Magwitch,"'."""
    words = _words(doc, toks)
    if not words or words[0] not in name_at:
        return None
    key, k = name_at[words[0]], 0
    while k + 1 < len(words) and name_at.get(words[k + 1]) == key:
        k += 1
    closed = k + 1 == len(words) or doc[words[k + 1]].text in _STOPS
    return key if closed else None
