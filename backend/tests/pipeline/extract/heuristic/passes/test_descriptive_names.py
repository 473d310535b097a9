"""Descriptive names ("the old sailor", "the tall stranger", "the lame beggar") tracked as a
character until the text says who it is; then its mentions are that character's.

The texts are written for these tests; the shared novels keep their passing "the old man".
"""

from __future__ import annotations

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.heuristic.document import AnalyzedChapter
from continuum.pipeline.extract.heuristic.nlp import parse
from continuum.pipeline.extract.heuristic.passes.nominals import descriptive_mentions
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

from .support import novel_chapters

CAST = StoryContext(entities=[
    KnownEntity(name=name, type="character", gender="male")
    for name in ("Ivo Marsh", "Tomas Marsh", "Jim Hawkins")])

SAILOR = ("The old sailor came up the road with his sea-chest. The old sailor stopped at the "
          "inn door and looked about him. Jim Hawkins watched from the window. The sailor "
          "called for rum.\n\nThe next morning the old sailor sat by the fire. He drank and "
          "sang all day.")


def analyze(text: str, context: StoryContext = CAST) -> AnalyzedChapter:
    return analyze_chapter_text(text, context)


def test_a_described_person_who_recurs_is_a_character() -> None:
    chapter = analyze(SAILOR)
    sailor = chapter.entities["the old sailor"]
    assert sailor.type == "character" and sailor.gender == "male"
    said = [m.text for m in sailor.mentions]
    assert said.count("The old sailor") == 2 and "the old sailor" in said
    assert "The sailor" in said  # the bare noun, once he is described, is he
    at = SAILOR.index("He drank")
    assert chapter.entity_at(at, at + 2) == "the old sailor"


def test_descriptions_need_a_describing_adjective() -> None:
    doc = parse("The tall stranger bowed. The other man laughed. The young man left. "
                "The lame beggar sat. The tall, lame beggar rose. The dead man lay still.")
    assert set(descriptive_mentions(doc)) == {"the tall stranger", "the lame beggar"}


def test_one_mention_is_no_character() -> None:
    text = "The lame beggar held out his hand. Jim Hawkins gave him a penny and walked on."
    assert "the lame beggar" not in analyze(text).entities


def test_a_stated_identity_gives_the_description_to_the_named_character() -> None:
    text = ("The tall stranger rode into Saltmere at dusk. The tall stranger took a room at the "
            "Lantern Inn.\n\nTomas Marsh came home late. The tall stranger was none other than "
            "Ivo Marsh, his lost brother.")
    chapter = analyze(text)
    assert "the tall stranger" not in chapter.entities
    ivo = chapter.entities["Ivo Marsh"]
    assert "the tall stranger" in ivo.aliases
    at = text.index("The tall stranger took")
    assert chapter.entity_at(at, at + len("The tall stranger")) == "Ivo Marsh"


def test_for_it_was_he_names_the_described_person() -> None:
    text = ("The lame beggar had sat on the quay all week. The lame beggar asked no one for "
            "anything. At dusk he threw back his hood, and Ivo Marsh, for it was he, walked "
            "up to the forge.")
    chapter = analyze(text)
    assert "the lame beggar" in chapter.entities["Ivo Marsh"].aliases
    assert "the lame beggar" not in chapter.entities


def test_a_hedged_or_denied_identity_reveals_nothing() -> None:
    for reveal in ("Perhaps the tall stranger was Ivo Marsh.",
                   "The tall stranger was not Ivo Marsh.",
                   "Was the tall stranger Ivo Marsh?"):
        text = ("The tall stranger rode into Saltmere at dusk. The tall stranger took a room at "
                "the Lantern Inn. " + reveal)
        chapter = analyze(text)
        assert "the tall stranger" in chapter.entities, reveal
        assert "the tall stranger" not in chapter.entities["Ivo Marsh"].aliases, reveal


