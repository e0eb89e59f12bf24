"""Reading lmms-eval samples logs (``*_samples_<task>.jsonl``): one JSON object per line.

lmms-eval writes, per answer, ``doc_id``, ``target``, ``resps``, ``filtered_resps``,
``input`` and the dict ``process_results`` returned, so the per-answer record stands under
every metric key of the task (``acc``, ``score``, ``failed``, ``unscored``; ``em``, ``f1``,
... for MMDocBench). :func:`read_samples` is the one reader behind ``synthdocbench judge``
(:mod:`~synthdocbench_tasks.rejudge`), ``synthdocbench report``
(:mod:`~synthdocbench_tasks.report.load`), the MMDocBench table
(:mod:`~synthdocbench_tasks.mmdocbench.report`) and the viewer: each line yields the typed
record (:mod:`~synthdocbench_tasks.records`) or one line naming the file and line and
saying what is wrong. Nothing is skipped: a missing or unreadable file, a line that is not
JSON (a cut-off last line says so), not an object, without a record of the expected kind,
with copies of the record that disagree, or with a record of wrong types or impossible values.
The record is the copies under ``acc`` and ``score`` merged (:data:`PRIMARY`); every two
copies must agree on the fields they share.
"""

from __future__ import annotations

import gc
import json
import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import orjson

from .errors import SynthDocUserError

if TYPE_CHECKING:  # the models are imported where a record is validated: reading needs none
    from .records import Record

R = TypeVar("R", bound="Record")


class RecordKind(Protocol):
    """What names a kind of record: a record model (``SynthDocRecord``) or its
    :class:`~synthdocbench_tasks.record_rules.RecordKind` (no model needed)."""

    @property
    def KIND(self) -> str: ...  # noqa: N802 (named as the models name their class variables)

    @property
    def MARKER(self) -> str: ...  # noqa: N802

    @property
    def TASKS(self) -> str: ...  # noqa: N802


#: ASCII digits to ``0``, every other byte to a space: a text whose bytes so mapped hold
#: :data:`_LONG_RUN` has a run of 19 digits, maybe a number ``orjson`` reads otherwise than
#: ``json`` (an integer beyond 64 bits becomes a float there: from 2**64 up, 20 digits, and
#: below -2**63, from 19 digits).
_DIGITS = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_LONG_RUN = b"0" * 19


#: Bytes of a file mapped at a time by :func:`_digit_runs` (its arrays stay in cache).
_CHUNK = 1 << 20


def _digit_runs(data: bytes, first: bool = False) -> list[int]:
    """Where runs of 19 ASCII digits start in ``data`` (at least one place in each run, in
    order; ``first``: stop at the first): its bytes mapped by :data:`_DIGITS`, a chunk at a time
    (with an overlap of 18), searched for :data:`_LONG_RUN` (C loops only: a pass over each
    line in Python costs a third of parsing it; numpy would cost its import)."""
    found: set[int] = set()
    overlap = len(_LONG_RUN) - 1
    for start in range(0, max(len(data) - overlap, 1), _CHUNK):
        mapped = data[start : start + _CHUNK + overlap].translate(_DIGITS)
        at = mapped.find(_LONG_RUN)
        while at >= 0:
            found.add(start + at)
            if first:
                return [start + at]
            at = mapped.find(_LONG_RUN, at + len(_LONG_RUN))
    return sorted(found)


def long_digit_run(text: str | bytes | memoryview) -> bool:
    """Whether ``text`` holds 19 ASCII digits in a row (:func:`_digit_runs`)."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    return bool(_digit_runs(data, first=True))


def _loads(raw: str) -> Any:
    """``raw`` parsed by ``orjson``, else (``NaN``, ``Infinity``, a lone surrogate, bad JSON) by
    ``json.loads``, which reads it or raises its ``JSONDecodeError``: the caller knows that
    ``raw`` holds no 19-digit run."""
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return json.loads(raw)


def parse_line(raw: str) -> Any:
    """One JSON text as ``json.loads`` reads it, parsed by ``orjson`` (2x faster) where the two
    agree: a text ``orjson`` refuses or holding a 19-digit run goes to ``json.loads``."""
    if _LONG_RUN in raw.encode("utf-8", "surrogatepass").translate(_DIGITS):
        return json.loads(raw)
    return _loads(raw)


def read_lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for each non-blank line of the samples log ``path``, each line
    parsed once as ``json.loads`` reads it (by ``orjson`` unless the file holds a 19-digit run,
    see :func:`parse_line`)."""
    for number, line, _ in parsed_lines(path):
        yield number, line


