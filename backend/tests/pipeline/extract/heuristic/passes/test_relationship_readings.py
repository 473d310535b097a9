"""Relationships whole novels state in ways the first rules missed, each from the novel's text:
a kinship word as a surname's title, the narrator's "my", a speaker's "I", a gloss the parser
hung elsewhere, nouns joined by "and", and a full name that settles which Knightley is meant."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.relationships import extract_relationships
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

from .support import assert_evidence_exact, in_novel

ViewOf = Callable[..., ChapterView]


def _rels(view: ViewOf, text: str, context: StoryContext) -> set[tuple[str, str, str]]:
    items = extract_relationships(view(text, context))
    assert_evidence_exact(text, items)
    return {(r.source, r.type, r.target) for r in items}


def _people(*people: tuple[str, str], narrator: str | None = None) -> StoryContext:
    return StoryContext(narrator=narrator, entities=[
        KnownEntity(name=name, type="character", gender=gender) for name, gender in people])


PHILIPSES = _people(("Mrs. Philips", "female"), ("Mr. Philips", "male"),
                    ("Mrs. Bennet", "female"), ("Kitty", "female"), ("Mr. Gardiner", "male"))


def test_a_kinship_word_before_a_surname_tells_the_wife_from_the_husband(view: ViewOf) -> None:
    said = ("“Well, Lizzy,” said Mrs. Bennet, one day, “what is your opinion _now_ of this sad "
            "business of Jane’s? For my part, I am determined never to speak of it again to "
            "anybody. I told my sister Philips so the other day.”")
    assert in_novel("pride_and_prejudice.txt", said.rstrip("”"))
    assert _rels(view, said, PHILIPSES) == {("Mrs. Philips", "sister_of", "Mrs. Bennet")}
    kitty = "“And my aunt Philips is sure it would do _me_ a great deal of good,” added Kitty."
    assert in_novel("pride_and_prejudice.txt", kitty)
    assert _rels(view, kitty, PHILIPSES) == {("Mrs. Philips", "aunt_of", "Kitty")}


def test_a_kinship_title_is_no_name_of_the_person() -> None:
    text = "“And my aunt Philips is sure it would do _me_ a great deal of good,” added Kitty."
    chapter = analyze_chapter_text(text, PHILIPSES)
    philips = chapter.entities["Mrs. Philips"]
    assert philips.aliases == []  # not "Aunt Philips": that is who she is to Kitty
    assert "Mr. Philips" not in chapter.entities
    # Someone the story meets this way is named by the surname ("Gardiner"), not the title.
    first = analyze_chapter_text("“It was my brother Gardiner who wrote it,” said Mrs. Bennet.",
                                 _people(("Mrs. Bennet", "female")))
    assert "Gardiner" in first.entities and first.entities["Gardiner"].aliases == []
    # A given name takes no kinship title: "her sister Jane" stays Jane.
    sisters = analyze_chapter_text("Jane Bennet sat with her sister Elizabeth by the fire.",
                                   StoryContext())
    assert "Elizabeth" in sisters.entities


GE_BOATING = (
    "when our own two boats were breaking the sunset or the moonlight in mid-stream. I always "
    "think of him as coming after us in the dark; and I was glad of it, and I said so.\n\n"
    "Herbert was my intimate companion and friend. I presented him with a half-share in my "
    "boat, which was the occasion of his often coming down to Hammersmith; and my possession "
    "of a half-share in his chambers often took me up to London.")


def test_the_narrators_my_is_the_narrator(view: ViewOf) -> None:
    assert in_novel("great_expectations.txt", "Herbert was my intimate companion and friend.")
    context = _people(("Pip", "male"), ("Herbert", "male"), narrator="Pip")
    # "companion and friend": a friend, not a paid companion; "friend" shares the copula.
    assert _rels(view, GE_BOATING, context) == {("Herbert", "friend_of", "Pip")}


def test_the_narrators_my_never_pairs_with_a_pronoun(view: ViewOf) -> None:
    text = ("When I had spoken to Biddy, as I thought it not a time for talking I went and sat "
            "down near Joe, and there began to wonder in what part of the house it--she--my "
            "sister--was. I looked about for the table of refreshments; and I found it.")
    assert in_novel("great_expectations.txt", text.split(" I looked")[0])
    context = _people(("Pip", "male"), ("Biddy", "female"), ("Joe", "male"), narrator="Pip")
    assert _rels(view, text, context) == set()  # "she" is the dead sister, not Biddy


def test_a_plural_gloss_names_the_roll_entry_it_closes(view: ViewOf) -> None:
    # Treasure Island ch. 18, the captain's log (whole, in test_relationships): the plural
    # gloss names the people of its own entry, by name only, joined by "and".
    context = _people(("John Trelawney", "male"), ("John Hunter", "male"),
                      ("Richard Joyce", "male"), ("Jim", "male"))
    roll = "John Trelawney, owner; John Hunter and Richard Joyce, owner's servants, landsmen."
    assert in_novel("treasure_island.txt", roll.rstrip("."))
    assert _rels(view, roll, context) == {("John Hunter", "servant_of", "John Trelawney"),
                                          ("Richard Joyce", "servant_of", "John Trelawney")}
    # A word other than a name in the entry: no roll ("sailed with John Hunter and Jim").
    assert _rels(view, "John Trelawney, owner; sailed with John Hunter and Jim, owner's "
                       "servants, landsmen.", context) == set()
    # One name alone: the plural glosses more than the entry holds.
    assert _rels(view, "John Trelawney, owner; John Hunter, owner's servants, landsmen.",
                 context) == set()


def test_a_bare_role_to_someone_names_its_owner(view: ViewOf) -> None:
    # Great Expectations ch. 58: the narrator "was clerk to Clarriker and Co.".
    text = ("I sold all I had, and put aside as much as I could, for a composition with my "
            "creditors,--who gave me ample time to pay them in full,--and I went out and joined "
            "Herbert. Within a month, I had quitted England, and within two months I was clerk to "
            "Clarriker and Co., and within four months I assumed my first undivided responsibility.")
    assert in_novel("great_expectations.txt", text)
    context = _people(("Pip", "male"), ("Clarriker", "male"), ("Herbert", "male"), narrator="Pip")
    assert _rels(view, text, context) == {("Pip", "servant_of", "Clarriker")}
    # With a determiner the "to" is a judgment, not a tie: Emma ch. 8, "You have been no
    # friend to Harriet Smith, Emma."; nor "a very warm friend to Mr. Martin".
    people = _people(("Mr. Knightley", "male"), ("Harriet Smith", "female"), ("Emma", "female"),
                     ("Mr. Martin", "male"))
    assert _rels(view, "Mr. Knightley was no friend to Harriet Smith.", people) == set()
    assert _rels(view, "Mr. Knightley was a very warm friend to Mr. Martin.", people) == set()
    assert _rels(view, "Mr. Knightley was friend to Mr. Martin.", people) == {
        ("Mr. Knightley", "friend_of", "Mr. Martin")}


def test_a_friendship_the_speaker_states_of_themself_and_the_listener(view: ViewOf) -> None:
    # Great Expectations ch. 13: Joe, to Pip, before Miss Havisham.
    said = ("“You know, Pip,” replied Joe, “as you and me were ever friends, and it were "
            "looked for'ard to betwixt us, as being calc'lated to lead to larks.")
    assert in_novel("great_expectations.txt", said)
    context = _people(("Pip", "male"), ("Joe", "male"), ("Estella", "female"))
    assert _rels(view, said, context) == {("Pip", "friend_of", "Joe")}
    # Said of two others it is an opinion; untagged, nobody knows whose "me" it is.
    assert _rels(view, "“You know, Pip,” replied Joe, “Estella and Pip were ever friends.”",
                 context) == set()
    assert _rels(view, "“You know, Pip, as you and me were ever friends.”", context) == set()


def test_a_gloss_the_parser_hung_elsewhere_still_names_the_relative(view: ViewOf) -> None:
    text = ("Mr. Denny addressed them directly, and entreated permission to introduce his friend, "
            "Mr. Wickham, who had returned with him the day before from town.")
    assert in_novel("pride_and_prejudice.txt", text.rstrip("."))
    context = _people(("Mr. Denny", "male"), ("Mr. Wickham", "male"))
    assert _rels(view, text, context) == {("Mr. Wickham", "friend_of", "Mr. Denny")}
    owner = _people(("Mr. Suckling", "male"), ("Mrs. Bragge", "female"))
    assert _rels(view, "A cousin of Mr. Suckling, Mrs. Bragge, had many applications.", owner) == {
        ("Mrs. Bragge", "cousin_of", "Mr. Suckling")}
    # A name that runs on into a clause is no gloss: "his sister, Mr. Wickham said".
    assert _rels(view, "Mr. Denny spoke to his sister, Mr. Wickham said nothing.", context) == set()


def test_a_full_name_settles_which_of_two_titled_namesakes(view: ViewOf) -> None:
    context = _people(("John Knightley", "male"), ("Mr. Knightley", "male"))
    text = "Mr. John Knightley was the younger brother of Mr. Knightley."
    assert _rels(view, text, context) == {("John Knightley", "brother_of", "Mr. Knightley")}


BIDDY = ("“Yes, dear old Pip, old chap.”\n\n"
         "I looked at both of them, from one to the other, and then--\n\n"
         "“It's my wedding-day!” cried Biddy, in a burst of happiness, “and I am\n"
         "married to Joe!”")


def test_a_speakers_i_is_the_speaker_the_tag_names(view: ViewOf) -> None:
    assert in_novel("great_expectations.txt", BIDDY)
    context = _people(("Biddy", "female"), ("Joe", "male"), ("Pip", "male"))
    # The parser hangs the first paragraph's "Pip" on "cried" as its subject, and reads
    # Biddy as the verb's object: the tag still names Biddy, and her "I" is hers.
    assert _rels(view, BIDDY, context) == {("Biddy", "married_to", "Joe")}
