"""Initial schema: the whole data model of DESIGN.md §5.

Every table carries novel_id and leads its primary key with it, so the schema can be
distributed by novel (Citus) without change. Every fact row carries the chapter that
asserted it; there are no "current state" columns. Projections (character_states,
located_in_edges, possesses_edges) are written only by the materializer.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

DIM = 384

EVIDENCE = """
    evidence_start   integer,
    evidence_end     integer,
    evidence_quote   text,
    evidence_rule    text,
    confidence       real NOT NULL DEFAULT 1.0
"""


TABLES = f"""
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE novels (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    title       text NOT NULL CHECK (length(btrim(title)) > 0),
    author      text,
    genre       text,
    settings    jsonb NOT NULL DEFAULT '{{}}'::jsonb,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE entity_types (
    novel_id    uuid NOT NULL REFERENCES novels (id) ON DELETE CASCADE,
    id          bigint GENERATED ALWAYS AS IDENTITY,
    name        text NOT NULL,
    description text NOT NULL DEFAULT '',
    core        boolean NOT NULL DEFAULT false,
    preset      text,
    PRIMARY KEY (novel_id, id),
    UNIQUE (novel_id, name)
);

CREATE TABLE chapters (
    novel_id        uuid NOT NULL REFERENCES novels (id) ON DELETE CASCADE,
    number          integer NOT NULL CHECK (number >= 1),
    title           text,
    text            text NOT NULL,
    source          text NOT NULL DEFAULT 'human' CHECK (source IN ('human', 'agent')),
    content_hash    text NOT NULL,
    summary_short   text,
    summary_medium  text,
    summary_long    text,
    word_count      integer NOT NULL DEFAULT 0,
    extractor       text,
    extraction_stats jsonb NOT NULL DEFAULT '{{}}'::jsonb,
    embedding       vector({DIM}),
    embedding_model text,
    text_tsv        tsvector GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, '') || ' ' || text)) STORED,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (novel_id, number)
);

CREATE TABLE passages (
    novel_id        uuid NOT NULL REFERENCES novels (id) ON DELETE CASCADE,
    id              bigint GENERATED ALWAYS AS IDENTITY,
    chapter         integer NOT NULL,
    ordinal         integer NOT NULL,
    start_offset    integer NOT NULL,
    end_offset      integer NOT NULL,
    text            text NOT NULL,
    text_tsv        tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED,
    embedding       vector({DIM}),
    embedding_model text,
    PRIMARY KEY (novel_id, id),
    UNIQUE (novel_id, chapter, ordinal),
    FOREIGN KEY (novel_id, chapter) REFERENCES chapters (novel_id, number) ON DELETE CASCADE
);

CREATE TABLE entities (
    novel_id      uuid NOT NULL REFERENCES novels (id) ON DELETE CASCADE,
    id            uuid NOT NULL DEFAULT gen_random_uuid(),
    type          text NOT NULL,
    first_chapter integer NOT NULL CHECK (first_chapter >= 1),
    gender        text NOT NULL DEFAULT 'unknown',
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (novel_id, id)
);

CREATE TABLE entity_versions (
    novel_id    uuid NOT NULL,
    id          bigint GENERATED ALWAYS AS IDENTITY,
    entity_id   uuid NOT NULL,
    chapter     integer NOT NULL,
    name        text NOT NULL,
    aliases     text[] NOT NULL DEFAULT '{{}}',
    description text,
    type        text NOT NULL,
    parent_id   uuid,
    attributes  jsonb NOT NULL DEFAULT '{{}}'::jsonb,
    PRIMARY KEY (novel_id, id),
    UNIQUE (novel_id, entity_id, chapter),
    FOREIGN KEY (novel_id, entity_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, parent_id) REFERENCES entities (novel_id, id) ON DELETE SET NULL (parent_id)
);

