"""Ray overhead: ``synthdocbench generate --ray`` against ``--workers N``, the real CLI, same run.

Usage: ``python bench/ray_generation.py [--config configs/paper.yaml] [--n-docs 8] [--workers 2] [--reps 3]
[--address auto | --cluster] [--timeline]``

Each rep runs the console script twice into fresh folders, each a fresh process (nothing warm
carried over): ``synthdocbench generate --config C --n-docs N --workers W --out DIR`` (the local
process pool) and the same with ``--ray`` (a private local Ray instance, which the command
starts, runs one task per document on and shuts down). The order alternates between reps so
drift in the machine's load hits both. Every process runs as an installed package does: the
console script beside this interpreter, the project compiled to bytecode beforehand, read and
written (``bench._timing.installed_env``; where ``PYTHONDONTWRITEBYTECODE`` is set, each fresh
process would compile the generator again, and a Ray run has three that import it: the driver
and each worker, where the local pool's workers inherit it by fork). Each rep also times, in a
fresh process, Ray's fixed cost alone: ``import ray``, the same private instance the command starts
(``generation.run.ray_session.ray_session``), one trivial task per CPU (every worker process
started) and the shutdown. It prints each rep's wall seconds, the paired ratio Ray/local and
the paired difference Ray − local (median and [min, max]), with psutil the CPU seconds of
each side's process tree (the command, its workers, Node, Chromium and, with a private
instance, every Ray process), their paired ratio and the same projection from CPU seconds,
whether both outputs are byte-identical, the measured core-seconds per document and the
projection docs/scale.md makes from them. With ``--address ADDRESS`` the Ray side joins a Ray instance started
beforehand (``ray start --head --num-cpus W``: ``--ray ADDRESS``, as on a cluster) instead of
starting its own, and "Ray alone" is connecting to it, one trivial task per CPU and
disconnecting. ``--cluster`` does the same on a head this bench starts before the reps and stops
after, untimed (``ray start --head --block --num-cpus W`` on loopback, stopped by its pid): the
case Ray is for, where the instance already runs; its first job is spent before the reps, so every
timed Ray run starts its own worker processes as a cluster's later jobs do, and the CPU seconds
the head's processes spend while a Ray side runs (its raylet, the job's workers and their
Chromium) count on that side. With ``--timeline``, one more run of each side with every Python
process it starts traced (``bench/_trace/sitecustomize.py``; with ``--cluster``, the head's
workers are not the command's and are not traced) prints when each process was created and when each
stage (imports, ``ray.init``, Chromium, the documents, ``ray.shutdown``) began and ended.
Timings on a shared machine are noisy: compare ratios from one run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place (for ``bench._timing``).
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._timing import console_script, installed_env, interleave, paired_summary, psutil, run_timed


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _command(args: argparse.Namespace, mode: str, out: Path) -> list[str]:
    argv = [console_script(), "generate", "--config", str(args.config), "--n-docs", str(args.n_docs)]
    argv += ["--workers", str(args.workers), "--out", str(out), "--no-progress"]
    ray = ["--ray", *([args.address] if args.address else [])]
    return [*argv, *ray] if mode == "ray" else argv


_FIXED = """
import time
start = time.perf_counter()
from generation.run.ray_session import ray_session
with ray_session({address!r}, num_cpus={cpus}) as ray:
    up = time.perf_counter()
    one = ray.remote(num_cpus=1)(lambda: None)
    ray.get([one.remote() for _ in range({cpus})])
    ready = time.perf_counter()
print(f"{{up - start}} {{ready - up}} {{time.perf_counter() - start}}")
"""


def _fixed_cost(
    workers: int, address: str, env: dict[str, str], head: int | None = None
) -> tuple[float, float, float, float | None]:
    """Seconds to Ray up (import + init), to every worker answering, and in all (shutdown
    included), and the CPU seconds of the process tree (with a private instance: every Ray process;
    joining the head ``head`` started: what its processes spend meanwhile too)."""
    code = _FIXED.format(cpus=workers, address=address)
    timed = run_timed([sys.executable, "-c", code], "Ray alone", env, also=head)
    up, ready, total = (float(x) for x in timed.output.strip().splitlines()[-1].split())
    return up, ready, total, timed.cpu


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def ray_head(workers: int, env: dict[str, str], log: Path) -> Iterator[tuple[str, int]]:
    """A Ray head node on loopback with ``workers`` CPUs, as ``ray start --head`` makes one on a
    cluster (``--block``: this bench's own process, stopped by its pid at the end, never by ``ray
    stop``, which would stop every Ray instance of this machine). Yields its address and pid once
    a first job has connected and every worker answered (untimed: the prestarted workers are
    spent, so every timed job starts its workers as a cluster's later jobs do)."""
    ray_cli = Path(sys.executable).parent / "ray"
    port = _free_port()
    argv = [str(ray_cli) if ray_cli.is_file() else "ray", "start", "--head", "--block", "--port", str(port)]
    argv += ["--node-ip-address", "127.0.0.1", "--num-cpus", str(workers)]
    argv += ["--include-dashboard", "false", "--disable-usage-stats"]
    # its own temp dir: the address file `ray.init()` without an address would find and join
    # (/tmp/ray/ray_current_cluster) stays untouched for every other Ray user of this machine
    argv += ["--temp-dir", str(log.parent / "ray-head")]
    with open(log, "w", encoding="utf-8") as out:
        head = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    address = f"127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if head.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(
                        f"ray start --head failed: {log.read_text(encoding='utf-8')[-2000:]}"
                    ) from None
                time.sleep(0.2)
        _fixed_cost(workers, address, env)
        yield address, head.pid
    finally:
        if head.poll() is not None:  # it stopped by itself: say why (its log, the end of it)
            print(f"the Ray head had stopped: {log.read_text(encoding='utf-8')[-3000:]}", file=sys.stderr)
        head.send_signal(signal.SIGTERM)  # --block: the head stops every process it started
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()


