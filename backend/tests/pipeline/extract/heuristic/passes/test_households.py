"""Kin read from a family's names: "her father" of a Bennet daughter is Mr. Bennet, and
"her sister" is the one Bennet daughter named just before; nothing when the names cannot
tell (no couple, two sisters nearby, "her eldest daughter", a speech tag)."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.households import member
from continuum.pipeline.extract.heuristic.passes.relationships import extract_relationships
from continuum.pipeline.extract.protocol import KnownEntity, KnownRelationship, StoryContext
from tests.pipeline.extract.heuristic.passes.support import in_novel

ViewOf = Callable[..., ChapterView]


def _person(name: str, gender: str, *aliases: str) -> KnownEntity:
    return KnownEntity(name=name, type="character", gender=gender, aliases=list(aliases),
                       mentions=40)


BENNETS = StoryContext(entities=[
    _person("Mr. Bennet", "male"), _person("Mrs. Bennet", "female"),
    _person("Elizabeth Bennet", "female", "Lizzy", "Elizabeth", "Miss Elizabeth Bennet"),
    _person("Jane Bennet", "female", "Jane", "Miss Bennet"),
    _person("Lydia Bennet", "female", "Lydia"),
    _person("Charlotte Lucas", "female", "Charlotte", "Miss Lucas"),
    _person("Sir William Lucas", "male", "Sir William"), _person("Lady Lucas", "female"),
])


def _relations(view: ViewOf, text: str, context: StoryContext = BENNETS) -> set[tuple[str, str, str]]:
    return {(r.source, r.type, r.target) for r in extract_relationships(view(text, context))}


def test_heads_and_children_are_read_from_names() -> None:
    head = member("Mrs. Bennet", ["Mrs. Bennet"], "female")
    assert head.heads == {"bennet"} and not head.children
    child = member("Jane Bennet", ["Jane Bennet", "Jane", "Miss Bennet"], "female")
    assert child.children == {"bennet"} and not child.heads
    sir = member("Sir William Lucas", ["Sir William Lucas", "Sir William"], "male")
    assert sir.heads == {"lucas"}
    lady = member("Lady Catherine", ["Lady Catherine de Bourgh", "Catherine de Bourgh"], "female")
    assert lady.heads == {"de bourgh"} and not lady.children  # she heads the family, not a child
    wife = member("Lydia Bennet", ["Lydia Bennet", "Lydia Wickham", "Mrs. Wickham"], "female")
    assert wife.children == {"bennet"}  # "Lydia Wickham" is her married name


def test_her_father_is_the_husband_of_the_family_couple(view: ViewOf) -> None:
    said = "Her father was walking about the room, looking grave and anxious."
    text = f"Elizabeth was exceedingly pleased with this proposal. {said}"
    assert in_novel("pride_and_prejudice.txt", said)
    assert ("Mr. Bennet", "father_of", "Elizabeth Bennet") in _relations(view, text)


def test_no_couple_no_parent(view: ViewOf) -> None:
    context = StoryContext(entities=[_person("Mr. Woodhouse", "male"),
                                     _person("Emma Woodhouse", "female", "Emma")])
    text = "Emma Woodhouse sat down. Her father was walking about the room, looking grave and anxious."
    found = _relations(view, text, context)
    assert not [r for r in found if r[1] == "father_of"]  # father or brother: the names cannot say


def test_her_sister_is_the_one_daughter_named_just_before(view: ViewOf) -> None:
    text = ("Jane was not quite so well. Elizabeth was exceedingly pleased with this proposal, and "
            "felt persuaded of her sister’s ready acquiescence.")
    assert in_novel("pride_and_prejudice.txt", text.split(". ", 1)[1])
    assert ("Jane Bennet", "sister_of", "Elizabeth Bennet") in _relations(view, text)


def test_her_sister_with_no_sister_named_nearby_is_nobody(view: ViewOf) -> None:
    text = ("Elizabeth was exceedingly pleased with this proposal, and felt persuaded of her "
            "sister’s ready acquiescence.")
    assert not [r for r in _relations(view, text) if r[1] == "sister_of"]


def test_two_sisters_named_nearby_leave_her_sister_unread(view: ViewOf) -> None:
    text = ("Jane and Lydia were in the garden. Elizabeth was exceedingly pleased with this "
            "proposal, and felt persuaded of her sister’s ready acquiescence.")
    assert not [r for r in _relations(view, text) if r[1] == "sister_of"]


def test_her_eldest_daughter_names_nobody(view: ViewOf) -> None:
    text = "Jane came in. Mrs. Bennet asked after the welfare of her eldest daughter."
    assert not [r for r in _relations(view, text) if r[1] == "daughter_of"]


def test_a_speech_tag_owner_is_the_one_woman_the_quotation_names(view: ViewOf) -> None:
    said = "“Another time, Lizzy,” said her mother, “I would not dance with _him_, if I were you.”"
    text = f"“I wish he had danced with Eliza,” said Miss Lucas. {said}"
    assert in_novel("pride_and_prejudice.txt", said)
    found = _relations(view, text)
    assert ("Mrs. Bennet", "mother_of", "Elizabeth Bennet") in found
    assert not [r for r in found if "Charlotte Lucas" in r]  # not Miss Lucas's mother


def test_a_speech_tag_whose_quotation_names_nobody_states_nothing(view: ViewOf) -> None:
    text = ("Charlotte Lucas came in. “I do not cough for my own amusement,” said her mother.")
    assert not [r for r in _relations(view, text) if r[1] == "mother_of"]


def test_my_in_speech_is_the_speaker_its_tag_names(view: ViewOf) -> None:
    text = "“But if you have got them to-day,” said Elizabeth, “my mother’s purpose will be answered.”"
    assert in_novel("pride_and_prejudice.txt", text)
    assert ("Mrs. Bennet", "mother_of", "Elizabeth Bennet") in _relations(view, text)
    untagged = ("Elizabeth and Charlotte sat together. “But if you have got them to-day,” said she, "
                "“my mother’s purpose will be answered.”")
    assert not [r for r in _relations(view, untagged) if r[1] == "mother_of"]


def test_a_child_calling_mamma_in_a_tagged_quotation_names_her_mother(view: ViewOf) -> None:
    text = "“Mamma,” cried Lydia, “my aunt says that Colonel Forster does not go so often.”"
    assert in_novel("pride_and_prejudice.txt", "“Mamma,” cried Lydia, “my aunt says that Colonel Forster")
    assert ("Mrs. Bennet", "mother_of", "Lydia Bennet") in _relations(view, text)
    context = StoryContext(entities=[_person("Mrs. Bennet", "female"), _person("Mrs. Long", "female"),
                                     _person("Lydia", "female")])
    found = _relations(view, text, context)  # a Lydia of no known family calls nobody mother
    assert not [r for r in found if r[1] == "mother_of"]


def test_a_child_of_no_known_family_calls_mamma_the_one_mother_on_stage(view: ViewOf) -> None:
    # Pride and Prejudice ch. 53: Kitty has no surname in the whole book; Mrs. Bennet, named
    # in the paragraph before, is the one mother on record in the scene.
    text = ("Mrs. Bennet sat at the window. She saw a carriage coming up the paddock.\n\n"
            "“There is a gentleman with him, mamma,” said Kitty; “who can it be?”")
    assert in_novel("pride_and_prejudice.txt", "“There is a gentleman with him, mamma,” said Kitty")
    mothers = [KnownRelationship(source="Mrs. Bennet", type="mother_of", target="Jane Bennet")]
    kitty = _person("Kitty", "female")
    context = BENNETS.model_copy(update={"entities": [*BENNETS.entities, kitty],
                                         "relationships": mothers})
    assert ("Mrs. Bennet", "mother_of", "Kitty") in _relations(view, text, context)
    # Nobody on record as a mother, or two mothers on stage, or a child whose own parents are
    # on record: nobody is called.
    bare = BENNETS.model_copy(update={"entities": [*BENNETS.entities, kitty]})
    assert not [r for r in _relations(view, text, bare) if r[1] == "mother_of"]
    two = ("Mrs. Bennet and Lady Lucas sat at the window.\n\n"
           "“There is a gentleman with him, mamma,” said Kitty; “who can it be?”")
    both = [*mothers, KnownRelationship(source="Lady Lucas", type="mother_of", target="Charlotte Lucas")]
    assert not [r for r in _relations(view, two, context.model_copy(update={"relationships": both}))
                if r[1] == "mother_of"]
    own = [*mothers, KnownRelationship(source="Kitty", type="daughter_of", target="Lady Lucas")]
    assert not [r for r in _relations(view, text, context.model_copy(update={"relationships": own}))
                if r[1] == "mother_of"]


def test_a_plain_title_with_two_names_gives_a_given_name_the_data_may_not_know() -> None:
    # "Fitzwilliam" is in no given-name list; "Mr. Fitzwilliam Darcy" says it is his.
    darcy = member("Fitzwilliam Darcy", ["Fitzwilliam Darcy", "Mr. Darcy", "Mr. Fitzwilliam Darcy"],
                   "male")
    assert darcy.children == {"darcy"} and not darcy.heads
    assert member("Mr. Darcy", ["Mr. Darcy"], "male").heads == {"darcy"}


def test_his_sister_of_a_brother_known_by_his_full_name(view: ViewOf) -> None:
    context = StoryContext(entities=[
        _person("Fitzwilliam Darcy", "male", "Mr. Darcy", "Mr. Fitzwilliam Darcy", "Darcy"),
        _person("Georgiana Darcy", "female", "Georgiana", "Miss Darcy"),
        _person("Lady Anne Darcy", "female", "Lady Anne")])
    text = ("“How does Georgiana get on, Darcy?” Mr. Darcy spoke with affectionate praise of his "
            "sister’s proficiency.")
    assert in_novel("pride_and_prejudice.txt", text.split("” ", 1)[1])
    found = _relations(view, text, context)
    assert ("Georgiana Darcy", "sister_of", "Fitzwilliam Darcy") in found
    assert not [r for r in found if r[1] in {"father_of", "daughter_of"}]


def test_a_widow_heading_her_family_is_its_childrens_mother(view: ViewOf) -> None:
    """Emma ch. 26: Miss Bates's mother is Mrs. Bates, the one woman of the name, whom no
    Mr. Bates heads the family with. With two men of the name and no couple, the woman may
    be either's wife, a brother's as well as a father's."""
    said = ("It was growing late, and Miss Bates became anxious to get home, on her mother's "
            "account.")
    assert in_novel("emma.txt", said)
    bates = [_person("Mrs. Bates", "female"), _person("Miss Bates", "female")]
    found = _relations(view, said, StoryContext(entities=bates))
    assert ("Mrs. Bates", "mother_of", "Miss Bates") in found
    two_men = StoryContext(entities=[*bates, _person("Mr. Bates", "male"),
                                     _person("Sir Henry Bates", "male", "Sir Henry")])
    assert not [r for r in _relations(view, said, two_men) if r[1] == "mother_of"]
    # Her father stays unread: a lone "Mr. Woodhouse" may be a father or a brother.
    alone = StoryContext(entities=[_person("Mr. Bates", "male"), _person("Miss Bates", "female")])
    father = "It was growing late, and Miss Bates became anxious to get home, on her father's account."
    assert not [r for r in _relations(view, father, alone) if r[1] == "father_of"]