CREATE TABLE entity_mentions (
    novel_id     uuid NOT NULL,
    id           bigint GENERATED ALWAYS AS IDENTITY,
    entity_id    uuid NOT NULL,
    chapter      integer NOT NULL,
    start_offset integer NOT NULL,
    end_offset   integer NOT NULL,
    text         text NOT NULL,
    kind         text NOT NULL DEFAULT 'name',
    PRIMARY KEY (novel_id, id),
    FOREIGN KEY (novel_id, entity_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, chapter) REFERENCES chapters (novel_id, number) ON DELETE CASCADE
);

CREATE TABLE events (
    novel_id        uuid NOT NULL,
    id              bigint GENERATED ALWAYS AS IDENTITY,
    chapter         integer NOT NULL,
    ordinal         integer NOT NULL,
    type            text NOT NULL,
    summary         text NOT NULL,
    subject_id      uuid,
    verb            text NOT NULL,
    object_id       uuid,
    involved        uuid[] NOT NULL DEFAULT '{{}}',
    impact          real NOT NULL DEFAULT 0.5,
    story_order     integer,
    embedding       vector({DIM}),
    embedding_model text,
    {EVIDENCE},
    PRIMARY KEY (novel_id, id),
    FOREIGN KEY (novel_id, chapter) REFERENCES chapters (novel_id, number) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, subject_id) REFERENCES entities (novel_id, id) ON DELETE SET NULL (subject_id),
    FOREIGN KEY (novel_id, object_id) REFERENCES entities (novel_id, id) ON DELETE SET NULL (object_id)
);

CREATE TABLE plot_threads (
    novel_id       uuid NOT NULL REFERENCES novels (id) ON DELETE CASCADE,
    id             bigint GENERATED ALWAYS AS IDENTITY,
    key            text NOT NULL,
    name           text NOT NULL,
    opened_chapter integer NOT NULL,
    PRIMARY KEY (novel_id, id),
    UNIQUE (novel_id, key)
);

CREATE TABLE thread_events (
    novel_id   uuid NOT NULL,
    id         bigint GENERATED ALWAYS AS IDENTITY,
    thread_id  bigint NOT NULL,
    chapter    integer NOT NULL,
    action     text NOT NULL CHECK (action IN ('open', 'progress', 'close')),
    summary    text NOT NULL,
    entity_ids uuid[] NOT NULL DEFAULT '{{}}',
    {EVIDENCE},
    PRIMARY KEY (novel_id, id),
    FOREIGN KEY (novel_id, thread_id) REFERENCES plot_threads (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, chapter) REFERENCES chapters (novel_id, number) ON DELETE CASCADE
);

CREATE TABLE relationships (
    novel_id         uuid NOT NULL,
    id               bigint GENERATED ALWAYS AS IDENTITY,
    source_id        uuid NOT NULL,
    target_id        uuid NOT NULL,
    type             text NOT NULL,
    is_symmetric     boolean NOT NULL DEFAULT false,
    from_chapter     integer NOT NULL,
    to_chapter       integer,
    superseded_by_id bigint,
    {EVIDENCE},
    PRIMARY KEY (novel_id, id),
    CHECK (to_chapter IS NULL OR to_chapter >= from_chapter),
    FOREIGN KEY (novel_id, source_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, target_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, superseded_by_id) REFERENCES relationships (novel_id, id) ON DELETE SET NULL (superseded_by_id)
);

CREATE TABLE shared_dynamics (
    novel_id uuid NOT NULL,
    id       bigint GENERATED ALWAYS AS IDENTITY,
    a_id     uuid NOT NULL,
    b_id     uuid NOT NULL,
    chapter  integer NOT NULL,
    tone     text NOT NULL,
    tension  real NOT NULL DEFAULT 0,
    {EVIDENCE},
    PRIMARY KEY (novel_id, id),
    UNIQUE (novel_id, a_id, b_id, chapter),
    CHECK (a_id < b_id),
    FOREIGN KEY (novel_id, a_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, b_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, chapter) REFERENCES chapters (novel_id, number) ON DELETE CASCADE
);

