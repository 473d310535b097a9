"""Example responses for the OpenAPI document of the wiki routes (ids are illustrative)."""

from __future__ import annotations

from typing import Any

LIZZY = {"id": "6f1c2a4e-8d1b-4c55-9a7e-0b1f3e2d4c11", "name": "Elizabeth Bennet",
         "type": "character"}
DARCY = {"id": "a3b0c9d2-77e4-4f1a-8c2b-5d6e7f809a12", "name": "Mr. Darcy", "type": "character"}
PEMBERLEY = {"id": "0c9d8e7f-6a5b-4c3d-2e1f-0a9b8c7d6e13", "name": "Pemberley", "type": "location"}
LONGBOURN = {"id": "5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d14", "name": "Longbourn", "type": "location"}

EVENT = {"id": 41, "chapter": 3, "ordinal": 2, "story_order": 2, "type": "movement",
         "summary": "Elizabeth walked to Netherfield.", "verb": "walk", "subject": LIZZY,
         "object": None, "involved": [LIZZY], "impact": 0.6,
         "evidence_quote": "Elizabeth walked to Netherfield"}
RELATIONSHIP = {"id": 7, "type": "sister_of", "label": "sister of", "symmetric": True,
                "source": LIZZY, "target": {**LIZZY, "name": "Jane Bennet"}, "from_chapter": 1,
                "evidence_quote": "her sister Jane", "tone": "warm", "tension": 0.1}
CANON = {"id": 12, "chapter": 2, "kind": "attribute", "subject": "Elizabeth Bennet",
         "subject_entity": LIZZY, "predicate": "eye colour", "value": "dark",
         "confidence": 0.8, "locked": True, "edited": False, "current": True,
         "evidence_quote": "her fine dark eyes"}
THREAD = {"id": 3, "name": "Jane and Bingley", "status": "progressing", "opened_chapter": 1,
          "last_chapter": 4, "closed_chapter": None, "entities": [LIZZY],
          "events": [{"chapter": 1, "action": "open", "summary": "Bingley admires Jane.",
                      "evidence_quote": "the most beautiful creature"}]}
COMMITMENT = {"id": 5, "key": "the letter", "detail": "Darcy writes a letter", "trigger": None,
              "weight": 0.7, "setup_chapter": 2, "status": "open", "overdue": False,
              "chapters_open": 3, "payoff_chapter": None, "payoff_detail": None,
              "payoff_quote": None, "evidence_quote": "he sealed the letter"}
ENTITY_SUMMARY = {"id": LIZZY["id"], "name": "Elizabeth Bennet", "type": "character",
                  "aliases": ["Lizzy"], "first_chapter": 1, "mention_count": 42}


def example(value: Any, media_type: str = "application/json") -> dict[int | str, dict[str, Any]]:
    """`responses=` argument documenting one example of the 200 answer."""
    return {200: {"content": {media_type: {"example": value}}}}
