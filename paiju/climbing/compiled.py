"""The climbing play turn, compiled (the ``_turn`` extension, built on the move generator's C API) where it is built:
the seat to act's legal list and an everyday play or pass, ``Hand.legal_actions`` and ``Hand.apply`` with that fast
path, and the copies of its cards a seat plays for a move. turn.h names every field of the hand it touches."""

from __future__ import annotations

from types import ModuleType

from paiju.patterns.compiled import load_extension
from paiju.patterns.generate import compiled_module

__all__ = ["TURN", "compiled_turn"]

#: The extension, or ``None`` where it is not built or the compiled path is turned off.
TURN = load_extension("paiju.climbing._turn", "play turn")


def compiled_turn() -> ModuleType | None:
    """The compiled turn while the compiled path is in use (``use_compiled``), else ``None``."""
    return TURN if compiled_module() is not None else None
