"""``synthdoc_ocr_retrieval``: an OCR + sentence-retrieval baseline that runs on a CPU.

It is evaluated like any vision-language model: it receives the page strips as images
and the question, nothing else. It reads the strips with Tesseract and answers with the
two or three OCR sentences most similar to the question by TF-IDF, or with "Not found in
the document." when none is similar enough. Prose facts are often answered; values that
only a chart shows are not, which is the paper's OCR-versus-vision contrast (§4.1,
Figure 5) in miniature, offline and without model weights.

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
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from lmms_eval.api.instance import Instance
from lmms_eval.api.model import lmms
from PIL import Image

from ..errors import SynthDocUserError
from ..settings import load_settings
from . import MODEL_NAME
from .ocr import OcrSettings, TesseractOCR
from .retrieval import Answer, RetrievalSettings, answer_question, question_from_text

#: What lmms-eval itself passes to every model's constructor.
_HARNESS_ARGS = frozenset({"batch_size", "max_batch_size", "device"})
_NO_CACHE = frozenset({"", "none", "off", "false", "no"})


def _cache_dir(value: object) -> Path | None:
    if value is None:
        return load_settings().cache_dir / "ocr"
    if str(value).strip().lower() in _NO_CACHE:
        return None
    return Path(str(value)).expanduser()


def _as_image(value: object) -> Image.Image | None:
    """Images in chat messages are PIL images here; a file path is opened."""
    if isinstance(value, Image.Image):
        return value
    if isinstance(value, str | os.PathLike) and Path(value).is_file():
        img = Image.open(value)
        img.load()
        return img
    return None


def _parts(message: dict[str, Any]) -> list[dict[str, Any]]:
    content = message.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [c if isinstance(c, dict) else dict(c) for c in content or []]


def messages_to_inputs(messages: Sequence[dict[str, Any]]) -> tuple[list[Image.Image], str]:
    """The images of all user turns, and the question: the last user text, without "Question: "."""
    images: list[Image.Image] = []
    question = ""
    for message in messages:
        if message.get("role") != "user":
            continue
        for part in _parts(message):
            if part.get("type") == "image":
                image = _as_image(part.get("url"))
                if image is not None:
                    images.append(image)
            elif part.get("type") == "text" and str(part.get("text", "")).strip():
                question = question_from_text(str(part["text"]))
    return images, question


def _stop_at(text: str, until: object) -> str:
    if isinstance(until, str):
        stops = [until]
    elif isinstance(until, list | tuple):
        stops = list(until)
    else:
        stops = []
    for stop in stops:
        if isinstance(stop, str) and stop and stop in text:
            text = text[: text.index(stop)]
    return text.strip()


class _OCRRetrieval(lmms):
    """What both protocols share: OCR the images, retrieve sentences, keep timings."""

    def __init__(
        self,
        cache_dir: str | None = None,
        ocr_workers: int | None = None,
        ocr_scale: float = 1.0,
        ocr_lang: str = "eng",
        ocr_psm: int = 3,
        max_sentences: int = 3,
        min_score: float = 0.12,
        min_words: int = 4,
        tesseract_cmd: str = "tesseract",
        ocr_timeout: float = 600.0,
        **kwargs: Any,
    ) -> None:
        super().__init__()
        unknown = sorted(set(kwargs) - _HARNESS_ARGS)
        if unknown:
            raise SynthDocUserError(
                f"{MODEL_NAME} does not know model_args {', '.join(unknown)}; it takes cache_dir, "
                "ocr_workers, ocr_scale, ocr_lang, ocr_psm, max_sentences, min_score, min_words, "
                "tesseract_cmd, ocr_timeout"
            )
        try:
            import sklearn  # noqa: F401
        except ImportError:
            raise SynthDocUserError(
                f"{MODEL_NAME} needs scikit-learn: pip install 'synthdocbench[ocr]'"
            ) from None
        workers = int(ocr_workers) if ocr_workers is not None else min(4, os.cpu_count() or 1)
        self.retrieval = RetrievalSettings(
            max_sentences=int(max_sentences), min_score=float(min_score), min_words=int(min_words)
        )
        self.ocr = TesseractOCR(
            OcrSettings(lang=str(ocr_lang), psm=int(ocr_psm), scale=float(ocr_scale)),
            cache_dir=_cache_dir(cache_dir),
            workers=workers,
            cmd=str(tesseract_cmd),
            timeout=float(ocr_timeout),
        )
        self.ocr_seconds = 0.0
        self.answer_seconds = 0.0

    def answer(self, images: Sequence[Image.Image], question: str) -> Answer:
        start = time.perf_counter()
        texts = self.ocr.read_many(images)
        middle = time.perf_counter()
        result = answer_question(question, texts, self.retrieval)
        self.ocr_seconds += middle - start
        self.answer_seconds += time.perf_counter() - middle
        return result

    def _reply(self, images: Sequence[Image.Image], question: str, gen_kwargs: dict[str, Any] | None) -> str:
        text = self.answer(images, question).text
        return _stop_at(text, (gen_kwargs or {}).get("until"))

    def _doc(self, task: str, split: str, doc_id: int) -> Any:
        return self.task_dict[task][split][doc_id]

    def _progress(self, total: int) -> Any:
        from tqdm import tqdm

        return tqdm(total=total, disable=self.rank != 0, desc=f"{MODEL_NAME} answering")

    def loglikelihood(self, requests: list[Instance]) -> list[tuple[float, bool]]:
        raise NotImplementedError(f"{MODEL_NAME} only generates answers; it has no log-likelihoods")

    def generate_until_multi_round(self, requests: list[Instance]) -> list[str]:
        raise NotImplementedError(f"{MODEL_NAME} answers single-turn questions only")


class OCRRetrievalChat(_OCRRetrieval):
    """Chat protocol: reads the images and the question from the task's ``doc_to_messages``."""

    is_simple = False

    def generate_until(self, requests: list[Instance]) -> list[str]:
        replies: list[str] = []
        with self._progress(len(requests)) as bar:
            for request in requests:
                _ctx, doc_to_messages, gen_kwargs, doc_id, task, split = request.args
                messages = doc_to_messages(self._doc(task, split, doc_id))
                if hasattr(messages, "messages"):  # a ChatMessages model
                    messages = [m.model_dump() for m in messages.messages]
                images, question = messages_to_inputs(messages)
                replies.append(self._reply(images, question, gen_kwargs))
                bar.update(1)
        return replies


class OCRRetrievalSimple(_OCRRetrieval):
    """Simple protocol (``--force_simple``): ``doc_to_visual`` images and the flat prompt text."""

    is_simple = True

    def generate_until(self, requests: list[Instance]) -> list[str]:
        replies: list[str] = []
        with self._progress(len(requests)) as bar:
            for request in requests:
                context, gen_kwargs, doc_to_visual, doc_id, task, split = request.args
                visual_fn: Callable[[Any], Any] = doc_to_visual
                visuals = visual_fn(self._doc(task, split, doc_id)) or []
                images = [im for im in (_as_image(v) for v in visuals) if im is not None]
                replies.append(self._reply(images, question_from_text(str(context)), gen_kwargs))
                bar.update(1)
        return replies
