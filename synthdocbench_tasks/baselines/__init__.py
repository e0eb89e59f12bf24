"""Reference "models" that run without weights, for offline demos and sanity checks.

``synthdoc_ocr_retrieval`` (:mod:`.ocr_retrieval`) OCRs the page strips with Tesseract
and answers with the most similar sentences. lmms-eval finds it through the
``lmms_eval.models`` entry point, which names :func:`lmms_eval_models`; nothing is
imported here until lmms-eval calls it.
"""

from __future__ import annotations

from typing import Any

MODEL_NAME = "synthdoc_ocr_retrieval"
_MODULE = "synthdocbench_tasks.baselines.ocr_retrieval"


def lmms_eval_models() -> list[Any]:
    """The model manifests lmms-eval's registry loads from the entry point.

    The chat class is used by default; ``--force_simple`` selects the simple one.
    """
    from lmms_eval.models.registry_v2 import ModelManifest

    return [
        ModelManifest(
            model_id=MODEL_NAME,
            chat_class_path=f"{_MODULE}.OCRRetrievalChat",
            simple_class_path=f"{_MODULE}.OCRRetrievalSimple",
        )
    ]
