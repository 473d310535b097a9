"""Golden fixture eval of the write spine: *The Saltmere Ledger* scored cap by cap.

Ingests the ten golden chapters through `analyze_chapter` (offline extractor; MiniLM
embeddings, or `mock:hash` with `--mock-embeddings`), locks the canon facts the key marks
locked, then scores what the read layer shows at every cap 1..10 against the answer key
(rules in `evals/golden_scoring.py`). Prints a table per cap and the averages, writes them
to docs/EVALUATION.md and every miss to var/eval-golden-errors.json.

`--fixture golden2` scores the second fixture instead (*The Kessel Peak Comet*, written
without reading the extractor, measured unseen, then used in session 4 to tune it): its own
database (var/eval-golden2), its own section of docs/EVALUATION.md ("Golden fixture 2 (tuned
on since session 4)") and its own var/eval-golden2-errors.json, with the same scorer.
`--fixture golden3` scores its successor the same way (*The Marchbank Pearls*, written without
reading the extractor and never used to tune it; var/eval-golden3, "Golden fixture 3
(unseen)", var/eval-golden3-errors.json).

Usage: `python -m evals.golden [--fixture golden|golden2|golden3] [--mock-embeddings]
[--fresh] [--no-write]` from the repo root.
"""

from __future__ import annotations

import argparse
import sys
import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from evals.common import (
    GOLDEN,
    MINILM,
    MOCK,
    VAR,
    Ent,
    GoldenIngest,
    NameIndex,
    fixture_dir,
    fmt,
    golden_chapters,
    ingest_golden,
    load_key,
    mean,
    norm_name,
    write_json,
    write_section,
)
from evals.golden_scoring import (
    CATEGORIES,
    TARGETED,
    CapScore,
    Miss,
    Placement,
    Rel,
    Snapshot,
    Tally,
    score_cap,
)

SECTION = "## Golden fixture (write spine)"
ERRORS = VAR / "eval-golden-errors.json"
SECTION2 = "## Golden fixture 2 (tuned on since session 4)"
ERRORS2 = VAR / "eval-golden2-errors.json"
SECTION3 = "## Golden fixture 3 (unseen)"
ERRORS3 = VAR / "eval-golden3-errors.json"
TARGET = 0.9
LABELS = {"characters": "chars", "aliases": "aliases", "char_precision": "char P",
          "locations": "where", "possessions": "holder", "knowledge": "knows",
          "rel_recall": "rel R", "rel_precision": "rel P", "threads": "threads",
          "identity": "identity"}




@dataclass(frozen=True)
class Fixture:
    """A golden fixture the eval can score: its directory name (also the name of its eval
    database), its section of docs/EVALUATION.md, its diagnostics file and how the section
    introduces it."""

    name: str
    section: str
    errors: Path
    intro: str

    @property
    def path(self) -> Path:
        return fixture_dir(self.name)


_RUN_AND_ERRORS = (
    "every cap 1..10 is scored against `answer_key.json` through the read layer. Run: "
    "`python -m evals.golden{flag}` (`--mock-embeddings` for speed); every miss, with the "
    "key's evidence sentence and what the extractor stored for it, goes to `var/{errors}`.")

