"""Continuity critic eval: seeded contradictions caught, clean drafts and real chapters passed.

1. On the golden novel (chapters 1..10 ingested, canon locked; the golden eval's ingest is
   reused when it is up to date), `critique_draft` judges each chapter-11 draft with the
   offline extractor; nothing is persisted. A seeded draft is *caught* when a finding of
   its check type exists (FAIL or WARN; FAIL-only reported too) and *located* when such a
   finding quotes the seeded sentence; a clean draft is a *false FAIL* when any FAIL
   finding exists. Each draft set (`DRAFT_SETS`) is scored in its own table: the
   development set, held-out sets that were each written blind, measured once blind and then
   used for tuning (their labels carry that one blind measurement), and a blind set when a
   round has one, never tuned on — the one measure of how far the critic generalises.
2. Real novels (`NOVELS`: Pride and Prejudice, the issue's target, and Treasure Island, told
   in the first person), every chapter submitted in order with policy `warn` (each chapter
   critiqued against the ones before, then ingested); the false-FAIL rate is the share of
   chapters 2..N whose stored critique verdict is `fail`. `--quick` stops after 15.

Usage: `python -m evals.critic_eval [--quick] [--skip-pp] [--fresh] [--no-write] [--set FOLDER ...]`
(EVALUATION.md is written only when every set is judged).
Writes docs/EVALUATION.md (section "Continuity critic") and var/eval-critic-errors.json.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from evals.common import (
    GOLDEN,
    MINILM,
    MOCK,
    REPO,
    VAR,
    GoldenIngest,
    fmt,
    ingest_golden,
    offline_extractor,
    open_database,
    ratio,
    use_settings,
    write_json,
    write_section,
)

SECTION = "## Continuity critic"
ERRORS = VAR / "eval-critic-errors.json"
CHECKS = ("entity", "knowledge", "possession", "commitments", "canon")
RECALL_TARGET = 0.8
FALSE_FAIL_TARGET = 0.05
QUICK_CHAPTERS = 15
DEV_SET = "drafts"


@dataclass(frozen=True)
class DraftSetSpec:
    """One folder of chapter-11 drafts and how honestly it may be read."""

    folder: str
    title: str  # the table's heading
    key: str  # its key in the diagnostics file
    about: str  # what it is, how it was written, and whether it was tuned on
    blind: bool = False  # never tuned on: the measure of generalisation


DRAFT_SETS = (
    DraftSetSpec(
        DEV_SET, "Development set", "dev",
        "32 chapter-11 drafts (4 seeded per type, 12 clean; 150–300 words), the drafts the critic "
        "was tuned on."),
    DraftSetSpec(
        "drafts_heldout", "Held-out v1", "heldout",
        "30 chapter-11 drafts (4 seeded per type, 10 clean with precision traps; 250–600 words), "
        "written blind to the critic's recognisers after it was tuned on the development set; "
        "measured once blind at recall 0.25–0.75 per type with 3/10 clean false FAILs, then used "
        "for tuning, so they no longer measure generalisation."),
    DraftSetSpec(
        "drafts_blind", "Held-out v2", "heldout_v2",
        "30 chapter-11 drafts (4 seeded per type, 10 clean), written from the novel and the answer "
        "key alone while held-out v1 was being used for tuning; measured once blind at recall "
        "entity 0.75, knowledge 0.50, possession 0.75, commitments 0.00, canon 0.75 with clean "
        "false FAIL 2/10, then used for tuning in session 3 (by classes of author slip, each with "
        "its own unit tests)."),
    DraftSetSpec(
        "drafts_blind2", "Held-out v3", "heldout_v3",
        "30 chapter-11 drafts (4 seeded per type, 10 clean), written without reading the critic or "
        "the other sets' text after held-out v2 had been used for tuning; measured once blind at "
        "recall entity 0.75, knowledge 0.25, possession 0.50, commitments 0.50, canon 0.50 with "
        "clean false FAIL 0/10 (a debugging command had shown the engineer one sentence each of "
        "three of them), then used for tuning in session 4."),
    DraftSetSpec(
        "drafts_blind3", "Held-out v4", "heldout_v4",
        "42 chapter-11 drafts (6 seeded per type, 12 clean), written in session 4 by two writers "
        "who read no critic code, no eval script and no other set's text; measured once blind at "
        "recall entity 0.67, knowledge 0.17, possession 0.83, commitments 0.00, canon 0.17 with "
        "clean false FAIL 2/12, then used for tuning in session 4."),
    DraftSetSpec(
        "drafts_blind4", "Held-out v5", "heldout_v5",
        "42 chapter-11 drafts (6 seeded per type, 12 clean; told through dialogue and letters by "
        "one writer, through close narration by the other), written in session 4 by two writers "
        "who read no critic code, no eval script and no other set's text, while held-out v4 was "
        "being used for tuning; measured once blind at recall entity 0.50, knowledge 0.00, "
        "possession 0.83, commitments 0.17, canon 0.17 with clean false FAIL 2/12; its two "
        "false FAILs fixed in session 4, its recall tuned on in session 5 (voices outside quotes, "
        "trades in the parse, a dropped letter in a surname)."),
    DraftSetSpec(
        "drafts_blind5", "Held-out v6", "heldout_v6",
        "42 chapter-11 drafts (6 seeded per type, 12 clean; a crowded evening by one writer, "
        "weeks later in summary and retelling by the other), written in session 5 by two writers "
        "who read no critic code, no eval script and no other set's text, while held-out v5 was "
        "being used for tuning; measured once blind at recall entity 1.00, knowledge 0.33, "
        "possession 0.83, commitments 0.33, canon 0.17 with clean false FAIL 2/12. Then only its "
        "two false FAILs were fixed (a sister of the same surname bound to the dead woman, an "
        "object held out to someone and taken from him), and in session 5 its misses were used "
        "for tuning by class (canon in descriptions and sums, keepings and settlements, turns "
        "of a two-person exchange, initials)."),
    DraftSetSpec(
        "drafts_blind6", "Held-out v7", "heldout_v7",
        "42 chapter-11 drafts (6 seeded per type, 12 clean; told in the first person by one "
        "character or another by one writer, physical action at sea and on the shore by the "
        "other), written in session 5 by two writers who read no critic code, no eval script and "
        "no other set's text, while held-out v6 was being used for tuning; measured once blind at "
        "recall entity 0.67, knowledge 0.00, possession 0.50, commitments 0.50, canon 0.17 with "
        "clean false FAIL 1/12. Then only its false FAIL was fixed (a ledger pushed into her "
        "arms is handed over); no recogniser was tuned to its seeded drafts, but the set is no "
        "longer blind. No blind set is left: the next round needs a new one."),
)
BLIND = next((spec for spec in DRAFT_SETS if spec.blind), None)


def load_draft_set(folder: str = DEV_SET, root: Path = GOLDEN) -> list[dict[str, Any]]:
    """The chapter-11 drafts of one set (a folder of the golden fixture), sorted by file name."""
    paths = sorted((root / folder).glob("*.json"))
    if not paths:
        raise FileNotFoundError(f"no drafts in {root / folder}")
    return [json.loads(p.read_text(encoding="utf-8")) for p in paths]


@dataclass
class DraftResult:
    """The critic's answer on one draft."""

    id: str
    seeded: str | None
    status: str
    findings: list[dict[str, Any]]
    quote: str | None = None
    quote_span: tuple[int, int] | None = None
    extracted: list[str] = field(default_factory=list)

    def of_type(self, check: str, severities: tuple[str, ...] = ("FAIL", "WARN")) -> list[dict]:
        return [f for f in self.findings if f["check"] == check and f["severity"] in severities]

    @property
    def caught(self) -> bool:
        return self.seeded is not None and bool(self.of_type(self.seeded))

    @property
    def caught_fail(self) -> bool:
        return self.seeded is not None and bool(self.of_type(self.seeded, ("FAIL",)))

    @property
    def located(self) -> bool:
        """A finding of the seeded type whose draft span overlaps the seeded quote."""
        if self.seeded is None or self.quote_span is None:
            return False
        s, e = self.quote_span
        return any(f["draft_start"] is not None and f["draft_end"] is not None
                   and f["draft_start"] < e and f["draft_end"] > s
                   for f in self.of_type(self.seeded))

    @property
    def false_fail(self) -> bool:
        return self.seeded is None and any(f["severity"] == "FAIL" for f in self.findings)


