"""Every ``!function`` a task YAML names is a plain ``def`` that grep finds.

lmms-eval resolves ``!function package.module.name`` with ``getattr``, so a module-level
``__getattr__`` could answer names that appear nowhere in the source. This test reads the
sources with :mod:`ast` (it imports no hook module to decide): a name must be a top-level
``def`` of its module, or, for the data location values lmms-eval takes as values, a key of the
module's literal ``YAML_VALUES`` dict whose value is a top-level ``def``.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
from functools import cache
from pathlib import Path

import pytest

from synthdocbench_tasks.cli import tasks_dir

FUNCTION_TAG = re.compile(r"!function\s+([A-Za-z_][\w.]*)")


def yaml_files(folder: Path) -> list[Path]:
    """Task YAMLs and the shared templates they include (``_*_yaml``)."""
    return sorted(
        p for p in folder.rglob("*") if p.is_file() and (p.suffix == ".yaml" or p.name.endswith("_yaml"))
    )


def references(text: str) -> list[str]:
    return FUNCTION_TAG.findall(text)


@cache
def _module_tree(module: str) -> ast.Module | None:
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    return ast.parse(Path(spec.origin).read_text(encoding="utf-8"))


def _top_level_defs(tree: ast.Module) -> set[str]:
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}


def _yaml_values(tree: ast.Module) -> dict[str, str]:
    """The literal ``YAML_VALUES = {"NAME": function, ...}`` of a module: name -> function name."""
    for node in tree.body:
        targets: list[ast.expr]
        if isinstance(node, ast.AnnAssign):
            targets, value = [node.target], node.value
        elif isinstance(node, ast.Assign):
            targets, value = list(node.targets), node.value
        else:
            continue
        named = [t.id for t in targets if isinstance(t, ast.Name)]
        if named == ["YAML_VALUES"] and isinstance(value, ast.Dict):
            return {
                str(k.value): v.id
                for k, v in zip(value.keys, value.values, strict=True)
                if isinstance(k, ast.Constant) and isinstance(v, ast.Name)
            }
    return {}


def problem(reference: str) -> str | None:
    """Why ``reference`` (``package.module.name``) is not a plain def, or None when it is."""
    module, _, name = reference.rpartition(".")
    if not module:
        return f"{reference}: not of the form package.module.name"
    try:
        tree = _module_tree(module)
    except (ImportError, ValueError):
        tree = None
    if tree is None:
        return f"{reference}: no Python module {module}"
    defs = _top_level_defs(tree)
    if name in defs:
        return None
    values = _yaml_values(tree)
    if name in values:
        if values[name] in defs:
            return None
        return (
            f"{reference}: YAML_VALUES maps it to {values[name]!r}, which is not a top-level def of {module}"
        )
    return f"{reference}: {module} has no top-level `def {name}` (a module __getattr__ is not enough)"


ALL_YAMLS = yaml_files(tasks_dir())


def test_the_task_folder_has_yamls_naming_functions() -> None:
    assert len(ALL_YAMLS) >= 60
    assert sum(len(references(p.read_text(encoding="utf-8"))) for p in ALL_YAMLS) >= 90


@pytest.mark.parametrize("path", ALL_YAMLS, ids=lambda p: p.relative_to(tasks_dir()).as_posix())
def test_every_function_a_yaml_names_is_a_plain_def(path: Path) -> None:
    found = [p for ref in references(path.read_text(encoding="utf-8")) if (p := problem(ref))]
    assert not found, "\n".join(found)


def test_the_named_functions_are_the_defs_themselves() -> None:
    """At run time, each callable name is the function of that name (not a partial or alias)."""
    names = sorted({ref for p in ALL_YAMLS for ref in references(p.read_text(encoding="utf-8"))})
    for ref in names:
        module_name, _, name = ref.rpartition(".")
        tree = _module_tree(module_name)
        assert tree is not None
        if name in _yaml_values(tree):
            continue  # a value computed from the environment when a task is built
        obj = getattr(importlib.import_module(module_name), name)
        assert (obj.__module__, obj.__name__) == (module_name, name), ref


def test_every_mmdocbench_task_and_metric_has_its_functions() -> None:
    from synthdocbench_tasks.mmdocbench.hooks import METRICS
    from synthdocbench_tasks.mmdocbench.taxonomy import TASKS

    tree = _module_tree("synthdocbench_tasks.mmdocbench.hooks")
    assert tree is not None
    defs = _top_level_defs(tree)
    wanted = {f"process_docs_{t.slug}" for t in TASKS}
    wanted |= {f"aggregate_{m}" for m in METRICS} | {f"overall_mean_{m}" for m in METRICS}
    assert wanted <= defs, sorted(wanted - defs)
    assert "__getattr__" not in defs


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            "process_docs: !function synthdocbench_tasks.mmdocbench.hooks.process_docs_nowhere",
            "no top-level `def",
        ),
        ("doc_to_text: !function synthdocbench_tasks.no_such_module.doc_to_text", "no Python module"),
        ("doc_to_text: !function doc_to_text", "not of the form"),
        # a value the module answers through __getattr__ but not through YAML_VALUES
        ("dataset_path: !function synthdocbench_tasks.dataset.DATASET_NAME", "no top-level `def"),
        # truncated: the name cut short
        ("process_results: !function synthdocbench_tasks.hooks.process_res", "no top-level `def"),
    ],
)
def test_the_check_refuses_names_that_are_not_plain_defs(text: str, why: str) -> None:
    (ref,) = references(text)
    found = problem(ref)
    assert found is not None and why in found


def test_values_in_yaml_values_must_name_a_def(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "hostile_hooks_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "values.py").write_text(
        "from functools import partial\n"
        "def real() -> str:\n    return 'x'\n"
        "alias = partial(real)\n"
        "YAML_VALUES = {'GOOD': real, 'BAD': alias}\n"
        "def __getattr__(name):\n    return YAML_VALUES[name]()\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    _module_tree.cache_clear()
    try:
        assert problem("hostile_hooks_pkg.values.GOOD") is None
        assert "not a top-level def" in (problem("hostile_hooks_pkg.values.BAD") or "")
        assert "no top-level `def" in (problem("hostile_hooks_pkg.values.MISSING") or "")
    finally:
        _module_tree.cache_clear()
