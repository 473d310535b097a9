"""Read one whole novel through the real write spine and snapshot the read layer at each cap.

The snapshot is what a reader of the wiki would see at every chapter: the entities with
their names and aliases as of the cap, the relationships in force, and, for the most
mentioned characters, where they are, their status and their description. Scoring works on
the snapshot alone, so a snapshot saved under var/ can be re-scored against a revised key.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from evals.common import MOCK, VAR, offline_extractor, open_database, use_settings

# The novels, under CONTINUUM_SHARED_DATA like every other eval's data.
NOVELS = Path(os.environ.get("CONTINUUM_SHARED_DATA")
              or Path(__file__).resolve().parents[2].parent / "shared" / "data") / "novels"
SNAPSHOTS = VAR / "wholebook"
# Where-abouts, status and descriptions are read for this many characters per cap.
STATE_TOP = 120


def read_book(stem: str, *, novels: Path = NOVELS, embedding: str = MOCK,
              progress: Callable[[str], None] = print) -> dict[str, Any]:
    """Ingest the novel chapter by chapter (offline extractor) and snapshot every cap."""
    from continuum.db.engine import write_session
    from continuum.pipeline.segment.books import split_book
    from continuum.pipeline.spine import analyze_chapter
    from continuum.pipeline.submit import create_novel

    chapters = split_book((novels / f"{stem}.txt").read_text(encoding="utf-8"))
    open_database(f"wholebook-{stem}", fresh=True)
    use_settings(embedding=embedding)
    extractor = offline_extractor()
    with write_session() as session:
        novel_id = create_novel(session, title=stem.replace("_", " ").title())
    began = time.perf_counter()
    for chapter in chapters:
        analyze_chapter(novel_id=novel_id, number=chapter.number, text=chapter.text,
                        title=chapter.title, policy="warn", extractor=extractor)
        if chapter.number % 10 == 0 or chapter.number == len(chapters):
            progress(f"  {stem}: chapter {chapter.number}/{len(chapters)} "
                     f"({time.perf_counter() - began:.0f}s)")
    seconds = time.perf_counter() - began
    caps = {cap: snapshot_cap(novel_id, cap) for cap in range(1, len(chapters) + 1)}
    return {"book": stem, "chapters": len(chapters), "seconds": seconds, "caps": caps}


def snapshot_cap(novel_id: Any, cap: int) -> dict[str, Any]:
    """Entities, relationships and the top characters' state, as the read layer gives them."""
    from continuum.db.engine import read_session
    from continuum.reads.entities import list_entities
    from continuum.reads.entity_state import entity_states
    from continuum.reads.relationships import list_relationships

    with read_session() as session:
        entities = list_entities(session=session, novel_id=novel_id, cap=cap)
        relationships = list_relationships(session=session, novel_id=novel_id, cap=cap)
        top = [e.id for e in entities if e.type == "character"][:STATE_TOP]
        states = entity_states(session=session, novel_id=novel_id, cap=cap, entity_ids=top)
    return {
        "entities": [{"id": str(e.id), "name": e.name, "type": e.type, "aliases": e.aliases,
                      "mentions": e.mention_count, "first_chapter": e.first_chapter}
                     for e in entities],
        "relationships": [{"type": r.type, "source": str(r.source.id),
                           "target": str(r.target.id), "from_chapter": r.from_chapter,
                           "quote": r.evidence_quote} for r in relationships],
        "states": {str(eid): {"location": str(s.location.entity.id) if s.location else None,
                              "home": str(s.home.entity.id) if s.home else None,
                              "status": s.status.status if s.status else None,
                              "description": s.description}
                   for eid, s in states.items()},
    }


def snapshot_path(stem: str) -> Path:
    """Where a book's last snapshot is kept."""
    return SNAPSHOTS / f"{stem}.reading.json"


def save_snapshot(snapshot: dict[str, Any]) -> Path:
    """Keep the snapshot for re-scoring."""
    path = snapshot_path(snapshot["book"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(snapshot, ensure_ascii=False), encoding="utf-8")
    return path


def load_snapshot(stem: str) -> dict[str, Any] | None:
    """The kept snapshot of a book, or None."""
    path = snapshot_path(stem)
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    data["caps"] = {int(k): v for k, v in data["caps"].items()}
    return data