def test_the_blind_man_of_treasure_island_is_a_character() -> None:
    # Pew is "the blind man" through chapter 3 before anyone names him.
    text = novel_chapters("treasure_island.txt")[2]
    chapter = analyze(text, StoryContext())
    blind = chapter.entities["the blind man"]
    assert blind.type == "character" and blind.gender == "male"
    assert sum(m.text.lower() == "the blind man" for m in blind.mentions) >= 2


def test_a_name_set_after_the_description_names_the_described_person() -> None:
    # Treasure Island ch. 5: "cried the blind man, Pew." The story has called him "the blind
    # man" since ch. 3; from here on he is Pew, and the description is his alias.
    text = novel_chapters("treasure_island.txt")[4]
    assert "cried the blind man, Pew." in " ".join(text.split())
    known = StoryContext(narrator="Jim Hawkins", entities=[
        KnownEntity(name="the blind man", type="character", gender="male", mentions=35)])
    chapter = analyze(text, known)
    assert "the blind man" in chapter.entities["Pew"].aliases
    assert "the blind man" not in chapter.entities
    # A name that opens a list is no gloss: "the blind man, Pew, and the others".
    listed = ("The blind man tapped up the road. The blind man stopped at the door. Pew was "
              "there too, and Pew laughed at him. Then the blind man, Pew, and the others ran "
              "down the hill.")
    found = analyze(listed, StoryContext(entities=[
        KnownEntity(name="Pew", type="character", gender="male", mentions=20)])).entities
    assert "the blind man" in found and "the blind man" not in found["Pew"].aliases


def test_once_named_the_described_person_takes_no_bare_noun() -> None:
    # Treasure Island ch. 8: Jim recalls "the captain, and Black Dog, and the blind man, Pew";
    # every later "the man" of the chapter is Silver or Morgan, not the dead Pew, whom the
    # critic had seen walk in.
    text = novel_chapters("treasure_island.txt")[7]
    known = StoryContext(narrator="Jim Hawkins", entities=[
        KnownEntity(name="Pew", type="character", gender="male", aliases=["the blind man"],
                    mentions=120, dead=True)])
    chapter = analyze(text, known)
    pew = [m.text.lower() for m in chapter.mentions if m.entity_key == "Pew" and m.kind == "nominal"]
    assert pew == ["the blind man"]
    # Before a name, "the man" after "the blind man" is still the described person (ch. 3).
    blind = analyze(novel_chapters("treasure_island.txt")[2], StoryContext()).entities["the blind man"]
    assert any(m.text.lower() == "the man" for m in blind.mentions)


def test_a_description_said_of_a_named_person_is_theirs() -> None:
    # Treasure Island ch. 10: "The boatswain, Job Anderson, was the likeliest man aboard";
    # with the chapter's later "the man"s it had founded a person "the likeliest man".
    text = novel_chapters("treasure_island.txt")[9]
    chapter = analyze(text, StoryContext(narrator="Jim Hawkins"))
    assert "the likeliest man" not in chapter.entities
    assert "the likeliest man" in chapter.entities["Job Anderson"].aliases
    # Without an adjective the description is too plain to be anyone's: "He was the man".
    plain = analyze("Tom Heller was the man. The man sat down. The man rose.", StoryContext())
    assert not any("the man" in e.aliases for e in plain.entities.values())


def test_the_novels_passing_descriptions_are_no_characters() -> None:
    # Treasure Island's first chapter describes Billy Bones without naming him: "the old
    # seaman" (once) and "the captain" (a title); Pride and Prejudice's third chapter has
    # only passing "the young man"-style descriptions.
    ti = analyze(novel_chapters("treasure_island.txt")[0], StoryContext())
    pp = analyze(novel_chapters("pride_and_prejudice.txt")[2], StoryContext())
    described = [k for c in (ti, pp) for k, e in c.entities.items()
                 if e.evidence.rule == "names:epithet"]
    assert described == []
