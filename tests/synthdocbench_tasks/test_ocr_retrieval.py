"""The OCR + retrieval baseline on real Tesseract output of real rendered page strips.

A two-page PDF is written with PyMuPDF, cut into a strip by the project's strip builder
and read by Tesseract once per module (the OCR cache then serves every later test).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pymupdf
import pytest
from PIL import Image

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.prompts import ABSTENTION, flat_prompt, system_prompt, user_text
from synthdocbench_tasks.strips import StripSettings, build_strips

pytest.importorskip("sklearn")

from synthdocbench_tasks.baselines.retrieval import (
    RetrievalSettings,
    answer_question,
    question_from_text,
    split_sentences,
)

needs_tesseract = pytest.mark.skipif(
    shutil.which("tesseract") is None, reason="install Debian's tesseract-ocr for the OCR baseline tests"
)

PAGE_1 = [
    "The Northern Harbour Authority reported annual revenue of 48.6 million euros in 2023.",
    "Its workforce grew to 1,240 employees after the merger with Coastal Freight.",
    "Container throughput at the eastern terminal declined by 12 percent because of dredging works.",
]
PAGE_2 = [
    "The board approved a new solar installation with a capacity of 35 megawatts.",
    "Passenger ferry services to the islands resumed in April after a winter pause.",
]
WORKFORCE_Q = "How many employees did the workforce grow to after the merger with Coastal Freight?"
SOLAR_Q = "What capacity does the new solar installation approved by the board have?"
UNRELATED_Q = "Who painted the ceiling of the Sistine Chapel?"


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def _pdf() -> bytes:
    doc = pymupdf.open()
    for heading, sentences in (("Annual review", PAGE_1), ("Outlook", PAGE_2)):
        page = doc.new_page(width=595, height=842)
        page.insert_text((60, 80), heading, fontsize=18, fontname="helv")
        rect = pymupdf.Rect(60, 110, 535, 400)
        assert page.insert_textbox(rect, "\n\n".join(sentences), fontsize=11, fontname="helv") >= 0
        # a bar chart whose values are drawn, never written: text retrieval cannot read them
        for i, height in enumerate((120, 60, 90)):
            page.draw_rect(pymupdf.Rect(100 + 80 * i, 700 - height, 150 + 80 * i, 700), fill=(0.2, 0.4, 0.8))
        page.insert_text((100, 730), "Figure 1. Cargo volume by quarter", fontsize=10, fontname="helv")
    data = doc.tobytes()
    doc.close()
    return bytes(data)


@pytest.fixture(scope="module")
def strip_images() -> list[Image.Image]:
    strips = build_strips(_pdf(), StripSettings(), "ocr-test")
    assert len(strips) == 1 and len(strips[0].pages) == 2
    return [s.image() for s in strips]


@pytest.fixture(scope="module")
def ocr_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("ocr-cache")


@pytest.fixture(scope="module")
def strip_texts(strip_images: list[Image.Image], ocr_cache: Path) -> list[str]:
    if shutil.which("tesseract") is None:
        pytest.skip("install Debian's tesseract-ocr for the OCR baseline tests")
    from synthdocbench_tasks.baselines.ocr import TesseractOCR

    engine = TesseractOCR(cache_dir=ocr_cache)
    texts = engine.read_many(strip_images)
    assert engine.calls == len(strip_images)
    return texts


# --- the answerer on plain text ------------------------------------------------------


def test_sentences_are_unwrapped_and_chart_debris_dropped() -> None:
    ocr = (
        "Revenue rose to 48.6 million euros in 2023 as the east-\nern terminal reopened. Staff\n"
        "numbers were stable.\n\n2 604\n° lv 201;\n\n20-4\n\nFigure 1. Cargo volume by quarter"
    )
    assert split_sentences(ocr) == [
        "Revenue rose to 48.6 million euros in 2023 as the eastern terminal reopened.",
        "Staff numbers were stable.",
        "Cargo volume by quarter",
    ]


def test_question_is_taken_after_the_last_marker() -> None:
    assert question_from_text(flat_prompt("What was revenue in 2023?")) == "What was revenue in 2023?"
    assert question_from_text(user_text("  Which port?  ")) == "Which port?"
    assert question_from_text("plain question?") == "plain question?"


def test_answer_ranks_the_matching_sentence_first_and_caps_the_length() -> None:
    text = " ".join(PAGE_1 + PAGE_2)
    answer = answer_question(WORKFORCE_Q, [text], RetrievalSettings(max_sentences=2))
    assert answer.sentences[0] == PAGE_1[1]
    assert len(answer.sentences) <= 2
    assert list(answer.scores) == sorted(answer.scores, reverse=True)
    assert answer.text.startswith(PAGE_1[1])


def test_no_similar_sentence_gives_the_abstention() -> None:
    answer = answer_question(UNRELATED_Q, [" ".join(PAGE_1 + PAGE_2)])
    assert not answer.found
    assert answer.text == ABSTENTION
    assert answer_question(WORKFORCE_Q, []).text == ABSTENTION


# --- real Tesseract --------------------------------------------------------------------


@needs_tesseract
def test_tesseract_reads_the_rendered_strip(strip_texts: list[str]) -> None:
    text = _norm(strip_texts[0])
    for phrase in ("48.6 million euros", "1,240 employees", "35 megawatts", "cargo volume by quarter"):
        assert phrase in text, phrase


@needs_tesseract
def test_answers_from_ocr_text(strip_texts: list[str]) -> None:
    workforce = answer_question(WORKFORCE_Q, strip_texts)
    assert _norm(workforce.sentences[0]) == _norm(PAGE_1[1])
    solar = answer_question(SOLAR_Q, strip_texts)
    assert "35 megawatts" in _norm(solar.sentences[0])
    assert answer_question(UNRELATED_Q, strip_texts).text == ABSTENTION


@needs_tesseract
def test_ocr_cache_serves_a_new_engine_from_disk(
    strip_images: list[Image.Image], strip_texts: list[str], ocr_cache: Path
) -> None:
    from synthdocbench_tasks.baselines.ocr import TesseractOCR

    assert len(list(ocr_cache.glob("*/*.txt"))) == len(strip_images)
    fresh = TesseractOCR(cache_dir=ocr_cache)
    assert fresh.read_many(strip_images + strip_images) == strip_texts + strip_texts
    assert fresh.calls == 0


@needs_tesseract
def test_a_changed_image_is_read_again(strip_images: list[Image.Image], ocr_cache: Path) -> None:
    from synthdocbench_tasks.baselines.ocr import TesseractOCR

    blank = Image.new("RGB", (400, 200), "white")
    engine = TesseractOCR(cache_dir=ocr_cache)
    assert engine.read_many([blank])[0].strip() == ""
    assert engine.calls == 1
    engine.read_many([blank])
    assert engine.calls == 1  # memory cache


@pytest.mark.slow
def test_missing_tesseract_is_one_clear_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from synthdocbench_tasks.baselines.ocr import TesseractOCR
    from synthdocbench_tasks.baselines.ocr_retrieval import OCRRetrievalChat

    monkeypatch.setenv("PATH", str(tmp_path))
    for build in (lambda: TesseractOCR(cache_dir=None), lambda: OCRRetrievalChat(cache_dir="none")):
        with pytest.raises(SynthDocUserError) as info:
            build()
        message = str(info.value)
        assert "install Debian's tesseract-ocr" in message and "\n" not in message


@needs_tesseract
def test_missing_language_data_names_the_package() -> None:
    from synthdocbench_tasks.baselines.ocr import OcrSettings, TesseractOCR

    with pytest.raises(SynthDocUserError, match="tesseract-ocr-xxx"):
        TesseractOCR(OcrSettings(lang="eng+xxx"))


# --- the lmms-eval model classes -----------------------------------------------------------


def _instance(args: tuple[Any, ...], doc_id: int) -> Any:
    from lmms_eval.api.instance import Instance

    return Instance(
        request_type="generate_until",
        arguments=args,
        idx=0,
        metadata={"task": "ocr_test", "doc_id": doc_id, "repeats": 1},
    )


@needs_tesseract
def test_chat_model_answers_from_doc_to_messages(
    strip_images: list[Image.Image], strip_texts: list[str], ocr_cache: Path
) -> None:
    from synthdocbench_tasks.baselines.ocr_retrieval import OCRRetrievalChat

    docs = [{"question": WORKFORCE_Q}, {"question": UNRELATED_Q}, {"question": SOLAR_Q}]

    # the shape hooks.doc_to_messages builds
    def doc_to_messages(doc: dict[str, Any]) -> list[dict[str, Any]]:
        user: list[dict[str, Any]] = [{"type": "image", "url": im} for im in strip_images]
        user.append({"type": "text", "text": user_text(doc["question"])})
        return [
            {"role": "system", "content": [{"type": "text", "text": system_prompt("default")}]},
            {"role": "user", "content": user},
        ]

    model = OCRRetrievalChat(cache_dir=str(ocr_cache), batch_size=1, device="cpu")
    model.task_dict = {"ocr_test": {"test": docs}}
    gen = {"max_new_tokens": 512, "temperature": 0, "until": []}
    replies = model.generate_until(
        [
            _instance(("ctx", doc_to_messages, gen, 0, "ocr_test", "test"), 0),
            _instance(("ctx", doc_to_messages, gen, 1, "ocr_test", "test"), 1),
            _instance(("ctx", doc_to_messages, {**gen, "until": ["megawatts"]}, 2, "ocr_test", "test"), 2),
        ]
    )
    assert _norm(replies[0]).startswith(_norm(PAGE_1[1]))
    assert 1 <= replies[0].count(". ") + 1 <= 3
    assert replies[1] == ABSTENTION
    assert _norm(replies[2]).endswith("capacity of 35")  # cut at the stop sequence
    assert model.ocr.calls == 0  # the strips were read once, by the strip_texts fixture


@needs_tesseract
def test_simple_model_answers_from_doc_to_visual(strip_images: list[Image.Image], ocr_cache: Path) -> None:
    from synthdocbench_tasks.baselines.ocr_retrieval import OCRRetrievalSimple

    model = OCRRetrievalSimple(cache_dir=str(ocr_cache))
    model.task_dict = {"ocr_test": {"test": [{"question": SOLAR_Q}]}}
    args: tuple[Any, ...] = (
        flat_prompt(SOLAR_Q),
        {"until": []},
        lambda doc: strip_images,
        0,
        "ocr_test",
        "test",
    )
    (reply,) = model.generate_until([_instance(args, 0)])
    assert "35 megawatts" in _norm(reply)


def test_unknown_model_args_are_rejected() -> None:
    from synthdocbench_tasks.baselines.ocr_retrieval import OCRRetrievalChat

    with pytest.raises(SynthDocUserError, match="temprature"):
        OCRRetrievalChat(cache_dir="none", temprature=0)


def test_entry_point_payload_resolves_both_protocols() -> None:
    from lmms_eval.models.registry_v2 import ModelRegistryV2

    from synthdocbench_tasks.baselines import MODEL_NAME, lmms_eval_models
    from synthdocbench_tasks.baselines.ocr_retrieval import OCRRetrievalChat, OCRRetrievalSimple

    registry = ModelRegistryV2()
    # what load_entrypoint_manifests does with an entry point's payload
    for manifest in registry._coerce_payload_to_manifests(lmms_eval_models):
        registry.register_manifest(manifest)
    assert MODEL_NAME == "synthdoc_ocr_retrieval"
    assert registry.get_model_class(MODEL_NAME) is OCRRetrievalChat
    assert registry.get_model_class(MODEL_NAME, force_simple=True) is OCRRetrievalSimple


# --- the text-only baseline: the document's text in the prompt, no image ---------------------


def _text_messages(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The shape hooks.text_doc_to_messages builds."""
    document = "\n\n".join(["[Page 1]", *PAGE_1, "[Page 2]", *PAGE_2])
    return [
        {"role": "system", "content": [{"type": "text", "text": system_prompt("text")}]},
        {
            "role": "user",
            "content": [{"type": "text", "text": user_text(doc["question"], document=document)}],
        },
    ]


