"""The judge35 round (issue 25): direction words, extra claims and the roles of two compared
parts bound to what the answer itself says; v35-v37 join the fitting sets.

- ``comparison_verb``: a comparison of two of the answer's values said with a comparison verb
  ("falls short of", "overshoots") or after a comma (", below the") must hold
  (offline-claims-v33 read one only after "is", "was", "stands" …: v37 and v36
  wrong_direction_word, v32's "62.8%, below the 26.8%");
- ``fall_verbs``: a rise written with "dipped", "slipped", "eased" … or with a comma before
  "by" is written as a fall (v36 wrong_direction_word);
- ``stances_swapped``: a clause that gives one group's stance to the other group's words swaps
  the two (v35 swapped);
- ``restatements``: a value restated in brackets as another amount is a wrong claim of the
  answer even where no fact asks for that value, and percentage points restated as percent are
  one kind (v34-v37 dual_conversion);
- ``text_multiple_denied``: the text's multiple negated ("not the 1.18 times the text gives")
  denies no chart reading (v29 wrong_figure, v31 grounding_box: certain false fails);
- ``foreign_fall_nouns``: an unsigned value after a fall noun of another language ("una caída
  de 0,100") is the negative change (v27 spanish: a certain false fail);
- ``cjk_trillion``: "万亿" is a trillion, not "万" (v27 chinese: a certain false fail);
- ``change_of_ends``: a change named after its two ends ("from 31.1% to 35.8%, a gain of 7.4
  percentage points") must be what they give (v29 extra_wrong_claim).
"""

from __future__ import annotations

import pytest

from scripts import fit_certainty
from tests.judge import offline_cases_judge35 as judge35
from tests.judge.error_classes import first_questions, unit_class_errors
from tests.judge.labelled_sets import DATA

#: the least number of questions a class is tried on
MIN_QUESTIONS = {
    "comparison_verb": 30,
    "fall_verbs": 15,
    "stances_swapped": 30,
    "restatements": 30,
    "text_multiple_denied": 5,
    "foreign_fall_nouns": 15,
    "cjk_trillion": 15,
    "change_of_ends": 30,
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(judge35.CLASSES))
def test_class(name: str) -> None:
    rows = first_questions(judge35.cases(name), 40)
    assert len({q["question_id"] for q, _, _ in rows}) >= MIN_QUESTIONS[name], len(rows)
    assert [r for r in rows if r[2]] and [r for r in rows if not r[2]]
    assert unit_class_errors(rows) == []


@pytest.mark.parametrize("name", ["v35", "v36", "v37"])
def test_v35_to_v37_are_fitting_sets(name: str) -> None:
    questions, answers = fit_certainty.SETS[name]
    assert (DATA / questions).is_file() and (DATA / answers).is_file()
    assert name not in fit_certainty.OPERATING_SETS  # the operating point stays fitted on v13-v26
