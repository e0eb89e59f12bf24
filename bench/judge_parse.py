"""Is the judge reply parser linear? Time it on hostile and ordinary replies of growing size.

Usage: ``python bench/judge_parse.py [--repeat 3]``

For each shape of reply (hostile ones from issue 9: unclosed braces, brace-quote pairs,
nested objects, unclosed reasoning tags; and an ordinary verdict after long prose) it parses
replies of 125 kB, 250 kB, 500 kB and 1 MB, keeps the best CPU time of ``--repeat`` runs, and
prints the time per MB and the ratio of the 1 MB time to 8x the 125 kB time (about 1.0 for
linear time; a quadratic parser would show about 8). The same run also times neutralising
(``judge.prompt.neutralise``) on hostile fields.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from judge.parse import parse_judge_reply
from judge.prompt import neutralise

SIZES = (125_000, 250_000, 500_000, 1_000_000)

REPLIES: dict[str, Callable[[int], str]] = {
    "open braces": lambda n: "{" * n,
    "brace-quote pairs": lambda n: '{"' * (n // 2),
    "open-open-close": lambda n: "{{}" * (n // 3),
    "objects and an opener": lambda n: '{"a"}{' * (n // 6),
    "text and braces": lambda n: "x{" * (n // 2),
    "nested keys": lambda n: '{"a":' * (n // 12) + "1" + "}" * (n // 12),
    "unclosed think tags": lambda n: "<think>" * (n // 7),
    "prose then a verdict": lambda n: "The answer is close. " * (n // 21) + '{"score": 7, "judgement": "ok"}',
}
FIELDS: dict[str, Callable[[int], str]] = {
    "spaces": lambda n: " " * n + "x",
    "'<' then spaces": lambda n: "<" + " " * n,
    "label lines": lambda n: "Score: 1\n" * (n // 9),
    "mixed-script words": lambda n: "c\u0430ndidate " * (n // 10),
}


def _best(run: Callable[[str], object], text: str, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        run(text)
        best = min(best, time.process_time() - started)
    return best


def _table(
    title: str, shapes: dict[str, Callable[[int], str]], run: Callable[[str], object], repeat: int
) -> None:
    print(f"\n{title}")
    print(f"{'input':<24}" + "".join(f"{n // 1000:>9} kB" for n in SIZES) + f"{'s/MB':>9}{'ratio':>8}")
    for name, make in shapes.items():
        times = [_best(run, make(n), repeat) for n in SIZES]
        ratio = times[-1] / (8 * times[0]) if times[0] > 0 else float("nan")
        cells = "".join(f"{t:>10.4f}s" for t in times)
        print(f"{name:<24}{cells}{times[-1]:>9.3f}{ratio:>8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    _table("parse_judge_reply (best CPU seconds)", REPLIES, parse_judge_reply, args.repeat)
    _table("neutralise (best CPU seconds)", FIELDS, neutralise, args.repeat)


if __name__ == "__main__":
    main()
