"""The ``mmdocbench`` overall score does not depend on the order of the tasks.

lmms-eval hands the group's aggregation the 15 leaf task scores without names, in the order
the group YAMLs list them. These tests aggregate each task through the hook lmms-eval calls
(``aggregate_<metric>``), then hand the overall hook the scores in many orders.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from synthdocbench_tasks.mmdocbench import hooks
from synthdocbench_tasks.mmdocbench.taxonomy import TASKS


def _aggregate_all(metric: str, scores: dict[str, float]) -> list[float]:
    """Each task's score through ``aggregate_<metric>``; returns them in YAML (taxonomy) order."""
    aggregate = getattr(hooks, f"aggregate_{metric}")
    out = []
    for t in TASKS:
        record = {
            "capability": t.capability,
            "task": t.name,
            "sub_task": t.sub_tasks[0],
            metric: scores[t.task_name],
        }
        out.append(aggregate([record]))
    return out


def _expected(scores: dict[str, float]) -> float:
    perception = [scores[t.task_name] for t in TASKS if t.capability == "perception"]
    reasoning = [scores[t.task_name] for t in TASKS if t.capability == "reasoning"]
    return (sum(perception) / len(perception) + sum(reasoning) / len(reasoning)) / 2


def _scores(seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    return {t.task_name: float(rng.integers(0, 1000)) / 1000 for t in TASKS}


@pytest.mark.parametrize("seed", range(5))
def test_every_order_of_the_tasks_gives_the_same_overall(seed: int) -> None:
    scores = _scores(seed)
    in_order = _aggregate_all("f1", scores)
    expected = _expected(scores)
    rng = np.random.default_rng(1000 + seed)
    for _ in range(40):
        order = rng.permutation(len(in_order))
        shuffled = [in_order[i] for i in order]
        assert hooks.overall_mean_f1(shuffled, [1] * len(shuffled), False) == pytest.approx(expected)


def test_perception_and_reasoning_are_not_a_plain_mean() -> None:
    # nine perception tasks at 1.0, six reasoning tasks at 0.0: 0.5, where a plain mean is 0.6
    scores = {t.task_name: 1.0 if t.capability == "perception" else 0.0 for t in TASKS}
    values = _aggregate_all("em", scores)
    assert hooks.overall_mean_em(values[::-1], [1] * 15, False) == pytest.approx(0.5)
    assert sum(values) / len(values) == pytest.approx(0.6)


def test_equal_scores_across_capabilities_swap_nothing_that_matters() -> None:
    scores = {t.task_name: 0.25 for t in TASKS}
    scores[TASKS[0].task_name] = 0.75
    values = _aggregate_all("iou50", scores)
    assert hooks.overall_mean_iou50(values[::-1], [1] * 15, False) == pytest.approx(_expected(scores))


def test_a_task_without_published_pairs_is_skipped_in_ref_mode_in_any_order() -> None:
    # Document QA asked only on ChartQA rows: no pair of the paper's 48, so its em_ref is NaN,
    # and the perception mean is over the other eight tasks
    scores = _scores(21)
    values = []
    for t in TASKS:
        sub_task = "ChartQA" if t.name == "Document Question Answering" else t.sub_tasks[0]
        record = {
            "capability": t.capability,
            "task": t.name,
            "sub_task": sub_task,
            "em_ref": scores[t.task_name],
        }
        values.append(hooks.aggregate_em_ref([record]))
    assert sum(math.isnan(v) for v in values) == 1
    perception = [
        v for v, t in zip(values, TASKS, strict=True) if t.capability == "perception" and not math.isnan(v)
    ]
    reasoning = [v for v, t in zip(values, TASKS, strict=True) if t.capability == "reasoning"]
    expected = (sum(perception) / 8 + sum(reasoning) / 6) / 2
    rng = np.random.default_rng(5)
    for _ in range(20):
        shuffled = [values[i] for i in rng.permutation(15)]
        assert hooks.overall_mean_em_ref(shuffled, [1] * 15, False) == pytest.approx(expected)


def test_scores_from_an_earlier_run_in_the_process_do_not_leak_in() -> None:
    first = _scores(11)
    _aggregate_all("iou20", first)
    second = _scores(12)
    values = _aggregate_all("iou20", second)
    assert hooks.overall_mean_iou20(values[::-1], [1] * 15, False) == pytest.approx(_expected(second))


def test_scores_never_aggregated_here_give_the_plain_mean_in_any_order(
    caplog: pytest.LogCaptureFixture,
) -> None:
    values = [0.123456, 0.654321, 0.111111]
    plain = sum(values) / 3
    assert hooks.overall_mean(values, [1] * 3, False, metric="iou70") == pytest.approx(plain)
    assert hooks.overall_mean(values[::-1], [1] * 3, False, metric="iou70") == pytest.approx(plain)
    assert "plain mean" in caplog.text
    # hostile input: no scores, non-numbers are skipped, never an exception
    assert math.isnan(hooks.overall_mean([], [], False, metric="iou70"))
