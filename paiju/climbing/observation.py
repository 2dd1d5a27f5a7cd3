"""Per-seat views of a hand: what one seat may know, and nothing more.

The terminal, the bots and (later) the server and the RL environment all read these views;
they are the only way hidden cards leave the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from paiju.cards import RANK_CHARS, Card, format_cards
from paiju.climbing.actions import Action
from paiju.climbing.game import Game, PlayRecord
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.speculator import marked_card, side_of_speculator

__all__ = ["Observation", "forced_pass_shown", "observe"]


@dataclass(frozen=True)
class Observation:
    """One seat's view of a hand (``seat`` is ``None`` for a spectator, who sees only public cards)."""

    seat: int | None
    players: int
    phase: PhaseName
    to_act: int
    hand: tuple[Card, ...]
    cards_left: tuple[int, ...]
    landlord: int | None
    bid: int
    bid_history: tuple[tuple[int, int], ...]
    multiplier: int
    #: The bottom cards once they are public (empty before the landlord takes them).
    bottom: tuple[Card, ...]
    #: The face-up marker card that chose the first bidder.
    marker: Card | None
    #: The play to beat (``None`` when the seat to act leads).
    trick: PlayRecord | None
    #: Every play and pass of this hand so far, in order (public information).
    history: tuple[PlayRecord, ...]
    #: What this seat may do now (empty when it is not this seat's turn).
    legal: tuple[Action, ...]
    scores: tuple[int, ...] | None
    #: The speculator's seat (``None`` on tables without one, or before it is found).
    speculator: int | None = None
    #: The determination card that chose the speculator (public).
    determination: Card | None = None
    #: Cards turned face up after the deal (public).
    flipped: tuple[Card, ...] = ()
    #: Gifts as (destination seat, cards): public after the reveal; before it, only the
    #: speculator sees its own bundles (destination -1 = not yet known).
    gifts: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    #: Seats that have gone out without ending the hand (the speculator).
    out: tuple[int, ...] = ()
    #: The side the speculator would join if the hand ended now (speculator.md §12).
    speculator_side: str | None = None
    #: 5p1d: this seat's own wild cards (the highest card of the flipped card's suit).
    wild_cards: tuple[Card, ...] = ()
    #: 5p1d: the rank that ranks between 2 and the black joker this hand (public).
    promoted: int | None = None
    #: The hand of a speculator that retreated, shown to every seat once it sits out (§8).
    retreated_hand: tuple[Card, ...] = ()
    #: §7: the cards the landlord showed to name its partner (or its 一打四 pair), public.
    partner_shown: tuple[Card, ...] = ()
    #: §7: copies the speculator revealed when the landlord named them.
    partner_refused: tuple[Card, ...] = ()
    #: §7: ``named``, ``alone`` (一打四) or ``none`` once chosen; the landlord alone sees ``self``.
    partnership: str = ""
    #: The small landlord, if this seat knows it: itself, or every seat once it is known.
    small_landlord: int | None = None
    #: The small landlord declared itself (亮明身份, ×2).
    declared: bool = False
    #: Every seat knows the small landlord (it declared or played the partner card).
    partner_known: bool = False
    #: The table's marked card (§3: the 3-deck tables' 7c), written ``7c*`` wherever it appears.
    marked: Card | None = None

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is the one to act."""
        return self.to_act == self.seat and self.phase != PhaseName.OVER

    def role(self, seat: int) -> str:
        """``landlord``, ``small_landlord`` (once this seat knows it), ``farmer`` or ``speculator`` for
        ``seat`` (``bidder`` before the landlord is known)."""
        if seat == self.speculator:
            return "speculator"
        if self.landlord is None:
            return "bidder"
        if seat == self.small_landlord:
            return "small_landlord"
        return "landlord" if seat == self.landlord else "farmer"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form of the view (cards as notation strings)."""
        from paiju.climbing.actions import action_text

        def fmt(cards: Sequence[Card]) -> str:
            return format_cards(cards, marked=self.marked)

        def rec(r: PlayRecord | None) -> dict[str, Any] | None:
            if r is None:
                return None
            return {"seat": r.seat, "cards": fmt(r.cards) if r.move else "pass"}

        return {
            "seat": self.seat,
            "phase": self.phase.value,
            "players": self.players,
            "roles": [self.role(s) for s in range(self.players)],
            "to_act": self.to_act,
            "hand": fmt(self.hand),
            "cards_left": list(self.cards_left),
            "landlord": self.landlord,
            "bid": self.bid,
            "multiplier": self.multiplier,
            "bottom": fmt(self.bottom) if self.bottom else "",
            "trick": rec(self.trick),
            "history": [rec(r) for r in self.history],
            "legal": [action_text(a) for a in self.legal],
            "scores": list(self.scores) if self.scores else None,
            "speculator": self.speculator,
            "determination": fmt([self.determination]) if self.determination is not None else None,
            "flipped": fmt(self.flipped) if self.flipped else "",
            "gifts": [{"seat": s, "cards": fmt(c)} for s, c in self.gifts],
            "out": list(self.out),
            "speculator_side": self.speculator_side,
            "wild_cards": fmt(self.wild_cards) if self.wild_cards else "",
            "promoted": RANK_CHARS[self.promoted] if self.promoted is not None else None,
            "retreated_hand": fmt(self.retreated_hand) if self.retreated_hand else "",
            "partner_shown": fmt(self.partner_shown) if self.partner_shown else "",
            "partner_refused": fmt(self.partner_refused) if self.partner_refused else "",
            "partnership": self.partnership,
            "small_landlord": self.small_landlord,
            "declared": self.declared,
            "partner_known": self.partner_known,
        }


