"""Generation on a local Ray instance (2 CPUs, real Chromium) and ``synthdocbench verify``.

A Ray run must give the very bytes of a local ``--workers 2`` run, survive a worker process
killed in the middle of a document (Ray retries it; without retries a rerun resumes), and
``verify`` must name every missing, truncated or foreign piece of a sharded output.
"""

from __future__ import annotations

import functools
import gc
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generation.plan.config import GenerationConfig
from generation.plan.doc_plan import DocumentPlan
from generation.run.pipeline import generate
from generation.run.setup import GenerateSummary
from generation.run.verify import config_digest, verify_output
from synthdocbench_tasks.cli import _ray_flag_value
from tests.generation.sample_plan import plan_sample_document

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ray = pytest.importorskip("ray", reason="the `ray` extra is not installed (pip install -e '.[ray]')")

CONFIG = GenerationConfig(seed=11, n_docs=4, min_charts=3, max_charts=3, questions_per_subset=1, workers=2)
ROOT = Path(__file__).resolve().parents[3]


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _doc_ids(*indices: int) -> list[str]:
    return [f"sdb-11-{i:05d}" for i in indices]


@pytest.fixture(scope="module")
def ray_local() -> Iterator[Any]:
    # address="local": a new instance, even where `ray start` runs one on this machine
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        configure_logging=False,
        _node_ip_address="127.0.0.1",
    )
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A local run with two worker processes (spawned, one browser each)."""
    out = tmp_path_factory.mktemp("local")
    summary = generate(CONFIG, out, progress=False, planner=plan_sample_document)
    assert summary.ok and summary.generated == _doc_ids(0, 1, 2, 3)
    return out


def _kill_once(claim: str, victim: int, config: GenerationConfig, index: int) -> DocumentPlan:
    """The sample planner; for ``victim`` the first time only, the worker process is SIGKILLed
    just before it writes manifest.json (document.html and document.pdf are on disk by then)."""
    if index == victim:
        try:
            os.close(os.open(claim, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            pass  # the retry: generate normally
        else:
            import generation.run.pipeline as pipeline

            def die(path: Path, obj: object) -> None:
                os.kill(os.getpid(), signal.SIGKILL)

            pipeline.write_json_atomic = die  # this worker process only; it dies on first use
    return plan_sample_document(config, index)


def test_ray_run_is_byte_identical_to_local_workers_and_resumes(
    ray_local: Any, reference: Path, tmp_path: Path
) -> None:
    from generation.run.ray_run import generate_on_ray

    out = tmp_path / "ray"
    summary = generate_on_ray(CONFIG, out, progress=False, planner=plan_sample_document)
    assert summary.ok and summary.generated == _doc_ids(0, 1, 2, 3) and summary.skipped == []
    assert _tree(out) == _tree(reference)
    again = generate_on_ray(CONFIG, out, progress=False, planner=plan_sample_document)
    assert again.generated == [] and again.skipped == _doc_ids(0, 1, 2, 3)
    report = verify_output([out])
    assert report.ok and report.complete == 4, report.problems


def _ray_run_killing_once(tmp_path: Path, victim: int, max_retries: int) -> tuple[Path, GenerateSummary]:
    """A Ray run of CONFIG into ``tmp_path/ray`` whose worker is SIGKILLed once, in document ``victim``."""
    from generation.run.ray_run import generate_on_ray

    claim = tmp_path / "killed-once"
    planner = functools.partial(_kill_once, str(claim), victim)
    out = tmp_path / "ray"
    summary = generate_on_ray(CONFIG, out, progress=False, planner=planner, max_retries=max_retries)
    assert claim.is_file(), "the worker was never killed"
    return out, summary


def test_a_worker_killed_mid_document_is_retried_by_ray(
    ray_local: Any, reference: Path, tmp_path: Path
) -> None:
    out, summary = _ray_run_killing_once(tmp_path, victim=2, max_retries=2)
    assert summary.ok and summary.generated == _doc_ids(0, 1, 2, 3)
    assert _tree(out) == _tree(reference)


def test_without_retries_the_killed_document_fails_and_a_rerun_resumes(
    ray_local: Any, reference: Path, tmp_path: Path
) -> None:
    from generation.run.ray_run import generate_on_ray

    out, summary = _ray_run_killing_once(tmp_path, victim=1, max_retries=0)
    assert summary.generated == _doc_ids(0, 2, 3)
    assert [f.doc_id for f in summary.failed] == _doc_ids(1)
    error = summary.failed[0].error
    assert error.startswith("sdb-11-00001: the Ray worker generating it died") and "rerun" in error
    half = out / "docs" / "sdb-11-00001"
    assert (half / "document.pdf").is_file() and not (half / "DONE").exists()
    assert not (half / "manifest.json").exists()
    problems = verify_output([out]).problems
    assert problems == [
        f"{half}: unfinished (no DONE); rerun `synthdocbench generate` with the same config to redo it"
    ]

    resumed = generate_on_ray(CONFIG, out, progress=False, planner=plan_sample_document)
    assert resumed.ok and resumed.generated == _doc_ids(1) and resumed.skipped == _doc_ids(0, 2, 3)
    assert _tree(out) == _tree(reference)
    assert verify_output([out]).ok


def test_a_document_failure_is_one_line_and_the_run_goes_on(ray_local: Any, tmp_path: Path) -> None:
    from generation.run.ray_run import generate_on_ray

    summary = generate_on_ray(
        CONFIG.model_copy(update={"n_docs": 2}), tmp_path, progress=False, planner=_planner_failing_on_1
    )
    assert summary.generated == _doc_ids(0)
    assert [(f.doc_id, f.error) for f in summary.failed] == [
        ("sdb-11-00001", "sdb-11-00001: ValueError: no topic left for this index")
    ]


def _planner_failing_on_1(config: GenerationConfig, index: int) -> DocumentPlan:
    if index == 1:
        raise ValueError("no topic left for this index")
    return plan_sample_document(config, index)


def _record_then_fail(log: str, config: GenerationConfig, index: int) -> DocumentPlan:
    """Appends ``index`` to ``log`` as a worker takes the document, then fails it (no rendering).
    The first two wait until both are written: on a loaded machine one worker could otherwise fail
    its first document and take a third before the other, still starting, wrote its first."""
    with open(log, "a", encoding="utf-8") as f:
        f.write(f"{index}\n")
    deadline = time.monotonic() + 30
    while len(Path(log).read_text(encoding="utf-8").split()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    raise ValueError("recorded")


def test_ray_takes_the_longest_documents_first_as_the_local_pool_does(ray_local: Any, tmp_path: Path) -> None:
    """With 2 CPUs, the first two documents the workers take are the two of most target pages
    (``longest_first``, the local pool's order), so a run does not end waiting on a long last one."""
    from generation.run.pipeline import longest_first
    from generation.run.ray_run import generate_on_ray

    config = CONFIG.model_copy(update={"n_docs": 24})
    order = longest_first(config, list(range(24)))
    assert set(order[:2]) != {0, 1}, "a config whose longest documents are not the first indices"
    log = tmp_path / "taken.txt"
    summary = generate_on_ray(
        config, tmp_path / "out", progress=False, planner=functools.partial(_record_then_fail, str(log))
    )
    assert len(summary.failed) == 24
    taken = [int(line) for line in log.read_text(encoding="utf-8").split()]
    assert sorted(taken) == list(range(24))
    assert set(taken[:2]) == set(order[:2]), (taken, order)


def _worker_state() -> tuple[int, bool, int]:
    from generation.run import ray_run

    return os.getpid(), bool(ray_run._RENDERER), gc.get_freeze_count()


def test_a_ray_worker_freezes_the_generator_as_a_local_worker_inherits_it(
    ray_local: Any, tmp_path: Path
) -> None:
    """After its first document, a Ray worker's imported generator and filled caches are out of its
    garbage collections (``gc.freeze``), as in a local pool's forked workers."""
    from generation.run.ray_run import generate_on_ray

    config = CONFIG.model_copy(update={"n_docs": 2})
    assert generate_on_ray(config, tmp_path, progress=False, planner=plan_sample_document).ok
    probe = ray_local.remote(num_cpus=1)(_worker_state)
    states = dict(
        (pid, (renders, frozen)) for pid, renders, frozen in ray_local.get([probe.remote() for _ in range(8)])
    )
    rendered = [frozen for renders, frozen in states.values() if renders]
    assert rendered, f"no probe reached a worker that generated a document: {states}"
    assert all(frozen > 10_000 for frozen in rendered), states


# ---- verify ----


def _split_shards(reference: Path, root: Path, n: int) -> list[Path]:
    """The reference output as ``n`` shard folders (index % n == k), as separate machines write them."""
    folders = []
    for k in range(n):
        folder = root / f"shard-{k}"
        (folder / "docs").mkdir(parents=True)
        shutil.copy(reference / "config.json", folder / "config.json")
        for doc in sorted((reference / "docs").iterdir()):
            if int(doc.name.rsplit("-", 1)[1]) % n == k:
                shutil.copytree(doc, folder / "docs" / doc.name)
        folders.append(folder)
    return folders


def test_verify_accepts_complete_shards_and_names_missing_ones(reference: Path, tmp_path: Path) -> None:
    even, odd = _split_shards(reference, tmp_path, 2)
    report = verify_output([even, odd])
    assert report.ok and report.complete == 4 and report.digest == config_digest(CONFIG)
    assert verify_output([even], shard=(0, 2)).ok
    rerun = "rerun `synthdocbench generate` with the same config to redo it"
    assert verify_output([even]).problems == [
        f"sdb-11-00001: missing (document index 1); {rerun}",
        f"sdb-11-00003: missing (document index 3); {rerun}",
    ]
    shutil.rmtree(odd / "docs")  # a shard that wrote nothing: one line, however many documents
    assert verify_output([odd], shard=(1, 2)).problems == [
        f"sdb-11-00001 .. sdb-11-00003: 2 documents missing (indices 1-3 in steps of 2); {rerun}"
    ]


def test_verify_names_a_missing_doc_a_truncated_manifest_and_partial_files(
    reference: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    shutil.rmtree(out / "docs" / "sdb-11-00003")
    manifest = out / "docs" / "sdb-11-00000" / "manifest.json"
    manifest.write_bytes(manifest.read_bytes()[:300])  # DONE stays: a copy cut short
    pdf = out / "docs" / "sdb-11-00002" / "document.pdf"
    pdf.write_bytes(pdf.read_bytes()[:2000])
    (out / "docs" / "sdb-11-00001" / ".questions.jsonl.0123abcd.tmp").write_text("{", encoding="utf-8")
    problems = verify_output([out]).problems
    assert len(problems) == 4, problems
    assert problems[0].startswith(f"{out}/docs/sdb-11-00001/.questions.jsonl.0123abcd.tmp: partial file")
    assert problems[1].startswith(f"{manifest}: not valid JSON (")
    assert "truncated or corrupt" in problems[1]
    assert problems[2].startswith(f"{pdf}: not a complete PDF")
    assert problems[3].startswith("sdb-11-00003: missing (document index 3)")
    assert all("\n" not in line for line in problems)


def test_verify_names_a_shard_generated_with_another_config(
    ray_local: Any, reference: Path, tmp_path: Path
) -> None:
    from generation.run.ray_run import generate_on_ray

    even, _ = _split_shards(reference, tmp_path, 2)
    other = CONFIG.model_copy(update={"min_pages": 8, "max_pages": 8})
    odd = tmp_path / "odd-other-config"
    summary = generate_on_ray(other, odd, shard=(1, 2), progress=False, planner=plan_sample_document)
    assert summary.ok
    problems = verify_output([even, odd]).problems
    assert problems[0] == (
        f"{odd}/config.json: config digest {config_digest(other)} differs from {config_digest(CONFIG)} "
        f"({even}/config.json): this shard was generated with other settings; regenerate it with the "
        "same config"
    )
    targets = [p for p in problems[1:] if "/targets.json: target_pages is 8 but this config gives" in p]
    assert len(targets) == 2 and len(problems) == 3, problems

    # the same document copied into a folder whose config.json agrees is caught by its targets
    mixed = tmp_path / "mixed"
    shutil.copytree(reference, mixed)
    shutil.rmtree(mixed / "docs" / "sdb-11-00001")
    shutil.copytree(odd / "docs" / "sdb-11-00001", mixed / "docs" / "sdb-11-00001")
    problems = verify_output([mixed]).problems
    assert len(problems) == 1 and problems[0].startswith(
        f"{mixed}/docs/sdb-11-00001/targets.json: target_pages is 8 but this config gives"
    )


def test_verify_command_prints_one_line_per_problem_and_exits_non_zero(
    reference: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    (out / "docs" / "sdb-11-00002" / "DONE").unlink()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "synthdocbench_tasks.cli", "verify"]
    bad = subprocess.run([*cmd, str(out)], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert bad.returncode == 1
    assert bad.stdout.splitlines() == [
        f"{out}/docs/sdb-11-00002: unfinished (no DONE); rerun `synthdocbench generate` with the same "
        "config to redo it",
        f"{out}: 1 problem(s); 3 of 4 documents complete and consistent (config {config_digest(CONFIG)})",
    ]
    missing = subprocess.run(
        [*cmd, str(tmp_path / "nowhere")], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )
    assert missing.returncode == 2
    assert missing.stderr.strip().splitlines() == [
        f"synthdocbench: {tmp_path / 'nowhere'} is not a folder; pass the --out folder(s) of "
        "`synthdocbench generate`"
    ]


# ---- the command line and a missing extra ----


def test_ray_flag_alone_means_a_local_instance() -> None:
    assert _ray_flag_value(["generate", "--out", "o", "--ray"]) == [
        "generate",
        "--out",
        "o",
        "--ray",
        "local",
    ]
    assert _ray_flag_value(["generate", "--ray", "--out", "o"]) == [
        "generate",
        "--ray",
        "local",
        "--out",
        "o",
    ]
    assert _ray_flag_value(["generate", "--ray", "auto"]) == ["generate", "--ray", "auto"]
    assert _ray_flag_value(["eval", "--ray"]) == ["eval", "--ray"]


def test_a_missing_ray_extra_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from generation.run.ray_session import RayUnavailableError, import_ray

    monkeypatch.setitem(sys.modules, "ray", None)  # what `import ray` meets without the extra
    with pytest.raises(RayUnavailableError, match=r"^--ray needs the optional Ray extra: pip install"):
        import_ray()


def _generate_cli(args: list[str], timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``synthdocbench generate ARGS`` in a fresh interpreter on this tree, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "synthdocbench_tasks.cli", "generate", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        timeout=timeout,
    )


@pytest.fixture(scope="module")
def small_config(tmp_path_factory: pytest.TempPathFactory) -> Path:
    config = tmp_path_factory.mktemp("config") / "small.yaml"
    config.write_text(
        "target_pages: 4\nmin_charts: 2\nmax_charts: 2\nquestions_per_subset: 1\n", encoding="utf-8"
    )
    return config


@pytest.fixture(scope="module")
def local_cli(small_config: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``synthdocbench generate`` of two small documents on two local worker processes."""
    out = tmp_path_factory.mktemp("local-cli")
    args = [
        "--config",
        str(small_config),
        "--out",
        str(out),
        "--n-docs",
        "2",
        "--workers",
        "2",
        "--no-progress",
    ]
    proc = _generate_cli(args)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return out


def test_generate_command_joins_a_running_ray_instance(
    ray_local: Any, small_config: Path, local_cli: Path, tmp_path: Path
) -> None:
    out = tmp_path / "cli"
    address = ray_local.get_runtime_context().gcs_address  # 127.0.0.1:PORT (loopback only)
    args = ["--config", str(small_config), "--out", str(out), "--n-docs", "2", "--workers", "2"]
    proc = _generate_cli([*args, "--no-progress", "--ray", address])
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.startswith(f"{out}: 2 generated, 0 already done, 0 failed of 2 in this shard")
    assert verify_output([out]).ok
    assert _tree(out / "docs") == _tree(local_cli / "docs")


def test_generate_command_on_a_private_ray_instance_gives_the_local_bytes(
    small_config: Path, local_cli: Path, tmp_path: Path
) -> None:
    """``--ray`` alone: the command starts Ray and warms its workers before it imports the
    generator (``synthdocbench_tasks.cli._generate_on_ray``), then shuts Ray down; the documents are the
    local pool's, byte for byte."""
    out = tmp_path / "cli"
    args = ["--config", str(small_config), "--out", str(out), "--n-docs", "2", "--workers", "2"]
    proc = _generate_cli([*args, "--no-progress", "--ray"])
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.startswith(f"{out}: 2 generated, 0 already done, 0 failed of 2 in this shard")
    assert _tree(out / "docs") == _tree(local_cli / "docs")


def test_the_modules_that_start_ray_import_no_generator() -> None:
    """What lets Ray start while the command imports the generator: the modules that start it
    and submit the warm-up tasks import none of the generation stages."""
    code = (
        "import sys, synthdocbench_tasks.cli, generation.run.ray_session\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('generation.'))))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["generation.run", "generation.run.ray_session"]


def test_warm_up_tasks_leave_workers_with_chromium_and_a_frozen_heap(ray_local: Any) -> None:
    """One warm-up task per cluster CPU (no more than there are documents); each leaves its
    worker process with the generator imported, Chromium started and its heap frozen."""
    from generation.run.ray_session import warm_workers
    from synthdocbench_tasks.cli import _warm_ray_worker

    assert ray_local.get(warm_workers(ray_local, _warm_ray_worker, 5)) == [None, None]  # 2 CPUs
    assert ray_local.get(warm_workers(ray_local, _warm_ray_worker, 1)) == [None]
    assert warm_workers(ray_local, _warm_ray_worker, 0) == []
    probe = ray_local.remote(num_cpus=1)(_worker_state)
    states = {
        pid: (renders, frozen) for pid, renders, frozen in ray_local.get([probe.remote() for _ in range(8)])
    }
    assert any(renders for renders, _ in states.values()), states
    assert all(frozen > 10_000 for renders, frozen in states.values() if renders), states


def _dead_port() -> int:
    """A loopback port nothing listens on (bound, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("form", ["127.0.0.1:{port}", "ray://127.0.0.1:{port}"])
def test_a_dead_cluster_address_is_one_clear_line_not_a_hang(form: str, tmp_path: Path) -> None:
    """Ray's own ``init`` retries a dead HOST:PORT for over a minute; the command says so at once."""
    address = form.format(port=_dead_port())
    args = ["--out", str(tmp_path / "out"), "--n-docs", "1", "--no-progress", "--ray", address]
    proc = _generate_cli(args, timeout=120)
    assert proc.returncode != 0
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr[-2000:]
    assert lines[0].startswith(
        f"synthdocbench: cannot reach the Ray cluster at {address}: nothing accepts connections"
    ), lines
    assert "ray start --head" in lines[0]


def test_unreachable_reads_only_host_port_addresses() -> None:
    from generation.run.ray_session import unreachable

    assert unreachable("auto") is None  # Ray finds the cluster itself
    assert unreachable("local") is None
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        assert unreachable(f"127.0.0.1:{listening.getsockname()[1]}") is None
    assert unreachable(f"127.0.0.1:{_dead_port()}", timeout=2.0) is not None
