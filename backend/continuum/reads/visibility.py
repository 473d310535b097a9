"""What "visible at cap N" means, written once and reused by every query.

Each helper returns a SQL boolean fragment over a table alias; every query in reads/
builds its WHERE clause from these, with `:cap` bound to the reader's chapter.
"""

from __future__ import annotations


def asserted_by(alias: str, column: str = "chapter") -> str:
    """A row asserted in chapter <= cap."""
    return f"{alias}.{column} <= :cap"


def entity_exists(alias: str) -> str:
    """An entity exists at the cap once its first chapter is visible."""
    return f"{alias}.first_chapter <= :cap"


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
