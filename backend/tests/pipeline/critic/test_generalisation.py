"""The critic's recognisers beyond the development drafts' wording, on real sentences (no
database): action beats as speaker attributions, pronoun users and other objects of the same
kind, noun compounds, conflicting locks, occupations, spoken ages, promises in dialogue,
misspelt names the extractor forgave, and knowers of the same surname."""

from __future__ import annotations

import re
import uuid
from typing import Any

from continuum.language.content import content_words
from continuum.language.promises import acts_told
from continuum.language.prose import speeches
from continuum.pipeline.critic.checks import canon, commitments, entity, knowledge, possession
from continuum.pipeline.critic.claims import bind_claims
from continuum.pipeline.critic.history import EarlierRecords
from continuum.pipeline.extract.schema import (
    BackReferenceItem,
    CanonFactItem,
    ChapterExtraction,
    ChapterRecords,
    EntityItem,
    EventItem,
    Mention,
    PayoffItem,
    ToldAct,
)
from continuum.pipeline.extract.schema import Evidence as Ev
from continuum.reads.critic_state import PriorSentence, PriorText
from continuum.reads.world_state import Evidence, Gone, Held, Known, LockedFact, Named, WorldState


class FakeHistory:
    """Earlier chapters' sentences, searched like PriorText (no database), and the acts they
    tell as the offline reader records them (`records`, for the claims' `earlier`)."""

    chapters: list[tuple[int, str]] = []  # no whole chapters: each item is one sentence
    sentences_with_words = PriorText.sentences_with_words
    chapter_with_words = PriorText.chapter_with_words

    def __init__(self, *sentences: tuple[int, str]) -> None:
        self.items = [PriorSentence(ch, 0, s) for ch, s in sentences]

    def sentences_with(self, pattern: str) -> list[PriorSentence]:
        return [s for s in self.items if re.search(pattern, s.quote, re.IGNORECASE)]

    def mentions(self, pattern: str) -> bool:
        return bool(self.sentences_with(pattern))

    @property
    def records(self) -> EarlierRecords:
        """Each item's act told, by chapter (no exchange: the items have no offsets)."""
        told = [(s.chapter, ToldAct(families=acts_told(s.quote), words=sorted(content_words(s.quote))))
                for s in self.items if acts_told(s.quote)]
        return EarlierRecords(tuple(
            (n, ChapterRecords(told_acts=[t for m, t in told if m == n]))
            for n in sorted({n for n, _t in told})))


def earlier_records(*chapters: tuple[int, str]) -> Any:
    """The earlier chapters' records as the offline reader reads them from their text alone
    (`history.EarlierRecords`), for `bind_claims(..., earlier=...)`."""
    from continuum.pipeline.critic.history import EarlierRecords
    from continuum.pipeline.extract.heuristic.offline_records import read_records

    return EarlierRecords(tuple((number, read_records(text)) for number, text in chapters))


def _world(*names: tuple[str, str]) -> tuple[WorldState, dict[str, uuid.UUID]]:
    world, ids = WorldState(cap=10), {}
    for name, type_ in names:
        ids[name] = uuid.uuid4()
        world.names[ids[name]] = Named(name, (), type_, 1)
    return world, ids


def _view(text: str, world: WorldState, genders: dict[str, str] | None = None) -> Any:
    """The offline extractor's view of a text whose people and things are the world's."""
    from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
    from continuum.pipeline.extract.heuristic.passes.common import ChapterView

    context = _context(world, genders)
    return ChapterView.build(analyze_chapter_text(text, context), context)


def _context(world: WorldState, genders: dict[str, str] | None = None) -> Any:
    from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

    return StoryContext(entities=[
        KnownEntity(name=named.name, type=named.type, gender=(genders or {}).get(named.name, "unknown"))
        for named in world.names.values()])


def read_canon(text: str, world: WorldState, genders: dict[str, str] | None = None) -> list[CanonFactItem]:
    """The canon facts the offline extractor reads in a text whose people are the world's
    characters (the critic compares colours only from what the extractor read)."""
    from continuum.pipeline.extract.heuristic.passes.canon import extract_canon_facts

    return extract_canon_facts(_view(text, world, genders))


def read_uses(text: str, world: WorldState, extraction: ChapterExtraction) -> ChapterExtraction:
    """The extraction with the objects the offline extractor reads in the narration's now, in a
    text whose people and things are the world's (the critic compares only what it read)."""
    from continuum.pipeline.extract.heuristic.offline_records import READERS

    view = _view(text, world)
    return extraction.model_copy(update={field: READERS[field](view) for field in POSSESSION_RECORDS})


