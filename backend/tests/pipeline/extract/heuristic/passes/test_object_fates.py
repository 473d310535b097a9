"""object_fates: things handed on, taken, lost or recovered, read from the words of a chapter
(a draft, or an earlier chapter when it is written), as the critic's possession check compares
them (the sentences of the critic's golden world and slip classes)."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.object_fates import extract_object_fates, read_fates
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

ViewOf = Callable[..., ChapterView]


def _read(text: str) -> list[tuple[str, str, list[str], bool, str | None]]:
    """(how, determiner, words, closed, receiver, taker or how it went) of each fate."""
    out = []
    for f in read_fates(text):
        assert text[f.evidence.start:f.evidence.end] == f.evidence.quote
        who = f.receiver or f.taker
        out.append((f.how, f.determiner, f.words, f.closed, who.text if who else f.gone))
    return out


def test_a_thing_given_to_someone_names_its_receiver() -> None:
    assert _read("Tomas gave the silver compass to Ivo.") == [
        ("given", "the", ["silver", "compass"], True, "Ivo")]
    assert _read("The magistrate handed the Guild ledger back to Aldous, and Aldous carried it "
                 "home to Gull House under his arm like a loaf of bread.") == [
        ("given", "the", ["Guild", "ledger"], True, "Aldous")]
    # the receiver first: where the phrase ends is not known, so its first words are kept
    assert _read("Hal gave Ruth the silver thimble at the door.") == [
        ("given", "the", ["silver", "thimble", "at", "the"], False, "Ruth")]
    assert _read("Then she sent her letter by the carrier.") == [
        ("given", "her", ["letter", "by", "the", "carrier"], False, None)]


def test_a_thing_taken_names_who_took_it() -> None:
    fates = read_fates("Aldous quietly pocketed the brass key, and Ivo picked up the lamp.")
    assert [(f.how, f.taker.text if f.taker else None, f.words[:2]) for f in fates] == [
        ("taken", "Aldous", ["brass", "key"]), ("taken", "Ivo", ["lamp"])]
    he = read_fates("He took the silver compass from the drawer.")
    assert he == [] or all(f.taker is None or f.taker.pronoun for f in he)


def test_a_thing_lost_thrown_away_or_recovered() -> None:
    assert _read("Then he laughed, and Jonah threw the brass key into the harbour.") == [
        ("gone", "the", ["brass", "key"], True, "thrown away")]
    assert _read("The brass key was lost.") == [("gone", "the", ["brass", "key"], True, "lost")]
    assert _read("By the spring the old lamp had been quietly smashed.") == [
        ("gone", "the", ["old", "lamp"], True, "smashed")]
    # the nearest determiner before the verb: "the key", not "man took the key"
    assert _read("The man took the key was lost.")[-1][:3] == ("gone", "the", ["key"])
    assert _read("When the visit was returned, Emma made up her mind.") == [  # Emma, chapter 2
        ("recovered", "the", ["visit"], True, None)]


def test_no_fate_where_nothing_moves() -> None:
    for text in ("She looked at the brass key for a long time.",
                 "The tin whistle glinted in the lamplight as Hal lifted his lantern.",
                 "Harriet thought of the brass key lying in the harbour mud."):
        assert _read(text) == [], text


def test_the_chapter_pass_reads_every_sentence_with_offsets(view: ViewOf) -> None:
    text = ("Ruth came in out of the rain.\n\nHal gave the silver thimble to Ruth. At dawn the "
            "tin whistle was found in the nets.")
    cast = StoryContext(entities=[KnownEntity(name="Ruth Penrose", type="character", aliases=["Ruth"]),
                                  KnownEntity(name="Hal Brandt", type="character", aliases=["Hal"])])
    fates = extract_object_fates(view(text, cast))
    assert [(f.how, f.words) for f in fates] == [("given", ["silver", "thimble"]),
                                                  ("recovered", ["tin", "whistle"])]
    assert all(text[f.evidence.start:f.evidence.end] == f.evidence.quote for f in fates)
    given = fates[0]
    assert given.receiver is not None and text[given.receiver.start:].startswith("Ruth")
    assert text[given.start:].startswith("gave the silver thimble")
