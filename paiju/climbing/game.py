"""One hand of a Dou Dizhu-family game as a state machine: deal, bid, bottom, play, settle.

``Game.legal_actions()`` lists what the seat to act may do; ``Game.apply(action)`` checks
the action first and raises ``IllegalMoveError`` (state untouched) when it is not allowed.
Randomness comes only from the seeded RNG the game holds; every step is recorded in the
event log, which replays to the identical state (``paiju.climbing.log``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from paiju.cards import Card, card_rank, deck_cards, format_cards, rank_counts, sort_cards
from paiju.climbing.actions import Action, Bid, Pass, Play
from paiju.patterns import IllegalMoveError, Move, beats, classify_ranks, describe, generate_counts
from paiju.variants import Variant

__all__ = ["Deal", "Game", "PlayRecord", "Result"]

BID = "bid"
PLAY = "play"
OVER = "over"


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: one hand per seat, the bottom, and the face-up marker card."""

    hands: tuple[tuple[Card, ...], ...]
    bottom: tuple[Card, ...]
    marker: Card


@dataclass(frozen=True)
class PlayRecord:
    """One turn of the play phase: who, and the move (``None`` for a pass)."""

    seat: int
    move: Move | None
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Result:
    """How a hand ended: the winning side, the stake and every seat's score."""

    winner: int
    landlord_won: bool
    bid: int
    doublings: int
    spring: bool
    stake: int
    scores: tuple[int, ...]


