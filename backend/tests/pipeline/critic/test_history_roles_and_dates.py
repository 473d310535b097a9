"""Records an earlier chapter's reading stored (real spine, embedded Postgres) and the critic
of a later chapter compared with: who a role noun names ("Elena Voss was the landlady of the
Lantern"), and the years before a wreck ("lost at sea twelve years before, when the Merlin
went down"). Emptying the stored records silences the comparison: the check reads the
records, not the earlier chapter's text; a chapter stored before a kind existed has that kind
read from its text."""

from __future__ import annotations

import uuid

from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.critic.claims import bind_claims
from continuum.pipeline.critic.history import load_earlier_records
from continuum.pipeline.critic.runner import critique_draft
from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
from continuum.pipeline.extract.schema import ChapterRecords
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from continuum.reads.critic_state import load_prior_text
from continuum.reads.world_state import load_world

LANTERN = ("Elena Voss was a widow, and the landlady of the Lantern. Tomas Marsh came in from "
           "the rain and asked for a room.")
SIT_DOWN = '"Sit down," said the landlady, and Tomas sat.'
MILL = ("Hal Brandt was thirty years old. Their father had been lost at sea twelve years before, "
        "when the Merlin went down off the weir mouth.")
BELL = '"I was nine years old the year the Merlin went down," said Hal Brandt.'
NO_RECORDS = ChapterRecords().model_dump_json()  # every kind kept, none found
OLDER_READER = '{"object_fates": []}'  # stored before the role namings were kept


def _novel(*chapters: str) -> uuid.UUID:
    with write_session() as session:
        novel = create_novel(session, title="The Lantern")
    for number, chapter in enumerate(chapters, start=1):
        analyze_chapter(novel_id=novel, number=number, text=chapter, extractor=OfflineExtractor())
    return novel


def _empty_records(novel: uuid.UUID, records: str = NO_RECORDS) -> None:
    with write_session() as session:
        session.execute(text("UPDATE chapters SET records = CAST(:r AS jsonb) WHERE novel_id = :n"),
                        {"n": novel, "r": records})


def _landlady(novel: uuid.UUID) -> str | None:
    """The person the draft's "the landlady" stands for, bound as the critique binds it."""
    extraction = OfflineExtractor().extract(SIT_DOWN, chapter_number=2, context=_context())
    with read_session() as session:
        world = load_world(session=session, novel_id=novel, cap=1)
        claims = bind_claims(SIT_DOWN, extraction, world,
                             load_prior_text(session=session, novel_id=novel, cap=1),
                             earlier=load_earlier_records(session, novel_id=novel, cap=1))
    found = claims.person("the landlady", SIT_DOWN.index("the landlady"))
    return claims.name_of(found) if found is not None else None


def _context():  # type: ignore[no-untyped-def]
    from continuum.pipeline.extract.protocol import StoryContext

    return StoryContext()


def test_a_role_noun_an_earlier_chapter_gave_names_the_person_in_a_later_one(clean_db) -> None:
    novel = _novel(LANTERN)
    with read_session() as session:
        namings = [(n, r.noun, r.who) for n, r in
                   load_earlier_records(session, novel_id=novel, cap=1).each("role_namings")]
    assert (1, "landlady", "Elena Voss") in namings
    assert _landlady(novel) == "Elena Voss"
    _empty_records(novel)
    assert _landlady(novel) is None
    _empty_records(novel, OLDER_READER)
    assert _landlady(novel) == "Elena Voss"


def _age_warnings(novel: uuid.UUID) -> list[tuple[str, int | None, str]]:
    with write_session() as session:
        session.execute(text("UPDATE canon_facts SET locked = true, locked_at = now() "
                             "WHERE novel_id = :n AND predicate = 'age'"), {"n": novel})
    with read_session() as session:
        outcome = critique_draft(session, novel_id=novel, number=2, text=BELL,
                                 extractor=OfflineExtractor())
    assert outcome.status == "ok", outcome.error
    return [(f.severity, f.evidence_chapter, f.message) for f in outcome.findings
            if f.check == "canon" and "years ago" in f.message]


def test_an_age_at_a_wreck_an_earlier_chapter_dated_is_summed_with_the_years_since(clean_db) -> None:
    novel = _novel(MILL)
    found = _age_warnings(novel)
    assert [(severity, chapter) for severity, chapter, _m in found] == [("WARN", 1)]
    assert "12 years ago by chapter 1, which makes Hal Brandt 21" in found[0][2]
    _empty_records(novel)
    assert _age_warnings(novel) == []
