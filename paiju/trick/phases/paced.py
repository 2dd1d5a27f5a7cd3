"""Declaring while the cards are dealt (Q7.3 (ii), ``declaration_window = during_deal``), a phase every seat acts in
at once: the cards come a round at a time, one to each seat from the first, and between rounds every seat may
declare or overturn; the next round comes when every seat has let this one go by, and declaring closes after a
round, once every card is out, in which nobody declared (at once on a ♥5 pair: the rest is dealt)."""

from __future__ import annotations

from paiju.engine.phase import CONTINUE, DONE, Capped, Step
from paiju.errors import Reason
from paiju.trick.actions import Action, Declare
from paiju.trick.events import DealtEvent, PassEvent
from paiju.trick.phases.common import AtOnce
from paiju.trick.phases.declare import declaration_refused, offers, record
from paiju.trick.state import Phase as Stage
from paiju.trick.state import TrickState

__all__ = ["PacedDeclaring"]


class PacedDeclaring(AtOnce):
    """Deal round by round; the seats that have not let the current round go by act, all at once."""

    name = Stage.DECLARE

    def enter(self, state: TrickState) -> Step:
        """Hold the deal back and hand out its first round."""
        state.phase, state.to_act = Stage.DECLARE, state.first
        state.dealing.undealt, state.hands = state.hands, [[] for _ in state.hands]
        state.dealing.rounds_dealt = 0
        _next_round(state)
        return CONTINUE

    def actors(self, state: TrickState) -> frozenset[int]:
        """Every seat that has not let this round go by."""
        return frozenset(range(state.variant.players)) - state.dealing.answered

    def legal(self, state: TrickState, seat: int) -> Capped[Action]:
        """Pass (let the round go by), or any declaration the seat may show."""
        return offers(state, seat, chaodi=False)

    def explain(self, state: TrickState, seat: int, action: Action) -> str:
        """Why the action is refused."""
        return declaration_refused(state, seat, action, chaodi=False)

    def idle(self, state: TrickState, seat: int, actors: frozenset[int]) -> str:
        """The seat has let this round go by."""
        return Reason("round_passed", f"seat {seat} has let this round of the deal go by: wait for the next card")

    def apply(self, state: TrickState, seat: int, action: Action) -> Step:
        """A declaration stands (a ♥5 pair deals the rest and closes declaring); a pass lets the round go by."""
        if isinstance(action, Declare):
            record(state, seat, action.declaration, retake=False)
            if action.declaration.red_five:
                while state.dealing.undealt and state.dealing.undealt[0]:
                    _next_round(state)
                return DONE
            state.dealing.declared_in_round = True
            return CONTINUE
        state.events.append(PassEvent(seat))
        state.call.passes += 1
        return DONE if _let_pass(state, seat) else CONTINUE


def _next_round(state: TrickState) -> None:
    """Every seat's next card, and a fresh round in which every seat acts."""
    cards = tuple(h.pop(0) for h in state.dealing.undealt)
    for seat, card in enumerate(cards):
        state.hands[seat].append(card)
    state.dealing.rounds_dealt += 1
    state.events.append(DealtEvent(state.dealing.rounds_dealt, cards))
    _open_round(state)


def _open_round(state: TrickState) -> None:
    state.dealing.round_opened += 1
    state.dealing.answered = set()
    state.dealing.declared_in_round = False


def _let_pass(state: TrickState, seat: int) -> bool:
    """``seat`` lets the round go by; when every seat has, the next round is dealt. Returns whether declaring is
    over: the cards are out and nobody declared in the round."""
    state.dealing.answered.add(seat)
    if len(state.dealing.answered) < state.variant.players:
        return False
    if state.dealing.undealt and state.dealing.undealt[0]:
        _next_round(state)
        return False
    if state.dealing.declared_in_round:
        _open_round(state)  # a last word on the declaration just made, once every card is out
        return False
    return True