@dataclass
class DraftSummary:
    """Recall per check type and the clean drafts' false-FAIL rate."""

    recall: dict[str, float | None]
    recall_fail: dict[str, float | None]
    located: dict[str, float | None]
    counts: dict[str, tuple[int, int, int, int]]
    false_fail_rate: float | None
    false_fails: list[str]
    clean: int
    warned: list[str] = field(default_factory=list)  # clean drafts with WARNs and no FAIL


def summarize(results: list[DraftResult]) -> DraftSummary:
    """Per check type: caught (FAIL or WARN), caught by a FAIL, located; clean false FAILs."""
    counts: dict[str, tuple[int, int, int, int]] = {}
    for check in CHECKS:
        seeded = [r for r in results if r.seeded == check]
        counts[check] = (sum(r.caught for r in seeded), sum(r.caught_fail for r in seeded),
                         sum(r.located for r in seeded), len(seeded))
    clean = [r for r in results if r.seeded is None]
    false_fails = [r.id for r in clean if r.false_fail]
    warned = [r.id for r in clean if not r.false_fail
              and any(f["severity"] == "WARN" for f in r.findings)]
    return DraftSummary(
        recall={c: ratio(n[0], n[3]) for c, n in counts.items()},
        recall_fail={c: ratio(n[1], n[3]) for c, n in counts.items()},
        located={c: ratio(n[2], n[3]) for c, n in counts.items()},
        counts=counts, false_fail_rate=ratio(len(false_fails), len(clean)),
        false_fails=false_fails, clean=len(clean), warned=warned)