FIXTURES = {
    "golden": Fixture("golden", SECTION, ERRORS, (
        "*The Saltmere Ledger* (`evals/fixtures/golden/`): ten chapters ingested in order "
        "through `analyze_chapter` with the offline extractor and `{embedding}` embeddings "
        "({seconds:.0f} s of ingest); the stored canon facts the key marks locked are then "
        "locked, as an author would; " + _RUN_AND_ERRORS.format(
            flag="", errors="eval-golden-errors.json"))),
    "golden2": Fixture("golden2", SECTION2, ERRORS2, (
        "*The Kessel Peak Comet* (`evals/fixtures/golden2/`): an observatory novella written "
        "from the key conventions and this scorer without reading the extractor's code or tests. "
        "Measured unseen at where 0.09, holder 0.10, knows 0.59, threads 0.00, identity 0.28 "
        "(mean over caps), then used in session 4 to make the extractor's location, possession "
        "and thread rules more general, so it no longer measures generalisation; golden fixture "
        "3 does. Ten chapters "
        "ingested in order through `analyze_chapter` with the offline extractor and "
        "`{embedding}` embeddings ({seconds:.0f} s of ingest) into their own database "
        "(`var/eval-golden2`); the stored canon facts the key marks locked are then locked; "
        + _RUN_AND_ERRORS.format(flag=" --fixture golden2",
                                 errors="eval-golden2-errors.json"))),
    "golden3": Fixture("golden3", SECTION3, ERRORS3, (
        "*The Marchbank Pearls* (`evals/fixtures/golden3/`), the unseen fixture: a "
        "touring-theatre novella written in session 4 from the key conventions and this scorer "
        "without reading the extractor's code or tests, and never used to tune it, so it measures "
        "how the rules carry to a book they have not seen (first measured, before that session's "
        "extractor round on golden fixture 2, at where 0.30, holder 0.03, threads 0.43, identity "
        "0.23). Ten chapters ingested in order "
        "through `analyze_chapter` with the offline extractor and `{embedding}` embeddings "
        "({seconds:.0f} s of ingest) into their own database (`var/eval-golden3`); the stored "
        "canon facts the key marks locked are then locked; "
        + _RUN_AND_ERRORS.format(flag=" --fixture golden3",
                                 errors="eval-golden3-errors.json"))),
}
_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(n: int) -> str:
    return _COUNTS[n] if n < len(_COUNTS) else str(n)


def columns_text(key: dict[str, Any]) -> str:
    """The paragraph explaining the columns, with the key's own counts and identity rules."""
    rules = []
    if key.get("nickname"):
        rules.append(f"nickname ({key['nickname']['alias']})")
    if key.get("identity_reveal"):
        rev = key["identity_reveal"]
        rules.append(f"hidden identity ({rev['surface']} / {rev['character']})")
    if key.get("ambiguous_first_names"):
        names = ", ".join(a["surface"] for a in key["ambiguous_first_names"])
        rules.append(f"ambiguous-name ({names})")
    joined = "the " + (", ".join(rules[:-1]) + " and " + rules[-1] if len(rules) > 1
                       else "".join(rules) or "no identity")
    return (
        "Each cell is hits/items at that cap; **mean** is the mean of the per-cap scores. "
        "Columns: *chars* character recall (full name or an alias only that character has); "
        "*aliases* each such name used in the text by the cap resolves to that character's "
        "one entity and no other; *char P* character entities that carry a key name (report "
        f"only); *where* location of the {_count(len(key['location_at_end_of_chapter']))} "
        "main characters at the end of the chapter "
        "(`null` right when we have none); *holder* holder of the "
        f"{_count(len(key['holder_at_end_of_chapter']))} objects; *knows* "
        "recall of key knowledge learned by the cap (a knows-edge of the knower by the cap "
        "covering ≥ 50 % of the key fact's content words; recall only, false knowledge is "
        "the *leaks* column: a secret credited to a character the key says does not know it "
        "yet); *rel R* key relationships in force at the cap found with a compatible type "
        "(either direction when symmetric); *rel P* our relationships in force between "
        "characters that match one, or that the key's rows in force entail by kinship (a "
        "spouse's sibling or parent is an in-law, a parent's sibling an aunt or uncle, as "
        "the whole-book scorer counts them); *threads* open/closed status of the "
        f"{_count(len(key['threads']))} key threads "
        f"matched by name words; *identity* {joined} rules.")


def load_snapshot(session: Any, novel_id: uuid.UUID, cap: int,
                  mentions: dict[tuple[int, str], set[str]]) -> Snapshot:
    """What the read layer shows at a cap, in the scorer's shape."""
    from continuum.reads.entities import list_entities
    from continuum.reads.entity_state import get_entity_state
    from continuum.reads.relationships import list_relationships
    from continuum.reads.threads import list_threads

    entities = list_entities(session=session, novel_id=novel_id, cap=cap)
    snap = Snapshot(cap=cap, index=NameIndex.build(
        Ent(id=str(e.id), name=e.name, type=e.type, aliases=tuple(e.aliases),
            first_chapter=e.first_chapter, mentions=e.mention_count) for e in entities))
    for e in entities:
        if e.type == "location":
            continue
        state = get_entity_state(session=session, novel_id=novel_id, cap=cap, entity_id=e.id)
        if state is None:
            continue
        if state.location is not None:
            snap.location[str(e.id)] = Placement(str(state.location.entity.id),
                                                 state.location.since)
        if state.holder is not None:
            snap.holder[str(e.id)] = Placement(str(state.holder.entity.id), state.holder.since)
        if state.knowledge:
            snap.knowledge[str(e.id)] = [(k.fact, k.chapter) for k in state.knowledge]
    snap.relationships = [
        Rel(source=str(r.source.id), target=str(r.target.id), type=r.type,
            symmetric=r.symmetric, from_chapter=r.from_chapter, evidence=r.evidence_quote)
        for r in list_relationships(session=session, novel_id=novel_id, cap=cap)]
    snap.threads = [(t.name, t.status)
                    for t in list_threads(session=session, novel_id=novel_id, cap=cap)]
    joins = _joins(session, novel_id, cap)
    snap.mentions = {k: {joins.get(e, e) for e in v} for k, v in mentions.items() if k[0] <= cap}
    return snap


