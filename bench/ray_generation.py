"""Ray overhead: ``generate --ray`` on a local Ray instance against ``--workers N``, same run.

Usage: ``python bench/ray_generation.py [--config configs/paper.yaml] [--n-docs 24] [--workers 2] [--reps 2]``

Each rep generates the first N documents of the config twice into fresh folders, once with the
local process pool (``generation.run.pipeline.generate``, N worker processes) and once on a
private local Ray instance with as many CPUs (``generation.run.ray_run.generate_runs_ray``, which
starts Ray, runs one task per document and shuts Ray down). The order alternates between reps
so drift in the machine's load hits both. It prints wall seconds of each run, the ratio
Ray/local of the summed times (end to end, Ray start and stop included) and of the generation
phase alone, whether both outputs are byte-identical, and the measured core-seconds per
document that docs/scale.md projects from. Timings on a shared machine are noisy: compare
ratios from one run.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place (for ``bench._timing``).
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._timing import interleave
from generation.plan.config import GenerationConfig, Run, load_config
from generation.run.pipeline import generate
from generation.run.ray_run import generate_runs_ray


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _local(config: GenerationConfig, out: Path) -> tuple[float, float]:
    start = time.perf_counter()
    summary = generate(config, out, progress=False)
    wall = time.perf_counter() - start
    if not summary.ok or len(summary.generated) != config.n_docs:
        raise SystemExit(f"local run failed: {summary}")
    return wall, summary.seconds


def _ray(config: GenerationConfig, out: Path) -> tuple[float, float]:
    start = time.perf_counter()
    [summary] = generate_runs_ray([Run("", config)], out, address=None, progress=False)
    wall = time.perf_counter() - start
    if not summary.ok or len(summary.generated) != config.n_docs:
        raise SystemExit(f"Ray run failed: {summary}")
    return wall, summary.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=Path("configs/paper.yaml"))
    parser.add_argument("--n-docs", type=int, default=24)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--reps", type=int, default=2)
    args = parser.parse_args()
    config = load_config(args.config, n_docs=args.n_docs, workers=args.workers)
    walls: dict[str, list[float]] = {"local": [], "ray": []}
    phases: dict[str, list[float]] = {"local": [], "ray": []}
    identical = True
    outs: dict[str, Path] = {}

    def side(mode: str, tmp: Path) -> float:
        out = tmp / mode
        wall, phase = (_local if mode == "local" else _ray)(config, out)
        walls[mode].append(wall)
        phases[mode].append(phase)
        outs[mode] = out
        rep = len(walls[mode]) - 1
        print(f"rep {rep} {mode:5s}: {wall:6.1f} s wall, {phase:6.1f} s generating", flush=True)
        return wall

    with tempfile.TemporaryDirectory(prefix="bench-ray-") as tmp:
        sides = {mode: partial(side, mode, Path(tmp)) for mode in ("local", "ray")}
        for _ in interleave(sides, args.reps):
            identical = identical and _tree(outs["local"]) == _tree(outs["ray"])
            for out in outs.values():
                shutil.rmtree(out)
    local_wall, ray_wall = sum(walls["local"]), sum(walls["ray"])
    per_doc = statistics.median(walls["local"]) * args.workers / args.n_docs
    print(f"documents per run: {args.n_docs}, workers/CPUs: {args.workers}, reps: {args.reps} (interleaved)")
    print(f"outputs byte-identical (local vs Ray, every rep): {identical}")
    print(f"ratio Ray/local, end to end (Ray start + stop included): {ray_wall / local_wall:.3f}")
    print(f"ratio Ray/local, generation phase only: {sum(phases['ray']) / sum(phases['local']):.3f}")
    print(f"core-seconds per document (local, median rep): {per_doc:.2f}")


if __name__ == "__main__":
    main()
