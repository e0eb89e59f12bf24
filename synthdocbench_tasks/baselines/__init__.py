"""Reference "models" that run without weights, for offline demos and sanity checks.

``synthdoc_ocr_retrieval`` (:mod:`.ocr_retrieval`) OCRs the page strips with Tesseract
and answers with the most similar sentences; ``synthdoc_text_retrieval``
(:mod:`.text_retrieval`) does the same from the document text the ``*_text`` tasks put in
the prompt. ``synthdoc_question_only`` and ``synthdoc_majority_verdict`` (:mod:`.blind`) never
see the document: they are the shortcut floors of the report. lmms-eval finds all four through
the one ``lmms_eval.models`` entry point, which names :func:`lmms_eval_models`; nothing is
imported here until lmms-eval calls it.
"""

from __future__ import annotations

from typing import Any

MODEL_NAME = "synthdoc_ocr_retrieval"
TEXT_MODEL_NAME = "synthdoc_text_retrieval"
QUESTION_ONLY_MODEL_NAME = "synthdoc_question_only"
MAJORITY_MODEL_NAME = "synthdoc_majority_verdict"
#: The baselines that never see the pages: the report shows them as the floor.
SHORTCUT_MODELS = (QUESTION_ONLY_MODEL_NAME, MAJORITY_MODEL_NAME)
_PACKAGE = "synthdocbench_tasks.baselines"


def lmms_eval_models() -> list[Any]:
    """The model manifests lmms-eval's registry loads from the entry point.

    The chat class is used by default; ``--force_simple`` selects the simple one.
    """
    from lmms_eval.models.registry_v2 import ModelManifest

    return [
        ModelManifest(
            model_id=MODEL_NAME,
            chat_class_path=f"{_PACKAGE}.ocr_retrieval.OCRRetrievalChat",
            simple_class_path=f"{_PACKAGE}.ocr_retrieval.OCRRetrievalSimple",
        ),
        ModelManifest(
            model_id=TEXT_MODEL_NAME,
            chat_class_path=f"{_PACKAGE}.text_retrieval.TextRetrievalChat",
            simple_class_path=f"{_PACKAGE}.text_retrieval.TextRetrievalSimple",
        ),
        ModelManifest(
            model_id=QUESTION_ONLY_MODEL_NAME,
            chat_class_path=f"{_PACKAGE}.blind.QuestionOnlyChat",
            simple_class_path=f"{_PACKAGE}.blind.QuestionOnlySimple",
        ),
        ModelManifest(
            model_id=MAJORITY_MODEL_NAME,
            chat_class_path=f"{_PACKAGE}.blind.MajorityVerdictChat",
            simple_class_path=f"{_PACKAGE}.blind.MajorityVerdictSimple",
        ),
    ]
