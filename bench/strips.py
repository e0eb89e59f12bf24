"""Benchmark: page strips (paper Table 19) against bare rasterisation, in one run.

    python bench/strips.py [--pdf FILE] [--pages 50] [--repeat 3]

Without --pdf it generates one document of about --pages pages first. It prints the
median time of (a) rasterising every page at 144 DPI with PyMuPDF and nothing else (the
baseline), (b) building the strips (rasterise + stack + resize + JPEG under 4 MB), and
(c) fetching them again from the strip cache, each as a ratio to the baseline.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pymupdf

from synthdocbench_tasks.strip_cache import StripCache
from synthdocbench_tasks.strips import StripSettings, build_strips


def _median_seconds(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _generated_pdf(pages: int, workdir: Path) -> bytes:
    from generation.config import GenerationConfig
    from generation.pipeline import generate

    config = GenerationConfig(
        seed=1, n_docs=1, min_pages=pages, max_pages=pages, min_charts=16, max_charts=16
    )
    generate(config, workdir, progress=False)
    return next(workdir.glob("docs/*/document.pdf")).read_bytes()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pdf", type=Path)
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pdf = args.pdf.read_bytes() if args.pdf else _generated_pdf(args.pages, Path(tmp) / "gen")
        settings = StripSettings()

        def bare() -> None:
            with pymupdf.open(stream=pdf, filetype="pdf") as doc:
                for page in doc:
                    page.get_pixmap(dpi=settings.dpi, alpha=False)

        with pymupdf.open(stream=pdf, filetype="pdf") as doc:
            n_pages = doc.page_count
        base = _median_seconds(bare, args.repeat)
        strips_t = _median_seconds(lambda: build_strips(pdf, settings), args.repeat)
        cache = StripCache(Path(tmp) / "cache")
        cache.strips(pdf, settings, "bench")
        cached = _median_seconds(
            lambda: StripCache(Path(tmp) / "cache").strips(pdf, settings, "bench"), args.repeat
        )
        strips = build_strips(pdf, settings)
        largest = max(len(s.jpeg) for s in strips)
        print(f"document: {n_pages} pages -> {len(strips)} strips, largest {largest:,} bytes")
        print(f"bare rasterise @144 DPI : {base:7.3f} s  ({base / n_pages * 1000:5.1f} ms/page)  ratio 1.00")
        print(
            f"build strips            : {strips_t:7.3f} s  ({strips_t / n_pages * 1000:5.1f} ms/page)  "
            f"ratio {strips_t / base:5.2f}"
        )
        print(
            f"strips from disk cache  : {cached:7.3f} s  ({cached / n_pages * 1000:5.1f} ms/page)  "
            f"ratio {cached / base:5.2f}"
        )


if __name__ == "__main__":
    main()
