"""``log_records.record_lines`` (each copy of a record read once, the line's other values when
asked for) gives what the whole-line reader gives (``samples_log.parsed_lines`` then
``record_copies``): the same line numbers, records (value and type, by ``repr``), metric keys
and line values, and the same error, line by line, over lines it reads either way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from synthdocbench_tasks import log_records, samples_log
from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.record_rules import SYNTHDOC


def _record(**extra: Any) -> dict[str, Any]:
    return {"question_id": "d0-chart-01", "doc_id": "d0", "subset": "chart", "score": 7, **extra}


def _line(record: dict[str, Any], **extra: Any) -> dict[str, Any]:
    copies = {k: record for k in ("acc", "score", "failed", "unscored", "uncertain")}
    return {"doc_id": 0, "target": "5.58", "resps": [["5.6"]], **copies, "input": "Question: q?", **extra}


LINES: dict[str, str] = {
    "as lmms-eval writes it": json.dumps(_line(_record()), ensure_ascii=False),
    "text outside ASCII, -0.0, floats": json.dumps(
        _line(_record(question="é, 漢字, 😀 \u2028", position=-0.0, iou=0.1 + 0.2)), ensure_ascii=False
    ),
    "a 20-digit integer in the record": json.dumps(_line(_record(big=18446744073709551616))),
    "below -2**63 outside the record": json.dumps(_line(_record(), doc_id=-9223372036854775809)),
    "a 19-digit run in a hash": json.dumps(_line(_record(), doc_hash="a1234567890123456789b")),
    "NaN in a copy": json.dumps(_line(_record(score=float("nan")))),
    "NaN outside the record": json.dumps(_line(_record(), target=float("nan"))),
    "1e999 outside the record": json.dumps(_line(_record()))[:-1] + ', "extra": 1e999}',
    "1e999 in the record": json.dumps(_line(_record()))[:-1]
    + ', "late": {"question_id": "d0-chart-01", "x": 1e999}}',
    "a lone surrogate": json.dumps(_line(_record(question="\ud800"))),
    "copies in another key order": json.dumps(
        {**_line(_record()), "failed": dict(reversed(list(_record().items())))}
    ),
    "copies written with other spacing": json.dumps(_line(_record()), separators=(",", ":")).replace(
        '"failed":{', '"failed": {', 1
    ),
    "a copy that lacks a field": json.dumps({**_line(_record(judge="j")), "failed": _record()}),
    "copies that disagree": json.dumps({**_line(_record()), "unscored": _record(score=3)}),
    "1 against 1.0": json.dumps({**_line(_record()), "unscored": _record(score=7.0)}),
    "the record under other keys": json.dumps({"doc_id": 0, "em": _record(), "f1": _record()}),
    "the record under score only": json.dumps({"doc_id": 0, "score": _record(), "acc": 1.0}),
    "no record": json.dumps({"doc_id": 0, "acc": 1.0}),
    "not an object": "[1, 2]",
    "not JSON": '{"acc": {"question_id": "q"},}',
    "a blank line": "   ",
}


def _whole(path: Path) -> list[tuple[int, Any, dict[str, Any], tuple[str, ...]]]:
    out = []
    for number, line, by_orjson in samples_log.parsed_lines(path):
        record, keys = samples_log.record_copies(line, SYNTHDOC, f"{path}:{number}", by_orjson)
        out.append((number, line, record, keys))
    return out


def _outcome(read: Any, path: Path) -> str:
    """What a reader gives for ``path``, as text: every value of every line, or its error."""
    try:
        rows = read(path)
    except SynthDocUserError as exc:
        return f"error: {exc}"
    return repr([(n, {k: line[k] for k in line}, record, keys) for n, line, record, keys in rows])


@pytest.mark.parametrize("name", list(LINES))
@pytest.mark.parametrize("end", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_each_line_is_read_as_the_whole_line_reader_reads_it(tmp_path: Path, name: str, end: str) -> None:
    path = tmp_path / "x_samples_synthdoc_chart.jsonl"
    path.write_bytes(
        (LINES["as lmms-eval writes it"] + end + LINES[name] + end).encode("utf-8", "surrogatepass")
    )
    fast = _outcome(lambda p: list(log_records.record_lines(p, SYNTHDOC)), path)
    assert fast == _outcome(_whole, path), name


def test_a_file_that_is_not_utf8_is_read_whole_and_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "x_samples_synthdoc_chart.jsonl"
    good = LINES["as lmms-eval writes it"].encode()
    path.write_bytes(good + b"\n" + good.replace(b"Question: q?", b"Question: \xff?") + b"\n")
    with pytest.raises(SynthDocUserError, match=r":2: .*utf-8"):
        list(log_records.record_lines(path, SYNTHDOC))


def test_the_copies_of_a_record_are_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The line's copies are one object, and values other than the record are parsed only when
    read (here: none), so a line of five copies parses one record."""
    path = tmp_path / "x_samples_synthdoc_chart.jsonl"
    path.write_text(LINES["as lmms-eval writes it"] + "\n", encoding="utf-8")
    decoded: list[bytes] = []
    real = log_records._VALUE

    class Counting:
        def decode(self, text: Any) -> Any:
            decoded.append(bytes(text))
            return real.decode(text)

    monkeypatch.setattr(log_records, "_VALUE", Counting())
    [(number, line, record, keys)] = list(log_records.record_lines(path, SYNTHDOC))
    assert (number, keys) == (1, ("acc", "score", "failed", "unscored", "uncertain"))
    assert len(decoded) == 1 and json.loads(decoded[0]) == record == _record()
    assert all(line[k] is record for k in keys)
    assert line["input"] == "Question: q?" and len(decoded) == 2
