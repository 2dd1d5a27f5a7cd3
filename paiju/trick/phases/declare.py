"""Declaring after the deal (亮主 / 反主, other-games.md §7.3): seats declare or pass in turn from the first seat
dealt to, until every seat in a row has passed or a ♥5 pair closes it; and what a declaration does, here, while the
cards are dealt and in 抄底."""

from __future__ import annotations

from paiju.engine.phase import CONTINUE, DONE, Capped, Step
from paiju.errors import Reason
from paiju.trick.actions import Action, Declare, Pass
from paiju.trick.declare import RED_FIVE_PAIR, Declaration, declaration_problem, declarations
from paiju.trick.events import DeclareEvent, PassEvent
from paiju.trick.phases.common import Turn, not_now, verb
from paiju.trick.state import Phase as Stage
from paiju.trick.state import TrickState, side_of

__all__ = ["Declaring", "declaration_refused", "offers", "record"]


def standing(state: TrickState, chaodi: bool) -> Declaration | None:
    """What a declaration must beat: in 抄底, the strength alone (a kitty-decided trump counts as 1), since
    overturning one's own declaration is a rule of declaring, not of re-taking the kitty (§7.5)."""
    if not chaodi:
        return state.call.standing
    return Declaration(-1, (), max(state.call.strength, 1), state.call.trump)


def offers(state: TrickState, seat: int, chaodi: bool) -> Capped[Action]:
    """A pass, and every declaration ``seat`` may show now (in 抄底 only a stronger pair), listed when first read: a
    pass, most of a declaring seat's turns (every round of a paced deal), is taken without listing them."""

    def listing() -> list[Action]:
        held, rules = state.hands[seat], state.rules
        shown = declarations(held, seat, standing(state, chaodi), state.level, rules, pairs_only=chaodi)
        return [Pass(), *(Declare(d) for d in shown)]

    offered: Capped[Action] = Capped(listing, lambda action: isinstance(action, Pass) or action in offered[1:])
    return offered


def declaration_refused(state: TrickState, seat: int, action: Action, chaodi: bool) -> str:
    """Why ``seat`` may not take ``action`` (refused) while declaring or in 抄底."""
    if not isinstance(action, Declare):
        return not_now(verb(action), state.phase)
    if action.declaration.seat != seat:
        return Reason("own_declaration", "a declaration shows your own cards")
    problem = declaration_problem(
        action.declaration, standing(state, chaodi), state.hands[seat], state.level, state.rules, pairs_only=chaodi
    )
    assert problem is not None, "every declaration the rules allow is offered"
    return problem


def record(state: TrickState, seat: int, shown: Declaration, retake: bool) -> None:
    """A declaration, overturn or 抄底 stands: the trump follows it; a ♥5 pair records its side (D9)."""
    state.events.append(DeclareEvent(seat, shown.cards, shown.strength, shown.trump, retake=retake))
    state.call.standing, state.call.strength, state.call.trump = shown, shown.strength, shown.trump
    if shown.strength == RED_FIVE_PAIR:
        state.call.red5_side = side_of(seat)
    if state.match.dealer is None:
        state.dealer = seat  # D7: in a match's first hand the last to declare or 抄底 is the 庄家
    state.call.passes = 0


class Declaring(Turn):
    """Declaring once the cards are all dealt: it closes after as many passes in a row as seats (D2), or at once
    on a ♥5 pair, which nothing overturns."""

    name = Stage.DECLARE

    def enter(self, state: TrickState) -> Step:
        """The first seat dealt to speaks first."""
        state.phase, state.to_act = Stage.DECLARE, state.first
        return CONTINUE

    def legal(self, state: TrickState, seat: int) -> Capped[Action]:
        """Pass, or any declaration the seat may show."""
        return offers(state, seat, chaodi=False)

    def explain(self, state: TrickState, seat: int, action: Action) -> str:
        """Why the action is refused."""
        return declaration_refused(state, seat, action, chaodi=False)

    def apply(self, state: TrickState, seat: int, action: Action) -> Step:
        """Record the declaration or pass; the next seat speaks."""
        players = state.variant.players
        if isinstance(action, Declare):
            record(state, seat, action.declaration, retake=False)
            if action.declaration.red_five:
                return DONE
        else:
            state.events.append(PassEvent(seat))
            state.call.passes += 1
            if state.call.passes >= players:
                return DONE
        state.to_act = (seat + 1) % players
        return CONTINUE
