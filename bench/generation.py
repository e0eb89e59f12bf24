"""``synthdocbench generate``, cold, against bare Playwright printing of the same HTML.

Usage: ``python bench/generation.py [--config configs/paper.yaml] [--n-docs 8] [--workers 2]
[--repeat 5]``

* generation: the real command, ``synthdocbench generate --config C --n-docs N --workers W
  --out FRESH --no-progress``, a fresh process (and fresh workers and browsers) each repetition
  into an empty folder: nothing warm is carried over from one repetition to the next.
* bare print (the floor): ``python bench/_bare_print.py``, a fresh process that imports
  nothing of the project, starts ``--workers`` spawned processes, each with Playwright, one
  Chromium and one page, and prints the HTML files generation wrote (the pipeline's viewport,
  print media, A4 page, margins, footer and Chromium flags), the longest first, each worker
  taking the next file as it frees up. Every bare PDF must have the page count of the
  pipeline's PDF of the same document (checked every repetition; the script stops otherwise).

An untimed generation first writes the HTML files the floor prints and the reference output;
every timed generation must write the same bytes (checked). Then the two sides alternate
(A B, B A, ...) over ``--repeat`` repetitions, each timed from outside (wall seconds of the
child process, interpreter start-up included), so a drift in the machine's load hits both;
the headline is the median and [min, max] of the ratios paired within a repetition
(:func:`bench._timing.paired_summary`). Timings on a shared machine are noisy: compare ratios.
With psutil installed it also prints the CPU seconds of each side's process tree (the command,
its workers, Node and Chromium; sampled every 50 ms) and their paired ratios: when other work
keeps the cores busy, wall time follows CPU time, and the CPU ratio is the steadier figure.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place (for ``bench._timing``).
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

try:
    import psutil
except ImportError:  # the CPU seconds are left out
    psutil = None

from bench._timing import interleave, paired_summary
from synthdocbench_tasks.mupdf import load_pymupdf


def _print_settings() -> dict[str, object]:
    """The pipeline's print settings, for the floor (which must not import the project)."""
    from playwright.sync_api import sync_playwright

    from generation.document import render

    with sync_playwright() as pw:
        executable = pw.chromium.executable_path
    if not Path(executable).is_file():  # the pipeline's fallback (Renderer._launch)
        executable = render._system_chromium() or executable
    return {
        "executable": executable,
        "args": list(render._CHROMIUM_ARGS),
        "width": render.CONTENT_WIDTH_PX,
        "margin": {k: f"{v}mm" for k, v in render.PAGE_MARGIN_MM.items()},
        "footer": render._FOOTER,
    }


def _page_counts(pdfs: dict[str, Path]) -> dict[str, int]:
    pymupdf = load_pymupdf()
    counts = {}
    for name, path in pdfs.items():
        with pymupdf.open(path) as doc:
            counts[name] = doc.page_count
    return counts


def _digest(out: Path) -> str:
    """One hash of every file generation wrote (path and bytes)."""
    h = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(out)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _tree_cpu(root: Any, seen: dict[tuple[int, float], float]) -> None:
    """Record the CPU seconds (user + system) of ``root`` and every process below it so far."""
    try:
        procs = [root, *root.children(recursive=True)]
    except psutil.Error:
        return
    for proc in procs:
        try:
            times = proc.cpu_times()
            seen[(proc.pid, proc.create_time())] = times.user + times.system
        except psutil.Error:
            pass


