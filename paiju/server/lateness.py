"""癞子's online rules (other-games.md §1.2, Q1.19) as a table keeps them, on tables whose ``timeouts`` is ``minimal``:
which seats ran out of time this turn, their timeouts in a row, and who goes on 托管 when it disconnects."""

from __future__ import annotations

from paiju.server.schema import PlayerRow
from paiju.variants import Timeouts, Variant

__all__ = ["MISSES_TO_TAKE_OVER", "Lateness", "takes_over_when_gone"]

#: Timeouts in a row that put a seat on 托管 (「连续超时3次…将自动进入系统自动托管」).
MISSES_TO_TAKE_OVER = 3


class Lateness:
    """Seats whose time ran out (the server makes their smallest move, once) and each seat's timeouts in a row."""

    def __init__(self) -> None:
        self.late: set[int] = set()
        self.missed: dict[int, int] = {}

    def timed_out(self, seat: int, at_once: bool) -> bool:
        """Count a timeout of ``seat``: whether it goes on 托管 now (``at_once``, or its third in a row); else it is
        late, and played this once."""
        self.missed[seat] = self.missed.get(seat, 0) + 1
        if at_once or self.missed[seat] >= MISSES_TO_TAKE_OVER:
            return True
        self.late.add(seat)
        return False

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
