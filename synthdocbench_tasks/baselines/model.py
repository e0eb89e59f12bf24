"""What the retrieval baselines share: reading lmms-eval requests and answering by retrieval.

A request carries page images (the vision tasks) or the document's extracted text inside
the prompt (the ``*_text`` tasks, see :func:`synthdocbench_tasks.prompts.user_text`), and
the question. A subclass turns that into page texts (:meth:`RetrievalModel.page_texts`);
the answer is then the sentences of those texts most similar to the question
(:func:`.retrieval.answer_question`). Both lmms-eval protocols are served: chat
(``doc_to_messages``) and simple (``doc_to_visual`` + the flat prompt, ``--force_simple``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from lmms_eval.api.instance import Instance
from lmms_eval.api.model import lmms
from PIL import Image

from ..errors import SynthDocUserError
from ..prompts import document_in
from .retrieval import Answer, RetrievalSettings, answer_question, question_from_text

#: What lmms-eval itself passes to every model's constructor.
HARNESS_ARGS = frozenset({"batch_size", "max_batch_size", "device"})
RETRIEVAL_ARGS = ("max_sentences", "min_score", "min_words")


@dataclass(frozen=True)
class Prompt:
    """What one request gives a model: images, the question, and document text if any."""

    images: list[Image.Image]
    question: str
    document: str | None


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


def messages_to_prompt(messages: Sequence[dict[str, Any]]) -> Prompt:
    """The images of all user turns; question and document from the last user text."""
    images: list[Image.Image] = []
    text = ""
    for message in messages:
        if message.get("role") != "user":
            continue
        for part in _parts(message):
            if part.get("type") == "image":
                image = _as_image(part.get("url"))
                if image is not None:
                    images.append(image)
            elif part.get("type") == "text" and str(part.get("text", "")).strip():
                text = str(part["text"])
    return Prompt(images, question_from_text(text), document_in(text))


def flat_to_prompt(context: str, visuals: Sequence[object]) -> Prompt:
    """The simple protocol: ``doc_to_visual`` images and the flat prompt text."""
    images = [im for im in (_as_image(v) for v in visuals) if im is not None]
    return Prompt(images, question_from_text(context), document_in(context))


def stop_at(text: str, until: object) -> str:
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


class RetrievalModel(lmms):
    """Answers with the page-text sentences most similar to the question."""

    model_name: ClassVar[str] = "retrieval"
    #: Model args of the subclass besides the retrieval ones, for the error on unknown args.
    own_args: ClassVar[tuple[str, ...]] = ()

    def __init__(
        self, max_sentences: int = 3, min_score: float = 0.12, min_words: int = 4, **kwargs: Any
    ) -> None:
        super().__init__()
        unknown = sorted(set(kwargs) - HARNESS_ARGS)
        if unknown:
            raise SynthDocUserError(
                f"{self.model_name} does not know model_args {', '.join(unknown)}; it takes "
                f"{', '.join((*self.own_args, *RETRIEVAL_ARGS))}"
            )
        try:
            import sklearn  # noqa: F401
        except ImportError:
            raise SynthDocUserError(
                f"{self.model_name} needs scikit-learn: pip install 'synthdocbench[ocr]'"
            ) from None
        self.retrieval = RetrievalSettings(
            max_sentences=int(max_sentences), min_score=float(min_score), min_words=int(min_words)
        )
        self.read_seconds = 0.0  # turning the input into page texts (OCR for images)
        self.answer_seconds = 0.0

    def page_texts(self, prompt: Prompt) -> list[str]:
        """The texts to retrieve from: the document text of the prompt by default."""
        if prompt.document is None:
            raise SynthDocUserError(
                f"{self.model_name} got a prompt without document text: use it with the text tasks "
                "(synthdoc_text, synthdoc_*_text)"
            )
        return [prompt.document]

    def answer(self, prompt: Prompt) -> Answer:
        start = time.perf_counter()
        texts = self.page_texts(prompt)
        middle = time.perf_counter()
        result = answer_question(prompt.question, texts, self.retrieval)
        self.read_seconds += middle - start
        self.answer_seconds += time.perf_counter() - middle
        return result

    def _prompt(self, request: Instance) -> tuple[Prompt, dict[str, Any] | None]:
        if self.is_simple:
            context, gen_kwargs, doc_to_visual, doc_id, task, split = request.args
            visual_fn: Callable[[Any], Any] = doc_to_visual
            visuals = visual_fn(self.task_dict[task][split][doc_id]) or []
            return flat_to_prompt(str(context), visuals), gen_kwargs
        _ctx, doc_to_messages, gen_kwargs, doc_id, task, split = request.args
        messages = doc_to_messages(self.task_dict[task][split][doc_id])
        if hasattr(messages, "messages"):  # a ChatMessages model
            messages = [m.model_dump() for m in messages.messages]
        return messages_to_prompt(messages), gen_kwargs

    def generate_until(self, requests: list[Instance]) -> list[str]:
        from tqdm import tqdm

        replies: list[str] = []
        with tqdm(total=len(requests), disable=self.rank != 0, desc=f"{self.model_name} answering") as bar:
            for request in requests:
                prompt, gen_kwargs = self._prompt(request)
                replies.append(stop_at(self.answer(prompt).text, (gen_kwargs or {}).get("until")))
                bar.update(1)
        return replies

    def loglikelihood(self, requests: list[Instance]) -> list[tuple[float, bool]]:
        raise NotImplementedError(f"{self.model_name} only generates answers; it has no log-likelihoods")

    def generate_until_multi_round(self, requests: list[Instance]) -> list[str]:
        raise NotImplementedError(f"{self.model_name} answers single-turn questions only")
