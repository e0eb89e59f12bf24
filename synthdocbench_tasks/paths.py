"""Where the package's own files are: the lmms-eval task folder (shared by the CLI and the
``eval`` / ``check`` commands, so that neither imports the other)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def tasks_dir() -> Path:
    """The folder holding the lmms-eval task YAMLs (pass it to --include_path)."""
    return Path(str(resources.files("synthdocbench_tasks").joinpath("tasks")))