def _extracted_at(extraction: Any, start: int, end: int) -> list[str]:
    """What the extractor produced for one span of the draft (for the diagnostics)."""
    if extraction is None:
        return []

    def hits(ev: Any) -> bool:
        return ev.start < end and ev.end > start

    lines = []
    for ent in extraction.new_entities:
        for m in ent.mentions:
            if m.start < end and m.end > start:
                lines.append(f"mention: {m.text} → {ent.name} ({ent.type})")
    lines += [f"delta: {d.kind} {d.subject} → {d.object or d.value}"
              for d in extraction.state_deltas if hits(d.evidence)]
    lines += [f"event: {e.type} {e.subject} {e.verb} {e.object}"
              for e in extraction.events if hits(e.evidence)]
    lines += [f"knows: {k.knower} ← {k.fact!r} ({k.how}, from {k.source})"
              for k in extraction.knowledge_state_deltas if hits(k.evidence)]
    lines += [f"commitment: {c.kind} {c.key!r}: {c.detail}"
              for c in extraction.commitments if hits(c.evidence)]
    lines += [f"canon: {c.subject} {c.predicate} = {c.value}"
              for c in extraction.canon_facts if hits(c.evidence)]
    return lines or ["(nothing extracted from the seeded sentence)"]


def judge_drafts(ingest: GoldenIngest, drafts: list[dict[str, Any]] | None = None, *,
                 progress: Any = print) -> list[DraftResult]:
    """Critique every draft of a set (default: the development set) as chapter 11, read-only."""
    from continuum.db.engine import read_session
    from continuum.pipeline.critic.runner import critique_draft

    extractor = offline_extractor()
    results = []
    for draft in load_draft_set() if drafts is None else drafts:
        with read_session() as session:
            outcome = critique_draft(session, novel_id=ingest.novel_id, number=11,
                                     text=draft["text"], extractor=extractor)
        seeded = draft.get("seeded") or None
        result = DraftResult(id=draft["id"], seeded=seeded["type"] if seeded else None,
                             status=outcome.status,
                             findings=[asdict(f) for f in outcome.findings])
        if outcome.status != "ok":
            result.findings.append({"check": "(critic)", "severity": "ERROR",
                                    "message": outcome.error, "draft_start": None,
                                    "draft_end": None})
        if seeded:
            start = draft["text"].find(seeded["quote"])
            result.quote = seeded["quote"]
            if start >= 0:
                result.quote_span = (start, start + len(seeded["quote"]))
                result.extracted = _extracted_at(outcome.extraction, *result.quote_span)
        verdict = outcome.verdict or outcome.status
        progress(f"  {draft['id']:<23} {verdict:<6} "
                 + ", ".join(f"{f['severity']} {f['check']}" for f in result.findings))
        results.append(result)
    return results


