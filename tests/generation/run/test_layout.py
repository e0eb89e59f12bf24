"""Which documents a run has left to make (read before ``generate --ray`` warms its workers)."""

from __future__ import annotations

from pathlib import Path

from generation.plan.rng import doc_id_for
from generation.run.layout import doc_dir, documents_left, is_done


def _finish(out: Path, seed: int, index: int) -> None:
    folder = doc_dir(out, doc_id_for(seed, index))
    folder.mkdir(parents=True)
    (folder / "DONE").write_text("")


def test_documents_left_counts_folders_without_done(tmp_path: Path) -> None:
    assert documents_left(tmp_path, 7, 6) == 6
    _finish(tmp_path, 7, 0)
    _finish(tmp_path, 7, 3)
    doc_dir(tmp_path, doc_id_for(7, 4)).mkdir(parents=True)  # started, never finished
    assert is_done(tmp_path, doc_id_for(7, 3)) and not is_done(tmp_path, doc_id_for(7, 4))
    assert documents_left(tmp_path, 7, 6) == 4
    assert documents_left(tmp_path, 8, 6) == 6  # another seed's documents are other folders


def test_documents_left_counts_only_the_shard(tmp_path: Path) -> None:
    for index in range(5):
        _finish(tmp_path, 3, index)
    assert documents_left(tmp_path, 3, 9) == 4
    assert documents_left(tmp_path, 3, 9, (0, 2)) == 2  # 6 and 8 of 0, 2, 4, 6, 8
    assert documents_left(tmp_path, 3, 9, (1, 2)) == 2  # 5 and 7 of 1, 3, 5, 7
    assert documents_left(tmp_path, 3, 9, (4, 2)) == 4  # out of range: every document counted
