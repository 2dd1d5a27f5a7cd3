"""random.Random's shuffle and choice, compiled (the ``_draws`` extension) where it is built: the very draws a seeded
``random.Random`` makes, for a deal's shuffle and a random bot's choices, without the Python calls per draw."""

from __future__ import annotations

from types import ModuleType

from paiju.patterns.compiled import load_extension
from paiju.patterns.generate import compiled_module

__all__ = ["DRAWS", "compiled_draws"]

#: The extension, or ``None`` where it is not built or the compiled path is turned off.
DRAWS = load_extension("paiju.engine._draws", "shuffle")


def compiled_draws() -> ModuleType | None:
    """The compiled draws while the compiled path is in use (``use_compiled``), else ``None``."""
    return DRAWS if compiled_module() is not None else None
