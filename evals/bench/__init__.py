"""Benchmarks (`make bench`): extraction speed, whole-book ingest, read latency at scale."""