def world_digest(ingest: GoldenIngest) -> dict[str, Any]:
    """The world at cap 10 as the critic sees it, by name (to explain what could not fire)."""
    from continuum.db.engine import read_session
    from continuum.reads.world_state import load_world

    with read_session() as session:
        world = load_world(session=session, novel_id=ingest.novel_id, cap=10)

    def name(eid: Any) -> str:
        return world.names[eid].name if eid in world.names else str(eid)

    return {
        "dead": [f"{name(e)} (ch {ev.chapter})" for e, ev in world.dead.items()],
        "holders": [f"{name(o)} held by {name(held.owner)} since ch {held.evidence.chapter}"
                    for o, held in world.holders.items()],
        "gone_objects": [f"{name(o)} {gone.how} ch {gone.evidence.chapter}"
                         for o, gone in world.gone_objects.items()],
        "objects": sorted(named.name for named in world.names.values() if named.type == "object"),
        "knowledge": [f"{name(k.knower)}: {k.fact} (ch {k.evidence.chapter})" for k in world.knowledge],
        "setups": [f"{s.key}: {s.detail} (ch {s.evidence.chapter})" for s in
                   world.open_setups + world.paid_setups],
        "locked_canon": [f"{f.subject} {f.predicate} = {f.value} (ch {f.evidence.chapter})" for f in
                         world.locked_canon],
    }


def shared_novels() -> Path:
    """The novels folder of the shared data ($CONTINUUM_SHARED_DATA or ../shared/data)."""
    root = os.environ.get("CONTINUUM_SHARED_DATA") or str(REPO.parent / "shared" / "data")
    return Path(root) / "novels"


def shared_novel(name: str) -> Path:
    """A novel of the shared data folder."""
    return shared_novels() / name


@dataclass(frozen=True)
class RealNovel:
    """A real novel of the shared data submitted chapter by chapter: consistent prose, so any
    chapter the critic FAILs is a false FAIL."""

    file: str
    title: str
    key: str  # its key in the diagnostics file
    about: str


NOVELS = (
    RealNovel("pride_and_prejudice.txt", "Pride and Prejudice", "pride_and_prejudice",
              "third person, the issue's target"),
    RealNovel("treasure_island.txt", "Treasure Island", "treasure_island",
              "told in the first person by Jim Hawkins, with many deaths"),
)


@dataclass
class NovelResult:
    """A real novel submitted in order: verdicts of the critiqued chapters."""

    novel: RealNovel
    chapters: int
    verdicts: dict[int, str | None]
    fails: list[dict[str, Any]]
    seconds: float
    warns: list[dict[str, Any]] = field(default_factory=list)

    @property
    def judged(self) -> list[int]:
        return [c for c in self.verdicts if c >= 2]

    @property
    def false_fail_rate(self) -> float | None:
        return ratio(sum(self.verdicts[c] == "fail" for c in self.judged), len(self.judged))


