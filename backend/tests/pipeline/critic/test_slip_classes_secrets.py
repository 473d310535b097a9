"""Classes of author slip about the dead and about secret identities (no database; sentences
written for these tests, not taken from any draft set): a dead character's act dated in the
story's own day by a past perfect, a titled surname that can only mean the man whose identity
is secret, his kinship spoken of as a man alive and about, and knowing or realising in
narration who he is."""

from __future__ import annotations

import uuid

from continuum.language.prose import speeches
from continuum.pipeline.critic.checks import entity, knowledge
from continuum.pipeline.critic.claims import bind_claims
from continuum.pipeline.critic.recognisers.secrets import secrets_of
from continuum.pipeline.extract.schema import ChapterExtraction
from continuum.reads.world_state import Evidence, Known, WorldState

from .test_generalisation import FakeHistory, _entity, _event, _world, read_acts, with_read_records

# -- entity: a past perfect dated in the story's own day -----------------------------------------


def _dead_warden() -> tuple[WorldState, dict[str, uuid.UUID]]:
    world, ids = _world(("Agnes Hale", "character"), ("Pell", "character"))
    world.dead[ids["Agnes Hale"]] = Evidence(6, "Agnes Hale died on the bridge.")
    return world, ids


def _entity_findings(text: str) -> list[tuple[str, str]]:
    world, _ = _dead_warden()
    extraction = ChapterExtraction(new_entities=[_entity(text, "Agnes Hale", "Warden Hale",
                                                         "Agnes Hale"),
                                                 _entity(text, "Pell")])
    claims = bind_claims(text, read_acts(text, world, extraction), world, FakeHistory())  # type: ignore[arg-type]
    return [(f.severity, f.draft_quote or "") for f in entity.check(claims, world)]


def test_a_past_perfect_dated_today_is_an_act_after_the_death() -> None:
    for recent in ("Warden Hale had stamped the permit herself that morning, in green ink.",
                   "Warden Hale had stamped the permit only an hour before Pell arrived.",
                   "Warden Hale had stamped the permit yesterday and sent it down by cart."):
        text = "Pell unfolded the paper at the gate. " + recent
        found = _entity_findings(text)
        assert [s for s, _q in found] == ["FAIL"], recent
        assert found[0][1] == recent


def test_a_past_perfect_without_a_date_in_the_present_is_a_memory() -> None:
    for memory in ("Warden Hale had stamped the permit herself, in green ink.",
                   "Warden Hale had stamped the permit years before, in green ink.",
                   "Warden Hale had stamped every permit that year in green ink."):
        text = "Pell unfolded the paper at the gate. " + memory
        assert _entity_findings(text) == [], memory


# -- knowledge: the forms a secret identity is given away in -------------------------------------


def _secret_world() -> tuple[WorldState, dict[str, uuid.UUID]]:
    world, ids = _world(("Nils Brand", "character"), ("Karl Brand", "character"),
                        ("Greta Holm", "character"), ("Olaf Holm", "character"))
    world.knowledge.append(Known(ids["Karl Brand"], "the ferryman was his brother Nils", "k1",
                                 Evidence(8, "Karl saw at last that the ferryman was his brother Nils.")))
    world.knowledge.append(Known(ids["Greta Holm"], "the ferryman was Nils Brand", "k2",
                                 Evidence(9, "Greta knew that the ferryman was Nils Brand.")))
    return world, ids


def _knowledge(text: str, *entities: tuple[str, ...]) -> list[tuple[str, str]]:
    world, _ = _secret_world()
    extraction = with_read_records(
        ChapterExtraction(new_entities=[_entity(text, e[0], *e[1:]) for e in entities]), text, world)
    claims = bind_claims(text, extraction, world, FakeHistory())  # type: ignore[arg-type]
    return [(f.severity, f.message) for f in knowledge.check(claims, world)]


def test_the_secret_records_the_kinship_it_states() -> None:
    world, ids = _secret_world()
    found = secrets_of(world)
    assert list(found) == ["Nils Brand"]
    assert found["Nils Brand"].knowers == {ids["Karl Brand"], ids["Greta Holm"]}
    assert found["Nils Brand"].kin == {"brother": {ids["Karl Brand"]}}


