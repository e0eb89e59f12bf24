"""What a reader notices on the rendered pages of a ``synthdocbench generate`` folder (prose52).

Usage: ``python bench/page_measures.py OUT [OUT ...]``

Prints :func:`generation.document.page_measures.render` for each folder: pages left at least 30%
empty before a page opening with a figure, metric-card values and drop-cap leads whose words the
PDF's text layer cuts in two.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from generation.document.page_measures import folder_counts, render


def main() -> None:
    folders = [Path(a) for a in sys.argv[1:]]
    missing = [str(f) for f in folders if not (f / "docs").is_dir()]
    if not folders or missing:
        sys.exit(
            f"usage: page_measures.py OUT [OUT ...]: give generate output folders (no docs/ in {missing})"
        )
    for folder in folders:
        print("\n".join(render(folder_counts(folder), f" in {folder}")))


if __name__ == "__main__":
    main()