def run_novel(novel: RealNovel, *, limit: int | None, embedding: str = MOCK,
              progress: Any = print, data_dir: Path = VAR / "eval-critic") -> NovelResult:
    """Submit a real novel chapter by chapter (policy warn) in a fresh database (under
    `data_dir`); read back the verdicts and every FAIL and WARN finding."""
    from continuum.db.engine import read_session, write_session
    from continuum.pipeline.segment.books import split_book
    from continuum.pipeline.spine import analyze_chapter
    from continuum.pipeline.submit import create_novel
    from sqlalchemy import text

    chapters = [c for c in split_book(shared_novel(novel.file).read_text(encoding="utf-8"))
                if c.text.strip()]
    chapters = chapters[:limit] if limit else chapters
    open_database(f"critic-{novel.key}", fresh=True, data_dir=data_dir)
    use_settings(embedding=embedding)
    extractor = offline_extractor()
    with write_session() as session:
        novel_id = create_novel(session, title=novel.title)
    began = time.perf_counter()
    for number, chapter in enumerate(chapters, start=1):
        t0 = time.perf_counter()
        out = analyze_chapter(novel_id=novel_id, number=number, text=chapter.text,
                              title=chapter.title, policy="warn", extractor=extractor)
        progress(f"  {novel.title} {number:2d}/{len(chapters)} {out.verdict or out.critique:<5} "
                 f"{out.findings} findings  {time.perf_counter() - t0:.1f}s")
    with read_session() as session:
        verdicts = {r.chapter: r.verdict for r in session.execute(text(
            "SELECT chapter, verdict FROM critique_reports WHERE novel_id = :n "
            "AND submission_id IS NULL ORDER BY chapter"), {"n": novel_id})}
        found = [dict(r._mapping) for r in session.execute(text(
            """SELECT r.chapter, f.severity, f.check_name AS check, f.message, f.draft_quote,
                      f.evidence_chapter, f.evidence_quote
                 FROM critique_findings f
                 JOIN critique_reports r ON r.novel_id = f.novel_id AND r.id = f.report_id
                WHERE f.novel_id = :n AND f.severity IN ('FAIL', 'WARN')
                  AND r.submission_id IS NULL
                ORDER BY r.chapter, f.id"""), {"n": novel_id})]
    by_severity: dict[str, list[dict[str, Any]]] = {"FAIL": [], "WARN": []}
    for finding in found:
        by_severity[finding.pop("severity")].append(finding)
    return NovelResult(novel=novel, chapters=len(chapters), verdicts=verdicts,
                       fails=by_severity["FAIL"], warns=by_severity["WARN"],
                       seconds=time.perf_counter() - began)


OVERDUE = "is still unpaid after"  # the commitments check's reminder of an open setup


def warn_line(result: NovelResult) -> str:
    """WARNs on a published book: advice its author would have read for nothing. Reminders
    of setups still unpaid are counted apart: they are reminders by design, not alarms."""
    judged = set(result.judged)
    warns = [w for w in result.warns if w["chapter"] in judged and OVERDUE not in w["message"]]
    reminders = sum(w["chapter"] in judged and OVERDUE in w["message"] for w in result.warns)
    chapters = len({w["chapter"] for w in warns})
    by_check = Counter(w["check"] for w in warns)
    return (f"WARN findings among 2..{result.chapters} (each a false alarm on a published "
            f"book, not counted against the target): {len(warns)} in {chapters} of "
            f"{len(judged)} chapters"
            + (" (" + ", ".join(f"{c} {n}" for c, n in by_check.most_common()) + ")"
               if warns else "") + f"; reminders of setups still unpaid: {reminders}.")