def test_a_new_mother_is_no_mother_by_the_names(view: ViewOf) -> None:
    # Emma ch. 2: Frank Churchill "had written to his new mother" (his father's new wife,
    # Mrs. Weston); Mrs. Churchill, the one woman of his name, is his aunt.
    said = "he had written to his new\nmother on the occasion."
    assert in_novel("emma.txt", said)
    context = StoryContext(entities=[_person("Mrs. Churchill", "female"),
                                     _person("Frank Churchill", "male", "Mr. Frank Churchill")])
    text = f"Now was the time for Mr. Frank Churchill to come among them; and {said}"
    assert not [r for r in _relations(view, text, context) if r[1] == "mother_of"]


def test_no_widow_where_a_man_of_the_family_is_called_by_its_head_title(view: ViewOf) -> None:
    # Emma ch. 36: "Frank's mother" (Miss Churchill, long dead) is not Mrs. Churchill: a "Mr.
    # Churchill" is in the story, even where the reading folded him into Frank.
    said = "Frank's mother would never have been\nslighted as she was but for her."
    assert in_novel("emma.txt", said)
    context = StoryContext(entities=[
        _person("Mrs. Churchill", "female"),
        _person("Frank Churchill", "male", "Frank", "Mr. Churchill", "Mr. Frank Churchill")])
    assert not [r for r in _relations(view, said, context) if r[1] == "mother_of"]


