"""Plain-language helpers and the English language data that the write spine, the critic and
the read layer share, in the spirit of spaCy's `lang/en/` data files: people's names and titles
and the one pattern a name in plain text is matched by (names.py), prose cut into sentences,
paragraphs and speech (prose.py), and each word list defined once in a module named for what
it holds (speech.py, promises.py, pronouns.py, people.py, colours.py, numbers.py,
abbreviations.py, grammar.py, possession.py; lexicon.py is how they are written). A user that
needs a narrower or wider list builds it from the one here. They know nothing of the database
or the pipeline, and import nothing else of Continuum."""
