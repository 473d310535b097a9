"""The world as it stood at a cap, in the shape the continuity critic compares drafts with."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.visibility import asserted_by, entity_exists, latest_version, projection_in_force


@dataclass(frozen=True)
class Evidence:
    """Where the world learned something: chapter and quote."""

    chapter: int
    quote: str


@dataclass(frozen=True)
class Named:
    """An entity the story has introduced by the cap: its name, aliases, type and first chapter."""

    name: str
    aliases: tuple[str, ...]
    type: str
    first_chapter: int


@dataclass(frozen=True)
class Gone:
    """An object no longer in the story: how it went ('lost' or 'destroyed'), and where."""

    how: str
    evidence: Evidence


@dataclass(frozen=True)
class Held:
    """Who holds an object, and where the record has them take it."""

    owner: uuid.UUID
    evidence: Evidence


@dataclass(frozen=True)
class Known:
    """A fact one character knows, with its fact key."""

    knower: uuid.UUID
    fact: str
    key: str
    evidence: Evidence


@dataclass(frozen=True)
class Setup:
    """A commitment planted by the cap (open, or paid off): its key and detail."""

    key: str
    detail: str
    evidence: Evidence


@dataclass(frozen=True)
class LockedFact:
    """A locked canon fact: subject (id when resolved, and name), predicate and value."""

    subject_id: uuid.UUID | None
    subject: str
    predicate: str
    value: str
    evidence: Evidence


@dataclass
class WorldState:
    """Names, the dead, holders, knowledge, open setups and locked canon at one cap, as typed records."""

    cap: int
    names: dict[uuid.UUID, Named] = field(default_factory=dict)
    dead: dict[uuid.UUID, Evidence] = field(default_factory=dict)
    # What the record has the dead do after their death, by the cap: (chapter, verb) events
    # of accepted chapters ("Lucy came" after "Lucy died": a vampire, or a stage death).
    acts_after_death: dict[uuid.UUID, list[tuple[int, str]]] = field(default_factory=dict)
    gone_objects: dict[uuid.UUID, Gone] = field(default_factory=dict)
    holders: dict[uuid.UUID, Held] = field(default_factory=dict)
    knowledge: list[Known] = field(default_factory=list)
    open_setups: list[Setup] = field(default_factory=list)
    paid_setups: list[Setup] = field(default_factory=list)
    locked_canon: list[LockedFact] = field(default_factory=list)
    # Hair and eye colours earlier chapters state and nobody locked, read plainly (a colour word
    # on the hair or eyes, not a likeness, a description or "their" hair), in chapter order.
    stated_colours: list[LockedFact] = field(default_factory=list)
    # Occupations earlier chapters state and nobody locked, in chapter order.
    stated_trades: list[LockedFact] = field(default_factory=list)


def load_world(*, session: Session, novel_id: uuid.UUID, cap: int) -> WorldState:
    """Everything the critic needs about the story as of chapter `cap`."""
    params = {"n": novel_id, "cap": cap}
    world = WorldState(cap=cap)
    for r in session.execute(text(f"""
            SELECT e.id, v.name, v.aliases, v.type, e.first_chapter FROM entities e, {latest_version('e')}
             WHERE e.novel_id = :n AND {entity_exists('e')}"""), params):
        world.names[r.id] = Named(r.name, tuple(r.aliases), r.type, r.first_chapter)
    for r in session.execute(text(f"""
            SELECT s.entity_id, s.status, s.valid_from, d.evidence_quote
              FROM character_states s
              LEFT JOIN state_deltas d ON d.novel_id = s.novel_id AND d.id = s.source_delta_id
             WHERE s.novel_id = :n AND {projection_in_force('s')}"""), params):
        evidence = Evidence(r.valid_from, r.evidence_quote or "")
        if r.status == "dead":
            world.dead[r.entity_id] = evidence
        elif r.status == "destroyed":
            world.gone_objects[r.entity_id] = Gone("destroyed", evidence)
    if world.dead:
        for r in session.execute(text("""
                SELECT e.subject_id, e.chapter, e.verb FROM events e
                 WHERE e.novel_id = :n AND e.chapter <= :cap AND e.subject_id = ANY(:dead)
                 ORDER BY e.chapter, e.ordinal"""), {**params, "dead": list(world.dead)}):
            if r.chapter > world.dead[r.subject_id].chapter:
                world.acts_after_death.setdefault(r.subject_id, []).append((r.chapter, r.verb))
    for r in session.execute(text(f"""
            SELECT p.owner_id, p.object_id, p.valid_from, d.evidence_quote
              FROM possesses_edges p
              LEFT JOIN state_deltas d ON d.novel_id = p.novel_id AND d.id = p.source_delta_id
             WHERE p.novel_id = :n AND {projection_in_force('p')}"""), params):
        world.holders[r.object_id] = Held(r.owner_id, Evidence(r.valid_from, r.evidence_quote or ""))
    for r in session.execute(text(f"""
            SELECT DISTINCT ON (d.object_id) d.object_id, d.kind, d.chapter, d.evidence_quote
              FROM state_deltas d
             WHERE d.novel_id = :n AND {asserted_by('d')} AND d.object_id IS NOT NULL
               AND d.kind IN ('lost', 'destroyed', 'gained', 'received')
             ORDER BY d.object_id, d.chapter DESC, d.ordinal DESC"""), params):
        if r.kind in ("lost", "destroyed") and r.object_id not in world.holders:
            world.gone_objects.setdefault(r.object_id,
                                          Gone(r.kind, Evidence(r.chapter, r.evidence_quote or "")))
    for r in session.execute(text(f"""
            SELECT k.knower_id, k.fact, k.fact_key, k.chapter, k.evidence_quote FROM knows_edges k
             WHERE k.novel_id = :n AND {asserted_by('k')}"""), params):
        world.knowledge.append(Known(r.knower_id, r.fact, r.fact_key,
                                     Evidence(r.chapter, r.evidence_quote or "")))
    for r in session.execute(text("""
            SELECT key, detail, setup_chapter, payoff_chapter, evidence_quote FROM commitments
             WHERE novel_id = :n AND setup_chapter <= :cap"""), params):
        item = Setup(r.key, r.detail, Evidence(r.setup_chapter, r.evidence_quote or ""))
        if r.payoff_chapter is not None and r.payoff_chapter <= cap:
            world.paid_setups.append(item)
        else:
            world.open_setups.append(item)
    for r in session.execute(text(f"""
            SELECT subject_id, subject, predicate, value, chapter, evidence_quote FROM canon_facts c
             WHERE c.novel_id = :n AND c.locked AND {asserted_by('c')}"""), params):
        world.locked_canon.append(LockedFact(r.subject_id, r.subject, r.predicate, r.value,
                                             Evidence(r.chapter, r.evidence_quote or "")))
    for r in session.execute(text(f"""
            SELECT subject_id, subject, predicate, value, chapter, evidence_quote FROM canon_facts c
             WHERE c.novel_id = :n AND NOT c.locked AND c.chapter <= :cap
               AND c.predicate IN ('hair_colour', 'eye_colour')
               AND c.evidence_rule IN ('canon.possessive', 'canon.have', 'canon.with',
                                       'canon.colour_forms', 'canon.colour_parsed')
               AND {asserted_by('c')}
             ORDER BY c.chapter, c.evidence_start"""), params):
        world.stated_colours.append(LockedFact(r.subject_id, r.subject, r.predicate, r.value,
                                               Evidence(r.chapter, r.evidence_quote or "")))
    for r in session.execute(text(f"""
            SELECT subject_id, subject, predicate, value, chapter, evidence_quote FROM canon_facts c
             WHERE c.novel_id = :n AND NOT c.locked AND c.chapter <= :cap
               AND c.predicate = 'occupation' AND c.subject_id IS NOT NULL AND {asserted_by('c')}
             ORDER BY c.chapter, c.evidence_start"""), params):
        world.stated_trades.append(LockedFact(r.subject_id, r.subject, r.predicate, r.value,
                                              Evidence(r.chapter, r.evidence_quote or "")))
    return world
