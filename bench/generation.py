"""``synthdocbench generate``, cold, against bare Playwright printing of the same HTML.

Usage: ``python bench/generation.py [--config configs/paper.yaml] [--n-docs 8] [--workers 2]
[--repeat 5] [--before TREE]``

* generation: the real command, ``synthdocbench generate --config C --n-docs N --workers W
  --out FRESH --no-progress``, a fresh process (and fresh workers and browsers) each repetition
  into an empty folder: nothing warm is carried over from one repetition to the next.
* bare print (the floor): ``python bench/_bare_print.py``, a fresh process that imports
  nothing of the project, starts ``--workers`` spawned processes, each with Playwright, one
  Chromium and one page, and prints the HTML files generation wrote (the pipeline's viewport,
  print media, A4 page, margins, footer and Chromium flags), the longest first, each worker
  taking the next file as it frees up. Every bare PDF must have the page count of the
  pipeline's PDF of the same document (checked every repetition; the script stops otherwise).

Every process runs as a user's installed package does, the project's modules compiled once
beforehand (:func:`bench._timing.installed_env`: bytecode cached
even where ``PYTHONDONTWRITEBYTECODE`` is set), and the command is the console script beside
this interpreter (:func:`bench._timing.console_script`, not a version manager's shim).
An untimed generation first writes the HTML files the floor prints and the reference output;
every timed generation must write the same bytes (checked). Then the two sides alternate
(A B, B A, ...) over ``--repeat`` repetitions, each timed from outside (wall seconds of the
child process, interpreter start-up included), so a drift in the machine's load hits both;
the headline is the median and [min, max] of the ratios paired within a repetition
(:func:`bench._timing.paired_summary`). Timings on a shared machine are noisy: compare ratios.
With psutil installed it also prints the CPU seconds of each side's process tree (the command,
its workers, Node and Chromium; sampled every 50 ms) and their paired ratios: when other work
keeps the cores busy, wall time follows CPU time, and the CPU ratio is the steadier figure.

``--before TREE`` (a checkout of other code, e.g. ``git archive main | tar -x -C /tmp/main``
with its ``node_modules``) adds a third side, the same command with ``PYTHONPATH=TREE``, which
must write the same bytes; it is printed against the bare print as the first side is, and the
two generations against each other (paired within each repetition: before and after in one run).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import sys
import tempfile
from functools import partial
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place (for ``bench._timing``).
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._timing import console_script, installed_env, interleave, paired_summary, psutil, run_timed
from synthdocbench_tasks.mupdf import load_pymupdf


def _print_settings() -> dict[str, object]:
    """The pipeline's print settings, for the floor (which must not import the project)."""
    from playwright.sync_api import sync_playwright

    from generation.document import render

    with sync_playwright() as pw:
        executable = pw.chromium.executable_path
    if not Path(executable).is_file():  # the pipeline's fallback (Renderer._launch)
        executable = render._system_chromium() or executable
    return {
        "executable": executable,
        "args": list(render._CHROMIUM_ARGS),
        "width": render.CONTENT_WIDTH_PX,
        "margin": {k: f"{v}mm" for k, v in render.PAGE_MARGIN_MM.items()},
        "footer": render._FOOTER,
    }


def _page_counts(pdfs: dict[str, Path]) -> dict[str, int]:
    pymupdf = load_pymupdf()
    counts = {}
    for name, path in pdfs.items():
        with pymupdf.open(path) as doc:
            counts[name] = doc.page_count
    return counts


def _digest(out: Path) -> str:
    """One hash of every file generation wrote (path and bytes)."""
    h = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(out)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _summary(name: str, gen_s: list[float], gen_cpu: list[float | None], bare_s: list[float],
             bare_cpu: list[float | None]) -> None:  # fmt: skip
    """The summary lines of one generation side against the bare print, paired within each rep."""
    print(
        f"{name}: median {statistics.median(gen_s):.1f} s [{min(gen_s):.1f}, {max(gen_s):.1f}]; "
        f"bare print: median {statistics.median(bare_s):.1f} s [{min(bare_s):.1f}, {max(bare_s):.1f}]"
    )
    if psutil is not None:
        gc, bc = [float(c or 0) for c in gen_cpu], [float(c or 0) for c in bare_cpu]
        print(
            f"CPU seconds (process trees): {name} median {statistics.median(gc):.1f}, bare print "
            f"median {statistics.median(bc):.1f}; {name} / bare print: {paired_summary(gc, bc)}"
        )
    print(f"{name} / bare print: {paired_summary(gen_s, bare_s)}; load average {os.getloadavg()[0]:.1f} now")


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--config", type=Path, default=Path("configs/paper.yaml"))
    parser.add_argument("--n-docs", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5, help="interleaved repetitions of each side")
    parser.add_argument(
        "--before",
        type=Path,
        help="a checkout of other code (e.g. `git worktree add /tmp/main main`): its `generate` "
        "(PYTHONPATH set to it) is a third side, paired with this code's in each repetition",
    )
    args = parser.parse_args()
    if args.n_docs < 1 or args.workers < 1 or args.repeat < 1:
        raise SystemExit("--n-docs, --workers and --repeat must be positive integers")
    if args.before is not None and not (args.before / "generation" / "run" / "pipeline.py").is_file():
        raise SystemExit(
            f"--before {args.before}: not a checkout of this project (no generation/run/pipeline.py)"
        )
    return args


