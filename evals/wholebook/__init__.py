"""Whole-book reading eval: real novels read in order through the spine, scored against keys.

- `key.py`: the answer keys in `evals/fixtures/wholebook/` (written by readers who never saw
  the extractor), validated on load;
- `reading.py`: ingest one novel chapter by chapter through the real write spine and take a
  snapshot of the read layer at every cap (characters, relationships, whereabouts, status);
- `score.py`: pure scoring of a snapshot against a key (no database);
- `run.py`: `python -m evals.wholebook`, the table in docs/EVALUATION.md and diagnostics.
"""
