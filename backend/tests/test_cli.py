"""The CLI on real text: ingest a whole book file, export the bible, re-judge with the critic."""

from __future__ import annotations

import json

from sqlalchemy import text
from typer.testing import CliRunner

from continuum.cli import app
from continuum.db.engine import read_session
from continuum.pipeline.segment.books import split_book
from tests.documents_kit import HAND_MADE_TITLES, hand_made_docx

runner = CliRunner()


def words(text_: str) -> int:
    return sum(len(c.text.split()) for c in split_book(text_))


def test_ingest_export_critic_materialize(clean_db, shared_data, tmp_path) -> None:
    chapters_ = split_book((shared_data / "novels" / "alice_in_wonderland.txt").read_text("utf-8"))
    three = "\n\n".join(f"CHAPTER {roman}. {c.title}\n\n{c.text}"
                        for roman, c in zip(("I", "II", "III"), chapters_[:3], strict=False))
    path = tmp_path / "alice.txt"
    path.write_text(three, encoding="utf-8")

    result = runner.invoke(app, ["ingest", "--novel", "Alice", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == f"Read alice.txt: 3 chapters, {words(three):,} words"
    assert lines[1].startswith("Database: ")
    assert lines[2] == "Queued 3 chapters for \u201cAlice\u201d (new novel)"
    assert lines[-2].startswith("Done in ") and ": 3 chapters, " in lines[-2]
    assert "/novels/" in lines[-1]
    assert len(lines) <= 12, lines
    with read_session() as session:
        novel_id, chapters = session.execute(text(
            "SELECT n.id, count(c.number) FROM novels n JOIN chapters c ON c.novel_id = n.id "
            "GROUP BY n.id")).one()
    assert chapters == 3

    exported = runner.invoke(app, ["export", "--novel", str(novel_id), "--cap", "1"])
    assert exported.exit_code == 0, exported.output
    bible = json.loads(exported.stdout)
    assert "Alice" in json.dumps(bible)
    markdown = runner.invoke(app, ["export", "--novel", str(novel_id), "--format", "markdown"])
    assert markdown.exit_code == 0 and "Alice" in markdown.stdout

    for _ in range(2):
        judged = runner.invoke(app, ["critic", "--novel", str(novel_id)])
        assert judged.exit_code == 0, judged.output
    with read_session() as session:
        reports = session.execute(text(
            "SELECT chapter, count(*) FROM critique_reports GROUP BY chapter ORDER BY chapter")).all()
    assert [tuple(r) for r in reports] == [(1, 1), (2, 1), (3, 1)]

    assert runner.invoke(app, ["materialize", "--novel", str(novel_id)]).exit_code == 0
    assert runner.invoke(app, ["export", "--novel", "nope"]).exit_code != 0


def test_ingest_a_word_file_prints_its_phases_and_a_summary(clean_db, tmp_path) -> None:
    path = tmp_path / "lighthouse.docx"
    hand_made_docx(path)
    result = runner.invoke(app, ["ingest", "--novel", "Lighthouse", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0].startswith("Read lighthouse.docx: 3 chapters, ")
    assert lines[0].endswith("; left out untitled page, Acknowledgements")
    assert any(line.startswith("Read 3 chapters") for line in lines)
    assert any(line.startswith("Indexed 3 chapters for search") for line in lines), lines
    done = next(line for line in lines if line.startswith("Done in "))
    assert ": 3 chapters, 1 character, " in done and "continuity finding" in done
    assert "(readable after " in done and ", searchable after " in done
    assert len(lines) <= 9, lines
    assert not any("INFO" in line or "initdb" in line for line in lines)
    with read_session() as session:
        titles = session.execute(text("SELECT title FROM chapters ORDER BY number")).scalars().all()
    assert titles == HAND_MADE_TITLES
    with read_session() as session:
        indexed = session.execute(text("SELECT indexed_with FROM chapters")).scalars().all()
    assert indexed == ["mock:hash"] * 3
