"""Tests for the tiny Qwen2.5-VL builder used by the end-to-end lmms-eval tests."""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.tiny_vlm import (
    MAX_PIXELS,
    MIN_PIXELS,
    SPECIAL_TOKENS,
    build_tiny_qwen2_5_vl,
    lmms_eval_model_args,
)

pytestmark = pytest.mark.slow

SYSTEM = "You are a careful reader of long documents."
QUESTION = "What is the total revenue in the table?"


@pytest.fixture(scope="module")
def tiny_model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_qwen2_5_vl(tmp_path_factory.mktemp("tiny_qwen2_5_vl"))


def _page() -> Any:
    """An A4-like tall page (1100x7900) with a few dark shapes on white."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (1100, 7900), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((100, 100, 1000, 400), fill=(20, 40, 160))
    draw.rectangle((100, 3000, 600, 5000), fill=(200, 60, 20))
    draw.text((120, 6000), "Total revenue: 42", fill="black")
    return image


def test_build_is_deterministic(tmp_path: Path) -> None:
    first = build_tiny_qwen2_5_vl(tmp_path / "a")
    second = build_tiny_qwen2_5_vl(tmp_path / "b")
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir())
    for name in ("model.safetensors", "config.json", "tokenizer.json", "tokenizer_config.json"):
        assert name in names
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_config_matches_tokenizer(tiny_model_dir: Path) -> None:
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(tiny_model_dir)
    config = json.loads((tiny_model_dir / "config.json").read_text(encoding="utf-8"))
    ids = {tokenizer.convert_tokens_to_ids(token) for token in SPECIAL_TOKENS}
    assert len(ids) == len(SPECIAL_TOKENS)
    assert config["image_token_id"] == tokenizer.convert_tokens_to_ids("<|image_pad|>")
    assert config["video_token_id"] == tokenizer.convert_tokens_to_ids("<|video_pad|>")
    assert config["vision_start_token_id"] == tokenizer.convert_tokens_to_ids("<|vision_start|>")
    assert config["vision_end_token_id"] == tokenizer.convert_tokens_to_ids("<|vision_end|>")
    assert config["text_config"]["vocab_size"] == len(tokenizer)
    assert tokenizer.eos_token == "<|im_end|>"
    assert tokenizer.pad_token == "<|endoftext|>"
    # special tokens are never split
    assert tokenizer.tokenize("<|im_start|>user")[0] == "<|im_start|>"
    text = tokenizer.apply_chat_template(
        [{"role": "system", "content": SYSTEM}, {"role": "user", "content": QUESTION}],
        tokenize=False,
        add_generation_prompt=True,
    )
    assert text == (
        f"<|im_start|>system\n{SYSTEM}<|im_end|>\n<|im_start|>user\n{QUESTION}<|im_end|>\n"
        "<|im_start|>assistant\n"
    )
    text_config = config["text_config"]
    head_dim = text_config["hidden_size"] // text_config["num_attention_heads"]
    assert sum(text_config["rope_parameters"]["mrope_section"]) == head_dim // 2


def test_transformers_generates_with_image_and_system(tiny_model_dir: Path) -> None:
    import torch
    from transformers import AutoProcessor, Qwen2_5_VLForConditionalGeneration

    processor = AutoProcessor.from_pretrained(tiny_model_dir)
    model = Qwen2_5_VLForConditionalGeneration.from_pretrained(tiny_model_dir, dtype=torch.bfloat16).eval()
    assert sum(p.numel() for p in model.parameters()) < 500_000
    image = _page()
    messages = [
        {"role": "system", "content": [{"type": "text", "text": SYSTEM}]},
        {"role": "user", "content": [{"type": "image", "image": image}, {"type": "text", "text": QUESTION}]},
    ]
    text = processor.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
    assert text == (
        f"<|im_start|>system\n{SYSTEM}<|im_end|>\n<|im_start|>user\n"
        f"<|vision_start|><|image_pad|><|vision_end|>{QUESTION}<|im_end|>\n<|im_start|>assistant\n"
    )
    inputs = processor(text=[text], images=[image], return_tensors="pt", padding=True)
    t, h, w = (int(v) for v in inputs["image_grid_thw"][0])
    assert t * h * w * 14 * 14 <= MAX_PIXELS and t * h * w * 14 * 14 >= MIN_PIXELS
    with torch.no_grad():
        out = model.generate(**inputs, max_new_tokens=8, do_sample=False)
    generated = out[:, inputs["input_ids"].shape[1] :]
    answer = processor.batch_decode(generated, skip_special_tokens=True)[0]
    assert answer.strip()


@pytest.fixture
def lmms_qwen2_5_vl_chat(monkeypatch: pytest.MonkeyPatch) -> Iterator[type]:
    """lmms-eval's chat ``Qwen2_5_VL`` class (what ``--model qwen2_5_vl`` resolves to).

    Its parent module does ``import decord`` at the top although only videos need it; where decord
    is not installed, a stub module stands in for the import.
    """
    if importlib.util.find_spec("decord") is None and "lmms_eval.models.simple.qwen2_5_vl" not in sys.modules:
        monkeypatch.setitem(sys.modules, "decord", types.ModuleType("decord"))
    from lmms_eval.models import get_model
    from lmms_eval.models.chat.qwen2_5_vl import Qwen2_5_VL

    assert get_model("qwen2_5_vl") is Qwen2_5_VL
    yield Qwen2_5_VL


def test_lmms_eval_chat_class_generates(tiny_model_dir: Path, lmms_qwen2_5_vl_chat: type) -> None:
    from lmms_eval.api.instance import GenerationResult, Instance

    args: dict[str, str] = {}
    for item in lmms_eval_model_args(tiny_model_dir).split(","):
        key, value = item.split("=", 1)
        args[key] = value
    lmm = lmms_qwen2_5_vl_chat(
        pretrained=args["pretrained"],
        device=args["device"],
        device_map=args["device_map"],
        min_pixels=int(args["min_pixels"]),
        max_pixels=int(args["max_pixels"]),
    )
    doc = {"page": _page(), "question": QUESTION}

    def doc_to_messages(d: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            {"role": "system", "content": [{"type": "text", "text": SYSTEM}]},
            {
                "role": "user",
                "content": [{"type": "image", "url": d["page"]}, {"type": "text", "text": d["question"]}],
            },
        ]

    lmm.task_dict = {"tiny_task": {"test": [doc]}}
    gen_kwargs = {"max_new_tokens": 8, "temperature": 0.0, "until": ["\n\n"]}
    request = Instance(
        request_type="generate_until",
        arguments=(QUESTION, doc_to_messages, gen_kwargs, 0, "tiny_task", "test"),
        idx=0,
        metadata={"task": "tiny_task", "doc_id": 0, "repeats": 1},
    )
    results = lmm.generate_until([request])
    assert len(results) == 1
    result = results[0]
    text = result.text if isinstance(result, GenerationResult) else result
    assert isinstance(text, str)
    assert text.strip()
