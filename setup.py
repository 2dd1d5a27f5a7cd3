"""The compiled hot path of the move generator, built by ``pip install`` where a C compiler is (optional: without
one paiju installs and runs in pure Python). Everything else is in pyproject.toml."""

from setuptools import Extension, setup

FASTGEN = Extension(
    "paiju.patterns._fastgen",
    ["paiju/patterns/_fastgen.c", "paiju/patterns/fastgen_moves.c", "paiju/patterns/fastgen_wild.c",
     "paiju/patterns/fastgen_lazy.c", "paiju/patterns/fastgen_store.c",
     "paiju/patterns/fastgen_play.c", "paiju/patterns/fastgen_turn.c",
     "paiju/patterns/fastgen_deal.c", "paiju/patterns/fastgen_hand.c",
     "paiju/patterns/fastgen_fields.c"],
    depends=["paiju/patterns/fastgen.h"],
    optional=True,
)

setup(ext_modules=[FASTGEN])