class Game:
    """A single hand.  Create with ``Game.new(variant, seed)``."""

    def __init__(self, variant: Variant, seed: int, dealer: int = 0, deals: Sequence[Deal] = ()) -> None:
        self.variant = variant
        self.seed = seed
        self.dealer = dealer % variant.players
        self.rng = random.Random(seed)
        self._scripted_deals = list(deals)
        self.events: list[dict[str, Any]] = []
        self.deal_count = 0
        self._version = 0
        self._legal_cache: tuple[int, list[Action]] | None = None
        self._start_deal()

    @classmethod
    def new(cls, variant: Variant, seed: int | None = None, dealer: int = 0) -> Game:
        """A freshly dealt hand; ``seed=None`` picks a random seed (still recorded)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        return cls(variant, seed, dealer)

    # ------------------------------------------------------------------ dealing
    def _draw_deal(self) -> Deal:
        """The next deal: from the replayed log if one is scripted, else shuffled by the RNG."""
        v = self.variant
        if self._scripted_deals:
            deal = self._scripted_deals.pop(0)
            _check_deal(v, deal)
            return deal
        pack = deck_cards(v.decks, v.removed_rank_indices)
        self.rng.shuffle(pack)
        h = v.hand_size
        hands = tuple(tuple(pack[i * h : (i + 1) * h]) for i in range(v.players))
        bottom = tuple(pack[v.players * h :])
        # other-games.md Q3.1: the marker card is chosen among the cards dealt to players.
        marker = pack[self.rng.randrange(v.players * h)]
        return Deal(hands, bottom, marker)

    def _start_deal(self) -> None:
        v = self.variant
        deal = self._draw_deal()
        self.deal = deal
        self.deal_count += 1
        self.hands: list[list[Card]] = [list(h) for h in deal.hands]
        self.counts: list[list[int]] = [rank_counts(h) for h in deal.hands]
        self.bottom: list[Card] = list(deal.bottom)
        self.first_bidder = next(s for s, h in enumerate(deal.hands) if deal.marker in h)
        self.phase = BID
        self.to_act = self.first_bidder
        self.high_bid = 0
        self.landlord: int | None = None
        self.bid_passes = 0
        self.bids_made = 0
        self.bid_history: list[tuple[int, int]] = []
        self.trick: PlayRecord | None = None
        self.play_passes = 0
        self.plays: list[PlayRecord] = []
        self.doublings = 0
        self.played_by: list[int] = [0] * v.players
        self.result: Result | None = None
        self.events.append(
            {
                "type": "deal",
                "hands": [list(h) for h in deal.hands],
                "bottom": list(deal.bottom),
                "marker": deal.marker,
                "first_bidder": self.first_bidder,
            }
        )
        self._touch()

    def _touch(self) -> None:
        self._version += 1
        self._legal_cache = None

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        """Whether the hand has been settled."""
        return self.phase == OVER

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.variant.players

    def is_leading(self) -> bool:
        """Whether the seat to act starts a new trick (and so may not pass)."""
        return self.trick is None or self.trick.seat == self.to_act

    def multiplier(self) -> int:
        """Current multiplier on the bid: ×2 per doubling bomb played so far."""
        return int(2**self.doublings)

    def legal_actions(self) -> list[Action]:
        """Everything the seat to act may do now (empty once the hand is over)."""
        cache = self._legal_cache
        if cache is not None and cache[0] == self._version:
            return cache[1]
        actions: list[Action]
        if self.phase == BID:
            actions = [Pass()]
            actions += [Bid(p) for p in range(self.high_bid + 1, self.variant.max_bid + 1)]
        elif self.phase == PLAY:
            counts = self.counts[self.to_act]
            if self.is_leading():
                actions = [Play(m) for m in generate_counts(self.variant, counts)]
            else:
                assert self.trick is not None and self.trick.move is not None
                actions = [Pass()]
                actions += [Play(m) for m in generate_counts(self.variant, counts, self.trick.move)]
        else:
            actions = []
        self._legal_cache = (self._version, actions)
        return actions

    # ------------------------------------------------------------------ transitions
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Take ``action`` for the seat to act; raise ``IllegalMoveError`` (and change nothing) if not allowed."""
        if self.phase == OVER:
            raise IllegalMoveError("the hand is over")
        if seat is not None and seat != self.to_act:
            raise IllegalMoveError(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        if self.phase == BID:
            self._apply_bid(action)
        else:
            self._apply_play(action)
        self._touch()

    def _apply_bid(self, action: Action) -> None:
        v = self.variant
        if isinstance(action, Play):
            raise IllegalMoveError("bidding is not over yet: bid or pass")
        if isinstance(action, Bid):
            if not self.high_bid < action.points <= v.max_bid:
                if action.points <= self.high_bid:
                    raise IllegalMoveError(f"a bid must be higher than the current bid of {self.high_bid}")
                raise IllegalMoveError(f"bids go up to {v.max_bid}")
        seat = self.to_act
        self.bids_made += 1
        if isinstance(action, Bid):
            self.high_bid = action.points
            self.landlord = seat
            self.bid_passes = 0
            self.bid_history.append((seat, action.points))
            self.events.append({"type": "bid", "seat": seat, "points": action.points})
        else:
            self.bid_passes += 1
            self.bid_history.append((seat, 0))
            self.events.append({"type": "pass", "seat": seat})
        if self._auction_over():
            if self.landlord is None:
                self.events.append({"type": "redeal", "reason": "nobody bid"})
                self._start_deal()
            else:
                self._start_play()
            return
        self.to_act = (seat + 1) % v.players

    def _auction_over(self) -> bool:
        """other-games.md §3.2: a top bid ends it; N−1 passes after a bid; N passes and no bid: redeal."""
        n = self.variant.players
        if self.high_bid == self.variant.max_bid:
            return True
        if self.variant.single_round_auction:
            return self.bids_made == n
        if self.landlord is None:
            return self.bid_passes == n
        return self.bid_passes == n - 1

    def _start_play(self) -> None:
        assert self.landlord is not None
        seat = self.landlord
        self.hands[seat].extend(self.bottom)
        self.counts[seat] = rank_counts(self.hands[seat])
        self.events.append(
            {"type": "landlord", "seat": seat, "bid": self.high_bid, "bottom": list(self.bottom)}
        )
        self.phase = PLAY
        self.to_act = seat

    def _apply_play(self, action: Action) -> None:
        seat = self.to_act
        if isinstance(action, Bid):
            raise IllegalMoveError("bidding is over: play cards or pass")
        if isinstance(action, Pass):
            if self.is_leading():
                raise IllegalMoveError("you lead this trick, so you must play (a pass is not allowed)")
            self.play_passes += 1
            self.plays.append(PlayRecord(seat, None, ()))
            self.events.append({"type": "pass", "seat": seat})
            if self.play_passes == self.variant.players - 1:
                self.to_act = self.trick.seat if self.trick else seat
                self.trick = None
                self.play_passes = 0
            else:
                self.to_act = (seat + 1) % self.variant.players
            return
        move = action.move
        cards = self._cards_for(seat, move, action.cards)
        if action not in self.legal_actions():
            raise IllegalMoveError(self.why_illegal(move))
        for c in cards:
            self.hands[seat].remove(c)
            self.counts[seat][card_rank(c)] -= 1
        record = PlayRecord(seat, move, cards)
        self.plays.append(record)
        self.played_by[seat] += 1
        self.trick = record
        self.play_passes = 0
        if move.bomb in self.variant.doubling_bombs:
            self.doublings += 1
        self.events.append(
            {
                "type": "play",
                "seat": seat,
                "cards": list(cards),
                "text": move.text(),
                "kind": move.kind,
                "key": move.key,
                "length": move.length,
            }
        )
        if not self.hands[seat]:
            self._settle(seat)
        else:
            self.to_act = (seat + 1) % self.variant.players

    def _cards_for(self, seat: int, move: Move, chosen: tuple[Card, ...] | None) -> tuple[Card, ...]:
        """The concrete cards for ``move``: the ones named, or the lowest copies the seat holds."""
        hand = self.hands[seat]
        if chosen is not None:
            missing = [c for c in chosen if c not in hand]
            if missing or len(set(chosen)) != len(chosen):
                raise IllegalMoveError(f"you don't hold {format_cards(missing or chosen)}")
            if sorted(card_rank(c) for c in chosen) != list(move.ranks):
                raise IllegalMoveError("those cards are not the move named")
            return tuple(sort_cards(chosen))
        picked: list[Card] = []
        pool = sort_cards(hand)
        for r in move.ranks:
            card = next((c for c in pool if card_rank(c) == r and c not in picked), None)
            if card is None:
                raise IllegalMoveError(f"you don't hold the cards for {move.text()}")
            picked.append(card)
        return tuple(picked)

    def why_illegal(self, move: Move) -> str:
        """A player-facing reason why ``move`` cannot be played now."""
        if move not in classify_ranks(self.variant, move.ranks):
            return f"{move.text()} is not a valid combination at this table"
        if self.trick is not None and self.trick.move is not None and not self.is_leading():
            current = self.trick.move
            if not beats(move, current):
                return (
                    f"{move.text()} does not beat {current.text()} ({describe(current)}): play the "
                    "same kind with the same number of cards and a higher rank, a bomb, or pass"
                )
        return f"{move.text()} cannot be played now"

    # ------------------------------------------------------------------ settlement
    def _settle(self, winner: int) -> None:
        """other-games.md §3.6: stake = bid × 2^bombs; each farmer pays or receives it."""
        v = self.variant
        assert self.landlord is not None
        landlord = self.landlord
        landlord_won = winner == landlord
        losers = [s for s in range(v.players) if (s != landlord) == landlord_won]
        spring = v.spring and all(
            self.played_by[s] <= (1 if s == landlord else 0) for s in losers
        )
        stake = self.high_bid * 2**self.doublings * (2 if spring else 1)
        sign = 1 if landlord_won else -1
        scores = [0] * v.players
        for s in range(v.players):
            if s != landlord:
                scores[s] = -sign * stake
                scores[landlord] += sign * stake
        self.result = Result(winner, landlord_won, self.high_bid, self.doublings, spring, stake, tuple(scores))
        self.phase = OVER
        self.events.append(
            {
                "type": "end",
                "winner": winner,
                "landlord_won": landlord_won,
                "stake": stake,
                "spring": spring,
                "scores": scores,
            }
        )


def _check_deal(variant: Variant, deal: Deal) -> None:
    """Refuse a scripted deal that is not a shuffle of this table's pack."""
    sizes = [len(h) for h in deal.hands]
    if sizes != [variant.hand_size] * variant.players or len(deal.bottom) != variant.bottom_size:
        raise ValueError(
            f"a {variant.name} deal has {variant.players} hands of {variant.hand_size} and a bottom of "
            f"{variant.bottom_size}; got hands of {sizes} and a bottom of {len(deal.bottom)}"
        )
    dealt = sorted(c for h in deal.hands for c in h) + sorted(deal.bottom)
    if sorted(dealt) != sorted(deck_cards(variant.decks, variant.removed_rank_indices)):
        raise ValueError("the deal is not one full pack: a card is missing, repeated or foreign")
    if not any(deal.marker in h for h in deal.hands):
        raise ValueError("the marker card is not in any hand")