CREATE TABLE scenes (
    novel_id        uuid NOT NULL,
    id              bigint GENERATED ALWAYS AS IDENTITY,
    chapter         integer NOT NULL,
    ordinal         integer NOT NULL,
    start_offset    integer NOT NULL,
    end_offset      integer NOT NULL,
    pov_id          uuid,
    location_id     uuid,
    time_anchor     text,
    present         uuid[] NOT NULL DEFAULT '{{}}',
    summary         text NOT NULL DEFAULT '',
    text            text NOT NULL,
    text_tsv        tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED,
    embedding       vector({DIM}),
    embedding_model text,
    PRIMARY KEY (novel_id, id),
    UNIQUE (novel_id, chapter, ordinal),
    FOREIGN KEY (novel_id, chapter) REFERENCES chapters (novel_id, number) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, pov_id) REFERENCES entities (novel_id, id) ON DELETE SET NULL (pov_id),
    FOREIGN KEY (novel_id, location_id) REFERENCES entities (novel_id, id) ON DELETE SET NULL (location_id)
);

CREATE TABLE knows_edges (
    novel_id    uuid NOT NULL,
    id          bigint GENERATED ALWAYS AS IDENTITY,
    knower_id   uuid NOT NULL,
    chapter     integer NOT NULL,
    fact        text NOT NULL,
    fact_key    text NOT NULL,
    certainty   real NOT NULL DEFAULT 1.0,
    how         text NOT NULL DEFAULT 'told',
    source_id   uuid,
    shared_with uuid[] NOT NULL DEFAULT '{{}}',
    {EVIDENCE},
    PRIMARY KEY (novel_id, id),
    FOREIGN KEY (novel_id, knower_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, source_id) REFERENCES entities (novel_id, id) ON DELETE SET NULL (source_id),
    FOREIGN KEY (novel_id, chapter) REFERENCES chapters (novel_id, number) ON DELETE CASCADE
);

CREATE TABLE commitments (
    novel_id         uuid NOT NULL,
    id               bigint GENERATED ALWAYS AS IDENTITY,
    key              text NOT NULL,
    detail           text NOT NULL,
    trigger          text,
    weight           real NOT NULL DEFAULT 0.5,
    setup_chapter    integer NOT NULL,
    payoff_chapter   integer,
    payoff_detail    text,
    payoff_quote     text,
    payoff_start     integer,
    payoff_end       integer,
    embedding        vector({DIM}),
    embedding_model  text,
    {EVIDENCE},
    PRIMARY KEY (novel_id, id),
    CHECK (payoff_chapter IS NULL OR payoff_chapter >= setup_chapter),
    FOREIGN KEY (novel_id, setup_chapter) REFERENCES chapters (novel_id, number) ON DELETE CASCADE
);

CREATE TABLE canon_facts (
    novel_id    uuid NOT NULL,
    id          bigint GENERATED ALWAYS AS IDENTITY,
    chapter     integer NOT NULL,
    kind        text NOT NULL DEFAULT 'attribute',
    subject_id  uuid,
    subject     text NOT NULL,
    predicate   text NOT NULL,
    value       text NOT NULL,
    locked      boolean NOT NULL DEFAULT false,
    locked_at   timestamptz,
    edited      boolean NOT NULL DEFAULT false,
    {EVIDENCE},
    PRIMARY KEY (novel_id, id),
    FOREIGN KEY (novel_id, subject_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, chapter) REFERENCES chapters (novel_id, number) ON DELETE CASCADE
);

