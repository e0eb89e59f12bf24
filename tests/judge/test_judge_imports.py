"""The judge package's import graph: no circles, and no import of the package's own modules
inside a function (the way a circle is usually hidden). ``TYPE_CHECKING`` imports are left
out: they never run."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import judge

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "judge"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(tree: ast.AST, in_function: bool = False) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, in_function
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        yield from _imports(node, inner)


def _targets(node: ast.Import | ast.ImportFrom, modules: set[str]) -> set[str]:
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in modules}
    base = node.module or ""
    found = {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules}
    if base in modules and len(found) < len(node.names):
        found.add(base)
    return found


def _graph() -> tuple[dict[str, set[str]], list[str]]:
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    modules = set(paths)
    graph: dict[str, set[str]] = {}
    hidden = []
    for name, path in paths.items():
        edges: set[str] = set()
        for node, in_function in _imports(ast.parse(path.read_text("utf-8"))):
            targets = _targets(node, modules) - {name}
            if targets and in_function:
                hidden.append(f"{name} imports {sorted(targets)} inside a function")
            edges |= targets
        graph[name] = edges
    return graph, hidden


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_judge_package_has_no_import_circles() -> None:
    graph, _ = _graph()
    assert graph.get("judge.registry")  # the graph was read
    assert _cycles(graph) == []


def test_no_judge_module_is_imported_inside_a_function() -> None:
    _, hidden = _graph()
    assert hidden == []


def test_the_graph_finds_a_circle_when_there_is_one() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_every_public_name_comes_from_its_module() -> None:
    assert set(judge._HOMES) == set(judge.__all__)
    for name, home in judge._HOMES.items():
        assert getattr(judge, name) is getattr(importlib.import_module(home), name), name
    assert "OfflineJudge" in dir(judge)


def test_an_unknown_name_is_an_attribute_error() -> None:
    assert not hasattr(judge, "NoSuchJudge")


def test_the_openai_transport_loads_without_the_offline_judge() -> None:
    # generation's rewriting imports the transport: the generator must not pay for the rest
    code = (
        "import sys, judge.backends.openai_compat, judge.errors;"
        "print(','.join(m for m in ('judge.offline', 'judge.cascade', 'pint', 'openai') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == ""
