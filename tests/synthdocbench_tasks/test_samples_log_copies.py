"""Record copies compared without serialising them give the very answers (and errors) that
comparing their canonical JSON gave: ``same_json`` against ``json.dumps(sort_keys=True)`` on
the values JSON can mix up, and ``record_of`` against the pairwise reference on lines whose
copies disagree in every way a seeded generator finds; and the viewer reads each log once."""

from __future__ import annotations

import copy
import json
import math
import random
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

import orjson
import pytest

from synthdocbench_tasks import log_records, samples_log
from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.grounded import PageRegion
from synthdocbench_tasks.records import SynthDocRecord
from synthdocbench_tasks.samples_log import PRIMARY, record_of, same_json
from synthdocbench_tasks.viewer import data as viewer_data
from tests.synthdocbench_tasks.report import logs

COPIES = ("acc", "score", "failed", "unscored", "uncertain")
RECORD: dict[str, Any] = {
    "question_id": "d1-chart-01",
    "doc_id": "d1",
    "subset": "chart",
    "category": "value_reading",
    "difficulty": "L2",
    "position_bucket": "early",
    "position": 0.25,
    "chart_type": "bar",
    "answer_values": [{"kind": "number", "text": "5.58", "value": 5.58, "unit": "%", "aliases": []}],
    "answer": "5.58%",
    "score": 7,
    "judgement": "close",
    "judge": "offline:v1",
    "prompt_version": "v1",
    "valid": True,
    "failure": None,
    "certain": True,
}

VALUES: list[Any] = [
    1, 1.0, True, False, 0, 0.0, -0.0, None, "1", "", "é", math.nan, math.inf, -math.inf,
    10**20, 1e20, [], {}, [1, 2], [2, 1], [1.0, 2], {"a": 1, "b": 2}, {"b": 2, "a": 1},
    {"a": 1}, {"a": 1.0}, [[None]], [[]], {"a": [True]}, {"a": [1]},
]  # fmt: skip


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("a", VALUES, ids=repr)
def test_same_json_is_equality_of_canonical_json(a: Any) -> None:
    for b in VALUES:
        assert same_json(a, b) == (_canonical(a) == _canonical(b)), (a, b)
        parsed_a, parsed_b = json.loads(json.dumps(a)), json.loads(json.dumps(b))
        assert same_json(parsed_a, parsed_b) == (_canonical(parsed_a) == _canonical(parsed_b)), (a, b)


def _reference_error(line: dict[str, Any]) -> str | None:
    """The check as it was: every pair of copies, shared fields by their canonical JSON."""
    holders = [k for k, v in line.items() if SynthDocRecord.holds(v)]
    primary = [k for k in PRIMARY if k in holders] or holders
    keys = (*primary, *(k for k in holders if k not in primary))
    for index, key in enumerate(keys[1:], start=1):
        for earlier in keys[:index]:
            a, b = line[earlier], line[key]
            diff = sorted(k for k in a.keys() & b.keys() if _canonical(a[k]) != _canonical(b[k]))
            if diff:
                return f"the records under '{earlier}' and '{key}' differ ({', '.join(diff)})"
    return None


def _mutated(rng: random.Random) -> dict[str, Any]:
    line: dict[str, Any] = {"doc_id": 0, "target": "t", **{k: copy.deepcopy(RECORD) for k in COPIES}}
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        key, field = rng.choice(COPIES), rng.choice(sorted(RECORD))
        action = rng.random()
        if action < 0.2:
            line[key].pop(field, None)  # a copy lacking a field the others have
        else:
            line[key][field] = rng.choice(VALUES)
    return json.loads(json.dumps(line))  # as read from a log: every copy its own objects


