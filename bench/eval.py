"""Benchmark: where the wall time of an lmms-eval run goes, measured inside that run.

    python bench/eval.py [--dataset DIR] [--n-docs 2] [--tasks synthdoc] [--judge offline]
                         [--model synthdoc_ocr_retrieval] [--limit N]

Runs ``synthdocbench eval`` (the real lmms-eval CLI in a child process) on the CPU baseline
``synthdoc_ocr_retrieval`` (scripts/demo.sh) over an exported dataset (``--dataset``, else
``--n-docs`` freshly generated and exported documents) with an empty cache folder, and times,
by wrapping the hooks and the model in that child:

* strips:    ``hooks.doc_to_visual`` (rasterise + encode + cache write the first time a
             document is asked, then the per-question cost of handing the images over)
* inference: the model's ``generate_until`` less the strip time spent inside it (for this
             baseline: Tesseract OCR of each strip once, then TF-IDF retrieval)
* judging:   ``hooks.process_results`` (answer parsing + the judge), summed over its threads
             and as the wall-clock span they cover
* other:     the rest of the wall time (Python and lmms-eval start-up, task building and the
             dataset load, writing results)

Each is printed in seconds and as a share of the run's wall time. Then the same run again
with the caches filled (a second run of the same command: strips and OCR come from disk).

In-run judging against an LLM judge endpoint of known latency:

    python bench/eval.py --judge-stub-ms 250 --model synthdoc_text_retrieval --tasks synthdoc_text

starts a loopback OpenAI-compatible server (bench/_judge_stub.py) that answers
every chat request after 250 ms and runs, ``--repeat`` times in alternating order, each in a
fresh process: ``synthdocbench eval`` with ``SYNTHDOC_JUDGE=openai:stub-judge`` against it
(an empty judge cache), and the floor, as many requests from one bare ``openai`` client at
the same concurrency (``process_docs_parallel``). Each rate is the server's view: requests
over the span from the first arrival to the last reply. It prints each repetition, then the
median [min, max] of the paired ratios in-run / bare and in-run / ceiling
(``process_docs_parallel / latency``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Run as a script, this file's folder comes first on sys.path and bench/generation.py would
# shadow the ``generation`` package; drop that entry (as bench/generation.py does).
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]


class _Clock:
    """Thread-safe sums of durations per stage, and the wall-clock span each stage covers."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.total: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self.first: dict[str, float] = {}
        self.last: dict[str, float] = {}
        self.local = threading.local()

    def wrap(self, stage: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                end = time.perf_counter()
                with self.lock:
                    self.total[stage] = self.total.get(stage, 0.0) + end - start
                    self.calls[stage] = self.calls.get(stage, 0) + 1
                    self.first.setdefault(stage, start)
                    self.last[stage] = end

        timed.__name__ = getattr(fn, "__name__", stage)
        timed.__doc__ = fn.__doc__
        return timed


def child(args: list[str], out: Path) -> None:
    """In the child: wrap the hooks and the model, run ``synthdocbench eval``, write the times."""
    start = time.perf_counter()
    clock = _Clock()
    from synthdocbench_tasks import hooks
    from synthdocbench_tasks.baselines.model import RetrievalModel

    hooks.doc_to_visual = clock.wrap("strips", hooks.doc_to_visual)
    hooks.process_results = clock.wrap("judging", hooks.process_results)
    RetrievalModel.generate_until = clock.wrap("model", RetrievalModel.generate_until)  # type: ignore[method-assign]
    from synthdocbench_tasks.cli import main

    code: object = 0
    sys.argv = ["synthdocbench", "eval", *args]
    try:
        main()
    except SystemExit as exc:
        code = exc.code
    wall = time.perf_counter() - start
    result = {
        "wall": wall,
        "exit": code if isinstance(code, int) else str(code),
        "total": clock.total,
        "calls": clock.calls,
        "span": {k: clock.last[k] - clock.first[k] for k in clock.first},
    }
    out.write_text(json.dumps(result), encoding="utf-8")


def _dataset(n_docs: int, workdir: Path) -> Path:
    from generation.export.dataset import export_dataset
    from generation.plan.config import GenerationConfig
    from generation.run.pipeline import generate

    generate(GenerationConfig(seed=7, n_docs=n_docs), workdir / "gen", progress=False)
    export_dataset(workdir / "gen", workdir / "dataset")
    return workdir / "dataset"


def _setup(args: argparse.Namespace, tmp: Path, judge: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """The environment and ``synthdocbench eval`` arguments of a run in ``tmp`` (its dataset,
    an empty cache folder, results and samples logs there), announced on stdout."""
    dataset = args.dataset.resolve() if args.dataset else _dataset(args.n_docs, tmp)
    env = {**os.environ, "SYNTHDOC_DATASET": str(dataset), "SYNTHDOC_CACHE_DIR": str(tmp / "cache")}
    env.update(judge)
    eval_args = ["--model", args.model, "--tasks", args.tasks, "--batch_size", "1"]
    eval_args += ["--output_path", str(tmp / "results"), "--log_samples"]
    if args.limit:
        eval_args += ["--limit", str(args.limit)]
    print(f"synthdocbench eval {' '.join(eval_args)}  (dataset {dataset})")
    return env, eval_args


def _run(eval_args: list[str], env: dict[str, str], out: Path) -> dict[str, Any]:
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(out), "--", *eval_args]
    proc = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if not out.is_file():
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        raise SystemExit(f"bench/eval.py: the run wrote no timings (exit {proc.returncode})")
    times: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    if times["exit"] not in (0, None):
        sys.stderr.write(proc.stderr[-4000:])
        raise SystemExit(
            f"bench/eval.py: synthdocbench eval exited {times['exit']}; no figures from a failed run"
        )
    return times


def _report(label: str, t: dict[str, Any]) -> None:
    wall = t["wall"]
    total, calls, span = t["total"], t["calls"], t["span"]
    strips = total.get("strips", 0.0)
    model = total.get("model", 0.0)
    judging = total.get("judging", 0.0)
    inference = model - strips  # doc_to_visual runs inside generate_until
    judged_span = span.get("judging", 0.0)
    other = wall - model - judged_span
    print(f"{label}: wall {wall:7.2f} s, {calls.get('judging', 0)} answers judged")
    rows = [
        ("strips (doc_to_visual)", strips, f"{calls.get('strips', 0)} calls"),
        ("inference (model less strips)", inference, ""),
        ("judging (process_results), summed", judging, f"over threads; span {judged_span:.2f} s"),
        ("other (start-up, tasks, dataset, I/O)", other, "wall less model and judging span"),
    ]
    for name, seconds, note in rows:
        print(f"  {name:38s}: {seconds:7.2f} s  {seconds / wall:6.1%} of wall  {note}")


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(sys.argv[4:], Path(sys.argv[2]))
        return
    if len(sys.argv) > 2 and sys.argv[1] == "--bare-child":
        _bare_child(sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), Path(sys.argv[2]))
        return
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dataset", type=Path, help="an exported dataset (default: generate --n-docs)")
    parser.add_argument("--n-docs", type=int, default=2)
    parser.add_argument("--tasks", default="synthdoc")
    parser.add_argument("--model", default="synthdoc_ocr_retrieval")
    parser.add_argument("--judge", default="offline", help="SYNTHDOC_JUDGE for the run")
    parser.add_argument("--limit", type=int, help="questions per task")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions of the judged run and its floor")
    parser.add_argument(
        "--judge-stub-ms",
        type=float,
        help="judge with openai:stub-judge against a loopback server answering after this many ms",
    )
    args = parser.parse_args()
    if args.judge_stub_ms is not None:
        _judging(args)
        return
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        env, eval_args = _setup(args, tmp, {"SYNTHDOC_JUDGE": args.judge})
        cold = _run(eval_args, env, tmp / "cold.json")
        warm = _run(eval_args, env, tmp / "warm.json")
        _report("cold caches", cold)
        _report("filled caches", warm)
        strips_cold, wall_cold = cold["total"].get("strips", 0.0), cold["wall"]
        print(
            f"ratios in this run: strips {strips_cold / wall_cold:.1%} of a cold run, "
            f"{warm['total'].get('strips', 0.0) / warm['wall']:.1%} of a run on filled caches; "
            f"filled/cold wall {warm['wall'] / wall_cold:.2f}"
        )


