"""Build a tiny, randomly initialised Qwen2.5-VL model folder entirely from code (no downloads).

The folder loads offline with ``Qwen2_5_VLForConditionalGeneration.from_pretrained``,
``AutoProcessor.from_pretrained`` and ``AutoTokenizer.from_pretrained``, and runs under
lmms-eval's ``qwen2_5_vl`` model class on CPU, e.g.::

    lmms-eval --model qwen2_5_vl \
        --model_args pretrained=<dir>,device=cpu,device_map=cpu,min_pixels=784,max_pixels=12544 ...

The output is gibberish; the point is a real model, processor and chat template that exercise the
whole evaluation pipeline in seconds. The build is deterministic: the same files every time.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

__all__ = [
    "CHAT_TEMPLATE",
    "LMMS_EVAL_MODEL_ARGS",
    "MAX_PIXELS",
    "MIN_PIXELS",
    "SPECIAL_TOKENS",
    "build_tiny_qwen2_5_vl",
    "lmms_eval_model_args",
]

SEED = 20240531
MIN_PIXELS = 28 * 28
MAX_PIXELS = 112 * 112

# Extra model args (after ``pretrained=<dir>,``) for ``lmms-eval --model qwen2_5_vl`` on CPU.
LMMS_EVAL_MODEL_ARGS = f"device=cpu,device_map=cpu,min_pixels={MIN_PIXELS},max_pixels={MAX_PIXELS}"

# Qwen2.5-VL's special tokens, in Qwen's order. They get ids 0..13 in the tiny vocabulary.
SPECIAL_TOKENS: tuple[str, ...] = (
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|object_ref_start|>",
    "<|object_ref_end|>",
    "<|box_start|>",
    "<|box_end|>",
    "<|quad_start|>",
    "<|quad_end|>",
    "<|vision_start|>",
    "<|vision_end|>",
    "<|vision_pad|>",
    "<|image_pad|>",
    "<|video_pad|>",
)

# Qwen-style chat template: <|im_start|>role\n...<|im_end|>\n; images and videos become
# <|vision_start|><|image_pad|><|vision_end|> (resp. <|video_pad|>); a system turn only if given.
CHAT_TEMPLATE = (
    "{%- for message in messages -%}"
    "{{- '<|im_start|>' + message['role'] + '\\n' -}}"
    "{%- if message['content'] is string -%}"
    "{{- message['content'] -}}"
    "{%- else -%}"
    "{%- for content in message['content'] -%}"
    "{%- if content['type'] == 'image' or 'image' in content or 'image_url' in content -%}"
    "{{- '<|vision_start|><|image_pad|><|vision_end|>' -}}"
    "{%- elif content['type'] == 'video' or 'video' in content -%}"
    "{{- '<|vision_start|><|video_pad|><|vision_end|>' -}}"
    "{%- elif 'text' in content -%}"
    "{{- content['text'] -}}"
    "{%- endif -%}"
    "{%- endfor -%}"
    "{%- endif -%}"
    "{{- '<|im_end|>\\n' -}}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}"
    "{{- '<|im_start|>assistant\\n' -}}"
    "{%- endif -%}"
)

# Small built-in English corpus for the byte-level BPE (document / chart / table vocabulary).
_CORPUS: tuple[str, ...] = (
    "The quarterly report shows revenue growth of 12 percent compared with the previous year.",
    "Table 3 lists the total expenses by region, department and month.",
    "The bar chart on page 4 compares the sales of five products in 2021, 2022 and 2023.",
    "According to the line chart, the temperature rose steadily from January to July.",
    "What is the value of the largest segment in the pie chart?",
    "Answer the question using a single word or phrase.",
    "The document contains a title, a summary, several sections and an appendix.",
    "Each section begins with a heading followed by one or more paragraphs of text.",
    "The figure caption explains that the data were collected by the national statistics office.",
    "Net income decreased slightly in the second half, while operating costs remained stable.",
    "The invoice number, the date of issue and the amount due appear at the top of the page.",
    "Please read the page carefully and answer the question about the chart.",
    "The scatter plot shows a positive correlation between hours studied and exam scores.",
    "The median household income was 54,300 dollars, and the mean was 61,200 dollars.",
    "In the stacked bar chart, the blue portion represents online sales and the orange portion retail.",
    "The table has four columns: name, category, quantity and unit price.",
    "Which year had the highest number of visitors according to the histogram?",
    "The report was published in March and covers the fiscal year ending in December.",
    "A footnote states that all values are rounded to the nearest thousand.",
    "The map highlights the regions where the population increased by more than 5 percent.",
    "You are a helpful assistant that reads long documents with charts and tables.",
    "The answer is yes. The answer is no. The answer is 42. The answer is not stated.",
    "Growth, decline, increase, decrease, total, average, minimum, maximum, percent, ratio.",
    "First, second, third, fourth, fifth; one, two, three, four, five, six, seven, eight, nine, ten.",
    "The company employs 1,250 people in offices located in London, Paris, Berlin and Madrid.",
    "The legend identifies three series: forecast, actual and target.",
    "The x axis shows the month and the y axis shows the number of orders in thousands.",
    "Summary: the project finished on time and under budget, with minor delays in testing.",
    "The system prompt, the user question and the assistant answer form one conversation.",
    "The user asks the assistant; the assistant answers the user; the system sets the rules.",
)

_VOCAB_SIZE = 512  # trained BPE size, special tokens included


def _train_tokenizer_files(work: Path) -> tuple[Path, Path]:
    """Train a Qwen2-style byte-level BPE on the built-in corpus; return (vocab.json, merges.txt)."""
    from tokenizers import Regex, Tokenizer, decoders, normalizers, pre_tokenizers
    from tokenizers.models import BPE
    from tokenizers.trainers import BpeTrainer
    from transformers.models.qwen2.tokenization_qwen2 import PRETOKENIZE_REGEX

    tokenizer = Tokenizer(BPE(unk_token=None, fuse_unk=False, byte_fallback=False))
    tokenizer.normalizer = normalizers.NFC()
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Split(Regex(PRETOKENIZE_REGEX), behavior="isolated", invert=False),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
        ]
    )
    tokenizer.decoder = decoders.ByteLevel()
    trainer = BpeTrainer(
        vocab_size=_VOCAB_SIZE,
        min_frequency=2,
        show_progress=False,
        special_tokens=list(SPECIAL_TOKENS),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tokenizer.train_from_iterator(list(_CORPUS), trainer=trainer)
    work.mkdir(parents=True, exist_ok=True)
    vocab_file, merges_file = tokenizer.model.save(str(work))
    return Path(vocab_file), Path(merges_file)


def _build_processor(work: Path) -> Any:
    from transformers import Qwen2_5_VLProcessor
    from transformers.models.qwen2.tokenization_qwen2 import Qwen2Tokenizer
    from transformers.models.qwen2_vl.image_processing_qwen2_vl import Qwen2VLImageProcessor
    from transformers.models.qwen2_vl.video_processing_qwen2_vl import Qwen2VLVideoProcessor

    vocab_file, merges_file = _train_tokenizer_files(work)
    vocab: dict[str, int] = json.loads(vocab_file.read_text(encoding="utf-8"))
    merges: list[tuple[str, str]] = []
    for line in merges_file.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#version"):
            left, right = line.split(" ")
            merges.append((left, right))
    # merges must be (left, right) pairs for the tokenizers backend, whatever the annotation says
    tokenizer_kwargs: dict[str, Any] = {
        "vocab": vocab,
        "merges": merges,
        "unk_token": None,
        "bos_token": None,
        "eos_token": "<|im_end|>",
        "pad_token": "<|endoftext|>",
        "extra_special_tokens": [t for t in SPECIAL_TOKENS if t not in ("<|im_end|>", "<|endoftext|>")],
        "model_max_length": 32768,
        "clean_up_tokenization_spaces": False,
        "errors": "replace",
        "split_special_tokens": False,
    }
    tokenizer = Qwen2Tokenizer(**tokenizer_kwargs)
    tokenizer.chat_template = CHAT_TEMPLATE
    image_processor = Qwen2VLImageProcessor(min_pixels=MIN_PIXELS, max_pixels=MAX_PIXELS)
    video_processor = Qwen2VLVideoProcessor(min_pixels=MIN_PIXELS, max_pixels=MAX_PIXELS)
    return Qwen2_5_VLProcessor(
        image_processor=image_processor,
        tokenizer=tokenizer,
        video_processor=video_processor,
        chat_template=CHAT_TEMPLATE,
    )


def build_tiny_qwen2_5_vl(path: Path) -> Path:
    """Write a complete tiny Qwen2.5-VL model folder at ``path`` (created if missing) and return it.

    Files: config.json, generation_config.json, model.safetensors (float32, ~220k parameters),
    tokenizer.json, tokenizer_config.json (with the chat template), chat_template.jinja,
    processor_config.json, preprocessor_config.json and video_preprocessor_config.json.
    Deterministic: the same bytes on every build with the same library versions. The global torch
    RNG state of the caller is left untouched.
    """
    import torch
    from transformers import GenerationConfig, Qwen2_5_VLConfig, Qwen2_5_VLForConditionalGeneration

    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tiny_vlm_tok_") as tmp:
        processor = _build_processor(Path(tmp))
    tokenizer = processor.tokenizer
    ids = {tok: int(tokenizer.convert_tokens_to_ids(tok)) for tok in SPECIAL_TOKENS}
    vocab_size = len(tokenizer)

    text_hidden = 64
    heads = 4
    mrope_section = [2, 3, 3]  # temporal, height, width; sums to head_dim // 2
    assert sum(mrope_section) == text_hidden // heads // 2
    config = Qwen2_5_VLConfig(
        text_config={
            "vocab_size": vocab_size,
            "hidden_size": text_hidden,
            "intermediate_size": 128,
            "num_hidden_layers": 2,
            "num_attention_heads": heads,
            "num_key_value_heads": 2,
            "max_position_embeddings": 4096,
            "rms_norm_eps": 1e-6,
            "rope_parameters": {
                "rope_type": "default",
                "rope_theta": 1000000.0,
                "mrope_section": mrope_section,
            },
            "bos_token_id": ids["<|endoftext|>"],
            "eos_token_id": ids["<|im_end|>"],
            "pad_token_id": ids["<|endoftext|>"],
            "tie_word_embeddings": False,
            "use_sliding_window": False,
        },
        vision_config={
            "depth": 2,
            "hidden_size": 32,
            "intermediate_size": 64,
            "num_heads": 2,
            "out_hidden_size": text_hidden,
            "patch_size": 14,
            "spatial_merge_size": 2,
            "temporal_patch_size": 2,
            "window_size": 112,
            "fullatt_block_indexes": [1],
            "tokens_per_second": 2,
        },
        image_token_id=ids["<|image_pad|>"],
        video_token_id=ids["<|video_pad|>"],
        vision_start_token_id=ids["<|vision_start|>"],
        vision_end_token_id=ids["<|vision_end|>"],
        tie_word_embeddings=False,
    )

    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(SEED)
        model = Qwen2_5_VLForConditionalGeneration(config)
    model.eval()
    _bias_towards_visible_text(model, tokenizer)
    model.generation_config = GenerationConfig(
        bos_token_id=ids["<|endoftext|>"],
        eos_token_id=[ids["<|im_end|>"], ids["<|endoftext|>"]],
        pad_token_id=ids["<|endoftext|>"],
        do_sample=False,
    )
    model.save_pretrained(path, safe_serialization=True)
    processor.save_pretrained(path)
    # Also the pre-v5 layout (read by transformers 4.x and vLLM): preprocessor_config.json and
    # video_preprocessor_config.json next to the nested processor_config.json, and the chat template
    # inside tokenizer_config.json as well as in chat_template.jinja.
    processor.image_processor.save_pretrained(path)
    processor.video_processor.save_pretrained(path)
    tokenizer_config_file = path / "tokenizer_config.json"
    tokenizer_config = json.loads(tokenizer_config_file.read_text(encoding="utf-8"))
    tokenizer_config["chat_template"] = CHAT_TEMPLATE
    tokenizer_config_file.write_text(json.dumps(tokenizer_config, indent=2, sort_keys=True) + "\n", "utf-8")
    return path


def _bias_towards_visible_text(model: Any, tokenizer: Any) -> None:
    """Zero the lm_head rows of special, blank and unprintable tokens.

    A zero row gives logit 0 while the ~450 other logits of the random head are spread around 0, so
    greedy decoding picks a visible token (not EOS, an image pad, a blank line or a lone byte)
    practically always: the generated text is readable gibberish that never ends early.
    """
    import torch

    quiet: list[int] = []
    for token_id in range(len(tokenizer)):
        text = tokenizer.decode([token_id], skip_special_tokens=True)
        if not text.strip() or not text.isprintable() or "\ufffd" in text:
            quiet.append(token_id)
    with torch.no_grad():
        model.lm_head.weight[quiet] = 0.0


def lmms_eval_model_args(path: Path) -> str:
    """The ``--model_args`` value for ``lmms-eval --model qwen2_5_vl`` on CPU with the model at ``path``."""
    return f"pretrained={Path(path)},{LMMS_EVAL_MODEL_ARGS}"
