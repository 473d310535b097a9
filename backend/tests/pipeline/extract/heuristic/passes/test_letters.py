"""letters: a signed letter's "my" is its signer's, for sure; its "I", dialogue before it, an
unsigned or ambiguous letter, and a letter's own account of the past are left alone."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.letters import letters, signer
from continuum.pipeline.extract.heuristic.passes.on_stage import on_stage
from continuum.pipeline.extract.heuristic.passes.relationships import extract_relationships
from continuum.pipeline.extract.heuristic.passes.state_deltas import extract_state_deltas
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

from .support import in_novel

ViewOf = Callable[..., ChapterView]


def _person(name: str, gender: str, *aliases: str) -> KnownEntity:
    return KnownEntity(name=name, type="character", gender=gender, aliases=list(aliases),
                       mentions=40)


STORY = StoryContext(entities=[
    _person("Fitzwilliam Darcy", "male", "Mr. Darcy", "Darcy", "Mr. Fitzwilliam Darcy"),
    _person("Elizabeth Bennet", "female", "Elizabeth", "Lizzy"),
    _person("Colonel Fitzwilliam", "male"),
    _person("Frank Churchill", "male", "Frank", "Mr. Frank Churchill"),
    _person("Mr. Churchill", "male"),
    KnownEntity(name="Rosings", type="location"), KnownEntity(name="London", type="location"),
])

# Pride and Prejudice, chapter 35: the letter's paragraphs open with a quotation mark that
# only the signature closes; the dialogue before it is closed, line by line.
DARCY = ("“I have a letter for you,” said Mr. Darcy. “Will you do me the honour of reading it?”\n\n"
         "Elizabeth opened the letter at Rosings, and read as follows:--\n\n"
         "“Be not alarmed, madam, on receiving this letter. I write without any intention of "
         "paining you.\n\n"
         "“My cousin, Colonel Fitzwilliam, knows every particular of these transactions. He "
         "said, ‘I will not be a clergyman,’ and I went to London at once.\n\n"
         "“FITZWILLIAM DARCY.”\n\n"
         "Elizabeth read it twice. She walked on at Rosings.")


def test_a_signed_letters_my_is_its_signer_and_certain(view: ViewOf) -> None:
    assert in_novel("pride_and_prejudice.txt", "“FITZWILLIAM DARCY.”")
    chapter = view(DARCY, STORY)
    (letter,) = letters(chapter)
    assert letter.signer == "Fitzwilliam Darcy"
    assert chapter.text[letter.start:].startswith("“Be not alarmed")  # not the dialogue before
    assert {chapter.tokens[i].text for i in chapter.signed} == {"My"}  # "I write …" left alone
    assert all(chapter.token_key[i] == "Fitzwilliam Darcy" for i in chapter.signed)
    assert ("Colonel Fitzwilliam", "cousin_of", "Fitzwilliam Darcy") in {
        (r.source, r.type, r.target) for r in extract_relationships(chapter)} | {
        (r.target, r.type, r.source) for r in extract_relationships(chapter)}


def test_a_letters_account_of_the_past_places_nobody(view: ViewOf) -> None:
    # "I went to London at once", after a nested quotation closed the quotation marks: said
    # in the letter, not what the chapter's now does; and "I have received your letter" is
    # no holding of the chapter's: a letter's "I" is left alone.
    chapter = view(DARCY.replace("I went to London at once", "my brother went to London at once"),
                   STORY)
    assert all(chapter.in_quote(chapter.tokens[i]) for i in chapter.signed)
    assert not any(chapter.tokens[i].text == "my" and chapter.tokens[i + 1].text == "brother"
                   for i in chapter.signed)
    chapter = view(DARCY.replace("I write without", "I have received your letter, and I write "
                                                    "without"), STORY)
    deltas = on_stage(chapter, extract_state_deltas(chapter).items)
    assert not [d for d in deltas if d.subject == "Fitzwilliam Darcy"]


def test_a_signature_names_its_one_signer_or_nobody(view: ViewOf) -> None:
    # Emma, chapter 50: "F. C. WESTON CHURCHILL." is Frank, the one Churchill whose given
    # name starts with F; initials alone, or a surname two people share, name nobody.
    assert in_novel("emma.txt", "F. C. WESTON CHURCHILL.")
    chapter = view("Frank Churchill wrote. Mr. Churchill read it. Fitzwilliam Darcy bowed.", STORY)
    assert signer(chapter, "F. C. WESTON CHURCHILL") == "Frank Churchill"
    assert signer(chapter, "FITZWILLIAM DARCY") == "Fitzwilliam Darcy"
    assert signer(chapter, "J. T") is None
    assert signer(chapter, "CHURCHILL") is None


def test_an_unsigned_letter_or_a_closed_line_of_dialogue_is_no_letter(view: ViewOf) -> None:
    unsigned = DARCY.replace("“FITZWILLIAM DARCY.”", "“Yours, etc.”")
    chapter = view(unsigned, STORY)
    assert letters(chapter) == [] and not chapter.signed
    # Pride and Prejudice, chapter 13: Mrs. Bennet's closed line just before Mr. Collins's
    # letter is hers, not the letter's.
    read = ("Mr. Bennet had a letter from Mr. Collins.\n\n"
            "“I hate such false friends, and I hate him too.”\n\n“Dear Sir,\n\n"
            "“The disagreement subsisting between yourself and my late honoured father always "
            "gave me much uneasiness.\n\n“WILLIAM COLLINS.”")
    collins = StoryContext(entities=[*STORY.entities, _person("William Collins", "male", "Mr. Collins")])
    chapter = view(read, collins)
    (letter,) = letters(chapter)
    assert chapter.text[letter.start:].startswith("“Dear Sir")
    assert {chapter.tokens[i].text for i in chapter.signed} == {"my"}
    # A name said alone in dialogue, after closed lines of speech, signs nothing.
    spoken = ("“I have a letter for you,” said Mr. Darcy.\n\n“Is it yours?”\n\n"
              "“FITZWILLIAM DARCY.”")
    assert letters(view(spoken, STORY)) == []
