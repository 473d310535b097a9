"""Small closed classes of English grammar: the modal verbs, and the part-of-speech tags (the
Penn Treebank's, as spaCy gives them) of a finite verb."""

from __future__ import annotations

from continuum.language.lexicon import words

# The modal auxiliaries, "'d" (would) among them: "she would go", "he must have known".
MODALS = words("would could might must should may can will shall 'd")
# Tags of a verb with a tense of its own: "went", "goes", "go" (not "going", "gone", "to go").
FINITE_TAGS = words("VBD VBZ VBP")