def table(summary: DraftSummary) -> list[str]:
    """Markdown rows: per check type caught / caught by a FAIL / located."""
    rows = ["| check | seeded | caught (FAIL or WARN) | caught by a FAIL | located at the quote |",
            "|---|---|---|---|---|"]
    for check in CHECKS:
        caught, failed, located, n = summary.counts[check]
        rows.append(f"| {check} | {n} | {fmt(summary.recall[check])} ({caught}/{n}) | "
                    f"{fmt(summary.recall_fail[check])} ({failed}/{n}) | "
                    f"{fmt(summary.located[check])} ({located}/{n}) |")
    return rows


def false_fail_line(summary: DraftSummary) -> str:
    """The clean drafts' false-FAIL rate, naming the drafts, and how many drew WARNs only."""
    return (f"Clean drafts with a FAIL (false FAILs): {fmt(summary.false_fail_rate)} "
            f"({len(summary.false_fails)}/{summary.clean}"
            + (f": {', '.join(summary.false_fails)}" if summary.false_fails else "") + "). "
            f"Clean drafts with only WARNs (advice a writer would read for nothing, not counted "
            f"against the target): {len(summary.warned)}/{summary.clean}.")


def below_target(summary: DraftSummary) -> str:
    """Which check types miss the recall target, and whether false FAILs do."""
    below = [c for c in CHECKS if (summary.recall[c] or 0) < RECALL_TARGET]
    return ((", ".join(below) or "no check type")
            + ("; clean-draft false FAILs above target"
               if (summary.false_fail_rate or 0) > FALSE_FAIL_TARGET else ""))


def set_lines(spec: DraftSetSpec, summary: DraftSummary) -> list[str]:
    """One draft set's table, under a heading that says how far it can be trusted."""
    return [
        f"**{spec.title}** — `evals/fixtures/golden/{spec.folder}/`: {spec.about}"
        + (" This is the honest measure of generalisation." if spec.blind else ""), "",
        *table(summary), "",
        false_fail_line(summary), "",
    ]


def render(sets: Sequence[tuple[DraftSetSpec, DraftSummary]], novels: Sequence[NovelResult],
           ingest: GoldenIngest) -> str:
    """The docs/EVALUATION.md section (also printed)."""
    lines = [
        SECTION, "",
        ("The offline critic (`critique_draft` with the offline extractor) on chapter-11 drafts "
         "of the golden fixture, judged against the golden novel at cap 10 "
         f"(ingested with `{ingest.embedding}` embeddings, the key's canon facts locked). "
         "Run: `python -m evals.critic_eval` (`--quick` for the first "
         f"{QUICK_CHAPTERS} chapters of each real novel, `--skip-pp` for the drafts "
         "only); diagnostics in `var/eval-critic-errors.json` (missed contradictions with what "
         "the extractor produced for the seeded sentence, false FAILs with their findings; one "
         "key per set: " + ", ".join(f"{spec.title.lower()} under `{spec.key}`" for spec, _ in sets)
         + ")."),
        "",
    ]
    for spec, summary in sets:
        lines += set_lines(spec, summary)
    for result in novels:
        judged = result.judged
        n_fail = sum(result.verdicts[c] == "fail" for c in judged)
        by_check = Counter(f["check"] for f in result.fails)
        lines += [
            f"{result.novel.title} ({result.novel.about}), chapters 1..{result.chapters} submitted "
            f"in order with policy `warn` ({result.seconds:.0f} s): chapters with a `fail` verdict "
            f"among 2..{result.chapters}: {fmt(result.false_fail_rate)} ({n_fail}/{len(judged)}); "
            "FAIL findings by check: "
            + (", ".join(f"{c} {n}" for c, n in by_check.most_common()) or "none") + ". "
            + warn_line(result), "",
        ]
    if not novels:
        lines += ["Real novels skipped (`--skip-pp`).", ""]
    over = [r.novel.title for r in novels if (r.false_fail_rate or 0) > FALSE_FAIL_TARGET]
    lines += [
        f"Targets offline: recall ≥ {RECALL_TARGET} per type (caught column), false FAILs "
        f"≤ {FALSE_FAIL_TARGET:.0%}. "
        + " ".join(f"{spec.title} below target: {below_target(summary)}." for spec, summary in sets)
        + "".join(f" {title} false FAILs above target." for title in over),
    ]
    return "\n".join(lines) + "\n"


