"""A number answer value with the program that recomputes it (:class:`Num`), and what an answer
value may be (:data:`Value`): kept apart from :mod:`generation.questions.common`, which
re-exports both."""

from __future__ import annotations

from dataclasses import dataclass

from generation.questions.phrasing import with_unit
from generation.world.derivation import Node
from synthdocbench_tasks.schema import AnswerValue


@dataclass(frozen=True)
class Num:
    """A number answer value and the program (over the cited evidence) that recomputes it."""

    av: AnswerValue
    node: Node

    @property
    def text(self) -> str:
        return self.av.text

    @property
    def unit(self) -> str | None:
        return self.av.unit

    @property
    def value(self) -> float:
        assert self.av.value is not None
        return self.av.value

    def said(self) -> str:
        """The number with its unit, as the answer sentence writes it."""
        return with_unit(self.av.text, self.av.unit)


Value = AnswerValue | Num
