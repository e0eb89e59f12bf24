"""Errors the judge package raises: each message is one line saying what is wrong and what to do."""

from __future__ import annotations

#: How a user picks another judge; appended to errors about an unusable judge.
CHOOSE_ANOTHER = (
    "choose another judge with SYNTHDOC_JUDGE (offline, none, openai:<model> or openai:<model>@<base_url>)"
)


class JudgeSpecError(ValueError):
    """A judge spec string that names no known judge."""


class JudgeInputError(ValueError):
    """An item the judge cannot score as given (e.g. a malformed answer value)."""


class JudgeError(RuntimeError):
    """Judging failed for good: the endpoint kept failing or refused the request."""


class JudgeUnavailable(JudgeError):  # noqa: N818 - the name reads as the condition it reports
    """The judge cannot be reached or used at all (unreachable, timing out, failing with
    5xx/429 after every attempt, refusing the key): later requests will fail the same way,
    so a caller should stop asking. ``preflight`` raises it before any model inference."""


class JudgeRequestError(JudgeError):
    """The endpoint answered but refused this one request (e.g. HTTP 400 context too long);
    other requests may still succeed."""
