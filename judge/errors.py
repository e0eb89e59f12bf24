"""Errors the judge package raises: each message is one line saying what is wrong and what to do.

The list of judges a message offers ("choose another judge with ...") is derived from the
registry (:func:`judge.registry.choose_another`), never written here.
"""

from __future__ import annotations


class JudgeSpecError(ValueError):
    """A judge spec string that names no known judge."""


class JudgeInputError(ValueError):
    """An item the judge cannot score as given (e.g. a malformed answer value)."""


class JudgeError(RuntimeError):
    """Judging failed for good: the endpoint kept failing or refused the request.

    ``requests`` and ``retries`` count the HTTP requests a backend made (retries included)
    and the retries among them before it gave up, so a judge's usage counts them too.
    """

    def __init__(self, message: str = "", *, requests: int = 0, retries: int = 0) -> None:
        super().__init__(message)
        self.requests = requests
        self.retries = retries


class JudgeUnavailable(JudgeError):  # noqa: N818 - the name reads as the condition it reports
    """The judge cannot be reached or used at all (unreachable, timing out, failing with
    5xx/429 after every attempt, refusing the key): later requests will fail the same way,
    so a caller should stop asking. ``preflight`` raises it before any model inference."""


class JudgeRequestError(JudgeError):
    """The endpoint answered but refused this one request (e.g. HTTP 400 context too long);
    other requests may still succeed."""
