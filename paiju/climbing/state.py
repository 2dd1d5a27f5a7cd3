"""The state of one climbing hand as grouped records: the deal, the auction, the stake, the speculator's,
partner's and play's parts (``None`` where a table has no such part).

Phases read and change these records; data that crosses phases is an explicit field (the auction leaves
``landlord`` and ``stake.bid``; every multiplier is a ``Factor`` in ``stake.factors``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, NamedTuple, cast

from paiju.cards import Card, rank_counts
from paiju.climbing.events import Event, Facts, PassEvent, PlayEvent
from paiju.climbing.holding import Holding
from paiju.climbing.parts import Auction, HiddenPart, OpenPart, PartnerPart, SpeculatorPart
from paiju.climbing.phase_name import PhaseName
from paiju.patterns import Move
from paiju.patterns.generate import MoveGenerator
from paiju.variants import Variant
from paiju.variants.options import TextEnum

__all__ = [
    "Deal",
    "Factor",
    "HandState",
    "PlayPart",
    "PlayRecord",
    "Result",
    "Stake",
]


@dataclass(frozen=True)
class Deal:
    """Everything random about a hand, drawn at once: hands, bottom, the face-up cards.

    ``marker`` picks the first bidder on tables without a speculator; ``extra`` is what the
    speculator draws after it is found; ``gift_order`` says which farmer gift goes to which
    farmer seat (bundle ``gift_order[i]`` to the i-th farmer seat); ``wild`` is the card whose rank
    is wild for everyone on 癞子 tables (drawn from the 52 non-jokers, a marker only: other-games.md Q1.6).
    """

    hands: tuple[tuple[Card, ...], ...]
    bottom: tuple[Card, ...]
    marker: Card | None = None
    flipped: tuple[Card, ...] = ()
    extra: tuple[Card, ...] = ()
    gift_order: tuple[int, ...] = ()
    wild: Card | None = None
    #: The cards dealt aside face down, out of play and in no view until the hand is over (二人斗地主's 蓋牌).
    dead: tuple[Card, ...] = ()

    @cached_property
    def marker_holder(self) -> int | None:
        """The seat dealt the marker card (``None``: no marker, or it lies in the bottom): found once per hand."""
        return next((s for s, h in enumerate(self.hands) if self.marker in h), None) if self.marker is not None else None


class PlayRecord(NamedTuple):
    """One turn of the play phase: who, and the move (``None`` for a pass); a named tuple, made at every turn."""

    seat: int
    move: Move | None
    cards: tuple[Card, ...]

    def event(self) -> Event:
        """The event the log shows for this turn."""
        move = self.move
        if move is None:
            return PassEvent(self.seat)
        return PlayEvent(self.seat, self.cards, move.text(), move.kind, move.key, move.length, move.wilds, move.colour)


class Factor(TextEnum):
    """One multiplier on the bid, named as views and settlements say it; ``times`` is its size."""

    BOMB = "bomb"
    #: 癞子 Q1.15's option ``bomb_multiplier_by_class``: a hard bomb, a pure wild bomb or the rocket, ×4.
    BIG_BOMB = "big_bomb"
    RETREAT = "retreat"
    DECLARED = "declared"
    ALONE = "alone"
    SPRING = "spring"
    GRAB = "grab"
    OPEN_START = "open_start"
    OPEN = "open"
    #: 五人斗地主 (other-games.md §5.2 step 4, Q5.4): an identity revealed (亮出身份), ×2 once.
    REVEAL = "reveal"
    #: 五人斗地主 Q5.6 (i) option ``global_double``: a seat's 加倍 doubles the whole stake.
    DOUBLE = "double"

    @property
    def times(self) -> int:
        """×2 per doubling bomb (×4 for a big one under Q1.15's option), ×3 retreat (§8), ×2 declared (§7), ×3 一打四 (§13), ×2 spring (Q3.10);
        癞子 (other-games.md §1.6): ×2 per grab, ×4 明牌开始, ×2 the landlord's 明牌; 五人 (§5.5): ×2 reveal, ×2 加倍."""
        if self in (Factor.RETREAT, Factor.ALONE):
            return 3
        return 4 if self in (Factor.OPEN_START, Factor.BIG_BOMB) else 2

    def to_json(self) -> dict[str, str | int]:
        """The factor as views and settlements send it: its name and its size (a client multiplies, never looks up)."""
        return {"factor": self.value, "times": self.times}


@dataclass(slots=True)
class Stake:
    """The bid and every multiplier, each appended by the phase that causes it."""

    bid: int = 0
    factors: list[Factor] = field(default_factory=list)

    @property
    def multiplier(self) -> int:
        """The product of the factors so far."""
        times = 1
        for f in self.factors:
            times *= f.times
        return times

    @property
    def doublings(self) -> int:
        """How many doubling bombs have been played (×4 ones included)."""
        return self.factors.count(Factor.BOMB) + self.factors.count(Factor.BIG_BOMB)

    @property
    def unit(self) -> int:
        """The bid times every factor."""
        return self.bid * self.multiplier


@dataclass(slots=True)
class PlayPart:
    """The play: the play to beat, consecutive passes, every turn, how many turns the event log shows (``logged``),
    plays per seat and seats gone out; ``plain`` the seats whose moves ``generator`` lists straight from their rank
    counts (see ``phases.play.plain_seats``)."""

    trick: PlayRecord | None = None
    passes: int = 0
    plays: list[PlayRecord] = field(default_factory=list)
    logged: int = 0
    played_by: list[int] = field(default_factory=list)
    out: set[int] = field(default_factory=set)
    plain: frozenset[int] = frozenset()
    generator: MoveGenerator | None = None
    #: The compiled turn where every seat is plain (see ``phases.play.compiled_turns``), else ``None``.
    turns: Any = None
    #: ``plays`` as ``history`` last gave it (a copy kept for speed: not part of the state's value).
    shown: tuple[PlayRecord, ...] = field(default=(), compare=False, repr=False)

    def history(self) -> tuple[PlayRecord, ...]:
        """Every turn so far as a tuple, made once per turn and shared by every seat's view of it (turns are only ever
        appended, so a tuple as long as ``plays`` holds the same turns)."""
        if len(self.shown) != len(self.plays):
            self.shown = tuple(self.plays)
        return self.shown


@dataclass(frozen=True)
class Result:
    """How a hand ended: the winning side, the stake and every seat's score.

    ``winner`` is the seat that went out (or won at once); ``speculator_side`` is the side
    the speculator joined (``None`` on tables without one); ``instant`` marks an instant win and
    ``retreat`` a hand the speculator sat out (speculator.md §8); ``small_landlord`` is the
    landlord's partner and ``partnership`` how the landlord played (§7: ``named``, ``self``,
    ``alone`` for 一打四, ``none`` without a legal card; empty on one-landlord tables);
    ``factors`` every multiplier on the bid.
    """

    winner: int
    landlord_won: bool
    bid: int
    doublings: int
    spring: bool
    stake: int
    scores: tuple[int, ...]
    speculator_side: str | None = None
    instant: bool = False
    retreat: bool = False
    small_landlord: int | None = None
    partnership: str = ""
    factors: tuple[Factor, ...] = ()


#: No seat plays face up (the ``Facts`` of every table without 明牌, made once: a view asks for them at every turn).
_NOBODY: frozenset[int] = frozenset()


@dataclass(slots=True)
class HandState:
    """One hand: the table, its RNG, the current deal's cards and the parts each phase fills in.

    ``to_act`` is the seat whose decision it is where exactly one seat acts; ``phase`` the decision the
    hand rests at. ``deals`` are scripted deals (a replayed log's) taken before the RNG shuffles.
    """

    variant: Variant
    seed: int
    dealer: int
    previous: int | None
    rng: random.Random
    deals: list[Deal]
    #: What happened, in order, a turn of the play held as its ``PlayRecord`` until the events are read (``events``).
    event_log: list[Event | PlayRecord] = field(default_factory=list)
    #: How many of ``event_log``'s first entries are events already.
    events_made: int = 0
    deal_count: int = 0
    deal: Deal = Deal((), ())
    hands: list[list[Card]] = field(default_factory=list)
    counts: list[list[int]] = field(default_factory=list)
    bottom: list[Card] = field(default_factory=list)
    #: 斗帝主: the bottom cards the landlord put back, out of play for the rest of the hand.
    returned: list[Card] = field(default_factory=list)
    phase: PhaseName = PhaseName.BID
    to_act: int = 0
    first_bidder: int = 0
    landlord: int | None = None
    #: 5p1d: the flipped card's rank, which ranks between 2 and the black joker (speculator.md §15).
    promoted: int | None = None
    #: 5p1d: each non-speculator's wild cards, fixed at the reveal (§15).
    wild_cards: dict[int, frozenset[Card]] = field(default_factory=dict)
    auction: Auction = field(default_factory=Auction)
    stake: Stake = field(default_factory=Stake)
    spec: SpeculatorPart | None = None
    partner: PartnerPart | None = None
    #: 癞子 tables: open hands and the grab round (``None`` elsewhere).
    opened: OpenPart | None = None
    #: 五人斗地主: the marked card, the hidden landlord, the identity step and each seat's 加倍 (``None`` elsewhere).
    five: HiddenPart | None = None
    play: PlayPart = field(default_factory=PlayPart)
    result: Result | None = None
    #: Each seat's last ``Holding``, reused while its cards are unchanged (see ``phases.play.holding_of``).
    holdings: dict[int, Holding] = field(default_factory=dict, compare=False, repr=False)
    #: Whether ``rng`` is shared with a clone (or the hand it was cloned from): the first to draw takes a copy.
    rng_shared: bool = field(default=False, compare=False, repr=False)

    @property
    def events(self) -> list[Event]:
        """What happened, in order. A turn of the play is only recorded (``play.plays``); its event is made when the
        events are read, so a hand nobody reads (a simulation, a search) never makes them."""
        self._log_turns()
        log = self.event_log
        for i in range(self.events_made, len(log)):
            entry = log[i]
            if type(entry) is PlayRecord:
                log[i] = entry.event()
        self.events_made = len(log)
        return cast("list[Event]", log)

    def log(self, event: Event) -> None:
        """Add ``event`` after everything that has happened, the play's turns so far included."""
        self._log_turns()
        self.event_log.append(event)

    def _log_turns(self) -> None:
        """Move the play's turns not yet in the event log into it, as their records."""
        play = self.play
        if play.logged < len(play.plays):
            self.event_log.extend(play.plays[play.logged :])
            play.logged = len(play.plays)

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.variant.players

    @property
    def speculator(self) -> int | None:
        """The speculator's seat, once found (``None`` on tables without one)."""
        return self.spec.seat if self.spec is not None else None

    @property
    def small_landlord(self) -> int | None:
        """The landlord's partner, if it has one (speculator.md §7; 五人斗地主's hidden landlord, §5.2)."""
        if self.five is not None:
            return self.five.hidden
        return self.partner.small_landlord if self.partner is not None else None

    @property
    def partner_known(self) -> bool:
        """Every seat knows the small landlord (it declared or played the partner card; 五人: the team is public)."""
        if self.five is not None:
            return bool(self.five.known)
        return self.partner is not None and self.partner.known

    def clone(self) -> HandState:
        """An independent copy for search: fresh containers, the immutable values (variant, deal, events,
        records, cards) shared, the RNG too until one of them draws (``paiju.engine.shared_rng``)."""
        self.rng_shared = True
        spec, part, play = self.spec, self.partner, self.play
        return replace(
            self,
            rng_shared=True,
            holdings=dict(self.holdings),
            deals=list(self.deals),
            event_log=list(self.event_log),
            hands=[list(h) for h in self.hands],
            counts=[list(c) for c in self.counts],
            bottom=list(self.bottom),
            returned=list(self.returned),
            wild_cards=dict(self.wild_cards),
            auction=Auction(self.auction.passes, self.auction.bids_made, list(self.auction.history)),
            stake=Stake(self.stake.bid, list(self.stake.factors)),
            spec=None if spec is None else replace(
                spec,
                gift_sizes=list(spec.gift_sizes),
                gifts=[list(g) for g in spec.gifts],
                gift_seats=list(spec.gift_seats),
                early_bottom=list(spec.early_bottom),
            ),
            partner=None if part is None else replace(
                part, shown=list(part.shown), refused=list(part.refused), queue=list(part.queue)
            ),
            opened=None if self.opened is None else replace(
                self.opened,
                open=set(self.opened.open),
                started=set(self.opened.started),
                deciding=set(self.opened.deciding),
                grab_queue=list(self.opened.grab_queue),
            ),
            five=None if self.five is None else replace(
                self.five,
                deciding=set(self.five.deciding),
                revealed=set(self.five.revealed),
                doubles=list(self.five.doubles),
                queue=list(self.five.queue),
            ),
            play=replace(play, plays=list(play.plays), played_by=list(play.played_by), out=set(play.out)),
        )

    def refresh_counts(self) -> None:
        """Recount every hand per rank after cards change hands in bulk."""
        self.counts = [rank_counts(h) for h in self.hands]

    def is_leading(self) -> bool:
        """Whether the seat to act starts a new trick (and so may not pass)."""
        trick = self.play.trick
        return trick is None or trick.seat == self.to_act

    def to_beat(self) -> Move | None:
        """The move the seat to act must beat, ``None`` when it leads."""
        trick = self.play.trick
        return None if trick is None or trick.seat == self.to_act else trick.move

    def landlord_side(self) -> tuple[int, ...]:
        """The landlord and its small landlord, if it has one (the self-named landlord plays alone)."""
        assert self.landlord is not None
        small = self.small_landlord
        return (self.landlord,) if small is None else (self.landlord, small)

    def handicap(self) -> int:
        """3p1d 让牌 h: the farmer wins holding h or fewer cards (0 on other tables)."""
        rules = self.variant.speculator
        return self.stake.bid if rules is not None and rules.rangpai else 0

    def facts(self) -> Facts:
        """The public facts that decide what a seat may see of the events now."""
        opened = frozenset(self.opened.open) if self.opened is not None else _NOBODY
        v = self.variant
        return Facts(v.bottom_shown, self.landlord, self.speculator, self.phase, self.partner_known, opened, v.marker_shown)
