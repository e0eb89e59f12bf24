"""The names inside a run's output folder that every stage reading it shares: a document's folder
and the marker a finished one gets last. Kept in the first stage so that the later ones (the
document statistics, validation, export, the run) import it one way."""

from __future__ import annotations

from pathlib import Path

#: The file a document's folder gets last, once everything else in it is written.
DONE = "DONE"


def doc_dir(out_dir: Path, doc_id: str) -> Path:
    """The folder of one document inside a run's output folder."""
    return out_dir / "docs" / doc_id


def is_finished(folder: Path) -> bool:
    """Whether a document folder holds its ``DONE`` marker (written last, so all else is there)."""
    return (folder / DONE).is_file()
