"""Benchmark: ``synthdocbench report`` and the viewer's list load against a JSON parse of the logs.

    python bench/report_view.py [--answers 2000] [--runs 4] [--repeat 5] [--only report|view] [--again]
                                [--baseline TREE]

Writes ``--runs`` runs (models) of lmms-eval samples logs in the exact format lmms-eval 0.7.3
writes for the ``synthdoc`` group (three task logs per run, the record copied under ``acc``,
``score``, ``failed``, ``unscored`` and ``uncertain``, ``answer_values``, the prompt as
``input``, a SHA-256 ``doc_hash`` per question), ``--answers`` answers in all, the same
questions in every run (nine a document), judged with scores 0..10. Then, each in a fresh
Python process, alternating the order each repetition:

* floor:  ``json.loads`` of every line of every log (and nothing else)
* report: ``synthdocbench report LOGS --out DIR`` (the console script, as a user runs it;
          the one beside this interpreter, see :func:`bench._timing.console_script`), DIR removed before
          each run: a report from nothing, every figure drawn
* again:  with ``--again``, the same into a folder an earlier report of the same logs filled
          (its figures taken, not drawn: what running the report again costs)
* base:   with ``--baseline TREE`` (another checkout of the project, e.g. ``git archive main``
          unpacked), the report as that tree's code makes it (``PYTHONPATH=TREE``, compiled as
          installed), in the same rotation: before and after paired within each repetition
* view:   ``synthdocbench view LOGS --port 0`` (the console script) until the question list
          (``GET /api/questions``, what the page asks for first) has come back; then it is stopped

Every process runs as a user's installed package does (:func:`bench._timing.installed_env`: the
project's modules compiled once beforehand, even where ``PYTHONDONTWRITEBYTECODE`` is set). It
prints each repetition's paired ratios to the floor, their median and [min, max], and
each side's median time per answer (the scaling: run it at 2,000, 20,000 and 200,000); then
the same for the CPU seconds of each process (user + system: steadier on a busy machine).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._timing import collect, console_script, installed_env, paired_summary

TASKS = {"chart": "synthdoc_chart", "cross_modal": "synthdoc_crossmodal", "complex": "synthdoc_complex"}
CATEGORIES = {
    "chart": "value_reading",
    "cross_modal": "verify_with_chart",
    "complex": "technical_quantitative",
}
COPIES = ("acc", "score", "failed", "unscored", "uncertain")
PROMPT = (
    "You are a meticulous analyst reading a long report given as page images. Answer only from what "
    "the pages show: read values off the charts where the question asks for them, quote the text "
    "where it gives them, and say which figure or section you used. When the document does not "
    "contain the answer, say so plainly instead of guessing. Give numbers with their units, keep the "
    "precision the document uses, and do not round intermediate values. Keep the answer short: one "
    "or two sentences, then the final answer on its own line.\n\nQuestion: {q}"
)

_FLOOR = """
import json, sys
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        for raw in f:
            json.loads(raw)
