"""A name given in answer to "What is your name?" is the answerer's own.

'"What is your real name?" I asked him in a whisper. / "Magwitch," he answered, in the same
tone; "chrisen'd Abel."' (Great Expectations ch. 40): the man the chapter has called Provis
since "I took the name of Provis" gives the name he was born to. So: a quotation asking its
listener's name ("your" and "name", ending in "?"), and the next quotation opening with a
name and a stop ("Magwitch,"), whose tag names its speaker (by name, or by a pronoun the
resolver placed): the name is that speaker's, when the speaker is someone else than the
asker and than the name's own entity. Only a name new to the story is folded so; one answer
never makes a known person someone else.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from continuum.pipeline.extract.heuristic.coref import KeyedSpan, quote_speakers, quote_tokens
from continuum.pipeline.extract.heuristic.document import ResolvedMention
from continuum.pipeline.extract.schema import EntityItem

# What may close the name an answer opens with: '"Magwitch," he answered', '"Provis."'.
_STOPS = frozenset({",", ".", "!", ";", "--", "\u2014"})


def names_answered(
    doc: Any, quote_ids: list[int], keyed: Sequence[KeyedSpan], pronouns: Sequence[ResolvedMention],
    entities: Mapping[str, EntityItem], known: Collection[str],
) -> dict[str, str]:
    """{entity of the name answered: entity of the person who answered with it}."""
    quotes = quote_tokens(quote_ids)
    name_at = {j: k.key for k in keyed for j in range(k.tok_start, k.tok_end)}
    resolved: dict[int, str] = {}
    for p in pronouns:
        span = doc.char_span(p.start, p.end)
        if span is not None:
            resolved[span[0].i] = p.entity_key
    speakers = quote_speakers(doc, quote_ids, name_at, resolved)
    ids = sorted(quotes)
    found: dict[str, str] = {}
    for asked, answer in zip(ids, ids[1:], strict=False):
        if not _asks_a_name(doc, quotes[asked]):
            continue
        key = _opening_name(doc, quotes[answer], name_at)
        answerer = speakers.get(answer)
        if key is None or answerer is None or answerer in {key, speakers.get(asked)}:
            continue
        item, person = entities.get(key), entities.get(answerer)
        if item is None or person is None or item.type != "character" or \
                person.type != "character" or item.name.lower() in known:
            continue
        found[key] = answerer
    return found


def _asks_a_name(doc: Any, toks: list[int]) -> bool:
    words = [doc[j].lower_ for j in toks if not doc[j].is_quote and not doc[j].is_space]
    return bool(words) and words[-1] == "?" and "your" in words and "name" in words


def _opening_name(doc: Any, toks: list[int], name_at: Mapping[int, str]) -> str | None:
    """The name a quotation opens with, closed by a stop: '"Magwitch,"'."""
    words = [j for j in toks if not doc[j].is_quote and not doc[j].is_space]
    if not words or words[0] not in name_at:
        return None
    key, k = name_at[words[0]], 0
    while k + 1 < len(words) and name_at.get(words[k + 1]) == key:
        k += 1
    closed = k + 1 == len(words) or doc[words[k + 1]].text in _STOPS
    return key if closed else None
