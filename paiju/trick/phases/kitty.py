"""The kitty (other-games.md §7.4–§7.5): once declaring closes, the trump stands (or the kitty is turned up to
decide it, or a match's first hand is dealt again); the 庄家 takes the kitty and buries as many cards (扣底); then
抄底: in turn from the next seat, a stronger pair re-takes the kitty and buries again, until every other seat in a
row declines."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from paiju.cards import Card
from paiju.engine.phase import CONTINUE, DONE, REDEAL, Capped, Step
from paiju.errors import Reason
from paiju.trick.actions import Action, Bury, Declare
from paiju.trick.declare import RED_FIVE_PAIR, kitty_flip_is_joker, kitty_trump
from paiju.trick.events import BuryEvent, FlipEvent, PassEvent, RedealEvent
from paiju.trick.leads import face_multisets, group_faces, play_of
from paiju.trick.order import Trumps
from paiju.trick.phases.common import LIST_CAP, Automatic, Turn, missing, not_now, verb
from paiju.trick.phases.declare import declaration_refused, offers, record
from paiju.trick.state import Phase as Stage
from paiju.trick.state import TrickState

__all__ = ["Burying", "Chaodi", "TakeKitty"]


class TakeKitty(Automatic):
    """The trump stands; nobody declared: redeal in a match's first hand, else turn up the kitty (§7.4). The 庄家
    takes the kitty."""

    def enter(self, state: TrickState) -> Step:
        """Settle the trump and hand the kitty to the 庄家."""
        if state.call.standing is None:
            if state.match.dealer is None:
                state.events.append(RedealEvent())
                return REDEAL
            state.call.trump = kitty_trump(state.kitty, state.level)
            state.call.strength = 1
            state.call.flipped_joker = kitty_flip_is_joker(state.kitty, state.level)
            state.events.append(FlipEvent(tuple(state.kitty), state.call.trump))
        assert state.dealer is not None
        _take_kitty(state, state.dealer)
        return DONE


def _take_kitty(state: TrickState, seat: int) -> None:
    """``seat`` takes the kitty into its hand and must bury as many cards (扣底)."""
    state.call.holder = seat
    state.hands[seat].extend(state.kitty)
    state.kitty = []
    state.phase, state.to_act = Stage.BURY, seat


class Burying(Turn):
    """The kitty's holder buries as many cards as the kitty held (扣底)."""

    name = Stage.BURY

    def enter(self, state: TrickState) -> Step:
        """The holder buries (the kitty's taker set it to act)."""
        return CONTINUE

    def legal(self, state: TrickState, seat: int) -> Capped[Action]:
        """Burials, the cheapest first, at most ``LIST_CAP`` listed (any other is accepted when typed)."""

        def listing() -> Iterator[Action]:
            burials = _burials(state.hands[seat], state.variant.bottom_size, state.trumps)
            return (Bury(cards) for cards in islice(burials, LIST_CAP))

        return Capped(listing, lambda action: isinstance(action, Bury) and _bury_problem(state, seat, action) is None)

    def explain(self, state: TrickState, seat: int, action: Action) -> str:
        """Why the burial is refused."""
        problem = _bury_problem(state, seat, action)
        assert problem is not None, "a burial the rules allow is taken"
        return problem

    def apply(self, state: TrickState, seat: int, action: Action) -> Step:
        """The cards leave the holder's hand as the new kitty."""
        assert isinstance(action, Bury)
        for card in action.cards:
            state.hands[seat].remove(card)
        state.kitty = list(action.cards)
        state.events.append(BuryEvent(seat, tuple(action.cards)))
        return DONE


class Chaodi(Turn):
    """抄底 (§7.5), offered in turn from the seat after the holder, unless nothing can beat the trump: a ♥5 pair
    stands, or (``closed_by_joker``, Q7.9 (c)) the kitty was turned up on a joker. A stronger pair takes the kitty,
    and its new holder buries (here: the step comes back to 抄底 after each burial)."""

    name = Stage.CHAODI

    def __init__(self, closed_by_joker: bool) -> None:
        self.closed_by_joker = closed_by_joker
        self._bury = Burying()

    def enter(self, state: TrickState) -> Step:
        """Offer 抄底 from the seat after the holder, or close it."""
        if state.call.strength >= RED_FIVE_PAIR or (state.call.flipped_joker and self.closed_by_joker):
            return DONE
        state.phase, state.call.passes = Stage.CHAODI, 0
        state.to_act = (state.call.holder + 1) % state.variant.players
        return CONTINUE

    def legal(self, state: TrickState, seat: int) -> Sequence[Action]:
        """Pass or a stronger pair; the new holder's burials."""
        if state.phase is Stage.BURY:
            return self._bury.legal(state, seat)
        return offers(state, seat, chaodi=True)

    def explain(self, state: TrickState, seat: int, action: Action) -> str:
        """Why the action is refused."""
        if state.phase is Stage.BURY:
            return self._bury.explain(state, seat, action)
        return declaration_refused(state, seat, action, chaodi=True)

    def apply(self, state: TrickState, seat: int, action: Action) -> Step:
        """A stronger pair takes the kitty; a burial offers 抄底 again; 3 declines in a row close it."""
        if state.phase is Stage.BURY:
            self._bury.apply(state, seat, action)
            return self.enter(state)
        if isinstance(action, Declare):
            record(state, seat, action.declaration, retake=True)
            _take_kitty(state, seat)
            return CONTINUE
        state.events.append(PassEvent(seat))
        state.call.passes += 1
        players = state.variant.players
        if state.call.passes >= players - 1:
            return DONE
        nxt = (seat + 1) % players
        state.to_act = (nxt + 1) % players if nxt == state.call.holder else nxt
        return CONTINUE


def _bury_problem(state: TrickState, seat: int, action: Action) -> str | None:
    """Why ``action`` is not a burial for ``seat``: another step's action, or not exactly the kitty's size of cards
    from the hand (``None``: it is one)."""
    if not isinstance(action, Bury):
        return not_now(verb(action), state.phase)
    size, cards = state.variant.bottom_size, action.cards
    if len(cards) != size:
        return Reason("bury_size", f"bury exactly {size} cards, not {len(cards)}", n=size, given=len(cards))
    return missing(state.hands[seat], cards)


def _burials(hand: Sequence[Card], size: int, trumps: Trumps) -> Iterator[tuple[Card, ...]]:
    """Burials, each once by faces (identical cards are interchangeable), the cheapest first: side cards before
    trumps, low cards before high (so the first listed is a sensible hint)."""
    groups = group_faces(hand)
    dearest_first = sorted(groups, key=lambda f: (trumps.is_trump(f), trumps.strength(f), f), reverse=True)
    stock = [(f, len(groups[f])) for f in dearest_first]
    return (play_of(faces, groups) for faces in face_multisets(stock, size))
