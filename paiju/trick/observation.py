"""What one seat (or a spectator) may know of a 炒地皮 hand: its own cards, everything shown, the trick, the
points and the levels — never another seat's hand or a kitty it did not bury.  The view is built by copying
those parts out of the state, so a bot holding it holds nothing hidden."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from paiju.cards import RANK_CHARS, Card, face, format_card
from paiju.trick.actions import Action, action_text
from paiju.trick.declare import Declaration
from paiju.trick.events import ThrowFailedEvent, TrickEvent
from paiju.trick.levels import MatchState
from paiju.trick.order import TRUMP, Trumps, trick_text
from paiju.trick.state import Phase, TrickResult, TrickState, side_of
from paiju.trick.tricks import trick_winner
from paiju.variants.trick_rules import TrickRules

__all__ = ["DealingView", "TrickObservation", "observe", "suit_name"]

_SUITS = "shdc"
Trick = tuple[tuple[int, tuple[Card, ...]], ...]


def suit_name(suit: int | None) -> str:
    """A trump as views write it: ``s h d c``, or ``none`` for no-trump."""
    return "none" if suit is None else _SUITS[suit]


@dataclass(frozen=True)
class DealingView:
    """The ``dealing`` part, in a hand whose cards are dealt a round at a time with declaring open (Q7.3 (ii); not a
    扛旗 hand, dealt at once): the rounds dealt so far, how many the deal has, and whether the cards are still coming
    (``live``)."""

    name: ClassVar[str] = "dealing"

    round: int
    rounds: int
    live: bool

    def to_json(self) -> dict[str, Any]:
        """The part as the JSON nests it under ``parts.dealing``."""
        return {"round": self.round, "rounds": self.rounds, "live": self.live}


@dataclass(frozen=True)
class TrickObservation:
    """One seat's view; ``legal`` is what it may do now (cut at the hand's list cap)."""

    seat: int | None
    legal: tuple[Action, ...]
    actors: frozenset[int]
    phase: Phase
    to_act: int
    players: int
    rules: TrickRules
    hand: tuple[Card, ...]
    cards_left: tuple[int, ...]
    first: int
    dealer: int | None
    match: MatchState
    #: The trump order as it stands (during declaring, the standing declaration's).
    trumps: Trumps
    trump_known: bool
    standing: Declaration | None
    strength: int
    holder: int | None
    #: The kitty, for the seat that buried it last (and for everyone once the hand is over).
    kitty: tuple[Card, ...] | None
    kitty_size: int
    leader: int
    trick: Trick
    last_trick: Trick
    points: int
    penalty: int
    side_points: tuple[int, int]
    #: The seat whose play wins the open trick so far (``None`` with no trick open).
    winning: int | None
    #: A throw of the open trick that another hand could beat, shown to all (Q7.16), with what was led instead.
    failed_throw: ThrowFailedEvent | None
    result: TrickResult | None
    #: The parts only some tables have, by name (``dealing``: ``DealingView``), as climbing's views hold theirs.
    parts: Mapping[str, DealingView] = field(default_factory=dict)

    def dealing(self) -> DealingView | None:
        """The paced deal while its cards are still coming (``None`` on other tables, and once they are all out)."""
        dealing = self.parts.get(DealingView.name)
        return dealing if dealing is not None and dealing.live else None

    def groups(self) -> list[tuple[int, list[Card]]]:
        """The seat's cards by category, trumps first, each from its highest card down (as a player holds them)."""
        trumps = self.trumps
        found: dict[int, list[Card]] = {}
        for card in sorted(self.hand, key=lambda c: (-trumps.strength(c), face(c), c)):
            found.setdefault(trumps.category(card), []).append(card)
        return sorted(found.items(), key=lambda item: (item[0] != TRUMP, item[0]))

    @property
    def led(self) -> int | None:
        """The category the trick was led in (what a follower must follow), ``None`` with no trick open."""
        return self.trumps.category(self.trick[0][1][0]) if self.trick else None

    def partner(self, seat: int) -> int:
        """The seat across from ``seat``."""
        return (seat + 2) % self.players

    def attacker(self, seat: int) -> bool:
        """Whether ``seat`` is on the 抓分方 (against the 庄家)."""
        return self.dealer is not None and side_of(seat) != side_of(self.dealer)

    def to_json(self) -> dict[str, Any]:
        """The view, JSON-ready (cards as notation strings)."""

        def plays(trick: Sequence[tuple[int, tuple[Card, ...]]]) -> list[dict[str, Any]]:
            return [{"seat": s, "cards": trick_text(c)} for s, c in trick]

        standing, result = self.standing, self.result
        return {
            "seat": self.seat,
            "phase": self.phase.value,
            "players": self.players,
            "to_act": None if self.phase is Phase.OVER else self.to_act,
            "actors": sorted(self.actors),
            "hand": trick_text(self.hand),
            "cards_left": list(self.cards_left),
            "first": self.first,
            "dealer": self.dealer,
            "dealer_side": None if self.dealer is None else side_of(self.dealer),
            "level": RANK_CHARS[self.trumps.level],
            "kangqi_hand": self.trumps.kangqi,
            "levels": [{"level": RANK_CHARS[s.level], "kangqi": s.kangqi, "failures": s.failures} for s in self.match.sides],
            "trump": suit_name(self.trumps.suit) if self.trump_known else None,
            "declaration": None if standing is None else {
                "seat": standing.seat, "cards": trick_text(standing.cards), "strength": standing.strength,
            },
            "strength": self.strength,
            "holder": self.holder,
            "kitty": None if self.kitty is None else trick_text(self.kitty),
            "kitty_size": self.kitty_size,
            "leader": self.leader,
            "trick": plays(self.trick),
            "last_trick": plays(self.last_trick),
            "points": self.points,
            "penalty": self.penalty,
            "side_points": list(self.side_points),
            "hand_groups": [
                {"category": category_code(c), "cards": " ".join(format_card(x) for x in cards)} for c, cards in self.groups()
            ],
            "led": None if self.led is None else category_code(self.led),
            "winning": self.winning,
            "failed_throw": None if self.failed_throw is None else {
                "seat": self.failed_throw.seat, "attempted": trick_text(self.failed_throw.attempted),
                "forced": trick_text(self.failed_throw.forced), "penalty": self.failed_throw.penalty,
            },
            "legal": [action_text(a) for a in self.legal],
            "parts": {name: part.to_json() for name, part in self.parts.items()},
            "scores": list(result.scores) if result else None,
            "result": None if result is None else _result_json(result),
        }  # fmt: skip