def all_mentions(session: Any, novel_id: uuid.UUID) -> dict[tuple[int, str], set[str]]:
    """(chapter, normalized mention text) → linked entity ids, for the identity rules."""
    from sqlalchemy import text

    out: dict[tuple[int, str], set[str]] = {}
    for r in session.execute(text("SELECT chapter, text, entity_id FROM entity_mentions "
                                  "WHERE novel_id = :n"), {"n": novel_id}):
        out.setdefault((r.chapter, norm_name(r.text)), set()).add(str(r.entity_id))
    return out


def _joins(session: Any, novel_id: uuid.UUID, cap: int) -> dict[str, str]:
    """Twin → the person it was joined into by the cap: a twin's mentions are the person's
    from then on, as on the person's page (`reads.entities.get_entity`)."""
    from sqlalchemy import text

    return {str(t): str(p) for t, p in session.execute(text(
        "SELECT id, joined_into FROM entities WHERE novel_id = :n AND joined_chapter <= :cap"),
        {"n": novel_id, "cap": cap})}


def _name(entity_id: str) -> str:
    """Scalar subquery: an entity's latest name."""
    return (f"(SELECT ev.name FROM entity_versions ev WHERE ev.novel_id = :n "
            f"AND ev.entity_id = {entity_id} ORDER BY ev.chapter DESC LIMIT 1)")


def _overlaps(alias: str, start: str = "evidence_start", end: str = "evidence_end") -> str:
    return f"{alias}.novel_id = :n AND {alias}.{start} < :e AND {alias}.{end} > :s"


# What the extractor made of a sentence: one query per table, rows overlapping its span.
_EXTRACTED = {
    "mention": f"""SELECT m.text || ' → ' || v.name || ' (' || v.type || ')' AS line
                     FROM entity_mentions m, LATERAL (SELECT name, type FROM entity_versions ev
                          WHERE ev.novel_id = m.novel_id AND ev.entity_id = m.entity_id
                          ORDER BY ev.chapter DESC LIMIT 1) v
                    WHERE m.chapter = :c AND {_overlaps('m', 'start_offset', 'end_offset')}
                    ORDER BY m.start_offset""",
    "delta": f"""SELECT d.kind || ': ' || coalesce({_name('d.subject_id')}, '?') || ' → '
                        || coalesce({_name('d.object_id')}, d.value, '-') AS line
                   FROM state_deltas d WHERE d.chapter = :c AND {_overlaps('d')}
                  ORDER BY d.ordinal""",
    "knows": f"""SELECT coalesce({_name('k.knower_id')}, '?') || ' knows '
                        || quote_literal(k.fact) || ' (' || k.how || ')' AS line
                   FROM knows_edges k WHERE k.chapter = :c AND {_overlaps('k')}""",
    "relationship": f"""SELECT coalesce({_name('r.source_id')}, '?') || ' ' || r.type || ' '
                               || coalesce({_name('r.target_id')}, '?') AS line
                          FROM relationships r WHERE r.from_chapter = :c AND {_overlaps('r')}""",
    "thread": f"""SELECT t.name || ': ' || te.action AS line FROM thread_events te
                    JOIN plot_threads t ON t.novel_id = te.novel_id AND t.id = te.thread_id
                   WHERE te.chapter = :c AND {_overlaps('te')}""",
    "event": f"""SELECT ev.type || ': ' || ev.summary AS line FROM events ev
                  WHERE ev.chapter = :c AND {_overlaps('ev')} ORDER BY ev.ordinal""",
}


