"""Benchmark: where the CPU seconds of one ``synthdocbench report`` go, stage by stage.

    python bench/report_stages.py [--answers 20000] [--runs 4] [--repeat 3] [--floors]

Writes the logs :mod:`report_view` writes (the same format and size), then, ``--repeat`` times,
runs the command's code in a fresh Python process and prints the CPU seconds (user + system,
``time.process_time``) of each stage, the median over the repetitions with [min, max]: the
interpreter's start, the CLI (``synthdocbench_tasks.cli`` and typer, which imports pydantic),
the report's own imports (numpy and the report's modules), reading the logs, the tables (with
the figures' numbers), matplotlib's import, drawing the figures, writing the files, and the
process's exit (its CPU seconds after ``main`` less those before, from ``os.times`` of the
child; every process runs as an installed package does, see
:func:`bench._timing.installed_env`). ``build_report``'s stages as ``build_report`` runs them,
in the order it runs them. Then the figures stage figure by figure (by its kind): building it
and fitting its margins (the figure function of ``report/plots.py``), then drawing it and
saving its PNG (the rest of ``plots.png``).

With ``--floors`` it then prints, measured in ``--repeat`` more fresh processes, the floor of
each stage that is more than a fixed cost: reading (``msgspec`` checks each line's JSON and
builds its record, nothing else), the tables (the random draws of every table cell's CIs as
the report makes them, nothing else) and the figures (the same figures, sizes and panels,
empty, saved as PNG).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._timing import installed_env
from bench.report_view import write_logs

_STAGES = r"""
import sys, time
marks = [("interpreter", time.process_time())]
def mark(name):
    marks.append((name, time.process_time()))
from pathlib import Path
import typer, synthdocbench_tasks.cli
mark("CLI and typer")
import typer._adapters  # what typer imports to parse the command's options (pydantic)
mark("typer's pydantic")
from synthdocbench_tasks.report import build as B, load
from synthdocbench_tasks.samples_log import collection_paused
mark("report imports")
logs, out = Path(sys.argv[1]), Path(sys.argv[2])
with collection_paused():
    runs = load.load_runs(load.discover([logs]))
    mark("reading the logs")
    docs = load.load_documents(*load.choose_dataset(None, runs))
    B._with_dataset_text(runs, docs)
    judge = B.primary_judge(runs)
    ctx = B.Context(runs, B.main_runs(runs, judge), judge, docs, 2000, 42)
    with B.Figures() as drawing:
        sections = B._sections(ctx, None, (), drawing)
        mark("tables")
        import matplotlib.backends.backend_agg, matplotlib.figure
        mark("matplotlib import")
        from synthdocbench_tasks.report import plots
        each = {}  # per figure (its kind): CPU seconds building it and fitting its margins; in all
        def timed(step, draw):
            def run(data):
                start = time.process_time()
                made = draw(data)
                cpu = each.setdefault(type(data).__name__, {"build": 0.0, "all": 0.0})
                cpu[step] += time.process_time() - start
                return made
            return run
        plots._DRAW = {kind: timed("build", draw) for kind, draw in plots._DRAW.items()}
        plots.png = timed("all", plots.png)
        (out / "tables").mkdir(parents=True)
        (out / "figures").mkdir()
        written = B._write_figures(sections, drawing, out / "figures")
        mark("figures")
    for section in sections:
        for table in section.tables:
            table.write_csv(out / "tables")
    (out / "report.md").write_text(B.render.markdown(B.TITLE, "", sections), encoding="utf-8")
    (out / "report.html").write_text(B.render.html(B.TITLE, "", sections), encoding="utf-8")
    mark("writing")
from synthdocbench_tasks.report import command
getattr(command, "_freeze_at_exit", lambda: None)()  # as report_command does, where it does
import json
stages = [(n, t - marks[i - 1][1] if i else t) for i, (n, t) in enumerate(marks)]
print(json.dumps({"stages": stages, "figures": each}))
"""


_FLOORS = r"""
import io, json, sys, time
from pathlib import Path
import msgspec
import numpy as np
from synthdocbench_tasks.report import build as B, load, plots, stats
from synthdocbench_tasks.samples_log import collection_paused
logs, resamples, seed = Path(sys.argv[1]), 2000, 42
floors = {}
files = load.discover([logs])
spans, value = msgspec.json.Decoder(dict[str, msgspec.Raw]), msgspec.json.Decoder()
start = time.process_time()
for path in files:  # each line's JSON checked, its record built: nothing else
    for line in path.read_bytes().splitlines():
        value.decode(spans.decode(line)["acc"])
