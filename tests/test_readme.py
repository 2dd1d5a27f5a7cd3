"""The README's examples run as doctests, so the documented API stays true."""

from __future__ import annotations

import doctest
from pathlib import Path

from paiju.variants import REGISTRY

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples() -> None:
    """Every `>>>` example in the README gives the output shown."""
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_the_readmes_opening_names_every_table_paiju_plays() -> None:
    """The first paragraph says what paiju plays today: the Chinese name of every built-in table and how many
    there are, not a promise that other games "follow"."""
    opening = README.read_text(encoding="utf-8").split("```", 1)[0]
    names = {v.title.split()[0] for v in REGISTRY.values()}
    assert [name for name in sorted(names) if name not in opening] == []
    assert f"{len(REGISTRY)} tables" in opening
    assert "follow" not in opening