"""


def _record(qid: str, doc: str, subset: str, k: int, score: int, model: int) -> dict[str, object]:
    position = round((k + 1) / 10, 6)
    return {
        "question_id": qid,
        "doc_id": doc,
        "subset": subset,
        "category": CATEGORIES[subset],
        "difficulty": f"L{1 + k % 5}",
        "position_bucket": "early" if position <= 1 / 3 else "middle" if position <= 2 / 3 else "late",
        "position": position,
        "chart_type": "line" if k % 2 else "bar",
        "question": f"What value does figure {k} of {doc} show for the year {2000 + k}, in percent?",
        "reference": f"Figure {k} shows {k * 1.37:.2f}% in {2000 + k} (the plotted value).",
        "answer_values": [
            {
                "kind": "number",
                "text": f"{k * 1.37:.2f}",
                "value": k * 1.37,
                "unit": "%",
                "abs_tol": 0.0,
                "rel_tol": 0.01,
                "aliases": [],
            },
        ],
        "answer": f"Model {model} reads {k * 1.37 + model:.2f}%.",
        "score": score,
        "judgement": (
            f"The reference gives {k * 1.37:.2f}% for {2000 + k}; the answer reads the same figure and "
            f"gives {k * 1.37 + model:.2f}%, which the judge compares with the tolerance of the "
            f"reference value and the unit it states. Score {score}."
        ),
        "judge": "openai:gpt-5",
        "prompt_version": "v1",
        "valid": True,
        "failure": None,
        "certain": True,
    }


def write_logs(root: Path, answers: int, runs: int, seed: int = 7) -> list[Path]:
    """``runs`` run folders of samples logs with ``answers`` answers in all."""
    rng = random.Random(seed)
    per_run = answers // runs
    subsets = list(TASKS)
    questions = [(f"doc{i // 9}", subsets[i % 3], i % 9) for i in range(per_run)]
    files = []
    for model in range(runs):
        folder = root / f"model{model}"
        folder.mkdir(parents=True)
        by_task: dict[str, list[str]] = {t: [] for t in TASKS.values()}
        for doc, subset, k in questions:
            qid = f"{doc}-{subset}-{k:02d}"
            record = _record(qid, doc, subset, k, rng.randint(0, 10), model)
            task = TASKS[subset]
            line: dict[str, object] = {
                "doc_id": len(by_task[task]),
                "target": record["reference"],
                "resps": record["answer"],
                "filtered_resps": record["answer"],
                "token_counts": [None],
                "doc_hash": hashlib.sha256(qid.encode()).hexdigest(),  # one per question, as lmms-eval
                **{key: record for key in COPIES},
                "input": PROMPT.format(q=record["question"]),
            }
            by_task[task].append(json.dumps(line, ensure_ascii=False))
        date = "20260101_120000"
        for task, lines in by_task.items():
            path = folder / f"{date}_samples_{task}.jsonl"
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            files.append(path)
        results = {
            "results": {t: {"alias": t} for t in by_task},
            "configs": {t: {"task": t, "dataset_path": "/nonexistent/ds"} for t in by_task},
            "config": {"model": "vllm", "model_args": f"model=model{model}"},
            "model_name": "",
            "date": date,
        }
        (folder / f"{date}_results.json").write_text(json.dumps(results), encoding="utf-8")
    return files


def _children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far."""
    times = os.times()
    return times.children_user + times.children_system


def _fresh(
    argv: list[str], cwd: Path, cpu: list[float], env: dict[str, str], clear: Path | None = None
) -> Callable[[], float]:
    """``argv`` as a variant: a fresh process each call, started in ``cwd`` (not the repository,
    which ``python -c`` would put before ``PYTHONPATH``); its CPU seconds go to ``cpu``. The
    folder ``clear`` is removed before each call (untimed): a report made from nothing."""

    def run() -> float:
        if clear is not None:
            shutil.rmtree(clear, ignore_errors=True)
        start, used = time.perf_counter(), _children_cpu()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd, env=env)
        elapsed = time.perf_counter() - start
        cpu.append(_children_cpu() - used)
        return elapsed

    return run


