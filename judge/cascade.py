"""The cascade judge (``offline+<backend>:<model>[@<base_url>]``): the offline judge scores
the answers it is certain of, an LLM judge the others.

Each verdict is the deciding judge's own, so a record names who decided it
(``offline:offline-claims-v34`` or ``openai:gpt-5``). The offline verdict is computed locally
(deterministic, no request); the LLM judge's verdicts are kept in its cache, so a rerun asks
nothing again. Items the offline judge cannot score (no answer facts) go to the LLM judge.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.base import JudgeItem, Judgement
from judge.choices import CASCADE_PREFIX
from judge.llm import LLMJudge
from judge.offline import OfflineJudge
from judge.usage import JudgeUsage


class CascadeJudge:
    """The offline judge first; its uncertain (or unscorable) verdicts are the LLM judge's to give."""

    def __init__(self, llm: LLMJudge, offline: OfflineJudge | None = None) -> None:
        self.llm = llm
        self.offline = offline if offline is not None else OfflineJudge()
        self.name = f"{CASCADE_PREFIX}{llm.name}"
        self.prompt_version = f"{self.offline.prompt_version}+{llm.prompt_version}"

    @property
    def usage(self) -> JudgeUsage:
        """The LLM judge's usage: the offline judge costs nothing."""
        return self.llm.usage

    def _offline(self, item: JudgeItem) -> Judgement | None:
        """The offline verdict when it decides (valid and certain), else None."""
        verdict = self.offline.score(item)
        return verdict if verdict.valid and verdict.certain else None

    def score(self, item: JudgeItem) -> Judgement:
        verdict = self._offline(item)
        return verdict if verdict is not None else self.llm.score(item)

    def cached(self, item: JudgeItem) -> Judgement | None:
        """The offline verdict when it decides, else the LLM judge's cached one (None on a miss)."""
        verdict = self._offline(item)
        return verdict if verdict is not None else self.llm.cached(item)

    def score_many(self, items: Sequence[JudgeItem], concurrency: int = 8) -> list[Judgement]:
        """Offline verdicts where they decide; the rest asked of the LLM judge together, in order."""
        decided = [self._offline(item) for item in items]
        asked = [item for item, verdict in zip(items, decided, strict=True) if verdict is None]
        answers = iter(self.llm.score_many(asked, concurrency) if asked else [])
        return [verdict if verdict is not None else next(answers) for verdict in decided]

    def preflight(self) -> None:
        """The LLM judge must be reachable (the offline judge always is)."""
        self.llm.preflight()