def test_record_of_raises_exactly_what_the_pairwise_canonical_check_raised() -> None:
    rng = random.Random(2026)
    disagreeing = 0
    for number in range(600):
        line = _mutated(rng)
        expected = _reference_error(line)
        where = f"log.jsonl:{number}"
        try:
            record_of(line, SynthDocRecord, where)
        except SynthDocUserError as exc:
            message = str(exc).removeprefix("synthdocbench: ")
            if expected is None:
                assert " differ (" not in message  # another check (the record's validation)
            else:
                disagreeing += 1
                assert message.startswith(f"{where}: {expected}, but lmms-eval logs one record"), message
        else:
            assert expected is None, expected
    assert disagreeing > 150  # the generator does reach the check


def test_copies_that_disagree_only_on_a_field_two_later_copies_share_are_caught() -> None:
    line = {k: dict(RECORD) for k in COPIES}
    line["failed"]["extra"], line["uncertain"]["extra"] = 1, 1.0
    with pytest.raises(SynthDocUserError, match=r"under 'failed' and 'uncertain' differ \(extra\)"):
        record_of(json.loads(json.dumps(line)), SynthDocRecord, "x:1")
    line["uncertain"]["extra"] = 1
    record, raw, keys = record_of(json.loads(json.dumps(line)), SynthDocRecord, "x:1")
    assert keys == COPIES and raw == RECORD and record.score == 7


def test_the_viewer_reads_each_log_once_and_keeps_the_predicted_regions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    questions = logs.benchmark(n_docs=2, per_doc=3)
    run = logs.write_run(tmp_path / "run", questions, [7] * len(questions))
    chart = next(run.glob("*_samples_synthdoc_chart.jsonl"))
    lines = [json.loads(raw) for raw in chart.read_text().splitlines()]
    for key in ("acc", "score"):
        lines[0][key]["predicted_regions"] = [{"page": 2, "bbox": [10, 20, 300, 400]}, {"page": 0}]
    chart.write_text("".join(json.dumps(line) + "\n" for line in lines))
    reads: Counter[Path] = Counter()
    real = samples_log.read_log  # every reader of a log's bytes goes through it

    def counted(path: Path) -> Any:
        reads[path] += 1
        return real(path)

    monkeypatch.setattr(samples_log, "read_log", counted)
    monkeypatch.setattr(log_records, "read_log", counted)
    corpus = viewer_data.load_corpus([run])
    assert sorted(reads.values()) == [1, 1, 1] and set(reads) == set(run.glob("*.jsonl"))
    qid = lines[0]["acc"]["question_id"]
    label = corpus.models[0]
    assert corpus._predicted[label] == {qid: [PageRegion(2, (10.0, 20.0, 300.0, 400.0))]}
    assert viewer_data.predicted_regions([chart]) == corpus._predicted[label]  # as read on its own


TEXTS = [
    '{"a": 1, "b": 1.0, "c": true, "d": -0.0, "e": null, "f": "é\\u00e9", "g": [1e20, 5.58]}',
    '{"big": 123456789012345678901234567890}',  # orjson would read a float: json reads it
    '{"big": -18446744073709551616, "ok": 18446744073709551615}',
    '{"below": -9223372036854775809, "ok": -9223372036854775808}',  # 19 digits: orjson reads a float
    '{"hash": "74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b12345678901234567890"}',
    '{"x": NaN, "y": Infinity, "z": -Infinity}',  # json's extensions: orjson refuses them
    '{"a": 1, "a": 2}',  # the last wins in both
    '{"s": "\\ud800"}',  # a lone surrogate
    '{"deep": ' + "[" * 200 + "]" * 200 + "}",
    '{"f": 1e400, "g": 0.1000000000000000055511151231257827}',
    '{"text": "line\\u2028separator", "tab": "\\t"}',
]
BROKEN = ['{"a": 1', '{"a": }', "[1, 2", '{"a": 1}}', '{"a": "x\ty"}', "", "nul"]


@pytest.mark.parametrize("text", TEXTS, ids=range(len(TEXTS)))
def test_parse_line_reads_what_json_reads(text: str) -> None:
    got, want = samples_log.parse_line(text), json.loads(text)
    assert repr(got) == repr(want) and same_json(got, want)


