"""Every command in README.md, docs/*.md and the generated dataset card runs as written
(issue 27.2): checked against the parser that will read it (tests/doc_commands.py), since the
vLLM and Hub ones need a GPU or the network."""

from __future__ import annotations

from pathlib import Path

import pytest

from synthdocbench_tasks.paths import tasks_dir
from tests.doc_commands import ROOT, Command, commands, problems

pytestmark = pytest.mark.lmms_eval  # builds lmms-eval's task index and model registry


def _doc_commands() -> list[Command]:
    found: list[Command] = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        found += commands(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)), str(tasks_dir()))
    return found


def _card_commands(tmp_path: Path) -> list[Command]:
    from hf_card.card import build_card
    from tests.hf_card.test_card import write_export

    info = write_export(tmp_path)
    return commands(build_card(tmp_path, info), "dataset card", str(tasks_dir()))


def test_every_documented_command_parses_and_keeps_the_protocol(tmp_path: Path) -> None:
    found = _doc_commands() + _card_commands(tmp_path / "card")
    assert len(found) > 40 and any(c.source == "dataset card" for c in found)
    bad = [f"{c}\n    -> {'; '.join(p)}" for c in found if (p := problems(c))]
    assert not bad, "\n".join(bad)


def test_the_card_command_sets_a_judge_and_the_dataset() -> None:
    from hf_card.card import build_card  # noqa: F401 - the card's own text is what users copy

    text = (ROOT / "hf_card" / "card_template.md").read_text(encoding="utf-8")
    (cmd,) = [c for c in commands(text, "card", str(tasks_dir())) if c.argv[:2] == ["synthdocbench", "eval"]]
    assert {"SYNTHDOC_DATASET", "SYNTHDOC_JUDGE"} <= set(cmd.env)


def test_the_checker_catches_what_the_issue_found() -> None:
    bad = commands(
        "```bash\nlmms-eval --model vllm --model_args model=m --tasks synthdoc "
        '--include_path "$(synthdocbench tasks-path)"\n'
        "synthdocbench push runs/ds --repo ORG/NAME [--private|--public]\n"
        "synthdocbench eval --model vlm --tasks synthdoc_chrt\n"
        "synthdocbench budget runs/ds --max-model-lenn 3\n```\n",
        "x",
        str(tasks_dir()),
    )
    found = [problems(c) for c in bad]
    assert "without max_new_tokens=512 sends 4,096" in found[0][0]
    assert "not runnable as written" in found[1][0]
    assert found[2] == ["unknown --model vlm", "unknown task synthdoc_chrt"]
    assert "No such option" in found[3][0]
