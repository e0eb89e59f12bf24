"""The shortcut baselines' answers and lmms-eval classes, without the CLI (that is
test_shortcut_baselines.py): what they echo from the question, the majority verdict, the
protocols, and that they never call the hooks that render pages."""

from __future__ import annotations

from typing import Any

import pytest

from synthdocbench_tasks.baselines.shortcut import (
    GENERIC_ANSWER,
    VERDICT_ANSWERS,
    majority_answer,
    majority_verdicts,
    named_entities,
    named_numbers,
    named_years,
    question_only_answer,
    verdict_of,
)
from synthdocbench_tasks.errors import SynthDocUserError

COMPARE = (
    "In Figure 5 ('Long-term care spending share of GDP against target by country, 2023'), which is "
    "larger, the actual value of Sweden or the actual value of France, and by how much?"
)
VERIFY = (
    "The text gives a forecast of 69 km² for Recovering in 2017. Does the chart that plots Recovering "
    "in 2017 bear this out, and what value does it show?"
)
TREND = "Set the prose's description of Brunei (fell, 2011–2016) against the chart: do they agree?"


def _label(text: str) -> dict[str, Any]:
    return {"kind": "label", "text": text, "value": None, "unit": None, "abs_tol": 0.0, "rel_tol": 0.0}


def test_what_is_read_from_the_question() -> None:
    assert named_entities(COMPARE)[:2] == ["Sweden", "France"]  # the sides of "A or B" first
    assert "GDP" not in named_entities(COMPARE)  # the chart title is no answer
    assert named_years(TREND) == ["2011", "2016"] and named_years(COMPARE) == []
    assert named_numbers(VERIFY) == ["69 km²"]
    assert named_numbers("Figure 7 across all 5 points in 2020") == ["5"]


def test_question_only_answers_echo_the_question_in_the_category_form() -> None:
    assert question_only_answer(COMPARE, "comparison") == "Sweden is higher, by about 10."
    assert question_only_answer(VERIFY, "verify_with_chart") == (
        "Yes, the chart bears the text out: it shows 69 km² in 2017."
    )
    assert question_only_answer(TREND, "compare_representations") == (
        "The chart matches the text: Brunei fell from 2011 to 2016."
    )
    ratio = question_only_answer("What is the ratio of Colorado to Yellow River?", "comparison")
    assert ratio == "Colorado is about 1.5 times Yellow River."
    timeline = question_only_answer("Which came first?", "historical_timeline")
    assert timeline.startswith("The first happened in")
    # same question, same answer
    assert question_only_answer(COMPARE, "comparison") == question_only_answer(COMPARE, "comparison")


def test_majority_verdict_per_category() -> None:
    docs = [
        {"category": "compare_representations", "answer_values": [_label("matches")]},
        {"category": "compare_representations", "answer_values": [_label("matches")]},
        {"category": "compare_representations", "answer_values": [_label("contradicts")]},
        {"category": "verify_with_chart", "answer_values": [_label("below"), _label("above")]},
        {"category": "verify_with_chart", "answer_values": [_label("above")]},
        {"category": "value_reading", "answer_values": [_label("France")]},
    ]
    assert verdict_of(docs[3]["answer_values"]) == "below" and verdict_of(docs[5]["answer_values"]) is None
    majority = majority_verdicts(docs)
    assert majority == {"compare_representations": "matches", "verify_with_chart": "above"}  # tie: a-z
    assert majority_answer("compare_representations", majority) == VERDICT_ANSWERS["matches"]
    assert majority_answer("value_reading", majority) == GENERIC_ANSWER


def _instance(args: tuple[Any, ...]) -> Any:
    from lmms_eval.api.instance import Instance

    metadata = {"task": "t", "doc_id": 0, "repeats": 1}
    return Instance(request_type="generate_until", arguments=args, idx=0, metadata=metadata)


def _never(doc: Any) -> Any:
    raise AssertionError("a blind baseline asked for the pages")


ROWS = [
    {"question": COMPARE, "subset": "chart", "category": "comparison", "answer_values": []},
    {"question": TREND, "subset": "cross_modal", "category": "compare_representations", "answer_values": []},
    {
        "question": "Does it agree?",
        "subset": "cross_modal",
        "category": "compare_representations",
        "answer_values": [_label("contradicts")],
    },
]


@pytest.mark.slow  # imports lmms-eval (torch)
def test_lmms_eval_classes_serve_both_protocols_without_the_pages() -> None:
    from synthdocbench_tasks.baselines.blind import (
        MajorityVerdictChat,
        MajorityVerdictSimple,
        QuestionOnlyChat,
        QuestionOnlySimple,
    )

    gen = {"until": [", by"]}
    chat_args = [("ctx", _never, gen, i, "t", "test") for i in range(3)]
    simple_args = [("ctx", gen, _never, i, "t", "test") for i in range(3)]
    for cls, args in ((QuestionOnlyChat, chat_args), (QuestionOnlySimple, simple_args)):
        model = cls(batch_size=1, device="cpu")
        model.task_dict = {"t": {"test": ROWS}}
        replies = model.generate_until([_instance(a) for a in args])
        assert replies[0] == "Sweden is higher"  # cut at the stop sequence
        assert replies[1] == "The chart matches the text: Brunei fell from 2011 to 2016."
    for cls, args in ((MajorityVerdictChat, chat_args), (MajorityVerdictSimple, simple_args)):
        model = cls()
        model.task_dict = {"t": {"test": ROWS}}
        replies = model.generate_until([_instance(a) for a in args])
        assert replies == [GENERIC_ANSWER, VERDICT_ANSWERS["contradicts"], VERDICT_ANSWERS["contradicts"]]


@pytest.mark.slow
def test_model_args_are_refused_in_one_line() -> None:
    from synthdocbench_tasks.baselines.blind import QuestionOnlyChat

    with pytest.raises(SynthDocUserError, match="takes no model_args; got temperature"):
        QuestionOnlyChat(temperature=0)


@pytest.mark.slow
def test_one_entry_point_registers_the_shortcut_baselines() -> None:
    from lmms_eval.models.registry_v2 import ModelRegistryV2

    from synthdocbench_tasks.baselines import SHORTCUT_MODELS, lmms_eval_models
    from synthdocbench_tasks.baselines.blind import MajorityVerdictSimple, QuestionOnlyChat

    registry = ModelRegistryV2()
    for manifest in registry._coerce_payload_to_manifests(lmms_eval_models):
        registry.register_manifest(manifest)
    assert SHORTCUT_MODELS == ("synthdoc_question_only", "synthdoc_majority_verdict")
    assert registry.get_model_class("synthdoc_question_only") is QuestionOnlyChat
    assert registry.get_model_class("synthdoc_majority_verdict", force_simple=True) is MajorityVerdictSimple