def _events(trace: Path) -> dict[int, list[tuple[float, str]]]:
    """Each traced process's events (``bench/_trace/sitecustomize.py``), in time order."""
    events: dict[int, list[tuple[float, str]]] = {}
    for log in trace.glob("*.log"):
        for line in log.read_text(encoding="utf-8").splitlines():
            at, pid, what = line.split(" ", 2)
            events.setdefault(int(pid), []).append((float(at), what))
    return {pid: sorted(evs) for pid, evs in events.items()}


def _stage_line(evs: list[tuple[float, str]], t0: float) -> str:
    """One process's stages, in seconds from the command's launch."""
    at = {what: t - t0 for t, what in evs}
    parts = [
        f"{w.removeprefix('imported ')} imported {at[w]:.1f}" for _, w in evs if w.startswith("imported")
    ]
    for name in ("ray.init", "chromium", "ray.shutdown"):
        if f"start {name}" in at and f"end {name}" in at:
            parts.append(f"{name} {at[f'start {name}']:.1f} -> {at[f'end {name}']:.1f}")
    docs = [(t - t0, w) for t, w in evs if w.startswith(("start document", "end document"))]
    if docs:
        busy = sum(t if w.startswith("end") else -t for t, w in docs)
        n = sum(w.startswith("end") for _, w in docs)
        parts.append(f"{n} documents {docs[0][0]:.1f} -> {docs[-1][0]:.1f} ({busy:.1f} s in documents)")
    return ", ".join(parts)


