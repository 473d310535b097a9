"""Invented first-person chapters shared by the narrator tests (extractor and spine)."""

from __future__ import annotations

# Told by "I"; Tom is the narrator, addressed by name twice ("said he to me", "called after me").
TOLD_BY_TOM = (
    "I came down to the mill at first light, and I found the miller's boy asleep on the "
    "sacks.\n\n"
    "\u201cTom,\u201d said he to me, rubbing his eyes, \u201cthe wheel is stuck again.\u201d\n\n"
    "\u201cThen I will free it,\u201d said I.\n\n"
    "I took the bar from the wall and I carried it to the race. My hands were cold, and the "
    "water roared under me.\n\n"
    "\u201cMind the water, Tom,\u201d the boy called after me.\n\n"
    "I waved to him and I went on."
)
