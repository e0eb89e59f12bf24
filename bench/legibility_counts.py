"""Every chart word of a ``synthdocbench generate`` folder, checked on its PDF (not only the words
questions ask, as ``synthdocbench validate`` checks): the words failing each legibility check per
chart type (``misplaced`` labels, overlaps, ...), as a generator rule's before and after.

    PYTHONPATH=$PWD python bench/legibility_counts.py /tmp/charts52/S
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the package: the repository root takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from generation.validate.legibility import check_document
from generation.validate.legibility_model import LegibilityTally
from synthdocbench_tasks.schema import DocumentManifest


def count(gen_dir: Path) -> LegibilityTally:
    """The tally of every chart word of every finished document under ``gen_dir``/docs."""
    docs = gen_dir / "docs"
    if not docs.is_dir():
        sys.exit(f"{gen_dir} has no docs/ folder; point to the --out folder of synthdocbench generate")
    tally = LegibilityTally()
    for folder in sorted(p for p in docs.iterdir() if (p / "DONE").is_file()):
        manifest = DocumentManifest.model_validate_json(
            (folder / "manifest.json").read_text(encoding="utf-8")
        )
        tally.add(check_document(manifest, (folder / "document.pdf").read_bytes()), keep_examples=40)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gen_dir", type=Path)
    parser.add_argument("--examples", type=int, default=40)
    args = parser.parse_args()
    print(count(args.gen_dir).table(args.examples))


if __name__ == "__main__":
    main()
