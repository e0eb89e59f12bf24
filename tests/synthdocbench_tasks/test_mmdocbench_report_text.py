"""The MMDocBench text table (issue 27.6): headers apart and right-aligned over their values."""

from __future__ import annotations

from synthdocbench_tasks.mmdocbench.report import COLUMNS, text_table


def test_headers_are_separated_and_aligned_with_the_values() -> None:
    rows = [
        ("overall", dict.fromkeys(COLUMNS, 12.3456)),
        ("  Infographic Question Answering", dict.fromkeys(COLUMNS, 100.0)),
    ]
    header, *lines = text_table(rows).splitlines()
    assert header.split() == list(COLUMNS)
    ends = [header.index(c) + len(c) for c in COLUMNS]
    for line in lines:
        for end in ends:  # each value ends where its column name ends
            assert line[end - 1].isdigit() and (end == len(line) or line[end] == " ")
