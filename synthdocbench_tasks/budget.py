"""How many image tokens a VLM spends on a dataset's strips, and the context it needs.

``synthdocbench budget DATASET --processor qwen3-vl`` builds (or reads from the cache) the
strips each document is shown as, then asks transformers' own Qwen2-VL image processor,
configured offline as each model family ships it, how many patches each strip becomes.
A patch group of ``merge_size``² patches is one token in the language model, so image
tokens per strip = patches / merge_size². The totals say what ``max_model_len`` and
``limit_mm_per_prompt`` a vLLM run needs (docs/vllm.md).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import SynthDocUserError
from .strips import StripSettings


@dataclass(frozen=True)
class ProcessorConfig:
    """The image-processor settings a model family's ``preprocessor_config.json`` ships."""

    patch_size: int
    merge_size: int
    min_pixels: int
    max_pixels: int


#: Per family, as published with the models (Qwen3-VL: 16-px patches; Qwen2.5-VL: 14-px).
PROCESSORS: dict[str, ProcessorConfig] = {
    "qwen3-vl": ProcessorConfig(patch_size=16, merge_size=2, min_pixels=65_536, max_pixels=16_777_216),
    "qwen2.5-vl": ProcessorConfig(patch_size=14, merge_size=2, min_pixels=3_136, max_pixels=12_845_056),
}

#: Room left in the context for the system prompt, the question and chat-template tokens.
TEXT_HEADROOM = 1024
#: The synthdoc tasks' ``max_new_tokens`` (the cot variants use 2048).
DEFAULT_MAX_NEW_TOKENS = 512


@dataclass(frozen=True)
class Budget:
    """Image tokens per strip and per document, and the context a run needs."""

    processor: str
    max_pixels: int
    documents: int
    strip_tokens: list[int]
    doc_tokens: list[int]
    doc_strips: list[int]
    max_new_tokens: int

    @property
    def max_model_len(self) -> int:
        """Longest document's image tokens + text headroom + generated tokens, rounded up to 1,024."""
        need = max(self.doc_tokens, default=0) + TEXT_HEADROOM + self.max_new_tokens
        return int(math.ceil(need / 1024) * 1024)

    def lines(self) -> list[str]:
        """The report ``synthdocbench budget`` prints."""

        def stats(values: Sequence[int]) -> str:
            if not values:
                return "none"
            mean = round(sum(values) / len(values))
            return f"max {max(values):,}, p95 {percentile(values, 95):,}, mean {mean:,}"

        return [
            f"processor {self.processor} (max_pixels {self.max_pixels:,}), {self.documents} documents, "
            f"{len(self.strip_tokens)} strips",
            f"image tokens per strip: {stats(self.strip_tokens)}",
            f"image tokens per document: {stats(self.doc_tokens)}",
            f"strips per document: max {max(self.doc_strips, default=0)} (vLLM limit_mm_per_prompt)",
            f"max_model_len needed: {self.max_model_len:,} (longest document + {TEXT_HEADROOM} text + "
            f"{self.max_new_tokens} generated, rounded up to 1,024)",
        ]


def percentile(values: Sequence[int], q: float) -> int:
    """The nearest-rank percentile (an element of ``values``)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def image_processor(name: str, max_pixels: int | None = None, min_pixels: int | None = None) -> Any:
    """transformers' Qwen2-VL image processor configured as the family ships it (no download)."""
    if name not in PROCESSORS:
        raise SynthDocUserError(f"unknown processor {name!r}: choose one of {', '.join(PROCESSORS)}")
    config = PROCESSORS[name]
    lo = config.min_pixels if min_pixels is None else min_pixels
    hi = config.max_pixels if max_pixels is None else max_pixels
    if not 0 < lo <= hi:
        raise SynthDocUserError(f"--min-pixels {lo} and --max-pixels {hi} need 0 < min <= max")
    from transformers.models.qwen2_vl.image_processing_qwen2_vl import Qwen2VLImageProcessor

    return Qwen2VLImageProcessor(
        patch_size=config.patch_size,
        merge_size=config.merge_size,
        size={"shortest_edge": lo, "longest_edge": hi},
    )


def strip_tokens(processor: Any, width: int, height: int) -> int:
    """Image tokens of one ``width`` x ``height`` image under ``processor``."""
    patches = int(processor.get_number_of_image_patches(height, width))
    return patches // (processor.merge_size**2)


def compute_budget(
    sizes: Iterable[list[tuple[int, int]]],
    processor_name: str,
    *,
    max_pixels: int | None = None,
    max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS,
) -> Budget:
    """The budget of documents given as lists of (width, height) strip sizes."""
    processor = image_processor(processor_name, max_pixels)
    per_strip: list[int] = []
    per_doc: list[int] = []
    strips_per_doc: list[int] = []
    for doc in sizes:
        tokens = [strip_tokens(processor, w, h) for w, h in doc]
        per_strip += tokens
        per_doc.append(sum(tokens))
        strips_per_doc.append(len(doc))
    return Budget(
        processor=processor_name,
        max_pixels=int(processor.size["longest_edge"]),
        documents=len(per_doc),
        strip_tokens=per_strip,
        doc_tokens=per_doc,
        doc_strips=strips_per_doc,
        max_new_tokens=max_new_tokens,
    )


def dataset_strip_sizes(
    location: str, cache_dir: Path, settings: StripSettings, limit: int | None = None
) -> tuple[list[str], list[list[tuple[int, int]]]]:
    """The document ids of a dataset and the (width, height) of each one's strips, from the
    strip cache."""
    from rich.console import Console
    from rich.progress import Progress

    from .dataset import DocumentStore, load_config, resolve_location
    from .strip_cache import StripCache

    where = resolve_location(location)  # ORG/NAME@REVISION is read at that revision
    doc_ids = [str(d) for d in load_config(where, "documents", ["doc_id"])["doc_id"]]
    if limit is not None:
        doc_ids = doc_ids[:limit]
    store = DocumentStore(where)  # one PDF at a time, downloaded only for these documents
    if not doc_ids:
        raise SynthDocUserError(
            f"the documents config of {location} is empty: export a dataset with documents"
        )
    cache = StripCache(cache_dir)
    sizes: list[list[tuple[int, int]]] = []
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("building strips", total=len(doc_ids))
        for doc_id in doc_ids:
            strips = cache.strips(store.pdf(doc_id), settings, doc_id, pages=store.pages(doc_id))
            sizes.append([(s.width, s.height) for s in strips])
            progress.advance(task)
    return doc_ids, sizes