def _bare_child(base_url: str, n: int, concurrency: int, out: Path) -> None:
    """In the child: ``n`` chat requests through one bare ``openai`` client, ``concurrency`` at once."""
    from bench._bare_client import bare_requests

    out.write_text(json.dumps({"replies": bare_requests(base_url, n, concurrency)}), encoding="utf-8")


def _judging(args: argparse.Namespace) -> None:
    """In-run judging against a loopback endpoint of fixed latency, against its floor: the same
    number of requests from a bare ``openai`` client at the same concurrency (a fresh process
    each, alternating); both rates are the judge endpoint's view (first arrival to last reply)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for bench/
    from bench._judge_stub import judge_stub
    from bench._timing import paired_summary, rotation
    from synthdocbench_tasks.eval_command import PROCESS_DOCS_PARALLEL

    delay = args.judge_stub_ms / 1000
    ceiling = PROCESS_DOCS_PARALLEL / delay
    rates: dict[str, list[float]] = {"eval": [], "bare": []}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        dataset_args = argparse.Namespace(
            **{**vars(args), "dataset": args.dataset or _dataset(args.n_docs, tmp)}
        )
        n_answers = 0
        for rep in range(args.repeat):
            for side in rotation(["eval", "bare"], rep):
                with judge_stub(delay) as arrivals:
                    work = tmp / f"{side}-{rep}"
                    work.mkdir()
                    if side == "eval":
                        judge_env = {
                            "SYNTHDOC_JUDGE": "openai:stub-judge",
                            "SYNTHDOC_JUDGE_BASE_URL": arrivals.base_url,
                            "SYNTHDOC_JUDGE_API_KEY": "sk-loopback-stub",
                        }
                        env, eval_args = _setup(dataset_args, work, judge_env)
                        t = _run(eval_args, env, work / "judged.json")
                        n_answers = t["calls"].get("judging", 0)
                    else:
                        command = [
                            sys.executable,
                            str(Path(__file__).resolve()),
                            "--bare-child",
                            str(work / "b.json"),
                        ]
                        command += [arrivals.base_url, str(n_answers), str(PROCESS_DOCS_PARALLEL)]
                        subprocess.run(command, check=True)
                n, span, rate = arrivals.rate()
                rates[side].append(rate)
                print(
                    f"rep {rep + 1} {side:4s}: {n} judge requests in {span:.2f} s = {rate:.1f}/s "
                    f"(at most {arrivals.max_in_flight} in flight; {rate / ceiling:.2f} of the ceiling)"
                )
    print(
        f"in-run judging / bare openai client at {PROCESS_DOCS_PARALLEL} at once: "
        f"{paired_summary(rates['eval'], rates['bare'])}"
    )
    print(
        f"in-run judging / ceiling ({PROCESS_DOCS_PARALLEL} / {args.judge_stub_ms:.0f} ms = "
        f"{ceiling:.0f}/s): "
        f"{paired_summary(rates['eval'], [ceiling] * len(rates['eval']))}"
    )


if __name__ == "__main__":
    main()
