"""A synthetic novel generated straight into the database: 300 chapters, 2,000 entities."""

from __future__ import annotations

import uuid

from sqlalchemy import Connection, text

VEC = "(SELECT ('[' || string_agg(to_char(random() - 0.5, 'FM0.0000'), ',') || ']')::vector " \
      "FROM generate_series(1, 384) WHERE g IS NOT NULL)"

STEPS = [
    # chapters with prose-like text (the tsvector column is generated)
    """INSERT INTO chapters (novel_id, number, title, text, content_hash, summary_short,
                             summary_medium, word_count, embedding, embedding_model)
       SELECT :n, g, 'Chapter ' || g,
              repeat('The harbour lay quiet under a grey sky while the clerks counted ledgers. ', 60)
              || ' Chapter ' || g || ' ends with a letter sealed in wax.',
              md5(g::text), 'Chapter ' || g || ' in brief.', 'Summary of chapter ' || g || '.',
              900, """ + VEC + """, 'mock:random'
         FROM generate_series(1, :chapters) g""",
    """INSERT INTO passages (novel_id, chapter, ordinal, start_offset, end_offset, text,
                            embedding, embedding_model)
       SELECT :n, c, o, o * 400, o * 400 + 400,
              'Passage ' || o || ' of chapter ' || c || ': the ledger, the key and the stranger.',
              """ + VEC.replace("g IS NOT NULL", "c IS NOT NULL AND o IS NOT NULL") + """,
              'mock:random'
         FROM generate_series(1, :chapters) c, generate_series(0, 9) o""",
    """INSERT INTO entities (novel_id, id, type, first_chapter, gender)
       SELECT :n, md5(:n || '-' || g)::uuid,
              CASE WHEN g % 10 < 6 THEN 'character' WHEN g % 10 < 8 THEN 'location'
                   WHEN g % 10 = 8 THEN 'faction' ELSE 'object' END,
              1 + (g * :chapters / :entities) % :chapters, 'unknown'
         FROM generate_series(0, :entities - 1) g""",
    """INSERT INTO entity_versions (novel_id, entity_id, chapter, name, aliases, description, type)
       SELECT e.novel_id, e.id, v.chapter, 'Entity ' || substr(e.id::text, 1, 8),
              CASE WHEN v.chapter > e.first_chapter THEN ARRAY['Alias ' || v.chapter]
                   ELSE '{}'::text[] END,
              'Described in chapter ' || v.chapter, e.type
         FROM entities e,
              LATERAL (SELECT DISTINCT unnest(ARRAY[e.first_chapter,
                                                    least(e.first_chapter + 50, :chapters),
                                                    least(e.first_chapter + 150, :chapters)])
                         AS chapter) v
        WHERE e.novel_id = :n""",
    """INSERT INTO entity_mentions (novel_id, entity_id, chapter, start_offset, end_offset, text)
       SELECT e.novel_id, e.id, c, 10, 20, 'Entity'
         FROM entities e, generate_series(1, :chapters) c
        WHERE e.novel_id = :n AND c >= e.first_chapter
          AND (hashtext(e.id::text || c) % 50) = 0""",
    """INSERT INTO events (novel_id, chapter, ordinal, type, summary, subject_id, verb, object_id,
                          involved, impact, story_order, embedding, embedding_model,
                          evidence_start, evidence_end, evidence_quote, evidence_rule)
       SELECT :n, c, o, 'movement', 'Entity moved in chapter ' || c, s.id, 'move', NULL,
              ARRAY[s.id], 0.5, c * 100 + o, """ +
    VEC.replace("g IS NOT NULL", "c IS NOT NULL AND o IS NOT NULL") + """, 'mock:random',
              0, 10, 'The harbour', 'synthetic'
         FROM generate_series(1, :chapters) c, generate_series(0, 9) o,
              LATERAL (SELECT id FROM entities WHERE novel_id = :n AND first_chapter <= c
                        AND type = 'character' ORDER BY md5(id::text || c || o) LIMIT 1) s""",
    """INSERT INTO relationships (novel_id, source_id, target_id, type, is_symmetric,
                                 from_chapter, to_chapter)
       SELECT :n, a.id, b.id, (ARRAY['friend_of', 'sister_of', 'married_to'])[1 + g % 3],
              g % 3 <> 1, greatest(a.first_chapter, b.first_chapter),
              CASE WHEN g % 4 = 0 THEN least(greatest(a.first_chapter, b.first_chapter) + 40,
                                             :chapters) END
         FROM generate_series(0, 2999) g,
              LATERAL (SELECT id, first_chapter FROM entities WHERE novel_id = :n
                        AND type = 'character' OFFSET (g * 7) % 1200 LIMIT 1) a,
              LATERAL (SELECT id, first_chapter FROM entities WHERE novel_id = :n
                        AND type = 'character' OFFSET (g * 13 + 5) % 1200 LIMIT 1) b
        WHERE a.id <> b.id""",
    """INSERT INTO state_deltas (novel_id, chapter, ordinal, kind, subject_id, object_id,
                                evidence_quote)
       SELECT :n, c, o, 'moved_to', s.id, l.id, 'went to the harbour'
         FROM generate_series(1, :chapters) c, generate_series(0, 19) o,
              LATERAL (SELECT id FROM entities WHERE novel_id = :n AND first_chapter <= c
                        AND type = 'character' ORDER BY md5(id::text || c || o) LIMIT 1) s,
              LATERAL (SELECT id FROM entities WHERE novel_id = :n AND first_chapter <= c
                        AND type = 'location' ORDER BY md5(id::text || o || c) LIMIT 1) l""",
    """INSERT INTO knows_edges (novel_id, knower_id, chapter, fact, fact_key)
       SELECT :n, s.id, c, 'the ledger was forged in chapter ' || c, 'ledger forged ' || c
         FROM generate_series(1, :chapters) c, generate_series(0, 9) o,
              LATERAL (SELECT id FROM entities WHERE novel_id = :n AND first_chapter <= c
                        AND type = 'character' ORDER BY md5(id::text || o || c) LIMIT 1) s""",
    """INSERT INTO plot_threads (novel_id, key, name, opened_chapter)
       SELECT :n, 'thread ' || g, 'Thread ' || g, 1 + g * 3 FROM generate_series(0, 99) g""",
    """INSERT INTO thread_events (novel_id, thread_id, chapter, action, summary)
       SELECT t.novel_id, t.id, t.opened_chapter + k * 5,
              CASE WHEN k = 0 THEN 'open' WHEN k = 4 THEN 'close' ELSE 'progress' END, 'step'
         FROM plot_threads t, generate_series(0, 4) k
        WHERE t.novel_id = :n AND t.opened_chapter + k * 5 <= :chapters""",
    """INSERT INTO commitments (novel_id, key, detail, setup_chapter, payoff_chapter)
       SELECT :n, 'setup ' || g, 'The pistol in drawer ' || g, 1 + g % 280,
              CASE WHEN g % 2 = 0 THEN 1 + g % 280 + 15 END
         FROM generate_series(0, 299) g""",
    """INSERT INTO canon_facts (novel_id, chapter, subject_id, subject, predicate, value, locked)
       SELECT e.novel_id, e.first_chapter, e.id, 'Entity', 'eye_colour', 'grey', e.first_chapter % 3 = 0
         FROM entities e WHERE e.novel_id = :n AND e.type = 'character'""",
    """INSERT INTO scenes (novel_id, chapter, ordinal, start_offset, end_offset, present,
                          summary, text, embedding, embedding_model)
       SELECT :n, c, o, o * 1000, o * 1000 + 900, '{}', 'Scene ' || o,
              'Scene ' || o || ' of chapter ' || c || ' at the harbour with the ledger.', """ +
    VEC.replace("g IS NOT NULL", "c IS NOT NULL AND o IS NOT NULL") + """, 'mock:random'
         FROM generate_series(1, :chapters) c, generate_series(0, 2) o""",
]


def generate(conn: Connection, *, chapters: int = 300, entities: int = 2000) -> uuid.UUID:
    """Write the synthetic novel and materialize its projections; returns its id."""
    novel_id = conn.execute(text(
        "INSERT INTO novels (title) VALUES ('Synthetic 300') RETURNING id")).scalar_one()
    params = {"n": novel_id, "chapters": chapters, "entities": entities}
    for step in STEPS:
        conn.execute(text(step), params)
    conn.execute(text("ANALYZE"))
    return novel_id
