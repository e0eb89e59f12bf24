"""How lmms-eval's API model classes encode our strips.

lmms-eval 0.7.3's OpenAI-compatible classes re-encode every image they send, as PNG unless
``LMMS_IMAGE_ENCODE_FORMAT`` says otherwise; it offers no way to pass a file's bytes through.
A PNG of a 1,117 x 7,900 strip is 1.7-4.4 MB (over the benchmark's 4 MB cap for some) and
costs about 2 s to encode per strip and question, where a JPEG costs about 0.05 s. So the
synthdoc tasks ask for JPEG at the strip builder's quality when the task is built, unless
the user chose a format. The variables are read by lmms-eval each time it encodes.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping

FORMAT_VAR = "LMMS_IMAGE_ENCODE_FORMAT"
QUALITY_VAR = "LMMS_IMAGE_JPEG_QUALITY"
#: Our strips' own JPEG quality (``StripSettings.jpeg_quality``), so re-encoding loses little.
JPEG_QUALITY = 90


def prefer_jpeg(environ: MutableMapping[str, str] | None = None) -> None:
    """Have lmms-eval's API classes send JPEG (quality 90) unless the user set a format."""
    env = os.environ if environ is None else environ
    if not env.get(FORMAT_VAR, "").strip():
        env[FORMAT_VAR] = "JPEG"
        env.setdefault(QUALITY_VAR, str(JPEG_QUALITY))
