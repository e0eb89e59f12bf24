"""The CLI sits on top: no module of the evaluation side imports it (issue 22.1, the former
cli <-> eval_command circle), at module level or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _imports_cli(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if (node.level and module == "cli") or module == "synthdocbench_tasks.cli":
                return True
            if node.level and not module and any(a.name == "cli" for a in node.names):
                return True
        if isinstance(node, ast.Import) and any(a.name == "synthdocbench_tasks.cli" for a in node.names):
            return True
    return False


def test_no_module_of_the_package_imports_the_cli() -> None:
    offenders = [
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "synthdocbench_tasks").rglob("*.py"))
        if p.name != "cli.py" and _imports_cli(p)
    ]
    assert offenders == []