def test_text_model_answers_from_the_document_text_in_the_prompt() -> None:
    from synthdocbench_tasks.baselines.text_retrieval import TextRetrievalChat, TextRetrievalSimple

    docs = [{"question": WORKFORCE_Q}, {"question": UNRELATED_Q}]
    chat = TextRetrievalChat(batch_size=1, device="cpu")
    chat.task_dict = {"t": {"test": docs}}
    gen = {"until": []}
    replies = chat.generate_until(
        [_instance(("ctx", _text_messages, gen, i, "t", "test"), i) for i in range(len(docs))]
    )
    assert replies[0].startswith(PAGE_1[1]) and replies[1] == ABSTENTION

    simple = TextRetrievalSimple()
    simple.task_dict = {"t": {"test": [{"question": SOLAR_Q}]}}
    document = "\n\n".join(PAGE_1 + PAGE_2)
    args: tuple[Any, ...] = (
        flat_prompt(SOLAR_Q, "text", document=document),
        gen,
        lambda doc: [],
        0,
        "t",
        "test",
    )
    (reply,) = simple.generate_until([_instance(args, 0)])
    assert reply.startswith(PAGE_2[0])


def test_text_model_on_a_vision_task_is_one_clear_line(strip_images: list[Image.Image]) -> None:
    from synthdocbench_tasks.baselines.text_retrieval import TextRetrievalSimple

    model = TextRetrievalSimple()
    model.task_dict = {"t": {"test": [{"question": SOLAR_Q}]}}
    args: tuple[Any, ...] = (flat_prompt(SOLAR_Q), {"until": []}, lambda doc: strip_images, 0, "t", "test")
    with pytest.raises(SynthDocUserError) as info:
        model.generate_until([_instance(args, 0)])
    assert "synthdoc_text" in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(SynthDocUserError, match="ocr_lang"):
        TextRetrievalSimple(ocr_lang="eng")  # an OCR arg: this model reads no image


