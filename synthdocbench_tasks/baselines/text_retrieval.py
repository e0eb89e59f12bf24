"""``synthdoc_text_retrieval``: the text-only retrieval baseline, for the ``*_text`` tasks.

The text tasks put the PDF's extracted text (PyMuPDF, at most 60,000 characters) into the
prompt instead of page images (paper §4.1, Figure 5). This model answers from that text
with the two or three sentences most similar to the question by TF-IDF, or "Not found in
the document." when none is similar enough. It needs scikit-learn but no Tesseract. Given a
prompt without document text (a vision task) it stops with one line naming the text tasks.

Model args: ``max_sentences`` (3), ``min_score`` (0.12), ``min_words`` (4).
"""

from __future__ import annotations

from typing import ClassVar

from . import TEXT_MODEL_NAME
from .model import RetrievalModel


class _TextRetrieval(RetrievalModel):
    model_name: ClassVar[str] = TEXT_MODEL_NAME


class TextRetrievalChat(_TextRetrieval):
    """Chat protocol: the document text and question from ``doc_to_messages``."""

    is_simple = False


class TextRetrievalSimple(_TextRetrieval):
    """Simple protocol (``--force_simple``): the document text and question from the flat prompt."""

    is_simple = True
