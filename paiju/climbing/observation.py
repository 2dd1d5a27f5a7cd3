"""Per-seat views of a hand: what one seat may know, and nothing more.

The terminal, the bots and (later) the server and the RL environment all read these views;
they are the only way hidden cards leave the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from paiju.cards import RANK_CHARS, SUIT_CHARS, Card, card_rank, face, format_cards
from paiju.climbing.actions import Action
from paiju.climbing.events import Facts
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases.small_landlord import names_self
from paiju.climbing.roles import public_identity, seat_role
from paiju.climbing.speculator import THREE, flip_wild_suits, marked_card, side_of_speculator
from paiju.climbing.state import Factor, HandState, PlayRecord

__all__ = ["Observation", "Observed", "forced_pass_shown", "in_auction", "observe"]


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
    #: The speculator's seat (``None`` on tables without one, or before it is found).
    speculator: int | None = None
    #: The determination card that chose the speculator (public).
    determination: Card | None = None
    #: Cards turned face up after the deal (public).
    flipped: tuple[Card, ...] = ()
    #: Gifts as (destination seat, cards): public after the reveal; before it, only the
    #: speculator sees its own bundles (destination -1 = not yet known).
    gifts: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    #: How many cards each gift pile takes in all, landlord's first (public: the table's rules fix them).
    gift_sizes: tuple[int, ...] = ()
    #: Each gift pile's colour rule on the two-colour tables (§15: ``5r4b``, ``free_min4``), empty elsewhere; public.
    gift_colours: tuple[str, ...] = ()
    #: Seats that have gone out without ending the hand (the speculator).
    out: tuple[int, ...] = ()
    #: The side the speculator would join if the hand ended now (speculator.md §12).
    speculator_side: str | None = None
    #: This seat's own wild cards: 5p1d's (the highest card of the flipped card's suit), the speculator's 3s (§10).
    wild_cards: tuple[Card, ...] = ()
    #: 5p1d (§15 (a)), public: the suits whose highest card becomes each non-speculator's wild card at the reveal
    #: (``shdc`` letters), empty elsewhere.
    flip_wild_suits: str = ""
    #: §12, public: the speculator's last two cards that count as one (``44``, ``55``, ``45``), empty where none do.
    speculator_two_low: tuple[str, ...] = ()
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
    #: The seats that may act now (several where a decision is open to more than one at once).
    actors: frozenset[int] = frozenset()
    #: Every multiplier on the bid so far, in the order the hand added them (×2 bomb, ×3 retreat …).
    factors: tuple[Factor, ...] = ()
    #: 癞子: the hands played face up (明牌), as (seat, cards), public from the moment they are shown.
    open_hands: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    #: 癞子: the wild rank once drawn (every card of it is wild for everyone), else ``None``.
    wild_rank: int | None = None
    #: The highest bid the table allows (1: the only bid is 叫地主, as at two players).
    max_bid: int = 3
    #: 五人斗地主 (other-games.md §5.2 step 4), public: ``deciding`` in the identity step, ``hidden`` once nobody
    #: revealed, then how the team became known (``revealed``, ``twin``, ``alone``); empty on other tables.
    identity: str = ""
    #: 五人斗地主: each seat's 加倍 (``None`` until it chose), public.
    doubles: tuple[bool | None, ...] = ()
    #: 五人斗地主 (Q5.5): the other landlord's hand, as (seat, cards), to each landlord once the team is known.
    ally_hands: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    #: §7 6p3d, to the landlord naming its partner: its legal partner choices that name itself (the remaining copy is
    #: its own), so that showing one plays alone; from its own cards, so it tells nothing of anyone else's.
    names_self: tuple[Action, ...] = ()

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is among the seats to act."""
        return self.seat is not None and self.seat in self.actors

    def role(self, seat: int) -> str:
        """``seat``'s role as this view shows it (``seat_role``)."""
        return seat_role(seat, self.phase, self.landlord, self.small_landlord, self.speculator, self.identity)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form of the view (cards as notation strings)."""
        from paiju.climbing.actions import action_text

        def fmt(cards: Sequence[Card]) -> str:
            return format_cards(cards, marked=self.marked)

        def rec(r: PlayRecord | None) -> dict[str, Any] | None:
            if r is None:
                return None
            record: dict[str, Any] = {"seat": r.seat, "cards": fmt(r.cards) if r.move else "pass"}
            if r.move is not None and r.move.wilds:
                # What each wild card stood for in the play (a speculator's 3, 5p1d's or 癞子's wild cards).
                record["wilds"] = [{"card": RANK_CHARS[f], "as": RANK_CHARS[a]} for f, a in r.move.wilds]
            return record

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
            "marker": fmt([self.marker]) if self.marker is not None else None,
            "flipped": fmt(self.flipped) if self.flipped else "",
            "gifts": [
                {"seat": s, "cards": fmt(c), "size": self.gift_sizes[i], "colours": self.gift_colours[i]}
                for i, (s, c) in enumerate(self.gifts)
            ],
            # Every pile the speculator fills, with its size and colour rule, from the first gift on (public rules).
            "gift_piles": [{"size": n, "colours": c} for n, c in zip(self.gift_sizes, self.gift_colours, strict=True)],
            "out": list(self.out),
            "speculator_side": self.speculator_side,
            "wild_cards": fmt(self.wild_cards) if self.wild_cards else "",
            "flip_wild_suits": self.flip_wild_suits,
            "speculator_two_low": list(self.speculator_two_low),
            "promoted": RANK_CHARS[self.promoted] if self.promoted is not None else None,
            "retreated_hand": fmt(self.retreated_hand) if self.retreated_hand else "",
            "partner_shown": fmt(self.partner_shown) if self.partner_shown else "",
            "partner_refused": fmt(self.partner_refused) if self.partner_refused else "",
            "partnership": self.partnership,
            "small_landlord": self.small_landlord,
            "declared": self.declared,
            "partner_known": self.partner_known,
            "actors": sorted(self.actors),
            "factors": [f.to_json() for f in self.factors],
            "open_hands": [{"seat": s, "cards": fmt(c)} for s, c in self.open_hands],
            "wild_rank": RANK_CHARS[self.wild_rank] if self.wild_rank is not None else None,
            "max_bid": self.max_bid,
            "identity": self.identity,
            "doubles": list(self.doubles),
            "ally_hands": [{"seat": s, "cards": fmt(c)} for s, c in self.ally_hands],
            "names_self": [action_text(a) for a in self.names_self],
        }


def _gift_colours(state: HandState) -> tuple[str, ...]:
    """Each gift pile's colour rule (the landlord's pile first), empty strings where the table has none."""
    rules = state.variant.speculator
    if state.spec is None or rules is None:
        return ()
    return tuple(
        rules.landlord_gift_colours if i == 0 else rules.farmer_gift_colours for i in range(len(state.spec.gift_sizes))
    )


def observe(game: Observed, seat: int | None) -> Observation:
    """What ``seat`` may know about ``game``: its own hand and the public record.

    ``seat=None`` is a spectator's view: the public record only, no hand and no actions.
    """
    state = game.state
    spec, part, phase = state.spec, state.partner, state.phase
    facts = state.facts()
    over = phase is PhaseName.OVER
    bottom_public = state.landlord is not None and phase not in _BOTTOM_UNTAKEN and facts.sees_bottom(seat)
    actors = game.actors()
    if phase == PhaseName.IDENTITY:
        # Q5.13 (ii): the sealed step shows nobody who has answered (nor does ``to_act``, the public landlord while it
        # lasts); a seat knows only that it has.
        answered = seat is not None and seat not in actors
        actors = frozenset(s for s in range(state.players) if not (answered and s == seat))
    gifts: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    if spec is not None and spec.gift_seats:
        gifts = tuple((s, tuple(g)) for s, g in zip(spec.gift_seats, spec.gifts, strict=True))
    elif spec is not None and facts.sees_gift(seat, spec.seat):
        gifts = tuple((-1, tuple(g)) for g in spec.gifts)
    side = None
    if spec is not None and state.variant.speculator is not None:
        spec_hand = state.hands[spec.seat]
        if seat == spec.seat or over:
            side = side_of_speculator(spec_hand, state.variant.speculator)
        else:  # others see only how many cards it holds
            side = "landlord" if len(spec_hand) <= 1 else "farmers"
    trick = None if phase != PhaseName.PLAY or state.is_leading() else state.play.trick
    small = state.small_landlord
    knows_partner = small is not None and facts.sees_small_landlord(seat, small)
    partnership = part.partnership if part is not None else ""
    if partnership == "self" and seat != state.landlord and not over:
        partnership = "named"  # §7 6p3d: the landlord plays alone in secret
    # The retreated hand as the table shows it: what a spectator may see of it (the speculator holds it anyway).
    retreated = spec is not None and spec.retreated and facts.sees_retreated_hand(None)
    return Observation(
        seat=seat,
        players=state.players,
        phase=phase,
        to_act=state.landlord if phase == PhaseName.IDENTITY and state.landlord is not None else state.to_act,
        hand=tuple(sorted(state.hands[seat])) if seat is not None else (),
        cards_left=tuple(len(h) for h in state.hands),
        landlord=state.landlord if phase != PhaseName.BID else None,
        bid=state.stake.bid,
        bid_history=tuple(state.auction.history),
        multiplier=state.stake.multiplier,
        bottom=tuple(state.bottom) if bottom_public else (),
        marker=_marker(state, facts, seat),
        trick=trick,
        history=tuple(state.play.plays),
        legal=_frozen(game.legal_actions(seat)) if seat is not None and seat in actors else (),
        scores=state.result.scores if state.result else None,
        speculator=state.speculator,
        determination=spec.determination if spec is not None else None,
        flipped=tuple(state.deal.flipped),
        gifts=gifts,
        gift_sizes=tuple(spec.gift_sizes) if spec is not None else (),
        gift_colours=_gift_colours(state),
        out=tuple(sorted(state.play.out)),
        speculator_side=side,
        wild_cards=_wild_cards(state, seat),
        flip_wild_suits=_flip_wild_suits(state),
        speculator_two_low=tuple(str(p) for p in state.variant.speculator.two_low) if state.variant.speculator else (),
        promoted=state.promoted,
        retreated_hand=tuple(sorted(state.hands[spec.seat])) if retreated and spec is not None else (),
        partner_shown=tuple(part.shown) if part is not None else (),
        partner_refused=tuple(part.refused) if part is not None else (),
        partnership=partnership,
        small_landlord=small if knows_partner else None,
        declared=part is not None and part.declared,
        partner_known=state.partner_known,
        marked=marked_card(state.variant),
        actors=actors,
        factors=tuple(state.stake.factors),
        open_hands=_open_hands(state, facts),
        max_bid=state.variant.climbing.max_bid,
        wild_rank=card_rank(state.deal.wild) if state.deal.wild is not None and phase in _WILD_KNOWN else None,
        identity=public_identity(state),
        doubles=tuple(state.five.doubles) if state.five is not None else (),
        ally_hands=_ally_hands(state, seat),
        names_self=names_self(state, seat) if seat is not None and seat in actors else (),
    )


#: Phases in which the landlord has not taken the bottom yet (the auction, 抢地主), or nothing is dealt.
_BOTTOM_UNTAKEN = frozenset((PhaseName.OPEN_START, PhaseName.BID, PhaseName.GRAB))
#: Phases in which the wild rank has been drawn and shown (it is drawn once the landlord takes the bottom).
_WILD_KNOWN = frozenset((PhaseName.OPEN, PhaseName.PLAY, PhaseName.OVER))


def _wild_cards(state: HandState, seat: int | None) -> tuple[Card, ...]:
    """``seat``'s own wild cards: the speculator's 3s (§10, wild beside a natural card), else the table's (5p1d, 癞子)."""
    if seat is None:
        return ()
    if state.spec is not None and seat == state.spec.seat:
        return tuple(sorted(c for c in state.hands[seat] if card_rank(c) == THREE))
    return tuple(sorted(state.wild_cards.get(seat, ())))


