"""Small closed classes of English grammar: the modal verbs, and the part-of-speech tags (the
Penn Treebank's, as spaCy gives them) of a finite verb."""

from __future__ import annotations

from continuum.language.lexicon import words

# The modal auxiliaries, "'d" (would) among them: "she would go", "he must have known".
MODALS = words("would could might must should may can will shall 'd")
# Tags of a verb with a tense of its own: "went", "goes", "go" (not "going", "gone", "to go").
FINITE_TAGS = words("VBD VBZ VBP")
PRESENT_TAGS = words("VBZ VBP")  # "I hope", "he does": a finite verb in the present
# The auxiliary of a past perfect ("had gone", "she'd gone"): a time before the story's now.
PAST_PERFECT = frozenset({"had", "'d", "\u2019d"})
# The days of the week, a closed class of their own.
WEEKDAYS = words("monday tuesday wednesday thursday friday saturday sunday")
# Adverbs of frequency: a verb they modify tells what happened again and again ("Mr. Darcy
# came so often to the Parsonage"), not what happened once.
FREQUENCY_ADVERBS = words("often oftener frequently sometimes usually generally always daily "
                          "seldom rarely occasionally constantly habitually regularly repeatedly")
# Verbs that give someone a name: "called him Finchy", "a sister named Elena".
NAMING_VERBS = words("call name nickname dub christen")
# Conjunctions that leave out what follows: "everyone but Walter", "all except Anna".
EXCEPTING = words("but except excepting save")
# Words opening a clause of time: "until she had gone to France", "before he had come".
TIME_MARKS = words("when after before until till since once")
# Words that count a kind before a plural noun: "many Johns", "two Marys" are kinds of people,
# not one of them.
QUANTIFIERS = words("many several few all both two three four five various such other")
