"""Each line's record of a samples log, its copies read once.

lmms-eval writes the record ``process_results`` returned under every metric key of the task
(``acc``, ``score``, ``failed``, ``unscored``, ``uncertain``): five identical copies of the
same text, most of a line. :func:`record_lines` has ``msgspec`` find where each value of a
line begins and ends (checking the line's JSON, not building its values), parses the first
copy (``msgspec`` again: it reads numbers as ``json`` does, integers beyond 64 bits included,
so the file needs no search for long runs of digits), and takes every copy whose text is the
same bytes as that copy (the same text is the same JSON: nothing to compare field by field);
the line's other values are parsed when asked for (:class:`RawLine`). A line it cannot read so
(copies that are not the same bytes, anything ``msgspec`` refuses, a file that is not UTF-8)
goes the way :func:`~synthdocbench_tasks.samples_log.read_samples` reads it: parsed whole, the
copies compared (:func:`~synthdocbench_tasks.samples_log.record_copies`), with the same
errors. The records are the same either way (a test holds the two equal).
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import msgspec

from .samples_log import (
    RecordKind,
    holder_order,
    long_digit_run,
    parse_log_line,
    read_log,
    record_copies,
    split_lines,
)

#: A line as its top-level keys and the text of each value (``msgspec`` checks the JSON of
#: the whole line, and builds no value).
_SPANS = msgspec.json.Decoder(dict[str, msgspec.Raw])
#: A value of a line, as ``json`` reads it (but for a number beyond a float's range, which it
#: refuses and ``json`` reads as an infinity).
_VALUE = msgspec.json.Decoder()
_OBJECT = ord("{")


class RawLine(Mapping[str, Any]):
    """A samples line whose values are parsed when first read (by ``msgspec``, else ``json``
    where ``msgspec`` refuses a number ``json`` reads, such as ``1e999``): the copies of its
    record are given parsed."""

    __slots__ = ("_spans", "_values")

    def __init__(self, spans: dict[str, msgspec.Raw], values: dict[str, Any]) -> None:
        self._spans = spans
        self._values = values

    def __getitem__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            span = memoryview(self._spans[key])
        try:
            value = _VALUE.decode(span)
        except msgspec.DecodeError:
            value = json.loads(span.tobytes().decode("utf-8"))
        self._values[key] = value
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._spans)

    def __len__(self) -> int:
        return len(self._spans)


def _record_of_spans(
    raw: bytes | memoryview, marker: str
) -> tuple[RawLine, dict[str, Any], tuple[str, ...]] | None:
    """``(line, record, keys)`` of :func:`record_lines` when every object of the line holding
    ``marker`` is the same bytes as the first; None when the line is read whole instead."""
    try:
        spans = _SPANS.decode(raw)
    except msgspec.DecodeError:  # not JSON, not an object, NaN, a lone surrogate, ...
        return None
    first: msgspec.Raw | None = None
    record: dict[str, Any] = {}
    holders: list[str] = []
    for key, span in spans.items():
        if span == first:  # a copy of the record (never None)
            holders.append(key)
            continue
        text = memoryview(span)
        if not text or text[0] != _OBJECT:
            continue
        try:
            value = _VALUE.decode(text)
        except msgspec.DecodeError:
            return None
        if marker in value:
            if first is not None:  # a copy that is other text: compared field by field
                return None
            first, record = span, value
            holders.append(key)
    if first is None:
        return None
    return RawLine(spans, dict.fromkeys(holders, record)), record, holder_order(holders)


def _utf8(data: bytes) -> bool:
    """Whether ``data`` is UTF-8 (``msgspec`` does not check the strings it leaves unbuilt)."""
    if data.isascii():
        return True
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        for start in range(0, len(data), 1 << 20):
            decoder.decode(data[start : start + (1 << 20)])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def record_lines(
    path: Path, kind: RecordKind
) -> Iterator[tuple[int, Mapping[str, Any], dict[str, Any], tuple[str, ...]]]:
    """``(line number, line, record as logged, metric keys holding it)`` of each line of the
    samples log ``path``, as :func:`~synthdocbench_tasks.samples_log.parsed_lines` and
    :func:`~synthdocbench_tasks.samples_log.record_copies` give them (the same errors), the
    copies of each record read once (see the module). The record is not yet typed; it is the
    line's, not a copy."""
    data = read_log(path)
    spans = _utf8(data)
    for number, raw, cut, long_run in split_lines(data, digit_runs=not spans):
        where = f"{path}:{number}"
        found = _record_of_spans(raw, kind.MARKER) if spans else None
        if found is not None:
            yield number, *found
            continue
        if spans:  # the file was not searched for runs of digits
            long_run = long_digit_run(raw)
        parsed = parse_log_line(raw, path, number, cut=cut, long_run=long_run)
        if parsed is not None:
            line, by_orjson = parsed
            yield number, line, *record_copies(line, kind, where, by_orjson)
