"""HTML -> PDF in headless Chromium through Playwright, offline.

One :class:`Renderer` starts one browser and prints every document in the same page
(navigated to ``about:blank`` in between, so each document gets a new window and nothing of
the previous one is left): a browser context, page and renderer process per document cost
Chromium about as much CPU again as the printing itself (bench/generation.py). Every
network request the page makes is blocked and recorded; the HTML must need none. Charts are
drawn by charts.js at load time; rendering waits for its ``window.__chartsDone`` flag and
fails loudly on any script error.
"""

from __future__ import annotations

import contextlib
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any

from generation.document import reflow
from synthdocbench_tasks.errors import first_line

#: Printable width of an A4 page with the margins below, in CSS px (96 per inch).
PAGE_MARGIN_MM = {"top": 16.0, "bottom": 18.0, "left": 16.0, "right": 16.0}
_MM_TO_PX = 96 / 25.4
CONTENT_WIDTH_PX = int((210 - PAGE_MARGIN_MM["left"] - PAGE_MARGIN_MM["right"]) * _MM_TO_PX)
#: Chromium flags. The first group shapes rendering; the rest keep the browser from talking
#: to anything: no background services (component updates, sync, Google account checks,
#: domain reliability, safe browsing pings), no host name lookups at all (every name maps to
#: NOTFOUND) and a dead loopback proxy for every connection, so nothing leaves the machine
#: even if a service ignores its switch. The page itself needs nothing (requests are blocked
#: and recorded by :meth:`Renderer.render_pdf`). tests/generation/document/test_render.py checks this
#: under strace and that the output bytes do not change.
_CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-breakpad",
    "--metrics-recording-only",
    "--no-pings",
    "--host-resolver-rules=MAP * ~NOTFOUND",
    "--proxy-server=127.0.0.1:9",
    "--proxy-bypass-list=<-loopback>",
]
_SYSTEM_CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
_FOOTER = (
    "<div style=\"width:100%;text-align:center;font-family:'DejaVu Sans',sans-serif;font-size:8px;"
    'color:#777;"><span class="pageNumber"></span></div>'
)
_DONE = "() => window.__chartsDone === true || typeof window.__chartsError === 'string'"


class RenderError(RuntimeError):
    """A document that did not render cleanly; the message names the document."""


class BrowserLaunchError(RuntimeError):
    """No usable Chromium; the message is one line saying what to install."""


@dataclass
class RenderResult:
    pdf: bytes
    blocked_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)


@dataclass
class _Seen:
    """What the page reported while one document was printed."""

    blocked: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)


def load_playwright() -> ModuleType:
    """``playwright.sync_api``, imported on first use (importing the generator loads no browser
    library). A pool run imports it before its workers fork
    (:func:`generation.run.pipeline.fill_caches`), so each worker inherits its hundred modules
    instead of importing them when it starts its browser."""
    import playwright.sync_api

    return playwright.sync_api


def _system_chromium() -> str | None:
    for candidate in _SYSTEM_CHROMIUM:
        if Path(candidate).is_file():
            return candidate
    found = shutil.which("chromium")
    return found


