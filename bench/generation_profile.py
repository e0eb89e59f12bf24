"""Where the CPU of ``synthdocbench generate`` goes: py-spy samples of every process, ranked by stage.

Usage: ``python bench/generation_profile.py [--config configs/paper.yaml] [--n-docs 8] [--workers 2]
[--rate 100] [--raw FILE] [--cpu]``

Runs the real command once, cold (``synthdocbench generate --config C --n-docs N --workers W
--out FRESH --no-progress``), under ``py-spy record --subprocesses`` (py-spy must be installed),
and prints the share of the samples of each stage: the command's own process (imports, the
rest), a fork server where there is one, and in the workers the stage of the pipeline the
sampled stack is in (the first rule of ``STAGES`` that a frame of the stack matches). py-spy
samples the Python threads that are running or waiting for a core: under load a share is of
time spent, not of CPU alone; Chromium and Node are not sampled (their CPU is the floor's,
``bench/generation.py``). ``--raw FILE`` ranks a profile recorded before instead of running one.

``--cpu`` measures instead of sampling: the documents are generated in this process, one after
the other (``generation.run.pipeline.generate`` with one worker, a fresh output folder), and the
process CPU time of each stage is summed (exclusive of the stages inside it; garbage collection
apart, by ``gc.callbacks``): only this process's Python work, exact and free of the time a
sampled thread spends waiting for a core or for Chromium. The imports and the caches every
document needs are timed before the run.
"""

from __future__ import annotations

import argparse
import collections
import gc
import importlib
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

#: (label, "function (path part)"): a worker's sample goes to the first whose function is on its stack.
STAGES = (
    ("validation: chart legibility, rasterising (2 pixmaps a chart region, 216 dpi)", "_pixels (legibility"),
    ("validation: chart legibility, per-word pixel tests", "_check_pixels (legibility"),
    ("validation: chart legibility, the rest (glyphs, redactions, markers)", "check_document (legibility"),
    ("validation: text rules (words, tokens, leaks, evidence)", "validate_questions (validate/rules"),
    ("questions: making them", "make_questions (questions/build"),
    ("measuring: words read from the PDF (PyMuPDF text pages)", "read_words (pdf_text"),
    ("measuring: regions, titles, cleaning and saving the PDF", "measure_document (document/regions"),
    ("planning (content, prose, charts' data)", "default_planner (run/pipeline"),
    ("HTML (layout and chart SVG)", "render_html (document/layout"),
    ("worker start (Playwright, Chromium launch)", "_worker_renderer (run/pipeline"),
    ("writing the files (atomic, fsync)", "generate_document (run/pipeline"),
)
OTHER = "worker: Playwright's event loop (its own greenlet: the PDF's transport) and the rest"


def _on(frame: str, key: str) -> bool:
    func, _, where = key.partition(" (")
    name, _, place = frame.partition(" (")
    return (name == func or name.endswith("." + func)) and where in place


def rank(raw: Path) -> list[tuple[str, int]]:
    """(label, samples) of every stage, most first, from py-spy's raw (collapsed) output."""
    rows = []
    for line in raw.read_text(encoding="utf-8").splitlines():
        stack, _, n = line.rpartition(" ")
        frames = stack.split(";")
        process = [f for f in frames if f.startswith("process ")][-1]
        rows.append((process, frames, int(n)))
    workers = {p for p, frames, _ in rows if any(f.startswith("_worker_task ") for f in frames)}
    counts: collections.Counter[str] = collections.Counter()
    for process, frames, samples in rows:
        if process in workers:
            label = next((lab for lab, key in STAGES if any(_on(f, key) for f in frames)), OTHER)
        else:
            role = "fork server" if "forkserver import main" in process else "command"
            imports = any(f.startswith("_find_and_load ") for f in frames)
            label = f"{role}: {'imports' if imports else 'the rest'}"
        counts[label] += samples
    return counts.most_common()


_PIPE, _LEG = "generation.run.pipeline", "generation.validate.legibility"
_WRITE = "writing the files (atomic, fsync)"
#: (module, function, label) of the stages ``--cpu`` times (a stage inside another counts apart).
CPU_STAGES = (
    (_PIPE, "default_planner", "planning (content, prose, charts' data)"),
    (_PIPE, "render_html", "HTML (layout and chart SVG)"),
    (_PIPE, "measure_document", "measuring: regions, titles, cleaning and saving the PDF"),
    ("generation.document.regions", "read_words", "measuring: words read from the PDF (PyMuPDF text pages)"),
    (_PIPE, "make_questions", "questions: making them"),
    (_PIPE, "validate_questions", "validation: text rules (words, tokens, leaks, evidence)"),
    ("generation.validate.rules", "check_document", "validation: chart legibility, the rest"),
    (_LEG, "_pixels", "validation: chart legibility, rasterising (2 pixmaps a region, 216 dpi)"),
    (_LEG, "_check_pixels", "validation: chart legibility, per-word pixel tests"),
    (_LEG, "_remove_chart_text", "validation: chart legibility, redactions (the text-less copy)"),
    (_LEG, "page_words", "validation: chart legibility, glyphs (rawdict)"),
    (_LEG, "marker_centres", "validation: chart legibility, markers (get_cdrawings)"),
    (_PIPE, "write_text_atomic", _WRITE),
    (_PIPE, "write_bytes_atomic", _WRITE),
    (_PIPE, "write_json_atomic", _WRITE),
    (_PIPE, "write_jsonl_atomic", _WRITE),
    (_PIPE, "generate_document", "a document's rest (printing's Python side, targets)"),
)