def parsed_lines(path: Path) -> Iterator[tuple[int, dict[str, Any], bool]]:
    """:func:`read_lines`, and for each line whether ``orjson`` read it (then it holds no NaN
    nor infinity, which ``orjson`` refuses, and no integer beyond 64 bits). Each line is parsed
    from the file's bytes (see :func:`split_lines`), without decoding the file to text first; a line
    holding 19 digits in a row (a number beyond 64 bits, or only a hash with that many
    digits: lmms-eval logs three per line) is parsed by ``json``."""
    for number, raw, cut, long_run in split_lines(read_log(path)):
        parsed = parse_log_line(raw, path, number, cut=cut, long_run=long_run)
        if parsed is not None:
            yield number, *parsed


def read_log(path: Path) -> bytes:
    """The bytes of the samples log ``path``; one clear line when it cannot be read."""
    if not path.is_file():
        raise SynthDocUserError(f"{path} is not a file: pass lmms-eval samples logs (*_samples_<task>.jsonl)")
    try:
        return path.read_bytes()
    except OSError as exc:
        raise SynthDocUserError(f"cannot read {path}: {exc.strerror or exc}") from None


def parse_log_line(
    raw: bytes | memoryview, path: Path, number: int, *, cut: bool, long_run: bool
) -> tuple[dict[str, Any], bool] | None:
    """Line ``number`` of ``path`` (of :func:`split_lines`) as ``json.loads`` reads it, and
    whether ``orjson`` read it (see :func:`parsed_lines`); None for a line of white space."""
    by_orjson = not long_run
    if by_orjson:
        try:
            line = orjson.loads(raw)
        except orjson.JSONDecodeError:  # NaN, Infinity, a lone surrogate, not UTF-8, blank, not JSON
            by_orjson = False
    if not by_orjson:
        line = _json_line(bytes(raw), path, number, last=cut)
        if line is _BLANK:
            return None
    if not isinstance(line, dict):
        raise SynthDocUserError(
            f"{path}:{number}: expected a JSON object per line (an lmms-eval samples log)"
        )
    return line, by_orjson


def split_lines(data: bytes, digit_runs: bool = True) -> Iterator[tuple[int, bytes | memoryview, bool, bool]]:
    """``(line number, line, whether it is the last line without an end of line, whether it
    holds 19 digits in a row)`` for each non-empty line of ``data``, split at ``\\n``, ``\\r``
    and ``\\r\\n`` (where JSON Lines ends a line; not at a separator such as U+2028 that a
    JSON string may hold as it is). A file without ``\\r`` yields views into ``data``, not
    copies of its lines, and is mapped for digit runs once (:func:`_digit_runs`); without
    ``digit_runs`` it is not, and the last flag of its lines is False."""
    if b"\r" in data:
        lines = data.splitlines()
        unterminated = not data.endswith((b"\n", b"\r"))
        for number, raw in enumerate(lines, start=1):
            if raw:
                yield number, raw, unterminated and number == len(lines), long_digit_run(raw)
        return
    runs = _digit_runs(data) if digit_runs else []
    view, find, size = memoryview(data), data.find, len(data)
    start = number = k = 0
    while start < size:
        number += 1
        end = find(b"\n", start)
        if end < 0:
            end = size
        while k < len(runs) and runs[k] < start:
            k += 1
        if end > start:
            yield number, view[start:end], end == size, k < len(runs) and runs[k] < end
        start = end + 1


#: What :func:`_json_line` gives for a line of white space only.
_BLANK = object()


def _json_line(raw: bytes, path: Path, number: int, *, last: bool) -> Any:
    """The line ``raw`` as ``json.loads`` reads its UTF-8 text (:data:`_BLANK` for a line of
    white space only); one clear line when it is not UTF-8 or not JSON (``last``: the file's
    last line, without an end of line)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SynthDocUserError(f"cannot read {path}:{number}: {exc}") from None
    if text.isspace():
        return _BLANK
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if last:
            raise SynthDocUserError(
                f"{path}:{number}: malformed JSON ({exc.msg}); the last line is cut off, so the file "
                "was truncated (a run or a copy was interrupted): rerun the task, or delete that "
                "line to use the answers before it"
            ) from None
        raise SynthDocUserError(
            f"{path}:{number}: malformed JSON ({exc.msg}); the line is not JSON, so the file is "
            "damaged or not a samples log"
        ) from None


@dataclass(frozen=True)
class SampleLine(Generic[R]):
    """One line of a samples log: the line as logged, its record typed, the keys holding it."""

    path: Path
    number: int
    line: dict[str, Any]
    record: R
    raw: dict[str, Any]  # the record as logged (copies merged), extra keys included
    keys: tuple[str, ...]

    @property
    def where(self) -> str:
        return f"{self.path}:{self.number}"

    def reply(self) -> str | None:
        """The model's reply as logged (filtered, else raw), or None when the line has none."""
        return reply_of(self.line)


