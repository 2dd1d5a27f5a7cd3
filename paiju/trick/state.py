"""A 炒地皮 hand's state: the deal, the declaration standing, the kitty's holder, the trick in play and the points,
with the match it belongs to."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field, replace
from enum import StrEnum

from paiju.cards import Card, Suit, deck_cards
from paiju.trick.declare import Declaration
from paiju.trick.events import DealEvent, TrickHandEvent
from paiju.trick.levels import HandOutcome, LevelChange, MatchState, side_of
from paiju.trick.order import Trumps, trumps_of
from paiju.variants import Variant
from paiju.variants.trick_rules import TrickRules

__all__ = ["PacedDeal", "Phase", "TrickPlay", "TrickResult", "TrickState", "TrumpCall", "deal_cards", "side_of"]


class Phase(StrEnum):
    """The decision a hand rests at (§7.2)."""

    DECLARE = "declare"
    BURY = "bury"
    CHAODI = "chaodi"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class TrickResult:
    """How a hand ended: the attackers' points, the level table's verdict and each seat's match points."""

    scores: tuple[int, ...]
    points: int
    outcome: HandOutcome
    change: LevelChange
    #: 抠底: the kitty's multiplier (by the last trick's lead) and the points it added (0 unless the attackers won it).
    kitty_multiplier: int = 0
    kitty_bonus: int = 0


def deal_cards(variant: Variant, rng: random.Random, first: int, kangqi: bool, paced: bool = False) -> DealEvent:
    """Shuffle and deal one card at a time clockwise from ``first``; the kitty is what is left, in order (§7.2);
    a 扛旗 hand deals every card (G2); ``paced``: the cards are then handed out a round at a time."""
    pack = deck_cards(variant.decks)
    rng.shuffle(pack)
    players = variant.players
    kitty_size = 0 if kangqi else variant.bottom_size
    dealt = len(pack) - kitty_size
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i, card in enumerate(pack[:dealt]):
        hands[(first + i) % players].append(card)
    return DealEvent(first, tuple(tuple(h) for h in hands), tuple(pack[dealt:]), paced)


@dataclass(slots=True)
class TrumpCall:
    """Declaring and 抄底 (§7.3–§7.5): the declaration standing, the strength a 抄底 must beat (a kitty-decided trump
    counts as 1), the trump, the passes in a row, the kitty's holder, a ♥5 pair's side (D9) and whether the kitty was
    turned up on a joker (Q7.9 (c)). A deal starts a fresh one."""

    #: The declaration that stands (``None``: none yet, or the kitty decided the trump).
    standing: Declaration | None = None
    strength: int = 0
    trump: Suit | None = None
    #: Passes in a row while declaring; non-holders' declines in a row during 抄底.
    passes: int = 0
    holder: int = 0
    red5_side: int | None = None
    flipped_joker: bool = False


@dataclass(slots=True)
class PacedDeal:
    """A deal handed out a round at a time (Q7.3 (ii)): whether this deal is, each seat's cards still to come, the
    rounds dealt, the seats that have let the current round go by and whether anyone declared in it (a round with no
    declaration closes declaring); ``round_opened`` counts every round of the hand, a redeal's included."""

    paced: bool = False
    undealt: list[list[Card]] = field(default_factory=list)
    rounds_dealt: int = 0
    round_opened: int = 0
    answered: set[int] = field(default_factory=set)
    declared_in_round: bool = False

    def copy(self) -> PacedDeal:
        """An independent copy."""
        return replace(self, undealt=[list(h) for h in self.undealt], answered=set(self.answered))


@dataclass(slots=True)
class TrickPlay:
    """The tricks (§7.8–§7.10): the seat leading, the trick in play and the last one, the failed throws' penalties
    in the attackers' favour (+) or not (−) (Q7.16's option), and the points each side's tricks held (the
    attackers' count; the 庄家方's are shown, never scored)."""

    leader: int = 0
    trick: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    last_trick: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    penalty: int = 0
    side_points: list[int] = field(default_factory=lambda: [0, 0])

    def copy(self) -> TrickPlay:
        """An independent copy."""
        return replace(self, trick=list(self.trick), side_points=list(self.side_points))


@dataclass
class TrickState:
    """Everything a hand knows, mutable while it is played (``clone`` copies it for search): the table, the match and
    the RNG; the cards (hands, kitty, the scripted deals still to come); and one part per stage of the hand — the
    paced deal, declaring and the kitty (``call``), the tricks (``play``)."""

    variant: Variant
    rules: TrickRules
    seed: int
    rng: random.Random
    match: MatchState
    first: int
    hands: list[list[Card]]
    kitty: list[Card]
    dealer: int | None
    phase: Phase = Phase.DECLARE
    to_act: int = 0
    dealing: PacedDeal = field(default_factory=PacedDeal)
    call: TrumpCall = field(default_factory=TrumpCall)
    play: TrickPlay = field(default_factory=TrickPlay)
    events: list[TrickHandEvent] = field(default_factory=list)
    result: TrickResult | None = None
    #: The deals still scripted (a replay), taken before any is drawn from ``rng``.
    deals: list[DealEvent] = field(default_factory=list)
    #: Whether ``rng`` is shared with a clone (or the hand it was cloned from): the first to draw takes a copy.
    rng_shared: bool = field(default=False, compare=False, repr=False)

    @property
    def paced(self) -> bool:
        """Whether declaring is open while the cards are dealt (Q7.3 (ii)): every seat acts at once."""
        return self.phase is Phase.DECLARE and self.dealing.paced

    @property
    def rounds(self) -> int:
        """How many rounds the deal has (each seat's cards when it is over)."""
        dealing = self.dealing
        return dealing.rounds_dealt + (len(dealing.undealt[0]) if dealing.undealt else 0)

    @property
    def level(self) -> int:
        """The hand's level rank ``L``: the 庄家方's level (§7.1)."""
        return self.match.hand_level()

    @property
    def kangqi(self) -> bool:
        """A 扛旗 hand: no kitty, no declaring, only 5♥ and the jokers trump (§7.13)."""
        return self.match.kangqi_hand()

    @property
    def trumps(self) -> Trumps:
        """The trump order as it stands now."""
        kangqi = self.kangqi
        return trumps_of(self.level, None if kangqi else self.call.trump, kangqi)

    @property
    def captured(self) -> int:
        """The points the attackers' tricks hold, the only ones that count (T4); none while there is no 庄家."""
        return 0 if self.dealer is None else self.play.side_points[1 - side_of(self.dealer)]

    def attackers(self, seat: int) -> bool:
        """Whether ``seat`` is on the 抓分方, the side against the 庄家."""
        return self.dealer is not None and side_of(seat) != side_of(self.dealer)

    def clone(self) -> TrickState:
        """An independent copy (the cards, the parts and the events are the mutable parts; the call's fields are
        values), sharing the RNG until one of them draws (``paiju.engine.shared_rng``)."""
        self.rng_shared = True
        twin = copy.copy(self)
        twin.hands = [list(h) for h in self.hands]
        twin.kitty = list(self.kitty)
        twin.dealing = self.dealing.copy()
        twin.call = replace(self.call)
        twin.play = self.play.copy()
        twin.events = list(self.events)
        twin.deals = list(self.deals)
        return twin
