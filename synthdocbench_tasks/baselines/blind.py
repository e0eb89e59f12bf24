"""``synthdoc_question_only`` and ``synthdoc_majority_verdict``: lmms-eval models that never see a page.

They read three fields of the task's document row, ``question``, ``subset`` and ``category``,
and never call ``doc_to_visual`` or ``doc_to_messages``, so no page is rendered or decoded; the
majority baseline also counts the verdict labels of the evaluated split once (its prior). The
answers are those of :mod:`.shortcut`. No model args beyond lmms-eval's own; both protocols
(chat, and simple with ``--force_simple``) are served.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from lmms_eval.api.instance import Instance
from lmms_eval.api.model import lmms

from ..errors import SynthDocUserError
from . import MAJORITY_MODEL_NAME, QUESTION_ONLY_MODEL_NAME
from .model import HARNESS_ARGS, stop_at
from .shortcut import majority_answer, majority_verdicts, question_only_answer


class _Blind(lmms):
    """Answers from the question row alone; subclasses say how."""

    model_name: ClassVar[str] = "blind"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__()
        unknown = sorted(set(kwargs) - HARNESS_ARGS)
        if unknown:
            raise SynthDocUserError(f"{self.model_name} takes no model_args; got {', '.join(unknown)}")

    def reply(self, row: Mapping[str, Any], task: str, split: str) -> str:
        raise NotImplementedError

    def generate_until(self, requests: list[Instance]) -> list[str]:
        replies = []
        for request in requests:
            # simple: (context, gen_kwargs, doc_to_visual, doc_id, task, split)
            # chat: (context, doc_to_messages, gen_kwargs, doc_id, task, split)
            args = request.args
            gen_kwargs = args[1] if self.is_simple else args[2]
            doc_id, task, split = args[3], args[4], args[5]
            row = self.task_dict[task][split][doc_id]
            until = gen_kwargs.get("until") if isinstance(gen_kwargs, dict) else None
            replies.append(stop_at(self.reply(row, task, split), until))
        return replies

    def loglikelihood(self, requests: list[Instance]) -> list[tuple[float, bool]]:
        raise NotImplementedError(f"{self.model_name} only generates answers; it has no log-likelihoods")

    def generate_until_multi_round(self, requests: list[Instance]) -> list[str]:
        raise NotImplementedError(f"{self.model_name} answers single-turn questions only")


class _QuestionOnly(_Blind):
    model_name: ClassVar[str] = QUESTION_ONLY_MODEL_NAME

    def reply(self, row: Mapping[str, Any], task: str, split: str) -> str:
        return question_only_answer(str(row["question"]), str(row["category"]))


class _MajorityVerdict(_Blind):
    model_name: ClassVar[str] = MAJORITY_MODEL_NAME

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._majority: dict[tuple[str, str], dict[str, str]] = {}

    def reply(self, row: Mapping[str, Any], task: str, split: str) -> str:
        if (task, split) not in self._majority:
            self._majority[(task, split)] = majority_verdicts(self.task_dict[task][split])
        return majority_answer(str(row["category"]), self._majority[(task, split)])


class QuestionOnlyChat(_QuestionOnly):
    is_simple = False


class QuestionOnlySimple(_QuestionOnly):
    is_simple = True


class MajorityVerdictChat(_MajorityVerdict):
    is_simple = False


class MajorityVerdictSimple(_MajorityVerdict):
    is_simple = True
