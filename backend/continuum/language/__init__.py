"""Plain-language helpers that the write spine, the critic and the read layer share: people's
names and titles (names.py) and prose cut into sentences, paragraphs and speech (prose.py).
They know nothing of the database or the pipeline, and import nothing else of Continuum."""
