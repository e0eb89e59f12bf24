"""The project's import graph, read from the source (``ast``): modules, their imports, cycles.

Used by tests/test_dependency_rule.py and printed by ``python -m tests.helpers.import_graph``
(modules per folder, the largest module and function, import circles)."""

from __future__ import annotations

import ast
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ("synthdocbench_tasks", "generation", "judge", "hf_card")


@dataclass(frozen=True)
class Import:
    target: str  # dotted module name of the project
    line: int
    top_level: bool


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PROJECT:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The project module ``name`` refers to (a module, or the module a name is taken from)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def _absolute(node: ast.ImportFrom, path: Path) -> str:
    """The absolute module of ``from X import ...``, relative forms (``from .cli``) included."""
    if node.level == 0:
        return node.module or ""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package.pop()
    package = package[: len(package) - (node.level - 1)]
    return ".".join([*package, *([node.module] if node.module else [])])


def imports_of(path: Path, modules: dict[str, Path]) -> list[Import]:
    """Project modules imported by ``path`` (``from pkg import mod`` resolves to ``pkg.mod``);
    imports under ``if TYPE_CHECKING:`` are left out (they never run)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            type_only.update(id(n) for b in node.body for n in ast.walk(b))
    top = {id(n) for n in tree.body}
    out: list[Import] = []
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, path)
            names = [f"{base}.{a.name}" for a in node.names] or [base]
        for name in names:
            target = _resolve(name, modules)
            if target is not None and target != module_name(path):
                out.append(Import(target, node.lineno, id(node) in top))
    return out


def graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: {i.target for i in imports_of(path, modules)} for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def _functions(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        ((node.end_lineno or node.lineno) - node.lineno + 1, f"{module_name(path)}.{node.name}")
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]


def summary() -> str:
    """Modules per folder, the largest module and function, and the import circles."""
    modules = project_modules()
    folders = Counter(str(p.parent.relative_to(ROOT)) for p in modules.values())
    sizes = sorted((len(p.read_text(encoding="utf-8").splitlines()), n) for n, p in modules.items())
    funcs = sorted(f for p in modules.values() for f in _functions(p))
    lines = ["modules per folder:"] + [f"  {f}: {n}" for f, n in sorted(folders.items())]
    lines.append(f"largest module: {sizes[-1][1]} ({sizes[-1][0]} lines)")
    lines.append(f"modules over 600 lines: {sum(1 for s, _ in sizes if s > 600)}")
    lines.append(f"largest function: {funcs[-1][1]} ({funcs[-1][0]} lines)")
    lines.append(f"functions over 80 lines: {sum(1 for s, _ in funcs if s > 80)}")
    circles = cycles(graph())
    lines.append(f"import circles: {len(circles)}")
    lines += [f"  {' <-> '.join(c)}" for c in circles]
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary())
