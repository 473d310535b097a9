"""The 13 passes as the model sees them: schemas derived from `schema.py`, instructions, groups.

Each pass's response is a wrapper `{"items": [...]}` whose item model is derived from the
pass's model in `schema.py`: the same fields, types, defaults and bounds, except that
`Evidence` (offsets the model cannot count) becomes a verbatim `quote`, `mentions` are
left to the aligner, and a scene gives its opening words instead of offsets. The JSON
schema in the prompt and the validation of the answer both come from these derived
models, so they cannot drift from each other or from `schema.py`.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field, ValidationError, create_model
from pydantic.fields import FieldInfo

from continuum.errors import ExtractionFailed
from continuum.pipeline.extract import schema as s

CALL_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("summaries", ("chapter_summary", "multi_granularity_summaries", "scene_segmentation")),
    ("entities", ("new_entities",)),
    ("world_state", ("state_deltas", "knowledge_state_deltas", "canon_facts")),
    ("interactions", ("events", "relationship_updates", "dynamics_updates")),
    ("narrative", ("thread_updates", "continuity_flags", "commitments")),
)
"""The call plan per chunk: five calls for thirteen passes. The first is sent alone to warm
the provider's prompt cache; the other four then run concurrently on the cached prefix.
Grouped passes read the same things: the summaries and the scene cuts retell the passage;
states, knowledge and canon facts are what holds after it; events, relationships and
dynamics are what people do to each other; threads, flags and commitments are the story's
long arcs. Entities, the largest answer and the one every other pass leans on, go alone."""

NAIVE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = tuple((p, (p,)) for p in s.PASS_NAMES)
"""One call per pass: the baseline the bench compares the call plan with."""


class QuotedEvidence(BaseModel):
    """What the model gives as evidence; the aligner turns it into offsets."""

    quote: str = Field(description="The exact words of the chapter text that support this "
                                   "item, copied verbatim: one sentence or a shorter span.")
    confidence: float = Field(default=0.8, ge=0.0, le=1.0,
                              description="How sure you are, from 0 to 1.")


_NOTES: dict[tuple[str, str], str] = {
    ("EntityItem", "name"): "The name as the text spells it, or a known entity's name from "
                            "the story context.",
    ("EntityItem", "type"): "character, location, faction, object, or a custom type.",
    ("EntityItem", "aliases"): "Other names the text uses for the same entity here, "
                               "spelled as in the text.",
    ("EntityItem", "owner"): "For an object: who holds or owns it.",
    ("EntityItem", "parent"): "For a location: the larger place that contains it.",
    ("RelationshipUpdate", "ended"): "true only when the text of THIS chapter ends the "
                                     "relationship; the relationship's to_chapter is then this "
                                     "chapter. Otherwise false.",
    ("RelationshipUpdate", "symmetric"): "true when it holds both ways (siblings, spouses).",
    ("DynamicsUpdate", "tension"): "0 none, 1 open conflict.",
    ("CommitmentItem", "key"): "A short stable name for the setup, reused by its payoff.",
    ("EventItem", "impact"): "How much it matters to the story, 0 to 1.",
    ("EventItem", "story_order"): "Order in story time within this passage, from 1.",
}

_SCENE_OPENING = (str, Field(description="The first 5 to 12 words of the scene, copied "
                                         "verbatim from the text."))


# Filled by the reader from the text, never asked of the model.
READER_ONLY = ("mentions", "kind_votes", "frame")


def derive(model: type[BaseModel], *, drop: tuple[str, ...] = (),
           add: dict[str, Any] | None = None) -> type[BaseModel]:
    """`model` as the LLM answers it: Evidence → QuotedEvidence, `drop` fields removed."""
    fields: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        if name in drop or name in READER_ONLY:
            continue
        note = _NOTES.get((model.__name__, name))
        if info.annotation is s.Evidence:
            fields[name] = (QuotedEvidence, ...)
            continue
        copy = FieldInfo.merge_field_infos(info, description=note) if note else info
        fields[name] = (info.annotation, copy)
    fields.update(add or {})
    derived: type[BaseModel] = create_model(f"Llm{model.__name__}", __doc__=model.__doc__,
                                            **fields)
    return derived


@dataclass(frozen=True)
class PassSpec:
    """One pass: the schema model it produces, the model the LLM answers, its instruction."""

    name: str
    instruction: str
    target: type[BaseModel] | None = None
    item: type[BaseModel] | None = None
    response: type[BaseModel] | None = None

    @property
    def is_list(self) -> bool:
        return self.item is not None


def _list_pass(name: str, target: type[BaseModel], instruction: str,
               item: type[BaseModel] | None = None) -> PassSpec:
    item = item or derive(target)
    response = create_model(f"{item.__name__}Response", items=(list[item], ...))  # type: ignore[valid-type]
    return PassSpec(name, instruction, target, item, response)


class ChapterSummaryAnswer(BaseModel):
    """chapter_summary: what happens, in a few sentences."""

    summary: str


PASSES: dict[str, PassSpec] = {p.name: p for p in (
    PassSpec("chapter_summary", "What happens in the text, in 2 to 4 sentences.",
             response=ChapterSummaryAnswer),
    PassSpec("multi_granularity_summaries",
             "short: one sentence. medium: 3 to 5 sentences. long: several paragraphs that "
             "cover every development in order.", response=derive(s.Summaries)),
    _list_pass("scene_segmentation", s.SceneItem,
               "Split the passage into scenes: a change of place, time or cast starts a new "
               "one. `present`: the characters in the scene.",
               item=derive(s.SceneItem, drop=("index", "start", "end"),
                           add={"opening_quote": _SCENE_OPENING})),
    _list_pass("new_entities", s.EntityItem,
               "Every named character, location, faction and object in the passage (no "
               "pronouns, no unnamed people). For an entity of the story context, use its "
               "known name exactly. Aliases are the other names the text gives it here."),
    _list_pass("state_deltas", s.StateDelta,
               "Changes that happen in the passage to where someone is, what they hold, or "
               "their status (died, married, injured, ...). Not plans, wishes or negated "
               "actions. `object`: the place or thing; `value`: the new status."),
    _list_pass("knowledge_state_deltas", s.KnowledgeDelta,
               "A character learns a fact in the passage. `knower` learns it, `source` is "
               "who or what they learn it from, `shared_with` who learns it at the same time."),
    _list_pass("canon_facts", s.CanonFactItem,
               "Stable facts about an entity that later chapters must not contradict (age, "
               "eye colour, title, kinship, occupation, income, home). `predicate` in "
               "snake_case, `value` as the text states it."),
    _list_pass("events", s.EventItem,
               "Things that actually happen in the passage, in order (no hypotheticals, plans "
               "or negated actions): subject, verb, object, participants."),
    _list_pass("relationship_updates", s.RelationshipUpdate,
               "Relationships between two entities (family, marriage, engagement, friendship, "
               "employment, rivalry, membership) that the passage states, starts or ends. "
               "ended=true only when the text of THIS chapter ends the relationship (a death, "
               "a break-up, a dismissal); its to_chapter is then this chapter. A relationship "
               "that is merely not mentioned, or that ended in an earlier chapter, is not "
               "ended here."),
    _list_pass("dynamics_updates", s.DynamicsUpdate,
               "For each pair of characters who interact in the passage: the tone between "
               "them (a few words: warm, hostile, teasing, formal) and the tension."),
    _list_pass("thread_updates", s.ThreadUpdate,
               "Plot threads (open questions, goals, conflicts) opened, advanced or closed in "
               "the passage. To advance or close an open thread of the story context, use "
               "its name exactly."),
    _list_pass("continuity_flags", s.ContinuityFlagItem,
               "Foreshadowing, setups and callbacks to earlier events that a continuity "
               "editor should track."),
    _list_pass("commitments", s.CommitmentItem,
               "setup: a detail planted for later (a promise, a planned event, a mysterious "
               "object; Chekhov's gun), with what would pay it off as `trigger`. payoff: an "
               "earlier setup paid off here (reuse its key)."),
)}

assert set(PASSES) == set(s.PASS_NAMES), "every pass of schema.py needs a spec"
assert sorted(p for _, group in CALL_GROUPS for p in group) == sorted(s.PASS_NAMES)


@functools.cache
def pass_schema(name: str) -> str:
    """The compact JSON schema of one pass's answer (its wrapper model)."""
    response = PASSES[name].response
    assert response is not None
    return compact_schema(response)