class _StageClock:
    """Process CPU time per stage, each exclusive of the stages (and collections) inside it."""

    def __init__(self) -> None:
        self.seconds: collections.defaultdict[str, float] = collections.defaultdict(float)
        self._inner: list[float] = []  # per open stage: the CPU time of what ran inside it
        self._gc_start = 0.0

    def wrap(self, func: Callable[..., Any], label: str) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            self._inner.append(0.0)
            try:
                return func(*args, **kwargs)
            finally:
                spent = time.process_time() - start
                self.seconds[label] += spent - self._inner.pop()
                if self._inner:
                    self._inner[-1] += spent

        return timed

    def on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = time.process_time()
            return
        spent = time.process_time() - self._gc_start
        self.seconds["garbage collection"] += spent
        if self._inner:
            self._inner[-1] += spent


def measure_cpu(args: argparse.Namespace, out: Path) -> list[tuple[str, float]]:
    """(label, CPU seconds) of every stage of the documents generated in this process, most first."""
    start = time.process_time()
    from generation.plan.config import load_config
    from generation.run import pipeline

    imported = time.process_time()
    pipeline.fill_caches()
    filled = time.process_time()
    clock = _StageClock()
    for module, name, label in CPU_STAGES:
        owner = importlib.import_module(module)
        if hasattr(owner, name):  # (an older tree may lack one: its time goes to the stage around it)
            setattr(owner, name, clock.wrap(getattr(owner, name), label))
    config = load_config(args.config, n_docs=args.n_docs, workers=1)
    gc.callbacks.append(clock.on_gc)
    try:
        run_start = time.process_time()
        summary = pipeline.generate(config, out, progress=False)
        run = time.process_time() - run_start
    finally:
        gc.callbacks.remove(clock.on_gc)
    if not summary.ok:
        raise SystemExit(f"the run failed: {summary}")
    rows = sorted(clock.seconds.items(), key=lambda row: row[1], reverse=True)  # most first
    rows.append(
        ("the run's rest (Playwright and Chromium start, bookkeeping)", run - sum(clock.seconds.values()))
    )
    caches = "caches (topic space, countries, template; Playwright imported)"
    rows += [("imports", imported - start), (caches, filled - imported)]
    return rows


def record(args: argparse.Namespace, raw: Path, out: Path) -> None:
    spy = shutil.which("py-spy")
    exe = shutil.which("synthdocbench")
    if spy is None or exe is None:
        raise SystemExit("needs py-spy and the synthdocbench command on PATH")
    command = [exe, "generate", "--config", str(args.config), "--n-docs", str(args.n_docs)]
    command += ["--workers", str(args.workers), "--out", str(out), "--no-progress"]
    spy_args = [spy, "record", "--subprocesses", "-r", str(args.rate), "-f", "raw", "-o", str(raw)]
    subprocess.run([*spy_args, "--", *command], check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--config", type=Path, default=Path("configs/paper.yaml"))
    parser.add_argument("--n-docs", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rate", type=int, default=100, help="samples per second")
    parser.add_argument("--raw", type=Path, help="rank this py-spy raw profile instead of recording one")
    parser.add_argument(
        "--cpu", action="store_true", help="CPU seconds per stage, documents made in this process"
    )
    args = parser.parse_args()
    if args.cpu:
        with tempfile.TemporaryDirectory(prefix="genprofile-") as tmp:
            rows = measure_cpu(args, Path(tmp) / "out")
        total = sum(s for _, s in rows)
        print(f"{'share':>6} {'CPU s':>6}  stage ({args.n_docs} documents in one process, {total:.2f} CPU s)")
        for label, seconds in rows:
            print(f"{100 * seconds / total:5.1f}% {seconds:6.2f}  {label}")
        return
    with tempfile.TemporaryDirectory(prefix="genprofile-") as tmp:
        raw = args.raw or Path(tmp) / "profile.txt"
        if args.raw is None:
            record(args, raw, Path(tmp) / "out")
        ranked = rank(raw)
    total = sum(n for _, n in ranked)
    print(f"{'share':>6} {'s':>6}  stage ({total} samples at {args.rate} per second)")
    for label, n in ranked:
        print(f"{100 * n / total:5.1f}% {n / args.rate:6.2f}  {label}")


if __name__ == "__main__":
    main()
