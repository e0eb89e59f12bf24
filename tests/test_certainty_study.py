"""bench/certainty_study.py: an answer's second readings are its parts, an operating point is
chosen within its limits, the risky-pass cut keeps false passes at the limit, and --help runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from bench._certainty_rows import parts
from bench.certainty_study import MAX_FP, Data, choose_cut, figures, risky_threshold

ROOT = Path(__file__).resolve().parents[1]


def test_parts_are_the_last_line_last_sentence_and_final_statement() -> None:
    text = "The chart shows 12 and 14.\nIt rose. Therefore, the answer is 14."
    assert parts(text) == (
        "It rose. Therefore, the answer is 14.",
        "Therefore, the answer is 14.",
        "the answer is 14.",
    )
    assert parts("Reading the bars: 3, 5. \\boxed{5}")[2] == "5"
    assert parts("<think>maybe 3</think><answer>4</answer>")[2] == "4"
    assert parts("Just 42") == (None, None, None)


def _data(judge_pass: list[bool], label_pass: list[bool]) -> Data:
    n = len(judge_pass)
    return Data(
        sets=np.array(["a"] * n),
        label_pass=np.array(label_pass),
        judge_pass=np.array(judge_pass),
        styles=("s",) * n,
        judge_x=np.zeros((n, 1)),
        new_x=np.zeros((n, 1)),
    )


def test_an_aimed_cut_is_the_widest_that_keeps_its_agreement_and_false_pass_limits() -> None:
    # 10 fails, all right; 10 passes whose riskiest two are false passes
    d = _data([False] * 10 + [True] * 10, [False] * 10 + [True] * 8 + [False] * 2)
    p = np.array([0.1] * 10 + [0.01 * k for k in range(10)])
    cut = choose_cut(p, d, np.ones(20, dtype=bool), 0.9, None)
    sure = cut.certain(p, d.judge_pass)
    got = figures(d.label_pass, d.judge_pass, sure)
    assert got.certain == 18 and got.certain_fp == 0  # a false pass is 1 of 11 label-fails: over 1%
    wide = choose_cut(p, d, np.ones(20, dtype=bool), None, 1.0)
    assert wide.certain(p, d.judge_pass).all()  # the whole share asked for, whatever the false passes


def test_the_risky_cut_fails_uncertain_passes_until_false_passes_are_within_the_limit() -> None:
    # 40 label-fails (38 failed, 2 passed) and 60 label-passes, all uncertain passes risk-ranked
    label = [False] * 38 + [False] * 2 + [True] * 60
    d = _data([False] * 38 + [True] * 62, label)
    q = np.array([0.0] * 38 + [0.9, 0.8] + [0.5 - 0.001 * k for k in range(60)])
    every = np.ones(100, dtype=bool)
    lean = risky_threshold(q, d, every, np.zeros(100, dtype=bool))
    scored = d.judge_pass & ~(q >= lean)
    got = figures(d.label_pass, scored, np.zeros(100, dtype=bool))
    assert got.fp <= MAX_FP * got.fails and got.right == 100


def test_help_runs() -> None:
    done = subprocess.run(
        [sys.executable, "bench/certainty_study.py", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "--cache" in done.stdout
