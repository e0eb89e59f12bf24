"""Rasterise each document once per strip setting, not once per question.

Strips are kept in memory for the last few documents and on disk under
``<cache>/strips/<pdf sha256>/<setting key>/``, written atomically (a temp folder renamed
into place), so a crashed or parallel run never reads half a cache entry and a rerun
rasterises nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import threading
from collections import OrderedDict
from pathlib import Path

from .strips import PagePlacement, Strip, StripSettings, build_strips


class StripCache:
    def __init__(self, root: Path, memory_docs: int = 4) -> None:
        self.root = root
        self.memory_docs = memory_docs
        self._memory: OrderedDict[tuple[str, str], list[Strip]] = OrderedDict()
        self._lock = threading.Lock()
        self.rasterised = 0  # how many documents this cache had to rasterise

    def strips(self, pdf: bytes, settings: StripSettings, name: str) -> list[Strip]:
        digest = hashlib.sha256(pdf).hexdigest()
        key = (digest, settings.key())
        with self._lock:
            if key in self._memory:
                self._memory.move_to_end(key)
                return self._memory[key]
            folder = self.root / "strips" / digest[:32] / settings.key()
            strips = self._read(folder)
            if strips is None:
                strips = build_strips(pdf, settings, name)
                self.rasterised += 1
                self._write(folder, strips)
            self._memory[key] = strips
            while len(self._memory) > self.memory_docs:
                self._memory.popitem(last=False)
            return strips

    @staticmethod
    def _read(folder: Path) -> list[Strip] | None:
        layout_file = folder / "layout.json"
        if not layout_file.is_file():
            return None
        try:
            layout = json.loads(layout_file.read_text(encoding="utf-8"))
            return [
                Strip(
                    jpeg=(folder / f"strip-{i:03d}.jpg").read_bytes(),
                    width=entry["width"],
                    height=entry["height"],
                    pages=[PagePlacement(**p) for p in entry["pages"]],
                )
                for i, entry in enumerate(layout["strips"])
            ]
        except (OSError, ValueError, KeyError, TypeError):
            return None  # unreadable entry: rebuild it

    @staticmethod
    def _write(folder: Path, strips: list[Strip]) -> None:
        folder.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=folder.parent))
        try:
            for i, strip in enumerate(strips):
                (tmp / f"strip-{i:03d}.jpg").write_bytes(strip.jpeg)
            layout = {"strips": [s.layout() for s in strips]}
            (tmp / "layout.json").write_text(json.dumps(layout, indent=1), encoding="utf-8")
            if folder.exists():
                shutil.rmtree(folder, ignore_errors=True)
            os.replace(tmp, folder)
        except OSError:
            shutil.rmtree(tmp, ignore_errors=True)  # a cache write failure only costs time
