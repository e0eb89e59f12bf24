"""Complex multi-hop questions (Table 14): historical timeline, technical / quantitative,
impact / reception. Each combines 2-4 evidence units from at least two sections.
"""

from __future__ import annotations

from generation.questions import common as qc
from generation.questions.complex_impact import impact_reception
from generation.questions.complex_technical import technical_quantitative
from generation.questions.complex_timeline import historical_timeline

BUILDERS: dict[str, qc.Builder] = {
    "historical_timeline": historical_timeline,
    "technical_quantitative": technical_quantitative,
    "impact_reception": impact_reception,
}
