"""What a table's move asks of the room that hosts it: the writes to make, the next turn to arm (the turn timer, the
automatic turn, a paced deal's tick) and the frames to send. The table returns them (``Table.start``, ``act``,
``play``, ``commit``, ``waiting_on``, ``schedule``, ``time_out``) and holds neither the store, a socket, a timer nor a
task; its host applies them, in order, under the room's lock (``RoomHost.apply``): a write that fails stops the list
there, has the table take its change back (``revert``) and refuses the move."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from paiju.server.schema import PlayerRow

__all__ = [
    "ArmDeadline", "ArmTick", "AutoTurn", "CancelDeadline", "Effect", "Schedule", "SendResult", "SendRoom",
    "SendViews", "StoreEvents", "StoreFinish", "StoreHand", "TakeOver", "changed",
]  # fmt: skip


@dataclass(frozen=True)
class StoreHand:
    """Store a hand just dealt before it is shown: the room's row with ``changes`` and the deal's ``events``. If it
    cannot be stored, ``revert`` gives the table its last hand back."""

    changes: dict[str, Any]
    events: list[Any]
    revert: Callable[[], None] = field(compare=False)


@dataclass(frozen=True)
class StoreEvents:
    """Store the running hand's ``events`` from index ``first`` on. If they cannot be stored, ``revert`` (engine work:
    a worker thread) rebuilds the hand without them."""

    first: int
    events: list[Any]
    revert: Callable[[], None] = field(compare=False)


@dataclass(frozen=True)
class StoreFinish:
    """Store the finished hand (its ``log`` and ``scores``); its public id goes back to the table. A failure is logged
    and the hand stored at the next deal, where (``strict``) a failure refuses the deal."""

    log: dict[str, Any]
    scores: list[int]
    strict: bool = False


@dataclass(frozen=True)
class TakeOver:
    """Put ``player`` on 托管 (stored): its time ran out too often."""

    player: PlayerRow


@dataclass(frozen=True)
class Schedule:
    """Arm what comes next for the hand as it now is (``Table.schedule``), replacing what was armed: the turn timer,
    the automatic turn, a paced deal's tick. ``delay`` replaces the room's bot delay (a retry's pause)."""

    delay: float | None = None


@dataclass(frozen=True)
class ArmDeadline:
    """Run the turn timer out at ``at`` (seconds since the epoch), replacing the one armed: the host then has the
    table play the seats still to act (``Table.time_out``)."""

    at: float


@dataclass(frozen=True)
class CancelDeadline:
    """Stop the turn timer: no person's turn is timed now."""


@dataclass(frozen=True)
class AutoTurn:
    """Play a seat the server plays, once the hand has ``expected`` events still, after ``delay`` seconds (the room's
    bot delay when ``None``) during which its bot thinks (``Table.decide``, ``Table.play``)."""

    expected: int
    delay: float | None = None


@dataclass(frozen=True)
class ArmTick:
    """End round ``step`` of a paced deal at ``at`` (``Table.end_round``); a new round (``ask``) first asks the seats
    the server plays for their move, off the lock."""

    step: int
    at: float
    ask: bool


@dataclass(frozen=True)
class SendViews:
    """Every connection its own seat's view of the hand as it is now (each seat sees its own cards alone)."""


@dataclass(frozen=True)
class SendResult:
    """The finished hand's settlement to every connection (nothing while a hand runs)."""


@dataclass(frozen=True)
class SendRoom:
    """The room frame (seats, scores, the turn's deadline) to every connection."""


Effect = (
    StoreHand | StoreEvents | StoreFinish | TakeOver | Schedule | ArmDeadline | CancelDeadline | AutoTurn | ArmTick
    | SendViews | SendResult | SendRoom
)


def changed() -> list[Effect]:
    """What a change of the hand asks next: arm the next turn, send the views, the settlement once the hand is over,
    then the room."""
    return [Schedule(), SendViews(), SendResult(), SendRoom()]
