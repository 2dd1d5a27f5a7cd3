"""The compiled hot paths, built by ``pip install`` where a C compiler is (optional: without one paiju installs and
runs in pure Python). Everything else is in pyproject.toml.

Five extensions, one per layer: the move generator (``paiju.patterns._fastgen``: natural, wild, lazy and two-colour
lists), random.Random's shuffle and choice (``paiju.engine._draws``), the climbing play turn
(``paiju.climbing._turn``), which lists its moves through the generator's C API (``fastgen_api.h``), the learning
environment's observation and mask writes (``paiju.env._tensor``) and the rule of thumb's hand cost
(``paiju.bots._cost``)."""

from setuptools import Extension, setup

PATTERNS = "paiju/patterns"

FASTGEN = Extension(
    "paiju.patterns._fastgen",
    [
        f"{PATTERNS}/{name}.c"
        for name in ("_fastgen", "fastgen_moves", "fastgen_wild", "fastgen_lazy", "fastgen_store", "fastgen_colour")
    ],
    depends=[f"{PATTERNS}/fastgen.h", f"{PATTERNS}/fastgen_api.h"],
    optional=True,
)
DRAWS = Extension("paiju.engine._draws", ["paiju/engine/_draws.c"], optional=True)
TURN = Extension(
    "paiju.climbing._turn",
    [f"paiju/climbing/{name}.c" for name in ("_turn", "turn_hand", "turn_play", "turn_pick", "turn_colour", "turn_fields")],
    include_dirs=[PATTERNS],
    depends=["paiju/climbing/turn.h", f"{PATTERNS}/fastgen_api.h"],
    optional=True,
)

TENSOR = Extension("paiju.env._tensor", ["paiju/env/_tensor.c"], optional=True)
COST = Extension("paiju.bots._cost", ["paiju/bots/_cost.c"], optional=True)

setup(ext_modules=[FASTGEN, DRAWS, TURN, TENSOR, COST])
