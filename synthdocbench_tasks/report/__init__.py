"""The ``synthdocbench report`` command: lmms-eval sample logs -> paper tables and figures.

Modules: ``load`` (logs -> runs), ``stats`` (every statistic), ``context``/``analyses``/
``compare`` (tables), ``figures`` (their numbers), ``plots`` (matplotlib draws them, once
the tables are built), ``render`` (Markdown, HTML), ``build`` (entry).
``build_report`` and ``ReportSummary`` are imported on first use, so that importing
``report.load`` (the viewer does) does not import the tables and statistics.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .build import ReportSummary, build_report

__all__ = ["ReportSummary", "build_report"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import build

        return getattr(build, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
