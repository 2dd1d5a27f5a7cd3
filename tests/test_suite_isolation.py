"""The suite's runs keep the browser tests apart: `make test-fast` leaves them out by their ``browser`` mark, and in a
whole run the browser tests' event loop does not reach the tests that drive no browser in the same worker."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
BROWSER_TESTS = TESTS / "browser"


def _marks_browser(module: Path) -> bool:
    """Whether the module sets ``pytestmark = pytest.mark.browser`` (alone or in a list)."""
    for node in ast.parse(module.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            values = node.value.elts if isinstance(node.value, ast.List | ast.Tuple) else [node.value]
            return any(ast.unparse(v) == "pytest.mark.browser" for v in values)
    return False


def test_every_browser_test_module_carries_the_browser_mark() -> None:
    """A browser module without the mark runs in `make test-fast` and starts the session's Playwright in that worker:
    Playwright keeps its event loop marked as running on the worker's main thread between its calls, so every later
    test there that calls ``asyncio.run`` fails ("cannot be called from a running event loop")."""
    modules = sorted(BROWSER_TESTS.glob("test_*.py"))
    assert len(modules) > 10
    assert [m.name for m in modules if not _marks_browser(m)] == []


#: A session whose ``browser`` fixture leaves its loop marked running on the main thread, as Playwright's sync API does.
SESSION = '''
import asyncio
import pytest

@pytest.fixture(scope="session")
def browser():
    loop = asyncio.new_event_loop()
    asyncio._set_running_loop(loop)
    yield loop
    assert asyncio._get_running_loop() is loop, "the browser's teardown runs without its loop"
    asyncio._set_running_loop(None)
    loop.close()

def test_a_page(browser):
    assert asyncio._get_running_loop() is browser

def test_no_page():
    assert asyncio.run(asyncio.sleep(0, "ran")) == "ran"

def test_a_page_again(browser):
    assert asyncio._get_running_loop() is browser

def test_no_page_at_the_end():
    assert asyncio.run(asyncio.sleep(0, "ran")) == "ran"
'''


def test_a_test_that_drives_no_browser_runs_outside_the_browser_s_loop(tmp_path: Path) -> None:
    """With the suite's conftest, tests that use no ``browser`` call ``asyncio.run`` between browser tests of the same
    process; the browser tests (and the browser's teardown) still find their loop."""
    (tmp_path / "conftest.py").write_text((TESTS / "conftest.py").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "test_session.py").write_text(SESSION, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
         "--rootdir", str(tmp_path), str(tmp_path)],
        capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )
    assert "4 passed" in run.stdout, run.stdout + run.stderr
    assert run.returncode == 0
