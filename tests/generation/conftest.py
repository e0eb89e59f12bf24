"""Fixtures shared by the generation tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from generation.document.render import Renderer


@pytest.fixture(scope="module")
def renderer() -> Iterator[Renderer]:
    """One headless Chromium per test module (a module that requests it is marked ``browser``)."""
    with Renderer() as r:
        yield r
