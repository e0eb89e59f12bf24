"""The dataset card (README.md) of an exported SynthDocBench dataset.

The YAML front matter is read from the export itself: one config per ``data/<config>/``
folder, its data files, and the features and row counts of its Parquet files, so the card
cannot promise columns the files do not have. The body is ``card_template.md`` filled with
jinja2 from :class:`CardInfo`. Same export and info -> same text (no dates, no paths).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
import pyarrow as pa
import pyarrow.parquet as pq
import yaml
from datasets import Features
from huggingface_hub import DatasetCard, DatasetCardData

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.schema import CATEGORIES, DIFFICULTIES, SCHEMA_VERSION, SUBSETS, Subset

QUESTION_CONFIGS: tuple[Subset, ...] = SUBSETS
DOCUMENTS_CONFIG = "documents"
CONFIGS: tuple[str, ...] = (*QUESTION_CONFIGS, DOCUMENTS_CONFIG)
#: The config ``load_dataset(PATH)`` loads: the three question configs in one split (their
#: rows carry ``subset``); it has no files of its own.
DEFAULT_CONFIG = "default"
#: The PDFs again, as a ``datasets`` column (``Pdf`` feature), for readers who want them from
#: ``load_dataset``; the loose ``pdfs/<doc_id>.pdf`` files stay for per-document downloads.
PDF_CONFIG = "pdfs"


def pdf_schema() -> pa.Schema:
    """``doc_id`` and ``pdf`` (``datasets.Pdf``: bytes and file name), with the feature metadata."""
    from datasets import Pdf, Value

    return Features({"doc_id": Value("string"), "pdf": Pdf()}).arrow_schema


SPLIT = "test"
LICENSE = "apache-2.0"
TASK_CATEGORIES: tuple[str, ...] = ("visual-question-answering", "document-question-answering")
TAGS: tuple[str, ...] = ("synthetic", "charts", "long-document", "pdf", "multimodal", "benchmark")
TEMPLATE_NAME = "card_template.md"

CONFIG_DOCS: dict[str, str] = {
    "chart": "Chart-reading questions: exact values, comparisons and trends read off one chart or table.",
    "cross_modal": "Questions that join a statement in the prose with a chart in another section.",
    "complex": "Multi-hop questions combining two to four pieces of evidence from text and charts.",
    DEFAULT_CONFIG: "Every question of the three subsets together (the `subset` column tells them "
    "apart); what `load_dataset(PATH)` loads.",
    PDF_CONFIG: "One row per report: its PDF as a `datasets` `Pdf` column (decoded with pdfplumber; "
    '`cast_column("pdf", Pdf(decode=False))` gives the bytes).',
    "documents": "One row per report: the path of its PDF (`pdfs/<doc_id>.pdf`), its manifest "
    "(ground truth) and summary stats.",
}

#: What every column (and nested field, as ``parent.child``) of the Parquet files means;
#: a ``config:column`` key overrides the plain one for that config.
FIELD_DOCS: dict[str, str] = {
    # question configs (synthdocbench_tasks.schema.Question)
    "schema_version": "Version of the data contract the row was written with.",
    "question_id": "Unique id of the question across all configs.",
    "doc_id": "Report the question is about; joins the `documents` config.",
    "subset": "`chart`, `cross_modal` or `complex`; equals the config name.",
    "question_type": "Question family label (Table 18 of the paper).",
    "category": "One of the nine fine-grained categories, three per subset.",
    "difficulty": "L1 direct lookup, L2 comparison, L3 aggregation, L4 domain reasoning, "
    "L5 visual interpretation.",
    "question": "The question shown to the model.",
    "answer": "Reference answer, a short sentence.",
    "answer_values": "Structured facts a correct answer must contain (used by the offline judge).",
    "answer_values.kind": "`number` or `label`.",
    "answer_values.text": "The fact as written in the reference answer.",
    "answer_values.value": "Numeric value (numbers only, else null).",
    "answer_values.unit": "Unit of the number, if any.",
    "answer_values.abs_tol": "Absolute tolerance for a matching number.",
    "answer_values.rel_tol": "Relative tolerance; a number matches within max(abs_tol, rel_tol * |value|).",
    "answer_values.aliases": "Other spellings accepted for a label.",
    "reasoning": "Step-by-step derivation from the evidence to the answer.",
    "required_facts": "Indices of the supporting facts (multi-hop questions).",
    "required_facts_text": "The supporting facts, verbatim.",
    "fact_sources": "Section each supporting fact comes from.",
    "chart_index": "1-based position k of the referenced chart among the report's K charts, or null.",
    "chart_title": "Title of the referenced chart, or null.",
    "chart_type": "Type of the referenced chart (bar, dumbbell, sankey, ...), or null.",
    "required_data_points": "The {label, value} pairs read from the chart that the answer needs.",
    "required_data_points.label": "Mark label (bar name, x tick, series point).",
    "required_data_points.value": "Value the chart draws for that mark.",
    "evidence": "Regions of the PDF that hold the evidence.",
    "evidence.page": "1-based page number.",
    "evidence.bbox": "[x1, y1, x2, y2] on a 0..1000 scale of the page, measured on the PDF.",
    "position": "Where the primary evidence sits in the report.",
    "position.index": "k: chart number or page number of the primary evidence.",
    "position.count": "K: number of charts or pages in the report.",
    "position.relative": "k / K.",
    "position.bucket": "`early`, `middle` or `late` third of the report.",
    "position.basis": "Whether k/K counts charts (`chart`) or pages (`page`).",
    "derivations": "How each number of the answer follows from the evidence, as a program that "
    "validation runs on the manifest (null in rows before schema 1.2).",
    "derivations.value_index": "Which entry of `answer_values` the derivation computes.",
    "derivations.steps": "Operations run in order, the last one giving the value: `op` (read, sum, mean, "
    "difference, abs_difference, ratio, percent_of, share_of_total, percent_change, cagr, average_change, "
    "scale), `operands` and `result`. An operand is a `point` (required data point `index`: its value, "
    "label or metadata `key`), a `fact` (`values[key]` of required fact `index`), an earlier `step` or "
    "a `constant`, with the `value` read; `ref` and `viz_id` name the mark or fact and its chart.",
    "derivations.unit": "Unit of the derived number (`pp` for a difference of percentages), if any.",
    "evidence_units": "The units of evidence the question combines (null in rows before schema 1.3): "
    "a complex question combines 2 to 4, at least one a chart or table, from at least two sections.",
    "evidence_units.kind": "`chart`, `table` or `text` (a fact stated in the prose).",
    "evidence_units.ref": "The chart's vizId, the table's table_id or the fact's fact_id in the manifest.",
    "evidence_units.section_id": "Section of the report that holds the unit.",
    "evidence_units.regions": "Regions of the PDF where the unit is printed.",
    "evidence_units.regions.page": "1-based page number.",
    "evidence_units.regions.bbox": "[x1, y1, x2, y2] on a 0..1000 scale of the page, measured on the PDF.",
    # documents config (synthdocbench_tasks.schema.DOCUMENT_COLUMNS); "config:column" overrides
    "documents:doc_id": "Id of the report, `sdb-<seed>-<index>`; question rows refer to it.",
    "pdf_path": "Path of the rendered report's PDF file in this repo (`pdfs/<doc_id>.pdf`).",
    "manifest": "The report's DocumentManifest as JSON text: sections, every chart's data (Table 17), "
    "tables, stated facts and their measured regions.",
    "page_count": "Pages of the PDF.",
    "pdf_sha256": "SHA-256 (hex) of the PDF file; a run refuses a PDF whose digest differs.",
    "pdf_pages": "Pages of the PDF file as exported; the strip builder refuses a PDF with another count.",
    "word_count": "Words of prose in the report.",
    "chart_count": "Charts in the report.",
    "archetype": "Layout archetype (magazine, dashboard, academic, editorial, infographic, brutalist).",
    "topic": "Topic the report is written about.",
    "domain": "Broad domain of the topic.",
}

_SIZE_STEPS: tuple[tuple[int, str], ...] = (
    (1_000, "n<1K"),
    (10_000, "1K<n<10K"),
    (100_000, "10K<n<100K"),
    (1_000_000, "100K<n<1M"),
    (10_000_000, "1M<n<10M"),
    (100_000_000, "10M<n<100M"),
    (1_000_000_000, "100M<n<1B"),
)


class CardError(SynthDocUserError):
    """The export cannot be described: one line naming the file and what to do."""


@dataclass(frozen=True)
class DocumentStats:
    """What the card reports about one exported document."""

    doc_id: str
    page_count: int
    word_count: int
    chart_count: int
    archetype: str
    chart_types: tuple[str, ...] = ()


@dataclass(frozen=True)
class QuestionStats:
    """The stratification keys of one exported question."""

    subset: str
    category: str
    difficulty: str


@dataclass(frozen=True)
class CardInfo:
    """Everything the card says that is not in the Parquet schemas."""

    documents: Sequence[DocumentStats]
    questions: Sequence[QuestionStats]
    #: The GenerationConfig used, as plain JSON data (includes the root seed).
    generation_config: Mapping[str, Any]
    #: Shell commands that rebuild this exact dataset.
    regenerate_command: str
    pretty_name: str = "SynthDocBench"
    license: str = LICENSE
    #: Hub repo id for the usage example; None writes a placeholder.
    repo_id: str | None = None
    schema_version: str = SCHEMA_VERSION
    #: The version of the ``synthdocbench`` package that made the export.
    generator_version: str = field(default_factory=lambda: generator_version())


def generator_version() -> str:
    """The installed ``synthdocbench`` version (``unknown`` from a checkout that is not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("synthdocbench")
    except PackageNotFoundError:
        return "unknown"


@dataclass(frozen=True)
class ConfigFiles:
    """One config of an export as found on disk."""

    name: str
    files: tuple[Path, ...]
    schema: pa.Schema
    num_rows: int
    #: Uncompressed size of the data (Parquet row-group sizes) and bytes on disk.
    num_bytes: int
    download_size: int


def size_category(n: int) -> str:
    """The Hub's ``size_categories`` tag for ``n`` examples."""
    for limit, tag in _SIZE_STEPS:
        if n < limit:
            return tag
    return "n>1B"


def read_config_files(out_dir: Path, config: str) -> ConfigFiles:
    """The Parquet files of ``out_dir/data/<config>/``, their common schema and row count."""
    folder = out_dir / "data" / config
    files = tuple(sorted(folder.glob("*.parquet")))
    if not files:
        raise CardError(f"{folder} holds no Parquet files; export the dataset again")
    schema = pq.read_schema(files[0])
    rows = num_bytes = 0
    for path in files:
        meta = pq.read_metadata(path)
        if not meta.schema.to_arrow_schema().equals(schema):
            raise CardError(f"{path} has other columns than {files[0]}; export the dataset again")
        rows += meta.num_rows
        num_bytes += sum(meta.row_group(i).total_byte_size for i in range(meta.num_row_groups))
    download_size = sum(p.stat().st_size for p in files)
    return ConfigFiles(config, files, schema, rows, num_bytes, download_size)


def features_of(schema: pa.Schema) -> Features:
    """The ``datasets`` features a Parquet schema loads as."""
    return Features.from_arrow_schema(schema)


def _type_name(t: pa.DataType) -> str:
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return f"list<{_type_name(t.value_type)}>"
    if pa.types.is_struct(t):
        return "struct"
    if pa.types.is_float64(t):
        return "float64"
    return str(t)


def _doc(path: str, config: str) -> str:
    try:
        return FIELD_DOCS.get(f"{config}:{path}") or FIELD_DOCS[path]
    except KeyError:
        raise CardError(
            f"column {path!r} of config {config!r} has no description; "
            "add it to FIELD_DOCS in hf_card/card.py"
        ) from None


def describe_fields(schema: pa.Schema, config: str) -> list[dict[str, str]]:
    """Rows ``{name, type, meaning}`` for every column and nested field of ``schema``."""
    rows: list[dict[str, str]] = []
    for f in schema:
        rows.append({"name": f.name, "type": _type_name(f.type), "meaning": _doc(f.name, config)})
        inner = f.type.value_type if pa.types.is_list(f.type) else f.type
        if pa.types.is_struct(inner):
            sep = "[]." if pa.types.is_list(f.type) else "."
            for sub in inner:
                rows.append(
                    {
                        "name": f"{f.name}{sep}{sub.name}",
                        "type": _type_name(sub.type),
                        "meaning": _doc(f"{f.name}.{sub.name}", config),
                    }
                )
    return rows


def _default_config(found: Sequence[ConfigFiles]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The ``configs`` and ``dataset_info`` entries of :data:`DEFAULT_CONFIG`."""
    questions = [c for c in found if c.name in QUESTION_CONFIGS]
    paths = [f"data/{c.name}/*.parquet" for c in questions]
    size = sum(c.num_bytes for c in questions)
    config = {"config_name": DEFAULT_CONFIG, "default": True, "data_files": [{"split": SPLIT, "path": paths}]}
    info = {
        "config_name": DEFAULT_CONFIG,
        "features": features_of(questions[0].schema)._to_yaml_list(),
        "splits": [{"name": SPLIT, "num_bytes": size, "num_examples": sum(c.num_rows for c in questions)}],
        "download_size": sum(c.download_size for c in questions),
        "dataset_size": size,
    }
    return config, info


def _front_matter(info: CardInfo, found: Sequence[ConfigFiles], n_questions: int) -> DatasetCardData:
    default_config, default_info = _default_config(found)
    configs = [default_config] + [
        {"config_name": c.name, "data_files": [{"split": SPLIT, "path": f"data/{c.name}/*.parquet"}]}
        for c in found
    ]
    dataset_info = [default_info] + [
        {
            "config_name": c.name,
            "features": features_of(c.schema)._to_yaml_list(),
            "splits": [{"name": SPLIT, "num_bytes": c.num_bytes, "num_examples": c.num_rows}],
            "download_size": c.download_size,
            "dataset_size": c.num_bytes,
        }
        for c in found
    ]
    return DatasetCardData(
        pretty_name=info.pretty_name,
        license=info.license,
        language=["en"],
        annotations_creators=["machine-generated"],
        language_creators=["machine-generated"],
        multilinguality=["monolingual"],
        size_categories=[size_category(n_questions)],
        source_datasets=["original"],
        task_categories=list(TASK_CATEGORIES),
        tags=list(TAGS),
        configs=configs,
        dataset_info=dataset_info,
    )


def _spread(values: Sequence[int]) -> dict[str, str]:
    if not values:
        return {"mean": "-", "median": "-", "min": "-", "max": "-"}
    return {
        "mean": f"{statistics.fmean(values):,.1f}",
        "median": f"{statistics.median(values):,g}",
        "min": f"{min(values):,}",
        "max": f"{max(values):,}",
    }


def _ranked(counter: Counter[str]) -> list[tuple[str, int]]:
    return sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))


def _check_counts(info: CardInfo, found: Sequence[ConfigFiles]) -> None:
    per_subset = Counter(q.subset for q in info.questions)
    expected: dict[str, int] = {s: per_subset.get(s, 0) for s in QUESTION_CONFIGS}
    expected[DOCUMENTS_CONFIG] = len(info.documents)
    for c in found:
        if expected[c.name] != c.num_rows:
            raise CardError(
                f"data/{c.name} has {c.num_rows} rows but the card info counts {expected[c.name]}; "
                "export the dataset again"
            )


def _template_vars(info: CardInfo, found: Sequence[ConfigFiles]) -> dict[str, Any]:
    docs = info.documents
    by_level = {s: Counter(q.difficulty for q in info.questions if q.subset == s) for s in QUESTION_CONFIGS}
    by_category = Counter((q.subset, q.category) for q in info.questions)
    return {
        "pretty_name": info.pretty_name,
        "license": info.license,
        "repo_id": info.repo_id or "ORG/NAME",
        "has_repo_id": info.repo_id is not None,
        "schema_version": info.schema_version,
        "n_documents": len(docs),
        "n_questions": len(info.questions),
        "configs": [{"name": c.name, "rows": c.num_rows, "doc": CONFIG_DOCS[c.name]} for c in found],
        "n_default_rows": sum(c.num_rows for c in found if c.name in QUESTION_CONFIGS),
        "default_doc": CONFIG_DOCS[DEFAULT_CONFIG],
        "generator_version": info.generator_version,
        **_vllm_sizes(docs),
        "question_fields": describe_fields(found[0].schema, found[0].name),
        "document_fields": describe_fields(found[-1].schema, found[-1].name),
        "doc_stats": [
            {"metric": "Pages", **_spread([d.page_count for d in docs])},
            {"metric": "Words", **_spread([d.word_count for d in docs])},
            {"metric": "Charts", **_spread([d.chart_count for d in docs])},
        ],
        "archetypes": _ranked(Counter(d.archetype for d in docs)),
        "chart_types": _ranked(Counter(t for d in docs for t in d.chart_types)),
        "levels": list(DIFFICULTIES),
        "difficulty_rows": [
            {
                "subset": s,
                "counts": [by_level[s].get(lv, 0) for lv in DIFFICULTIES],
                "total": sum(by_level[s].values()),
            }
            for s in QUESTION_CONFIGS
        ],
        "category_rows": [
            {"subset": s, "category": c, "count": by_category.get((s, c), 0)}
            for s in QUESTION_CONFIGS
            for c in CATEGORIES[s]
        ],
        "seed": info.generation_config.get("seed", "unknown"),
        "generation_config_yaml": yaml.safe_dump(
            dict(info.generation_config), sort_keys=True, default_flow_style=False, allow_unicode=True
        ).rstrip("\n"),
        "regenerate_command": info.regenerate_command.rstrip("\n"),
    }


#: Image tokens of a full five-page strip for Qwen3-VL at full resolution (docs/vllm.md).
QWEN3_VL_STRIP_TOKENS = 8645


def _vllm_sizes(docs: Sequence[DocumentStats]) -> dict[str, int]:
    """``max_pages``, ``max_strips`` and a ``max_model_len`` that fits the longest report."""
    pages = max((d.page_count for d in docs), default=1)
    strips = -(-min(pages, 120) // 5)
    need = strips * QWEN3_VL_STRIP_TOKENS + 1024 + 512
    return {"max_pages": pages, "max_strips": strips, "max_model_len": -(-need // 1024) * 1024}


def _cell(value: object) -> str:
    """Text safe inside a Markdown table cell."""
    return str(value).replace("|", "\\|").replace("\n", " ")


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["cell"] = _cell
    return env


def render_card(template: str, card_data: DatasetCardData, variables: Mapping[str, Any]) -> str:
    """Fill ``template`` (jinja2) with the YAML front matter and the variables."""
    text = _environment().from_string(template).render(card_data=card_data.to_yaml(), **variables)
    return text if text.endswith("\n") else text + "\n"


def build_card(out_dir: Path, info: CardInfo, *, template: str | None = None) -> str:
    """The README.md text of the export in ``out_dir`` (its ``data/<config>/*.parquet`` must exist).

    ``template`` replaces the packaged ``card_template.md``. The result is checked by
    parsing it back with ``huggingface_hub.DatasetCard``.
    """
    found = [read_config_files(out_dir, c) for c in CONFIGS]
    _check_counts(info, found)
    pdfs = [read_config_files(out_dir, PDF_CONFIG)] if (out_dir / "data" / PDF_CONFIG).is_dir() else []
    if template is None:
        template = resources.files("hf_card").joinpath(TEMPLATE_NAME).read_text(encoding="utf-8")
    n_questions = sum(c.num_rows for c in found if c.name in QUESTION_CONFIGS)
    card_data = _front_matter(info, [*found, *pdfs], n_questions)
    variables = _template_vars(info, found)
    variables["has_pdf_config"] = bool(pdfs)
    variables["configs"] += [{"name": c.name, "rows": c.num_rows, "doc": CONFIG_DOCS[c.name]} for c in pdfs]
    text = render_card(template, card_data, variables)
    parsed = DatasetCard(text)
    declared = [c.get("config_name") for c in parsed.data.to_dict().get("configs", [])]
    if declared != [DEFAULT_CONFIG, *CONFIGS, *(c.name for c in pdfs)]:
        raise CardError(
            f"the card template lost the configs front matter (found {declared}); keep {{{{ card_data }}}}"
        )
    return text
