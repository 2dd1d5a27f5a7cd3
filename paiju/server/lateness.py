"""The table's 托管 layer for timeouts (``Timeouts``; 癞子's online rules, other-games.md §1.2, Q1.19): which seats ran
out of time this turn, their timeouts in a row, when they go on 托管 and what plays them there."""

from __future__ import annotations

from paiju.server.schema import PlayerRow
from paiju.variants import Timeouts, Variant

__all__ = ["MISSES_TO_TAKE_OVER", "Lateness", "released_by_own_move", "smallest_on_takeover", "takes_over_when_gone"]

#: Timeouts in a row that put a seat on 托管: the first (``takeover``), the second (``grace``: one timed-out turn is
#: played with the smallest move, as the big apps do) or the third (``minimal``, 「连续超时3次…将自动进入系统自动托管」).
MISSES_TO_TAKE_OVER = {Timeouts.TAKEOVER: 1, Timeouts.GRACE: 2, Timeouts.MINIMAL: 3}


def smallest_on_takeover(timeouts: Timeouts) -> bool:
    """Whether 托管 keeps making the seat's smallest move (癞子 §1.2: 「托管后默认不出牌」) rather than a bot's choice."""
    return timeouts == Timeouts.MINIMAL


def released_by_own_move(timeouts: Timeouts) -> bool:
    """Whether a move the person makes on 托管 takes the seat off it (``grace``); elsewhere 托管 stays on until the
    person turns it off (解除托管)."""
    return timeouts == Timeouts.GRACE


class Lateness:
    """Seats whose time ran out (the server makes their smallest move, once) and each seat's timeouts in a row."""

    def __init__(self) -> None:
        self.late: set[int] = set()
        self.missed: dict[int, int] = {}

    def timed_out(self, seat: int, timeouts: Timeouts, in_auction: bool) -> bool:
        """Count a timeout of ``seat``: whether it goes on 托管 now (the table's count of timeouts in a row reached, or
        on a ``minimal`` table ``in_auction``, the family's word: 「超时不叫分则视为不叫分且托管」); else it is late, and
        its smallest move is made this once."""
        self.missed[seat] = self.missed.get(seat, 0) + 1
        at_once = in_auction and timeouts == Timeouts.MINIMAL
        if at_once or self.missed[seat] >= MISSES_TO_TAKE_OVER[timeouts]:
            return True
        self.late.add(seat)
        return False

    def copy(self) -> Lateness:
        """The same lateness, kept apart (a move that cannot be stored takes it back)."""
        kept = Lateness()
        kept.late, kept.missed = set(self.late), dict(self.missed)
        return kept

    def moved(self, seat: int, by_itself: bool) -> None:
        """``seat`` acted: it is late no more, and a move of its own (or leaving 托管) counts its timeouts afresh."""
        self.late.discard(seat)
        if by_itself:
            self.missed.pop(seat, None)


def takes_over_when_gone(variant: Variant, playing: bool, player: PlayerRow, connected: bool) -> bool:
    """Whether a person who lost its last connection goes on 托管 (「断线者将自动进入系统自动托管」): on a ``minimal``
    table, during a hand."""
    person = player.seat is not None and player.bot is None and not player.auto and not connected
    return variant.timeouts == Timeouts.MINIMAL and playing and person
