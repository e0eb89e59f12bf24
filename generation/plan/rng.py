"""Deterministic random streams.

Every document and stage draws from its own ``numpy.random.Generator`` seeded by a
stable digest of ``(root seed, stage, doc_id, ...)``, so stages can be re-run, reordered,
sharded or parallelised without changing any output. The global ``random`` is never used.
"""

from __future__ import annotations

import hashlib

import numpy as np


def stable_digest(*parts: object) -> int:
    """A 64-bit integer from the SHA-256 of the parts' ``repr`` joined by ``|``."""
    text = "|".join(repr(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def stage_rng(root_seed: int, stage: str, *keys: object) -> np.random.Generator:
    """The RNG of one stage for one document (or any finer key)."""
    return np.random.default_rng(stable_digest(root_seed, stage, *keys))


def doc_id_for(root_seed: int, index: int) -> str:
    """Document ids are stable across sharding: they depend only on seed and index."""
    return f"sdb-{root_seed}-{index:05d}"
