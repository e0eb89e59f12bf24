"""Fit the page model of every archetype on rendered PDFs, then check target vs achieved pages.

Usage: ``python bench/calibrate_pages.py [--docs-per-archetype 8] [--seed 0]``

For each archetype it plans documents over a spread of page targets and chart counts, renders
them in headless Chromium, counts PDF pages and fits
``pages = overhead + words / words_per_page + chart_pages * charts + table_pages * tables``
by least squares. It prints the ``PAGE_MODELS`` table to paste into generation/document/content.py
and, for documents planned with the current table, target vs achieved pages per archetype.
Rerun it whenever the layout (CSS, templates, chart sizes) changes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

# bench/generation.py sits beside this file and would shadow the ``generation`` package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import numpy as np
import pymupdf

from generation.charts.d3 import load_d3
from generation.document.content import plan_document
from generation.document.layout import render_html
from generation.document.render import Renderer
from generation.document.targets import PAGE_MODELS
from generation.plan.config import GenerationConfig
from synthdocbench_tasks.schema import ARCHETYPES

#: (target pages, charts) pairs spanning the paper's Table 1 ranges.
GRID = ((24, 5), (30, 20), (45, 9), (60, 30), (75, 12), (91, 24), (38, 15), (55, 6))


def _measure(renderer: Renderer, d3_js: str, config: GenerationConfig, index: int) -> tuple[list[float], int]:
    plan = plan_document(config, index)
    m = plan.manifest
    pdf = renderer.render_pdf(render_html(plan, d3_js), name=m.doc_id).pdf
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        pages = doc.page_count
    return [1.0, float(m.word_count), float(len(m.charts)), float(len(m.tables))], pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs-per-archetype", type=int, default=len(GRID))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    d3_js = load_d3(None)
    fitted: dict[str, tuple[float, float, float, float]] = {}
    with Renderer() as renderer:
        for archetype in ARCHETYPES:
            rows, pages = [], []
            for i in range(args.docs_per_archetype):
                target, charts = GRID[i % len(GRID)]
                config = GenerationConfig(
                    seed=args.seed,
                    target_pages=target,
                    min_charts=charts,
                    max_charts=charts,
                    archetypes=[archetype],
                )
                x, y = _measure(renderer, d3_js, config, i)
                rows.append(x)
                pages.append(y)
            a, b = np.array(rows), np.array(pages, dtype=float)
            # A weak ridge prior towards the current model keeps the fit sane on few documents.
            cur = PAGE_MODELS[archetype]
            prior = np.array([cur.overhead, 1 / cur.words_per_page, cur.chart_pages, cur.table_pages])
            scale = np.array([1.0, 1e-4, 0.1, 0.1])
            lam = 0.5
            a_aug = np.vstack([a, lam * np.diag(1 / scale)])
            b_aug = np.concatenate([b, lam * prior / scale])
            coef, *_ = np.linalg.lstsq(a_aug, b_aug, rcond=None)
            overhead, inv_wpp, chart_pages, table_pages = (float(c) for c in coef)
            fitted[archetype] = (1 / inv_wpp, chart_pages, table_pages, overhead)
            err = [abs(p - float(np.dot(r, coef))) for r, p in zip(rows, pages, strict=True)]
            print(f"{archetype:12s} fit on {len(pages)} docs: mean |error| {statistics.mean(err):.2f} pages")
        print("\nPAGE_MODELS: dict[str, PageModel] = {")
        for archetype, (wpp, cp, tp, oh) in fitted.items():
            print(
                f'    "{archetype}": PageModel(words_per_page={wpp:.1f}, chart_pages={cp:.3f}, '
                f"table_pages={tp:.3f}, overhead={oh:.2f}),"
            )
        print("}\n\ncurrent table, fresh documents: target vs achieved pages")
        print(f"{'archetype':12s} {'target':>6s} {'achieved':>8s} {'words':>6s} {'charts':>6s}")
        ratios = []
        for archetype in ARCHETYPES:
            for j, (target, charts) in enumerate(((28, 8), (51, 17), (85, 28))):
                config = GenerationConfig(
                    seed=args.seed + 1,
                    target_pages=target,
                    min_charts=charts,
                    max_charts=charts,
                    archetypes=[archetype],
                )
                x, y = _measure(renderer, d3_js, config, j)
                ratios.append(y / target)
                print(f"{archetype:12s} {target:6d} {y:8d} {int(x[1]):6d} {int(x[2]):6d}")
        print(
            f"achieved/target: mean {statistics.mean(ratios):.3f}, "
            f"min {min(ratios):.3f}, max {max(ratios):.3f} over {len(ratios)} documents"
        )


if __name__ == "__main__":
    main()