def extracted_at(session: Any, novel_id: uuid.UUID, chapter: int, sentence: str,
                 texts: dict[int, str]) -> list[str]:
    """What the stored extraction holds for one key evidence sentence of a chapter."""
    from sqlalchemy import text

    start = texts.get(chapter, "").find(sentence)
    if start < 0:
        return ["(evidence sentence not found in the chapter text)"]
    params = {"n": novel_id, "c": chapter, "s": start, "e": start + len(sentence)}
    lines = []
    for kind, sql in _EXTRACTED.items():
        lines += [f"{kind}: {r.line}" for r in session.execute(text(sql), params)]
    return lines or ["(nothing extracted from this sentence)"]


def evaluate(ingest: GoldenIngest, fixture: Path = GOLDEN) -> list[CapScore]:
    """Score every cap of an ingested golden novel; misses carry what was extracted."""
    from continuum.db.engine import read_session

    key = load_key(fixture)
    texts = {n: t for n, _title, t in golden_chapters(fixture)}
    scores = []
    with read_session() as session:
        mentions = all_mentions(session, ingest.novel_id)
        cache: dict[tuple[int, str], list[str]] = {}
        for cap in range(1, key["chapters"] + 1):
            score = score_cap(key, load_snapshot(session, ingest.novel_id, cap, mentions), texts)
            for miss in score.misses:
                if miss.evidence and miss.evidence_chapter:
                    where = (miss.evidence_chapter, miss.evidence)
                    if where not in cache:
                        cache[where] = extracted_at(session, ingest.novel_id, *where, texts)
                    miss.extracted = cache[where]
            scores.append(score)
    return scores


def averages(scores: list[CapScore]) -> dict[str, float | None]:
    """Mean over the caps of each category's per-cap score (caps with nothing to score skipped)."""
    return {c: mean(s.tallies[c].score for s in scores) for c in CATEGORIES}


def check_totals(scores: list[CapScore]) -> dict[str, Tally]:
    """Each identity check summed over the caps."""
    totals: dict[str, Tally] = {}
    for s in scores:
        for name, t in s.checks.items():
            total = totals.setdefault(name, Tally())
            total.hit += t.hit
            total.total += t.total
    return totals


def patterns(misses: list[Miss], top: int = 12) -> list[tuple[str, str, list[int], Miss]]:
    """The most frequent misses: (category, item) with the caps they recur at."""
    groups: dict[tuple[str, str], list[Miss]] = {}
    for m in misses:
        groups.setdefault((m.category, m.item), []).append(m)
    ranked = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    return [(cat, item, [m.cap for m in ms], ms[-1]) for (cat, item), ms in ranked[:top]]


def render(scores: list[CapScore], ingest: GoldenIngest, fixture: Fixture | None = None) -> str:
    """The docs/EVALUATION.md section of a fixture (the first one by default; also printed)."""
    fixture = fixture or FIXTURES["golden"]
    key = load_key(fixture.path)
    avg = averages(scores)
    head = "| cap | " + " | ".join(LABELS[c] for c in CATEGORIES) + " | leaks |"
    rows = [head, "|" + "---|" * (len(CATEGORIES) + 2)]
    for s in scores:
        rows.append(f"| {s.cap} | " + " | ".join(
            f"{fmt(s.tallies[c].score)} ({s.tallies[c].hit}/{s.tallies[c].total})"
            if s.tallies[c].total else "—" for c in CATEGORIES) + f" | {s.leaks} |")
    rows.append("| **mean** | " + " | ".join(f"**{fmt(avg[c])}**" for c in CATEGORIES)
                + f" | {sum(s.leaks for s in scores)} |")
    pair_p = mean(s.pair_precision.score for s in scores)
    met = [LABELS[c] for c in TARGETED if avg[c] is not None and avg[c] >= TARGET]
    short = [f"{LABELS[c]} {fmt(avg[c])}" for c in TARGETED if avg[c] is None or avg[c] < TARGET]
    checks = check_totals(scores)
    misses = [m for s in scores for m in s.misses]
    lines = [
        fixture.section, "",
        fixture.intro.format(embedding=ingest.embedding, seconds=ingest.seconds), "",
        columns_text(key), "",
        *rows, "",
        f"Relationship precision by pair only (any type): {fmt(pair_p)}.", "",
        canon_line(ingest), "",
        (f"Targets (≥ {TARGET} on each category, the extractor team's): met by "
        f"{', '.join(met) or 'none'}; below: {', '.join(short) or 'none'}."), "",
        "Identity checks over the caps they apply to:", "",
        "| check | passed |", "|---|---|",
        *[f"| {name} | {t.hit}/{t.total} |" for name, t in checks.items()], "",
        f"Most frequent misses ({len(misses)} in all):", "",
        "| category | item | caps | expected | got |", "|---|---|---|---|---|",
        *[f"| {cat} | {item} | {_caps(caps)} | {_cell(m.expected)} | {_cell(m.got)} |"
          for cat, item, caps, m in patterns(misses)],
    ]
    return "\n".join(lines) + "\n"


