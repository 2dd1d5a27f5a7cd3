"""Layering and typing rules from ARCHITECTURE.md, enforced rather than hoped for."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "paiju"

#: Core layers, in order; each may import only itself and the layers before it.
LAYERS = ["paiju.cards", "paiju.variants", "paiju.patterns", "paiju.climbing", "paiju.bots"]
#: Modules that do I/O or talk to users; no core layer may import them.
FORBIDDEN_IN_CORE = {"asyncio", "socket", "rich", "paiju.cli", "paiju.terminal", "paiju.server", "paiju.simulate"}


def _layer(module: str) -> int | None:
    for i, name in enumerate(LAYERS):
        if module == name or module.startswith(name + "."):
            return i
    return None


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_core_layers_import_only_the_layers_above_them() -> None:
    """cards → variants → patterns → climbing → bots: no layer imports a later one, the CLI or I/O."""
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        own = _layer(module)
        if own is None:
            continue
        for imported in _imports(path):
            top = imported.split(".")[0]
            if imported in FORBIDDEN_IN_CORE or top in FORBIDDEN_IN_CORE or any(
                imported.startswith(f + ".") for f in FORBIDDEN_IN_CORE
            ):
                problems.append(f"{module} imports {imported}")
            other = _layer(imported)
            if other is not None and other > own:
                problems.append(f"{module} imports the later layer {imported}")
    assert problems == []


def test_variants_do_not_depend_on_patterns() -> None:
    """Variants are plain data: the variant layer imports only cards."""
    for path in (PACKAGE / "variants").rglob("*.py"):
        assert not any(i.startswith("paiju.patterns") or i.startswith("paiju.climbing") for i in _imports(path)), path


@pytest.mark.slow
def test_mypy_strict_passes() -> None:
    """`mypy --strict` on the package finds nothing."""
    if shutil.which("mypy", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("mypy is not installed in this environment")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(PACKAGE)], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_finds_no_unused_or_undefined_names() -> None:
    """`ruff check` (pyflakes rules): no unused imports, undefined names or shadowed definitions."""
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        pytest.skip("ruff is not installed in this environment")
    root = PACKAGE.parent
    done = subprocess.run(
        [ruff, "check", "paiju", "tests", "benchmarks"], cwd=root, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
