"""commitments and continuity_flags: setups, payoffs of earlier setups, foreshadowing."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.commitments import (
    extract_commitments,
    normalize_key,
)
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.flags import extract_flags

from .support import assert_evidence_exact, in_novel

ViewOf = Callable[..., ChapterView]


def commitments(view: ViewOf, text: str, setups: list[str] | None = None) -> list[tuple]:
    items = extract_commitments(view(text), setups or [])
    assert_evidence_exact(text, items)
    return [(c.kind, c.key, c.trigger) for c in items]


def test_keys_normalize_like_noun_phrases() -> None:
    assert normalize_key("the Old Key") == "old key"
    assert normalize_key("Flint's sea-chest") == "flint sea chest"


def test_promises_and_oaths(view: ViewOf) -> None:
    assert commitments(view, "Jim Hawkins promised to return the map.") == [
        ("setup", "map", "to return the map")]
    [(kind, key, _)] = commitments(view, "Dr. Livesey swore that he would find the traitor.")
    assert (kind, key) == ("setup", "find traitor")
    assert commitments(view, "Jim Hawkins did not promise to return the map.") == []


def test_chekhov_objects(view: ViewOf) -> None:
    assert commitments(view, "Billy Bones kept a locked box under his bed.") == [
        ("setup", "box", "locked")]
    assert commitments(view, "Captain Flint buried the treasure on the island.") == [
        ("setup", "treasure", "bury")]
    assert commitments(view, "“One day you will need this knife,” said the old man.") == [
        ("setup", "knife", "one day")]
    assert commitments(view, "Billy Bones kept a box under his bed.") == []  # no emphasis
    assert commitments(view, "Elizabeth concealed her struggles.") == []  # not a thing


def test_payoffs_only_for_setups_planted_before(view: ViewOf) -> None:
    text = "Jim Hawkins opened the sea chest at last."
    assert commitments(view, text, ["sea chest"]) == [("payoff", "sea chest", "open")]
    assert commitments(view, text) == []  # nobody planted it: no payoff is guessed


def test_foreshadowing_cues(view: ViewOf) -> None:
    text = "Little did Elizabeth know how soon she would see him again."
    [flag] = extract_flags(view(text), [])
    assert flag.kind == "foreshadowing"
    assert flag.entities == ["Elizabeth"]
    assert flag.evidence.quote == text
    [flag] = extract_flags(view("Jim Hawkins had no idea that the cook was listening."), [])
    assert flag.kind == "foreshadowing"
    assert extract_flags(view("Jim Hawkins had an idea."), []) == []
    sentence = "How little did you tell me of what passed at Pemberley and Lambton!"
    assert in_novel("pride_and_prejudice.txt", sentence)
    assert extract_flags(view(sentence), []) == []


def test_foreshadowing_in_treasure_island(view: ViewOf) -> None:
    text = ("Here and there were flowering plants, unknown to me; here and there I saw snakes, "
            "and one raised his head from a ledge of rock and hissed at me with a noise not "
            "unlike the spinning of a top. Little did I suppose that he was a deadly enemy and "
            "that the noise was the famous rattle.")
    assert in_novel("treasure_island.txt", text)
    [flag] = extract_flags(view(text), [])
    assert flag.kind == "foreshadowing"
    assert flag.evidence.quote.startswith("Little did I suppose")
    other = "Alice had no idea what to do, and in despair she put her hand in her pocket."
    assert extract_flags(view(other), []) == []  # being at a loss is no foreshadowing


def test_setups_and_callbacks_become_flags(view: ViewOf) -> None:
    text = "Billy Bones kept a locked box under his bed. Jim Hawkins opened the sea chest."
    v = view(text)
    items = extract_commitments(v, ["sea chest"])
    flags = extract_flags(v, items)
    assert [f.kind for f in flags] == ["setup", "callback"]
    assert flags[0].entities == ["Billy Bones"]
    assert_evidence_exact(text, flags)


# The Saltmere Ledger (evals/fixtures/golden): the pistol in chapter 2 is fired in chapter 7;
# the letters scratched into the compass lid in chapter 2 are read in chapter 9.
PISTOL = ('"One more thing," he said. He pulled open the top drawer of his desk. "There is a '
          'pistol in the drawer of my desk. It is loaded. I hope you will never need it."')


def test_a_weapon_presented_where_it_waits_is_a_setup(view: ViewOf) -> None:
    assert commitments(view, PISTOL) == [("setup", "pistol", "there is")]
    assert commitments(view, "There was a knife in one of the drawers.") == [
        ("setup", "knife", "there is")]
    # Not a weapon and not in a container: no setup.
    assert commitments(view, "There was a letter on the table.") == []


def test_an_inscription_is_set_up_and_paid_by_reading_it(view: ViewOf) -> None:
    planted = ("Two letters had been scratched into the lid of the compass, but they were worn "
               "almost smooth, and from across the room Mara could not read them.")
    assert commitments(view, planted) == [("setup", "letter on lid", "scratch")]
    # A restatement of the inscription plants nothing new.
    assert commitments(view, "Two letters were scratched into the silver, so worn that only "
                             "someone who already knew them could have read them.",
                       ["letter on lid"]) == []
    assert commitments(view, "Tomas read the two letters on the lid: I.M.", ["letter on lid"]) == [
        ("payoff", "letter on lid", "read")]
    # A name written in a ledger is a reputation, not a mark waiting to be read.
    assert commitments(view, "No banker could clear a name that was written down in the "
                             "Guild's own ledger.") == []


def test_the_strongest_use_of_a_setup_is_its_payoff(view: ViewOf) -> None:
    text = ("Mara took the pistol from the drawer of her father's desk. She walked to the "
            "tower. Mara fired the pistol at Jonah Crane.")
    items = extract_commitments(view(text), ["pistol"])
    assert [(c.kind, c.key, c.trigger) for c in items] == [("payoff", "pistol", "fire")]
    assert items[0].evidence.quote.startswith("Mara fired the pistol")


def test_a_person_pronoun_is_no_thing_used(view: ViewOf) -> None:
    assert commitments(view, "Mara looked at the ledger. Then Mara showed her.", ["ledger"]) == []


def test_atmosphere_is_no_setup(view: ViewOf) -> None:
    assert commitments(view, "Inside, the great hall was black and smelled of wax and old "
                             "paper.") == []
