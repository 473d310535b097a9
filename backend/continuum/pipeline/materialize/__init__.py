"""MATERIALIZE: replay state deltas into the projections the read layer uses."""

from continuum.pipeline.materialize.replay import materialize_novel

__all__ = ["materialize_novel"]
