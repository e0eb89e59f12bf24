"""The judge7 round's error classes (issue 25), on generated questions: values bound to the
labels of a list and to their own entity, other names of an entity, an extra wrong claim about
another asked part, and numbers in other forms.

The answers come from :mod:`tests.judge.offline_cases_judge7`, built from the frozen question
snapshots (questions only). Every class fails on offline-claims-v6 (main before this round), and
each class holds the wrong forms beside the right ones: those must still fail.
"""

from __future__ import annotations

import pytest

from tests.judge import offline_cases_judge7 as cases
from tests.judge.error_classes import assert_class_right

#: the fewest questions and answers a class is tried on (few questions of the snapshots have
#: the form some classes need)
MINIMUM: dict[str, tuple[int, int]] = {
    "qualified_mark": (1, 2),
    "english_other_name": (1, 2),
    "german_country_names": (2, 4),
}
DEFAULT_MINIMUM = (3, 6)


@pytest.mark.parametrize("name", sorted(cases.CLASSES))
def test_the_judge_gets_every_answer_of_the_class_right(name: str) -> None:
    assert_class_right(name, list(cases.cases(name)), MINIMUM.get(name, DEFAULT_MINIMUM))
