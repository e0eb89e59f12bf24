"""Generation never loads PyMuPDF's layout analyser, so onnxruntime (and its telemetry) stays out."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow


def test_generation_stages_do_not_load_onnxruntime() -> None:
    code = (
        "import sys, generation.run.pipeline, generation.validate.rules;"
        "import generation.document.regions, generation.export.dataset;"
        "import pymupdf; doc = pymupdf.open(); doc.new_page(); doc.tobytes();"
        "print(sorted(m for m in ('onnxruntime', 'pymupdf.layout', 'pymupdf4llm') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