class Renderer:
    """A reusable headless Chromium. Use as a context manager::

    with Renderer() as r:
        result = r.render_pdf(html, name=doc_id)
    """

    def __init__(self, *, executable_path: Path | None = None, timeout_s: float = 60.0) -> None:
        self._executable = executable_path
        self._timeout_ms = timeout_s * 1000
        self._pw: Any = None
        self._browser: Any = None
        self._context: Any = None
        self._page: Any = None
        self._seen = _Seen()

    def __enter__(self) -> Renderer:
        api = load_playwright()
        self._pw = api.sync_playwright().start()
        try:
            self._browser = self._launch(api.Error)
        except BaseException:
            self._pw.stop()
            self._pw = None
            raise
        return self

    def _launch(self, error_type: type[Exception]) -> Any:
        chromium = self._pw.chromium
        if self._executable is not None:
            try:
                return chromium.launch(executable_path=str(self._executable), args=_CHROMIUM_ARGS)
            except error_type as exc:
                raise BrowserLaunchError(
                    f"cannot start Chromium at {self._executable}: {first_line(exc)}"
                ) from exc
        try:
            return chromium.launch(args=_CHROMIUM_ARGS)
        except error_type:
            pass
        system = _system_chromium()
        if system is not None:
            try:
                return chromium.launch(executable_path=system, args=_CHROMIUM_ARGS)
            except error_type as exc:
                raise BrowserLaunchError(
                    f"cannot start Chromium at {system}: {first_line(exc)}; "
                    "reinstall Debian's `chromium` package"
                ) from exc
        raise BrowserLaunchError(
            "no Chromium found: install Debian's `chromium` package (apt-get install chromium) "
            "or Playwright's browser (python -m playwright install chromium)"
        )

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._drop_page()
        if self._browser is not None:
            self._browser.close()
            self._browser = None
        if self._pw is not None:
            self._pw.stop()
            self._pw = None

    def _drop_page(self) -> None:
        context, self._context, self._page = self._context, None, None
        if context is not None:
            with contextlib.suppress(Exception):  # the browser may be gone already
                context.close()

    def _new_page(self) -> Any:
        """The page every document is printed in, with its handlers (set up once)."""
        context = self._browser.new_context(
            viewport={"width": CONTENT_WIDTH_PX, "height": 1000},
            java_script_enabled=True,
        )
        page = context.new_page()
        page.set_default_timeout(self._timeout_ms)

        def block(route: Any) -> None:
            self._seen.blocked.append(route.request.url)
            route.abort()

        page.route("**/*", block)
        page.on("console", lambda msg: self._seen.console.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda err: self._seen.page_errors.append(str(err)))
        page.emulate_media(media="print")
        self._context, self._page = context, page
        return page

    def render_pdf(self, html: str, *, name: str = "document") -> RenderResult:
        """Load ``html`` offline, wait for the charts, print an A4 PDF.

        Raises :class:`RenderError` naming ``name`` on a script error, a console error
        (other than the load failures of blocked requests, which are returned) or a timeout.
        After a failure the page is dropped and the next document gets a new one.
        """
        if self._browser is None:
            raise RuntimeError("Renderer is not started: use it as a context manager (with Renderer() as r)")
        try:
            page = self._page
            if page is None:
                page = self._new_page()
            else:
                page.goto("about:blank")  # a new document and window: nothing of the last one is left
            seen = self._seen = _Seen()
            pdf = self._print(page, html, name, seen)
        except BaseException:
            self._drop_page()
            raise
        return RenderResult(pdf=pdf, blocked_requests=seen.blocked, console_errors=seen.console)

    def evaluate(self, script: str) -> Any:
        """The value of ``script`` (a JavaScript function) in the last document printed: what
        Chromium drew there, for measurements of the drawn marks."""
        if self._page is None:
            raise RuntimeError("nothing printed yet: call render_pdf first")
        return self._page.evaluate(script)

    def _print(self, page: Any, html: str, name: str, seen: _Seen) -> bytes:
        page.set_content(html, wait_until="load")
        deadline = time.monotonic() + self._timeout_ms / 1000
        while not page.evaluate(_DONE) and not seen.page_errors:
            if time.monotonic() > deadline:
                raise RenderError(f"{name}: charts were not drawn within {self._timeout_ms / 1000:.0f} s")
            page.wait_for_timeout(20)
        chart_error = page.evaluate("() => window.__chartsError || null")
        page.evaluate("() => document.fonts.ready.then(() => true)")
        errors = [e for e in seen.console if not (seen.blocked and e.startswith("Failed to load resource"))]
        problems = ([f"charts.js: {chart_error}"] if chart_error else []) + seen.page_errors + errors
        if problems:
            raise RenderError(f"{name}: page script error: {problems[0]}")
        margin = {k: f"{v}mm" for k, v in PAGE_MARGIN_MM.items()}

        def printed() -> bytes:
            pdf: bytes = page.pdf(
                format="A4",
                print_background=True,
                margin=margin,
                display_header_footer=True,
                header_template="<div></div>",
                footer_template=_FOOTER,
            )
            return pdf

        pdf = printed()
        for _ in range(reflow.PASSES):  # text flows into the gaps figures left (generation.document.reflow)
            gaps = reflow.gap_blocks(pdf)
            if not gaps or not page.evaluate(reflow.MOVE_PARAGRAPH, gaps):
                break
            pdf = printed()
        return pdf
