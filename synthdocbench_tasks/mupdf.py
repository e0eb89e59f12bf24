"""PyMuPDF for evaluation, loaded on first use and without its layout analyser.

PyMuPDF 2.x imports ``pymupdf.layout`` (the ``pymupdf_layout`` package, which loads
onnxruntime and builds an ONNX session) and ``pymupdf4llm`` whenever they are installed,
and it depends on both: 0.8 s and ~100 MB per process before a single page is read.
Evaluation only opens, rasterises and reads text, which neither touches, so this module
imports PyMuPDF with those two optional imports refused (PyMuPDF catches the
``ImportError`` and carries on; ``Page.get_layout`` and ``pymupdf.to_markdown`` are then
unavailable in this process). If PyMuPDF was already imported, that module is used as is.
Hook modules call :func:`load_pymupdf` inside functions, never at import time.
"""

from __future__ import annotations

import sys
import threading
from types import ModuleType

#: Optional imports of PyMuPDF 2.x that evaluation never needs.
SKIPPED = ("pymupdf.layout", "pymupdf4llm")

_lock = threading.Lock()


def load_pymupdf() -> ModuleType:
    """The ``pymupdf`` module, imported without its layout/ONNX parts if not yet imported."""
    loaded = sys.modules.get("pymupdf")
    if loaded is not None:
        return loaded
    with _lock:
        blocked = [name for name in SKIPPED if name not in sys.modules]
        for name in blocked:
            sys.modules[name] = None  # type: ignore[assignment]  # makes `import name` raise ImportError
        try:
            import pymupdf
        finally:
            for name in blocked:
                if sys.modules.get(name, ModuleType(name)) is None:
                    del sys.modules[name]  # a later explicit import still works
        return pymupdf
