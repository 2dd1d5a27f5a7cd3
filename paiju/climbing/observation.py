"""Per-seat views of a hand: what one seat may know, and nothing more.

The terminal, the bots and (later) the server and the RL environment all read these views;
they are the only way hidden cards leave the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paiju.cards import Card, format_cards
from paiju.climbing.actions import Action
from paiju.climbing.game import Game, PlayRecord

__all__ = ["Observation", "observe"]


@dataclass(frozen=True)
class Observation:
    """One seat's view of a hand."""

    seat: int
    players: int
    phase: str
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
    marker: Card
    #: The play to beat (``None`` when the seat to act leads).
    trick: PlayRecord | None
    #: Every play and pass of this hand so far, in order (public information).
    history: tuple[PlayRecord, ...]
    #: What this seat may do now (empty when it is not this seat's turn).
    legal: tuple[Action, ...]
    scores: tuple[int, ...] | None

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is the one to act."""
        return self.to_act == self.seat and self.phase != "over"

    def role(self, seat: int) -> str:
        """``landlord`` or ``farmer`` for ``seat`` (``bidder`` before the landlord is known)."""
        if self.landlord is None:
            return "bidder"
        return "landlord" if seat == self.landlord else "farmer"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form of the view (cards as notation strings)."""
        from paiju.climbing.actions import action_text

        def rec(r: PlayRecord | None) -> dict[str, Any] | None:
            if r is None:
                return None
            return {"seat": r.seat, "cards": format_cards(r.cards) if r.move else "pass"}

        return {
            "seat": self.seat,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": format_cards(self.hand),
            "cards_left": list(self.cards_left),
            "landlord": self.landlord,
            "bid": self.bid,
            "multiplier": self.multiplier,
            "bottom": format_cards(self.bottom) if self.bottom else "",
            "trick": rec(self.trick),
            "history": [rec(r) for r in self.history],
            "legal": [action_text(a) for a in self.legal],
            "scores": list(self.scores) if self.scores else None,
        }


def observe(game: Game, seat: int) -> Observation:
    """What ``seat`` may know about ``game``: its own hand and the public record."""
    bottom_public = game.landlord is not None and game.phase != "bid" and (
        game.variant.bottom_shown or seat == game.landlord
    )
    mine = game.to_act == seat and not game.is_over
    trick = None if game.phase != "play" or game.is_leading() else game.trick
    return Observation(
        seat=seat,
        players=game.players,
        phase=game.phase,
        to_act=game.to_act,
        hand=tuple(sorted(game.hands[seat])),
        cards_left=tuple(len(h) for h in game.hands),
        landlord=game.landlord if game.phase != "bid" else None,
        bid=game.high_bid,
        bid_history=tuple(game.bid_history),
        multiplier=game.multiplier(),
        bottom=tuple(game.bottom) if bottom_public else (),
        marker=game.deal.marker,
        trick=trick,
        history=tuple(game.plays),
        legal=tuple(game.legal_actions()) if mine else (),
        scores=game.result.scores if game.result else None,
    )
