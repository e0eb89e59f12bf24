"""Generation throughput against bare Chromium printing of the same HTML, in the same run.

Usage: ``python bench/generation.py [--config configs/paper.yaml] [--n-docs 16] [--workers 2]
[--repeat 3] [--stages K]``

* generation: the real pipeline (``generation.run.pipeline.generate``) on the first N documents of
  the config into a fresh folder, with ``--workers`` worker processes (each starts its browser).
* bare print: the HTML files generation wrote, printed by the pipeline's own
  :class:`generation.document.render.Renderer` (the same viewport, print media, A4 page, margins,
  footer and Chromium flags; nothing but ``render_pdf``), with the same number of worker
  processes, each starting its browser and taking documents as they come, like the pipeline.
  Every bare PDF must have the page count of the pipeline's PDF of that document (checked).

The two sides alternate over ``--repeat`` repetitions (A B, B A, A B, ...), so a change in
the machine's load hits both; each repetition prints the ratio of its pair, and the summary
the median of those paired ratios (and the ratio of the medians). Timings on a shared machine
are noisy: compare ratios.
``--stages K`` also times each pipeline stage on K documents in one process.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import multiprocessing
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place (for ``bench._timing``).
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._timing import interleave, paired_ratios
from generation.plan.config import GenerationConfig, load_config
from generation.run.pipeline import generate
from synthdocbench_tasks.mupdf import load_pymupdf

_BARE: dict[str, Any] = {}


def _bare_init() -> None:
    from multiprocessing import util

    from generation.document.render import Renderer

    renderer = Renderer().__enter__()
    _BARE["renderer"] = renderer
    util.Finalize(None, renderer.close, exitpriority=10)


def _bare_one(html_path: str, out_dir: str) -> None:
    """Print one HTML file with the worker's renderer into ``out_dir/<doc folder name>.pdf``."""
    name = Path(html_path).parent.name
    pdf = _BARE["renderer"].render_pdf(Path(html_path).read_text(encoding="utf-8"), name=name).pdf
    (Path(out_dir) / f"{name}.pdf").write_bytes(pdf)


def bare_print(htmls: list[str], workers: int, out_dir: Path) -> tuple[float, dict[str, int]]:
    """Wall seconds to print ``htmls`` (pool start and browser launches included), and the page
    count of each printed PDF (counted after the clock stops)."""
    shutil.rmtree(out_dir, ignore_errors=True)
    out_dir.mkdir(parents=True)
    ctx = multiprocessing.get_context("spawn")
    start = time.perf_counter()
    with cf.ProcessPoolExecutor(min(workers, len(htmls)), mp_context=ctx, initializer=_bare_init) as pool:
        list(pool.map(_bare_one, htmls, [str(out_dir)] * len(htmls)))
    seconds = time.perf_counter() - start
    return seconds, _page_counts(sorted(out_dir.glob("*.pdf")), lambda p: p.stem)


def run_generation(config: GenerationConfig, out: Path) -> tuple[float, dict[str, int]]:
    """Wall seconds of a fresh ``generate`` into ``out``, and each document's page count."""
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    summary = generate(config, out, progress=False)
    seconds = time.perf_counter() - start
    if summary.failed or summary.skipped:
        raise SystemExit(f"generation: {len(summary.failed)} failed, {len(summary.skipped)} done: {summary}")
    return seconds, _page_counts(sorted(out.glob("docs/*/document.pdf")), lambda p: p.parent.name)


def _page_counts(paths: list[Path], name: Callable[[Path], str]) -> dict[str, int]:
    pymupdf = load_pymupdf()
    counts = {}
    for path in paths:
        with pymupdf.open(path) as doc:
            counts[name(path)] = doc.page_count
    return counts