# The records the possession check compares: the objects of the narration's now, the things
# handed on or lost, and the words and names around them.
POSSESSION_RECORDS = ("object_uses", "object_fates", "noun_phrases", "names", "sentence_starts",
                      "paragraph_starts")


def read_back_references(text: str, world: WorldState) -> list[BackReferenceItem]:
    """The acts referred back to that the offline extractor reads in a text whose people are
    the world's characters (the critic looks up only what the extractor read)."""
    from continuum.pipeline.extract.heuristic.passes.back_references import extract_back_references

    return extract_back_references(_view(text, world))


def read_payoffs(text: str, world: WorldState) -> list[PayoffItem]:
    """The payoffs the offline extractor reads in a text whose people are the world's
    characters (the critic compares only what the extractor read)."""
    from continuum.pipeline.extract.heuristic.passes.payoffs import extract_payoffs

    return extract_payoffs(_view(text, world))


def read_acts(text: str, world: WorldState, extraction: ChapterExtraction) -> ChapterExtraction:
    """The extraction with who acts or speaks as the offline extractor reads it, in a text whose
    people are the world's characters (the critic compares only what it read)."""
    from continuum.pipeline.extract.heuristic.passes.acts import extract_acts, extract_utterances

    view = _view(text, world)
    return extraction.model_copy(update={"acts": extract_acts(view),
                                         "utterances": extract_utterances(view)})


def framed(text: str, fact: CanonFactItem) -> CanonFactItem:
    """A canon fact with the offline reader's frame of it (a time clause, speech, who is named),
    as the extractor and the critique give every fact."""
    from continuum.pipeline.extract.heuristic.passes.canon_frames import frame_canon_facts

    return frame_canon_facts(text, [fact])[0]


def with_read_records(extraction: ChapterExtraction, text: str, world: WorldState) -> ChapterExtraction:
    """The extraction with the records only the offline reader makes (voices, verbs of knowing,
    names in modal clauses, ...), read in a text whose people are the world's characters, as the
    critique adds them to an LLM's extraction (`heuristic/offline_records`)."""
    from continuum.pipeline.extract.heuristic.offline_records import with_offline_records

    return with_offline_records(extraction, text, _context(world))


def _entity(text: str, name: str, *surfaces: str, type_: str = "character") -> EntityItem:
    """An extracted entity with mentions at every occurrence of each surface (the extractor's
    own pronoun resolution, right or wrong, is what the surfaces say)."""
    mentions = [Mention(start=m.start(), end=m.end(), text=m.group())
                for s in (surfaces or (name,)) for m in re.finditer(rf"\b{re.escape(s)}\b", text)]
    first = mentions[0] if mentions else Mention(start=0, end=len(name), text=name)
    return EntityItem(name=name, type=type_, mentions=mentions,
                      evidence=Ev(start=first.start, end=first.end, quote=first.text, rule="test"))


def _event(text: str, quote: str, subject: str, verb: str, obj: str) -> EventItem:
    start = text.index(quote)
    return EventItem(type="possession", summary=quote, subject=subject, verb=verb, object=obj,
                     evidence=Ev(start=start, end=start + len(quote), quote=quote, rule="test"))


# -- speech attribution ------------------------------------------------------------------------

def test_action_beats_name_the_speaker_after_and_before_a_quote() -> None:
    text = ('"Tomas is her brother."\n\n"Her other brother." She put down the gravy boat. "The one '
            'on Heron Rock. Ivo."\n\nMara laughed. "You make me sound like an old maid."')
    found = [(s.text, s.speaker) for s in speeches(text)]
    assert found == [("Tomas is her brother.", None), ("Her other brother.", "She"),
                     ("The one on Heron Rock. Ivo.", "She"),
                     ("You make me sound like an old maid.", "Mara")]


def test_an_unattributed_quote_takes_the_nearest_speaker_of_its_paragraph() -> None:
    text = ('"No," said Aldous. "No, I think it is right that I come out." He held out his hand. '
            '"Ivo Marsh. I knew your father a little."')
    assert [s.speaker for s in speeches(text)] == ["Aldous", "He", "He"]


# -- possession ----------------------------------------------------------------------------------

def _compass_world() -> tuple[WorldState, dict[str, uuid.UUID]]:
    world, ids = _world(("Ivo Marsh", "character"), ("Tomas Marsh", "character"),
                        ("Mara Finch", "character"), ("silver compass", "object"))
    world.holders[ids["silver compass"]] = Held(ids["Ivo Marsh"],
                                                Evidence(10, "Tomas gave the silver compass to Ivo."))
    return world, ids


