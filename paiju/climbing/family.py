"""The climbing family as the kernel's registry finds it."""

from __future__ import annotations

from typing import Any

from paiju.climbing.actions import Action
from paiju.climbing.hand import Hand
from paiju.climbing.log import replay
from paiju.climbing.parse import actions_for_text
from paiju.engine import CLIMBING, Family, HandEngine
from paiju.variants import Variant

__all__ = ["FAMILY"]


def _open_hand(variant: Variant, seed: int, **options: Any) -> Hand:
    """A freshly dealt climbing hand (``dealer``, ``previous`` as ``Game`` takes them)."""
    return Hand(variant, seed, **options)


def _parse_action(engine: HandEngine, text: str) -> list[Action]:
    """The climbing actions ``text`` can mean for the seat to act."""
    if not isinstance(engine, Hand):
        raise TypeError(f"a climbing action needs a climbing hand, not {type(engine).__name__}")
    return actions_for_text(engine, text)


FAMILY = Family(CLIMBING, _open_hand, _parse_action, replay)
