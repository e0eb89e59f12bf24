"""Rasterise each document once per strip setting, not once per question.

Strips are kept in memory for the last few documents and on disk under
``<cache>/strips/<pdf sha256>/<setting key>/``, written atomically (a temp folder renamed
into place), so a crashed or parallel run never reads half a cache entry and a rerun
rasterises nothing. The caching itself is :class:`~synthdocbench_tasks.doc_cache.DocCache`.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from .doc_cache import DocCache
from .strips import PagePlacement, Strip, StripSettings, build_strips


class StripCache(DocCache[list[Strip]]):
    kind = "strips"
    default_memory_docs = 4

    @property
    def rasterised(self) -> int:
        """How many documents this cache had to rasterise."""
        return self.computed

    def strips(self, pdf: bytes, settings: StripSettings, name: str) -> list[Strip]:
        return self._get(pdf, settings.key(), lambda: build_strips(pdf, settings, name))

    def _read(self, path: Path) -> list[Strip] | None:
        layout_file = path / "layout.json"
        if not layout_file.is_file():
            return None
        try:
            layout = json.loads(layout_file.read_text(encoding="utf-8"))
            return [
                Strip(
                    jpeg=(path / f"strip-{i:03d}.jpg").read_bytes(),
                    width=entry["width"],
                    height=entry["height"],
                    pages=[PagePlacement(**p) for p in entry["pages"]],
                )
                for i, entry in enumerate(layout["strips"])
            ]
        except (OSError, ValueError, KeyError, TypeError):
            return None  # unreadable entry: rebuild it

    def _write(self, path: Path, value: list[Strip]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=path.parent))
        try:
            for i, strip in enumerate(value):
                (tmp / f"strip-{i:03d}.jpg").write_bytes(strip.jpeg)
            layout = {"strips": [s.layout() for s in value]}
            (tmp / "layout.json").write_text(json.dumps(layout, indent=1), encoding="utf-8")
            if path.exists():
                shutil.rmtree(path, ignore_errors=True)
            os.replace(tmp, path)
        except OSError:
            shutil.rmtree(tmp, ignore_errors=True)  # a cache write failure only costs time