def _viewer(exe: str, logs: Path, cwd: Path, cpu: list[float], env: dict[str, str]) -> Callable[[], float]:
    """``synthdocbench view LOGS --port 0`` as a variant: from its start until the question list
    it serves has been read (the page's first request), in a fresh process each call; its CPU
    seconds (until it is stopped) go to ``cpu``."""

    def run() -> float:
        start, used = time.perf_counter(), _children_cpu()
        argv = [exe, "view", str(logs), "--port", "0"]
        with subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd, env=env
        ) as proc:
            assert proc.stdout is not None
            line = proc.stdout.readline()  # "serving on http://127.0.0.1:PORT/ (Ctrl+C to stop)"
            if not line.startswith("serving on "):
                proc.kill()
                raise SystemExit(f"synthdocbench view did not start: {line}{proc.communicate()[1]}")
            url = line.split()[2] + "api/questions"
            request = urllib.request.Request(url, headers={"Sec-Fetch-Site": "same-origin"})
            with urllib.request.urlopen(request, timeout=600) as response:
                count = len(json.loads(response.read())["questions"])
            elapsed = time.perf_counter() - start
            proc.terminate()
        cpu.append(_children_cpu() - used)
        if not count:
            raise SystemExit("synthdocbench view listed no question")
        return elapsed

    return run


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--answers", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", choices=("report", "view"), help="time one command against the floor")
    parser.add_argument(
        "--again",
        action="store_true",
        help="also time `report` into a folder an earlier report of the same logs filled (its figures taken)",
    )
    parser.add_argument(
        "--baseline", type=Path, help="also time `report` as this checkout's code makes it (before/after)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        files = write_logs(tmp / "logs", args.answers, args.runs)
        size = sum(f.stat().st_size for f in files)
        logs = [str(f) for f in files]
        out = tmp / "report"
        exe = console_script()
        env = installed_env([_BENCH.parent])
        cpu: dict[str, list[float]] = {"floor": [], "report": [], "base": [], "view": [], "again": []}
        variants = {"floor": _fresh([sys.executable, "-c", _FLOOR, *logs], tmp, cpu["floor"], env)}
        if args.only != "view":
            report = [exe, "report", str(tmp / "logs"), "--out", str(out)]
            variants["report"] = _fresh(report, tmp, cpu["report"], env, clear=out)
        if args.baseline is not None and args.only != "view":
            tree = args.baseline.resolve()
            base_env = installed_env([tree], dict(env, PYTHONPATH=str(tree)))
            base = [exe, "report", str(tmp / "logs"), "--out", str(tmp / "base")]
            variants["base"] = _fresh(base, tmp, cpu["base"], base_env, clear=tmp / "base")
        if args.again:
            again = [exe, "report", str(tmp / "logs"), "--out", str(tmp / "again")]
            # fills it, untimed
            subprocess.run(again, check=True, stdout=subprocess.DEVNULL, cwd=tmp, env=env)
            variants["again"] = _fresh(again, tmp, cpu["again"], env)
        if args.only != "report":
            variants["view"] = _viewer(exe, tmp / "logs", tmp, cpu["view"], env)
        print(
            f"{args.answers} answers in {args.runs} runs, {len(files)} logs, {size / 1e6:.1f} MB; "
            f"{args.repeat} repetitions, each side a fresh process, order rotating"
        )
        print(f"load average (1, 5, 15 min) at the start: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
        times = collect(variants, args.repeat)
        for name, seconds in times.items():
            med, low, high = statistics.median(seconds), min(seconds), max(seconds)
            per = med / args.answers * 1e6
            print(f"{name:6s}: median {med:7.2f} s  [{low:.2f}, {high:.2f}]  {per:6.1f} us per answer")
        for name in variants:
            if name == "floor":
                continue
            print(f"{name} / floor: {paired_summary(times[name], times['floor'])}")
        if "base" in variants:
            print(f"report / base: {paired_summary(times['report'], times['base'])}")
        for name in variants:  # CPU seconds of each process: steadier than wall time on a busy machine
            med = statistics.median(cpu[name])
            line = f"{name:6s} CPU: median {med:7.2f} s  [{min(cpu[name]):.2f}, {max(cpu[name]):.2f}]"
            if name != "floor":
                line += f"  / floor CPU: {paired_summary(cpu[name], cpu['floor'])}"
            print(line)
        if "base" in variants:
            print(f"report / base CPU: {paired_summary(cpu['report'], cpu['base'])}")
            print(f"report against base, the last of each: {_same_content(out, tmp / 'base')}")
        print(f"load average (1, 5, 15 min) at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


def _same_content(a: Path, b: Path) -> str:
    """Whether the reports in ``a`` and ``b`` hold the same tables, ``report.md``,
    ``report.html`` and PNGs, byte for byte (the figures' JSON records what drew them, which
    differs between trees): "same ..." or the files that differ."""
    names = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file() and p.suffix != ".json")
    if names != sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file() and p.suffix != ".json"):
        return "different files"
    differ = [str(n) for n in names if (a / n).read_bytes() != (b / n).read_bytes()]
    if differ:
        return f"differ: {', '.join(differ)}"
    return f"same {len(names)} files (tables, report.md/.html, PNGs)"


if __name__ == "__main__":
    main()
