"""The families by name: open a hand of a variant's family, read a player's action, replay a log."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from paiju.engine.protocol import HandEngine
from paiju.variants import Variant

__all__ = ["CLIMBING", "Family", "family", "open_hand", "parse_action", "variant_family"]

CLIMBING = "climbing"
#: Each family's module, imported when first asked for (so the kernel imports no family itself).
_MODULES = {CLIMBING: "paiju.climbing.family"}


@dataclass(frozen=True)
class Family:
    """What the kernel needs of a family: open a hand, parse a player's text, replay a log."""

    name: str
    open_hand: Callable[..., HandEngine]
    parse_action: Callable[[HandEngine, str], list[Any]]
    replay: Callable[[dict[str, Any]], HandEngine]


def family(name: str) -> Family:
    """The family called ``name``; the error lists the known ones."""
    if name not in _MODULES:
        raise ValueError(f"unknown game family {name!r}; known families: {', '.join(_MODULES)}")
    found = importlib.import_module(_MODULES[name]).FAMILY
    assert isinstance(found, Family)
    return found


def variant_family(variant: Variant) -> str:
    """The family a variant's hands are played by (every table so far climbs)."""
    return CLIMBING


def open_hand(variant: Variant, seed: int, **options: Any) -> HandEngine:
    """A freshly dealt hand of ``variant`` (``options`` as its family takes them, e.g. ``dealer``)."""
    return family(variant_family(variant)).open_hand(variant, seed, **options)


def parse_action(engine: HandEngine, text: str) -> list[Any]:
    """The legal actions a player's ``text`` can mean now (several when ambiguous)."""
    return family(variant_family(engine.variant)).parse_action(engine, text)
