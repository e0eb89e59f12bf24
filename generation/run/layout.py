"""Where a run writes each document and which documents are finished.

Light on purpose (numpy and the standard library only, none of the generator's stages):
``generate --ray`` counts the documents left to make before it imports the generator, so that
a rerun with nothing left warms no Ray worker.
"""

from __future__ import annotations

from pathlib import Path

from generation.plan.folders import doc_dir, is_finished
from generation.plan.rng import doc_id_for


def is_done(out_dir: Path, doc_id: str) -> bool:
    """Whether the document was finished by an earlier run (its ``DONE`` is written last)."""
    return is_finished(doc_dir(out_dir, doc_id))


def documents_left(out_dir: Path, seed: int, n_docs: int, shard: tuple[int, int] | None = None) -> int:
    """How many documents of the shard ``(K, N)`` (all for None) are not finished in ``out_dir``.

    A shard out of range counts every document: :func:`generation.run.setup.check_shard` rejects
    it when the run opens.
    """
    k, n = shard or (0, 1)
    indices = range(k, n_docs, n) if n >= 1 and 0 <= k < n else range(n_docs)
    return sum(not is_done(out_dir, doc_id_for(seed, i)) for i in indices)
