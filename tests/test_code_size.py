"""Modules stay small: none over 600 lines, no function over 80 (the project's style rule)."""

from __future__ import annotations

import ast

from tests.helpers import import_graph

MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80


def test_no_module_over_600_lines_and_no_function_over_80() -> None:
    too_long = []
    for name, path in import_graph.project_modules().items():
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > MAX_MODULE_LINES:
            too_long.append(f"{name}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MAX_FUNCTION_LINES:
                    too_long.append(f"{name}.{node.name}: {size} lines")
    assert too_long == []
