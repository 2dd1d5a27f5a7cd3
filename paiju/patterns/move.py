"""A move is a value: pattern kind, key rank, chain length, the cards' ranks, and bomb tier."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from paiju.cards import RANK_CHARS, format_ranks
from paiju.variants import PatternKind

__all__ = [
    "Move",
    "NO_COLOUR",
    "NO_TIER",
    "AmbiguousMoveError",
    "IllegalMoveError",
    "beats",
    "describe",
    "key_rank",
    "spaceship_key",
    "spaceship_trio_top",
]

#: ``Move.tier`` of every move that is not a bomb.
NO_TIER = -1
#: ``Move.colour`` on every table but the two-colour ones (there: ``Colour.BLACK`` or ``Colour.RED``).
NO_COLOUR = -1
_COLOUR_NAMES = ("black", "red")
#: How ``describe`` names the bomb classes with wild cards (癞子 W6): soft (软炸弹) and pure wild (纯癞子炸弹).
_BOMB_WORDS = {"soft": "soft ", "wild": "pure wild "}
_CHAIN_KINDS = (
    PatternKind.STRAIGHT,
    PatternKind.PAIR_CHAIN,
    PatternKind.TRIPLE_CHAIN,
    PatternKind.AIRPLANE_SINGLES,
    PatternKind.AIRPLANE_PAIRS,
    PatternKind.QUAD_CHAIN,
    PatternKind.CARRIER,
)
#: A spaceship's key holds its trio chain's top in sixteenths of a rank (every top 3…A fits below 1).
_TRIO_PART = 16


class IllegalMoveError(ValueError):
    """A move the rules do not allow here; the message says why."""


class AmbiguousMoveError(ValueError):
    """Cards that can be played as more than one move; the message lists the readings."""


class Move(NamedTuple):
    """One interpretation of a set of cards.

    ``key`` is the value that is compared: the rank index of a chain's top, a body or a bomb;
    a fractional key places a rank between two others (a speculator's play of only 3s sits
    between A and 2, a rank a table promotes between 2 and the black joker), except a spaceship's,
    whose fraction is its trio chain's top (``spaceship_key``: quads first, then trios);
    ``length`` is the number of links in a chain (1 for everything else); ``ranks`` holds
    the rank of every card, sorted; ``tier`` is the bomb class's tier on the table's bomb
    ladder, or ``NO_TIER``; ``wilds`` pairs each wild card's own rank with the rank it
    stands for; ``colour`` is the body's colour on the two-colour tables (speculator.md §14).
    Two moves with the same cards but different meanings are different moves.
    """

    kind: PatternKind
    key: float
    length: int
    ranks: tuple[int, ...]
    tier: int = NO_TIER
    bomb: str = ""
    wilds: tuple[tuple[int, int], ...] = ()
    colour: int = NO_COLOUR

    @property
    def is_bomb(self) -> bool:
        """Whether the move sits on the bomb ladder."""
        return self.tier != NO_TIER

    @property
    def size(self) -> int:
        """Number of cards played."""
        return len(self.ranks)

    def text(self) -> str:
        """Canonical card string: ranks low to high; a wild card is followed by ``(rank)``; on the
        two-colour tables the body's colour follows (``77 red``)."""
        if self.colour != NO_COLOUR:
            return f"{self._replace(colour=NO_COLOUR).text()} {_COLOUR_NAMES[self.colour]}"
        if not self.wilds:
            return _ranks_text(self.ranks)
        plain = list(self.ranks)
        for face, _ in self.wilds:
            plain.remove(face)
        parts = [(r, RANK_CHARS[r]) for r in plain]
        parts += [(stand, f"{RANK_CHARS[face]}({RANK_CHARS[stand]})") for face, stand in self.wilds]
        return "".join(t for _, t in sorted(parts, key=lambda p: p[0]))


@lru_cache(maxsize=4096)
def _ranks_text(ranks: tuple[int, ...]) -> str:
    """``format_ranks``, kept for the plays a table sees again and again (every play's event names its cards)."""
    return format_ranks(ranks)


def beats(a: Move, b: Move) -> bool:
    """Whether ``a`` may be played on ``b`` (other-games.md §0.3 C4).

    A non-bomb beats a non-bomb only with the same kind, card count and chain length and a
    strictly higher key; a bomb beats every non-bomb; bombs compare by ladder tier, then key.
    Equal never beats.
    """
    if a.tier != NO_TIER:
        return b.tier == NO_TIER or (a.tier, a.key) > (b.tier, b.key)
    if b.tier != NO_TIER:
        return False
    return a.kind == b.kind and a.length == b.length and len(a.ranks) == len(b.ranks) and a.key > b.key


def spaceship_key(quad_top: int, trio_top: int) -> float:
    """A spaceship's key (§6.4, Q6.5): its quad chain's top decides, then its trio chain's; the pairs never do."""
    return quad_top + trio_top / _TRIO_PART


def spaceship_trio_top(move: Move) -> int:
    """The top rank of a spaceship's trio chain, read back from its key."""
    return round((move.key - int(move.key)) * _TRIO_PART)


def key_rank(move: Move) -> int:
    """The rank a move's key names (a spaceship's: its quads' top; for another fractional key: the most common
    rank it plays as)."""
    if move.key == int(move.key) or move.kind == PatternKind.SPACESHIP:
        return int(move.key)
    played = list(move.ranks)
    for face, stands in move.wilds:
        played.remove(face)
        played.append(stands)
    return max(set(played), key=lambda r: (played.count(r), r))


def describe(move: Move) -> str:
    """A player-facing description, e.g. ``triple+single (3)``, ``bomb of 4 (7)``, ``rocket``."""
    if move.colour != NO_COLOUR:
        return f"{_COLOUR_NAMES[move.colour]} {describe(move._replace(colour=NO_COLOUR))}"
    key = RANK_CHARS[key_rank(move)]
    if move.kind == PatternKind.SPACESHIP:
        return f"{move.kind} of {move.length} (quads top {key}, trios top {RANK_CHARS[spaceship_trio_top(move)]})"
    if move.kind in _CHAIN_KINDS:
        return f"{move.kind} of {move.length} (top {key})"
    if move.kind == PatternKind.BOMB:
        return f"{_BOMB_WORDS.get(move.bomb[:4], '')}bomb of {move.size} ({key})"
    if move.is_bomb:
        return "rocket" if move.bomb == "BR" else f"joker bomb {move.bomb}"
    return f"{move.kind} ({key})"