def test_a_titled_surname_nobody_else_in_the_draft_bears() -> None:
    text = ('The ferry bumped against the jetty and the ferryman threw the rope.\n\n'
            '"Thank you kindly, Mr. Brand," said Olaf Holm, and stepped ashore.')
    found = _knowledge(text, ("Olaf Holm",))
    assert [s for s, _m in found] == ["WARN"] and found[0][1].startswith("Olaf Holm names Nils Brand")
    # with Karl Brand in the scene, "Mr. Brand" may be him
    with_karl = "Karl Brand was mending nets on the jetty. " + text
    assert _knowledge(with_karl, ("Olaf Holm",), ("Karl Brand", "Karl Brand")) == []
    # someone who has learned it may say it
    greta = text.replace("said Olaf Holm", "said Greta Holm")
    assert _knowledge(greta, ("Greta Holm",)) == []


def test_a_kinship_spoken_of_as_a_man_alive_and_about() -> None:
    text = ('Karl came into the mill at noon.\n\n"Your brother left this coat on my bench '
            'yesterday," said Olaf Holm. "Give it to him when you cross."')
    found = _knowledge(text, ("Olaf Holm",), ("Karl Brand", "Karl"))
    assert [s for s, _m in found] == ["WARN"]
    assert "as 'Your brother', alive and about" in found[0][1]


def test_a_kinship_in_memory_or_without_the_relative_is_silent() -> None:
    memory = ('Karl came into the mill at noon.\n\n"Your brother used to sit on that bench for '
              'hours," said Olaf Holm.')
    assert _knowledge(memory, ("Olaf Holm",), ("Karl Brand", "Karl")) == []
    nobody = ('Greta came into the mill at noon.\n\n"Your brother left this coat on my bench '
              'yesterday," said Olaf Holm.')
    assert _knowledge(nobody, ("Olaf Holm",), ("Greta Holm", "Greta")) == []


def test_knowing_in_narration_who_he_is() -> None:
    knew = "Olaf Holm knew now that the quiet ferryman with the scarred hands was Nils Brand."
    assert [s for s, _m in _knowledge(knew, ("Olaf Holm",), ("Nils Brand",))] == ["FAIL"]
    realised = "Halfway across, Olaf Holm realised that the ferryman was Nils."
    assert [s for s, _m in _knowledge(realised, ("Olaf Holm",), ("Nils Brand", "Nils"))] == ["WARN"]


def test_knowing_is_silent_when_denied_public_or_already_learned() -> None:
    for text, who in (("Olaf Holm did not know that the ferryman was Nils Brand.", "Olaf Holm"),
                      ("Olaf Holm knew that Nils Brand had drowned off the point.", "Olaf Holm"),
                      ("Greta Holm knew now that the ferryman was Nils Brand.", "Greta Holm")):
        assert _knowledge(text, (who,), ("Nils Brand",)) == [], text


def test_knowing_after_a_telling_on_the_page_is_only_a_warn() -> None:
    text = ("Greta told her father everything in the boathouse.\n\n"
            "Olaf Holm knew now that the ferryman was Nils Brand.")
    assert [s for s, _m in _knowledge(text, ("Olaf Holm",), ("Nils Brand",),
                                      ("Greta Holm", "Greta"))] == ["WARN"]


def test_thinking_of_him_as_alive_in_a_modal_clause() -> None:
    for text in ("Olaf Holm would not charge a penny for the crossing to Nils Brand; the river had "
                 "kept him long enough.",
                 "Olaf Holm carved two letters into the oar, so that Nils would know whose it was."):
        found = _knowledge(text, ("Olaf Holm",), ("Nils Brand", "Nils", "Nils Brand"))
        assert [s for s, _m in found] == ["WARN"], text
        assert "as if Nils Brand were alive and about" in found[0][1]


def test_remembering_him_or_a_counterfactual_is_silent() -> None:
    for text in ("Olaf Holm remembered how Nils Brand had rowed the ferry every spring.",
                 "Olaf Holm thought that Nils Brand would have laughed at the new boat.",
                 "Greta Holm would not charge a penny for the crossing to Nils Brand."):
        assert _knowledge(text, ("Olaf Holm",), ("Greta Holm",), ("Nils Brand",)) == [], text


def test_a_spoken_kinship_identity_of_someone_out_there() -> None:
    text = ('Olaf Holm shaded his eyes at the ferry.\n\n"That is my son-in-law\'s brother out there, '
            'Piet," said Olaf Holm.')
    found = _knowledge(text, ("Olaf Holm",))
    assert [s for s, _m in found] == ["WARN"]
    own = text.replace("my son-in-law's brother", "my brother")
    assert _knowledge(own, ("Olaf Holm",)) == []


def test_a_quote_after_a_narrated_action_is_spoken_by_its_actor() -> None:
    text = ('"Evening, Piet."\n\nOlaf Holm climbed onto the bench to see the river.\n\n'
            '"Tell me, Piet. Does Nils Brand still cross at dawn?"')
    assert [s.speaker for s in speeches(text)][-1] == "Olaf Holm"
    found = _knowledge(text, ("Olaf Holm",), ("Nils Brand",))
    assert [s for s, _m in found] == ["WARN"] and found[0][1].startswith("Olaf Holm names Nils Brand")


