"""Test-only: park agent drafts in the review queue, as the MCP `save_chapter` tool does.

Runs the write spine with policy "block" (the MCP path) against the server's own database:
the e2e runs it with the server's DATA_DIR (embedded PostgreSQL, shared through its unix
socket) or DATABASE_URL. No HTTP route can choose policy "block"; this script is the only
way the browser tests create parked drafts.

Usage: python park_drafts.py NOVEL_ID DRAFTS_JSON, where DRAFTS_JSON is a list of
{"number": n, "text": "..."}. Prints one JSON line: what happened to each draft.
"""

from __future__ import annotations

import json
import sys
import uuid

from continuum.pipeline.spine import analyze_chapter


def main() -> None:
    novel_id = uuid.UUID(sys.argv[1])
    drafts = json.loads(sys.argv[2])
    results = []
    for draft in drafts:
        outcome = analyze_chapter(novel_id=novel_id, number=draft["number"], text=draft["text"],
                                  source="agent", policy="block").as_dict()
        results.append({"number": draft["number"], "ingested": bool(outcome.get("ingested")),
                        "submission_id": outcome.get("submission_id"),
                        "reason": outcome.get("reason")})
    print(json.dumps(results))


if __name__ == "__main__":
    main()
