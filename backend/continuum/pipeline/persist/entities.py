"""PERSIST entities: bind or create each extracted entity, join twins the cast now tells
apart from no one (`persist.joins`), write versions and mentions."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.language.names import is_pronoun, normalize
from continuum.pipeline.extract.schema import EntityItem
from continuum.pipeline.identity.cast import Cast
from continuum.pipeline.identity.joins import given_name_owners
from continuum.pipeline.identity.resolve import Resolution, initials_only
from continuum.pipeline.identity.roster import RosterEntry
from continuum.pipeline.persist.joins import join_twins


@dataclass
class NameBinder:
    """Surface name → entity id for this chapter: the chapter's own names first, then roster."""

    cast: Cast
    local: dict[str, uuid.UUID] = field(default_factory=dict)

    def bind(self, name: str | None, type_: str | None = None) -> uuid.UUID | None:
        """The entity a name refers to, or None (the reference is dropped)."""
        if not name:
            return None
        local = self.local.get(normalize(name))
        if local is not None and (type_ is None or self.cast.entry(local).type == type_):
            return local
        return self.cast.bind_name(name, type_)


def persist_entities(
    session: Session,
    *,
    novel_id: uuid.UUID,
    chapter: int,
    items: list[EntityItem],
    cast: Cast,
    reuse: dict[tuple[str, str], uuid.UUID] | None = None,
) -> tuple[NameBinder, dict[str, int]]:
    """Resolve exact → alias → partial → fuzzy → create; returns the binder and rule counts."""
    binder = NameBinder(cast)
    counts: dict[str, int] = {}
    bound: list[tuple[uuid.UUID, EntityItem]] = []
    for item in items:
        found = cast.bind_item([item.name, *item.aliases], item.type, item.gender,
                               {eid for eid, _ in bound})
        entity_id = found.entity_id
        if entity_id is None and (_ambiguous_given_name(found, item, cast) or _initials_of_nobody(item)):
            counts["unbound"] = counts.get("unbound", 0) + 1
            continue  # "John", with John Silver and John Trelawney known: nobody, not a third
        rule = "bound" if entity_id is not None else "created"
        if entity_id is None:
            # A rebuild (replace) hands an entity its old id back when it finds it again.
            previous = (reuse or {}).pop((item.type, normalize(_tidy(item.name))), None)
            entity_id = session.execute(
                text(
                    """INSERT INTO entities (novel_id, id, type, first_chapter, gender)
                       VALUES (:novel_id, coalesce(:id, gen_random_uuid()), :type, :chapter,
                               :gender) RETURNING id"""
                ),
                {"novel_id": novel_id, "id": previous, "type": item.type, "chapter": chapter,
                 "gender": item.gender},
            ).scalar_one()
            cast.add(RosterEntry(id=entity_id, type=item.type, name=_tidy(item.name),
                                   gender=item.gender, first_chapter=chapter))
        counts[rule] = counts.get(rule, 0) + 1
        for surface in {_tidy(item.name), *map(_tidy, item.aliases)}:
            cast.learn_alias(entity_id, surface)
            binder.local[normalize(surface)] = entity_id
        for mention in item.mentions:
            if not is_pronoun(mention.text):
                cast.entry(entity_id).count_use(mention.text)
        cast.retitle(entity_id)
        for mention in item.mentions:
            if not is_pronoun(mention.text):
                binder.local.setdefault(normalize(mention.text), entity_id)
        bound.append((entity_id, item))
    into = {j.twin: j.person for j in join_twins(session, novel_id=novel_id, chapter=chapter,
                                                 cast=cast)}
    if into:  # this chapter's names of a twin are its person's now
        counts["joined"] = len(into)
        bound = [(into.get(entity_id, entity_id), item) for entity_id, item in bound]
        binder.local = {key: into.get(eid, eid) for key, eid in binder.local.items()}
        for person in set(into.values()):
            cast.retitle(person)
    written: set[uuid.UUID] = set()
    for entity_id, item in bound:
        parent = binder.bind(item.parent, "location") if item.parent else None
        _write_version(session, novel_id=novel_id, chapter=chapter,
                       entry=cast.entry(entity_id), description=item.description,
                       parent_id=parent if parent != entity_id else None,
                       kind_votes=item.kind_votes)
        _write_mentions(session, novel_id=novel_id, chapter=chapter, entity_id=entity_id, item=item)
        written.add(entity_id)
    for person in set(into.values()) - written:  # joined by a twin this chapter did not name
        _write_version(session, novel_id=novel_id, chapter=chapter, entry=cast.entry(person),
                       description=None, parent_id=None)
    return binder, counts


