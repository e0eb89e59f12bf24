"""Benchmark: ``synthdocbench judge`` against a bare ``openai`` client at the same concurrency.

    python bench/judge_throughput.py [--answers 1024] [--concurrency 64] [--stub-ms 250] [--repeat 3]

Writes a samples log of ``--answers`` distinct answers as ``SYNTHDOC_JUDGE=none`` leaves it,
starts a loopback OpenAI-compatible server (bench/_judge_stub.py) that answers every
chat request after ``--stub-ms``, and runs, ``--repeat`` times in alternating order, each in a
fresh process: ``synthdocbench judge LOG --judge openai:stub-judge@URL --concurrency N`` (an
empty judge cache each time), and the floor, as many chat requests from one bare ``openai``
client in ``N`` threads. Each rate is the server's view (requests over the span from the first
arrival to the last reply; process start-up is outside it). Prints each repetition, then the
median [min, max] of the paired ratios judge / bare and judge / ideal (``N / latency``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for tests/ and bench/

from bench._judge_stub import judge_stub
from bench._timing import paired_summary, rotation

TASK = "synthdoc_chart"


def write_log(path: Path, n: int) -> None:
    """``n`` answers recorded, none judged (``SYNTHDOC_JUDGE=none``), each a distinct prompt."""
    lines = []
    for i in range(n):
        record = {
            "question_id": f"q{i}",
            "doc_id": i,
            "question": f"What was the revenue of region {i} in 2023?",
            "reference": f"{i + 100} million dollars",
            "answer_values": [],
            "answer": "",
            "score": None,
            "judge": "none",
            "valid": False,
            "failure": "not_judged",
        }
        reply = f"The revenue was about {i + 101} million dollars."
        lines.append({"doc_id": i, "filtered_resps": [reply], "acc": record, "score": record})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def bare(base_url: str, n: int, concurrency: int) -> None:
    """In the child: ``n`` chat requests through one bare ``openai`` client in ``concurrency`` threads."""
    from bench._bare_client import bare_requests

    assert bare_requests(base_url, n, concurrency) == n


def _side(side: str, work: Path, log: Path, url: str, args: argparse.Namespace) -> None:
    if side == "bare":
        command = [sys.executable, str(Path(__file__).resolve()), "--bare", url, str(args.answers)]
        subprocess.run([*command, str(args.concurrency)], check=True)
        return
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "SYNTHDOC_"))}
    env.update({"SYNTHDOC_CACHE_DIR": str(work / "cache"), "OPENAI_API_KEY": "sk-loopback-stub"})
    command = [sys.executable, "-m", "synthdocbench_tasks.cli", "judge", str(log)]
    command += ["--judge", f"openai:stub-judge@{url}", "--out", str(work / "judged")]
    command += ["--concurrency", str(args.concurrency)]
    proc = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-3000:] + proc.stderr[-3000:])
        raise SystemExit(f"bench/judge_throughput.py: synthdocbench judge exited {proc.returncode}")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--bare":
        bare(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--answers", type=int, default=1024)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--stub-ms", type=float, default=250.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    delay = args.stub_ms / 1000
    ideal = args.concurrency / delay
    rates: dict[str, list[float]] = {"judge": [], "bare": []}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        log = tmp / "logs" / f"20260101_samples_{TASK}.jsonl"
        write_log(log, args.answers)
        for rep in range(args.repeat):
            for side in rotation(["judge", "bare"], rep):
                with judge_stub(delay) as arrivals:
                    work = tmp / f"{side}-{rep}"
                    work.mkdir()
                    _side(side, work, log, arrivals.base_url, args)
                n, span, rate = arrivals.rate()
                rates[side].append(rate)
                print(
                    f"rep {rep + 1} {side:5s}: {n} requests in {span:.2f} s = {rate:.1f}/s "
                    f"(at most {arrivals.max_in_flight} in flight; {rate / ideal:.2f} of ideal)",
                    flush=True,
                )
    paired = paired_summary(rates["judge"], rates["bare"])
    print(f"judge / bare openai client at concurrency {args.concurrency}: {paired}")
    print(
        f"judge / ideal ({args.concurrency} / {args.stub_ms:.0f} ms = {ideal:.0f}/s): "
        f"{paired_summary(rates['judge'], [ideal] * len(rates['judge']))}"
    )


if __name__ == "__main__":
    main()
