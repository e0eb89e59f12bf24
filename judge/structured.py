"""An answer written as a JSON object, read as sentences: ``{"fits_report": false,
"change_pp": -2.9}`` → ``fits report: it contradicts; change: -2.9 pp``.

A key's underscores are spaces; a unit word that ends a key (``change_pp``, ``share_pct``) is
written after its value; ``true``/``false`` under a key that asks for a verdict (fits, agrees,
matches, consistent, bears out, confirms, supports) is that verdict ("it matches", "it
contradicts"), under any other key "yes"/"no". Anything that is no JSON object is left as it is.

judge24: a YAML mapping (a fenced ``yaml`` block, or an answer whose every line is ``key: value``
with a ``true``/``false`` among them) is read the same way: ``matches: false`` is "it
contradicts", never the key's own "matches".
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL | re.IGNORECASE)
_VERDICT_KEY = re.compile(
    r"fit|agree|match|consistent|bear|borne|confirm|support|in_line|inline", re.IGNORECASE
)
_UNITS = {
    "pp": "pp",
    "pct": "%",
    "percent": "%",
    "percentage": "%",
    "points": "points",
    "usd": "USD",
    "eur": "EUR",
}


_YAML_FENCE = re.compile(r"^\s*```ya?ml\s*(.*?)\s*```\s*$", re.DOTALL | re.IGNORECASE)
#: a line of a YAML mapping: a key of word characters, a colon, a value
_YAML_LINE = re.compile(r"^\s*[A-Za-z_][\w ]{0,40}:(?:\s.*)?$")
_YAML_BOOL = re.compile(r":\s*(?:true|false)\s*$", re.IGNORECASE | re.MULTILINE)


def read_json(text: str) -> str:
    """``text`` as sentences when it is a JSON object or a YAML mapping (see the module
    docstring), else ``text``."""
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1)
    if not body.startswith("{"):
        return _read_yaml(text)
    try:
        data = json.loads(body)
    except ValueError:
        return text
    if not isinstance(data, dict):
        return text
    return "; ".join(_statements("", data)) + "."


def _read_yaml(text: str) -> str:
    """judge24: a fenced YAML block, or lines that are all ``key: value`` with a boolean among
    them, as sentences; anything else as it is."""
    fenced = _YAML_FENCE.match(text)
    body = fenced.group(1) if fenced else text.strip()
    lines = [line for line in body.splitlines() if line.strip()]
    if not fenced and (len(lines) < 2 or not all(_YAML_LINE.match(line) for line in lines)):
        return text
    if not _YAML_BOOL.search(body):
        return text
    try:
        data = yaml.safe_load(body)
    except yaml.YAMLError:
        return text
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        return text
    return "; ".join(_statements("", data)) + "."


_YEARS = re.compile(r"\b((?:19|20)\d\d) ((?:19|20)\d\d)\b")


def _statements(prefix: str, data: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key, value in data.items():
        words = f"{prefix} {key}".replace("_", " ").strip()
        words = _YEARS.sub(r"\1–\2", words)  # "average_2010_2016": the span 2010–2016
        if isinstance(value, dict):
            out += _statements(words, value)
            continue
        if isinstance(value, bool) and _VERDICT_KEY.search(key):
            out.append(_value(key, value))  # the verdict alone: the key's own "fits" would read as one
            continue
        unit = ""
        last = words.rsplit(" ", 1)
        if len(last) == 2 and last[1].lower() in _UNITS and isinstance(value, (int, float)):
            words, unit = last[0], _UNITS[last[1].lower()]
        out.append(f"{words}: {_value(key, value)}{' ' + unit if unit else ''}")
    return out


def _value(key: str, value: Any) -> str:
    if isinstance(value, bool):
        if _VERDICT_KEY.search(key):
            return "it matches" if value else "it contradicts"
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_value(key, v) for v in value)
    return str(value)