def _ambiguous_given_name(found: Resolution, item: EntityItem, cast: Cast) -> bool:
    """Whether a person known by a bare given name ("John") could be several of the cast,
    each known by a full name with it (John Silver, John Trelawney), and is none of them
    decisively: such a name binds to the salient person or to nobody, and founds no entity
    of its own, which every later "John" would bind to and no join could settle. A given
    name one full name begins with founds one, which joins that person (`identity.joins`);
    a bare surname two of the cast share ("Finch", of Tom and Lily Finch) may be a third of
    the family, and founds one."""
    return found.rule == "ambiguous" and item.type == "character" and not item.aliases and \
        " " not in item.name.strip() and len(given_name_owners(cast.roster, item.name)) >= 2


def _initials_of_nobody(item: EntityItem) -> bool:
    """Whether a person is known only by initials that fit nobody of the cast ("J. F." under
    Flint's mark, Treasure Island ch. 29; "H. S." of the letters on a cake): initials say who
    only of someone already known (`resolve._by_initials`: "J. T." is John Trelawney), so
    they found no person of their own, who would stand in the cast as a twin or a stranger."""
    return item.type == "character" and initials_only([item.name, *item.aliases])


def _tidy(name: str) -> str:
    """A surface name with its line breaks and runs of spaces collapsed."""
    return " ".join(name.split())


def _write_version(
    session: Session, *, novel_id: uuid.UUID, chapter: int, entry: RosterEntry,
    description: str | None, parent_id: uuid.UUID | None,
    kind_votes: dict[str, float] | None = None,
) -> None:
    """The entity as of this chapter; `kind_votes` is what the chapter said of its kind
    (summed over the book by the story context: `KnownEntity.kind_votes`)."""
    session.execute(
        text(
            """
            INSERT INTO entity_versions (novel_id, entity_id, chapter, name, aliases, description, type,
                                         parent_id, kind_votes)
            VALUES (:novel_id, :entity_id, :chapter, :name, :aliases,
                    COALESCE(:description, (SELECT description FROM entity_versions
                                             WHERE novel_id = :novel_id AND entity_id = :entity_id
                                               AND chapter < :chapter AND description IS NOT NULL
                                             ORDER BY chapter DESC LIMIT 1)),
                    :type,
                    COALESCE(:parent_id, (SELECT parent_id FROM entity_versions
                                           WHERE novel_id = :novel_id AND entity_id = :entity_id
                                             AND chapter < :chapter AND parent_id IS NOT NULL
                                           ORDER BY chapter DESC LIMIT 1)),
                    CAST(:kind_votes AS jsonb))
            ON CONFLICT (novel_id, entity_id, chapter) DO UPDATE
               SET aliases = EXCLUDED.aliases,
                   description = COALESCE(EXCLUDED.description, entity_versions.description),
                   parent_id = COALESCE(EXCLUDED.parent_id, entity_versions.parent_id),
                   kind_votes = COALESCE(EXCLUDED.kind_votes, entity_versions.kind_votes)
            """
        ),
        {"novel_id": novel_id, "entity_id": entry.id, "chapter": chapter, "name": entry.name,
         "aliases": sorted(entry.aliases), "description": description, "type": entry.type,
         "parent_id": parent_id, "kind_votes": json.dumps(kind_votes) if kind_votes else None},
    )


def _write_mentions(
    session: Session, *, novel_id: uuid.UUID, chapter: int, entity_id: uuid.UUID, item: EntityItem
) -> None:
    if not item.mentions:
        return
    session.execute(
        text(
            """INSERT INTO entity_mentions (novel_id, entity_id, chapter, start_offset, end_offset,
                                           text, kind)
               VALUES (:novel_id, :entity_id, :chapter, :start, :end, :text, :kind)"""
        ),
        [
            {"novel_id": novel_id, "entity_id": entity_id, "chapter": chapter,
             "start": m.start, "end": m.end, "text": m.text,
             "kind": "pronoun" if is_pronoun(m.text) else "name"}
            for m in item.mentions
        ],
    )
