"""Results of a run that was stopped before it finished, from what it recorded on the way.

`python -m evals.llm_local.partial [--write]`: the last complete parts of var/llm-local/
(results*.json, answers.jsonl, the run's log) put together, and the chapter that was being
read when the run stopped reported as interrupted with the calls it had finished.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from evals.common import golden_chapters, write_json, write_section
from evals.llm_local.run import CALLS, QWEN, ROOT, SECTION

GROUPS = {"chapter_summary": "summaries", "new_entities": "entities", "state_deltas": "world_state",
          "events": "interactions", "thread_updates": "narrative"}


def call_name(passes: str | None) -> str:
    first = (passes or "").split(",")[0].strip()
    return GROUPS.get(first, first or "canonicalize")


def answered_calls(path: Path, label: str, since: float = 0.0) -> list[dict[str, Any]]:
    """The calls of `label` in answers.jsonl (prompt and output tokens as the server said)."""
    calls = []
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["label"] != label or "response_format" not in record["options"]:
            continue
        usage = (record.get("response") or {}).get("usage") or {}
        finish = ((record.get("response") or {}).get("choices") or [{}])[0].get("finish_reason")
        calls.append({"pass_name": call_name(record["passes"]), "model": f"openai/{label}",
                      "tokens_in": usage.get("prompt_tokens", 0),
                      "tokens_out": usage.get("completion_tokens", 0), "tokens_cached": 0,
                      "latency_ms": int(record["seconds"] * 1000), "cost_usd": 0.0,
                      "status": "ok" if finish == "stop" else (finish or "error")})
    return calls


def rescore(path: Path, label: str, text: str) -> dict[str, dict[str, int]]:
    """Per pass: items of the answered calls kept / dropped / invalid, read by today's code
    (validation item by item, quotes aligned to the chapter) exactly as the extractor would."""
    from continuum.pipeline.chunking import chunk_text
    from continuum.pipeline.extract.llm.align import TextIndex
    from continuum.pipeline.extract.llm.client import json_text
    from continuum.pipeline.extract.llm.convert import AlignStats, ChunkResult, Converter
    from continuum.pipeline.extract.llm.passes import CALL_GROUPS, parse_answer

    groups = dict(CALL_GROUPS)
    stats = AlignStats()
    converter = Converter(TextIndex(text), set(), stats)
    result = ChunkResult(chunk_text(text)[0])
    kept: dict[str, int] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["label"] != label or "response_format" not in record["options"]:
            continue
        name = call_name(record["passes"])
        content = record["response"]["choices"][0]["message"]["content"]
        answers = parse_answer(name, groups[name], json.loads(json_text(content)))
        converter.add(result, answers)
        for pass_name in groups[name]:
            if pass_name == "chapter_summary":
                kept[pass_name] = int(bool(result.chapter_summary))
            elif pass_name == "multi_granularity_summaries":
                kept[pass_name] = int(bool(result.summaries.long or result.summaries.short))
            else:
                kept[pass_name] = len(result.items.get(pass_name, []))
    by_pass = stats.as_dict()["by_pass"]
    return {name: {"kept": n, "dropped": by_pass.get(name, {}).get("dropped", 0),
                   "invalid": by_pass.get(name, {}).get("invalid", 0)}
            for name, n in kept.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--write", action="store_true", help="write the EVALUATION.md section")
    parser.add_argument("--log", default=str(ROOT / "eval2.out"), help="the stopped run's log")
    parser.add_argument("--stopped-after", type=float, required=True,
                        help="seconds the interrupted chapter had run")
    parser.add_argument("--waiting-for", default="", help="the call it was waiting for")
    parser.add_argument("--error", default="", help="what happened, in place of the default")
    parser.add_argument("--first-part", type=float, default=0.0,
                        help="seconds of an earlier, stopped part of the run")
    args = parser.parse_args(argv)
    results: dict[str, Any] = json.loads((ROOT / "results-run1.json").read_text())
    smol = json.loads((ROOT / "results-smol.json").read_text())
    results["smollm2"] = smol["smollm2"]
    log1 = (ROOT / "eval.out").read_text(encoding="utf-8")
    probe = re.search(r"without JSON mode: (\{.*\})", log1)
    if probe:
        results["without_json_mode"] = eval(probe.group(1), {"__builtins__": {}})  # noqa: S307
    calls = answered_calls(ROOT / "answers.jsonl", QWEN)
    answered = {c["pass_name"] for c in calls}
    waiting = args.waiting_for or next((c for c in CALLS if c not in answered), "")
    results["chapters"] = [1]
    results["llm"] = [{
        "label": "golden ch 1", "model": QWEN, "ok": False, "seconds": args.stopped_after,
        "error": args.error or (f"interrupted: the eval was stopped after {args.stopped_after / 60:.0f} min, "
                  f"while waiting for the `{waiting}` call (calls answered: "
                  f"{', '.join(c['pass_name'] for c in calls) or 'none'})"),
        "items": rescore(ROOT / "answers.jsonl", QWEN, golden_chapters()[0][2]), "calls": calls,
        "persisted": {"chapters": 0, "entities": 0, "events": 0, "llm_calls": 0},
        "verdict": None, "findings": [], "seeded": None}]
    results["offline"] = [a for a in results["offline"] if a["label"] == "golden ch 1"]
    results["interrupted"] = True
    parts = [args.first_part, args.stopped_after, smol.get("smollm2_rerun_seconds", 0)]
    results["seconds"] = sum(parts)
    results["note"] = (
        f"The run went in three parts: {parts[0] / 60:.0f} min (weights, the golden novel "
        "ingested offline, the offline extractor, SmolLM2, the call without JSON mode), "
        f"{parts[1] / 60:.0f} min (Qwen on chapter 1, with a longer LLM_TIMEOUT of 3,600 s "
        "once the first calls had shown under one output token per second), and "
        f"{parts[2] / 60:.0f} min (SmolLM2 again, one novel per chapter). Chapter 2 and the "
        "six drafts were not reached.")
    write_json(ROOT / "results-final.json", results)
    from evals.llm_local.report import render

    section = render(results)
    print(section)
    if args.write:
        write_section(section, SECTION)
    return 0


if __name__ == "__main__":
    sys.exit(main())
