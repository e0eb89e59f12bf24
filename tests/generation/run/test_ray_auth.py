"""``generate --ray ADDRESS`` on a cluster that asks for a token this process lacks: one line.

Ray's core retries such a cluster for about 20 s, printing a line a second to file descriptor 2;
the command holds those lines and says instead what is wrong and how to set the token.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("ray", reason="the `ray` extra is not installed (pip install -e '.[ray]')")
pytestmark = [pytest.mark.slow, pytest.mark.browser]  # the generate command, though it stops before Chromium
ROOT = Path(__file__).resolve().parents[3]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ray_cli(*args: str, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess[str]:
    ray_cli = shutil.which("ray") or str(Path(sys.executable).with_name("ray"))
    return subprocess.run([ray_cli, *args], capture_output=True, text=True, env=env, timeout=timeout)


@pytest.fixture
def token_cluster(tmp_path: Path) -> Iterator[str]:
    """A one-CPU head node started with ``RAY_AUTH_MODE=token`` and a token of its own."""
    token = secrets.token_hex(32)
    env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token, "HOME": str(tmp_path / "home")}
    port = _free_port()
    started = _ray_cli(
        "start", "--head", f"--port={port}", "--node-ip-address=127.0.0.1", "--num-cpus=1",
        "--include-dashboard=false", env=env, timeout=180,
    )  # fmt: skip
    if started.returncode != 0:
        pytest.fail(f"ray start failed: {started.stderr[-1500:]}")
    try:
        yield f"127.0.0.1:{port}"
    finally:
        _ray_cli("stop", "--force", env=env, timeout=120)
        time.sleep(1)


def test_a_cluster_that_wants_a_token_is_one_line(token_cluster: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_AUTH")}
    env["HOME"] = str(tmp_path / "client")  # no ~/.ray/auth_token of this machine's user either
    proc = subprocess.run(
        [sys.executable, "-m", "synthdocbench_tasks.cli", "generate", "--out", str(tmp_path / "out"),
         "--n-docs", "1", "--no-progress", "--ray", token_cluster],
        capture_output=True, text=True, env={**env, "PYTHONPATH": str(ROOT)}, cwd=ROOT, timeout=240,
    )  # fmt: skip
    assert proc.returncode != 0
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr[-2000:]
    assert lines[0].startswith(f"synthdocbench: cannot join the Ray cluster at {token_cluster}: "), lines
    assert "RAY_AUTH_MODE=token" in lines[0] and "RAY_AUTH_TOKEN" in lines[0]
    assert not (tmp_path / "out" / "docs").exists()  # nothing was started