def reply_of(line: Mapping[str, Any]) -> str | None:
    """The model's reply a samples line logged (filtered, else raw), or None when it has none."""
    for key in ("filtered_resps", "resps"):
        value = first_text(line.get(key))
        if value is not None:
            return value
    return None


def first_text(value: Any) -> str | None:
    """The first string of a logged value that nests it in lists (``[["reply"]]``), or None."""
    while isinstance(value, list) and value:
        value = value[0]
    return value if isinstance(value, str) else None


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


_PLAIN = frozenset({str, int, bool, type(None)})


def same_json(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` serialise to the same JSON (:func:`_canonical`) without
    serialising them: the same types all the way down (``1``, ``1.0`` and ``true`` differ, as
    do ``0.0`` and ``-0.0``; ``NaN`` equals ``NaN``), key order ignored."""
    kind = type(a)
    if kind is not type(b):
        return _canonical(a) == _canonical(b)
    if kind in _PLAIN:
        return bool(a == b)
    if kind is float:
        return a.__repr__() == b.__repr__()
    if kind is dict:
        return a.keys() == b.keys() and all(same_json(v, b[k]) for k, v in a.items())
    if kind is list:
        return len(a) == len(b) and all(map(same_json, a, b))
    return _canonical(a) == _canonical(b)


def _same_kinds(a: Any, b: Any) -> bool:
    """Whether ``a == b`` (given) is also the same JSON: the same types all the way down and
    no zero against a negative zero."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is float:
        return a != 0.0 or math.copysign(1.0, a) == math.copysign(1.0, b)
    if kind is dict:
        for key, value in a.items():
            if type(value) is not str and value is not None and not _same_kinds(value, b[key]):
                return False
    elif kind is list:
        for x, y in zip(a, b, strict=True):
            if type(x) is not str and x is not None and not _same_kinds(x, y):
                return False
    return True


def _kinds(copy: dict[str, Any]) -> bytes:
    """The values of ``copy`` that are not text, serialised in order (raises on a value
    ``orjson`` cannot write: an integer beyond 64 bits)."""
    return orjson.dumps([v for v in copy.values() if type(v) is not str])


def _identical(copies: list[dict[str, Any]]) -> bool:
    """Whether the copies are equal (``==``) and serialise their non-text values to the same
    bytes: then they are the same JSON (``==`` tells values apart except 1, 1.0 and true, and
    0.0 and -0.0, which serialise differently; ``orjson`` writes NaN and infinities as null, but
    ``==`` has already told those from null). False says nothing: the copies are compared field
    by field."""
    head = copies[0]
    if not all(c == head for c in copies[1:]):
        return False
    try:
        first = _kinds(head)
        return all(_kinds(c) == first for c in copies[1:])
    except TypeError:  # orjson.JSONEncodeError
        return False


def _same_bytes(copies: list[dict[str, Any]]) -> bool:
    """Whether ``orjson`` writes the copies as the same bytes: then they are the same JSON when
    they hold no NaN and no infinity (written as null), i.e. when ``orjson`` read them."""
    dumps = orjson.dumps
    try:
        first = dumps(copies[0])
        for copy in copies[1:]:
            if dumps(copy) != first:
                return False
    except TypeError:  # orjson.JSONEncodeError: an integer beyond 64 bits
        return False
    return True


def _copies_agree(copies: list[dict[str, Any]], by_orjson: bool = False) -> bool:
    """Whether every two copies agree on the fields they share: each field's value in each copy
    is the same JSON as in the first copy holding it (the same JSON is an equivalence, so this
    is every pair at one comparison per copy and field). ``by_orjson``: ``orjson`` read them."""
    if by_orjson and _same_bytes(copies):  # as lmms-eval logs them: one write in C per copy
        return True
    if _identical(copies):
        return True
    head = copies[0]
    if all(c.keys() == head.keys() and c == head for c in copies[1:]):
        # ``==`` equates 1, 1.0 and true, and 0.0 with -0.0 (strings and nulls only equal their kind)
        return all(_same_kinds(c, head) for c in copies[1:])
    first: dict[str, Any] = {}
    for copy in copies:
        for field, value in copy.items():
            if field not in first:
                first[field] = value
            elif value is not first[field] and not same_json(value, first[field]):
                return False
    return True


def _raise_first_disagreement(line: dict[str, Any], keys: tuple[str, ...], where: str) -> None:
    """The error of the first two copies (in ``keys`` order) that disagree."""
    for index, key in enumerate(keys[1:], start=1):
        for earlier in keys[:index]:
            a, b = line[earlier], line[key]
            diff = sorted(k for k in a.keys() & b.keys() if not same_json(a[k], b[k]))
            if diff:
                raise SynthDocUserError(
                    f"{where}: the records under '{earlier}' and '{key}' differ ({', '.join(diff)}), "
                    "but lmms-eval logs one record per answer under every metric key: the line was "
                    "edited; restore it from the run's output (or rerun the task)"
                )


#: The metric keys every synthdoc task logs: the record is read from their copies (merged:
#: a copy may lack a field another has); without them, from every copy. Copies under the
#: other metric keys (``failed``, ``unscored``, ...) must agree with it on the fields they share.
PRIMARY = ("acc", "score")


def record_of(line: dict[str, Any], kind: type[R], where: str) -> tuple[R, dict[str, Any], tuple[str, ...]]:
    """The record of ``kind`` a samples line holds (typed, and as logged) and the metric keys
    it stands under; one clear line when there is none, when two copies disagree on a field
    they share, or when the record is not valid."""
    raw, keys = record_copies(line, kind, where)
    return typed(raw, kind, where, keys), raw, keys


def record_copies(
    line: dict[str, Any], kind: RecordKind, where: str, by_orjson: bool = False
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The record of ``kind`` a samples line holds as logged (its copies under :data:`PRIMARY`
    merged; not yet typed, see :func:`typed`) and the metric keys it stands under; one clear
    line when there is none or when two copies disagree on a field they share (``by_orjson``:
    ``orjson`` read the line, see :func:`parsed_lines`)."""
    marker = kind.MARKER  # kind.holds(v), inlined: this runs for every key of every line
    holders = [k for k, v in line.items() if isinstance(v, dict) and marker in v]
    if not holders:
        raise SynthDocUserError(
            f"{where}: has no {kind.KIND} record (no judge record with a {kind.MARKER} under a "
            f"metric key such as 'acc' or 'score'): pass samples logs of {kind.TASKS} tasks "
            "written with --log_samples"
        )
    primary = [k for k in PRIMARY if k in holders] or holders
    keys = holder_order(holders)
    copies = [line[k] for k in keys]
    if not _copies_agree(copies, by_orjson):
        _raise_first_disagreement(line, keys, where)
    raw: dict[str, Any] = dict(line[primary[0]])
    for key in primary[1:]:  # a field missing from the first copy, from the next that has it
        if not line[key].keys() <= raw.keys():
            raw.update((k, v) for k, v in line[key].items() if k not in raw)
    return raw, keys


def holder_order(holders: list[str]) -> tuple[str, ...]:
    """The metric keys holding a line's record (in the line's order), those of :data:`PRIMARY`
    first: the order the copies are merged and compared in."""
    if tuple(holders[:2]) == PRIMARY:  # as lmms-eval writes them: acc, score, then the rest
        return tuple(holders)
    primary = [k for k in PRIMARY if k in holders] or holders
    if holders[: len(primary)] == primary:
        return tuple(holders)
    return (*primary, *[k for k in holders if k not in primary])


def typed(raw: dict[str, Any], kind: type[R], where: str, keys: tuple[str, ...]) -> R:
    """The record ``raw`` (of :func:`record_copies`) validated as ``kind``; one clear line when
    it is not valid."""
    from pydantic import ValidationError

    from .records import problems

    try:
        return kind.model_validate(raw)
    except ValidationError as exc:
        raise SynthDocUserError(
            f"{where}: the {kind.KIND} record under '{keys[0]}' is invalid: {problems(exc)}; the line "
            "is damaged or was edited: restore it from the run's output or rerun the task"
        ) from None


@contextmanager
def collection_paused() -> Iterator[None]:
    """The cyclic garbage collector off (then as it was): reading a log makes many objects and
    no cycles, and a collection every few hundred lines would walk all the lines read so far."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def read_samples(path: Path, kind: type[R]) -> list[SampleLine[R]]:
    """Every answer of the samples log ``path`` with its typed record; one clear line naming
    the file (and line) on anything that is not a samples log of ``kind``'s tasks."""
    out: list[SampleLine[R]] = []
    with collection_paused():
        for number, line, by_orjson in parsed_lines(path):
            where = f"{path}:{number}"
            raw, keys = record_copies(line, kind, where, by_orjson)
            record = typed(raw, kind, where, keys)
            out.append(SampleLine(path, number, line, record, raw, keys))
    if not out:
        raise no_records(path, kind)
    return out


def no_records(path: Path, kind: RecordKind) -> SynthDocUserError:
    """The error of a samples log without a line."""
    return SynthDocUserError(
        f"{path} holds no score records: it holds no samples; run lmms-eval on {kind.TASKS} tasks "
        "with --log_samples"
    )
