"""The critic's own recognisers on real sentences (no database): speech and its speaker,
near-duplicate names (payoff markers: the extractor's passes/payoffs)."""

from __future__ import annotations

import uuid

from continuum.language.prose import sentences, speeches
from continuum.pipeline.critic.checks import commitments, entity
from continuum.pipeline.critic.claims import bind_claims, same_person
from continuum.pipeline.extract.schema import ChapterExtraction, EntityItem, Evidence, Mention
from continuum.reads.world_state import Named, WorldState


def test_sentences_do_not_end_at_honorifics() -> None:
    text = "Mr. Bennet was among the earliest. He had always intended to visit Mr. Bingley."
    assert [s.text for s in sentences(text)] == [
        "Mr. Bennet was among the earliest.", "He had always intended to visit Mr. Bingley."]


def test_speech_is_attributed_before_after_and_across_a_paragraph() -> None:
    text = ('"I know who the man at the back of the chapel was," she said. "That was Ivo Marsh, '
            'Tomas\'s brother."\n\n"It is free," said Elena Voss. "Ivo Marsh paid me."\n\n'
            'Jonah said, "Everybody in this town is blind."')
    found = [(s.text, s.speaker) for s in speeches(text)]
    assert found == [
        ("I know who the man at the back of the chapel was,", "she"),
        ("That was Ivo Marsh, Tomas's brother.", "she"),
        ("It is free,", "Elena Voss"),
        ("Ivo Marsh paid me.", "Elena Voss"),
        ("Everybody in this town is blind.", "Jonah"),
    ]


def test_same_person_by_first_name_and_titles() -> None:
    assert same_person("Tomas", "Tomas Marsh")
    assert same_person("Mr. Darcy", "Darcy")
    assert not same_person("Mr. Bennet", "Mrs. Bennet")
    assert not same_person("Elena Marsh", "Ivo Marsh")


def _world_with(*names: tuple[str, str]) -> tuple[WorldState, dict[str, uuid.UUID]]:
    world, ids = WorldState(cap=10), {}
    for name, type_ in names:
        ids[name] = uuid.uuid4()
        world.names[ids[name]] = Named(name, (), type_, 1)
    return world, ids


def _new_character(text: str, name: str) -> EntityItem:
    start = text.index(name)
    ev = Evidence(start=start, end=start + len(name), quote=name, rule="test")
    return EntityItem(name=name, type="character", evidence=ev,
                      mentions=[Mention(start=start, end=start + len(name), text=name)])


def test_a_misspelt_full_name_fails_and_a_family_plural_passes() -> None:
    world, _ = _world_with(("Mara Finch", "character"), ("Tomas", "character"),
                           ("Tomas Marsh", "location"), ("Mrs. Hurst", "character"),
                           ("Nicholls", "character"))
    text = "Tomas Marsch banked the fire. The Hursts came to dinner. Mrs. Nichols cooked it."
    extraction = ChapterExtraction(new_entities=[_new_character(text, n) for n in
                                                 ("Tomas Marsch", "Hursts", "Mrs. Nichols")])
    found = {(f.draft_quote, f.severity) for f in entity.check(bind_claims(text, extraction, world),
                                                               world)}
    assert found == {("Tomas Marsch", "FAIL"), ("Mrs. Nichols", "WARN")}


def test_an_unpaid_setup_is_recalled_when_overdue_then_every_ten_chapters() -> None:
    from continuum.pipeline.critic.claims import bind_claims as bind
    from continuum.reads.world_state import Evidence as Seen
    from continuum.reads.world_state import Setup

    def warned(cap: int) -> list[str]:
        world, _ = _world_with(("Mrs. Long", "character"))
        world.cap = cap
        world.open_setups = [Setup("introduce him", "introduce him (Mrs. Long)",
                                   Seen(chapter=2, quote="Mrs. Long has promised to introduce him"))]
        text = "Mrs. Long called on Tuesday."
        return [f.message for f in commitments.check(bind(text, ChapterExtraction(), world), world)]

    # Chapter 13 is the first more than ten chapters after chapter 2; then 23, 33, ...
    assert [cap + 1 for cap in range(1, 40) if warned(cap)] == [13, 23, 33]
    assert warned(12) == ["the setup 'introduce him (Mrs. Long)' from chapter 2 is still unpaid "
                          "after 11 chapters"]
