"""What "visible at cap N" means, written once and reused by every query.

Each helper returns a SQL boolean fragment over a table alias; every query in reads/
builds its WHERE clause from these, with `:cap` bound to the reader's chapter.
"""

from __future__ import annotations


def asserted_by(alias: str, column: str = "chapter") -> str:
    """A row asserted in chapter <= cap."""
    return f"{alias}.{column} <= :cap"


def entity_exists(alias: str) -> str:
    """An entity exists at the cap once its first chapter is visible, and until the chapter
    that joined it into another (`entities.joined_into`: from then on it is that person)."""
    return (f"({alias}.first_chapter <= :cap"
            f" AND ({alias}.joined_chapter IS NULL OR {alias}.joined_chapter > :cap))")


def counted_as(alias: str) -> str:
    """The entity a row of `entities` (alias) counts as at the cap: the person a twin was
    joined into by then, else itself. Folds a twin's mentions into the person's page."""
    return (f"(CASE WHEN {alias}.joined_chapter <= :cap THEN {alias}.joined_into"
            f" ELSE {alias}.id END)")


def in_force(alias: str, start: str = "from_chapter", end: str = "to_chapter") -> str:
    """An interval fact that has started and has not ended at or before the cap."""
    return f"({alias}.{start} <= :cap AND ({alias}.{end} IS NULL OR {alias}.{end} > :cap))"


def projection_in_force(alias: str) -> str:
    """A materialized interval (valid_from/valid_to) in force at the cap."""
    return in_force(alias, "valid_from", "valid_to")


def latest_version(entity_alias: str) -> str:
    """Lateral subquery: the entity's names as of the cap (alias `v`)."""
    return f"""LATERAL (SELECT name, aliases, description, type, parent_id, attributes
                          FROM entity_versions ev
                         WHERE ev.novel_id = {entity_alias}.novel_id
                           AND ev.entity_id = {entity_alias}.id AND ev.chapter <= :cap
                         ORDER BY ev.chapter DESC LIMIT 1) v"""


def names_at_cap(name: str = "vis", only: str | None = None) -> str:
    """CTE `name`: every entity that exists at the cap, once, with its names as of the cap.

    The set-based form of `latest_version`: the version asserted by the cap with no later
    one asserted by the cap (an anti-join, one pass over entity_versions) instead of a
    lateral lookup per row, for reads that name many entities. Being a plain join, filters
    on it (a type, the ids of a page) are pushed down into the scan of entity_versions.
    Columns: id, name, aliases, description, type, parent_id, attributes, first_chapter.
    `only`, a SQL subquery of entity ids, restricts it to the entities a read will name.
    Binds `:n` (the novel) and `:cap`.
    """
    restrict = f"AND e.id IN ({only})" if only else ""
    return f"""{name} AS (
        SELECT ev.entity_id AS id, ev.name, ev.aliases, ev.description, ev.type, ev.parent_id,
               ev.attributes, e.first_chapter
          FROM entity_versions ev
          JOIN entities e ON e.novel_id = ev.novel_id AND e.id = ev.entity_id
         WHERE ev.novel_id = :n AND {asserted_by('ev')} AND {entity_exists('e')} {restrict}
           AND NOT EXISTS (SELECT 1 FROM entity_versions later
                            WHERE later.novel_id = ev.novel_id AND later.entity_id = ev.entity_id
                              AND later.chapter > ev.chapter AND {asserted_by('later')}))"""


def ref_json(alias: str) -> str:
    """jsonb {id, name, type} of a row of `names_at_cap` (NULL when the join found none)."""
    return f"""CASE WHEN {alias}.id IS NOT NULL
                    THEN jsonb_build_object('id', {alias}.id, 'name', {alias}.name,
                                            'type', {alias}.type) END"""


def version_at(novel: str, entity_id: str, alias: str = "v") -> str:
    """Lateral subquery: the names of the entity `entity_id` (a SQL expression) as of the cap."""
    return f"""LATERAL (SELECT name, aliases, description, type, parent_id, attributes
                          FROM entity_versions {alias}_ev
                         WHERE {alias}_ev.novel_id = {novel} AND {alias}_ev.entity_id = {entity_id}
                           AND {alias}_ev.chapter <= :cap
                         ORDER BY {alias}_ev.chapter DESC LIMIT 1) {alias}"""


def entity_ref(novel: str, entity_id: str) -> str:
    """Scalar subquery: jsonb {id, name, type} as of the cap; NULL unless it exists at the cap."""
    return f"""(SELECT jsonb_build_object('id', ref_e.id, 'name', ref_v.name, 'type', ref_v.type)
                  FROM entities ref_e, {version_at('ref_e.novel_id', 'ref_e.id', 'ref_v')}
                 WHERE ref_e.novel_id = {novel} AND ref_e.id = {entity_id}
                   AND {entity_exists('ref_e')})"""


def entity_refs(novel: str, ids: str) -> str:
    """Scalar subquery: jsonb array of {id, name, type} for the ids that exist at the cap."""
    return f"""(SELECT coalesce(jsonb_agg(jsonb_build_object('id', refs_e.id, 'name', refs_v.name,
                                                           'type', refs_v.type)
                                         ORDER BY refs_v.name), '[]'::jsonb)
                  FROM entities refs_e, {version_at('refs_e.novel_id', 'refs_e.id', 'refs_v')}
                 WHERE refs_e.novel_id = {novel} AND refs_e.id = ANY({ids})
                   AND {entity_exists('refs_e')})"""


def id_exists(novel: str, entity_id: str) -> str:
    """The entity `entity_id` (a SQL expression) exists at the cap."""
    return f"""EXISTS (SELECT 1 FROM entities ex_e WHERE ex_e.novel_id = {novel}
                        AND ex_e.id = {entity_id} AND {entity_exists('ex_e')})"""


def relationship_in_force(alias: str) -> str:
    """A relationship in force at the cap; a supersession counts once its chapter is visible."""
    return f"""({in_force(alias)}
               AND NOT EXISTS (SELECT 1 FROM relationships sup_r
                                WHERE sup_r.novel_id = {alias}.novel_id
                                  AND sup_r.id = {alias}.superseded_by_id
                                  AND {asserted_by('sup_r', 'from_chapter')}))"""


def thread_status(thread: str) -> str:
    """Scalar subquery: 'open', 'progressing' or 'closed': the last thread event by the cap."""
    return f"""(SELECT CASE te_s.action WHEN 'close' THEN 'closed'
                                        WHEN 'progress' THEN 'progressing' ELSE 'open' END
                  FROM thread_events te_s
                 WHERE te_s.novel_id = {thread}.novel_id AND te_s.thread_id = {thread}.id
                   AND {asserted_by('te_s')}
                 ORDER BY te_s.chapter DESC, te_s.id DESC LIMIT 1)"""


def commitment_paid(alias: str) -> str:
    """A setup is paid at the cap only once its payoff chapter is visible."""
    return f"({alias}.payoff_chapter IS NOT NULL AND {asserted_by(alias, 'payoff_chapter')})"