def test_a_pronoun_user_fails_only_when_the_narration_makes_him_plain() -> None:
    # heldout_clean_03: "he" is Ivo, the holder, but the extractor resolved it to Tomas; with
    # nobody named before it, "he" is the resolver's guess too (Dracula's Count, read as Mr.
    # Hawkins); Tomas named alone just before makes him plain.
    world, _ = _compass_world()
    use = "He took the silver compass out of his coat, opened the lid, and turned slowly."
    for lead, expected in (('"Keep the Rock on your left," said Ivo.\n\n', "WARN"),
                           ("The tide began to turn.\n\n", "WARN"),
                           ("Tomas stood up as the tide began to turn.\n\n", "FAIL")):
        text = lead + use
        extraction = ChapterExtraction(new_entities=[
            _entity(text, "Ivo Marsh", "Ivo"), _entity(text, "Tomas Marsh", "He")])
        found = possession.check(bind_claims(text, read_uses(text, world, extraction), world), world)
        assert [f.severity for f in found] == [expected]


def test_a_named_user_of_a_held_object_still_fails() -> None:
    world, _ = _compass_world()
    text = "Ivo rowed home. Tomas turned the silver compass over in his palm."
    extraction = ChapterExtraction(new_entities=[_entity(text, "Ivo Marsh", "Ivo"),
                                                 _entity(text, "Tomas Marsh", "Tomas")])
    found = possession.check(bind_claims(text, read_uses(text, world, extraction), world), world)
    assert [f.severity for f in found] == ["FAIL"]


def test_a_compass_rose_is_not_the_compass() -> None:
    # heldout_clean_06: "drew the compass rose" on a chart.
    world, _ = _compass_world()
    text = "In the bottom corner she drew the compass rose. She had drawn a hundred of them."
    extraction = ChapterExtraction(
        new_entities=[_entity(text, "Mara Finch", "she", "She")],
        events=[_event(text, "she drew the compass", "Mara Finch", "draw", "the compass")])
    assert possession.check(bind_claims(text, read_uses(text, world, extraction), world), world) == []
    plain = "Mara bent over the chart. In the bottom corner she drew the compass across it."
    extraction = ChapterExtraction(
        new_entities=[_entity(plain, "Mara Finch", "Mara", "she")],
        events=[_event(plain, "she drew the compass", "Mara Finch", "draw", "the compass")])
    claims = bind_claims(plain, read_uses(plain, world, extraction), world)
    assert [f.severity for f in possession.check(claims, world)] == ["FAIL"]


def test_her_own_ledger_is_another_ledger() -> None:
    # heldout_clean_05: the innkeeper's own ledger, not the Guild ledger Aldous holds.
    world, ids = _world(("Aldous Finch", "character"), ("Elena Voss", "character"),
                        ("Guild ledger", "object"))
    world.holders[ids["Guild ledger"]] = Held(ids["Aldous Finch"], Evidence(10, "Aldous carried it"))
    tail = "Elena Voss closed the ledger and put it back under the bar."
    for lead, expected in (("Elena Voss kept her own ledger. It was a fat brown book.\n\n", "WARN"),
                           ("Elena Voss had the Guild ledger by the lamp.\n\n", "FAIL")):
        text = lead + tail
        extraction = ChapterExtraction(
            new_entities=[_entity(text, "Elena Voss")],
            events=[_event(text, "Elena Voss closed the ledger", "Elena Voss", "close", "the ledger")])
        found = possession.check(bind_claims(text, read_uses(text, world, extraction), world), world)
        assert {f.severity for f in found} == {expected}


def test_a_leading_adverb_does_not_hide_the_user_and_an_indefinite_lost_key_warns() -> None:
    world, ids = _world(("Aldous Finch", "character"), ("Jonah Crane", "character"),
                        ("brass key", "object"))
    world.gone_objects[ids["brass key"]] = Gone("lost", Evidence(8, "The brass key was lost."))
    text = ("He stood in front of it for a moment. Then Aldous unlocked the strongroom with the brass "
            "key and pulled the heavy door open.")
    extraction = ChapterExtraction(new_entities=[_entity(text, "Aldous Finch", "Aldous")])
    found = possession.check(bind_claims(text, read_uses(text, world, extraction), world), world)
    assert [f.severity for f in found] == ["FAIL"]
    text = "In his good hand, catching the lantern light, he held a long brass key."
    extraction = ChapterExtraction(
        new_entities=[_entity(text, "Jonah Crane", "he")],
        events=[_event(text, "he held a long brass key", "Jonah Crane", "hold", "a brass key")])
    found = possession.check(bind_claims(text, read_uses(text, world, extraction), world), world)
    assert [f.severity for f in found] == ["WARN"]
    text = "He packed a key and a loaf for the road."
    extraction = ChapterExtraction(
        new_entities=[_entity(text, "Jonah Crane", "He")],
        events=[_event(text, "He packed a key", "Jonah Crane", "pack", "a key")])
    assert possession.check(bind_claims(text, read_uses(text, world, extraction), world), world) == []


