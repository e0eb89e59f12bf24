"""Removing credentials from text before it is shown, logged or written.

Judge endpoints are often written with their credentials inside (``https://user:key@host/v1``,
``...?api-key=...``) and error messages of HTTP clients echo URLs and headers. Everything
the judge package puts in a message, a name, an endpoint or a usage line goes through
:func:`redact_secrets`, and callers that write records or reports can use it too.
"""

from __future__ import annotations

import os
import re
from urllib.parse import quote

MASK = "***"

# scheme://userinfo@host: the userinfo (user, or user:password) is a credential.
_USERINFO = re.compile(r"(?P<scheme>\b[a-zA-Z][a-zA-Z0-9+.-]{0,20}://)(?P<userinfo>[^/\s@?#]{1,2048})@")
# ?api-key=...&token=... (also after ';' or '&', any case).
_QUERY = re.compile(
    r"(?P<name>[?&;](?:api[-_]?key|key|token|access[-_]?token|auth[-_]?token|secret|password|sig)=)"
    r"(?P<value>[^&#\s\"'<>]+)",
    re.IGNORECASE,
)
# Authorization: Bearer <token>, or a bare "Bearer <token>".
_BEARER = re.compile(r"(?P<name>\bbearer\s++)(?P<value>[A-Za-z0-9._~+/=-]{4,})", re.IGNORECASE)
# OpenAI-style secret keys written anywhere.
_SK = re.compile(r"\bsk-[A-Za-z0-9_-]{8,}")
# Environment variables whose values are secrets.
_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD", re.IGNORECASE)
# Shorter values are too likely to be ordinary text ("1", "yes") to replace everywhere.
_MIN_ENV_SECRET = 6


def _env_secrets() -> list[str]:
    values: set[str] = set()
    for name, value in os.environ.items():
        value = value.strip()
        if _SECRET_NAME.search(name) and len(value) >= _MIN_ENV_SECRET:
            values.add(value)
            values.add(quote(value, safe=""))
    return sorted((v for v in values if len(v) >= _MIN_ENV_SECRET), key=len, reverse=True)


def redact_secrets(text: str) -> str:
    """``text`` with credentials replaced by ``***``.

    Removes URL user-info, the values of ``api-key``/``api_key``/``key``/``token`` (and
    similar) query parameters, bearer tokens, ``sk-...`` keys and the values of set
    environment variables whose names contain KEY, TOKEN, SECRET or PASSWORD. Never raises;
    a non-string is converted with ``str``.
    """
    if not isinstance(text, str):
        text = str(text)
    for secret in _env_secrets():
        if secret in text:
            text = text.replace(secret, MASK)
    text = _USERINFO.sub(lambda m: f"{m.group('scheme')}{MASK}@", text)
    text = _QUERY.sub(lambda m: f"{m.group('name')}{MASK}", text)
    text = _BEARER.sub(lambda m: f"{m.group('name')}{MASK}", text)
    return _SK.sub(MASK, text)


def one_line(text: object, limit: int = 160) -> str:
    """``text`` on one line, credentials removed, at most ``limit`` characters."""
    flat = " ".join(redact_secrets(str(text)).split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."