def compact_schema(model: type[BaseModel]) -> str:
    """`model`'s JSON schema on one line, minus the `title` keys that repeat field names."""
    return json.dumps(_without_titles(model.model_json_schema()), separators=(",", ":"))


def _without_titles(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _without_titles(v) for k, v in node.items()
                if not (k == "title" and isinstance(v, str))}
    if isinstance(node, list):
        return [_without_titles(v) for v in node]
    return node


# How many words of passage one item needs at least: an answer cannot list more items than
# the passage could state. A looping model stops at the budget instead of running for minutes.
TOKENS_PER_ITEM = {"new_entities": 80, "scene_segmentation": 400}
TOKENS_PER_ITEM_DEFAULT = 150
MIN_ITEMS = 4
VALUE_TOKENS = {"chapter_summary": (60, 0.1, 200), "multi_granularity_summaries": (120, 0.4, 900)}
"""Output budget of a single-value pass: (base, share of the passage's tokens, cap). A summary
is a few sentences; the three retellings together are shorter than the passage itself."""
ANSWER_OVERHEAD = 40
"""Tokens of the answer's own braces and pass keys, per pass."""


def output_budget(passes: tuple[str, ...], source_tokens: int) -> int:
    """`max_tokens` of one call: per pass, the items the passage could hold times the size of
    one item as its schema lays it out (or a single value's size), plus the JSON around it."""
    total = 0
    for name in passes:
        spec = PASSES[name]
        total += ANSWER_OVERHEAD
        if spec.item is None:
            base, share, cap = VALUE_TOKENS[name]
            total += min(cap, base + int(share * source_tokens))
            continue
        per = TOKENS_PER_ITEM.get(name, TOKENS_PER_ITEM_DEFAULT)
        total += max(MIN_ITEMS, source_tokens // per) * item_tokens(name)
    return total


@functools.cache
def item_tokens(name: str) -> int:
    """Tokens one item of a list pass takes, estimated from its JSON schema."""
    item = PASSES[name].item
    assert item is not None
    schema = item.model_json_schema()
    return _node_tokens(schema, schema.get("$defs", {}))


_STRING_TOKENS = 8
_QUOTE_TOKENS = 40  # one verbatim sentence
_LIST_TOKENS = 12


def _node_tokens(node: dict[str, Any], defs: dict[str, Any], key: str = "") -> int:
    if "$ref" in node:
        return _node_tokens(defs[node["$ref"].rsplit("/", 1)[-1]], defs, key)
    for union in ("anyOf", "oneOf"):
        if union in node:
            return max(_node_tokens(option, defs, key) for option in node[union])
    kind = node.get("type")
    if kind == "object" or "properties" in node:
        return 2 + sum(len(field) // 4 + 3 + _node_tokens(sub, defs, field)
                       for field, sub in node.get("properties", {}).items())
    if kind == "array":
        return _LIST_TOKENS
    if kind == "string":
        return _QUOTE_TOKENS if "quote" in key else _STRING_TOKENS
    return 3


@dataclass
class PassAnswer:
    """A pass's validated answer: items that passed, how many did not; or a single value."""

    items: list[BaseModel]
    value: BaseModel | None = None
    invalid: int = 0


def parse_answer(
    group: str, passes: tuple[str, ...], data: dict[str, Any]
) -> dict[str, PassAnswer]:
    """Validate each pass of a call's answer, item by item; a wrong shape fails the chapter."""
    answers: dict[str, PassAnswer] = {}
    if len(passes) == 1 and passes[0] not in data and "items" in data:
        # A call of one pass answered with that pass's value itself ({"items": [...]}), as
        # Qwen2.5-Coder-1.5B does: the schema it was shown is that value's.
        data = {passes[0]: data}
    for name in passes:
        spec = PASSES[name]
        if name not in data:
            raise ExtractionFailed(f"{group}: the answer has no {name!r} key "
                                   f"(got {sorted(data)[:5]}); the chapter was not saved")
        value = data[name]
        if spec.item is None:
            assert spec.response is not None
            fields = list(spec.response.model_fields)
            if isinstance(value, str) and len(fields) == 1:
                # {"chapter_summary": "..."} for {"chapter_summary": {"summary": "..."}}: what
                # Qwen2.5-Coder-1.5B answers; the one field is unambiguous.
                value = {fields[0]: value}
            try:
                answers[name] = PassAnswer([], spec.response.model_validate(value))
            except ValidationError:
                answers[name] = PassAnswer([], None, invalid=1)
            continue
        raw = value.get("items") if isinstance(value, dict) else value
        if not isinstance(raw, list):
            raise ExtractionFailed(f"{group}: {name!r} is not an object with an `items` list; "
                                   "the chapter was not saved")
        answer = PassAnswer([])
        for item in raw:
            try:
                answer.items.append(spec.item.model_validate(item))
            except ValidationError:
                answer.invalid += 1
        answers[name] = answer
    return answers
