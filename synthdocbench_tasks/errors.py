"""Errors a user must act on. They are ``SystemExit`` subclasses on purpose.

lmms-eval catches ``Exception`` around evaluation, logs a traceback and still exits 0,
so a plain exception for "no dataset" or "judge unreachable" would scroll past unseen.
A ``SystemExit`` passes through, prints its one-line message and exits non-zero.
Python callers can still catch :class:`SynthDocUserError` explicitly.
"""

from __future__ import annotations


class SynthDocUserError(SystemExit):
    """One line that says what is wrong and what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(f"synthdocbench: {message}")
        self.message = message

    def __str__(self) -> str:
        return f"synthdocbench: {self.message}"


def first_line(exc: BaseException) -> str:
    """The first non-empty line of ``exc``'s message, or its type name when it has none
    (what a one-line error shows of an exception raised by a library)."""
    for line in str(exc).splitlines():
        if line.strip():
            return line.strip()
    return type(exc).__name__