@needs_tesseract
def test_ocr_model_without_images_answers_from_the_prompt_text(ocr_cache: Path) -> None:
    from synthdocbench_tasks.baselines.ocr_retrieval import OCRRetrievalChat

    model = OCRRetrievalChat(cache_dir=str(ocr_cache))
    model.task_dict = {"t": {"test": [{"question": WORKFORCE_Q}]}}
    (reply,) = model.generate_until([_instance(("ctx", _text_messages, {"until": []}, 0, "t", "test"), 0)])
    assert reply.startswith(PAGE_1[1])
    assert model.ocr.calls == 0


def test_one_entry_point_registers_both_baselines() -> None:
    from lmms_eval.models.registry_v2 import ModelRegistryV2

    from synthdocbench_tasks.baselines import TEXT_MODEL_NAME, lmms_eval_models
    from synthdocbench_tasks.baselines.text_retrieval import TextRetrievalChat, TextRetrievalSimple

    registry = ModelRegistryV2()
    for manifest in registry._coerce_payload_to_manifests(lmms_eval_models):
        registry.register_manifest(manifest)
    assert TEXT_MODEL_NAME == "synthdoc_text_retrieval"
    assert registry.get_model_class(TEXT_MODEL_NAME) is TextRetrievalChat
    assert registry.get_model_class(TEXT_MODEL_NAME, force_simple=True) is TextRetrievalSimple
