"""Test settings: under CI, hypothesis runs from a fixed seed so a run is reproducible; the long sweeps run first."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# Locally every run explores new examples; CI (CI=true) replays the same ones, so a red CI run
# can be reproduced exactly and a green one is not luck.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long sweeps (``slow``, outside the browser tests, which share a page server per module) go first: spread
    over the workers from the start, none of them is left running alone at the end of the run."""
    items.sort(key=lambda item: not (item.get_closest_marker("slow") and not item.get_closest_marker("browser")))