class Observed(Protocol):
    """What a view reads of a hand (``paiju.trick.hand.TrickHand``, which builds its views here)."""

    state: TrickState

    def actors(self) -> frozenset[int]: ...

    def legal_actions(self, seat: int) -> Sequence[Action]: ...


def category_code(category: int) -> str:
    """A category as views write it: ``trump``, or the side suit's letter."""
    return "trump" if category == TRUMP else suit_name(category)


def _result_json(result: TrickResult) -> dict[str, Any]:
    """How the hand ended, as data a client words in its own language: the points, the kitty's part, the rule that
    moved the levels, each side's move and new standing, the next 庄家, and whether the match ended."""
    change = result.change
    return {
        "points": result.points,
        "kitty_multiplier": result.kitty_multiplier,
        "kitty_bonus": result.kitty_bonus,
        "rule": change.rule,
        "moved": list(change.moved),
        "levels": [{"level": RANK_CHARS[s.level], "kangqi": s.kangqi, "failures": s.failures} for s in change.after.sides],
        "next_dealer": change.after.dealer,
        "match_over": change.match_over,
        "passed_kangqi": change.passed_kangqi,
        "reasons": list(change.reasons),
    }


def _winning(state: TrickState) -> int | None:
    """Who holds the open trick so far, as every seat can work out from the cards played."""
    if not state.play.trick:
        return None
    plays = [cards for _, cards in state.play.trick]
    return state.play.trick[trick_winner(plays, state.trumps, state.rules.trump_tractor_by_trump_order)][0]


def _failed_throw(state: TrickState) -> ThrowFailedEvent | None:
    """The failed throw that opened the current trick, if it was one."""
    if not state.play.trick:
        return None
    for event in reversed(state.events):
        if isinstance(event, TrickEvent):
            return None
        if isinstance(event, ThrowFailedEvent):
            return event
    return None


def observe(hand: Observed, seat: int | None) -> TrickObservation:
    """What ``seat`` (``None``: a spectator) may know now."""
    state = hand.state
    actors = hand.actors()
    phase = state.phase
    over = phase is Phase.OVER
    buried_known = over or (seat == state.call.holder and phase in (Phase.CHAODI, Phase.PLAY))
    return TrickObservation(
        seat=seat,
        legal=tuple(hand.legal_actions(seat)) if seat is not None and seat in actors else (),
        actors=actors,
        phase=phase,
        to_act=state.to_act,
        players=state.variant.players,
        rules=state.rules,
        hand=() if seat is None else tuple(state.hands[seat]),
        cards_left=tuple(len(h) for h in state.hands),
        first=state.first,
        dealer=state.dealer,
        match=state.match,
        trumps=state.trumps,
        trump_known=state.kangqi or phase is not Phase.DECLARE or state.call.standing is not None,
        standing=state.call.standing,
        strength=state.call.strength,
        holder=None if phase is Phase.DECLARE else state.call.holder,
        kitty=tuple(state.kitty) if buried_known else None,
        kitty_size=state.variant.bottom_size if phase is Phase.BURY else len(state.kitty),
        leader=state.play.leader,
        trick=tuple(state.play.trick),
        last_trick=tuple(state.play.last_trick),
        points=state.captured,
        penalty=state.play.penalty,
        side_points=(state.play.side_points[0], state.play.side_points[1]),
        winning=_winning(state),
        failed_throw=_failed_throw(state),
        result=state.result,
        parts={DealingView.name: _dealing(state)} if state.dealing.paced else {},
    )


def _dealing(state: TrickState) -> DealingView:
    """The paced deal's rounds, as everyone sees them."""
    return DealingView(state.dealing.rounds_dealt, state.rounds, state.paced)
