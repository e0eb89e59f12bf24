"""Answer a question with the OCR sentences most similar to it (TF-IDF, cosine).

This is the text half of the OCR baseline: it knows nothing of images. The OCR text of
a document is cut into sentences, a TF-IDF model is fitted on those sentences, and the
few sentences closest to the question become the answer, best first. When even the best
one is below a threshold the answer is the prompt's abstention sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import SynthDocUserError
from ..prompts import ABSTENTION

_PARAGRAPH = re.compile(r"\n\s*\n")
_HYPHEN_BREAK = re.compile(r"(\w)-\n(?=[a-z])")
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]?\s+(?=[\"'(\[]?[A-Z0-9])")
_TOKEN = re.compile(r"[a-z0-9]+(?:[.,][0-9]+)*")
_QUESTION_PREFIX = re.compile(r"^\s*question\s*:\s*", re.IGNORECASE)
_WORDY = re.compile(r"[A-Za-z]{2,}")
_EXTRA_STOP = frozenset({"according", "document", "report", "shown", "stated", "state", "does", "did"})


def _stop_words() -> frozenset[str]:
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    return frozenset(ENGLISH_STOP_WORDS) | _EXTRA_STOP


def _stem(token: str) -> str:
    """A deliberately crude plural folding: ``regions`` -> ``region``, ``utilities`` -> ``utility``."""
    if token[0].isdigit():
        return token.replace(",", "")
    if len(token) > 4 and token.endswith("ies"):
        return token[:-3] + "y"
    if len(token) > 3 and token.endswith("s") and not token.endswith(("ss", "us", "is")):
        return token[:-1]
    return token


def tokenize(text: str, stop_words: frozenset[str]) -> list[str]:
    """Lower-cased word and number tokens without stop words; numbers keep ``.`` and lose ``,``."""
    tokens = []
    for raw in _TOKEN.findall(text.lower()):
        if raw in stop_words or (len(raw) == 1 and not raw.isdigit()):
            continue
        tokens.append(_stem(raw))
    return tokens


def _is_prose(sentence: str, min_words: int) -> bool:
    """Chart ticks and OCR debris ("° lv 201;") are not sentences worth returning."""
    words = sentence.split()
    if len(words) < min_words or len(_WORDY.findall(sentence)) < min_words:
        return False
    letters = sum(c.isalpha() for c in sentence)
    visible = sum(not c.isspace() for c in sentence)
    return visible > 0 and letters / visible >= 0.6


def split_sentences(text: str, min_words: int = 4, max_words: int = 60) -> list[str]:
    """Sentences of OCR text: paragraphs are unwrapped, split at sentence ends, debris dropped.

    A run-on block without sentence punctuation (a table read row by row) is cut into
    pieces of at most ``max_words`` words so it cannot swamp the ranking.
    """
    text = _HYPHEN_BREAK.sub(r"\1", text.replace("\r\n", "\n"))
    sentences: list[str] = []
    for paragraph in _PARAGRAPH.split(text):
        flat = " ".join(paragraph.split())
        if not flat:
            continue
        for sentence in _SENTENCE_END.split(flat):
            words = sentence.split()
            for start in range(0, len(words), max_words):
                piece = " ".join(words[start : start + max_words])
                if _is_prose(piece, min_words):
                    sentences.append(piece)
    return sentences


def question_from_text(text: str) -> str:
    """The question of a ``Question: ...`` prompt (the text after the last such marker)."""
    marker = list(re.finditer(r"question\s*:\s*", text, re.IGNORECASE))
    if marker:
        return text[marker[-1].end() :].strip()
    return _QUESTION_PREFIX.sub("", text).strip()


@dataclass(frozen=True)
class Answer:
    text: str
    sentences: tuple[str, ...]
    scores: tuple[float, ...]

    @property
    def found(self) -> bool:
        return bool(self.sentences)


@dataclass(frozen=True)
class RetrievalSettings:
    max_sentences: int = 3
    min_score: float = 0.12
    min_words: int = 4

    def __post_init__(self) -> None:
        if self.max_sentences < 1:
            raise SynthDocUserError(f"max_sentences must be at least 1, got {self.max_sentences}")
        if not 0.0 <= self.min_score < 1.0:
            raise SynthDocUserError(f"min_score must be within [0, 1), got {self.min_score}")
        if self.min_words < 1:
            raise SynthDocUserError(f"min_words must be at least 1, got {self.min_words}")


def _finish(sentence: str) -> str:
    return sentence if sentence[-1] in ".!?" else sentence + "."


def answer_question(
    question: str, page_texts: Sequence[str], settings: RetrievalSettings | None = None
) -> Answer:
    """The ``max_sentences`` sentences of ``page_texts`` most similar to ``question``.

    Similarity is the cosine of sublinear TF-IDF vectors fitted on the document's own
    sentences, so words that fill every page weigh little. Sentences below
    ``min_score`` are never returned; if none is left the answer is the abstention.
    """
    import numpy as np
    from sklearn.feature_extraction.text import TfidfVectorizer

    settings = settings or RetrievalSettings()
    not_found = Answer(text=ABSTENTION, sentences=(), scores=())
    seen: set[str] = set()
    sentences: list[str] = []
    for text in page_texts:
        for sentence in split_sentences(text, min_words=settings.min_words):
            key = sentence.lower()
            if key not in seen:  # boilerplate repeats on every page
                seen.add(key)
                sentences.append(sentence)
    stop_words = _stop_words()
    if not sentences or not tokenize(question, stop_words):
        return not_found

    def analyzer(doc: str) -> list[str]:
        return tokenize(doc, stop_words)

    vectorizer = TfidfVectorizer(analyzer=analyzer, sublinear_tf=True)
    try:
        matrix = vectorizer.fit_transform(sentences)
    except ValueError:  # every sentence was stop words only
        return not_found
    scores = np.asarray((matrix @ vectorizer.transform([question]).T).todense()).ravel()
    order = np.argsort(-scores, kind="stable")[: settings.max_sentences]
    picked = [int(i) for i in order if scores[i] >= settings.min_score and scores[i] > 0.0]
    if not picked:
        return not_found
    chosen = tuple(_finish(sentences[i]) for i in picked)
    return Answer(text=" ".join(chosen), sentences=chosen, scores=tuple(float(scores[i]) for i in picked))