@pytest.mark.parametrize("text", BROKEN)
def test_parse_line_refuses_what_json_refuses_with_its_message(text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as want:
        json.loads(text)
    with pytest.raises(json.JSONDecodeError) as got:
        samples_log.parse_line(text)
    assert (got.value.msg, got.value.pos) == (want.value.msg, want.value.pos)
    assert type(got.value) is json.JSONDecodeError  # the message read_lines quotes is json's


def test_copies_told_apart_by_kind_after_equality() -> None:
    """``==`` equates 1, 1.0 and true, and 0.0 with -0.0: the serialised check tells them apart."""
    for a, b in ((1, 1.0), (1, True), (0.0, -0.0), ([1], [1.0]), ({"v": 0}, {"v": False})):
        copies = [{**RECORD, "x": a}, {**RECORD, "x": b}]
        assert not samples_log._identical(copies) and not samples_log._copies_agree(copies)
    same = [copy.deepcopy(RECORD) for _ in COPIES]
    assert samples_log._identical(same)
    nan = [{**RECORD, "x": float("nan")}, {**RECORD, "x": float("nan")}]  # two NaNs: not ==, same JSON
    assert not samples_log._identical(nan) and samples_log._copies_agree(nan)
    null = [{**RECORD, "x": math.nan}, {**RECORD, "x": None}]  # orjson writes NaN as null
    assert not samples_log._identical(null) and not samples_log._copies_agree(null)
    big = [{**RECORD, "x": 10**30}, {**RECORD, "x": 10**30}]
    assert not samples_log._identical(big) and samples_log._copies_agree(big)


def test_a_file_with_a_19_digit_run_is_read_by_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    for chunk in (1 << 20, 7, 25):  # runs across the chunks' edges are found
        monkeypatch.setattr(samples_log, "_CHUNK", chunk)
        for _ in range(2000):
            text = "".join(rng.choice("0123456789a") for _ in range(rng.randint(0, 80)))
            assert samples_log.long_digit_run(text) == any(len(r) >= 19 for r in text.split("a")), text
    monkeypatch.undo()
    line = {"doc_id": 0, "token_counts": [10**25], **{key: RECORD for key in COPIES}}
    path = tmp_path / "samples_synthdoc_chart.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    (sample,) = samples_log.read_samples(path, SynthDocRecord)
    assert sample.line["token_counts"] == [10**25] and type(sample.line["token_counts"][0]) is int


def _outcome(read: Any) -> str | None:
    try:
        read()
    except SynthDocUserError as exc:
        return str(exc)
    return None


def test_copies_read_by_orjson_are_checked_as_any_others() -> None:
    """A line ``orjson`` read (no NaN, no infinity) may skip ``==`` for one write per copy."""
    rng = random.Random(7)
    compared = 0
    for _ in range(600):
        text = json.dumps(_mutated(rng))
        try:
            line = orjson.loads(text)
        except orjson.JSONDecodeError:
            continue  # NaN or Infinity: json reads it, and by_orjson is False
        compared += 1
        slow = _outcome(partial(samples_log.record_copies, json.loads(text), SynthDocRecord, "x:1"))
        fast = _outcome(partial(samples_log.record_copies, line, SynthDocRecord, "x:1", by_orjson=True))
        assert fast == slow, text
    assert compared > 300


def test_a_nan_copy_against_a_null_copy_is_caught_in_a_log(tmp_path: Path) -> None:
    line = {"doc_id": 0, **{key: dict(RECORD) for key in COPIES}}
    line["failed"]["extra"], line["acc"]["extra"] = math.nan, None
    path = tmp_path / "samples_synthdoc_chart.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    ((_, _, by_orjson),) = list(samples_log.parsed_lines(path))
    assert not by_orjson
    with pytest.raises(SynthDocUserError, match=r"'acc' and 'failed' differ \(extra\)"):
        samples_log.read_samples(path, SynthDocRecord)
