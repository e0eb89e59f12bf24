"""A samples log is split into lines as JSON Lines splits them (at ``\\n``, ``\\r\\n`` and
``\\r``) and each line read as ``json.loads`` reads its text, whether the reader took the bytes
as they are (views into the file) or copied them; blank lines are skipped, line numbers kept."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from synthdocbench_tasks import samples_log
from synthdocbench_tasks.errors import SynthDocUserError

OBJECTS: list[dict[str, Any]] = [
    {"a": 1, "text": "plain"},
    {"text": "a line\u2028separator, a paragraph\u2029separator and a next line\u0085 kept raw"},
    {"text": "é, ü, 漢字, 😀", "n": -0.0, "f": 5.58, "big": 18446744073709551615},
    {"x": float("nan"), "nested": {"y": [1, 2.5, None, True]}},
]


def _expected(text: str) -> list[tuple[int, Any]]:
    """What a reader of text lines gives: each non-blank line (at \\n, \\r\\n, \\r) by ``json.loads``."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [(n, json.loads(line)) for n, line in enumerate(lines, start=1) if line.strip(" \t\u3000")]


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
@pytest.mark.parametrize("last", [True, False], ids=["terminated", "unterminated"])
def test_lines_are_read_as_json_reads_each_text_line(tmp_path: Path, end: str, last: bool) -> None:
    rows = [json.dumps(o, ensure_ascii=False) for o in OBJECTS]
    rows[2:2] = ["", "   ", "\u3000\t"]  # blank lines, one of white space outside ASCII
    text = end.join(rows) + (end if last else "")
    path = tmp_path / "x_samples_synthdoc_chart.jsonl"
    path.write_bytes(text.encode("utf-8"))
    got = [(n, line) for n, line, _ in samples_log.parsed_lines(path)]
    want = _expected(text)
    assert [n for n, _ in got] == [n for n, _ in want] == [1, 2, 6, 7]
    assert repr(got) == repr(want)
    assert got[1][1]["text"] == OBJECTS[1]["text"]  # U+2028, U+2029, U+0085 inside a string


def test_which_lines_orjson_read(tmp_path: Path) -> None:
    """``orjson`` reads every line but one with NaN (which it refuses) or with 19 digits in a
    row (a number it may read as a float; a hash with that many digits costs that one line)."""
    path = tmp_path / "x_samples_synthdoc_chart.jsonl"
    lines = [
        OBJECTS[0],
        OBJECTS[1],
        OBJECTS[3],  # NaN
        {"x": 1, "doc_hash": "74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b"},
        {"x": 1, "doc_hash": "a1234567890123456789b"},  # 19 digits in a string
        {"below": -9223372036854775809},  # below -2**63: orjson would read a float
        {"x": 2},
    ]
    path.write_text("".join(json.dumps(o) + "\n" for o in lines), encoding="utf-8")
    read = list(samples_log.parsed_lines(path))
    flags = [True, True, False, True, False, False, True]
    assert [by for _, _, by in read] == flags
    assert [line for _, line, _ in read][5:] == [{"below": -9223372036854775809}, {"x": 2}]
    assert type(read[5][1]["below"]) is int
    path.write_text("".join(json.dumps(o) + "\r\n" for o in lines), encoding="utf-8")
    assert [by for _, _, by in samples_log.parsed_lines(path)] == [
        True,
        True,
        False,
        True,
        False,
        False,
        True,
    ]


def test_a_line_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "x_samples_synthdoc_chart.jsonl"
    path.write_bytes(b'{"a": 1}\n{"a": "\xff"}\n')
    with pytest.raises(SynthDocUserError, match=rf"cannot read {path}:2: 'utf-8' codec can't decode"):
        list(samples_log.parsed_lines(path))


def test_a_cut_off_last_line_is_told_from_a_damaged_one_at_every_line_end(tmp_path: Path) -> None:
    path = tmp_path / "x_samples_synthdoc_chart.jsonl"
    for end in ("\n", "\r\n", "\r"):
        path.write_text(f'{{"a": 1}}{end}{{"a": 2', encoding="utf-8", newline="")
        with pytest.raises(SynthDocUserError, match=r":2: malformed JSON .*the last line is cut off"):
            list(samples_log.parsed_lines(path))
        path.write_text(f'{{"a": 1}}{end}{{"a": 2{end}', encoding="utf-8", newline="")
        with pytest.raises(SynthDocUserError, match=r":2: malformed JSON .*the line is not JSON"):
            list(samples_log.parsed_lines(path))


def test_digit_runs_are_found_on_their_lines_across_the_chunks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(5)
    texts = ["".join(rng.choice("0123456789a") for _ in range(rng.randint(0, 60))) for _ in range(300)]
    path = tmp_path / "x_samples_synthdoc_chart.jsonl"
    path.write_text("".join(json.dumps({"t": t}) + "\n" for t in texts), encoding="utf-8")
    expected = [not any(len(run) >= 19 for run in t.split("a")) for t in texts]
    assert not all(expected) and any(expected)
    for chunk in (1 << 20, 7, 25, 64):
        monkeypatch.setattr(samples_log, "_CHUNK", chunk)
        read = list(samples_log.parsed_lines(path))
        assert [by for _, _, by in read] == expected, chunk
        assert [line["t"] for _, line, _ in read] == texts
