"""Locating the D3.js bundle that is inlined into every generated report (never a CDN)."""

from __future__ import annotations

import shutil
import subprocess
from functools import cache
from importlib import resources
from pathlib import Path

_RELATIVE = Path("node_modules") / "d3" / "dist" / "d3.min.js"
_NOT_FOUND = "D3.js not found: run `npm install` in the project folder (package.json) or pass --d3 PATH"


class D3NotFoundError(FileNotFoundError):
    """D3 could not be located; the message is one line telling the user what to do."""


def _walk_up(start: Path) -> Path | None:
    for folder in (start, *start.parents):
        candidate = folder / _RELATIVE
        if candidate.is_file():
            return candidate
    return None


def _npm_global_root() -> Path | None:
    npm = shutil.which("npm")
    if npm is None:
        return None
    try:
        done = subprocess.run([npm, "root", "-g"], capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    root = done.stdout.strip()
    return Path(root) if done.returncode == 0 and root else None


def find_d3(explicit: Path | None = None, *, cwd: Path | None = None) -> Path:
    """The path of ``d3.min.js``.

    Order: the explicit path (which must exist); ``node_modules/d3/dist/d3.min.js`` in the
    working folder or any folder above it; the same above this package's folder; the global
    npm root. Raises :class:`D3NotFoundError` with one actionable line when none is found.
    """
    if explicit is not None:
        if explicit.is_file():
            return explicit
        raise D3NotFoundError(f"D3.js not found at {explicit}: pass the path of d3.min.js to --d3")
    for start in (cwd or Path.cwd(), Path(__file__).resolve().parent):
        found = _walk_up(start.resolve())
        if found is not None:
            return found
    global_root = _npm_global_root()
    if global_root is not None and (global_root / "d3" / "dist" / "d3.min.js").is_file():
        return global_root / "d3" / "dist" / "d3.min.js"
    raise D3NotFoundError(_NOT_FOUND)


def load_d3(explicit: Path | None = None) -> str:
    """The text of ``d3.min.js`` (see :func:`find_d3`)."""
    return find_d3(explicit).read_text(encoding="utf-8")


#: charts.js, the page-side drawers, in its parts under ``assets/`` (each under the project's 600
#: lines), in the order they are joined: one function scope opened by the first part (helpers,
#: frame, axes, data labels) and closed by the last (the legibility pass and the draw loop), the
#: chart families between them. A part is not a script of its own.
CHARTS_JS_PARTS: tuple[str, ...] = (
    "charts_common.js",
    "charts_bars.js",
    "charts_lines.js",
    "charts_leaders.js",
    "charts_sparklines.js",
    "charts_parts.js",
    "charts_stats.js",
    "charts_draw.js",
)


@cache
def charts_script() -> str:
    """charts.js, the page-side drawers of every D3 chart type (inlined into each report): its
    parts (:data:`CHARTS_JS_PARTS`) joined in order."""
    assets = resources.files("generation.charts").joinpath("assets")
    return "".join(assets.joinpath(part).read_text(encoding="utf-8") for part in CHARTS_JS_PARTS)
