"""Commands of ``synthdocbench`` whose modules load only when the command runs.

``eval``/``check``, ``judge``, ``report``, ``budget``, ``view`` and ``review`` import the judge
library, pint, numpy or lmms-eval's helpers; registered eagerly they cost every command
(``--help``, ``generate``, ``tasks-path``) about half a second of start-up. :class:`LazyGroup`
lists them in their place and imports a command's module when that command is resolved
(to run it or show its ``--help``). The top-level ``--help`` lists them from
their docstrings, read from the module source without importing it, so the listing is the
one the loaded commands would give.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
from dataclasses import dataclass, field
from difflib import get_close_matches
from pathlib import Path
from typing import Any, ClassVar

import typer
from typer import _click as click  # Typer's own (vendored) click: its Context and Command
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo


@dataclass(frozen=True)
class Lazy:
    """A command ``name`` whose function ``attr`` lives in ``module`` (imported on first use)."""

    name: str
    module: str
    attr: str
    context_settings: dict[str, Any] = field(default_factory=dict)


def _docstring(spec: Lazy) -> str | None:
    """The function's docstring from the module's source (as ``inspect.getdoc`` gives it)."""
    found = importlib.util.find_spec(spec.module)
    if found is None or found.origin is None:
        return None
    tree = ast.parse(Path(found.origin).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == spec.attr:
            return ast.get_docstring(node)
    return None


class LazyGroup(TyperGroup):
    """A Typer group whose :attr:`lazy` commands are built from their modules when resolved
    (a subclass sets ``lazy`` and ``order``, the names in the order ``--help`` lists them)."""

    lazy: ClassVar[tuple[Lazy, ...]] = ()
    order: ClassVar[tuple[str, ...]] = ()
    _listing = False

    def _spec(self, name: str) -> Lazy | None:
        return next((spec for spec in self.lazy if spec.name == name), None)

    def _load(self, name: str) -> click.Command | None:
        spec = self._spec(name)
        if spec is None or name in self.commands:
            return self.commands.get(name)
        function = getattr(importlib.import_module(spec.module), spec.attr)
        info = CommandInfo(name=name, callback=function, context_settings=spec.context_settings or None)
        command = typer.main.get_command_from_info(
            info, pretty_exceptions_short=True, rich_markup_mode=self.rich_markup_mode
        )
        self.commands[name] = command
        return command

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = [*(spec.name for spec in self.lazy), *super().list_commands(ctx)]
        return [*(n for n in self.order if n in names), *(n for n in names if n not in self.order)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        spec = self._spec(cmd_name)
        if spec is not None and cmd_name not in self.commands and self._listing:
            return TyperCommand(name=cmd_name, help=_docstring(spec), rich_markup_mode=self.rich_markup_mode)
        return self._load(cmd_name) if spec is not None else super().get_command(ctx, cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """As Typer's, but a mistyped name is matched against every command, loaded or not
        (Typer suggests only among the loaded ones: "reprot" got "export", not "report")."""
        try:
            return self._click_resolve_command(ctx, args)
        except click.exceptions.UsageError as exc:
            names = self.list_commands(ctx) if args and self.suggest_commands else []
            matches = get_close_matches(args[0], names) if names else []
            if matches:
                said = ", ".join(repr(m) for m in matches)
                exc.message = f"{exc.message.rstrip('.')}. Did you mean {said}?"
            raise

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._listing = True  # the command list needs each command's help line, not the command
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[Any]:
        self._listing = True  # completing a command name needs the names, not the commands
        try:
            return list(super().shell_complete(ctx, incomplete))
        finally:
            self._listing = False
