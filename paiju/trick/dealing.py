"""Declaring while the cards are dealt (Q7.3 (ii), ``declaration_window = during_deal``): the cards come a round
at a time, one to each seat from the first, and between rounds every seat may declare or overturn at once; the
next round comes when every seat has let this one go by, and declaring closes after a round, once every card is
out, in which nobody declared."""

from __future__ import annotations

from paiju.trick.events import DealEvent, DealtEvent
from paiju.trick.state import TrickState

__all__ = ["begin", "deal_rest", "let_pass"]


def begin(state: TrickState, deal: DealEvent) -> None:
    """Hold the deal back and hand out its first round."""
    state.undealt = [list(h or ()) for h in deal.hands]
    state.hands = [[] for _ in deal.hands]
    state.rounds_dealt = 0
    _next_round(state)


def _next_round(state: TrickState) -> None:
    """Every seat's next card, and a fresh round in which every seat acts."""
    cards = tuple(h.pop(0) for h in state.undealt)
    for seat, card in enumerate(cards):
        state.hands[seat].append(card)
    state.rounds_dealt += 1
    state.events.append(DealtEvent(state.rounds_dealt, cards))
    _open_round(state)


def _open_round(state: TrickState) -> None:
    state.round_opened += 1
    state.answered = set()
    state.declared_in_round = False


def deal_rest(state: TrickState) -> None:
    """Hand out every round still to come at once (a ♥5 pair closed declaring: nothing is left to wait for)."""
    while state.undealt and state.undealt[0]:
        _next_round(state)


def let_pass(state: TrickState, seat: int) -> bool:
    """``seat`` lets the round go by; when every seat has, the next round is dealt. Returns whether declaring is
    over: the cards are out and nobody declared in the round."""
    state.answered.add(seat)
    if len(state.answered) < state.variant.players:
        return False
    if state.undealt and state.undealt[0]:
        _next_round(state)
        return False
    if state.declared_in_round:
        _open_round(state)  # a last word on the declaration just made, once every card is out
        return False
    return True
