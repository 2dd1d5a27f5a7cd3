"""Per-seat views of a hand: what one seat may know, and nothing more.

The terminal, the bots and (later) the server and the RL environment all read these views;
they are the only way hidden cards leave the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from paiju.cards import CARDS_PER_DECK, FACE_RANK, RANK_CHARS, Card, face, format_cards
from paiju.climbing.actions import Action
from paiju.climbing.events import Facts
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.roles import seat_role
from paiju.climbing.speculator import THREE, marked_card
from paiju.climbing.state import Factor, HandState, PlayRecord
from paiju.climbing.views import FiveView, PartnerView, PartView, SpeculatorView, made, part_views, snapshot
from paiju.variants.pattern_rules import PatternRules

__all__ = ["Observation", "Observed", "forced_pass_shown", "in_auction", "observe"]

V = TypeVar("V", bound=PartView)


class Observed(Protocol):
    """What a view is made from: a hand's state, who may act, and what an acting seat may do."""

    @property
    def state(self) -> HandState:
        """The hand's state."""
        ...

    def actors(self) -> frozenset[int]:
        """The seats that may act now."""
        ...

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """What ``seat`` may do now."""
        ...


@snapshot
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
    #: The face-up marker card that chose the first bidder (``None`` where it is not face up, but to its holder).
    marker: Card | None
    #: The play to beat (``None`` when the seat to act leads).
    trick: PlayRecord | None
    #: Every play and pass of this hand so far, in order (public information).
    history: tuple[PlayRecord, ...]
    #: What this seat may do now (empty when it is not this seat's turn): a tuple, or a ``Lazy`` list where its plays
    #: of wild cards are made when read.
    legal: Sequence[Action]
    scores: tuple[int, ...] | None
    #: The seats that may act now (several where a decision is open to more than one at once).
    actors: frozenset[int] = frozenset()
    #: Every multiplier on the bid so far, in the order the hand added them (×2 bomb, ×3 retreat …).
    factors: tuple[Factor, ...] = ()
    #: The highest bid the table allows (1: the only bid is 叫地主, as at two players).
    max_bid: int = 3
    #: This seat's own wild cards: 5p1d's (the highest card of the flipped card's suit), the speculator's 3s (§10),
    #: 癞子's.
    wild_cards: tuple[Card, ...] = ()
    #: The table's marked card (speculator.md §3: the 3-deck tables' 7c), written ``7c*`` wherever it appears.
    marked: Card | None = None
    #: A view of each part the table has, by name (``paiju.climbing.views``; none on a classic table).
    parts: Mapping[str, PartView] = field(default_factory=dict)
    #: The table's patterns (public: every seat knows the rules of the table it sits at); a bot reads the shapes a
    #: hand may be played in from them. Not in ``to_json``: a view's log names its table.
    patterns: PatternRules = field(default_factory=PatternRules)

    def part(self, kind: type[V]) -> V | None:
        """The view of the part ``kind`` names, ``None`` where the table has no such part."""
        view = self.parts.get(kind.name)
        return view if isinstance(view, kind) else None

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is among the seats to act."""
        return self.seat is not None and self.seat in self.actors

    def roles(self) -> list[str]:
        """Every seat's role as this view shows it (``seat_role``)."""
        return self._roles(range(self.players))

    def role(self, seat: int) -> str:
        """``seat``'s role as this view shows it (``seat_role``)."""
        return self._roles([seat])[0]

    def _roles(self, seats: Iterable[int]) -> list[str]:
        """The roles of ``seats`` as this view shows them, its parts read once."""
        spec, partner, five = self.part(SpeculatorView), self.part(PartnerView), self.part(FiveView)
        small = five.hidden if five is not None else partner.small_landlord if partner is not None else None
        speculator = spec.seat if spec is not None else None
        identity = five.identity if five is not None else ""
        return [seat_role(seat, self.phase, self.landlord, small, speculator, identity) for seat in seats]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form of the view (cards as notation strings): the common fields, then ``parts``, each part's
        view by name."""
        from paiju.climbing.actions import action_text

        def fmt(cards: Sequence[Card]) -> str:
            return format_cards(cards, marked=self.marked)

        marked = self.marked

        def rec(r: PlayRecord | None) -> dict[str, Any] | None:
            return None if r is None else record_json(r, marked)

        return {
            "seat": self.seat,
            "phase": self.phase.value,
            "players": self.players,
            "roles": self.roles(),
            "to_act": self.to_act,
            "hand": fmt(self.hand),
            "cards_left": list(self.cards_left),
            "landlord": self.landlord,
            "bid": self.bid,
            "multiplier": self.multiplier,
            "bottom": fmt(self.bottom) if self.bottom else "",
            "trick": rec(self.trick),
            "history": history_json(self.history, marked),
            "legal": [action_text(a) for a in self.legal],
            "scores": list(self.scores) if self.scores else None,
            "marker": fmt([self.marker]) if self.marker is not None else None,
            "wild_cards": fmt(self.wild_cards) if self.wild_cards else "",
            "actors": sorted(self.actors),
            "factors": [f.to_json() for f in self.factors],
            "max_bid": self.max_bid,
            "parts": {name: view.to_json(fmt) for name, view in self.parts.items()},
        }


#: Each play record's JSON by (the record's id, the marked card), kept with the record itself (so no other record can
#: take its id while it is remembered): a view repeats the whole play history, and every seat's view of every turn is
#: written.
_RECORDS: dict[tuple[int, Card | None], tuple[PlayRecord, dict[str, Any]]] = {}
#: Records remembered at most before the memo starts again (a long-running server plays many hands).
_MOST_RECORDS = 1 << 14


def record_json(record: PlayRecord, marked: Card | None) -> dict[str, Any]:
    """A play record as views write it: seat and cards (``pass``), and what each wild card stood for; written once
    per record and shared by the views that show it (read-only: nothing edits a view's JSON)."""
    key = (id(record), marked)
    known = _RECORDS.get(key)
    if known is not None:
        return known[1]
    move = record.move
    found: dict[str, Any] = {
        "seat": record.seat, "cards": format_cards(record.cards, marked=marked) if move else "pass"
    }
    if move is not None and move.wilds:
        # What each wild card stood for in the play (a speculator's 3, 5p1d's or 癞子's wild cards).
        found["wilds"] = [{"card": RANK_CHARS[f], "as": RANK_CHARS[a]} for f, a in move.wilds]
    if len(_RECORDS) >= _MOST_RECORDS:
        _RECORDS.clear()
    _RECORDS[key] = (record, found)
    return found


#: Each history's JSON by (the history's id, the marked card), kept with the history (see ``_RECORDS``); only the
#: latest turns' views ask again, so few are kept (``_MOST_HISTORIES``).
_HISTORIES: dict[tuple[int, Card | None], tuple[tuple[PlayRecord, ...], list[dict[str, Any]]]] = {}


_MOST_HISTORIES = 256


def history_json(history: tuple[PlayRecord, ...], marked: Card | None) -> list[dict[str, Any]]:
    """The turns so far as views write them: written once per turn and shared by every seat's view of it (the
    hand's ``history()`` is one tuple per turn; read-only, as ``record_json``'s records)."""
    key = (id(history), marked)
    known = _HISTORIES.get(key)
    if known is not None:
        return known[1]
    found = [record_json(r, marked) for r in history]
    if len(_HISTORIES) >= _MOST_HISTORIES:
        _HISTORIES.clear()
    _HISTORIES[key] = (history, found)
    return found


def observe(game: Observed, seat: int | None) -> Observation:
    """What ``seat`` may know about ``game``: its own hand and the public record, then each part's view
    (``paiju.climbing.views``).

    ``seat=None`` is a spectator's view: the public record only, no hand and no actions.
    """
    state = game.state
    phase = state.phase
    facts = state.facts()
    bottom_public = state.landlord is not None and phase not in _BOTTOM_UNTAKEN and facts.sees_bottom(seat)
    actors = game.actors()
    if phase == _IDENTITY:
        # Q5.13 (ii): the sealed step shows nobody who has answered (nor does ``to_act``, the public landlord while it
        # lasts); a seat knows only that it has.
        answered = seat is not None and seat not in actors
        actors = frozenset(s for s in range(state.players) if not (answered and s == seat))
    acting = seat is not None and seat in actors
    trick = None if phase != _PLAY or state.is_leading() else state.play.trick
    return made(Observation, {
        "seat": seat,
        "players": state.players,
        "phase": phase,
        "to_act": state.landlord if phase == _IDENTITY and state.landlord is not None else state.to_act,
        "hand": tuple(sorted(state.hands[seat])) if seat is not None else (),
        "cards_left": tuple(map(len, state.hands)),
        "landlord": state.landlord if phase != _BID else None,
        "bid": state.stake.bid,
        "bid_history": tuple(state.auction.history),
        "multiplier": state.stake.multiplier,
        "bottom": tuple(state.bottom) if bottom_public else (),
        "marker": _marker(state, facts, seat),
        "trick": trick,
        "history": state.play.history(),
        "legal": _frozen(game.legal_actions(seat)) if acting else (),
        "scores": state.result.scores if state.result else None,
        "actors": actors,
        "factors": tuple(state.stake.factors),
        "max_bid": state.variant.climbing.max_bid,
        "wild_cards": _wild_cards(state, seat),
        "marked": marked_card(state.variant),
        "parts": part_views(state, seat, facts, acting),
        "patterns": state.variant.pattern_rules,
    })  # fmt: skip


#: The phases ``observe`` asks about, read once (an enum's member read from its class costs as much as a small call).
_IDENTITY, _PLAY, _BID = PhaseName.IDENTITY, PhaseName.PLAY, PhaseName.BID
#: Phases in which the landlord has not taken the bottom yet (the auction, 抢地主), or nothing is dealt.
_BOTTOM_UNTAKEN = frozenset((PhaseName.OPEN_START, PhaseName.BID, PhaseName.GRAB))


def _wild_cards(state: HandState, seat: int | None) -> tuple[Card, ...]:
    """``seat``'s own wild cards: the speculator's 3s (§10, wild beside a natural card), else the table's (5p1d, 癞子)."""
    if seat is None:
        return ()
    if state.spec is not None and seat == state.spec.seat:
        if not state.counts[seat][THREE]:  # the seat's rank counts say so without a look at each card
            return ()
        return tuple(sorted([c for c in state.hands[seat] if FACE_RANK[c % CARDS_PER_DECK] == THREE]))
    mine = state.wild_cards.get(seat)
    return tuple(sorted(mine)) if mine else ()


def _marker(state: HandState, facts: Facts, seat: int | None) -> Card | None:
    """The first bidder's marker card: face up on classic tables, else known to its holder only; 五人斗地主's
    marked card, public."""
    marker = state.deal.marker
    if state.five is not None:  # 五人斗地主: the marked card is public, but never which deck's copy it is (Q5.13)
        return face(state.five.marked)
    if marker is None:  # the speculator tables draw none
        return None
    return marker if facts.sees_marker(seat, state.deal.marker_holder) else None


def forced_pass_shown(game: Observed) -> bool:
    """Whether a seat whose only action is a pass may be passed for it at once (the ``auto_forced`` option).

    Only in the play phase, where it shows what the pass shows anyway (要不起: nothing beats the play);
    in a round such as the declaration, being forced would single out the seat that holds a secret.
    """
    return game.state.phase == PhaseName.PLAY


def in_auction(game: Observed) -> bool:
    """Whether the hand is in its auction: there a timed-out seat goes on 托管 at once (癞子 §1.2 step 5,
    「超时不叫分则视为不叫分且托管」)."""
    return game.state.phase == PhaseName.BID


def _frozen(legal: Sequence[Action]) -> Sequence[Action]:
    """A legal list as an observation keeps it: a list as a tuple; a ``Lazy`` one (already immutable) as it is."""
    return tuple(legal) if isinstance(legal, list) else legal
