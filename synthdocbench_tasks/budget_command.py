"""``synthdocbench budget``: image tokens per strip and document, and whether the documents
fit a model's context (:mod:`.budget` counts, :mod:`.budget_fit` judges)."""

from __future__ import annotations

from typing import Annotated

import typer

from .budget import DEFAULT_MAX_NEW_TOKENS, PROCESSORS, compute_budget, dataset_strip_sizes
from .budget_fit import MODEL_CONTEXT, fit_lines, fit_table
from .errors import SynthDocUserError
from .strips import StripSettings


def budget_command(
    dataset: Annotated[str, typer.Argument(help="Exported dataset folder or Hub repo id.")],
    processor: Annotated[
        str, typer.Option(help="Image processor family: qwen3-vl or qwen2.5-vl.")
    ] = "qwen3-vl",
    max_pixels: Annotated[
        int | None,
        typer.Option(help="Override the processor's max_pixels (lmms-eval's qwen classes use 1605632)."),
    ] = None,
    max_model_len: Annotated[
        int | None,
        typer.Option(
            help="The model's context (vLLM max_model_len); default: the family's published context "
            "(qwen2.5-vl 128,000, qwen3-vl 262,144)."
        ),
    ] = None,
    max_new_tokens: Annotated[int, typer.Option(help="Tokens the task generates.")] = DEFAULT_MAX_NEW_TOKENS,
    limit: Annotated[int | None, typer.Option(help="Only the first N documents.")] = None,
) -> None:
    """Image tokens per strip and document for a VLM's processor, and which documents fit its context."""
    from .settings import load_settings

    if processor not in PROCESSORS:
        raise SynthDocUserError(
            f"--processor {processor!r} is unknown: choose one of {', '.join(PROCESSORS)}"
        )
    if limit is not None and limit < 1:
        raise SynthDocUserError(f"--limit must be at least 1, got {limit}")
    if max_model_len is not None and max_model_len < 1:
        raise SynthDocUserError(f"--max-model-len must be at least 1, got {max_model_len}")
    settings = StripSettings()
    doc_ids, sizes = dataset_strip_sizes(dataset, load_settings().cache_dir, settings, limit)
    budget = compute_budget(sizes, processor, max_pixels=max_pixels, max_new_tokens=max_new_tokens)
    for line in budget.lines():
        typer.echo(line)
    context = max_model_len if max_model_len is not None else MODEL_CONTEXT[processor]
    why = "--max-model-len" if max_model_len is not None else f"the published {processor} context"
    rows = fit_table(
        sizes,
        processor,
        budget.max_pixels,
        context,
        max_new_tokens=max_new_tokens,
        pages_per_strip=settings.pages_per_strip,
    )
    for line in fit_lines(rows, context, why, budget.doc_tokens, doc_ids, max_new_tokens):
        typer.echo(line)