def diagnostics(results: list[DraftResult]) -> dict[str, list[dict[str, Any]]]:
    """Missed, caught-but-not-located, falsely failed and WARNed clean drafts, with what the
    critic saw."""
    return {
        "missed": [asdict(r) for r in results if r.seeded and not r.caught],
        "caught_but_not_located": [asdict(r) for r in results
                                   if r.seeded and r.caught and not r.located],
        "clean_false_fails": [asdict(r) for r in results if r.false_fail],
        "clean_warned": [asdict(r) for r in results if r.seeded is None and not r.false_fail
                         and any(f["severity"] == "WARN" for f in r.findings)],
    }


def run(*, quick: bool = False, skip_pp: bool = False, fresh: bool = False, write: bool = True,
        embedding: str = MINILM, ingest: GoldenIngest | None = None,
        sets: Sequence[DraftSetSpec] = DRAFT_SETS) -> dict[str, Any]:
    """Judge every draft set, run the real novels, print and write the results."""
    ingest = ingest or ingest_golden(embedding=embedding, reuse=not fresh)
    scored: list[tuple[DraftSetSpec, DraftSummary]] = []
    diagnosed: dict[str, Any] = {}
    for spec in sets:
        drafts = load_draft_set(spec.folder)
        print(f"critiquing the {len(drafts)} drafts of {spec.title.lower()} ({spec.folder}/) as chapter 11")
        results = judge_drafts(ingest, drafts)
        scored.append((spec, summarize(results)))
        diagnosed[spec.key] = diagnostics(results)
    world = world_digest(ingest)
    novels: list[NovelResult] = []
    if not skip_pp:
        for novel in NOVELS:
            print(f"{novel.title}, chapter by chapter (policy warn)"
                  + (f", first {QUICK_CHAPTERS}" if quick else ""))
            novels.append(run_novel(novel, limit=QUICK_CHAPTERS if quick else None))
    section = render(scored, novels, ingest)
    print(section)
    write_json(ERRORS, {
        **diagnosed,
        **{f"{r.novel.key}_fails": r.fails for r in novels},
        **{f"{r.novel.key}_warns": r.warns for r in novels},
        "world_at_cap_10": world,
    })
    print(f"wrote {ERRORS.relative_to(VAR.parent)}")
    if write:
        write_section(section, SECTION)
        print("updated docs/EVALUATION.md")
    return {"sets": {spec.key: summary for spec, summary in scored},
            "novels": {r.novel.key: r for r in novels}}


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m evals.critic_eval",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help=f"only the first {QUICK_CHAPTERS} chapters of each real novel")
    parser.add_argument("--skip-pp", action="store_true",
                        help="only the golden drafts, not the real novels (Pride and Prejudice, "
                             "Treasure Island)")
    parser.add_argument("--set", action="append", choices=[spec.folder for spec in DRAFT_SETS],
                        help="judge only this draft set (repeatable; default: all)")
    parser.add_argument("--mock-embeddings", action="store_true",
                        help=f"golden ingest with {MOCK} (embeddings do not affect the critic)")
    parser.add_argument("--fresh", action="store_true", help="re-ingest the golden novel")
    parser.add_argument("--no-write", action="store_true", help="do not update EVALUATION.md")
    args = parser.parse_args(argv)
    sets = [spec for spec in DRAFT_SETS if not args.set or spec.folder in args.set]
    run(quick=args.quick, skip_pp=args.skip_pp, fresh=args.fresh,
        write=not args.no_write and len(sets) == len(DRAFT_SETS),
        embedding=MOCK if args.mock_embeddings else MINILM, sets=sets)
    return 0


if __name__ == "__main__":
    sys.exit(main())
