"""The world as it stood at a cap, in the shape the continuity critic compares drafts with."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.visibility import asserted_by, latest_version, projection_in_force


@dataclass(frozen=True)
class Evidence:
    """Where the world learned something: chapter and quote."""

    chapter: int
    quote: str


@dataclass
class WorldState:
    """Names, the dead, holders, knowledge, open setups and locked canon at one cap."""

    cap: int
    names: dict[uuid.UUID, tuple[str, list[str], str, int]] = field(default_factory=dict)
    dead: dict[uuid.UUID, Evidence] = field(default_factory=dict)
    # What the record has the dead do after their death, by the cap: (chapter, verb) events
    # of accepted chapters ("Lucy came" after "Lucy died": a vampire, or a stage death).
    acts_after_death: dict[uuid.UUID, list[tuple[int, str]]] = field(default_factory=dict)
    gone_objects: dict[uuid.UUID, tuple[str, Evidence]] = field(default_factory=dict)
    holders: dict[uuid.UUID, tuple[uuid.UUID, Evidence]] = field(default_factory=dict)
    knowledge: list[tuple[uuid.UUID, str, str, Evidence]] = field(default_factory=list)
    open_setups: list[tuple[str, str, Evidence]] = field(default_factory=list)
    paid_setups: list[tuple[str, str, Evidence]] = field(default_factory=list)
    locked_canon: list[tuple[uuid.UUID | None, str, str, str, Evidence]] = field(default_factory=list)


def load_world(*, session: Session, novel_id: uuid.UUID, cap: int) -> WorldState:
    """Everything the critic needs about the story as of chapter `cap`."""
    params = {"n": novel_id, "cap": cap}
    world = WorldState(cap=cap)
    for r in session.execute(text(f"""
            SELECT e.id, v.name, v.aliases, v.type, e.first_chapter FROM entities e, {latest_version('e')}
             WHERE e.novel_id = :n AND e.first_chapter <= :cap"""), params):
        world.names[r.id] = (r.name, list(r.aliases), r.type, r.first_chapter)
    for r in session.execute(text(f"""
            SELECT s.entity_id, s.status, s.valid_from, d.evidence_quote
              FROM character_states s
              LEFT JOIN state_deltas d ON d.novel_id = s.novel_id AND d.id = s.source_delta_id
             WHERE s.novel_id = :n AND {projection_in_force('s')}"""), params):
        evidence = Evidence(r.valid_from, r.evidence_quote or "")
        if r.status == "dead":
            world.dead[r.entity_id] = evidence
        elif r.status == "destroyed":
            world.gone_objects[r.entity_id] = ("destroyed", evidence)
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
        world.holders[r.object_id] = (r.owner_id, Evidence(r.valid_from, r.evidence_quote or ""))
    for r in session.execute(text(f"""
            SELECT DISTINCT ON (d.object_id) d.object_id, d.kind, d.chapter, d.evidence_quote
              FROM state_deltas d
             WHERE d.novel_id = :n AND {asserted_by('d')} AND d.object_id IS NOT NULL
               AND d.kind IN ('lost', 'destroyed', 'gained', 'received')
             ORDER BY d.object_id, d.chapter DESC, d.ordinal DESC"""), params):
        if r.kind in ("lost", "destroyed") and r.object_id not in world.holders:
            world.gone_objects.setdefault(r.object_id, (r.kind, Evidence(r.chapter, r.evidence_quote or "")))
    for r in session.execute(text(f"""
            SELECT k.knower_id, k.fact, k.fact_key, k.chapter, k.evidence_quote FROM knows_edges k
             WHERE k.novel_id = :n AND {asserted_by('k')}"""), params):
        world.knowledge.append((r.knower_id, r.fact, r.fact_key, Evidence(r.chapter, r.evidence_quote or "")))
    for r in session.execute(text("""
            SELECT key, detail, setup_chapter, payoff_chapter, evidence_quote FROM commitments
             WHERE novel_id = :n AND setup_chapter <= :cap"""), params):
        item = (r.key, r.detail, Evidence(r.setup_chapter, r.evidence_quote or ""))
        if r.payoff_chapter is not None and r.payoff_chapter <= cap:
            world.paid_setups.append(item)
        else:
            world.open_setups.append(item)
    for r in session.execute(text(f"""
            SELECT subject_id, subject, predicate, value, chapter, evidence_quote FROM canon_facts c
             WHERE c.novel_id = :n AND c.locked AND {asserted_by('c')}"""), params):
        world.locked_canon.append((r.subject_id, r.subject, r.predicate, r.value,
                                   Evidence(r.chapter, r.evidence_quote or "")))
    return world
