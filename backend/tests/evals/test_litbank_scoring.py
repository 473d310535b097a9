"""LitBank scoring on a tiny hand-made document, so a scoring bug fails here, not in the report."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from evals.litbank import (
    SECTION,
    Counts,
    Gold,
    GoldMention,
    Prediction,
    PredMention,
    read_gold,
    score_document,
    write_section,
)

# "Mr. Darcy met Jane. Darcy smiled at her. He left Netherfield for London. Bob stayed."
#  0         10        20        30        40        50        60        70        80
TEXT = "Mr. Darcy met Jane. Darcy smiled at her. He left Netherfield for London. Bob stayed."


def span(surface: str, nth: int = 0) -> tuple[int, int]:
    start = -1
    for _ in range(nth + 1):
        start = TEXT.index(surface, start + 1)
    return start, start + len(surface)


def gold_mention(mid: str, surface: str, etype: str, kind: str, chain: str, nth: int = 0) -> GoldMention:
    start, end = span(surface, nth)
    return GoldMention(mid, start, end, surface, etype, kind, chain)


GOLD = Gold(
    mentions=[
        gold_mention("T1", "Mr. Darcy", "PER", "PROP", "darcy"),
        gold_mention("T2", "Darcy", "PER", "PROP", "darcy", nth=1),
        gold_mention("T3", "He", "PER", "PRON", "darcy"),
        gold_mention("T4", "Jane", "PER", "PROP", "jane"),
        gold_mention("T5", "her", "PER", "PRON", "jane"),
        gold_mention("T6", "Bob", "PER", "PROP", "bob"),  # never predicted: a recall miss
        gold_mention("T7", "Netherfield", "FAC", "PROP", "netherfield"),
        gold_mention("T8", "London", "GPE", "PROP", "london"),
    ],
    entity_spans={
        "PER": [span("Mr. Darcy"), span("Darcy", 1), span("Jane"), span("Bob")],
        "FAC": [span("Netherfield")],
        "GPE": [span("London")],
    },
)


def pred(surface: str, key: str, kind: str = "name", nth: int = 0) -> PredMention:
    start, end = span(surface, nth)
    return PredMention(start, end, key, kind, surface)


def test_scores_a_hand_made_document() -> None:
    prediction = Prediction(
        mentions=[
            pred("Darcy", "Darcy"),  # inside "Mr. Darcy": overlap is enough
            pred("Darcy", "Darcy", nth=1),
            pred("Jane", "Darcy"),  # wrongly merged with Darcy
            pred("her", "Darcy", kind="pronoun"),  # Jane's chain is matched to the cluster Darcy
            pred("He", "Darcy", kind="pronoun"),
            pred("met", "Met"),  # a spurious character overlapping no PER span
            pred("Netherfield", "Netherfield"),
            pred("stayed", "Stayed"),  # a spurious location
        ],
        types={"Darcy": "character", "Met": "character", "Netherfield": "location", "Stayed": "location"},
    )
    c = score_document(GOLD, prediction)
    # Characters: darcy and jane found, bob missed; predicted Darcy is right, Met is not.
    assert (c.char_found, c.char_gold) == (2, 3)
    assert (c.char_pred_ok, c.char_pred) == (1, 2)
    # Pairs over matched PROP_PER mentions T1, T2, T4: gold-same {T1,T2}; predicted-same all three.
    assert (c.pair_tp, c.pair_pred, c.pair_gold) == (1, 3, 1)
    # Locations: Netherfield found, London missed; Stayed overlaps no FAC/GPE/LOC span.
    assert (c.loc_found, c.loc_gold, c.loc_pred_ok, c.loc_pred) == (1, 2, 1, 2)
    # Pronouns in chains with a PROP_PER mention: T3 (darcy) and T5 (jane) both go to Darcy,
    # the cluster each chain is matched to (Jane was merged into it): 2 of 2.
    assert (c.pron_correct, c.pron_total) == (2, 2)
    m = c.metrics()
    assert m["char_recall"] == pytest.approx(2 / 3)
    assert m["char_precision"] == pytest.approx(0.5)
    assert m["alias_f1"] == pytest.approx(2 * (1 / 3) * 1.0 / (1 / 3 + 1.0))
    assert m["loc_recall"] == pytest.approx(0.5)
    assert c.errors["missed_char"] == ["Bob"]
    assert c.errors["bad_char"] == ["Met"]


def test_split_clusters_lose_alias_recall_and_unresolved_pronouns_count_as_wrong() -> None:
    prediction = Prediction(
        mentions=[pred("Darcy", "Mr. Darcy"), pred("Darcy", "Darcy", nth=1), pred("Jane", "Jane")],
        types={"Mr. Darcy": "character", "Darcy": "character", "Jane": "character"},
    )
    c = score_document(GOLD, prediction)
    assert (c.pair_tp, c.pair_pred, c.pair_gold) == (0, 0, 1)
    assert c.metrics()["alias_f1"] == 0.0
    assert (c.pron_correct, c.pron_total) == (0, 2)
    assert c.metrics()["char_precision"] == 1.0


def test_pronoun_precision_counts_a_named_persons_pronoun_given_to_someone_unnamed_as_wrong() -> None:
    # "He" is a man the text never names (his chain has no PROP_PER mention): linked to
    # Darcy it is wrong for precision, and accuracy never sees it; "her" linked to Jane's
    # cluster is right; an unresolved pronoun is in neither count.
    gold = Gold(mentions=[*(m for m in GOLD.mentions if m.id != "T3"),
                          gold_mention("T3", "He", "PER", "PRON", "stranger")],
                entity_spans=GOLD.entity_spans)
    linked = Prediction(
        mentions=[pred("Darcy", "Darcy"), pred("Jane", "Jane"), pred("her", "Jane", kind="pronoun"),
                  pred("He", "Darcy", kind="pronoun")],
        types={"Darcy": "character", "Jane": "character"},
    )
    c = score_document(gold, linked)
    assert (c.pron_linked_ok, c.pron_linked) == (1, 2)
    assert (c.pron_correct, c.pron_total) == (1, 1)
    assert c.metrics()["pronoun_precision"] == pytest.approx(0.5)
    unresolved = Prediction(mentions=[m for m in linked.mentions if m.text != "He"], types=linked.types)
    c = score_document(gold, unresolved)
    assert (c.pron_linked_ok, c.pron_linked) == (1, 1)
    assert (c.pron_correct, c.pron_total) == (1, 1)


def test_a_narrator_named_in_a_third_person_document_is_wrong() -> None:
    prediction = Prediction(mentions=[pred("Darcy", "Darcy")], types={"Darcy": "character"},
                            first_person=True, narrator="Darcy")
    c = score_document(GOLD, prediction)
    assert (c.fp_gold, c.fp_pred, c.fp_pred_ok) == (0, 1, 0)
    assert (c.narrator_gold, c.narrator_pred, c.narrator_pred_ok) == (0, 1, 0)
    assert c.metrics()["narrator_precision"] == 0.0


def test_counts_add_up_for_micro_averages() -> None:
    a = Counts(char_gold=3, char_found=2, pair_tp=1, pair_pred=2, pair_gold=1)
    b = Counts(char_gold=1, char_found=1, pair_tp=1, pair_pred=1, pair_gold=3)
    total = a + b
    assert (total.char_gold, total.char_found) == (4, 3)
    assert total.metrics()["alias_f1"] == pytest.approx(2 * (2 / 3) * (2 / 4) / (2 / 3 + 2 / 4))


def test_reads_brat_chains_and_entity_layer(tmp_path: Path) -> None:
    coref, entities = tmp_path / "coref", tmp_path / "entities"
    coref.mkdir()
    entities.mkdir()
    (coref / "doc.ann").write_text(
        "T1\tPROP_PER 0 9\tMr. Darcy\nT2\tPRON_PER 41 43\tHe\nT3\tPROP_FAC 49 60\tNetherfield\n"
        "R1\tcop Arg1:T1 Arg2:T2\n",
        encoding="utf-8",
    )
    (coref / "doc.chains.tsv").write_text(
        "MENTION\tT1\t0\t0\t0\t1\tMr. Darcy\tPER\tPROP\nCOREF\tT1\tdarcy-1\nCOREF\tT2\tdarcy-1\n",
        encoding="utf-8",
    )
    (coref / "doc.txt").write_text(TEXT, encoding="utf-8")
    (entities / "doc.ann").write_text(
        "T1\tPER 0 9\tMr. Darcy\nT9\tFAC 49 60\tNetherfield\n", encoding="utf-8"
    )
    gold = read_gold(coref, entities, "doc")
    by_id = {m.id: m for m in gold.mentions}
    assert (by_id["T1"].kind, by_id["T1"].etype, by_id["T1"].chain) == ("PROP", "PER", "darcy-1")
    assert by_id["T2"].chain == "darcy-1"
    assert by_id["T3"].chain == "single:T3"  # no COREF row: a chain of its own
    assert gold.entity_spans == {"PER": [(0, 9)], "FAC": [(49, 60)]}
    assert gold.narrator_chain is None


# "I, Tom Pryor, kept the mill. ..." told by Tom, who is named once, in apposition to "I".
TOLD = "I, Tom Pryor, kept the mill. " + " ".join(["I worked, and my boy helped me."] * 5) + \
    " \u201cI am tired,\u201d said Ann."


def test_a_document_told_by_i_has_a_narrator_chain_and_appositions_join_it(tmp_path: Path) -> None:
    coref, entities = tmp_path / "coref", tmp_path / "entities"
    coref.mkdir()
    entities.mkdir()
    (coref / "doc.txt").write_text(TOLD, encoding="utf-8")
    lines, chains = [], []
    for n, m in enumerate(re.finditer(r"\b(?:I|my|me)\b", TOLD), start=1):
        lines.append(f"T{n}\tPRON_PER {m.start()} {m.end()}\t{m.group()}")
        quoted = m.start() > TOLD.index("\u201c")
        chains.append(f"COREF\tT{n}\t{'ann-2' if quoted else 'tom-1'}")
    tom = TOLD.index("Tom Pryor")
    lines.append(f"T99\tPROP_PER {tom} {tom + 9}\tTom Pryor")
    chains.append("APPOS\tT99\tT1")  # no COREF row of its own: the apposition places it
    (coref / "doc.ann").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (coref / "doc.chains.tsv").write_text("\n".join(chains) + "\n", encoding="utf-8")
    (entities / "doc.ann").write_text(f"T1\tPER {tom} {tom + 9}\tTom Pryor\n", encoding="utf-8")
    gold = read_gold(coref, entities, "doc")
    assert {m.id: m.chain for m in gold.mentions}["T99"] == "tom-1"
    assert gold.narrator_chain == "tom-1"  # 16 of the narration's I/my/me; Ann's "I" is quoted

    def told_by(narrator: str | None, first_person: bool = True) -> Counts:
        mentions = [PredMention(tom, tom + 9, "Tom Pryor", "name")]
        return score_document(gold, Prediction(mentions, {"Tom Pryor": "character"},
                                                first_person=first_person, narrator=narrator))

    right = told_by("Tom Pryor")
    assert (right.fp_found, right.fp_gold, right.fp_pred_ok, right.fp_pred) == (1, 1, 1, 1)
    assert (right.narrator_found, right.narrator_gold, right.narrator_pred_ok,
            right.narrator_pred) == (1, 1, 1, 1)
    wrong = told_by("Ann")
    assert (wrong.narrator_found, wrong.narrator_pred_ok, wrong.narrator_pred) == (0, 0, 1)
    assert wrong.errors["bad_narrator"] == ["Ann"]
    unnamed = told_by(None)
    assert (unnamed.narrator_found, unnamed.narrator_gold, unnamed.narrator_pred) == (0, 1, 0)
    missed = told_by(None, first_person=False)
    assert (missed.fp_found, missed.fp_gold, missed.fp_pred) == (0, 1, 0)


def test_write_section_replaces_only_its_own_section(tmp_path: Path) -> None:
    doc = tmp_path / "EVALUATION.md"
    doc.write_text(
        f"# Evaluation\n\n## Golden\n\nkeep me\n\n{SECTION}\n\nold numbers\n\n## Search\n\nkeep too\n"
    )
    write_section(doc, f"{SECTION}\n\nnew numbers\n")
    text = doc.read_text()
    assert "old numbers" not in text and "new numbers" in text
    assert "keep me" in text and "keep too" in text
    assert text.index("## Golden") < text.index(SECTION) < text.index("## Search")
    fresh = tmp_path / "NEW.md"
    write_section(fresh, f"{SECTION}\n\nfirst\n")
    assert fresh.read_text().count(SECTION) == 1
