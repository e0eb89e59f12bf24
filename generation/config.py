"""Generation settings: one validated object, read from CLI flags or a YAML file."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from synthdocbench_tasks.schema import ARCHETYPES


class GenerationConfig(BaseModel):
    """What to generate. Every field has a sane default; a bad value is a clear error."""

    model_config = ConfigDict(extra="forbid")

    seed: int = 0
    n_docs: int = Field(default=3, ge=1)
    #: Target page range of each document (the achieved count is measured on the PDF).
    min_pages: int = Field(default=20, ge=1)
    max_pages: int = Field(default=28, ge=1)
    #: Charts per document.
    min_charts: int = Field(default=8, ge=1)
    max_charts: int = Field(default=12, ge=1)
    #: Archetypes to sample from (topic-conditioned with probability 0.6, uniform 0.4).
    archetypes: list[str] = Field(default_factory=lambda: list(ARCHETYPES))
    #: Chart types to draw from; empty means every type the renderer supports.
    chart_types: list[str] = Field(default_factory=list)
    renderer: Literal["d3", "matplotlib"] = "d3"
    #: Questions per document in each subset.
    questions_per_subset: int = Field(default=3, ge=0)
    #: Worker processes (one browser each).
    workers: int = Field(default=1, ge=1)

    @model_validator(mode="after")
    def _check(self) -> GenerationConfig:
        if self.min_pages > self.max_pages:
            raise ValueError(f"min_pages ({self.min_pages}) is larger than max_pages ({self.max_pages})")
        if self.min_charts > self.max_charts:
            raise ValueError(f"min_charts ({self.min_charts}) is larger than max_charts ({self.max_charts})")
        unknown = [a for a in self.archetypes if a not in ARCHETYPES]
        if unknown:
            raise ValueError(f"unknown archetypes {unknown}; choose from {', '.join(ARCHETYPES)}")
        return self


class ConfigError(ValueError):
    """A config file or value that cannot be used; the message is one line for the user."""


def load_config(path: Path | None, **overrides: object) -> GenerationConfig:
    """Read a YAML config (optional) and apply non-None overrides from the command line."""
    data: dict[str, object] = {}
    if path is not None:
        if not path.is_file():
            raise ConfigError(f"config file {path} does not exist; pass an existing YAML file to --config")
        try:
            loaded = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise ConfigError(f"config file {path} is not valid YAML: {exc}".splitlines()[0]) from exc
        if not isinstance(loaded, dict):
            raise ConfigError(
                f"config file {path} must hold a mapping of settings, got {type(loaded).__name__}"
            )
        data.update(loaded)
    data.update({k: v for k, v in overrides.items() if v is not None})
    try:
        return GenerationConfig.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "config"
        raise ConfigError(f"bad config value for {where}: {first['msg']}") from exc
