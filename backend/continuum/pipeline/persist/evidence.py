"""Evidence columns shared by every fact table."""

from __future__ import annotations

from typing import Any

from continuum.pipeline.extract.schema import Evidence

EVIDENCE_COLUMNS = "evidence_start, evidence_end, evidence_quote, evidence_rule, confidence"
EVIDENCE_VALUES = ":ev_start, :ev_end, :ev_quote, :ev_rule, :confidence"


def evidence_params(evidence: Evidence) -> dict[str, Any]:
    """Bind parameters for the evidence columns."""
    return {
        "ev_start": evidence.start,
        "ev_end": evidence.end,
        "ev_quote": evidence.quote,
        "ev_rule": evidence.rule,
        "confidence": evidence.confidence,
    }
