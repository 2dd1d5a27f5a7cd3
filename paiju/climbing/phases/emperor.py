"""斗帝主's own phase (other-games.md §6.1–§6.2, Q6.2): the landlord (帝主), holding the bottom only it has seen,
keeps any of it; the cards it puts back leave play unseen, and only how many is public."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from paiju.cards import Card, format_card
from paiju.climbing.actions import Action, Pass, Return
from paiju.climbing.events import ReturnEvent
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases.step import CONTINUE, DONE, Step, Turn
from paiju.climbing.state import HandState
from paiju.errors import Reason

__all__ = ["ChooseBottom", "not_in_bottom", "returnable", "too_many_back"]


def too_many_back(verb: str, bottom: int, named: int) -> Reason:
    """More cards named to ``keep`` or ``return`` than the bottom holds."""
    return Reason(f"bottom_size.{verb}", f"the bottom has {bottom} cards: you cannot {verb} {named}", bottom=bottom, n=named)


def not_in_bottom(verb: str, card: str) -> Reason:
    """A card named to ``keep`` or ``return`` that is not one of the bottom's."""
    return Reason(f"not_bottom.{verb}", f"you may {verb} only bottom cards: {card} is not one of them", cards=card)


def returnable(bottom: list[Card]) -> list[Return]:
    """Every different choice of bottom cards to put back, fewest first: one per set of faces (two copies of one
    card count once), named by the bottom's lowest copies."""
    every = (Return(cards) for n in range(1, len(bottom) + 1) for cards in combinations(sorted(bottom), n))
    return list(dict.fromkeys(every))


class ChooseBottom(Turn):
    """The landlord keeps the bottom cards it wants and puts the rest back (``return 3c 5d``; a pass keeps all)."""

    name = PhaseName.CHOOSE

    def enter(self, state: HandState) -> Step:
        """The landlord decides (斗帝主's ``bottom_choice``), unless the bottom is empty."""
        if not state.bottom:
            return DONE
        assert state.landlord is not None
        state.phase = PhaseName.CHOOSE
        state.to_act = state.landlord
        return CONTINUE

    def legal(self, state: HandState, seat: int) -> list[Action]:
        """Keep every bottom card (pass), or put back any of them."""
        return [Pass(), *returnable(state.bottom)]

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Why the choice is refused: cards that are not from the bottom, or more than it holds."""
        if isinstance(action, Return):
            if len(action.cards) > len(state.bottom):
                return too_many_back("return", len(state.bottom), len(action.cards))
            stray = Counter(action.cards) - Counter(state.bottom)
            if stray:
                return not_in_bottom("return", format_card(next(iter(stray))))
        return Reason("keep_or_return", "keep the bottom cards you want: put the others back (return 3c 5d), or pass to keep all")

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """The cards put back leave the landlord's hand and the hand's play."""
        cards = action.cards if isinstance(action, Return) else ()
        if Counter(cards) - Counter(state.bottom):  # another deck's copy of a bottom card: the bottom's own goes back
            cards = next(choice.cards for choice in returnable(state.bottom) if choice == action)
        for card in cards:
            state.hands[seat].remove(card)
        state.returned = list(cards)
        state.refresh_counts()
        state.log(ReturnEvent(seat, len(cards), tuple(cards)))
        return DONE
