"""The read layer: SQL only, cutoff-aware. Every function takes `novel_id` and `cap`."""
