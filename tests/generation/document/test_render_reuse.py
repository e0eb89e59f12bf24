"""One page prints every document of a Renderer: nothing of one document reaches the next."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pymupdf
import pytest

from generation.document.render import Renderer, RenderError

pytestmark = pytest.mark.browser

_DONE = "<script>window.__chartsDone = true;</script>"


def _text(pdf: bytes) -> list[str]:
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        return [page.get_text() for page in doc]


def _alone(html: str, timeout_s: float = 60.0) -> tuple[bytes, str]:
    """In a browser of its own (Playwright's sync API allows one per thread: a fresh thread),
    ``html`` after a document that set the charts' done flag: its PDF, or the error."""

    def run() -> tuple[bytes, str]:
        with Renderer(timeout_s=timeout_s) as own:
            own.render_pdf(f"<html><body>one{_DONE}</body></html>", name="one")
            try:
                return own.render_pdf(html, name="never").pdf, ""
            except RenderError as exc:
                return b"", str(exc)

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def test_each_document_gets_a_new_window_and_its_own_reports(renderer: Renderer) -> None:
    first = renderer.render_pdf(
        "<html><body><img src='https://example.com/a.png'><script>window.__left = 'over';"
        "window.__chartsDone = true;</script></body></html>",
        name="first",
    )
    assert first.blocked_requests == ["https://example.com/a.png"]
    second = renderer.render_pdf(
        "<html><body><p id='p'></p><script>document.getElementById('p').textContent ="
        " 'left: ' + String(window.__left); window.__chartsDone = true;</script></body></html>",
        name="second",
    )
    assert second.blocked_requests == [] and second.console_errors == []
    assert "left: undefined" in _text(second.pdf)[0]


def test_a_stale_done_flag_does_not_end_the_wait() -> None:
    pdf, error = _alone("<html><body>no flag here</body></html>", timeout_s=1.0)
    assert pdf == b"" and error.startswith("never: charts were not drawn within 1 s")


def test_a_failed_document_leaves_the_next_one_printable(renderer: Renderer) -> None:
    with pytest.raises(RenderError, match=r"^bad: page script error"):
        renderer.render_pdf("<html><body><script>undefinedFunction();</script></body></html>", name="bad")
    after = renderer.render_pdf(f"<html><body>after{_DONE}</body></html>", name="after")
    assert after.console_errors == [] and "after" in _text(after.pdf)[0]


def test_the_same_html_prints_the_same_pages_first_or_after_others(renderer: Renderer) -> None:
    html = "<html><body>" + "".join(f"<h2>Part {i}</h2><p>{'word ' * 400}</p>" for i in range(12)) + _DONE
    first = renderer.render_pdf(html, name="first")
    renderer.render_pdf(f"<html><body><svg width='600' height='900'></svg>{_DONE}</body></html>", name="x")
    again = renderer.render_pdf(html, name="again")
    after_other, _ = _alone(html)
    assert _text(again.pdf) == _text(first.pdf) == _text(after_other) and len(_text(first.pdf)) > 1
