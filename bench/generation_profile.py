"""Where the CPU of ``synthdocbench generate`` goes: py-spy samples of every process, ranked by stage.

Usage: ``python bench/generation_profile.py [--config configs/paper.yaml] [--n-docs 8] [--workers 2]
[--rate 100] [--raw FILE]``

Runs the real command once, cold (``synthdocbench generate --config C --n-docs N --workers W
--out FRESH --no-progress``), under ``py-spy record --subprocesses`` (py-spy must be installed),
and prints the share of the samples of each stage: the command's own process (imports, the
rest), a fork server where there is one, and in the workers the stage of the pipeline the
sampled stack is in (the first rule of ``STAGES`` that a frame of the stack matches). py-spy
samples the Python threads that are running or waiting for a core: under load a share is of
time spent, not of CPU alone; Chromium and Node are not sampled (their CPU is the floor's,
``bench/generation.py``). ``--raw FILE`` ranks a profile recorded before instead of running one.
"""

from __future__ import annotations

import argparse
import collections
import shutil
import subprocess
import tempfile
from pathlib import Path

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
    for process, frames, n in rows:
        if process in workers:
            label = next((lab for lab, key in STAGES if any(_on(f, key) for f in frames)), OTHER)
        else:
            role = "fork server" if "forkserver import main" in process else "command"
            imports = any(f.startswith("_find_and_load ") for f in frames)
            label = f"{role}: {'imports' if imports else 'the rest'}"
        counts[label] += n
    return counts.most_common()


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
    args = parser.parse_args()
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
