"""Actions a seat can take in a Dou Dizhu-family hand: bid, pass, play, the speculator tables' gifts, partner
choice (小地主) and declaration (亮明身份), and 五人斗地主's reveal (亮出身份) and double (加倍)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from paiju.cards import face, format_card, format_cards
from paiju.patterns import Move
from paiju.patterns.generate import compiled_module

__all__ = [
    "Action", "Alone", "Bid", "Declare", "Double", "Give", "Grab", "Open", "Partner", "Pass", "Play", "Return", "Reveal", "action_text", "legal_plays", "new_plays",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``points`` for the landlord's seat."""

    points: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: no bid in the auction, or no play in a trick."""


class Play(NamedTuple):
    """Play a move; ``cards`` names the exact cards, or ``None`` to let the engine pick copies.

    Two plays are equal when their moves are (the cards named do not count). A named tuple, not a dataclass: a lead
    list wraps every move it holds, and ``new_plays`` makes them at tuple speed.
    """

    move: Move
    cards: tuple[int, ...] | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other.move == self.move

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.move)


_new_tuple = tuple.__new__


def new_plays(moves: Sequence[Move]) -> list[Play]:
    """``[Play(m) for m in moves]``, without a Python call per move (in one compiled call where it is built)."""
    fast = compiled_module()
    if fast is not None:
        plays: list[Play] = fast.pairs(Play, moves)
        return plays
    return [_new_tuple(Play, (m, None)) for m in moves]


def legal_plays(head: list[Action], moves: Sequence[Move]) -> Sequence[Action]:
    """``head`` then a ``Play`` of each of ``moves``: a list, or for a ``Lazy`` list of moves (wild readings on the
    compiled path) a ``Lazy`` list whose plays are made when read."""
    fast = compiled_module()
    if fast is not None and isinstance(moves, fast.Lazy):
        plays: Sequence[Action] = moves.plays(Play, head)
        return plays
    head.extend(new_plays(moves))
    return head


@dataclass(frozen=True, slots=True)
class Give:
    """The speculator puts ``card`` into the gift it is filling (speculator.md §4)."""

    card: int


@dataclass(frozen=True, slots=True)
class Partner:
    """The landlord shows ``cards``; the holder of their remaining copy is its small landlord (speculator.md §7)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Alone:
    """一打四: the landlord shows the same-suit pair ``cards`` and plays one against all, ×3 (§7)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Declare:
    """亮明身份: the small landlord makes itself known, ×2 (§7)."""


@dataclass(frozen=True, slots=True)
class Grab:
    """抢地主: take the landlord's seat from the temporary landlord, ×2 (other-games.md §1.2 step 4)."""


@dataclass(frozen=True, slots=True)
class Open:
    """明牌: play with the cards face up — before the deal (明牌开始, ×4) or, the landlord, after the bottom (×2)."""


@dataclass(frozen=True, slots=True)
class Reveal:
    """亮出身份: a landlord of 五人斗地主 makes the landlords' team public, ×2 once (other-games.md §5.2 step 4)."""


@dataclass(frozen=True, slots=True)
class Double:
    """加倍: double the settlements this seat takes part in, once (other-games.md §5.2 step 5, Q5.6)."""


@dataclass(frozen=True, slots=True, eq=False)
class Return:
    """斗帝主: the landlord puts back the bottom cards it does not keep; they leave play unseen (§6.1, Q6.2). Two
    returns of the same faces are one choice: the two decks' copies of a card are alike."""

    cards: tuple[int, ...]

    def faces(self) -> tuple[int, ...]:
        """The faces put back, in order (a card's face is the same in every deck copy)."""
        return tuple(sorted(face(c) for c in self.cards))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Return) and self.faces() == other.faces()

    def __hash__(self) -> int:
        return hash(self.faces())


Action = Bid | Pass | Play | Give | Partner | Alone | Declare | Grab | Open | Reveal | Double | Return


def action_text(action: Action) -> str:
    """How an action is written in the terminal and in ``paiju moves``: ``pass``, ``bid 2``, ``give 7h``,
    ``33344``, ``partner 7h``, ``alone 7h7h``, ``declare``, ``grab``, ``open``, ``reveal``, ``double``."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bid):
        return f"bid {action.points}"
    if isinstance(action, Give):
        return f"give {format_card(action.card)}"
    if isinstance(action, Partner):
        return f"partner {format_cards(action.cards)}"
    if isinstance(action, Alone):
        return f"alone {format_cards(action.cards)}"
    if isinstance(action, Return):
        return f"return {format_cards(action.cards)}"
    if isinstance(action, Declare):
        return "declare"
    if isinstance(action, Grab):
        return "grab"
    if isinstance(action, Open):
        return "open"
    if isinstance(action, Reveal):
        return "reveal"
    if isinstance(action, Double):
        return "double"
    return action.move.text()
