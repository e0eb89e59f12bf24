"""Complex multi-hop questions (Table 14): historical / timeline, technical / quantitative,
impact / reception.

Every complex question combines 2-4 evidence units (``Question.evidence_units``): at least one
chart, and text facts from other sections; the question points at the topic, entity or period
but never states what a unit contributes. Levels follow Table 13, by the operation the
derivation applies (checked by :mod:`generation.validate.evidence`):

- L1: one chart mark, found through the text (the later of two dated developments, the last
  year of the period credited to a policy). Technical / quantitative asks no L1: Table 14's
  technical question computes, Table 13's look-up computes nothing (``build.EMPTY_CELLS``).
- L2: a comparison: the change between two marks, the gap between a stated figure and the chart
  (in a smaller unit where the unit has one), a trade-off (the series that gained and lost most).
- L3: a total or mean over at least three marks: the years between two developments, the period
  a trend statement or a credited policy covers (totals of levels in a smaller unit), never the
  series' whole span (a reader takes that from the chart alone), and never one that a single
  reading answers (``period_measures.one_read_answers``); else, for timeline, the total or mean
  of a chart's series in the later development's year.
- L4: chart plus a cause the text states: why a series moved, which factor the report credits,
  what followed a development; the period comes from the text, not the question.
- L5: a series or mark found by its colour (a series' colour with the mark's label where the
  colour draws several marks).

Categories: historical / timeline needs two units dated to different years in different
sections (:mod:`complex_timeline`); impact / reception the evaluative statements of at least two
sections on a policy the report credits with a series' path (:mod:`complex_impact`); technical /
quantitative works stated figures and periods against the chart (:mod:`complex_technical`).
"""

from __future__ import annotations

from generation.questions.common import Builder
from generation.questions.complex_core import evidence_units
from generation.questions.complex_impact import impact_reception
from generation.questions.complex_technical import technical_quantitative
from generation.questions.complex_timeline import historical_timeline

__all__ = ["BUILDERS", "evidence_units", "historical_timeline", "impact_reception", "technical_quantitative"]

BUILDERS: dict[str, Builder] = {
    "historical_timeline": historical_timeline,
    "technical_quantitative": technical_quantitative,
    "impact_reception": impact_reception,
}
