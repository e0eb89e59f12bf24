"""The dependency rule (docs/architecture.md), checked on the source and on a real import."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import import_graph

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ("synthdocbench_tasks", "generation", "judge", "hf_card")


def _imports(path: Path, top_level_only: bool) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def test_judge_imports_nothing_of_the_project() -> None:
    for path in _modules("judge"):
        bad = _imports(path, top_level_only=False) & (set(PROJECT) - {"judge"})
        assert not bad, f"{path} imports {bad}"


def test_eval_side_never_imports_generation_at_module_level() -> None:
    for package in ("synthdocbench_tasks", "hf_card"):
        for path in _modules(package):
            # the CLI may import generation inside the generate/export commands only
            top_only = path.name == "cli.py"
            assert "generation" not in _imports(path, top_level_only=top_only), path


@pytest.mark.slow
def test_importing_the_hooks_loads_no_browser_and_no_generator() -> None:
    code = (
        "import sys, synthdocbench_tasks.hooks, synthdocbench_tasks.cli, judge;"
        "bad = [m for m in ('generation', 'playwright') if m in sys.modules];"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == ""


#: The generator's stages in pipeline order (docs/architecture.md): a module imports only from its
#: own stage or an earlier one.
STAGES = ("plan", "world", "charts", "document", "questions", "validate", "run", "export")


def _stage(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "generation" and len(parts) >= 2 else None


@pytest.mark.slow
def test_no_import_circles_anywhere_in_the_project() -> None:
    # every import counts, wherever it sits: a function-level import cannot hide a circle
    assert import_graph.cycles(import_graph.graph()) == []


def test_generation_imports_run_only_down_the_stages() -> None:
    modules = import_graph.project_modules()
    wrong = []
    for name, path in modules.items():
        stage = _stage(name)
        if name.startswith("generation."):
            assert stage in STAGES, (
                f"{path}: every generation module sits in a stage folder ({', '.join(STAGES)})"
            )
        for imp in import_graph.imports_of(path, modules):
            target = _stage(imp.target)
            if stage and target and STAGES.index(target) > STAGES.index(stage):
                wrong.append(
                    f"{name} (stage {stage}) imports {imp.target} (stage {target}) at line {imp.line}"
                )
    assert wrong == []


def test_generation_has_no_function_level_imports_of_the_project() -> None:
    modules = import_graph.project_modules()
    lazy = [
        f"{name}:{imp.line} imports {imp.target}"
        for name, path in modules.items()
        if name.startswith("generation.")
        for imp in import_graph.imports_of(path, modules)
        if not imp.top_level
    ]
    assert lazy == []


def test_the_circle_finder_finds_a_circle() -> None:
    assert import_graph.cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