CREATE TABLE continuity_flags (
    novel_id    uuid NOT NULL,
    id          bigint GENERATED ALWAYS AS IDENTITY,
    chapter     integer NOT NULL,
    kind        text NOT NULL,
    severity    text NOT NULL DEFAULT 'INFO' CHECK (severity IN ('INFO', 'WARN', 'FAIL')),
    description text NOT NULL,
    entity_ids  uuid[] NOT NULL DEFAULT '{{}}',
    origin      text NOT NULL DEFAULT 'extractor',
    {EVIDENCE},
    PRIMARY KEY (novel_id, id),
    FOREIGN KEY (novel_id, chapter) REFERENCES chapters (novel_id, number) ON DELETE CASCADE
);

CREATE TABLE state_deltas (
    novel_id   uuid NOT NULL,
    id         bigint GENERATED ALWAYS AS IDENTITY,
    chapter    integer NOT NULL,
    ordinal    integer NOT NULL,
    kind       text NOT NULL,
    subject_id uuid NOT NULL,
    object_id  uuid,
    value      text,
    {EVIDENCE},
    PRIMARY KEY (novel_id, id),
    UNIQUE (novel_id, chapter, ordinal),
    FOREIGN KEY (novel_id, subject_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, object_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, chapter) REFERENCES chapters (novel_id, number) ON DELETE CASCADE
);

