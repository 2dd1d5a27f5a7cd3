"""The move generator's compiled hot path (``_fastgen``, a C extension ``pip install`` builds where a compiler is):
whether it is there, and the compiled form of a table's shapes.

The compiled path lists natural-card leads, answers and bombs, the plays that mix natural and wild cards (the
speculator's 3s, the 癞子 wild rank, 5p1d's flipped suit), and a two-colour hand's moves by colour; wild cards alone,
soft bombs and the 斗帝主 kinds (the dress, the spaceship) stay on the Python path. ``PAIJU_PURE_PYTHON=1`` turns the
compiled path off (the pure-Python generator is the oracle the compiled one is tested against). Without the extension
paiju says so once and runs in Python.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from paiju.patterns.move import Move
from paiju.patterns.shapes import Shapes
from paiju.variants import PatternKind

__all__ = ["COMPILED", "ENGINE", "compiled_spec", "fastgen", "load_extension"]


def load_extension(name: str, what: str) -> ModuleType | None:
    """The C extension ``name`` (``what`` it is, for the warning), or ``None`` when it was not built (no compiler at
    install) or the compiled path is turned off; each layer loads its own."""
    if os.environ.get("PAIJU_PURE_PYTHON") == "1":
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        import logging  # only to warn: a command's start-up does not load it

        logging.getLogger("paiju").warning(
            "paiju: the compiled %s is not built (no C compiler at install?); running in pure Python", what
        )
        return None


fastgen = load_extension("paiju.patterns._fastgen", "move generator")
if fastgen is not None:
    Sequence.register(fastgen.Lazy)  # a legal list with its wild readings made when read
#: Whether the compiled path is in use.
COMPILED = fastgen is not None
#: The engine serving natural-card moves, as ``paiju variants --json`` reports it.
ENGINE = "compiled" if COMPILED else "python"


def compiled_spec(shapes: Shapes) -> Any | None:
    """The compiled form of a table's shapes, or ``None`` where the compiled path does not serve it (no extension,
    or the dress and the spaceship)."""
    if fastgen is None or any(kk.trios or not kk.width for kk in shapes.kicker_kinds):
        return None
    kickers = tuple(
        (kk.kind, kk.body, kk.width, kk.kick, int(kk.chain), kk.least, int(kk.distinct)) for kk in shapes.kicker_kinds
    )
    return fastgen.make_spec(
        Move,
        PatternKind.BOMB,
        PatternKind.JOKER_BOMB,
        tuple(shapes.groups),
        tuple(shapes.chains),
        kickers,
        tuple((size, tier, f"bomb{size}") for size, tier in shapes.rank_bombs),
        tuple(shapes.joker_bombs),
        (shapes.attach_top[1], shapes.attach_top[2], shapes.attach_top[3]),
        shapes.rocket_kickers,
        shapes.chain_wilds_placed,
        shapes.all_wild_group_face_rank,
    )
