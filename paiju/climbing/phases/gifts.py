"""The speculator's gifts (speculator.md §4, §14): it fills the landlord's gift, then each farmer gift, one card
at a time, never a 3, its determination card or the one card it keeps of its highest rank."""

from __future__ import annotations

from paiju.cards import CARDS_PER_DECK, FACE_COLOUR, Card, Colour, card_colour, card_rank, format_card
from paiju.climbing import speculator as spec_rules
from paiju.climbing.actions import Action, Give
from paiju.climbing.events import GiveEvent
from paiju.climbing.parts import SpeculatorPart
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases.step import CONTINUE, DONE, Step, Turn
from paiju.climbing.state import HandState
from paiju.errors import Reason

__all__ = ["Gifts"]


def _spec(state: HandState) -> SpeculatorPart:
    assert state.spec is not None
    return state.spec


class Gifts(Turn):
    """The speculator gives one card at a time until every bundle is full."""

    name = PhaseName.GIFT

    def enter(self, state: HandState) -> Step:
        """The speculator starts with the landlord's gift."""
        state.phase = PhaseName.GIFT
        state.to_act = _spec(state).seat
        return CONTINUE

    def legal(self, state: HandState, seat: int) -> list[Action]:
        """Every card it may put into the gift being filled."""
        spec = _spec(state)
        pool, tops = spec_rules.gift_pool(state.hands[seat], spec.determination, state.promoted)
        cards = spec_rules.giftable_in(pool, tops)
        if not _gift_rule(state):  # a table of one-colour gifts
            return [_GIVES.get(c) or _give(c) for c in cards]
        # The gift rules ask of a giftable card only its colour and whether it is of the highest rank (the one a card
        # is kept of): one card of each kind is asked, not every card.
        gifts, top = _LaterGifts(state, pool, tops), set(tops)
        kinds = [2 * _COLOURS[c % CARDS_PER_DECK] + (c in top) for c in cards]  # ints: an enum hashes in Python
        fits = [False] * 4
        for kind, c in dict(zip(kinds, cards, strict=True)).items():  # a card of each kind
            fits[kind] = gifts.fits(c)
        return [_GIVES.get(c) or _give(c) for c, kind in zip(cards, kinds, strict=True) if fits[kind]]

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Why the speculator may not give this card."""
        if not isinstance(action, Give):
            return Reason("gift_first", "the speculator chooses its gifts first: give a card")
        card, name = action.card, format_card(action.card)
        if card not in state.hands[seat]:
            return Reason("dont_hold", f"you don't hold {name}", cards=name)
        if not _colour_room(state, card):
            colour = "red" if card_colour(card) == Colour.RED else "black"
            if _colour_room(state, card, later=False):
                return Reason("gift_colour_later", f"the gifts still to fill need the {colour} cards you have left", colour=colour)
            return Reason("gift_colour_full", f"this gift holds no more {colour} cards", colour=colour)
        if card_rank(card) == spec_rules.THREE:
            return Reason("gift_three", "a gift may not contain a 3")
        if card == _spec(state).determination:
            return Reason("gift_determination", f"{name} is the determination card and may not be given", cards=name)
        return Reason("gift_highest", f"{name}: you keep one card of your highest rank", cards=name)

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Put the card into the current bundle; the auction starts when the last bundle is full."""
        assert isinstance(action, Give)
        spec = _spec(state)
        state.hands[seat].remove(action.card)
        state.counts[seat][card_rank(action.card)] -= 1
        spec.gifts[-1].append(action.card)
        bundle = len(spec.gifts) - 1
        state.log(GiveEvent(seat, action.card, bundle))
        if len(spec.gifts[-1]) < spec.gift_sizes[bundle]:
            return CONTINUE
        if len(spec.gifts) < len(spec.gift_sizes):
            spec.gifts.append([])
            return CONTINUE
        return DONE


#: Each face's colour as a plain int (``FACE_COLOUR``'s values).
_COLOURS: tuple[int, ...] = tuple(map(int, FACE_COLOUR))
#: Each card's ``Give``, made once (an action is a value: every gift's legal list offers most of the hand again).
_GIVES: dict[Card, Give] = {}


def _give(card: Card) -> Give:
    """The card's ``Give``, made the first time it is offered."""
    return _GIVES.setdefault(card, Give(card))


def _colour_room(state: HandState, card: Card, later: bool = True) -> bool:
    """§15 two-colour tables: whether the gift being filled still takes a card of ``card``'s colour
    (and, with ``later``, whether the gifts after it can still get their colours)."""
    rule = _gift_rule(state)
    if not rule:
        return True
    spec = _spec(state)
    given = spec_rules.colour_counts(spec.gifts[-1])
    if not spec_rules.colour_room(rule, spec.gift_sizes[len(spec.gifts) - 1], given, card_colour(card)):
        return False
    if not later:
        return True
    pool, tops = spec_rules.gift_pool(state.hands[spec.seat], spec.determination, state.promoted)
    return _LaterGifts(state, pool, tops)(card)


def _gift_rule(state: HandState) -> str:
    """§15: the colour rule of the gift being filled (the landlord's, or a farmer's), ``""`` on one-colour tables."""
    rules = spec_rules.rule_of(state.variant)
    return rules.landlord_gift_colours if len(_spec(state).gifts) == 1 else rules.farmer_gift_colours


class _LaterGifts:
    """Whether the gifts after a card can still be filled (a free split, free_minK, must not use up a colour that the
    gifts still to fill need): the speculator's gift pool counted by colour once, then each card asked by arithmetic
    (the pool less the card, the gift being filled with it)."""

    def __init__(self, state: HandState, pool: list[Card], tops: list[Card]) -> None:
        spec = _spec(state)
        self.rules = spec_rules.rule_of(state.variant)
        self.rule = _gift_rule(state)
        self.sizes = spec.gift_sizes
        self.given = [spec_rules.colour_counts(g) for g in spec.gifts]
        self.free = spec_rules.colour_counts(pool)
        self.tops = tops

    def __call__(self, card: Card) -> bool:
        """Whether every gift can still be filled once ``card`` (a giftable one) goes into the gift being filled."""
        colour = _COLOURS[card % CARDS_PER_DECK]
        free = list(self.free)
        free[colour] -= 1
        given = [*self.given[:-1], list(self.given[-1])]
        given[-1][colour] += 1
        kept = {_COLOURS[c % CARDS_PER_DECK] for c in self.tops if c != card}
        return spec_rules.gifts_fit(self.rules, self.sizes, given, free, kept)

    def fits(self, card: Card) -> bool:
        """``_colour_room`` of a giftable card, from the counts made once: the gift being filled takes a card of its
        colour, and every gift can still be filled once it does."""
        size, colour = self.sizes[len(self.given) - 1], _COLOURS[card % CARDS_PER_DECK]
        return spec_rules.colour_room(self.rule, size, self.given[-1], colour) and self(card)
