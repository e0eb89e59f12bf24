"""Generation settings: one validated object, read from CLI flags or a YAML file.

A YAML file holds the fields of :class:`GenerationConfig`. It may also hold a ``grid:`` key
that expands into several runs (an ablation), each written to its own subfolder; see
:func:`load_runs` and docs/generation.md. The controlled axes are independent fields:
document length (``target_pages`` or ``min_pages``/``max_pages``/``pages_mode``), evidence
depth (``evidence_depth``), modality mix (``modality_mix``) and layout (``archetypes``).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
    model_validator,
)

from generation.plan.yaml_data import load_yaml
from synthdocbench_tasks.schema import ARCHETYPES, CHART_TYPES

DepthBucket = Literal["early", "middle", "late"]
#: Relative position (chart k/K) a bucket places its evidence charts at: the middle of its third.
DEPTH_CENTRES: dict[str, float] = {"early": 1 / 6, "middle": 1 / 2, "late": 5 / 6}
_RUN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._=-]*")


#: The longest document the renderer lays out (pages): the bound of every page setting.
MAX_PAGES = 400


class ModalityMix(BaseModel):
    """Share of the page budget given to charts, tables and running text (normalised to sum 1)."""

    model_config = ConfigDict(extra="forbid")

    charts: float = Field(ge=0)
    tables: float = Field(ge=0)
    text: float = Field(gt=0)

    def shares(self) -> tuple[float, float, float]:
        total = self.charts + self.tables + self.text
        return self.charts / total, self.tables / total, self.text / total


class WordRange(BaseModel):
    """Words of a document: triangular over ``[min, max]`` peaking at ``mode`` (None: uniform)."""

    model_config = ConfigDict(extra="forbid")

    min: int = Field(ge=100)
    mode: int | None = None
    max: int = Field(ge=100)

    @model_validator(mode="after")
    def _check(self) -> WordRange:
        if self.min > self.max:
            raise ValueError(f"words.min ({self.min}) is larger than words.max ({self.max})")
        if self.mode is not None and not self.min <= self.mode <= self.max:
            raise ValueError(f"words.mode ({self.mode}) must lie in [words.min, words.max]")
        return self


class RewriteConfig(BaseModel):
    """Optional LLM rewriting of filler prose through an OpenAI-compatible endpoint (off by default)."""

    model_config = ConfigDict(extra="forbid")

    base_url: str = Field(min_length=1)
    model: str = Field(min_length=1)
    #: Environment variable holding the API key (a local vLLM server accepts any key).
    api_key_env: str = "OPENAI_API_KEY"
    timeout_s: float = Field(default=60.0, gt=0)
    #: Rewrite at most this many paragraphs per document (None: all of them).
    max_paragraphs: int | None = Field(default=None, ge=1)
    temperature: float = Field(default=0.0, ge=0, le=2)


class GenerationConfig(BaseModel):
    """What to generate. Every field has a sane default; a bad value is a clear error."""

    model_config = ConfigDict(extra="forbid")

    seed: int = 0
    n_docs: int = Field(default=3, ge=1)
    #: Target page count of every document; overrides the range below when set.
    target_pages: int | None = Field(default=None, ge=4, le=MAX_PAGES)
    #: Target page range of each document (the achieved count is measured on the PDF), within
    #: what the renderer reaches (``MAX_PAGES``): a larger value is refused before any document.
    min_pages: int = Field(default=20, ge=4, le=MAX_PAGES)
    max_pages: int = Field(default=28, ge=4, le=MAX_PAGES)
    #: Peak of a triangular page distribution over [min_pages, max_pages]; None: uniform.
    pages_mode: int | None = Field(default=None, ge=4, le=MAX_PAGES)
    #: Charts per document (ignored when ``modality_mix`` is set).
    min_charts: int = Field(default=8, ge=1)
    max_charts: int = Field(default=12, ge=1)
    #: Peak of a triangular chart-count distribution; None: uniform.
    charts_mode: int | None = Field(default=None, ge=1)
    #: Charts, tables and text as shares of the page budget; None: counts from the ranges above.
    modality_mix: ModalityMix | None = None
    #: Words per document (a triangular distribution); the body text density is set so that
    #: many words fill the page target. None: words follow the page target at density 1.
    words: WordRange | None = None
    #: Where the evidence charts sit: a third of the document or an exact relative position
    #: (chart k/K) in [0, 1]; None: charts spread evenly over the document.
    evidence_depth: DepthBucket | Annotated[float, Field(ge=0, le=1)] | None = None
    #: How many charts are placed at ``evidence_depth`` (the rest spread over the document).
    evidence_charts: int = Field(default=2, ge=1)
    #: Archetypes to sample from (topic-conditioned with probability 0.6, uniform 0.4).
    archetypes: list[str] = Field(default_factory=lambda: list(ARCHETYPES), min_length=1)
    #: Chart types to draw from; empty means every type the renderer supports.
    chart_types: list[str] = Field(default_factory=list)
    #: How often each chart type is drawn (relative weights); ``paper``: the paper's long tail led
    #: by bar, line and scatter (:data:`generation.plan.chart_mix.PAPER_CHART_MIX`); None: each
    #: type once per round, all equally common. A type of ``chart_types`` left out of a mapping
    #: takes the smallest weight given.
    chart_type_weights: dict[str, Annotated[float, Field(gt=0)]] | Literal["paper"] | None = None
    renderer: Literal["d3", "matplotlib"] = "d3"
    #: Questions per document in each subset.
    questions_per_subset: int = Field(default=3, ge=0)
    #: Optional LLM prose rewriting; None keeps the deterministic offline prose.
    rewrite: RewriteConfig | None = None
    #: Worker processes (one browser each).
    workers: int = Field(default=1, ge=1)

    @model_validator(mode="after")
    def _check(self) -> GenerationConfig:
        if self.target_pages is not None:
            t = self.target_pages
            given = {"min_pages": self.min_pages, "max_pages": self.max_pages, "pages_mode": self.pages_mode}
            clash = [k for k, v in given.items() if k in self.model_fields_set and v not in (t, None)]
            if clash:
                raise ValueError(f"set either target_pages or {'/'.join(clash)}, not both")
            # A fixed target is the degenerate range, so a saved config reloads unchanged.
            self.min_pages = self.max_pages = t
            self.pages_mode = None
        if self.min_pages > self.max_pages:
            raise ValueError(f"min_pages ({self.min_pages}) is larger than max_pages ({self.max_pages})")
        if self.pages_mode is not None and not self.min_pages <= self.pages_mode <= self.max_pages:
            raise ValueError(f"pages_mode ({self.pages_mode}) must lie in [min_pages, max_pages]")
        if self.min_charts > self.max_charts:
            raise ValueError(f"min_charts ({self.min_charts}) is larger than max_charts ({self.max_charts})")
        if self.charts_mode is not None and not self.min_charts <= self.charts_mode <= self.max_charts:
            raise ValueError(f"charts_mode ({self.charts_mode}) must lie in [min_charts, max_charts]")
        unknown = [a for a in self.archetypes if a not in ARCHETYPES]
        if unknown:
            raise ValueError(f"unknown archetypes {unknown}; choose from {', '.join(ARCHETYPES)}")
        weights = self.chart_type_weights if isinstance(self.chart_type_weights, dict) else {}
        weighted = [t for t in weights if t not in CHART_TYPES]
        if weighted:
            raise ValueError(f"unknown chart types {weighted} in chart_type_weights")
        return self

    @model_serializer(mode="wrap")
    def _serialize(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # An unset ``words`` is left out, so config.json of runs without it reads as before.
        data: dict[str, Any] = handler(self)
        if self.words is None:
            data.pop("words", None)
        if self.chart_type_weights is None:
            data.pop("chart_type_weights", None)
        return data

    def evidence_position(self) -> float | None:
        """The relative position (k/K) the evidence charts are placed at, or None when spread."""
        if self.evidence_depth is None:
            return None
        if isinstance(self.evidence_depth, str):
            return DEPTH_CENTRES[self.evidence_depth]
        return float(self.evidence_depth)


class ConfigError(ValueError):
    """A config file or value that cannot be used; the message is one line for the user."""


@dataclass(frozen=True)
class Run:
    """One run of a config file: ``name`` is its subfolder ("" for a file without ``grid:``)."""

    name: str
    config: GenerationConfig

    def out_dir(self, root: Path) -> Path:
        return root / self.name if self.name else root


def _read_yaml(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise ConfigError(f"config file {path} does not exist; pass an existing YAML file to --config")
    try:
        loaded = load_yaml(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise ConfigError(f"config file {path} is not valid YAML: {exc}".splitlines()[0]) from exc
    if not isinstance(loaded, dict):
        raise ConfigError(f"config file {path} must hold a mapping of settings, got {type(loaded).__name__}")
    return loaded


def _validate(data: dict[str, Any], where: str = "") -> GenerationConfig:
    try:
        return GenerationConfig.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first["loc"]) or "config"
        msg = str(first["msg"]).removeprefix("Value error, ")
        raise ConfigError(f"bad config value for {where}{loc}: {msg}".splitlines()[0]) from exc


def _value_name(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _grid_variants(grid: object, path: Path) -> list[tuple[str, dict[str, Any]]]:
    """``grid:`` as (name, settings) pairs: a mapping of lists (their product) or a list of mappings."""
    variants: list[tuple[str, dict[str, Any]]] = []
    if isinstance(grid, dict) and grid:
        for key, values in grid.items():
            if not isinstance(values, list) or not values:
                raise ConfigError(f"grid.{key} in {path} must be a non-empty list of values")
        keys = list(grid)
        for combo in itertools.product(*(grid[k] for k in keys)):
            settings = dict(zip(keys, combo, strict=True))
            name = "_".join(f"{k}={_value_name(v)}" for k, v in settings.items())
            variants.append((name, settings))
    elif isinstance(grid, list) and grid:
        for i, item in enumerate(grid):
            if not isinstance(item, dict) or not isinstance(item.get("name"), str):
                raise ConfigError(f"grid[{i}] in {path} must be a mapping with a 'name' and settings")
            settings = {k: v for k, v in item.items() if k != "name"}
            variants.append((item["name"], settings))
    else:
        raise ConfigError(f"grid in {path} must be a mapping of value lists or a list of named variants")
    names = [n for n, _ in variants]
    for name in names:
        if not _RUN_NAME.fullmatch(name):
            raise ConfigError(f"grid run name {name!r} in {path} must be letters, digits and ._=- only")
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ConfigError(f"grid in {path} names runs more than once: {', '.join(duplicates)}")
    return variants


def load_runs(path: Path | None, **overrides: object) -> list[Run]:
    """The runs of a YAML config: one (name "") or, with a ``grid:`` key, one per variant.

    Non-None ``overrides`` (command-line flags) apply to every run, after the grid values.
    """
    data: dict[str, Any] = _read_yaml(path) if path is not None else {}
    given = {k: v for k, v in overrides.items() if v is not None}
    if "grid" not in data:
        return [Run("", _validate({**data, **given}))]
    assert path is not None
    base = {k: v for k, v in data.items() if k != "grid"}
    return [
        Run(name, _validate({**base, **settings, **given}, where=f"grid run {name}: "))
        for name, settings in _grid_variants(data["grid"], path)
    ]


def load_config(path: Path | None, **overrides: object) -> GenerationConfig:
    """Read a YAML config without a grid (optional) and apply non-None overrides from the command line."""
    runs = load_runs(path, **overrides)
    if len(runs) != 1 or runs[0].name:
        raise ConfigError(
            f"config file {path} defines a grid of {len(runs)} runs; generate it with load_runs "
            "(each run is written to OUT/<run name>)"
        )
    return runs[0].config
