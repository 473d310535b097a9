"""The EVALUATION.md section of the local-model run, from var/llm-local/results.json."""

from __future__ import annotations

from typing import Any

from evals.llm_local.run import CALLS, DRAFTS, PASSES, QWEN, SECTION, SMOL


def _calls_table(attempts: list[dict[str, Any]]) -> list[str]:
    """Per call of the plan: requests, failed ones, wall time, prompt and output tokens."""
    rows = ["| call | requests | failed | wall s | prompt tokens | output tokens |",
            "|---|---|---|---|---|---|"]
    names = list(CALLS) + sorted({c["pass_name"] for a in attempts for c in a["calls"]}
                                 - set(CALLS))
    for name in names:
        calls = [c for a in attempts for c in a["calls"] if c["pass_name"] == name]
        if not calls:
            continue
        failed = [c["status"] for c in calls if c["status"] != "ok"]
        rows.append(f"| {name} | {len(calls)} | {len(failed)}"
                    + (f" ({', '.join(sorted(set(failed)))})" if failed else "")
                    + f" | {sum(c['latency_ms'] for c in calls) / 1000:.0f} | "
                    f"{sum(c['tokens_in'] for c in calls):,} | "
                    f"{sum(c['tokens_out'] for c in calls):,} |")
    return rows


def _items_table(llm: list[dict[str, Any]], offline: list[dict[str, Any]]) -> list[str]:
    rows = ["| pass | LLM kept | LLM dropped (quote not in text) | LLM invalid (schema) "
            "| offline extractor |", "|---|---|---|---|---|"]
    for name in PASSES:
        if not any(name in a["items"] for a in llm):
            off = sum(a["items"].get(name, {}).get("kept", 0) for a in offline)
            rows.append(f"| {name} | (not answered) | | | {off} |")
            continue
        kept = sum(a["items"].get(name, {}).get("kept", 0) for a in llm)
        dropped = sum(a["items"].get(name, {}).get("dropped", 0) for a in llm)
        invalid = sum(a["items"].get(name, {}).get("invalid", 0) for a in llm)
        off = sum(a["items"].get(name, {}).get("kept", 0) for a in offline)
        rows.append(f"| {name} | {kept} | {dropped} | {invalid} | {off} |")
    return rows


def _attempt_lines(attempts: list[dict[str, Any]]) -> list[str]:
    lines = []
    for a in attempts:
        state = "extracted" if a["ok"] else "failed"
        stored = ", ".join(f"{k} {v}" for k, v in a["persisted"].items()) if a["persisted"] else ""
        what = f"- {a['label']}: {state} in {a['seconds']:.0f} s"
        if a.get("verdict") is not None or a.get("seeded") is not None or a["label"].startswith(
                ("clean", "entity", "canon", "possession", "knowledge", "commitments")):
            what += (f"; seeded {a['seeded'] or 'none (clean)'}; verdict "
                     f"{a.get('verdict') or '—'}; findings "
                     f"{', '.join(a['findings']) or 'none'}")
        if stored:
            what += f"; stored: {stored}"
        if a.get("error"):
            what += f"; error: {a['error'][:800]}"
        if a.get("filled_offline"):
            what += " (then read by the offline extractor, so that the next chapter could follow)"
        lines.append(what)
    return lines


def render(results: dict[str, Any]) -> str:
    chapters = ", ".join(str(n) for n in results.get("chapters", []))
    llm, offline = results.get("llm", []), results.get("offline", [])
    lines = [
        SECTION, "",
        (f"`make eval-llm-local` (`python -m evals.llm_local`): the real litellm path "
         f"(`LLM_MODEL=openai/{QWEN}`, `LLM_API_BASE` on llama.cpp's server on 127.0.0.1, "
         "temperature 0, repeat penalty 1.1, no retries) on this 2-core CPU"
         + (f" (1-minute load average {results['load_average']:.1f} at the end)"
            if "load_average" in results else "")
         + f". Whole run {results.get('seconds', 0) / 60:.0f} min. The model is "
         "far too small to judge extraction quality; the run shows what a real model does to "
         "the path. See docs/LLM.md, \"Local models\"."), "",
        f"### Extractor: golden chapter{'s' if ',' in chapters else ''} {chapters} through the "
        "write spine", "",
        *_attempt_lines(llm), "",
        *_calls_table(llm), "",
    ]
    if any(a["items"] for a in llm):
        lines += [*_items_table(llm, offline), "",
                  ("The offline extractor's column counts the same chapters read by it (in "
                   f"{sum(a['seconds'] for a in offline):.0f} s, critique included).")]
    else:
        lines += ["No chapter finished, so there are no item counts to set beside the offline "
                  "extractor's: " + ", ".join(
                      f"{name} {sum(a['items'].get(name, {}).get('kept', 0) for a in offline)}"
                      for name in PASSES) + f" on the same chapters (in "
                  f"{sum(a['seconds'] for a in offline):.0f} s, critique included)."]
    if results.get("note"):
        lines += ["", results["note"]]
    done = {a["label"] for a in llm}
    missing = [f"golden ch {n}" for n in results.get("chapters", []) if f"golden ch {n}" not in done]
    if missing:
        lines += ["", f"Not run (the eval's time ran out first): {', '.join(missing)}."]
    drafts = results.get("critique", [])
    lines += ["", "### Critique: six chapter-11 drafts of the development set", ""]
    if drafts:
        lines += [*_attempt_lines(drafts), "", *_calls_table(drafts)]
    left = [d for d in DRAFTS if d not in {a["label"] for a in drafts}]
    if left:
        lines += ["", f"Not run (the eval's time ran out first): {', '.join(left)}."]
    probe = results.get("without_json_mode")
    if probe:
        call = (probe.get("calls") or [{}])[0]
        fence = ("; the model wrapped its JSON in a ```` ```json ```` fence." if probe.get("fenced")
                 else "; the answer was not fenced." if "fenced" in probe else ".")
        lines += ["", "### Without JSON mode", "",
                  (f"The `summaries` call of draft clean_01 sent as to a server that ignores "
                   f"`response_format`: {'read' if probe['ok'] else 'failed'} in "
                   f"{probe['seconds']:.0f} s ({call.get('tokens_in', 0):,} prompt tokens, "
                   f"{call.get('tokens_out', 0):,} output tokens){fence}")]
    if results.get("smollm2"):
        lines += ["", f"### Failure path: {SMOL} on the same chapters", "",
                  *_attempt_lines(results["smollm2"]), "", *_calls_table(results["smollm2"]),
                  "", ("Each chapter is read once: the critique's extraction fails, and the spine "
                       "raises that failure instead of reading the chapter again; `llm_calls` are "
                       "the billing records of those calls, not chapter data.")]
    return "\n".join(lines) + "\n"
