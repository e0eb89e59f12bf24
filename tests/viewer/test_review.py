"""The review kit without a browser: the stratified sample, the verdict file, and the
report's human-validation section on hand-made verdict files."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.report.validation import cohen_kappa, validation_section, wilson
from synthdocbench_tasks.viewer.review import VerdictStore, read_verdicts, stratified_sample


def _questions() -> list[dict[str, str]]:
    out = []
    for subset, level, n in (
        ("chart", "L1", 30),
        ("chart", "L3", 10),
        ("complex", "L5", 5),
        ("cross_modal", "L2", 1),
    ):
        out += [
            {"question_id": f"{subset}-{level}-{i:02d}", "subset": subset, "difficulty": level}
            for i in range(n)
        ]
    return out


def test_the_sample_is_stratified_and_deterministic() -> None:
    questions = _questions()
    a = stratified_sample(questions, 12, seed=3)
    assert a == stratified_sample(list(reversed(questions)), 12, seed=3)  # input order does not matter
    assert a != stratified_sample(questions, 12, seed=4)
    assert len(a) == len(set(a)) == 12
    per = Counter(q.rsplit("-", 1)[0] for q in a)
    assert set(per) == {"chart-L1", "chart-L3", "complex-L5", "cross_modal-L2"}  # every stratum
    assert per["chart-L1"] > per["chart-L3"] > per["cross_modal-L2"]  # roughly proportional
    assert sorted(stratified_sample(questions, 1000, seed=3)) == sorted(q["question_id"] for q in questions)
    with pytest.raises(SynthDocUserError, match="--sample must be at least 1"):
        stratified_sample(questions, 0, seed=3)


def test_verdicts_are_saved_at_once_and_reloaded(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    with VerdictStore(path, "ann") as store:
        store.record("q1", "valid", "", {"subset": "chart", "level": "L1"})
        store.record("q2", "ambiguous", "two bars look alike <b>", {"subset": "chart", "level": "L2"})
        store.record("q1", "illegible", "tiny font", {"subset": "chart", "level": "L1"})  # changed its mind
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [(e["question_id"], e["verdict"]) for e in lines] == [("q1", "illegible"), ("q2", "ambiguous")]
    with VerdictStore(path, "ann") as again_store:
        again = again_store.state()["verdicts"]
    assert again["q2"]["comment"] == "two bars look alike <b>" and again["q1"]["verdict"] == "illegible"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["v.jsonl"]  # no temp or lock file left behind


def test_a_failed_save_is_an_error_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    with VerdictStore(path, "ann") as store:
        path.mkdir()  # the rename onto it fails
        with pytest.raises(OSError):
            store.record("q1", "valid", "")
        assert store.state()["verdicts"] == {}
    with pytest.raises(SynthDocUserError, match="cannot lock the verdict file"):
        VerdictStore(Path("/proc/self/synthdoc-verdicts.jsonl"), "ann")  # nothing can be created there


def test_a_verdict_file_has_one_writer(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    (tmp_path / ".v.jsonl.1f2e3d4c5b6a7988.tmp").write_text("half a save")  # a save killed before its rename
    with VerdictStore(path, "ann") as first:
        assert not list(tmp_path.glob("*.tmp"))  # cleaned when the file is opened
        first.record("q1", "valid", "")
        with pytest.raises(
            SynthDocUserError, match=r"in use by another `synthdocbench review` \(pid \d+\)"
        ) as info:
            VerdictStore(path, "bob")
        assert "\n" not in str(info.value)
        first.record("q2", "illegible", "")
    with VerdictStore(path, "bob") as second:  # once the first is closed
        assert set(second.state()["verdicts"]) == {"q1", "q2"}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"question_id": "q1", "verdict": "valid"}\n{"question_id": "q2", "verd', r"v\.jsonl:2: not JSON"),
        ('{"question_id": "q1", "verdict": "fine"}\n', "'fine' is not one of valid, ambiguous"),
        ('["q1", "valid"]\n', r"v\.jsonl:1: a verdict line needs a question_id"),
        (b"\xff\xfe\x00", "cannot read the verdict file"),
    ],
)
def test_bad_verdict_files_give_one_line(tmp_path: Path, content: str | bytes, message: str) -> None:
    path = tmp_path / "v.jsonl"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(SynthDocUserError, match=message) as info:
        read_verdicts(path)
    assert "\n" not in str(info.value)


def _write(path: Path, reviewer: str, rows: list[tuple[str, str, str, str, str]]) -> Path:
    path.write_text(
        "".join(
            json.dumps(
                {"question_id": q, "subset": s, "level": lv, "verdict": v, "comment": c, "reviewer": reviewer}
            )
            + "\n"
            for q, s, lv, v, c in rows
        )
    )
    return path


def test_wilson_interval_and_kappa_match_hand_computation() -> None:
    est = wilson(8, 10)
    assert est.value == 0.8
    assert est.lo == pytest.approx(0.4902, abs=1e-4) and est.hi == pytest.approx(0.9433, abs=1e-4)
    # po = 3/4; pe = 3/4*1/2 + 1/4*1/2 = 1/2; kappa = (0.75 - 0.5) / 0.5
    a = ["valid", "valid", "ambiguous", "valid"]
    b = ["valid", "ambiguous", "ambiguous", "valid"]
    assert cohen_kappa(a, b) == pytest.approx(0.5)
    assert cohen_kappa(["valid"] * 3, ["valid"] * 3) == 1.0


def test_the_validation_section_from_two_reviewers(tmp_path: Path) -> None:
    rows_a = [
        ("q1", "chart", "L1", "valid", ""),
        ("q2", "chart", "L1", "valid", ""),
        ("q3", "chart", "L2", "ambiguous", "two readings"),
        ("q4", "complex", "L5", "valid", ""),
        ("q5", "complex", "L5", "wrong_reference", "the gap is 0.7 not 0.67"),
    ]
    rows_b = [
        ("q1", "chart", "L1", "valid", ""),
        ("q2", "chart", "L1", "ambiguous", "unclear year"),
        ("q3", "chart", "L2", "ambiguous", ""),
        ("q4", "complex", "L5", "valid", ""),
    ]
    section = validation_section(
        [_write(tmp_path / "a.jsonl", "ann", rows_a), _write(tmp_path / "b.jsonl", "bob", rows_b)]
    )
    tables = {t.name: t for t in section.tables}
    by_subset = {row[0]: row for row in tables["human_validity_subset"].rows}
    assert by_subset["all"][1:3] == [5, 3]
    assert by_subset["all"][3].value == pytest.approx(0.6)
    assert by_subset["chart"][1:3] == [3, 2] and by_subset["complex"][1:3] == [2, 1]
    by_level = {row[0]: row for row in tables["human_validity_level"].rows}
    assert by_level["L5"][1:3] == [2, 1] and by_level["L2"][1:3] == [1, 0]
    # shared q1..q4: A valid,valid,amb,valid; B valid,amb,amb,valid -> kappa 0.5 (see above)
    assert tables["human_agreement"].rows == [["ann", "bob", 4, 3, pytest.approx(0.5)]]
    flagged = {(row[0], row[3]): row for row in tables["human_flagged"].rows}
    assert flagged[("q5", "ann")][4:] == ["wrong_reference", "the gap is 0.7 not 0.67"]
    assert set(flagged) == {("q3", "ann"), ("q5", "ann"), ("q2", "bob"), ("q3", "bob")}
    assert "60.0% judged valid" in section.text[0]


def test_the_validation_section_refuses_missing_or_empty_files(tmp_path: Path) -> None:
    with pytest.raises(SynthDocUserError, match="is not a file"):
        validation_section([tmp_path / "nope.jsonl"])
    (tmp_path / "empty.jsonl").write_text("\n")
    with pytest.raises(SynthDocUserError, match="holds no verdicts"):
        validation_section([tmp_path / "empty.jsonl"])