CREATE TABLE character_states (
    novel_id    uuid NOT NULL,
    id          bigint GENERATED ALWAYS AS IDENTITY,
    entity_id   uuid NOT NULL,
    status      text NOT NULL,
    valid_from  integer NOT NULL,
    valid_to    integer,
    source_delta_id bigint,
    PRIMARY KEY (novel_id, id),
    CHECK (valid_to IS NULL OR valid_to >= valid_from),
    FOREIGN KEY (novel_id, entity_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE
);

CREATE TABLE located_in_edges (
    novel_id    uuid NOT NULL,
    id          bigint GENERATED ALWAYS AS IDENTITY,
    entity_id   uuid NOT NULL,
    location_id uuid NOT NULL,
    valid_from  integer NOT NULL,
    valid_to    integer,
    source_delta_id bigint,
    PRIMARY KEY (novel_id, id),
    CHECK (valid_to IS NULL OR valid_to >= valid_from),
    FOREIGN KEY (novel_id, entity_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, location_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE
);

CREATE TABLE possesses_edges (
    novel_id    uuid NOT NULL,
    id          bigint GENERATED ALWAYS AS IDENTITY,
    owner_id    uuid NOT NULL,
    object_id   uuid NOT NULL,
    valid_from  integer NOT NULL,
    valid_to    integer,
    source_delta_id bigint,
    PRIMARY KEY (novel_id, id),
    CHECK (valid_to IS NULL OR valid_to >= valid_from),
    FOREIGN KEY (novel_id, owner_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE,
    FOREIGN KEY (novel_id, object_id) REFERENCES entities (novel_id, id) ON DELETE CASCADE
);

CREATE TABLE critique_reports (
    novel_id    uuid NOT NULL REFERENCES novels (id) ON DELETE CASCADE,
    id          bigint GENERATED ALWAYS AS IDENTITY,
    chapter     integer NOT NULL,
    status      text NOT NULL CHECK (status IN ('ok', 'error', 'unavailable')),
    verdict     text CHECK (verdict IN ('pass', 'warn', 'fail')),
    policy      text NOT NULL CHECK (policy IN ('warn', 'block')),
    critic      text NOT NULL,
    text_hash   text NOT NULL,
    error       text,
    submission_id uuid,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (novel_id, id)
);

CREATE TABLE critique_findings (
    novel_id        uuid NOT NULL,
    id              bigint GENERATED ALWAYS AS IDENTITY,
    report_id       bigint NOT NULL,
    check_name      text NOT NULL,
    severity        text NOT NULL CHECK (severity IN ('FAIL', 'WARN')),
    message         text NOT NULL,
    draft_start     integer,
    draft_end       integer,
    draft_quote     text,
    evidence_chapter integer,
    evidence_quote  text,
    entity_ids      uuid[] NOT NULL DEFAULT '{{}}',
    PRIMARY KEY (novel_id, id),
    FOREIGN KEY (novel_id, report_id) REFERENCES critique_reports (novel_id, id) ON DELETE CASCADE
);

CREATE TABLE draft_submissions (
    novel_id       uuid NOT NULL REFERENCES novels (id) ON DELETE CASCADE,
    id             uuid NOT NULL DEFAULT gen_random_uuid(),
    chapter_number integer NOT NULL CHECK (chapter_number >= 1),
    title          text,
    text           text NOT NULL,
    status         text NOT NULL DEFAULT 'pending_review'
                   CHECK (status IN ('pending_review', 'accepted', 'rejected', 'superseded')),
    reason         text NOT NULL CHECK (reason IN ('fail', 'error')),
    report_id      bigint,
    superseded_by  uuid,
    created_at     timestamptz NOT NULL DEFAULT now(),
    decided_at     timestamptz,
    PRIMARY KEY (novel_id, id),
    FOREIGN KEY (novel_id, report_id) REFERENCES critique_reports (novel_id, id) ON DELETE SET NULL (report_id)
);

CREATE TABLE ingest_jobs (
    novel_id       uuid NOT NULL REFERENCES novels (id) ON DELETE CASCADE,
    id             uuid NOT NULL DEFAULT gen_random_uuid(),
    seq            bigint GENERATED ALWAYS AS IDENTITY,
    kind           text NOT NULL DEFAULT 'chapter',
    chapter_number integer NOT NULL,
    title          text,
    text           text NOT NULL,
    source         text NOT NULL DEFAULT 'human',
    policy         text NOT NULL DEFAULT 'warn',
    replace        boolean NOT NULL DEFAULT false,
    status         text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
    progress       real NOT NULL DEFAULT 0,
    stage          text,
    error          text,
    attempts       integer NOT NULL DEFAULT 0,
    worker         text,
    result         jsonb NOT NULL DEFAULT '{{}}'::jsonb,
    created_at     timestamptz NOT NULL DEFAULT now(),
    started_at     timestamptz,
    finished_at    timestamptz,
    PRIMARY KEY (novel_id, id)
);

CREATE TABLE llm_calls (
    novel_id      uuid NOT NULL REFERENCES novels (id) ON DELETE CASCADE,
    id            bigint GENERATED ALWAYS AS IDENTITY,
    chapter       integer,
    job_id        uuid,
    pass_name     text NOT NULL,
    model         text NOT NULL,
    tokens_in     integer NOT NULL DEFAULT 0,
    tokens_out    integer NOT NULL DEFAULT 0,
    tokens_cached integer NOT NULL DEFAULT 0,
    latency_ms    integer NOT NULL DEFAULT 0,
    cost_usd      numeric(12, 6) NOT NULL DEFAULT 0,
    status        text NOT NULL DEFAULT 'ok',
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (novel_id, id)
);
"""

INDEXES = """
CREATE INDEX ix_chapters_tsv ON chapters USING gin (text_tsv);
CREATE INDEX ix_passages_tsv ON passages USING gin (text_tsv);
CREATE INDEX ix_scenes_tsv ON scenes USING gin (text_tsv);
CREATE INDEX ix_chapters_embedding ON chapters USING hnsw (embedding vector_cosine_ops);
CREATE INDEX ix_passages_embedding ON passages USING hnsw (embedding vector_cosine_ops);
CREATE INDEX ix_scenes_embedding ON scenes USING hnsw (embedding vector_cosine_ops);
CREATE INDEX ix_events_embedding ON events USING hnsw (embedding vector_cosine_ops);
CREATE INDEX ix_commitments_embedding ON commitments USING hnsw (embedding vector_cosine_ops);
CREATE INDEX ix_passages_chapter ON passages (novel_id, chapter);
CREATE INDEX ix_entities_first_chapter ON entities (novel_id, first_chapter);
CREATE INDEX ix_entities_type ON entities (novel_id, type, first_chapter);
CREATE INDEX ix_entity_versions_chapter ON entity_versions (novel_id, entity_id, chapter DESC);
CREATE INDEX ix_entity_mentions_entity ON entity_mentions (novel_id, entity_id, chapter);
CREATE INDEX ix_entity_mentions_chapter ON entity_mentions (novel_id, chapter);
CREATE INDEX ix_events_chapter ON events (novel_id, chapter, ordinal);
CREATE INDEX ix_events_involved ON events USING gin (involved);
CREATE INDEX ix_thread_events_chapter ON thread_events (novel_id, chapter);
CREATE INDEX ix_thread_events_thread ON thread_events (novel_id, thread_id, chapter);
CREATE INDEX ix_relationships_chapter ON relationships (novel_id, from_chapter);
CREATE INDEX ix_relationships_pair ON relationships (novel_id, source_id, target_id, type);
CREATE INDEX ix_shared_dynamics_chapter ON shared_dynamics (novel_id, chapter);
CREATE INDEX ix_scenes_chapter ON scenes (novel_id, chapter, ordinal);
CREATE INDEX ix_knows_edges_chapter ON knows_edges (novel_id, chapter);
CREATE INDEX ix_knows_edges_knower ON knows_edges (novel_id, knower_id, chapter);
CREATE INDEX ix_commitments_chapter ON commitments (novel_id, setup_chapter);
CREATE INDEX ix_commitments_key ON commitments (novel_id, key);
CREATE INDEX ix_canon_facts_chapter ON canon_facts (novel_id, chapter);
CREATE INDEX ix_canon_facts_subject ON canon_facts (novel_id, subject_id, predicate, chapter);
CREATE INDEX ix_continuity_flags_chapter ON continuity_flags (novel_id, chapter);
CREATE INDEX ix_state_deltas_chapter ON state_deltas (novel_id, chapter, ordinal);
CREATE INDEX ix_character_states_entity ON character_states (novel_id, entity_id, valid_from);
CREATE INDEX ix_located_in_entity ON located_in_edges (novel_id, entity_id, valid_from);
CREATE INDEX ix_located_in_location ON located_in_edges (novel_id, location_id, valid_from);
CREATE INDEX ix_possesses_owner ON possesses_edges (novel_id, owner_id, valid_from);
CREATE INDEX ix_possesses_object ON possesses_edges (novel_id, object_id, valid_from);
CREATE INDEX ix_critique_reports_chapter ON critique_reports (novel_id, chapter);
CREATE INDEX ix_critique_findings_report ON critique_findings (novel_id, report_id);
CREATE UNIQUE INDEX ux_draft_pending ON draft_submissions (novel_id, chapter_number)
    WHERE status = 'pending_review';
CREATE INDEX ix_ingest_jobs_queue ON ingest_jobs (status, seq);
CREATE INDEX ix_ingest_jobs_novel ON ingest_jobs (novel_id, seq);
CREATE INDEX ix_llm_calls_chapter ON llm_calls (novel_id, chapter);
"""

DROP_ORDER = [
    "llm_calls", "ingest_jobs", "draft_submissions", "critique_findings", "critique_reports",
    "possesses_edges", "located_in_edges", "character_states", "state_deltas",
    "continuity_flags", "canon_facts", "commitments", "knows_edges", "scenes",
    "shared_dynamics", "relationships", "thread_events", "plot_threads", "events",
    "entity_mentions", "entity_versions", "entities", "passages", "chapters",
    "entity_types", "novels",
]


def upgrade() -> None:
    op.execute(TABLES)
    op.execute(INDEXES)


def downgrade() -> None:
    for table in DROP_ORDER:
        op.execute(f"DROP TABLE IF EXISTS {table} CASCADE")
