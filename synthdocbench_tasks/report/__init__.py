"""The ``synthdocbench report`` command: lmms-eval sample logs -> paper tables and figures.

Modules: ``load`` (logs -> runs), ``stats`` (every statistic), ``context``/``analyses``/
``compare`` (tables), ``figures`` (PNG), ``render`` (Markdown, HTML), ``build`` (entry).
"""

from __future__ import annotations

from .build import ReportSummary, build_report

__all__ = ["ReportSummary", "build_report"]
