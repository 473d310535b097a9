"""One module per continuity check; each exposes `check(claims, world) -> list[Finding]`."""

from continuum.pipeline.critic.checks import canon, commitments, entity, knowledge, possession

ALL_CHECKS = (entity, knowledge, possession, commitments, canon)

__all__ = ["ALL_CHECKS"]
