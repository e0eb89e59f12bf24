"""The shell commands of README.md, docs/*.md and the dataset card, as a user would paste them.

:func:`commands` extracts every command of the ```bash blocks (continuations joined, comments
and ``export`` lines applied, ``$(synthdocbench tasks-path)`` substituted, pipes cut), and
:func:`problems` checks one against the parser that will read it: the ``synthdocbench`` CLI's
own (click) parser for its commands, lmms-eval 0.7.3's argument parser and model registry for
``lmms-eval`` and ``synthdocbench eval``, the Makefile for ``make``. Commands that need a GPU
or the Hub are checked this way rather than run.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_BLOCK = re.compile(r"```(?:bash|sh|shell)\n(.*?)```", re.S)
_STOP = {"|", "&", "&&", ";", "2>&1", ">", ">>"}
#: Stand-ins for the shell variables the docs use (a Slurm array job).
_SHELL_VARS = {"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_CPUS_PER_TASK": "2"}


@dataclass
class Command:
    source: str
    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.source}: {shlex.join(self.argv)}"


def _expand(line: str, tasks_path: str) -> str:
    line = line.replace('"$(synthdocbench tasks-path)"', tasks_path).replace(
        "$(synthdocbench tasks-path)", tasks_path
    )
    for name, value in _SHELL_VARS.items():
        line = line.replace("${" + name + "}", value).replace("$" + name, value)
    return line


def commands(text: str, source: str, tasks_path: str) -> list[Command]:
    """Every command of the bash blocks of ``text``."""
    out: list[Command] = []
    for block in _BLOCK.findall(text):
        env: dict[str, str] = {}
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(_expand(line, tasks_path), comments=True)
            if not words:
                continue
            cut = next((i for i, w in enumerate(words) if w in _STOP), len(words))
            words = words[:cut]
            if words[0] == "export":
                env.update(w.split("=", 1) for w in words[1:] if "=" in w)  # type: ignore[misc]
                continue
            while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):  # VAR=value command
                key, _, value = words.pop(0).partition("=")
                env[key] = value
            if words:
                out.append(Command(source, words, dict(env)))
    return out


def _synthdocbench(argv: list[str]) -> str | None:
    import typer

    from synthdocbench_tasks.cli import _ray_flag_value, app

    argv = _ray_flag_value(argv)  # what main() does before typer parses (generate --ray)
    group = typer.main.get_command(app)  # typer's own (vendored) click: its Context and errors
    try:
        with group.context_class(group) as ctx:
            command = group.get_command(ctx, argv[0])  # type: ignore[attr-defined]
            if command is None:
                return f"no command {argv[0]!r}"
            command.make_context(argv[0], list(argv[1:]), parent=ctx)
    except Exception as exc:
        if not hasattr(exc, "format_message"):  # a usage error has it; anything else is a bug
            raise
        return str(exc.format_message())
    return None


def _lmms_eval_args(argv: list[str]) -> tuple[object | None, str | None]:
    import lmms_eval.__main__ as lmms_main

    saved = sys.argv
    sys.argv = ["lmms-eval", *argv]
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            _, args = lmms_main.parse_eval_args()
    except SystemExit:
        return None, err.getvalue().strip().splitlines()[-1]
    finally:
        sys.argv = saved
    return args, None


def _eval_problems(argv: list[str], wrapper: bool) -> list[str]:
    """lmms-eval's parser, a known model, known tasks, and the protocol's max_new_tokens."""
    from lmms_eval.models import list_available_models

    from synthdocbench_tasks.paths import tasks_dir
    from synthdocbench_tasks.run_check import split_tasks, task_names
    from synthdocbench_tasks.sampling import (
        MAX_OF_TASK_AND_MODEL,
        SMALLEST_TASK_MAX_NEW_TOKENS,
        parse_model_args,
    )

    if not wrapper and "--include_path" not in argv:
        return ["lmms-eval without --include_path finds no synthdoc task"]
    args, error = _lmms_eval_args(argv)
    if args is None:
        return [f"lmms-eval's parser: {error}"]
    found: list[str] = []
    model = str(getattr(args, "model", ""))
    if model not in list_available_models(include_aliases=True):
        found.append(f"unknown --model {model}")
    known = task_names(tasks_dir()).all
    tasks = split_tasks(str(getattr(args, "tasks", "") or ""))
    if not tasks:
        found.append("no --tasks")
    found += [f"unknown task {t}" for t in tasks if t not in known]
    given = parse_model_args(str(getattr(args, "model_args", "") or "")).get("max_new_tokens")
    synthdoc = any(t.startswith("synthdoc") for t in tasks)  # MMDocBench asks 4,096 itself
    if (
        model in MAX_OF_TASK_AND_MODEL
        and synthdoc
        and not wrapper
        and given != str(SMALLEST_TASK_MAX_NEW_TOKENS)
    ):
        found.append(
            f"--model {model} without max_new_tokens={SMALLEST_TASK_MAX_NEW_TOKENS} sends 4,096 tokens"
        )
    if model in MAX_OF_TASK_AND_MODEL and given is not None and int(given) > SMALLEST_TASK_MAX_NEW_TOKENS:
        found.append(f"max_new_tokens={given} is above the protocol's {SMALLEST_TASK_MAX_NEW_TOKENS}")
    return found


def _make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([A-Za-z][\w-]*):", text, re.MULTILINE))


#: Commands that are not ours to check (their tools document them); a docs command that starts
#: with anything else fails the test, so that a new kind of command gets a check.
OTHER_TOOLS = ("pip", "npm", "python", "vllm", "git")


def problems(command: Command) -> list[str]:
    """What keeps ``command`` from running as written ([] when nothing)."""
    argv = command.argv
    placeholders = [w for w in argv if w in ("...", "…") or (w.startswith("[") and not w.startswith("[{"))]
    if placeholders:
        return [f"not runnable as written: {placeholders[0]!r}"]
    head = argv[0]
    if head == "synthdocbench" and argv[1:2] == ["eval"]:
        return _eval_problems(argv[2:], wrapper=True)
    if head == "synthdocbench":
        error = _synthdocbench(argv[1:])
        return [] if error is None else [f"synthdocbench's parser: {error}"]
    if head == "lmms-eval":
        return _eval_problems(argv[1:], wrapper=False)
    if head == "make":
        missing = [t for t in argv[1:] if t not in _make_targets()]
        return [f"no make target {t}" for t in missing]
    if head in OTHER_TOOLS:
        return []
    return [f"no check for {head!r} commands"]