# -- entity: lifetime clauses, a voice, a short first name ----------------------------------------


def test_a_relative_clause_or_a_clause_bounded_by_the_death_is_her_lifetime() -> None:
    world, ids = _dead_warden()
    for text in ("The plaque named Warden Hale, who kept the bridge from the year of the flood "
                 "until the day she died.",
                 "Pell thought of Warden Hale, who guarded the gate for twenty years."):
        extraction = ChapterExtraction(
            new_entities=[_entity(text, "Agnes Hale", "Warden Hale"), _entity(text, "Pell")],
            events=[_event(text, text, "Agnes Hale", "keep" if "kept" in text else "guard", "")])
        claims = bind_claims(text, read_acts(text, world, extraction), world, FakeHistory())  # type: ignore[arg-type]
        assert [f.severity for f in entity.check(claims, world)] == [], text


def test_the_voice_of_the_dead_acting_now_is_a_warn() -> None:
    acting = "Pell rowed hard. Warden Hale's voice rang out from the end of the bridge, calling him in."
    assert [s for s, _q in _entity_findings(acting)] == ["WARN"]
    memory = "Pell rowed hard. Warden Hale's voice came back to him, calling him in."
    assert _entity_findings(memory) == []


def test_a_one_letter_slip_in_a_short_first_name() -> None:
    world, _ = _world(("Ivo Marsh", "character"))

    def found(text: str, name: str) -> list[tuple[str, str | None]]:
        extraction = ChapterExtraction(new_entities=[_entity(text, name, type_="location")])
        claims = bind_claims(text, extraction, world, FakeHistory())  # type: ignore[arg-type]
        return [(f.severity, f.draft_quote) for f in entity.check(claims, world)]

    assert found("Ivor Marsh drew the window on the wall.", "Ivor Marsh") == [("WARN", "Ivor Marsh")]
    assert found("Ian Marsh drew the window on the wall.", "Ian Marsh") == []


# -- entity: how sure the death on record is, and how the act names the dead -----------------------

def _dead_by(evidence: str, text: str, *events: tuple[str, str]) -> list[str]:
    world, _ = _world(("Agnes Hale", "character"), ("Pell", "character"))
    world.dead[next(i for i, n in world.names.items() if n.name == "Agnes Hale")] = Evidence(6, evidence)
    extraction = ChapterExtraction(
        new_entities=[_entity(text, "Agnes Hale", "Agnes Hale", "Warden Hale", "she"), _entity(text, "Pell")],
        events=[_event(text, quote, "Agnes Hale", verb, "") for quote, verb in events])
    claims = bind_claims(text, read_acts(text, world, extraction), world, FakeHistory())  # type: ignore[arg-type]
    return [f.severity for f in entity.check(claims, world)]


def test_an_act_after_a_death_on_record_by_name_fails() -> None:
    text = "Pell opened the gate. Warden Hale stamped the permit in green ink."
    assert _dead_by("Agnes Hale died on the bridge.", text) == ["FAIL"]


def test_an_act_after_a_death_read_from_a_pronoun_is_a_warn() -> None:
    # the world's death came from "She was stone dead", resolved by the extractor: it may be wrong
    text = "Pell opened the gate. Warden Hale stamped the permit in green ink."
    assert _dead_by("She was stone dead.", text) == ["WARN"]


def test_an_extracted_act_by_a_pronoun_is_a_warn() -> None:
    text = "Pell opened the gate. Then she stamped the permit in green ink."
    assert _dead_by("Agnes Hale died on the bridge.", text,
                    ("she stamped the permit", "stamp")) == ["WARN"]
    text = "Pell opened the gate. Then Agnes Hale stamped the permit in green ink."
    assert "FAIL" in _dead_by("Agnes Hale died on the bridge.", text,
                              ("Agnes Hale stamped the permit", "stamp"))


def test_a_pronouns_act_after_a_death_read_from_a_pronoun_is_not_reported() -> None:
    # both readings are the pronoun resolver's guesses ("He was stone dead" ... "he moved"):
    # Treasure Island drew fourteen such WARNs, none of them true
    text = "Pell opened the gate. Then she stamped the permit in green ink."
    assert _dead_by("She was stone dead.", text, ("she stamped the permit", "stamp")) == []
    assert _dead_by("Agnes Hale died on the bridge.", text,
                    ("she stamped the permit", "stamp")) == ["WARN"]
