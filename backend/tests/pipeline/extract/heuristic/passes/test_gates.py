"""The assertion gate blocks what a text does not assert: real sentences from the novels."""

from __future__ import annotations

import pytest

from continuum.pipeline.extract.heuristic import gates
from continuum.pipeline.extract.heuristic.gates import AssertionGate, Verdict
from continuum.pipeline.extract.heuristic.nlp import parse

from .support import in_novel

PRIDE = "pride_and_prejudice.txt"
TREASURE = "treasure_island.txt"
ALICE = "alice_in_wonderland.txt"
GREAT = "great_expectations.txt"

# (novel, sentence, verb whose clause is judged, expected reason: None = asserted)
CASES = [
    (PRIDE, "Mr. Bennet made no answer.", "made", gates.NEGATION),
    (PRIDE, "“Ah, you do not know what I suffer.”", "know", gates.NEGATION),
    (PRIDE, "But when the gentlemen entered, Jane was no longer the first object;", "was",
     gates.NO_LONGER),
    (PRIDE, "“It will be no use to us, if twenty such should come, since you will not visit "
     "them.”", "come", gates.CONDITION),
    (TREASURE, "But you won't peach unless they get the black spot on me, or unless you see "
     "that Black Dog again", "see", gates.CONDITION),
    (PRIDE, "Mr. Bingley might like you the best of the party.", "like", gates.HEDGE),
    (PRIDE, "But it is very likely that he _may_ fall in love with one of them,", "fall",
     gates.HEDGE),
    (PRIDE, "“Depend upon it, my dear, that when there are twenty, I will visit them all.”",
     "visit", gates.FUTURE),
    (PRIDE, "that he is to take possession before Michaelmas,", "take", gates.FUTURE),
    (PRIDE, "“Is he married or single?”", "Is", gates.QUESTION),
    (PRIDE, "“My dear Mr. Bennet,” said his lady to him one day, “have you heard that "
     "Netherfield Park is let at last?”", "heard", gates.QUESTION),
    (PRIDE, "She wanted to talk, but there seemed an embargo on every subject.", "talk",
     gates.DESIRE),
    (PRIDE, "whither he hoped to be able to return on Monday fortnight;", "return",
     gates.DESIRE),
    (PRIDE, "You must know that I am thinking of his marrying one of them.", "marrying",
     gates.IRREALIS),
    (PRIDE, "I am not certain that I consider her marrying Mr. Collins as the wisest thing "
     "she ever did.", "marrying", gates.IRREALIS),
    (TREASURE, '"Give me a loan of the link, Dick," said he;', "Give", gates.IMPERATIVE),
    (GREAT, "I assured him of my keeping the secret, and begged to be favored with", "favored",
     gates.DESIRE),
    (GREAT, "and that they begged to inform me that Mrs. J.", "inform", None),  # a courtesy
    (PRIDE, "Mr. Bennet replied that he had not.", "replied", None),
    (PRIDE, "Elizabeth entered the drawing-room at Netherfield", "entered", None),
    (TREASURE, "Then he spat into the spring.", "spat", None),
]


def _verdict(sentence: str, verb: str) -> Verdict:
    doc = parse(sentence)
    gate = AssertionGate(doc)
    token = next(t for t in doc if t.text == verb)
    return gate.check(token)


@pytest.mark.parametrize(("novel", "sentence", "verb", "reason"), CASES)
def test_gate_on_real_sentences(novel: str, sentence: str, verb: str, reason: str | None) -> None:
    assert in_novel(novel, sentence), "test sentences are quoted from the shared novels"
    verdict = _verdict(sentence, verb)
    assert verdict.reason == reason
    assert verdict.asserted is (reason is None)


def test_no_longer_ends_a_state_rather_than_negating_it() -> None:
    verdict = _verdict("Wickham was no longer his friend.", "was")
    assert verdict.ends_state and not verdict.asserted


def test_speech_inside_quotes_is_asserted_but_reported() -> None:
    sentence = ("“But it is,” returned she; “for Mrs. Long has just been here, and she told me "
                "all about it.”")
    assert in_novel(PRIDE, sentence)
    told = _verdict(sentence, "told")
    returned = _verdict(sentence, "returned")
    assert told.asserted and told.reported and told.factor < 1.0
    assert returned.asserted and not returned.reported


def test_a_question_ends_at_its_own_mark_not_at_the_narration() -> None:
    sentence = "“Do not you want to know who has taken it?” cried his wife, impatiently."
    assert in_novel(PRIDE, sentence)
    assert _verdict(sentence, "taken").reason == gates.QUESTION
    assert _verdict(sentence, "cried").asserted


def test_negation_does_not_spread_across_but() -> None:
    assert _verdict("She did not stay, but went home.", "went").asserted
    assert _verdict("She did not eat or drink.", "drink").reason == gates.NEGATION


def test_a_temporal_clause_takes_the_future_of_its_main_clause() -> None:
    assert _verdict("When he comes, she will go.", "comes").reason == gates.FUTURE
    assert _verdict("When he came, she went.", "came").asserted


def test_implicative_verbs_let_the_event_through() -> None:
    assert _verdict("He managed to escape from the house.", "escape").asserted
    assert _verdict("He failed to escape from the house.", "escape").reason == gates.NEGATION


def test_belief_verbs_block_their_clause() -> None:
    assert _verdict("She believed that he had left Netherfield.", "left").reason == gates.BELIEF
    assert _verdict("She knew that he had left Netherfield.", "left").asserted


def test_a_single_quote_opens_no_speech_in_a_book_that_speaks_in_double_quotes() -> None:
    # Great Expectations ch. 22: "I went upon 'Change" is an apostrophe ('Change, the Royal
    # Exchange); it had put the rest of the paragraph, the walk back to Barnard's Inn and the
    # coach for Hammersmith, in someone's mouth.
    sentence = "I waited about until it was noon, and I went upon 'Change"
    assert in_novel("great_expectations.txt", sentence)
    text = (f"“Well,” said Herbert. “Come.”\n\n{sentence}, and I saw fluey men. We went back to "
            "Barnard's Inn, and then took coach for Hammersmith.")
    doc = parse(text)
    states = gates.quote_states(doc)
    took = next(t for t in doc if t.text == "took")
    assert not states[took.i] and states[1]  # narration, after a quotation that was speech
    # A book set in single quotes still opens speech with one (Alice, Wuthering Heights).
    british = parse("‘Come,’ said the Queen. ‘I went upon the lawn,’ said Alice, ‘and sat down.’"
                    " Alice sat down. ‘Well?’ said the Queen.")
    sat = [t for t in british if t.text == "sat"]
    assert gates.quote_states(british)[sat[0].i] and not gates.quote_states(british)[sat[1].i]
