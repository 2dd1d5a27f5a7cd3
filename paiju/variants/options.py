"""A table's closed sets of option strings as enums whose values are the strings logs and TOML files hold."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import StrEnum
from typing import Any

from paiju.variants.problems import Problem

__all__ = [
    "BidStyle",
    "TextEnum",
    "Timeouts",
    "DiamondAK",
    "Determination",
    "FlipTo",
    "LowPair",
    "PartnerRule",
    "Rangpai",
    "RedOverBlack",
    "Selection",
    "coerce_options",
    "option_problems",
]


class TextEnum(StrEnum):
    """A ``StrEnum`` whose ``repr`` is its string's, so views, messages and doctests read as they did."""

    def __repr__(self) -> str:
        return repr(self.value)


class BidStyle(TextEnum):
    """How the landlord is chosen; ``points``: bids of 1…max points (seeds/002 三人斗地主)."""

    POINTS = "points"
    #: 五人斗地主 (other-games.md §5): no auction; a marked card's holder is the public landlord (明地主) and
    #: the holder of its other copy the hidden landlord (暗地主).
    MARKED = "marked"


class Timeouts(TextEnum):
    """How the server plays a seat whose turn timer runs out (a room's 托管 layer, not a rule of play).

    ``grace`` (the default, as the big apps do): a timed-out turn makes the seat's smallest move (the lowest single
    as leader, else a pass unless its last card beats), 托管 from the second timeout in a row, a bot plays it, and
    the person's own move takes it off; ``takeover``: 托管 at once, and a bot plays the seat until the person turns
    it off; ``minimal`` (癞子 §1.2): the smallest move, 托管 after three in a row or a timeout in the auction, and
    托管 keeps making the smallest move."""

    GRACE = "grace"
    TAKEOVER = "takeover"
    MINIMAL = "minimal"


class RedOverBlack(TextEnum):
    """speculator.md §14: red beats black at ``any`` rank, or at an ``equal_or_higher`` one."""

    ANY = "any"
    EQUAL_OR_HIGHER = "equal_or_higher"


class Determination(TextEnum):
    """How the speculator is found (§3): the fixed 7c, the marked 7c of three decks, the other copy
    of the k-th bottom card, or the flipped card's partner."""

    SEVEN_CLUBS = "7c"
    MARKED_SEVEN_CLUBS = "marked-7c"
    BOTTOM_1 = "bottom:1"
    BOTTOM_2 = "bottom:2"
    BOTTOM_3 = "bottom:3"
    BOTTOM_4 = "bottom:4"
    BOTTOM_5 = "bottom:5"
    BOTTOM_6 = "bottom:6"
    BOTTOM_7 = "bottom:7"
    BOTTOM_8 = "bottom:8"
    BOTTOM_9 = "bottom:9"
    FLIP = "flip"

    @property
    def bottom_card(self) -> int | None:
        """The k of ``bottom:k`` (1 = the first bottom card), or ``None`` for the other rules."""
        return int(self.value[7:]) if self.value.startswith("bottom:") else None


class Selection(TextEnum):
    """§3 option ``speculator_selection``: by the card, last hand's first out, or that when the card is in the bottom."""

    CARD = "card"
    PREVIOUS = "previous"
    PREVIOUS_IF_IN_BOTTOM = "previous_if_in_bottom"


class FlipTo(TextEnum):
    """Where the face-up flipped card goes at the reveal: the speculator (5p1d) or the landlord (6p2d)."""

    SPECULATOR = "speculator"
    LANDLORD = "landlord"


class LowPair(TextEnum):
    """§12: two low cards left that count as one."""

    FOURS = "44"
    FIVES = "55"
    FOUR_FIVE = "45"


class Rangpai(TextEnum):
    """3p1d 让牌: h is the winning ``bid`` or set by an ``auction``; ``NONE`` where the table has none."""

    NONE = ""
    BID = "bid"
    AUCTION = "auction"


class PartnerRule(TextEnum):
    """§7: how the landlord names a small landlord: none, 6p2d's flipped rank, a same-suit pair or a
    copy of an original bottom card (6p3d/7p3d/8p3d), or one card (7p2d)."""

    NONE = ""
    FLIP_RANK = "flip-rank"
    PAIR_OR_BOTTOM = "pair-or-bottom"
    SINGLE = "single"


class DiamondAK(TextEnum):
    """§17.7 7p2d option: a shown ♦A or ♦K marks its ``same`` other copy, or the ``swap`` (♦A ↔ ♦K)."""

    SAME = "same"
    SWAP = "swap"


def _member(enum: type[StrEnum], value: object) -> object:
    """``enum``'s member for ``value``, or ``value`` itself when no member has it (left for ``option_problems``)."""
    try:
        return enum(value)  # type: ignore[arg-type]  # any JSON value may arrive here
    except (ValueError, TypeError):
        return value


def coerce_options(record: object, enums: Mapping[str, type[StrEnum]]) -> None:
    """Replace each named field's string (or tuple or frozenset of strings) of a frozen ``record`` by enum members."""
    for name, enum in enums.items():
        value: Any = getattr(record, name)
        if isinstance(value, (tuple, frozenset)):
            value = type(value)(_member(enum, v) for v in value)
        else:
            value = _member(enum, value)
        object.__setattr__(record, name, value)


def option_problems(record: object, enums: Mapping[str, type[StrEnum]], prefix: str = "") -> Iterator[Problem]:
    """One problem per option value no member of its enum has, listing the allowed values."""
    for name, enum in enums.items():
        value = getattr(record, name)
        for v in sorted(value, key=str) if isinstance(value, (tuple, frozenset)) else (value,):
            if not isinstance(v, enum):
                allowed = ", ".join(repr(m.value) for m in enum)
                yield Problem(
                    "bad_option", f"{prefix}{name} {v!r}: use one of {allowed}",
                    rule=name, value=str(v), allowed=",".join(m.value for m in enum),
                )