# -- canon ---------------------------------------------------------------------------------------

def test_conflicting_locks_are_not_trusted() -> None:
    # "a ribbon the blue of the sea in her black hair" was Mara's hair, locked as Elena Marsh's.
    world, ids = _world(("Elena Marsh", "character"))
    world.locked_canon += [
        LockedFact(ids["Elena Marsh"], "Elena Marsh", "hair_colour", "red", Evidence(1, "with red hair")),
        LockedFact(ids["Elena Marsh"], "Elena Marsh", "hair_colour", "black", Evidence(10, "her black hair"))]
    for colour, expected in (("red", []), ("yellow", ["WARN"])):
        text = f"Elena Marsh pushed her {colour} hair out of her eyes."
        claims = bind_claims(text, ChapterExtraction(canon_facts=read_canon(text, world)), world)
        assert [f.severity for f in canon.check(claims, world)] == expected
    world.locked_canon.pop()
    text = "Elena Marsh pushed her yellow hair out of her eyes."
    claims = bind_claims(text, ChapterExtraction(canon_facts=read_canon(text, world)), world)
    assert [f.severity for f in canon.check(claims, world)] == ["FAIL"]


def test_a_tone_locked_rules_out_the_colours_it_cannot_be() -> None:
    # Pride and Prejudice locks Elizabeth's "dark eyes" (chapter 6); a draft's "blue eyes" is
    # a contradiction (the review queue's end-to-end drafts), and so are "pale" ones; her
    # "brown" or "dark blue" ones are not.
    world, ids = _world(("Elizabeth Bennet", "character"))
    world.locked_canon.append(LockedFact(ids["Elizabeth Bennet"], "Elizabeth Bennet", "eye_colour",
                                         "dark", Evidence(6, "her dark eyes")))
    genders = {"Elizabeth Bennet": "female"}
    for eyes, expected in (("blue", ["FAIL"]), ("brown", []), ("dark blue", []), ("pale", ["FAIL"])):
        text = f"The next morning Elizabeth Bennet looked up with her {eyes} eyes and smiled."
        claims = bind_claims(text, ChapterExtraction(canon_facts=read_canon(text, world, genders)), world)
        assert [f.severity for f in canon.check(claims, world)] == expected, eyes


def test_an_occupation_against_an_earlier_sentence() -> None:
    # the occupation an earlier chapter's fact gives (not locked), against the draft's reading
    world, ids = _world(("Aldous Finch", "character"))
    text = ("Aldous Finch had been the harbourmaster of Saltmere for thirty years, and there was "
            "not a mooring ring on the quay that he could not have named.")
    extraction = ChapterExtraction(new_entities=[_entity(text, "Aldous Finch")],
                                   canon_facts=read_canon(text, world))
    claims = bind_claims(text, extraction, world)
    world.stated_trades.append(LockedFact(
        ids["Aldous Finch"], "Aldous Finch", "occupation", "treasurer of the Harbour Guild",
        Evidence(1, "Mr. Aldous Finch was fifty-eight years old, and he was the treasurer of the "
                    "Harbour Guild.")))
    assert [(f.severity, f.evidence_chapter) for f in canon.check(claims, world)] == [("WARN", 1)]
    world.stated_trades[:] = [LockedFact(ids["Aldous Finch"], "Aldous Finch", "occupation", "harbourmaster",
                                         Evidence(1, "Aldous Finch was the harbourmaster, and a good one."))]
    assert canon.check(claims, world) == []


def test_a_spoken_age_of_the_listener() -> None:
    world, ids = _world(("Mara Finch", "character"), ("Harriet Finch", "character"))
    world.locked_canon.append(LockedFact(ids["Mara Finch"], "Mara Finch", "age", "23",
                                         Evidence(1, "Mara Finch was twenty-three years old.")))
    text = ('Mara laughed. "You make me sound like an old maid."\n\n"You were very nearly one. '
            'There you were at {age}, still drawing rocks," said Harriet.')
    for age, expected in (("twenty-seven", ["WARN"]), ("twenty-four", [])):
        draft = text.format(age=age)
        extraction = ChapterExtraction(new_entities=[_entity(draft, "Mara Finch", "Mara"),
                                                     _entity(draft, "Harriet Finch", "Harriet")],
                                       canon_facts=read_canon(draft, world))  # the extractor's ages
        assert [f.severity for f in canon.check(bind_claims(draft, extraction, world), world)] \
            == expected


