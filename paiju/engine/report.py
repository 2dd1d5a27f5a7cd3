"""What a family tells the apps of a hand beyond its views: the settlement in words, a simulation's tally,
the fields the server's frames add."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

__all__ = ["FrameFields", "HandTally", "MatchStanding", "Settlement", "SettlementLine"]


@dataclass(frozen=True)
class MatchStanding:
    """Where a room's match stands, on tables whose hands make a match (炒地皮's levels, other-games.md §7.14): the
    hands dealt in it, each side's level as written (``flag`` once past A), whether it is under way (a hand of it
    was dealt and no side has won it yet) and the points a seat that leaves it then loses (Q7.29)."""

    hands: int
    levels: tuple[str, ...]
    running: bool
    escape_points: int


@dataclass(frozen=True)
class SettlementLine:
    """One seat's part of a settled hand: its role, its score, its share of the unit (where the table has
    shares) and a sentence."""

    seat: int
    role: str
    score: int
    share: float | None
    text: str


@dataclass(frozen=True)
class Settlement:
    """A finished hand in words: sentences (the first says who won), one line per seat, and the facts behind
    them as data (``outcome``: JSON-ready, for clients that word the settlement in their own language)."""

    summary: tuple[str, ...]
    lines: tuple[SettlementLine, ...]
    outcome: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class HandTally:
    """What a simulation counts of one finished hand: each seat's role, and the family's own counts."""

    roles: tuple[str, ...]
    #: Numbers the report sums over hands, by name (e.g. ``redeals``).
    counts: Mapping[str, int] = field(default_factory=dict)
    #: Outcomes the report counts by value, by name (e.g. ``speculator_sides``); absent where there is none.
    kinds: Mapping[str, str] = field(default_factory=dict)


class FrameFields(TypedDict, total=False):
    """The public fields a family adds to the server's frames: the auction so far, the stake's multiplier, the
    reasons of this hand's new deals."""

    bids: list[dict[str, int]]
    multiplier: int
    redeals: list[str]
