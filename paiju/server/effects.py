"""What a table's move asks of the room that hosts it: the turn timer to arm or stop, and the frames to send once the
hand changed. The table returns them (``Table.start``, ``act``, ``commit``, ``waiting_on``, ``schedule``,
``time_out``) and holds neither a socket nor the turn timer; its room applies them, in order, under its lock
(``Room.apply``): the fan-out and the timer stay the host's, whether every connection is local or relayed."""

from __future__ import annotations

from dataclasses import dataclass

from paiju.server.protocol import ResultMessage

__all__ = ["ArmDeadline", "Broadcast", "CancelDeadline", "Effect", "SendRoom", "SendViews", "changed"]


@dataclass(frozen=True)
class ArmDeadline:
    """Run the turn timer out at ``at`` (seconds since the epoch), replacing the one armed: the host then has the
    table play the seats still to act (``Table.time_out``)."""

    at: float


@dataclass(frozen=True)
class CancelDeadline:
    """Stop the turn timer: no person's turn is timed now."""


@dataclass(frozen=True)
class SendViews:
    """Every connection its own seat's view of the hand as it is now (each seat sees its own cards alone)."""


@dataclass(frozen=True)
class Broadcast:
    """One frame, the same for every connection: a finished hand's settlement."""

    frame: ResultMessage


@dataclass(frozen=True)
class SendRoom:
    """The room frame (seats, scores, the turn's deadline) to every connection."""


Effect = ArmDeadline | CancelDeadline | SendViews | Broadcast | SendRoom


def changed(result: ResultMessage | None = None) -> list[Effect]:
    """What a change of the hand sends: the views, the settlement once the hand is over, then the room."""
    return [SendViews(), *([] if result is None else [Broadcast(result)]), SendRoom()]