floors["reading"] = time.process_time() - start
with collection_paused():
    runs = load.load_runs(files)
    judge = B.primary_judge(runs)
    ctx = B.Context(runs, B.main_runs(runs, judge), judge, load.DocumentInfo(), resamples, seed)
    with B.Figures() as drawing:
        B._sections(ctx, None, (), drawing)
        figures = [plots._DRAW[type(d)](d) for d in drawing._data.values()]
by_id = {id(a): a for r in runs for a in r.answers}
draws, sizes = [], set()
for key in ctx._cells:  # each cell's random draws as the report makes them, nothing else
    scores = [s for s in (by_id[k].score for k in key) if s is not None]
    if not scores:
        continue
    columns = np.column_stack([stats.hits(scores), scores, np.ones(len(scores))])
    classes, members = stats._classes(columns)
    if len(classes) * stats._MULTINOMIAL_COST < len(scores):
        draws.append((len(scores), members / len(scores)))
    else:
        sizes.add(len(scores))
sizes |= {len({a.doc_id for a in r.answers}) for r in runs}  # the document CIs' shared draws
start = time.process_time()
for n, shares in draws:
    np.random.Generator(np.random.PCG64(seed)).multinomial(n, shares, size=resamples)
for n in sizes:
    for _ in stats._draw_counts(seed, resamples, n, np.float32):
        pass
floors["tables"] = time.process_time() - start
layouts = [(f.get_size_inches(), [ax.get_position().bounds for ax in f.axes]) for f in figures]
start = time.process_time()
for size, boxes in layouts:  # the same figures and panels, nothing drawn in them
    fig = plots._figure(*size)
    for box in boxes:
        fig.add_axes(box)
    fig.savefig(io.BytesIO(), format="png", dpi=plots.DPI)
floors["figures"] = time.process_time() - start
print(json.dumps(floors))
"""


_FLOOR_TEXT = {
    "reading": "msgspec checks each line's JSON and builds its record, nothing else",
    "tables": "the random draws of every table cell's CIs, nothing else",
    "figures": "the same figures and panels, empty, as PNG",
}


def _floors(logs: Path, env: dict[str, str]) -> dict[str, float]:
    argv = [sys.executable, "-c", _FLOORS, str(logs)]
    done = subprocess.run(argv, check=True, capture_output=True, text=True, cwd=logs.parent, env=env)
    return {name: float(s) for name, s in json.loads(done.stdout.strip().splitlines()[-1]).items()}


Stages = list[tuple[str, float]]
#: Per figure kind: CPU seconds building it and fitting its margins, drawing it and saving the PNG.
FigureCpu = dict[str, dict[str, float]]


def _one(logs: Path, out: Path, env: dict[str, str]) -> tuple[Stages, FigureCpu]:
    start = os.times()
    done = subprocess.run(
        [sys.executable, "-c", _STAGES, str(logs), str(out)],
        check=True,
        capture_output=True,
        text=True,
        cwd=logs.parent,  # not the repository, which `python -c` would put before PYTHONPATH
        env=env,
    )
    end = os.times()
    result = json.loads(done.stdout.strip().splitlines()[-1])
    stages = [(name, float(s)) for name, s in result["stages"]]
    total = end.children_user + end.children_system - start.children_user - start.children_system
    figures = {k: {"build": c["build"], "draw": c["all"] - c["build"]} for k, c in result["figures"].items()}
    return [*stages, ("exit", total - sum(s for _, s in stages)), ("total", total)], figures


def _print_median(name: str, values: list[float], text: str = "") -> None:
    med = statistics.median(values)
    print(f"{name:24s}: median {med:6.3f} s  [{min(values):.3f}, {max(values):.3f}]{text}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--answers", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--floors", action="store_true", help="also the floor of the stages that have one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        write_logs(tmp / "logs", args.answers, args.runs)
        env = installed_env([_BENCH.parent])
        runs = [_one(tmp / "logs", tmp / f"report{i}", env) for i in range(args.repeat)]
        floors = [_floors(tmp / "logs", env) for _ in range(args.repeat)] if args.floors else []
    print(f"{args.answers} answers in {args.runs} runs; CPU seconds of one report, {args.repeat} processes")
    rows = [stages for stages, _ in runs]
    for i, (name, _) in enumerate(rows[0]):
        _print_median(name, [row[i][1] for row in rows])
    print("the figures stage by figure: building it and fitting its margins / drawing it and saving its PNG")
    for kind in runs[0][1]:
        for step in ("build", "draw"):
            _print_median(f"  {kind} {step}", [figures[kind][step] for _, figures in runs])
    if floors:
        print("floors (CPU seconds, each the median of", args.repeat, "processes):")
        for name, text in _FLOOR_TEXT.items():
            _print_median(name, [f[name] for f in floors], f"  {text}")


if __name__ == "__main__":
    main()
