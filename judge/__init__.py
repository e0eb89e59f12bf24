"""LLM-as-judge for SynthDocBench answers: rubric prompt, backends, cache and reply parsing.

This package imports nothing of the project: items are plain strings and dicts.

    judge = build_judge("openai:gpt-5", cache_dir=Path(".cache/judge"), timeout=30, max_attempts=3)
    verdict = judge.cached(item)  # no network: the cache (LLM judges) or the offline verdict
    judge.preflight()  # one-line JudgeUnavailable if it cannot be reached
    results = judge.score_many([JudgeItem(question, reference, candidate)])

Failures: ``JudgeUnavailable`` (the endpoint is down: stop asking), ``JudgeRequestError``
(one request refused), ``JudgeInputError`` (the item cannot be judged as given). Replies
without a valid score are unscored verdicts (``valid`` False, score -1), never errors.
``judge.redact.redact_secrets`` removes credentials from any text. ``import judge`` does not
import ``openai``.
"""

from judge.base import Judge, JudgeItem, Judgement, score_concurrently
from judge.cache import JudgementCache, cache_key
from judge.errors import JudgeError, JudgeInputError, JudgeRequestError, JudgeSpecError, JudgeUnavailable
from judge.offline import OFFLINE_JUDGE_NAME, OfflineJudge
from judge.openai_judge import OpenAIJudge
from judge.parse import UNSCORED, ParsedJudgement, parse_judge_reply
from judge.prompt import PromptTemplate, load_template
from judge.redact import redact_secrets
from judge.spec import JudgeSpec, build_judge, parse_judge_spec
from judge.usage import JudgeUsage

__all__ = [
    "OFFLINE_JUDGE_NAME",
    "UNSCORED",
    "Judge",
    "JudgeError",
    "JudgeInputError",
    "JudgeItem",
    "JudgeRequestError",
    "JudgeSpec",
    "JudgeSpecError",
    "JudgeUnavailable",
    "JudgeUsage",
    "Judgement",
    "JudgementCache",
    "OfflineJudge",
    "OpenAIJudge",
    "ParsedJudgement",
    "PromptTemplate",
    "build_judge",
    "cache_key",
    "load_template",
    "parse_judge_reply",
    "parse_judge_spec",
    "redact_secrets",
    "score_concurrently",
]