def _flip_wild_suits(state: HandState) -> str:
    """5p1d: the suits (``shdc``) whose highest card is each non-speculator's wild card, once the card is flipped."""
    rules = state.variant.speculator
    if rules is None or not rules.flip_wilds or not state.deal.flipped:
        return ""
    return "".join(SUIT_CHARS[s] for s in flip_wild_suits(state.deal.flipped[0]))


def _marker(state: HandState, facts: Facts, seat: int | None) -> Card | None:
    """The first bidder's marker card: face up on classic tables, else known to its holder only; 五人斗地主's
    marked card, public."""
    marker = state.deal.marker
    if state.five is not None:  # 五人斗地主: the marked card is public, but never which deck's copy it is (Q5.13)
        return face(state.five.marked)
    holder = next((s for s, h in enumerate(state.deal.hands) if marker in h), None)
    return marker if facts.sees_marker(seat, holder) else None


def _open_hands(state: HandState, facts: Facts) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """The hands played face up (明牌), for every seat to see (those a spectator sees); none before the deal."""
    if state.opened is None or not state.hands or not any(state.hands):
        return ()
    return tuple((s, tuple(sorted(h))) for s, h in enumerate(state.hands) if facts.sees_hand(None, s))


def _ally_hands(state: HandState, seat: int | None) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """五人斗地主 Q5.5: once the team is known the public and the hidden landlord see each other's hands."""
    five, landlord = state.five, state.landlord
    if five is None or not five.known or five.hidden is None or seat not in (landlord, five.hidden):
        return ()
    ally = five.hidden if seat == landlord else landlord
    assert ally is not None
    return ((ally, tuple(sorted(state.hands[ally]))),)


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