def canon_line(ingest: GoldenIngest) -> str:
    """How many of the key's locked canon facts were extracted, locked and right."""
    canon = ingest.canon
    found = [c for c in canon if c["found"]]
    missing = [f"{c['subject']} {c['predicate']}" for c in canon if not c["found"]]
    wrong = [f"{c['subject']} {c['predicate']} ({', '.join(c['found'])} for {c['value']})"
             for c in found if not c["agrees"]]
    return (f"Canon facts the key locks: {len(found)}/{len(canon)} extracted (subject and "
            f"predicate) and locked before the critic eval, {sum(c['agrees'] for c in found)} "
            "with the key's value. Not extracted: " + (", ".join(missing) or "none")
            + (f". Other value: {'; '.join(wrong)}" if wrong else "") + ".")


def _caps(caps: list[int]) -> str:
    return f"{caps[0]}–{caps[-1]}" if len(caps) > 2 and caps == list(
        range(caps[0], caps[-1] + 1)) else ", ".join(map(str, caps))


def _cell(value: Any) -> str:
    text_ = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
    return text_.replace("|", "\\|").replace("\n", " ")[:80]


def errors_payload(scores: list[CapScore], ingest: GoldenIngest) -> dict[str, Any]:
    """The diagnostic file: every miss, grouped by category."""
    misses = [m for s in scores for m in s.misses]
    by_cat: dict[str, list[dict[str, Any]]] = {}
    for m in misses:
        by_cat.setdefault(m.category, []).append(asdict(m))
    canon = [c for c in ingest.canon if not c["agrees"]]
    return {"novel_id": str(ingest.novel_id), "embedding": ingest.embedding,
            "counts": {**Counter(m.category for m in misses), "canon": len(canon)},
            "misses": by_cat, "canon_not_found_or_other_value": canon}


def run(*, embedding: str = MINILM, fresh: bool = False, write: bool = True,
        ingest: GoldenIngest | None = None, fixture: str = "golden"
        ) -> tuple[GoldenIngest, list[CapScore]]:
    """Ingest (or reuse) a golden novel (the first fixture by default), score it, print and
    write the results. An `ingest` given must be of that fixture."""
    spec = FIXTURES[fixture]
    ingest = ingest or ingest_golden(embedding=embedding, reuse=not fresh, name=spec.name,
                                     fixture=spec.path)
    scores = evaluate(ingest, spec.path)
    section = render(scores, ingest, spec)
    print(section)
    write_json(spec.errors, errors_payload(scores, ingest))
    print(f"wrote {spec.errors.relative_to(VAR.parent)}")
    if write:
        write_section(section, spec.section)
        print("updated docs/EVALUATION.md")
    return ingest, scores


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m evals.golden",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--fixture", choices=sorted(FIXTURES), default="golden",
                        help="golden: The Saltmere Ledger (default); golden2: The Kessel Peak "
                             "Comet (tuned on since session 4); golden3: the unseen fixture, The "
                             "Marchbank Pearls")
    parser.add_argument("--mock-embeddings", action="store_true",
                        help=f"embed with {MOCK} (fast) instead of {MINILM}")
    parser.add_argument("--fresh", action="store_true",
                        help="re-ingest even when an up-to-date ingest exists in var/eval-<fixture>")
    parser.add_argument("--no-write", action="store_true", help="do not update EVALUATION.md")
    args = parser.parse_args(argv)
    run(embedding=MOCK if args.mock_embeddings else MINILM, fresh=args.fresh,
        write=not args.no_write, fixture=args.fixture)
    return 0


if __name__ == "__main__":
    sys.exit(main())
