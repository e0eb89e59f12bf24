"""The lmms-eval patch in docs/upstream/: plugin tasks found through an entry-point group.

lmms-eval 0.7.3 builds its task index before it reads ``LMMS_EVAL_PLUGINS`` and has entry
points for models only, so ``lmms-eval --tasks synthdoc_chart`` cannot find our tasks
without ``--include_path``. This test applies the proposed patch to a copy of the installed
lmms-eval inside a temporary virtual environment and runs the design card's exact command
there, with no include path. The installed lmms-eval is never modified.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
import tomllib

from tests.helpers.lmms_eval_run import results, samples, synthdoc_run_env

ROOT = Path(__file__).resolve().parents[1]
PATCH = ROOT / "docs" / "upstream" / "lmms-eval-0.7.3-task-entry-points.patch"
TASKS = ("synthdoc_chart", "synthdoc_crossmodal", "synthdoc_complex")


def test_the_project_declares_its_tasks_in_the_entry_point_group() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    assert declared["lmms_eval.tasks"] == {"synthdocbench": "synthdocbench_tasks.tasks"}
    installed = {ep.name: ep.value for ep in entry_points(group="lmms_eval.tasks")}
    assert installed.get("synthdocbench") == "synthdocbench_tasks.tasks", (
        "the installed metadata lacks the entry point: reinstall with pip install -e ."
    )


def _patched_venv(tmp_path: Path) -> Path:
    """A venv that sees this environment's packages, with a patched copy of lmms-eval first."""
    import lmms_eval

    venv = tmp_path / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], check=True
    )
    python = venv / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    shutil.copytree(
        Path(lmms_eval.__file__).parent,
        Path(site) / "lmms_eval",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    applied = subprocess.run(["git", "apply", "-p1", str(PATCH)], cwd=site, capture_output=True, text=True)
    assert applied.returncode == 0, f"the patch no longer applies to lmms-eval: {applied.stderr}"
    return venv


@pytest.mark.browser
@pytest.mark.lmms_eval
def test_patched_lmms_eval_runs_the_design_card_command_without_include_path(
    dataset_dir: Path, tmp_path: Path
) -> None:
    venv = _patched_venv(tmp_path)
    out = tmp_path / "results"
    env = synthdoc_run_env(dataset_dir, tmp_path)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    cmd = [
        str(venv / "bin" / "python"), "-m", "lmms_eval",
        "--model", "dummy", "--model_args", "response=Not found in the document.",
        "--tasks", ",".join(TASKS),
        "--limit", "2", "--output_path", str(out), "--log_samples",
    ]  # fmt: skip
    proc = subprocess.run(cmd, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert "--include_path" not in " ".join(cmd)
    data = results(out, proc)
    for task in TASKS:
        assert data["results"][task]["acc,none"] == 0.0  # the abstention scores 0 on every question
        lines = samples(out, task)
        assert len(lines) == 2 and all(line["score"]["judge"].startswith("offline") for line in lines)
    # the unpatched lmms-eval of this environment still needs the include path
    probe = "from lmms_eval.tasks import TaskManager; print('synthdoc_chart' in TaskManager().all_tasks)"
    plain = subprocess.run(
        [sys.executable, "-c", probe],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert plain.stdout.strip().splitlines()[-1] == "False"
