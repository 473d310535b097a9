"""Who a known fact says someone is: the identity the critic's knowledge check reads of every
fact the world holds."""

from __future__ import annotations

from continuum.pipeline.extract.heuristic.passes.fact_identities import FactIdentity, identity_of


def test_an_identity_with_its_kin_noun() -> None:
    assert identity_of("the stranger was his brother Ivo") == FactIdentity("Ivo", "brother")
    assert identity_of("the man in black is Ivo Marsh") == FactIdentity("Ivo Marsh", None)


def test_a_person_alive() -> None:
    assert identity_of("Ivo Marsh was alive") == FactIdentity("Ivo Marsh", None)
    assert identity_of(" Ivo is still living ") == FactIdentity("Ivo", None)


def test_a_fact_of_another_form_tells_no_identity() -> None:
    assert identity_of("the ledger was in the chapel") is None
    assert identity_of("Ivo Marsh was dead") is None
    assert identity_of("she had been lying to him") is None
