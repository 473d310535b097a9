"""Shared eval helpers: content words, name index, docs section replacement."""

from __future__ import annotations

from pathlib import Path

from evals.common import Ent, NameIndex, content_words, mean, overlap, ratio, write_section


def test_content_words_drop_stop_words_and_stem_inflections() -> None:
    words = content_words("The Guild ledger had been forged")
    assert words == content_words("guild ledgers forged") and len(words) == 3
    assert content_words("forgery") == content_words("forged")
    assert content_words(None) == set()


def test_overlap_is_the_share_of_the_wanted_words() -> None:
    assert overlap("the Guild ledger was forged", "the ledger was forged") == 2 / 3
    assert overlap("the Guild ledger was forged", "Mara Finch was tired") == 0.0
    assert overlap("the", "anything") == 0.0  # nothing to match


def test_name_index_matches_names_and_aliases_normalized() -> None:
    index = NameIndex.build([
        Ent(id="a", name="Lantern Inn", type="location", aliases=("the Lantern",)),
        Ent(id="b", name="Tomas", type="character"),
        Ent(id="c", name="Tomas", type="location"),
    ])
    assert index.carriers("The Lantern Inn") == {"a"}
    assert index.carriers("the lantern") == {"a"}
    assert index.carriers("Tomas", "character") == {"b"}
    assert index.carriers("Tomas") == {"b", "c"}
    assert index.carries("a", ["The Lantern Inn"]) and not index.carries("b", ["Lantern Inn"])
    assert index.name_of("zzz") is None


def test_ratio_and_mean_skip_empty() -> None:
    assert ratio(1, 0) is None and ratio(1, 4) == 0.25
    assert mean([None, 1.0, 0.0]) == 0.5 and mean([None]) is None


def test_write_section_replaces_only_its_own_section(tmp_path: Path) -> None:
    doc = tmp_path / "EVALUATION.md"
    doc.write_text("# Evaluation\n\n## LitBank\n\nkeep me\n\n## Search\n\nold\n\n## Other\n\nx\n")
    write_section("## Search\n\nnew numbers\n", "## Search", doc)
    text = doc.read_text()
    assert "new numbers" in text and "old" not in text
    assert "keep me" in text and "## Other\n\nx" in text
    write_section("## Golden\n\ng\n", "## Golden", doc)
    assert doc.read_text().endswith("## Golden\n\ng\n")


def test_write_section_keeps_the_sections_history(tmp_path: Path) -> None:
    doc = tmp_path / "EVALUATION.md"
    doc.write_text("# Evaluation\n\n## Search\n\n| old table |\n\n**Session 2** it rose.\n\n"
                   "**Session 1** first.\n\n## Other\n\nx\n")
    write_section("## Search\n\n| new table |\n", "## Search", doc)
    text = doc.read_text()
    assert "| old table |" not in text
    assert "| new table |\n\n**Session 2** it rose.\n\n**Session 1** first.\n\n## Other" in text
    write_section("## Search\n\n| newer |\n", "## Search", doc)
    assert doc.read_text().count("**Session 2**") == 1


def test_canon_values_agree_by_number_or_containment() -> None:
    from evals.golden_canon import number_value, same_value

    assert number_value("twenty-three") == 23 and number_value("23") == 23
    assert number_value("forty") == 40 and number_value("nineteen") == 19
    assert number_value("grey") is None and number_value("twenty-twelve") is None
    assert same_value("twenty-three", "23") and not same_value("twenty-three", "24")
    assert same_value("clerk of the Harbour Guild", "clerk")
    assert same_value("grey", "Grey") and not same_value("grey", "blue")
    assert not same_value("grey", "")
