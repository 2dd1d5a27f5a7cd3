"""The small landlord (speculator.md §7): the landlord names its partner by showing cards (or plays 一打四),
then every farmer seat in turn may declare itself (亮明身份, ×2) — only the small landlord can."""

from __future__ import annotations

from paiju.climbing import speculator as spec_rules
from paiju.climbing.actions import Action, Alone, Declare, Partner, Pass
from paiju.climbing.events import (
    AloneEvent,
    DeclareEvent,
    NoPartnerEvent,
    PartnerEvent,
    PartnerRefusedEvent,
    PassEvent,
    SmallLandlordEvent,
)
from paiju.climbing.partner import PartnerOption, alone_options, partner_options
from paiju.climbing.parts import PartnerPart
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases.step import CONTINUE, DONE, Step, Turn
from paiju.climbing.state import Factor, HandState
from paiju.errors import Reason

__all__ = ["Declaration", "NamePartner", "names_self"]

#: How each partner rule's cards are described when the landlord shows the wrong ones.
_SHOW = {
    "single": "one card whose other copy you don't hold",
    "flip-rank": "a card of the flipped card's rank (or the nearest rank) whose other copy you don't hold",
    "pair-or-bottom": "a same-suit pair, or one copy of a bottom card, whose remaining copy another player holds",
}


def _part(state: HandState) -> PartnerPart:
    assert state.partner is not None and state.landlord is not None
    return state.partner


class NamePartner(Turn):
    """The landlord shows cards; the holder of the remaining copy is the small landlord, unless it is the
    speculator, which reveals it, and the landlord chooses again."""

    name = PhaseName.PARTNER

    def enter(self, state: HandState) -> Step:
        """The landlord chooses; with nothing to show at all it plays alone at once."""
        state.phase = PhaseName.PARTNER
        landlord = state.landlord
        assert landlord is not None
        state.to_act = landlord
        if self.legal(state, landlord) == [Pass()]:
            return _alone(state, "none")
        return CONTINUE

    def legal(self, state: HandState, seat: int) -> list[Action]:
        """Name a partner by showing cards, or 一打四 with a same-suit pair; with no card left to name, a pass
        plays alone."""
        actions: list[Action] = [Partner(o.shown) for o in _options(state)]
        if not actions:
            actions.append(Pass())
        if spec_rules.rule_of(state.variant).one_against_all:
            actions.extend(Alone(p) for p in alone_options(state.hands[seat]))
        return actions

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Why the landlord cannot show these cards."""
        if not isinstance(action, (Partner, Alone, Pass)):
            return Reason("partner_first", "name your partner first: show a card (partner …)")
        if isinstance(action, Pass):
            return Reason("partner_left", "you still have a card that names a partner: show one (partner …)")
        if isinstance(action, Alone):
            return Reason("alone_pair", "一打四 needs a same-suit pair you hold, at a table that allows it")
        rule = spec_rules.rule_of(state.variant).partner
        return Reason(f"partner_show.{rule}", f"show {_SHOW[rule]}")

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Name the small landlord (or play alone); a card the speculator holds is refused and shown."""
        part = _part(state)
        if isinstance(action, Pass):
            state.log(PassEvent(seat))
            return _alone(state, "none")
        if isinstance(action, Alone):
            state.log(AloneEvent(seat, tuple(action.cards)))
            part.shown = list(action.cards)
            state.stake.factors.append(Factor.ALONE)
            return _alone(state, "alone")
        assert isinstance(action, Partner)
        option = next(o for o in _options(state) if o.shown == action.cards)
        holder = next(s for s, h in enumerate(state.hands) if option.partner in h)
        state.log(PartnerEvent(seat, tuple(action.cards)))
        if holder == state.speculator:
            part.refused.append(option.partner)
            state.log(PartnerRefusedEvent(holder, option.partner))
            return self.enter(state)
        part.shown = list(action.cards)
        part.card = option.partner
        part.partnership = "self" if holder == seat else "named"
        part.small_landlord = holder if holder != seat else None
        state.log(SmallLandlordEvent(holder, option.partner))
        return DONE


class Declaration(Turn):
    """§7 亮明身份: every farmer seat answers in turn, so nobody learns who could have declared."""

    name = PhaseName.DECLARE

    def enter(self, state: HandState) -> Step:
        """Queue the farmer seats after the landlord; skipped when the landlord plays without a partner."""
        part = _part(state)
        landlord = state.landlord
        assert landlord is not None
        if part.card is None:
            return DONE
        n = state.players
        part.queue = [s % n for s in range(landlord + 1, landlord + n) if s % n not in (state.speculator, landlord)]
        state.phase = PhaseName.DECLARE
        state.to_act = part.queue.pop(0)
        return CONTINUE

    def legal(self, state: HandState, seat: int) -> list[Action]:
        """The small landlord may declare; every seat may pass."""
        return [Pass(), Declare()] if seat == state.small_landlord else [Pass()]

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Why the declaration is refused."""
        if not isinstance(action, (Declare, Pass)):
            return Reason("declare_or_pass", "declare yourself the small landlord, or pass")
        return Reason("declare_small_only", "only the small landlord can declare itself")

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Declare (×2, the small landlord becomes known) or pass; the next farmer seat answers."""
        part = _part(state)
        if isinstance(action, Declare):
            part.declared = part.known = True
            state.stake.factors.append(Factor.DECLARED)
            state.log(DeclareEvent(seat))
        else:
            state.log(PassEvent(seat))
        if not part.queue:
            return DONE
        state.to_act = part.queue.pop(0)
        return CONTINUE


def names_self(state: HandState, seat: int) -> tuple[Partner, ...]:
    """§7 6p3d: the partner choices of ``seat``, the landlord naming its partner now, whose remaining copy is its own:
    showing one names nobody, and the landlord plays alone (one-landlord values). Known to the landlord alone, as its
    own cards are; empty for every other seat and step."""
    if state.phase != PhaseName.PARTNER or seat != state.landlord or state.partner is None:
        return ()
    hand = state.hands[seat]
    return tuple(Partner(o.shown) for o in _options(state) if o.partner in hand)


def _options(state: HandState) -> list[PartnerOption]:
    """The cards the landlord may show to name a partner."""
    landlord = state.landlord
    assert landlord is not None
    rules = spec_rules.rule_of(state.variant)
    v = state.variant
    return partner_options(rules, state.hands[landlord], v.decks, state.bottom, state.deal.flipped, _part(state).refused)


def _alone(state: HandState, how: str) -> Step:
    """§7: no small landlord (一打四, or no legal card); one-landlord values."""
    _part(state).partnership = how
    state.log(NoPartnerEvent(how))
    return DONE
