"""The story bible as of a chapter: every wiki domain in one document, JSON or Markdown."""

from __future__ import annotations

import uuid
from typing import Literal

from pydantic import BaseModel
from sqlalchemy.orm import Session

from continuum.reads.canon import CanonFactRow, list_canon
from continuum.reads.entities import EntitySummary, list_entities
from continuum.reads.entity_state import EntityState, entity_states
from continuum.reads.novels import get_novel
from continuum.reads.places import LocationNode, ObjectOwnerRow, location_tree, object_owners
from continuum.reads.relationships import RelationshipRow, list_relationships
from continuum.reads.threads import CommitmentRow, ThreadRow, list_commitments, list_threads

Format = Literal["json", "markdown"]
CORE = ("character", "location", "object")


class StoryBible(BaseModel):
    """Everything the wiki knows at the cap."""

    title: str
    author: str | None
    cap: int
    characters: list[EntityState]
    locations: list[LocationNode]
    objects: list[ObjectOwnerRow]
    other_entities: list[EntitySummary]
    relationships: list[RelationshipRow]
    threads: list[ThreadRow]
    commitments: list[CommitmentRow]
    canon: list[CanonFactRow]


def story_bible(*, session: Session, novel_id: uuid.UUID, cap: int) -> StoryBible | None:
    """The story bible as of the cap; None for an unknown novel."""
    novel = get_novel(session=session, novel_id=novel_id)
    if novel is None:
        return None
    everyone = list_entities(session=session, novel_id=novel_id, cap=cap)
    cast = [e.id for e in everyone if e.type == "character"]
    states = entity_states(session=session, novel_id=novel_id, cap=cap, entity_ids=cast)
    characters = [states.get(i) for i in cast]
    return StoryBible(
        title=novel.title, author=novel.author, cap=cap,
        characters=[c for c in characters if c is not None],
        locations=location_tree(session=session, novel_id=novel_id, cap=cap),
        objects=object_owners(session=session, novel_id=novel_id, cap=cap),
        other_entities=[e for e in everyone if e.type not in CORE],
        relationships=list_relationships(session=session, novel_id=novel_id, cap=cap),
        threads=list_threads(session=session, novel_id=novel_id, cap=cap),
        commitments=list_commitments(session=session, novel_id=novel_id, cap=cap),
        canon=list_canon(session=session, novel_id=novel_id, cap=cap),
    )


def export_bible(
    *, session: Session, novel_id: uuid.UUID, cap: int, fmt: Format = "json"
) -> str | None:
    """The story bible as of the cap as a JSON or Markdown document; None for an unknown novel."""
    bible = story_bible(session=session, novel_id=novel_id, cap=cap)
    if bible is None:
        return None
    return bible.model_dump_json(indent=2) if fmt == "json" else to_markdown(bible)


def to_markdown(bible: StoryBible) -> str:
    """Render the bible as Markdown, one section per domain."""
    out = [f"# {bible.title} — story bible as of chapter {bible.cap}", ""]
    if bible.author:
        out += [f"*by {bible.author}*", ""]
    out += ["## Characters", ""]
    for c in bible.characters:
        also = f" (also: {', '.join(c.aliases)})" if c.aliases else ""
        out.append(f"### {c.entity.name}{also}")
        out.append(f"- First appears: chapter {c.first_chapter}")
        if c.description:
            out.append(f"- Description: {c.description}")
        if c.status:
            out.append(f"- Status: {c.status.status} (since chapter {c.status.since})")
        if c.location:
            out.append(f"- Where: {c.location.entity.name} (since chapter {c.location.since})")
        if c.holdings:
            out.append("- Holds: " + ", ".join(h.entity.name for h in c.holdings))
        for k in c.knowledge:
            out.append(f"- Knows (ch. {k.chapter}, {k.how}): {k.fact}")
        out.append("")
    out += ["## Locations", ""]
    out += _tree(bible.locations, 0) + [""]
    out += ["## Objects", ""]
    for o in bible.objects:
        holder = f"held by {o.owner.name}" if o.owner else "no holder"
        status = f", {o.status}" if o.status else ""
        out.append(f"- **{o.name}**: {holder}{status}")
    if bible.other_entities:
        out += ["", "## Other entities", ""]
        out += [f"- **{e.name}** ({e.type}), from chapter {e.first_chapter}"
                for e in bible.other_entities]
    out += ["", "## Relationships", ""]
    out += [f"- {r.source.name} — {r.label} — {r.target.name} (since chapter {r.from_chapter})"
            for r in bible.relationships]
    out += ["", "## Plot threads", ""]
    for t in bible.threads:
        last = t.events[-1].summary if t.events else ""
        out.append(f"- **{t.name}** [{t.status}], opened in chapter {t.opened_chapter}: {last}")
    out += ["", "## Commitments", ""]
    for cm in bible.commitments:
        state = (f"paid in chapter {cm.payoff_chapter}" if cm.status == "paid"
                 else "open" + (" (overdue)" if cm.overdue else ""))
        out.append(f"- {cm.detail} (set up in chapter {cm.setup_chapter}; {state})")
    out += ["", "## Canon", ""]
    for f in bible.canon:
        lock = " 🔒" if f.locked else ""
        out.append(f"- {f.subject} — {f.predicate}: {f.value} (chapter {f.chapter}){lock}")
    return "\n".join(out).rstrip() + "\n"


def _tree(nodes: list[LocationNode], depth: int) -> list[str]:
    lines = []
    for node in nodes:
        here = f" — {', '.join(o.name for o in node.occupants)}" if node.occupants else ""
        lines.append(f"{'  ' * depth}- **{node.name}**{here}")
        lines += _tree(node.children, depth + 1)
    return lines
