"""The trades and offices a person is said to follow: "the clergyman", "a blacksmith by
trade", "Mr. Collins, the rector"."""

from __future__ import annotations

from continuum.language.lexicon import words

OCCUPATIONS = words(
    """clergyman rector vicar curate parson priest minister chaplain doctor surgeon physician
    apothecary lawyer attorney solicitor barrister judge magistrate blacksmith smith innkeeper
    landlord publican sailor seaman mariner captain cook servant maid butler housekeeper
    governess tutor teacher schoolmaster schoolmistress merchant tradesman shopkeeper farmer
    soldier officer clerk banker baker butcher carpenter tailor coachman gardener steward
    pirate buccaneer squire milliner shepherd fisherman miner boatswain quartermaster coxswain
    gamekeeper bishop footman valet groom midshipman lieutenant colonel general admiral
    sergeant constable policeman detective inspector banker architect engineer artist painter
    poet writer author musician actor actress nurse midwife washerwoman laundress weaver
    miller mason cobbler shoemaker hatter saddler potter draper grocer chemist"""
)
