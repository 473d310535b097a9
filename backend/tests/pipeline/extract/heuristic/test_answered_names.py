"""A name given in answer to "What is your name?" is the answerer's (`answered_names`)."""

from __future__ import annotations

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from tests.pipeline.extract.heuristic.passes.support import in_novel, novel_chapters

# Great Expectations ch. 40: the returned convict, who "took the name of Provis", gives Pip
# the name he was born to.
REAL_NAME = (
    "“I do not even know,” said I, speaking low as he took his seat at the table, “by what "
    "name to call you. I have given out that you are my uncle.”\n\n"
    "“That's it, dear boy! Call me uncle.”\n\n"
    "“You assumed some name, I suppose, on board ship?”\n\n"
    "“Yes, dear boy. I took the name of Provis.”\n\n"
    "“Do you mean to keep that name?”\n\n"
    "“Why, yes, dear boy, it's as good as another,--unless you'd like another.”\n\n"
    "“What is your real name?” I asked him in a whisper.\n\n"
    "“Magwitch,” he answered, in the same tone; “chrisen'd Abel.”\n")
PIP = KnownEntity(name="Pip", type="character", gender="male")


def _carrier(chapter, name: str) -> str | None:
    return next((k for k, e in chapter.entities.items() if name in (e.name, *e.aliases)), None)


def _chapter_40(context: StoryContext):
    text = novel_chapters("great_expectations.txt")[39]
    assert in_novel("great_expectations.txt", REAL_NAME)
    return analyze_chapter_text(text, context)


def test_the_name_answered_is_the_answerers() -> None:
    chapter = _chapter_40(StoryContext(narrator="Pip", entities=[PIP]))
    provis = _carrier(chapter, "Provis")
    assert provis is not None and _carrier(chapter, "Magwitch") == provis
    assert _carrier(chapter, "Abel Magwitch") == provis  # "chrisen'd Abel" with it


def test_a_known_name_or_another_question_joins_no_one() -> None:
    # A name the story already gives someone else stays theirs: one answer is no proof.
    known = StoryContext(narrator="Pip", entities=[
        PIP, KnownEntity(name="Magwitch", type="character", gender="male")])
    chapter = _chapter_40(known)
    assert _carrier(chapter, "Magwitch") != _carrier(chapter, "Provis")
    # Asked something else, the name answered is someone spoken of.
    text = novel_chapters("great_expectations.txt")[39]
    trade = text.replace("What is your real name?", "Who sent you here?")
    chapter = analyze_chapter_text(trade, StoryContext(narrator="Pip", entities=[PIP]))
    assert _carrier(chapter, "Magwitch") != _carrier(chapter, "Provis")


def test_a_name_a_speaker_says_is_theirs_joins_them() -> None:
    # Great Expectations ch. 18: the man the chapter calls "the strange gentleman" says
    # '"My name," he said, "is Jaggers, and I am a lawyer in London."' (the tagger reads
    # the bare "Jaggers" as a noun: the chapter's "Mr. Jaggers" is whom it names).
    said = "“My name,” he said, “is Jaggers, and I am a lawyer in London."
    assert in_novel("great_expectations.txt", said)
    text = novel_chapters("great_expectations.txt")[17]
    chapter = analyze_chapter_text(text, StoryContext(narrator="Pip", entities=[PIP]))
    jaggers = _carrier(chapter, "Mr. Jaggers")
    assert jaggers is not None and _carrier(chapter, "the strange gentleman") == jaggers
    # The pronouns of both are his: the tag's "he", and the "he" read after "Mr. Jaggers".
    for before in ("he said, “is Jaggers", "he considered him a fool"):
        he = text.index(before)
        assert any(m.start == he and m.entity_key == jaggers for m in chapter.mentions), before
    # "My name is on the first leaf" (ch. 52) names no one.
    leaf = analyze_chapter_text("“My name is on the first leaf,” said Miss Havisham. “Take "
                                "it,” said Miss Havisham.", StoryContext())
    assert list(leaf.entities) == ["Miss Havisham"]


DRUMMLE = KnownEntity(name="Bentley Drummle", type="character", gender="male",
                      aliases=["Drummle", "Mr. Drummle"], mentions=60)
# Great Expectations ch. 26: Jaggers's name for one of his guests, asked and answered.
WHO = ("“Pip,” said he, putting his large hand on my shoulder and moving me to\nthe window, "
       "“I don't know one from the other. Who's the Spider?”\n\n“The spider?” said I.\n\n"
       "“The blotchy, sprawly, sulky fellow.”\n\n“That's Bentley Drummle,” I replied;")


def test_a_name_asked_after_and_answered_outright_is_the_answers() -> None:
    assert in_novel("great_expectations.txt", WHO)
    text = novel_chapters("great_expectations.txt")[25]
    chapter = analyze_chapter_text(text, StoryContext(narrator="Pip", entities=[PIP, DRUMMLE]))
    assert _carrier(chapter, "Spider") == _carrier(chapter, "Bentley Drummle") is not None
    # a guess names nobody: "Probably Drummle" leaves the Spider someone of their own
    guessed = text.replace("“That's Bentley Drummle,” I replied;", "“Probably Drummle,” I replied;")
    chapter = analyze_chapter_text(guessed, StoryContext(narrator="Pip", entities=[PIP, DRUMMLE]))
    assert _carrier(chapter, "Spider") != _carrier(chapter, "Bentley Drummle")
    # nor does the same answer make a known person someone else
    known = StoryContext(narrator="Pip", entities=[
        PIP, DRUMMLE, KnownEntity(name="Spider", type="character", gender="male")])
    chapter = analyze_chapter_text(text, known)
    assert _carrier(chapter, "Spider") != _carrier(chapter, "Bentley Drummle")


SILVER = KnownEntity(name="John Silver", type="character", gender="male",
                     aliases=["Silver", "Long John"], mentions=200)
HANDS = KnownEntity(name="Israel Hands", type="character", gender="male", mentions=20)
# Treasure Island ch. 11, from the apple barrel: Hands calls the cook by the crew's name for
# him, and Silver answers calling Hands by his.
CALLED_BACK = "\"Oh, I know'd Dick was square,\" returned the voice of the coxswain, Israel"
ANSWERED = "\"Israel,\" said Silver, \"your head ain't much account, nor ever was."


def test_a_byname_answered_by_one_who_calls_its_caller_back_is_theirs() -> None:
    assert in_novel("treasure_island.txt", CALLED_BACK) and in_novel("treasure_island.txt", ANSWERED)
    text = novel_chapters("treasure_island.txt")[10]
    barbecue = KnownEntity(name="Barbecue", type="character", mentions=3)
    chapter = analyze_chapter_text(text, StoryContext(narrator="Jim Hawkins",
                                                      entities=[SILVER, HANDS, barbecue]))
    assert _carrier(chapter, "Barbecue") == _carrier(chapter, "John Silver") is not None
    # a given name so called and answered stays whose it was: one exchange is no proof
    renamed = text.replace("Barbecue", "Tom")
    chapter = analyze_chapter_text(renamed, StoryContext(narrator="Jim Hawkins",
                                                         entities=[SILVER, HANDS]))
    assert _carrier(chapter, "Tom") != _carrier(chapter, "John Silver")