def test_a_father_who_speaks_is_the_one_head_of_the_family(view: ViewOf) -> None:
    # Emma, chapter 1: no "Mrs. Woodhouse", but the father speaks, so he is alive and here;
    # the word says he is a parent, as "papa" does (the tagger reads this "father" as a name).
    context = StoryContext(entities=[_person("Mr. Woodhouse", "male"),
                                     _person("Emma Woodhouse", "female", "Emma")])
    said = "\u201cDear Emma bears every thing so well,\u201d said her father."
    assert in_novel("emma.txt", said)
    assert ("Mr. Woodhouse", "father_of", "Emma Woodhouse") in _relations(view, said, context)
    # Two men heading the family: which one is her father, the names do not say.
    two = StoryContext(entities=[*context.entities, _person("Mr. Henry Woodhouse", "male"),
                                 _person("Sir John Woodhouse", "male")])
    assert not [r for r in _relations(view, said, two) if r[1] == "father_of"]


def test_a_rank_with_a_word_the_cast_bears_as_a_surname_heads_that_family(view: ViewOf) -> None:
    # "Lucas" is a given name too, so "Lady Lucas" read like "Lady Catherine" had headed no
    # family, and the Lucases had no couple: Charlotte's "My father" (P&P ch. 26) named nobody.
    lady = member("Lady Lucas", ["Lady Lucas"], "female", frozenset({"lucas"}))
    assert lady.heads == {"lucas"}
    assert not member("Lady Lucas", ["Lady Lucas"], "female").heads  # no Lucas in the cast
    catherine = member("Lady Catherine", ["Lady Catherine"], "female", frozenset({"lucas"}))
    assert not catherine.heads  # "Catherine" is nobody's surname: her given name
    said = "“My father and Maria are to come to me in March,” added Charlotte"
    assert in_novel("pride_and_prejudice.txt", said)
    assert ("Sir William Lucas", "father_of", "Charlotte Lucas") in _relations(view, said + ".")
