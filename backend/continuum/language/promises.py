"""Verbs of promising: the four every reader of a promise knows ("promised", "swore", "vowed",
"pledged"), with the formal undertakings a vow may also be made by and the purposes a payoff may
refer back to as it refers back to a promise ("as he had planned")."""

from __future__ import annotations

from continuum.language.lexicon import words

# Verbs that make a promise: "she promised to come back", "he swore he would find it".
PROMISE_VERBS = words("promise swear vow pledge")
# A promise made as a formal undertaking too: "undertook to repay", "covenanted with the guild".
UNDERTAKING_VERBS = PROMISE_VERBS | words("undertake covenant")
# A promise or a purpose, either of which a later act may fulfil: "as he had promised", "as she
# had planned", "what he had meant to do".
PURPOSE_VERBS = PROMISE_VERBS | words("plan intend mean resolve")
