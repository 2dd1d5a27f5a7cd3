"""Test settings: under CI, hypothesis runs from a fixed seed so a run is reproducible; the long sweeps run first;
the garbage collector runs less often."""

from __future__ import annotations

import asyncio
import gc
import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

# Locally every run explores new examples; CI (CI=true) replays the same ones, so a red CI run
# can be reproduced exactly and a green one is not luck.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# The sweeps make millions of short-lived moves, views and hands: with the default first-generation threshold (700) the
# collector ran about every 700 of them and, every so often, walked the worker's whole heap (its imported modules and
# collected tests); a sweep of the compiled generator or of two-landlord views took 12-20 % less CPU this way. (Not
# ``gc.freeze``: ``paiju.cli.main``, which many tests call, unfreezes everything when it ends.)
gc.set_threshold(10_000, 10, 10)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long sweeps (``slow``, outside the browser tests, which share a page server per module) go first: spread
    over the workers from the start, none of them is left running alone at the end of the run."""
    items.sort(key=lambda item: not (item.get_closest_marker("slow") and not item.get_closest_marker("browser")))


@pytest.fixture(autouse=True)
def _no_page_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that drives no browser runs without the event loop of the browser tests' Playwright.

    Playwright's sync API keeps its loop marked as running on the main thread between its calls, for as long as the
    session's browser lives: every later test of the same worker would find itself "inside" that loop, and
    ``asyncio.run`` there fails ("cannot be called from a running event loop"). The loop is put aside for the test
    and put back after it, for the next browser test (and the browser's own teardown at the end of the session)."""
    loop = asyncio._get_running_loop()
    if loop is None or "browser" in request.fixturenames:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