def _stage_times(config: GenerationConfig, n: int) -> dict[str, float]:
    """Seconds per stage summed over the first ``n`` documents, in this process."""
    from generation.charts.d3 import load_d3
    from generation.document.content import plan_document
    from generation.document.layout import render_html
    from generation.document.regions import measure_document
    from generation.document.render import Renderer
    from generation.run.pipeline import validated_questions

    d3_js = load_d3(None)
    times = dict.fromkeys(("plan", "html", "chromium", "regions", "questions+validate"), 0.0)
    with Renderer() as renderer:
        for i in range(n):
            t0 = time.perf_counter()
            plan = plan_document(config, i)
            t1 = time.perf_counter()
            html = render_html(plan, d3_js)
            t2 = time.perf_counter()
            pdf = renderer.render_pdf(html, name=plan.manifest.doc_id).pdf
            t3 = time.perf_counter()
            measured = measure_document(pdf, plan.manifest)
            t4 = time.perf_counter()
            validated_questions(measured, config)
            t5 = time.perf_counter()
            for key, dt in zip(times, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4), strict=True):
                times[key] += dt
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--config", type=Path, default=Path("configs/paper.yaml"))
    parser.add_argument("--n-docs", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3, help="interleaved repetitions of each side")
    parser.add_argument("--stages", type=int, default=0, help="also time each stage on this many docs")
    args = parser.parse_args()
    if args.n_docs < 1 or args.workers < 1 or args.repeat < 1:
        raise SystemExit("--n-docs, --workers and --repeat must be positive integers")

    config = load_config(args.config, n_docs=args.n_docs, workers=args.workers)
    tmp = Path(tempfile.mkdtemp(prefix="sdb-bench-gen-"))
    out = tmp / "gen"
    htmls: list[str] = []
    gen_pages: dict[str, int] = {}
    gen_s: list[float] = []
    bare_s: list[float] = []
    load = os.getloadavg()[0]
    print(
        f"config {args.config}, {args.n_docs} documents, {args.workers} workers, {args.repeat} interleaved "
        f"repetitions, {os.cpu_count()} CPUs, load average {load:.1f} at start"
    )

    def gen_side() -> float:
        nonlocal gen_pages
        seconds, pages = run_generation(config, out)
        if gen_pages and pages != gen_pages:
            raise SystemExit("generation is not deterministic: page counts changed between runs")
        gen_pages = pages
        if not htmls:
            # a copy outside ``out``: the next generation run starts from an empty folder
            keep = tmp / "html"
            keep.mkdir()
            for doc in sorted(out.glob("docs/*/document.html")):
                (keep / doc.parent.name).mkdir()
                htmls.append(str(shutil.copy(doc, keep / doc.parent.name / "document.html")))
        return seconds

    def bare_side() -> float:
        seconds, pages = bare_print(htmls, args.workers, tmp / "bare")
        if pages != gen_pages:
            diff = {k: (v, pages.get(k)) for k, v in gen_pages.items() if pages.get(k) != v}
            raise SystemExit(f"bare page counts differ (pipeline, bare): {diff}")
        return seconds

    try:
        # generation comes first in the first repetition: the bare side prints what it wrote
        sides = {"gen": gen_side, "bare": bare_side}
        for rep, (order, times) in enumerate(interleave(sides, args.repeat)):
            gen_s.append(times["gen"])
            bare_s.append(times["bare"])
            print(
                f"rep {rep + 1} ({' then '.join(order)}): generation {times['gen']:6.1f} s, "
                f"bare print {times['bare']:6.1f} s, ratio {times['gen'] / times['bare']:.2f}x"
            )
        n, pages_total = len(gen_pages), sum(gen_pages.values())
        print(
            f"{n} documents, {pages_total} pages; bare print page counts equal the pipeline's for every "
            "document (checked each repetition)"
        )
        head = f"median of {args.repeat}"
        print(f"{head:24s} {'wall s':>8s} {'docs/s':>8s} {'s/page':>8s} {'200 docs':>9s}")
        for name, values in (("generation (pipeline)", gen_s), ("bare Chromium print", bare_s)):
            secs = statistics.median(values)
            print(
                f"{name:24s} {secs:8.1f} {n / secs:8.3f} {secs / max(pages_total, 1):8.4f} "
                f"{200 * secs / n / 60:7.1f} m"
            )
        median_ratio, ratios = paired_ratios(gen_s, bare_s)
        print(
            f"generation / bare print = {median_ratio:.2f}x (median of the paired repetitions "
            f"{ratios}; ratio of the medians "
            f"{statistics.median(gen_s) / statistics.median(bare_s):.2f}; "
            f"load average {os.getloadavg()[0]:.1f} at end)"
        )
        if args.stages:
            stage = _stage_times(config, args.stages)
            total = sum(stage.values())
            print(
                f"stage times over {args.stages} documents (1 process): "
                + ", ".join(f"{k} {v:.2f}s ({v / total:.0%})" for k, v in stage.items())
            )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
