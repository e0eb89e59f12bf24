"""The floor of ``bench/generation.py``: bare Playwright printing of HTML files, nothing else.

Usage: ``python bench/_bare_print.py SPEC.json`` where the spec holds ``htmls`` (paths, printed
in this order, each worker taking the next one as it frees up), ``out`` (a folder for the PDFs),
``workers`` and ``print`` (the Chromium executable and flags, viewport width, margins and
footer: the pipeline's, handed over by the bench so that this process imports nothing of the
project).

Each worker is a fresh spawned process that starts Playwright and one Chromium, opens one page,
and for each file: ``set_content`` (load), waits for the charts' ``window.__chartsDone`` flag
and the fonts, and prints an A4 PDF. That is the least any generator of these PDFs has to do.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import multiprocessing
import sys
from pathlib import Path
from typing import Any

_DONE = "() => window.__chartsDone === true || typeof window.__chartsError === 'string'"
_STATE: dict[str, Any] = {}


def _init(settings: dict[str, Any]) -> None:
    from multiprocessing import util

    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=settings["executable"], args=settings["args"])
    page = browser.new_page(viewport={"width": settings["width"], "height": 1000})
    page.emulate_media(media="print")
    page.route("**/*", lambda route: route.abort())
    _STATE.update(settings=settings, pw=pw, browser=browser, page=page)

    def close() -> None:
        browser.close()
        pw.stop()

    util.Finalize(None, close, exitpriority=10)


def _print_one(html_path: str, out_dir: str) -> None:
    page, settings = _STATE["page"], _STATE["settings"]
    page.set_content(Path(html_path).read_text(encoding="utf-8"), wait_until="load")
    page.wait_for_function(_DONE, polling=20)
    page.evaluate("() => document.fonts.ready.then(() => true)")
    pdf = page.pdf(
        format="A4",
        print_background=True,
        margin=settings["margin"],
        display_header_footer=True,
        header_template="<div></div>",
        footer_template=settings["footer"],
    )
    (Path(out_dir) / f"{Path(html_path).parent.name}.pdf").write_bytes(pdf)


def main(spec_path: str) -> None:
    spec = json.loads(Path(spec_path).read_text(encoding="utf-8"))
    htmls: list[str] = spec["htmls"]
    ctx = multiprocessing.get_context("spawn")
    workers = min(spec["workers"], len(htmls))
    with cf.ProcessPoolExecutor(
        workers, mp_context=ctx, initializer=_init, initargs=(spec["print"],)
    ) as pool:
        list(pool.map(_print_one, htmls, [spec["out"]] * len(htmls)))


if __name__ == "__main__":
    main(sys.argv[1])