def _bare_spec(args: argparse.Namespace, ref: Path, tmp: Path) -> tuple[Path, dict[str, int]]:
    """The floor's spec (the HTML files of ``ref``, longest first) and the pipeline's page counts."""
    gen_pages = _page_counts({p.parent.name: p for p in sorted(ref.glob("docs/*/document.pdf"))})
    htmls = sorted(
        (str(p) for p in ref.glob("docs/*/document.html")), key=lambda h: -gen_pages[Path(h).parent.name]
    )
    spec = tmp / "bare.json"
    spec.write_text(
        json.dumps(
            {"htmls": htmls, "out": str(tmp / "bare"), "workers": args.workers, "print": _print_settings()}
        ),
        encoding="utf-8",
    )
    return spec, gen_pages


def main() -> None:
    args = _parse_args()
    exe = console_script()
    tmp = Path(tempfile.mkdtemp(prefix="sdb-bench-gen-"))
    trees = [_BENCH.parent, *([args.before.resolve()] if args.before is not None else [])]
    env = installed_env(trees)
    envs = {"generate": env}
    if args.before is not None:
        envs["before"] = {**env, "PYTHONPATH": str(args.before.resolve())}

    def gen_argv(out: Path) -> list[str]:
        return [exe, "generate", "--config", str(args.config), "--n-docs", str(args.n_docs),
                "--workers", str(args.workers), "--out", str(out), "--no-progress"]  # fmt: skip

    try:
        ref = tmp / "ref"
        run_timed(gen_argv(ref), "the untimed reference generation", env)
        ref_digest = _digest(ref)
        spec, gen_pages = _bare_spec(args, ref, tmp)
        bare_out = tmp / "bare"
        print(
            f"config {args.config}, {args.n_docs} documents ({sum(gen_pages.values())} pages), "
            f"{args.workers} workers, {args.repeat} interleaved repetitions, {os.cpu_count()} CPUs, "
            f"load average {os.getloadavg()[0]:.1f} at start"
            + (f"; before: {args.before}" if args.before is not None else "")
        )
        cpu: dict[str, list[float | None]] = {name: [] for name in [*envs, "bare"]}

        def gen_side(name: str) -> float:
            out = tmp / name
            shutil.rmtree(out, ignore_errors=True)
            timed = run_timed(gen_argv(out), f"synthdocbench generate ({name})", envs[name])
            if _digest(out) != ref_digest:
                raise SystemExit(f"{name}: the output differs from the reference run's bytes")
            cpu[name].append(timed.cpu)
            return timed.wall

        def bare_side() -> float:
            shutil.rmtree(bare_out, ignore_errors=True)
            bare_out.mkdir()
            timed = run_timed([sys.executable, str(_BENCH / "_bare_print.py"), str(spec)], "bare print", env)
            pages = _page_counts({p.stem: p for p in sorted(bare_out.glob("*.pdf"))})
            if pages != gen_pages:
                diff = {k: (v, pages.get(k)) for k, v in gen_pages.items() if pages.get(k) != v}
                raise SystemExit(f"bare page counts differ (pipeline, bare): {diff}")
            cpu["bare"].append(timed.cpu)
            return timed.wall

        sides = {name: partial(gen_side, name) for name in envs} | {"bare": bare_side}
        walls: dict[str, list[float]] = {name: [] for name in sides}
        for rep, (order, times) in enumerate(interleave(sides, args.repeat)):
            for name, seconds in times.items():
                walls[name].append(seconds)
            each = ", ".join(
                f"{name} {times[name]:.1f} s"
                + (f" / {cpu[name][-1]:.1f} CPU s" if psutil is not None else "")
                for name in sides
            )
            print(
                f"rep {rep + 1} ({' then '.join(order)}): {each} (load {os.getloadavg()[0]:.1f})", flush=True
            )
        print("every generation wrote the reference bytes; bare page counts equal the pipeline's (each rep)")
        for name in envs:
            _summary(name, walls[name], cpu[name], walls["bare"], cpu["bare"])
        if args.before is not None:
            print(f"generate / before, wall: {paired_summary(walls['generate'], walls['before'])}")
            if psutil is not None:
                after, before = ([float(c or 0) for c in cpu[n]] for n in ("generate", "before"))
                print(f"generate / before, CPU seconds: {paired_summary(after, before)}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
