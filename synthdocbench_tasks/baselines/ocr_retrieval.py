"""``synthdoc_ocr_retrieval``: an OCR + sentence-retrieval baseline that runs on a CPU.

It is evaluated like any vision-language model: it receives the page strips as images
and the question, nothing else. It reads the strips with Tesseract and answers with the
two or three OCR sentences most similar to the question by TF-IDF, or with "Not found in
the document." when none is similar enough. Prose facts are often answered; values that
only a chart shows are not, which is the paper's OCR-versus-vision contrast (§4.1,
Figure 5) in miniature, offline and without model weights. Given no image but the document's
text in the prompt (the ``*_text`` tasks), it answers from that text without OCR, like
``synthdoc_text_retrieval``.

Model args (``--model_args key=value,...``):

- ``cache_dir``: folder of the OCR cache (default ``$SYNTHDOC_CACHE_DIR/ocr``, i.e.
  ``~/.cache/synthdocbench/ocr``); ``none`` keeps it in memory only.
- ``ocr_workers``: Tesseract processes run at once (default: CPU count, at most 4).
- ``ocr_scale``: resize factor applied before OCR (default 1.0; 0.5 halves the time of a
  1117x7900 strip but loses about a tenth of the words).
- ``ocr_lang`` (``eng``), ``ocr_psm`` (3): Tesseract language and page segmentation mode.
- ``max_sentences`` (3), ``min_score`` (0.12), ``min_words`` (4): the answerer.
- ``tesseract_cmd`` (``tesseract``), ``ocr_timeout`` (600 s per image).

It needs the ``tesseract`` program (Debian: tesseract-ocr, tesseract-ocr-eng) and
scikit-learn; a missing one is one line at model construction, before any inference.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar

from ..settings import load_settings
from . import MODEL_NAME
from .model import Prompt, RetrievalModel
from .ocr import OcrSettings, TesseractOCR

_NO_CACHE = frozenset({"", "none", "off", "false", "no"})


def _cache_dir(value: object) -> Path | None:
    if value is None:
        return load_settings().cache_dir / "ocr"
    if str(value).strip().lower() in _NO_CACHE:
        return None
    return Path(str(value)).expanduser()


class _OCRRetrieval(RetrievalModel):
    """OCR the images (or take the prompt's document text), then retrieve sentences."""

    model_name: ClassVar[str] = MODEL_NAME
    own_args: ClassVar[tuple[str, ...]] = (
        "cache_dir",
        "ocr_workers",
        "ocr_scale",
        "ocr_lang",
        "ocr_psm",
        "tesseract_cmd",
        "ocr_timeout",
    )

    def __init__(
        self,
        cache_dir: str | None = None,
        ocr_workers: int | None = None,
        ocr_scale: float = 1.0,
        ocr_lang: str = "eng",
        ocr_psm: int = 3,
        tesseract_cmd: str = "tesseract",
        ocr_timeout: float = 600.0,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        workers = int(ocr_workers) if ocr_workers is not None else min(4, os.cpu_count() or 1)
        self.ocr = TesseractOCR(
            OcrSettings(lang=str(ocr_lang), psm=int(ocr_psm), scale=float(ocr_scale)),
            cache_dir=_cache_dir(cache_dir),
            workers=workers,
            cmd=str(tesseract_cmd),
            timeout=float(ocr_timeout),
        )

    @property
    def ocr_seconds(self) -> float:
        return self.read_seconds

    def page_texts(self, prompt: Prompt) -> list[str]:
        if prompt.images:
            return self.ocr.read_many(prompt.images)
        return [prompt.document] if prompt.document is not None else []


class OCRRetrievalChat(_OCRRetrieval):
    """Chat protocol: reads the images and the question from the task's ``doc_to_messages``."""

    is_simple = False


class OCRRetrievalSimple(_OCRRetrieval):
    """Simple protocol (``--force_simple``): ``doc_to_visual`` images and the flat prompt text."""

    is_simple = True
