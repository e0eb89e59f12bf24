"""Which documents fit a model's context, and what to change for those that do not.

``synthdocbench budget --max-model-len N`` (default: the context the processor family's models
ship with, :data:`MODEL_CONTEXT`) answers with one table: the documents that fit as exported,
and the same count for the two changes that make the longest fit: a smaller ``max_pixels``
(vLLM: ``mm_processor_kwargs={"max_pixels": N}`` in ``--model_args``) or fewer pages shown
per document (a task variant with ``strip_max_pages``). Both change the protocol, so results
made with them are not comparable with full runs; the table says so.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .budget import PROCESSORS, TEXT_HEADROOM, image_processor, strip_tokens

#: ``max_position_embeddings`` of the published models of each family (Qwen2.5-VL-3B/7B/72B-
#: Instruct: 128,000; Qwen3-VL-*-Instruct: 262,144, the native 256K context).
MODEL_CONTEXT: dict[str, int] = {"qwen2.5-vl": 128_000, "qwen3-vl": 262_144}


@dataclass(frozen=True)
class FitRow:
    """One way to run: how many documents fit, and what the longest one needs."""

    setting: str
    fit: int
    documents: int
    longest_needs: int


def need(image_tokens: int, max_new_tokens: int) -> int:
    """Context a document needs: its image tokens, text headroom and the answer."""
    return image_tokens + TEXT_HEADROOM + max_new_tokens


def doc_tokens(sizes: Sequence[Sequence[tuple[int, int]]], processor: str, max_pixels: int) -> list[int]:
    proc = image_processor(processor, max_pixels)
    return [sum(strip_tokens(proc, w, h) for w, h in doc) for doc in sizes]


def largest_fitting_max_pixels(
    sizes: Sequence[Sequence[tuple[int, int]]], processor: str, limit: int, max_new_tokens: int
) -> int | None:
    """The largest ``max_pixels`` (a multiple of the patch-group area) at which every document
    fits ``limit``; None when even the processor's minimum does not."""
    config = PROCESSORS[processor]
    unit = (config.patch_size * config.merge_size) ** 2
    lo, hi = max(1, math.ceil(config.min_pixels / unit)), config.max_pixels // unit

    def fits(k: int) -> bool:
        return (
            max(doc_tokens(sizes, processor, k * unit), default=0) + TEXT_HEADROOM + max_new_tokens <= limit
        )

    if not fits(lo):
        return None
    while lo < hi:  # tokens fall as max_pixels falls: find the largest k that fits
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid - 1)
    return lo * unit


def largest_fitting_strips(tokens_per_strip: Sequence[Sequence[int]], limit: int, max_new_tokens: int) -> int:
    """The most leading strips of every document that fit ``limit`` (0: not even one)."""
    longest = max((len(doc) for doc in tokens_per_strip), default=0)
    best = 0
    for k in range(1, longest + 1):
        if (
            max((sum(doc[:k]) for doc in tokens_per_strip), default=0) + TEXT_HEADROOM + max_new_tokens
            > limit
        ):
            break
        best = k
    return best


def fit_table(
    sizes: Sequence[Sequence[tuple[int, int]]],
    processor: str,
    max_pixels: int,
    limit: int,
    *,
    max_new_tokens: int,
    pages_per_strip: int,
) -> list[FitRow]:
    """As exported, and (when something does not fit) the largest ``max_pixels`` and the most
    pages per document at which everything fits."""
    n = len(sizes)
    tokens = doc_tokens(sizes, processor, max_pixels)
    needs = [need(t, max_new_tokens) for t in tokens]
    rows = [FitRow(f"as exported (max_pixels {max_pixels:,})", sum(x <= limit for x in needs), n, max(needs))]
    if rows[0].fit == n:
        return rows
    cap = largest_fitting_max_pixels(sizes, processor, limit, max_new_tokens)
    if cap is not None:
        capped = [need(t, max_new_tokens) for t in doc_tokens(sizes, processor, cap)]
        rows.append(
            FitRow(
                f'max_pixels {cap:,} (vLLM: mm_processor_kwargs={{"max_pixels":{cap}}})', n, n, max(capped)
            )
        )
    proc = image_processor(processor, max_pixels)
    per_strip = [[strip_tokens(proc, w, h) for w, h in doc] for doc in sizes]
    k = largest_fitting_strips(per_strip, limit, max_new_tokens)
    if k:
        shown = [need(sum(doc[:k]), max_new_tokens) for doc in per_strip]
        pages = k * pages_per_strip
        rows.append(
            FitRow(f"first {pages} pages only (task variant strip_max_pages: {pages})", n, n, max(shown))
        )
    return rows


def fit_lines(
    rows: Sequence[FitRow],
    limit: int,
    why: str,
    tokens: Sequence[int],
    doc_ids: Sequence[str],
    max_new_tokens: int,
) -> list[str]:
    """The verdict: one table, the documents that do not fit, and a note when a change is needed."""
    width = max(len(r.setting) for r in rows)
    out = [
        f"max_model_len {limit:,} ({why}):",
        f"  {'setting':<{width}}  {'documents that fit':>18}  {'longest needs':>13}",
    ]
    out += [
        f"  {r.setting:<{width}}  {f'{r.fit} of {r.documents}':>18}  {r.longest_needs:>13,}" for r in rows
    ]
    over = [
        (d, need(t, max_new_tokens))
        for d, t in zip(doc_ids, tokens, strict=True)
        if need(t, max_new_tokens) > limit
    ]
    if over:
        shown = ", ".join(f"{d} ({n:,})" for d, n in over[:10]) + (
            f", and {len(over) - 10} more" if len(over) > 10 else ""
        )
        out.append(f"do not fit as exported: {shown}")
        out.append(
            "a smaller max_pixels or fewer pages changes what the model sees: report it with the results, "
            "they are not comparable with full-resolution, all-pages runs"
        )
    return out
