"""Generation throughput against bare Chromium printing of the same HTML, in the same run.

Usage: ``python bench/generation.py [--config configs/paper.yaml] [--n-docs 30] [--workers 2]``

1. Runs the real pipeline (``generation.pipeline.generate``) on the first N documents of the
   config into a fresh folder and reports documents/s and seconds/page.
2. Prints the very HTML files it wrote with bare Playwright (``page.set_content`` + waiting for
   the charts + ``page.pdf``), the same number of worker processes, one browser each, reused.
3. Prints generation/bare as a ratio (timings on a shared machine are noisy: compare ratios).
4. Optionally (``--stages K``) times each pipeline stage on K documents in one process.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# Run as a script, this file's folder comes first on sys.path and its name would shadow the
# ``generation`` package; drop that entry (``python -m bench.generation`` needs no fix).
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import pymupdf

from generation.config import load_config
from generation.pipeline import generate
from generation.render import _CHROMIUM_ARGS, _FOOTER, PAGE_MARGIN_MM

_DONE = "() => window.__chartsDone === true || typeof window.__chartsError === 'string'"


def _bare_print(paths: list[str]) -> float:
    """Seconds to print ``paths`` with one reused browser (set_content + charts + pdf only)."""
    from playwright.sync_api import sync_playwright

    margin: Any = {k: f"{v}mm" for k, v in PAGE_MARGIN_MM.items()}
    with sync_playwright() as pw:
        try:
            browser = pw.chromium.launch(args=_CHROMIUM_ARGS)
        except Exception:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=_CHROMIUM_ARGS)
        start = time.perf_counter()
        for path in paths:
            page = browser.new_page()
            page.emulate_media(media="print")
            page.set_content(Path(path).read_text(encoding="utf-8"), wait_until="load")
            page.wait_for_function(_DONE)
            page.pdf(
                format="A4",
                print_background=True,
                margin=margin,
                display_header_footer=True,
                header_template="<div></div>",
                footer_template=_FOOTER,
            )
            page.close()
        seconds = time.perf_counter() - start
        browser.close()
    return seconds


def _stage_times(config: Any, n: int) -> dict[str, float]:
    """Seconds per stage summed over the first ``n`` documents, in this process."""
    from generation.content import plan_document
    from generation.d3 import load_d3
    from generation.layout import render_html
    from generation.pipeline import _questions
    from generation.regions import measure_regions
    from generation.render import Renderer

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
            pdf, manifest = measure_regions(pdf, plan.manifest)
            t4 = time.perf_counter()
            _questions(manifest, config, pdf)
            t5 = time.perf_counter()
            for key, dt in zip(times, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4), strict=True):
                times[key] += dt
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=Path("configs/paper.yaml"))
    parser.add_argument("--n-docs", type=int, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None, help="output folder (default: a temp folder)")
    parser.add_argument("--stages", type=int, default=0, help="also time each stage on this many docs")
    args = parser.parse_args()

    config = load_config(args.config, n_docs=args.n_docs, workers=args.workers)
    tmp = tempfile.TemporaryDirectory(prefix="sdb-bench-")
    out = args.out or Path(tmp.name) / "gen"
    start = time.perf_counter()
    summary = generate(config, out, progress=False)
    gen_s = time.perf_counter() - start
    if summary.skipped:
        print(f"warning: {len(summary.skipped)} documents were already done in {out} (skipped)")
    htmls = sorted(str(p) for p in out.glob("docs/*/document.html"))
    pages = 0
    for pdf in out.glob("docs/*/document.pdf"):
        with pymupdf.open(pdf) as doc:
            pages += doc.page_count
    n = len(summary.generated)

    chunks = [htmls[k :: args.workers] for k in range(args.workers)]
    ctx = multiprocessing.get_context("spawn")
    start = time.perf_counter()
    with ctx.Pool(args.workers) as pool:
        pool.map(_bare_print, chunks)
    bare_s = time.perf_counter() - start

    print(
        f"config {args.config}, {n} documents ({len(summary.failed)} failed), {pages} pages, "
        f"{args.workers} workers"
    )
    print(f"{'':22s} {'wall s':>8s} {'docs/s':>8s} {'s/page':>8s} {'200 docs':>9s}")
    for name, secs in (("generation (pipeline)", gen_s), ("bare Chromium print", bare_s)):
        print(
            f"{name:22s} {secs:8.1f} {n / secs:8.3f} {secs / max(pages, 1):8.4f} {200 * secs / n / 60:7.1f} m"
        )
    print(f"generation / bare print = {gen_s / bare_s:.2f}x")
    if args.stages:
        times = _stage_times(config, args.stages)
        total = sum(times.values())
        print(
            f"stage times over {args.stages} documents (1 process): "
            + ", ".join(f"{k} {v:.2f}s ({v / total:.0%})" for k, v in times.items())
        )
    tmp.cleanup()


if __name__ == "__main__":
    main()