# -- commitments ---------------------------------------------------------------------------------

def test_payoff_markers_beyond_would() -> None:
    text = ("It was the letter the captain had spoken of in the boat, the one she had sworn would be "
            "waiting at the Watch post. Underneath it lay the sea chest that Ivo had buried there, "
            'eleven years ago, and sworn to come back for. "You promised me the weathervane by '
            'Michaelmas," said the parson.')
    found = [(p.thing, p.spoken) for p in read_payoffs(text, WorldState(cap=10)) if p.form == "wording"]
    assert found == [("letter", False), ("sea chest", False), ("weathervane", True)]


def test_a_one_word_thing_needs_its_context_planted() -> None:
    world = WorldState(cap=10)
    text = ("It was the letter the captain had spoken of in the boat, the one she had sworn would be "
            "waiting at the Watch post.")
    extraction = ChapterExtraction(payoffs=read_payoffs(text, world))
    claims = bind_claims(text, extraction, world)
    claims.history = FakeHistory(  # type: ignore[assignment]
        (8, "She found a half-finished letter to a girl in Greyhaven."))
    assert [f.severity for f in commitments.check(claims, world)] == ["WARN"]
    claims = bind_claims(text, extraction, world)
    claims.history = FakeHistory(  # type: ignore[assignment]
        (7, "The captain wrote a letter and left it at the Watch post."))
    assert commitments.check(claims, world) == []


# -- entity and knowledge ------------------------------------------------------------------------

def test_a_misspelt_name_the_extractor_bound_anyway() -> None:
    world, _ = _world(("Aldous Finch", "character"), ("Mara Finch", "character"))
    text = "Aldus Finch arrived last, with the Guild ledger under his arm. Mara Finch waved."
    extraction = ChapterExtraction(new_entities=[_entity(text, "Aldous Finch", "Aldus Finch"),
                                                 _entity(text, "Mara Finch")])
    found = [(f.severity, f.draft_quote) for f in entity.check(bind_claims(text, extraction, world),
                                                              world)]
    assert found == [("FAIL", "Aldus Finch")]


def _secret_world() -> tuple[WorldState, dict[str, uuid.UUID]]:
    world, ids = _world(("Mara Finch", "character"), ("Mrs. Finch", "character"),
                        ("Ivo Marsh", "character"), ("Elena Voss", "character"))
    world.knowledge.append(Known(ids["Mara Finch"], "the stranger was Ivo Marsh", "k1",
                                 Evidence(9, "Mara knew then that the stranger was Ivo Marsh.")))
    return world, ids


def test_a_titled_surname_is_not_a_knower_of_the_same_surname() -> None:
    world, _ = _secret_world()
    text = '"Her other brother." Mrs. Finch put down the gravy boat. "The one on Heron Rock. Ivo."'
    extraction = ChapterExtraction(new_entities=[_entity(text, "Mrs. Finch"),
                                                 _entity(text, "Ivo Marsh", "Ivo")])
    found = knowledge.check(bind_claims(text, with_read_records(extraction, text, world), world), world)
    assert [(f.severity, f.draft_quote) for f in found] == [("WARN", "Ivo.")]


def test_writing_out_a_secret_name() -> None:
    world, _ = _secret_world()
    text = ("Elena Voss wrote across the outside, in her best hand: Mr. Ivo Marsh, the lighthouse. "
            "Mara Finch wrote to Ivo Marsh the same day.")
    extraction = ChapterExtraction(new_entities=[_entity(text, "Elena Voss"), _entity(text, "Mara Finch"),
                                                 _entity(text, "Ivo Marsh", "Ivo Marsh")])
    found = knowledge.check(bind_claims(text, with_read_records(extraction, text, world), world), world)
    assert [(f.severity, f.draft_quote[:10]) for f in found] == [("WARN", "Elena Voss")]


def test_prior_text_finds_sentences_in_story_order_without_a_session() -> None:
    history = PriorText(novel_id=uuid.uuid4(), cap=2, chapters=[
        (1, "Mara drew the coast. Tomas shod a horse."), (2, "The horse went lame. Mara laughed.")])
    found = history.sentences_with(r"\b(?P<who>Mara)\b")
    assert [(s.chapter, s.quote) for s in found] == [(1, "Mara drew the coast."), (2, "Mara laughed.")]
    assert history.sentences_with(r"\b(?P<who>Mara)\b") is found  # cached per pattern
    assert history.sentences_with("horse") and not history.sentences_with("lighthouse")
