"""The continuity critic (DESIGN.md §7). Stage 0 of the spine calls `critique_draft`."""
