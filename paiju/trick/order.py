"""The trump order of a 炒地皮 hand (other-games.md §7.6): each card's category (trumps or its side suit), its
strength within it, and where it stands for tractors (§7.7)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property

from paiju.cards import (
    BLACK_JOKER,
    CARDS_PER_DECK,
    RED_JOKER,
    Card,
    Rank,
    Suit,
    card_rank,
    card_suit,
    face,
    format_card,
)

__all__ = ["TRUMP", "Trumps", "is_red_five", "natural", "trick_text", "trumps_of"]

#: The category of every trump; a side card's category is its suit (``Suit``, 0–3).
TRUMP = 4
_TOP, _RED, _BLACK, _LEVEL_IN_SUIT, _LEVEL_OFF_SUIT, _SUIT_BASE = 100, 99, 98, 97, 96, 80


def natural(rank: int) -> int:
    """A rank's place in the suit order 2 lowest … A highest (0 … 12), jokers above."""
    return rank + 1 if rank < Rank.TWO else 0 if rank == Rank.TWO else rank


def trick_text(cards: Iterable[Card]) -> str:
    """Cards as 炒地皮 writes them: by rank in its own order (2 lowest … A, then the jokers), then suit."""
    return " ".join(format_card(c) for c in sorted(cards, key=lambda c: (natural(card_rank(c)), face(c), c)))


def is_red_five(card: Card) -> bool:
    """5♥, the top trump of every hand (「红桃 5 永远是主牌」)."""
    return card_rank(card) == Rank.FIVE and card_suit(card) == Suit.HEARTS


@dataclass(frozen=True)
class Trumps:
    """One hand's trumps: the level rank ``level`` (a rank index), the trump ``suit`` (``None``: no-trump), and
    whether it is a 扛旗 hand, where only 5♥ and the jokers are trumps (§7.13 G2)."""

    level: int
    suit: Suit | None
    kangqi: bool = False

    @cached_property
    def _faces(self) -> _FaceOrder:
        """Every face's category, strength and tractor step, worked out once per trump order (every play a seat
        may make asks them of each of its cards)."""
        return _face_order(self)

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is a trump (§7.6's table)."""
        return self._faces.category[card % CARDS_PER_DECK] == TRUMP

    def category(self, card: Card) -> int:
        """``TRUMP``, or the side suit ``card`` belongs to: following suit means following the category."""
        return self._faces.category[card % CARDS_PER_DECK]

    def strength(self, card: Card) -> int:
        """``card``'s place in its category, higher beating lower; every trump is above every side card and
        identical cards are equal (so are the level cards off the trump suit)."""
        return self._faces.strength[card % CARDS_PER_DECK]

    def step(self, card: Card) -> tuple[int, int] | None:
        """Where ``card`` stands for tractors: pairs whose steps share a category and follow on (``n``, ``n+1``)
        are adjacent.  Side suits skip the cards that left them (the level rank, 5♥: Q7.12); the trump suit
        counts by natural rank with its level card in place and no gap closed (Q7.11 (i)).  ``None`` for the
        cards that are in no tractor: jokers, 5♥, the level cards off the trump suit, every trump of a
        no-trump or 扛旗 hand."""
        return self._faces.step[card % CARDS_PER_DECK]

    def _work_out_trump(self, card: Card) -> bool:
        """``is_trump`` from the rules."""
        rank = card_rank(card)
        if rank >= BLACK_JOKER or is_red_five(card):
            return True
        if self.kangqi:
            return False
        return rank == self.level or card_suit(card) == self.suit

    def _work_out_category(self, card: Card) -> int:
        """``category`` from the rules."""
        if self._work_out_trump(card):
            return TRUMP
        suit = card_suit(card)
        assert suit is not None
        return int(suit)

    def _work_out_strength(self, card: Card) -> int:
        """``strength`` from the rules."""
        rank = card_rank(card)
        if is_red_five(card):
            return _TOP
        if rank == RED_JOKER:
            return _RED
        if rank == BLACK_JOKER:
            return _BLACK
        if not self.kangqi and rank == self.level:
            return _LEVEL_IN_SUIT if card_suit(card) == self.suit else _LEVEL_OFF_SUIT
        base = _SUIT_BASE if self._work_out_trump(card) else 0
        return base + natural(rank)

    def _work_out_step(self, card: Card) -> tuple[int, int] | None:
        """``step`` from the rules."""
        if card_rank(card) >= BLACK_JOKER or is_red_five(card):
            return None
        rank, suit = card_rank(card), card_suit(card)
        assert suit is not None
        if self._work_out_trump(card):
            if self.suit is None or suit != self.suit:
                return None
            return (TRUMP, natural(rank))
        below = sum(
            1
            for r in range(13)
            if natural(r) < natural(rank)
            and (self.kangqi or r != self.level)
            and not (r == Rank.FIVE and suit == Suit.HEARTS)
        )
        return (int(suit), below)


@dataclass(frozen=True)
class _FaceOrder:
    """A trump order read off per face (a card's ``card % CARDS_PER_DECK``): category, strength, tractor step."""

    category: tuple[int, ...]
    strength: tuple[int, ...]
    step: tuple[tuple[int, int] | None, ...]


@cache
def trumps_of(level: int, suit: Suit | None, kangqi: bool) -> Trumps:
    """The one ``Trumps`` of each trump order (a hand asks for its own at every play: its faces are worked out once)."""
    return Trumps(level, suit, kangqi)


@cache
def _face_order(trumps: Trumps) -> _FaceOrder:
    """The ``_FaceOrder`` of ``trumps``, made once per trump order (a hand has a few: level, suit, 扛旗)."""
    faces = range(CARDS_PER_DECK)
    return _FaceOrder(
        tuple(trumps._work_out_category(f) for f in faces),
        tuple(trumps._work_out_strength(f) for f in faces),
        tuple(trumps._work_out_step(f) for f in faces),
    )
