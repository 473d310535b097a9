"""Abbreviations written with a period that ends no sentence: the titles worn short before a
name ("Mr.", "Capt."), the name forms whose period is optional ("Mr Bennet" is "Mr. Bennet"),
and everything the sentence splitter reads on past ("e.g.", "Messrs.")."""

from __future__ import annotations

from continuum.language.lexicon import words

# Titles written short before a name: "Mr. Darcy", "Capt. Smollett", "St. John".
TITLE_ABBREVIATIONS = words("mr mrs ms dr st capt col gen lt sgt prof rev")
# Abbreviations a name may be written with or without their period: the titles, "Mme.",
# "Mlle.", and the "Jr." or "Sr." after one.
NAME_ABBREVIATIONS = TITLE_ABBREVIATIONS | words("mme mlle jr sr")
# Abbreviations whose period never ends a sentence: titles that precede or follow a name, and
# the Latin signposts (e.g., i.e., viz., cf., vs.) that always lead on to more of the sentence.
NEVER_FINAL = NAME_ABBREVIATIONS | words(
    """messrs mmes mlles mssrs revd cpl pvt maj adm cmdr comdr lieut hon gov sen rep fr supt
    insp rt mt e.g i.e viz cf vs"""
)
