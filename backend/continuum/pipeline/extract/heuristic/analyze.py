"""The entities stage of the offline extractor: parse once, find names, cluster, resolve pronouns."""

from __future__ import annotations

from typing import Any

from continuum.pipeline.extract.heuristic.aliases import (
    FEMALE_NAMES,
    MALE_NAMES,
    Cluster,
    build_forms,
    canonical_name,
    cluster_forms,
    surface_forms,
)
from continuum.pipeline.extract.heuristic.coref import (
    KeyedSpan,
    pronoun_gender_votes,
    quote_regions,
    resolve_pronouns,
    token_quote_ids,
    token_sentence_ids,
)
from continuum.pipeline.extract.heuristic.document import AnalyzedChapter, ResolvedMention
from continuum.pipeline.extract.heuristic.mentions import (
    find_name_mentions,
    ner_prior,
    type_votes,
)
from continuum.pipeline.extract.heuristic.nlp import parse
from continuum.pipeline.extract.protocol import StoryContext
from continuum.pipeline.extract.schema import CORE_TYPES, EntityItem, Evidence, Mention
from continuum.pipeline.segment import split_sentences

_KEPT_TYPES = ("character", "location", "faction")
MIN_SCORE = float(__import__("os").environ.get("MINS","1.0"))


def analyze_chapter_text(
    text: str, context: StoryContext, custom_types: list[str] | None = None
) -> AnalyzedChapter:
    """Parse a chapter once and find its named entities, their aliases and pronoun mentions."""
    doc = parse(text)
    sentences = [(s.start, s.end) for s in split_sentences(text)]
    customs = _custom_types(context, custom_types)
    known_words = {
        w.lower() for e in context.entities for s in (e.name, *e.aliases) for w in s.split()
    }
    mentions = find_name_mentions(doc, known_words)
    sent_ids = token_sentence_ids(doc, sentences)
    quote_ids = token_quote_ids(doc, quote_regions(text))
    spans = [(m.tok_start, m.tok_end) for m in mentions]
    gender_votes = pronoun_gender_votes(doc, spans, sent_ids, quote_ids)

    forms = build_forms(mentions)
    vote_of = {id(m): v for m, v in zip(mentions, gender_votes, strict=True)}
    for form in forms:
        for m in form.mentions:
            form.types.update(type_votes(doc, m, customs))
            vote = vote_of[id(m)]
            if vote:
                form.pronoun_gender[vote] += 1
                form.types["character"] += 1
        form.types.update(ner_prior(form.mentions))
        first = form.core[0] if form.core else ""
        if (len(form.core) >= 2 or not form.honorifics) and first in MALE_NAMES | FEMALE_NAMES:
            form.types["character"] += 2
    clusters = cluster_forms(forms, context.entities)

    entities: dict[str, EntityItem] = {}
    genders: dict[str, str] = {}
    keyed: list[KeyedSpan] = []
    names: list[ResolvedMention] = []
    for cluster in clusters:
        etype = _cluster_type(cluster, customs)
        if etype is None:
            continue
        item = _entity_item(cluster, etype, text)
        key = item.name
        while key in entities:
            key += "'"
        entities[key] = item
        genders[key] = item.gender
        for form in cluster.forms:
            for m in form.mentions:
                keyed.append(KeyedSpan(m.tok_start, m.tok_end, key))
                names.append(ResolvedMention(m.start, m.end, m.text, key, "name"))
    keyed.sort(key=lambda k: k.tok_start)
    pronouns = resolve_pronouns(doc, keyed, genders, sent_ids, quote_ids)
    for p in pronouns:
        if entities[p.entity_key].type == "character":
            entities[p.entity_key].mentions.append(Mention(start=p.start, end=p.end, text=p.text))
    for item in entities.values():
        item.mentions.sort(key=lambda m: m.start)
    resolved = sorted([*names, *pronouns], key=lambda m: (m.start, m.end))
    return AnalyzedChapter(text, doc, sentences, entities, resolved)


def _custom_types(context: StoryContext, custom_types: list[str] | None) -> list[str]:
    names = list(custom_types or []) + [t.name for t in context.custom_types]
    return [n for n in dict.fromkeys(names) if n not in CORE_TYPES]


def _cluster_type(cluster: Cluster, customs: list[str]) -> str | None:
    """The type with the most evidence; None for an unsupported one-off capitalised word."""
    votes = cluster.type_votes()
    allowed = set(_KEPT_TYPES) | set(customs)
    if cluster.known is not None:
        return cluster.known.type
    other = votes.get("other", 0)
    votes = type_votes_filtered(votes, allowed)
    if not votes:
        return None
    best, score = votes.most_common(1)[0]
    if other >= score or score < MIN_SCORE:
        return None
    return best


def type_votes_filtered(votes: Any, allowed: set[str]) -> Any:
    from collections import Counter

    return Counter({k: v for k, v in votes.items() if k in allowed and v > 0})


def _entity_item(cluster: Cluster, etype: str, text: str) -> EntityItem:
    """The EntityItem of a cluster: canonical name, other forms as aliases, all mentions."""
    name = canonical_name(cluster)
    aliases = [s for s in surface_forms(cluster) if s != name]
    if cluster.known is not None:
        aliases = [a for a in aliases if a not in cluster.known.aliases]
    mentions = sorted((m for f in cluster.forms for m in f.mentions), key=lambda m: m.start)
    first = mentions[0]
    rules = sorted({"title" if f.honorifics else "name" for f in cluster.forms})
    confidence = min(1.0, 0.5 + 0.1 * len(mentions)) if cluster.known is None else 1.0
    gender = cluster.gender() if etype == "character" else "unknown"
    return EntityItem(
        name=name,
        type=etype,
        aliases=aliases,
        gender=gender if gender in {"male", "female"} else "unknown",
        mentions=[Mention(start=m.start, end=m.end, text=m.text) for m in mentions],
        evidence=Evidence(
            start=first.start,
            end=first.end,
            quote=_sentence_around(text, first.start, first.end),
            rule="names:" + "+".join(rules),
            confidence=round(confidence, 2),
        ),
    )


def _sentence_around(text: str, start: int, end: int, width: int = 120) -> str:
    a = max(0, start - width // 2)
    b = min(len(text), end + width // 2)
    return " ".join(text[a:b].split())