def observe(game: Game, seat: int | None) -> Observation:
    """What ``seat`` may know about ``game``: its own hand and the public record.

    ``seat=None`` is a spectator's view: the public record only, no hand and no actions.
    """
    bottom_public = game.landlord is not None and game.phase != PhaseName.BID and (
        game.variant.bottom_shown or (seat is not None and seat == game.landlord)
    )
    mine = seat is not None and game.to_act == seat and not game.is_over
    gifts: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    if game.gift_seats:
        gifts = tuple((s, tuple(g)) for s, g in zip(game.gift_seats, game.gifts, strict=True))
    elif seat is not None and seat == game.speculator:
        gifts = tuple((-1, tuple(g)) for g in game.gifts)
    side = None
    if game.speculator is not None and game.variant.speculator is not None:
        spec_hand = game.hands[game.speculator]
        if seat == game.speculator or game.is_over:
            side = side_of_speculator(spec_hand, game.variant.speculator)
        else:  # others see only how many cards it holds
            side = "landlord" if len(spec_hand) <= 1 else "farmers"
    trick = None if game.phase != PhaseName.PLAY or game.is_leading() else game.trick
    small = game.small_landlord
    knows_partner = small is not None and (game.partner_known or game.is_over or seat == small)
    partnership = game.partnership
    if partnership == "self" and seat != game.landlord and not game.is_over:
        partnership = "named"  # §7 6p3d: the landlord plays alone in secret
    return Observation(
        seat=seat,
        players=game.players,
        phase=game.phase,
        to_act=game.to_act,
        hand=tuple(sorted(game.hands[seat])) if seat is not None else (),
        cards_left=tuple(len(h) for h in game.hands),
        landlord=game.landlord if game.phase != PhaseName.BID else None,
        bid=game.high_bid,
        bid_history=tuple(game.bid_history),
        multiplier=game.multiplier(),
        bottom=tuple(game.bottom) if bottom_public else (),
        marker=game.deal.marker,
        trick=trick,
        history=tuple(game.plays),
        legal=tuple(game.legal_actions()) if mine else (),
        scores=game.result.scores if game.result else None,
        speculator=game.speculator,
        determination=game.determination,
        flipped=tuple(game.deal.flipped),
        gifts=gifts,
        out=tuple(sorted(game.out)),
        speculator_side=side,
        wild_cards=tuple(sorted(game.wild_cards.get(seat, ()))) if seat is not None else (),
        promoted=game.promoted,
        retreated_hand=(
            tuple(sorted(game.hands[game.speculator]))
            if game.retreated and game.speculator is not None and game.phase not in (PhaseName.GIFT, PhaseName.BID)
            else ()
        ),
        partner_shown=tuple(game.partner_shown),
        partner_refused=tuple(game.partner_refused),
        partnership=partnership,
        small_landlord=small if knows_partner else None,
        declared=game.declared,
        partner_known=game.partner_known,
        marked=marked_card(game.variant),
    )


def forced_pass_shown(game: Game) -> bool:
    """Whether a seat whose only action is a pass may be passed for it at once (the ``auto_forced`` option).

    Only in the play phase, where it shows what the pass shows anyway (要不起: nothing beats the play);
    in a round such as the declaration, being forced would single out the seat that holds a secret.
    """
    return game.phase == PhaseName.PLAY