def _timeline(args: argparse.Namespace, env: dict[str, str], tmp: Path) -> None:
    """One traced run of each side: when each process was created and each stage began and ended."""
    for mode in ("local", "ray"):
        trace = tmp / f"trace-{mode}"
        trace.mkdir()
        path = os.pathsep.join([str(_BENCH / "_trace"), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        traced = {**env, "SYNTHDOC_TRACE_DIR": str(trace), "PYTHONPATH": path}
        t0 = time.time()
        timed = run_timed(_command(args, mode, tmp / f"traced-{mode}"), f"traced {mode} run", traced)
        print(f"timeline, {mode} (seconds from launch, one run, {timed.wall:.1f} s in all):")
        events = _events(trace)
        created = sorted(
            (evs[0][0] - t0, evs[0][1].split(" ", 1)[1], pid)
            for pid, evs in events.items()
            if evs[0][1].startswith("created")
        )
        print("  processes created: " + ", ".join(f"{name} {t:.1f}" for t, name, _ in created))
        for pid, evs in sorted(events.items(), key=lambda item: item[1][0][0]):
            line = _stage_line(evs, t0)
            if line:
                print(f"  {pid}: {line}")


def _cpu(cpu: float | None) -> str:
    return "" if cpu is None else f", {cpu:.1f} CPU s (process tree)"


def _measure(
    args: argparse.Namespace, env: dict[str, str], tmp: Path, head: int | None
) -> tuple[dict[str, list[float]], dict[str, list[float]], bool]:
    """The reps, each side in a fresh process, in rotating order: wall and CPU seconds per side
    (local, ray, "ray start": Ray alone) and whether every Ray output equals the local one."""
    walls: dict[str, list[float]] = {"local": [], "ray": [], "ray start": []}
    cpus: dict[str, list[float]] = {name: [] for name in walls}
    outs: dict[str, Path] = {}

    def side(mode: str) -> float:
        out = tmp / mode
        timed = run_timed(_command(args, mode, out), f"{mode} run", env, also=head if mode == "ray" else None)
        walls[mode].append(timed.wall)
        cpus[mode].append(timed.cpu or 0.0)
        outs[mode] = out
        print(f"rep {len(walls[mode]) - 1} {mode:5s}: {timed.wall:6.1f} s wall{_cpu(timed.cpu)}", flush=True)
        return timed.wall

    def fixed() -> float:
        up, ready, total, cpu = _fixed_cost(args.workers, args.address or "local", env, head)
        walls["ray start"].append(total)
        cpus["ray start"].append(cpu or 0.0)
        print(
            f"rep {len(walls['ray start']) - 1} Ray alone: {total:6.1f} s (up after {up:.1f} s, "
            f"workers answering {ready:.1f} s later, then shut down){_cpu(cpu)}",
            flush=True,
        )
        return total

    identical = True
    sides: dict[str, Callable[[], float]] = {m: partial(side, m) for m in ("local", "ray")}
    sides["ray start"] = fixed
    for _ in interleave(sides, args.reps):
        identical = identical and _tree(outs["local"] / "docs") == _tree(outs["ray"] / "docs")
        identical = identical and (outs["ray"] / "docs").is_dir()
        for out in outs.values():
            shutil.rmtree(out)
    return walls, cpus, identical


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=Path("configs/paper.yaml"))
    parser.add_argument("--n-docs", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--reps", type=int, default=3)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--address", help="join this running Ray (auto, HOST:6379), not a new one")
    where.add_argument(
        "--cluster",
        action="store_true",
        help="start a Ray head (ray start --head --block, --workers CPUs) before the reps, untimed, "
        "join it from every Ray run and stop it after",
    )
    parser.add_argument(
        "--timeline", action="store_true", help="then one traced run of each side: where the time goes"
    )
    args = parser.parse_args()
    if args.reps < 1:
        parser.error("--reps must be at least 1: the ratios are paired within a rep")
    env = installed_env([_BENCH.parent])
    with tempfile.TemporaryDirectory(prefix="bench-ray-") as tmp:
        if args.cluster:
            # `ray start` turns on Ray's token authentication (~/.ray/auth_token); a driver joining
            # it must ask for the token, as a user of such a cluster does
            env["RAY_AUTH_MODE"] = "token"
            with ray_head(args.workers, env, Path(tmp) / "head.log") as (args.address, head):
                print(f"Ray head started outside the timed commands: {args.address} (pid {head})", flush=True)
                walls, cpus, identical = _measure(args, env, Path(tmp), head)
                if args.timeline:
                    _timeline(args, env, Path(tmp))
        else:
            walls, cpus, identical = _measure(args, env, Path(tmp), None)
            if args.timeline:
                _timeline(args, env, Path(tmp))
    _report(args, walls, cpus, identical)


def _report(
    args: argparse.Namespace, walls: dict[str, list[float]], cpus: dict[str, list[float]], identical: bool
) -> None:
    per_doc = statistics.median(walls["local"]) * args.workers / args.n_docs
    print(f"documents per run: {args.n_docs}, workers/CPUs: {args.workers}, reps: {args.reps} (alternating)")
    print(f"document folders byte-identical (local vs Ray, every rep): {identical}")
    started = "joining a running Ray" if args.address else "Ray start + stop included"
    ratio = paired_summary(walls["ray"], walls["local"])
    print(f"Ray / local, end to end (fresh processes, {started}): {ratio}")
    if psutil is not None:
        med = {name: statistics.median(values) for name, values in cpus.items()}
        print(
            f"CPU seconds (process trees): local median {med['local']:.1f}, Ray median {med['ray']:.1f}, "
            f"Ray alone median {med['ray start']:.1f}; "
            f"Ray / local: {paired_summary(cpus['ray'], cpus['local'])}; "
            f"load average {os.getloadavg()[0]:.1f} now"
        )
    extra = [r - loc for r, loc in zip(walls["ray"], walls["local"], strict=True)]
    print(
        f"Ray - local, seconds: median {statistics.median(extra):.1f} [{min(extra):.1f}, {max(extra):.1f}]; "
        f"Ray alone (start, every worker, stop): median {statistics.median(walls['ray start']):.1f} s"
    )
    print(f"core-seconds per document (local, median rep): {per_doc:.2f}")
    fixed_s = statistics.median(extra)
    for n in (8, 24, 100, 1000):
        ratio = 1 + fixed_s / (n * per_doc / args.workers)
        print(f"projected Ray / local at {n:5d} documents on {args.workers} CPUs: {ratio:.2f}x")
    print(f"documents for Ray within 1.1x here: {fixed_s * args.workers / (0.1 * per_doc):.0f}")
    if psutil is not None:
        _cpu_projection(cpus, args.n_docs)


def _cpu_projection(cpus: dict[str, list[float]], n_docs: int) -> None:
    """The projection from CPU seconds: Ray's paired extra CPU seconds per command ``E`` over
    ``N`` documents of ``c`` CPU seconds each (the local run's per document), 1 + E / (N c). On
    a loaded machine wall seconds follow everyone's load; CPU seconds are this command's own."""
    extra = [r - loc for r, loc in zip(cpus["ray"], cpus["local"], strict=True)]
    fixed = statistics.median(extra)
    per_doc = statistics.median(cpus["local"]) / n_docs
    print(
        f"Ray - local, CPU seconds: median {fixed:.1f} [{min(extra):.1f}, {max(extra):.1f}]; "
        f"CPU seconds per document (local, median rep): {per_doc:.2f}"
    )
    for n in (8, 24, 100, 1000):
        print(f"projected Ray / local in CPU seconds at {n:5d} documents: {1 + fixed / (n * per_doc):.2f}x")
    print(f"documents for Ray within 1.1x in CPU seconds: {fixed / (0.1 * per_doc):.0f}")


if __name__ == "__main__":
    main()