def _timed(argv: list[str], what: str, cpu: list[float]) -> float:
    """Wall seconds of ``argv`` run to its end; its process tree's CPU seconds go to ``cpu``
    (sampled every 50 ms: a process's last sample counts, so one that lives less is missed)."""
    seen: dict[tuple[int, float], float] = {}
    start = time.perf_counter()
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as child:
        if psutil is not None:
            root = psutil.Process(child.pid)
            while child.poll() is None:
                _tree_cpu(root, seen)
                time.sleep(0.05)
        output = child.communicate()[0]
    seconds = time.perf_counter() - start
    if child.returncode != 0:
        raise SystemExit(f"{what} failed (exit {child.returncode}): {output[-2000:]}")
    cpu.append(sum(seen.values()))
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--config", type=Path, default=Path("configs/paper.yaml"))
    parser.add_argument("--n-docs", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5, help="interleaved repetitions of each side")
    args = parser.parse_args()
    if args.n_docs < 1 or args.workers < 1 or args.repeat < 1:
        raise SystemExit("--n-docs, --workers and --repeat must be positive integers")
    exe = shutil.which("synthdocbench") or "synthdocbench"
    tmp = Path(tempfile.mkdtemp(prefix="sdb-bench-gen-"))

    def gen_argv(out: Path) -> list[str]:
        return [exe, "generate", "--config", str(args.config), "--n-docs", str(args.n_docs),
                "--workers", str(args.workers), "--out", str(out), "--no-progress"]  # fmt: skip

    try:
        ref = tmp / "ref"
        _timed(gen_argv(ref), "the untimed reference generation", [])
        ref_digest = _digest(ref)
        gen_pages = _page_counts({p.parent.name: p for p in sorted(ref.glob("docs/*/document.pdf"))})
        htmls = sorted(
            (str(p) for p in ref.glob("docs/*/document.html")), key=lambda h: -gen_pages[Path(h).parent.name]
        )
        spec = tmp / "bare.json"
        bare_out = tmp / "bare"
        spec.write_text(
            json.dumps(
                {"htmls": htmls, "out": str(bare_out), "workers": args.workers, "print": _print_settings()}
            ),
            encoding="utf-8",
        )
        print(
            f"config {args.config}, {args.n_docs} documents ({sum(gen_pages.values())} pages), "
            f"{args.workers} workers, {args.repeat} interleaved repetitions, {os.cpu_count()} CPUs, "
            f"load average {os.getloadavg()[0]:.1f} at start"
        )

        gen_cpu: list[float] = []
        bare_cpu: list[float] = []

        def gen_side() -> float:
            out = tmp / "gen"
            shutil.rmtree(out, ignore_errors=True)
            seconds = _timed(gen_argv(out), "synthdocbench generate", gen_cpu)
            if _digest(out) != ref_digest:
                raise SystemExit("generation is not deterministic: the output changed between runs")
            return seconds

        def bare_side() -> float:
            shutil.rmtree(bare_out, ignore_errors=True)
            bare_out.mkdir()
            argv = [sys.executable, str(_BENCH / "_bare_print.py"), str(spec)]
            seconds = _timed(argv, "bare print", bare_cpu)
            pages = _page_counts({p.stem: p for p in sorted(bare_out.glob("*.pdf"))})
            if pages != gen_pages:
                diff = {k: (v, pages.get(k)) for k, v in gen_pages.items() if pages.get(k) != v}
                raise SystemExit(f"bare page counts differ (pipeline, bare): {diff}")
            return seconds

        gen_s: list[float] = []
        bare_s: list[float] = []
        for rep, (order, times) in enumerate(interleave({"gen": gen_side, "bare": bare_side}, args.repeat)):
            gen_s.append(times["gen"])
            bare_s.append(times["bare"])
            print(
                f"rep {rep + 1} ({' then '.join(order)}): generate {times['gen']:6.1f} s, "
                f"bare print {times['bare']:6.1f} s, ratio {times['gen'] / times['bare']:.2f}x"
                + (f"; CPU s {gen_cpu[-1]:.1f} / {bare_cpu[-1]:.1f}" if psutil is not None else "")
                + f" (load {os.getloadavg()[0]:.1f})",
                flush=True,
            )
        print("every generation wrote the reference bytes; bare page counts equal the pipeline's (each rep)")
        print(
            f"generate: median {statistics.median(gen_s):.1f} s [{min(gen_s):.1f}, {max(gen_s):.1f}]; "
            f"bare print: median {statistics.median(bare_s):.1f} s [{min(bare_s):.1f}, {max(bare_s):.1f}]"
        )
        if psutil is not None:
            print(
                f"CPU seconds (process trees): generate median {statistics.median(gen_cpu):.1f}, bare print "
                f"median {statistics.median(bare_cpu):.1f}; generate / bare print: "
                f"{paired_summary(gen_cpu, bare_cpu)}"
            )
        end_load = os.getloadavg()[0]
        print(f"generate / bare print: {paired_summary(gen_s, bare_s)}; load average {end_load:.1f} at end")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
