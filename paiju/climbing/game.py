"""One hand of a Dou Dizhu-family game as a state machine.

Phases: deal → (find the speculator → gifts) → bid → (reveal → partner → declare) → play → over.
The phases in brackets run only on speculator tables, partner and declare only on two-landlord
tables (speculator.md §2, §7).  ``Game.legal_actions()`` lists
what the seat to act may do; ``Game.apply(action)`` checks the action first and raises
``IllegalMoveError`` (state untouched) when it is not allowed.  Randomness comes only from
the seeded RNG the game holds, and all of it is drawn with the deal, so the event log
(``paiju.climbing.log``) replays to the identical state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from paiju.cards import (
    CARDS_PER_DECK,
    Card,
    Colour,
    card_colour,
    card_rank,
    deck_cards,
    format_card,
    format_cards,
    rank_counts,
    sort_cards,
)
from paiju.climbing import speculator as spec_rules
from paiju.climbing.actions import Action, Alone, Bid, Declare, Give, Partner, Pass, Play
from paiju.climbing.events import (
    AloneEvent,
    BidEvent,
    DealEvent,
    DeclareEvent,
    EndEvent,
    Event,
    Facts,
    GiveEvent,
    InstantWinEvent,
    LandlordEvent,
    NoPartnerEvent,
    OutEvent,
    PartnerEvent,
    PartnerKnownEvent,
    PartnerRefusedEvent,
    PassEvent,
    PlayEvent,
    RedealEvent,
    RetreatEvent,
    RevealEvent,
    SmallLandlordEvent,
    SpeculatorEvent,
)
from paiju.climbing.partner import PartnerOption, alone_options, partner_options
from paiju.climbing.phase_name import PhaseName
from paiju.patterns import (
    IllegalMoveError,
    Move,
    Wilds,
    beats,
    classify_ranks,
    describe,
    generate_counts,
    speculator_answers,
)
from paiju.patterns.colour import (
    PAIR_KICKER_KINDS,
    body_ranks,
    coloured_beats,
    coloured_moves,
    colours_fit,
    split_by_colour,
)
from paiju.patterns.move import NO_COLOUR
from paiju.patterns.wild import bomb_ranks, forced_answers
from paiju.variants import RedOverBlack, Variant

__all__ = ["Deal", "Game", "PlayRecord", "Result"]

#: The phases tested on every action, bound once (looking up an enum member is slow on Python 3.11).
_GIFT, _BID, _PARTNER = PhaseName.GIFT, PhaseName.BID, PhaseName.PARTNER
_DECLARE, _PLAY, _OVER = PhaseName.DECLARE, PhaseName.PLAY, PhaseName.OVER


@dataclass(frozen=True)
class Deal:
    """Everything random about a hand, drawn at once: hands, bottom, the face-up cards.

    ``marker`` picks the first bidder on tables without a speculator; ``extra`` is what the
    speculator draws after it is found; ``gift_order`` says which farmer gift goes to which
    farmer seat (bundle ``gift_order[i]`` to the i-th farmer seat).
    """

    hands: tuple[tuple[Card, ...], ...]
    bottom: tuple[Card, ...]
    marker: Card | None = None
    flipped: tuple[Card, ...] = ()
    extra: tuple[Card, ...] = ()
    gift_order: tuple[int, ...] = ()


@dataclass(frozen=True)
class PlayRecord:
    """One turn of the play phase: who, and the move (``None`` for a pass)."""

    seat: int
    move: Move | None
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Result:
    """How a hand ended: the winning side, the stake and every seat's score.

    ``winner`` is the seat that went out (or won at once); ``speculator_side`` is the side
    the speculator joined (``None`` on tables without one); ``instant`` marks an instant win and
    ``retreat`` a hand the speculator sat out (speculator.md §8); ``small_landlord`` is the
    landlord's partner and ``partnership`` how the landlord played (§7: ``named``, ``self``,
    ``alone`` for 一打四, ``none`` without a legal card; empty on one-landlord tables).
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


class Game:
    """A single hand.  Create with ``Game.new(variant, seed)``.

    ``previous`` is the seat that went out first in the session's previous hand, for
    tables whose speculator is chosen that way (speculator.md §3).
    """

    def __init__(
        self,
        variant: Variant,
        seed: int,
        dealer: int = 0,
        deals: Sequence[Deal] = (),
        previous: int | None = None,
    ) -> None:
        self.variant = variant
        self.seed = seed
        self.dealer = dealer % variant.players
        self.previous = previous
        self.rng = random.Random(seed)
        self._scripted_deals = list(deals)
        #: What happened, in order (``events`` is the same as the log's JSON).
        self.typed_events: list[Event] = []
        self._events_json: list[dict[str, Any]] = []
        self.deal_count = 0
        self._version = 0
        self._legal_cache: tuple[int, list[Action]] | None = None
        self._start_deal()

    @classmethod
    def new(cls, variant: Variant, seed: int | None = None, dealer: int = 0) -> Game:
        """A freshly dealt hand; ``seed=None`` picks a random seed (still recorded)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        return cls(variant, seed, dealer)

    # ------------------------------------------------------------------ dealing
    def _draw_deal(self) -> Deal:
        """The next deal: from the replayed log if one is scripted, else shuffled by the RNG."""
        v = self.variant
        if self._scripted_deals:
            deal = self._scripted_deals.pop(0)
            _check_deal(v, deal)
            return deal
        pack = deck_cards(v.decks, v.removed_rank_indices)
        self.rng.shuffle(pack)
        h, p = v.hand_size, v.players
        hands = tuple(tuple(pack[i * h : (i + 1) * h]) for i in range(p))
        rest = pack[p * h :]
        bottom, rest = tuple(rest[: v.bottom_size]), rest[v.bottom_size :]
        flipped, extra = tuple(rest[: v.flipped]), tuple(rest[v.flipped :])
        if v.speculator is None:
            # other-games.md Q3.1: the marker card is chosen among the cards dealt to players.
            return Deal(hands, bottom, pack[self.rng.randrange(p * h)], flipped, extra)
        order = list(range(p - 2))
        self.rng.shuffle(order)
        return Deal(hands, bottom, None, flipped, extra, tuple(order))

    def _start_deal(self) -> None:
        v = self.variant
        deal = self._draw_deal()
        self.deal = deal
        self.deal_count += 1
        self.hands: list[list[Card]] = [list(h) for h in deal.hands]
        self.bottom: list[Card] = list(deal.bottom)
        self.high_bid = 0
        self.landlord: int | None = None
        self.bid_passes = 0
        self.bids_made = 0
        self.bid_history: list[tuple[int, int]] = []
        self.trick: PlayRecord | None = None
        self.play_passes = 0
        self.plays: list[PlayRecord] = []
        self.doublings = 0
        self.played_by: list[int] = [0] * v.players
        self.out: set[int] = set()
        self.result: Result | None = None
        self.speculator: int | None = None
        self.determination: Card | None = None
        self.gifts: list[list[Card]] = []
        self.gift_seats: list[int] = []
        #: The speculator has retreated: it gives and takes cards but plays no part (speculator.md §8).
        self.retreated = False
        #: 5p1d: each non-speculator's wild cards, fixed at the reveal (speculator.md §15).
        self.wild_cards: dict[int, frozenset[Card]] = {}
        #: 7p3d: the bottom cards the speculator took face down before its gifts (§4).
        self.early_bottom: list[Card] = []
        #: §7: the landlord's partner (secret until it declares or plays ``partner_card``).
        self.small_landlord: int | None = None
        self.partner_card: Card | None = None
        #: §7: ``named``, ``self``, ``alone`` (一打四) or ``none`` once the landlord has chosen.
        self.partnership = ""
        self.partner_shown: list[Card] = []
        #: Copies the speculator revealed when the landlord named them.
        self.partner_refused: list[Card] = []
        self.declared = False
        #: The small landlord is known to every seat (declared, or played the partner card).
        self.partner_known = False
        self.declare_queue: list[int] = []
        rules = v.speculator
        #: 5p1d: the flipped card's rank, which ranks between 2 and the black joker.
        self.promoted: int | None = (
            card_rank(deal.flipped[0]) if rules is not None and rules.flip_promotes and deal.flipped else None
        )
        event = DealEvent(deal.hands, deal.bottom, deal.marker, deal.flipped, deal.extra, deal.gift_order)
        if v.speculator is None:
            assert deal.marker is not None
            self.first_bidder = next(s for s, h in enumerate(deal.hands) if deal.marker in h)
            self.typed_events.append(replace(event, first_bidder=self.first_bidder))
            self._refresh_counts()
            self.phase = PhaseName.BID
            self.to_act = self.first_bidder
        else:
            self.typed_events.append(event)
            self._find_speculator()
        self._touch()

    def _refresh_counts(self) -> None:
        self.counts: list[list[int]] = [rank_counts(h) for h in self.hands]

    @property
    def events(self) -> list[dict[str, Any]]:
        """The events as the log stores them, converted once each, when first asked for."""
        done = self._events_json
        if len(done) < len(self.typed_events):
            done.extend(e.to_json() for e in self.typed_events[len(done) :])
        return done

    def facts(self) -> Facts:
        """The public facts that decide what a seat may see of the events now."""
        return Facts(self.variant.bottom_shown, self.landlord, self.speculator, self.phase, self.partner_known)

    def _touch(self) -> None:
        self._version += 1
        self._legal_cache = None

    # ------------------------------------------------------------------ the speculator (§3, §4, §8)
    def _find_speculator(self) -> None:
        """§3: the determination card's holder, or last hand's first player out; redeal if it lies in the bottom."""
        rules = spec_rules.rule_of(self.variant)
        card = spec_rules.determination_card(self.variant, self.bottom, self.deal.flipped)
        self.determination = card
        holder = next((s for s, h in enumerate(self.hands) if card in h), None)
        seat = holder
        by_previous = self.previous is not None and (
            rules.selection == "previous" or (rules.selection == "previous_if_in_bottom" and holder is None)
        )
        if by_previous:
            seat = self.previous
        if seat is None:
            self.typed_events.append(RedealEvent("the determination card is in the bottom"))
            self._start_deal()
            return
        if by_previous:
            # The role came from the previous hand, not from a card, even when that seat holds the card
            # too: no card is shown, and none is barred from the gifts.
            self.determination = None
        self.speculator = seat
        self.hands[seat].extend(self.deal.extra)
        early = rules.early_bottom
        self.early_bottom, self.bottom = self.bottom[:early], self.bottom[early:]
        self.hands[seat].extend(self.early_bottom)
        gift_sizes = [rules.gift_landlord] + [rules.gift_farmer] * (self.variant.players - 2)
        if not spec_rules.can_make_gifts(self.hands[seat], self.determination, self.promoted, rules, gift_sizes):
            # Too many 3s (and kept cards) to fill the gifts: no rule covers it, so deal again.
            self.typed_events.append(RedealEvent("the speculator cannot make its gifts"))
            self._start_deal()
            return
        self._refresh_counts()
        self.typed_events.append(SpeculatorEvent(seat, self.determination, holder))
        self.gifts = [[]]
        self.gift_sizes = gift_sizes
        self.first_bidder = spec_rules.opposite(seat, self.variant.players)
        self.phase = PhaseName.GIFT
        self.to_act = seat
        self._check_retreat()
        winner = spec_rules.instant_win_seat(self.hands, seat, rules.instant_win)
        if winner is not None:
            self._settle_instant(winner)

    def _check_retreat(self) -> None:
        """§8: from the deal to the reveal, a speculator holding V of a rank (or the table's jokers)
        retreats: its hand is shown and, once the cards are exchanged, it sits the hand out."""
        rules = spec_rules.rule_of(self.variant)
        assert self.speculator is not None
        if not self.retreated and spec_rules.retreats(self.hands[self.speculator], rules):
            self.retreated = True
            self.typed_events.append(RetreatEvent(self.speculator, tuple(sorted(self.hands[self.speculator]))))

    def _apply_gift(self, action: Action) -> None:
        """§4: the speculator fills the landlord's gift, then each farmer gift, one card at a time."""
        if not isinstance(action, Give):
            raise IllegalMoveError("the speculator chooses its gifts first: give a card")
        if not self.is_legal(action):
            raise IllegalMoveError(self.why_not_giftable(action.card))
        seat = self.to_act
        self.hands[seat].remove(action.card)
        self.counts[seat][card_rank(action.card)] -= 1
        self.gifts[-1].append(action.card)
        bundle = len(self.gifts) - 1
        self.typed_events.append(GiveEvent(seat, action.card, bundle))
        if len(self.gifts[-1]) == self.gift_sizes[bundle]:
            if len(self.gifts) < len(self.gift_sizes):
                self.gifts.append([])
            else:
                self.phase = PhaseName.BID
                self.to_act = self.first_bidder

    def _colour_room(self, card: Card, later: bool = True) -> bool:
        """§15 two-colour tables: whether the gift being filled still takes a card of ``card``'s colour
        (and, with ``later``, whether the gifts after it can still get their colours)."""
        rules = spec_rules.rule_of(self.variant)
        bundle = len(self.gifts) - 1
        rule = rules.landlord_gift_colours if bundle == 0 else rules.farmer_gift_colours
        if not rule:
            return True
        given = [sum(1 for c in self.gifts[-1] if card_colour(c) == k) for k in (Colour.BLACK, Colour.RED)]
        if not spec_rules.colour_room(rule, self.gift_sizes[bundle], given, card_colour(card)):
            return False
        if not later:
            return True
        # A free split (free_minK) must not use up a colour that the gifts still to fill need.
        hand = [c for c in self.hands[self.to_act] if c != card]
        gifts = [*self.gifts[:-1], [*self.gifts[-1], card]]
        return spec_rules.can_make_gifts(hand, self.determination, self.promoted, rules, self.gift_sizes, gifts)

    def why_not_giftable(self, card: Card) -> str:
        """A player-facing reason why the speculator may not give ``card`` (speculator.md §4)."""
        name = format_card(card)
        if card not in self.hands[self.to_act]:
            return f"you don't hold {name}"
        if not self._colour_room(card):
            colour = "red" if card_colour(card) == Colour.RED else "black"
            if self._colour_room(card, later=False):
                return f"the gifts still to fill need the {colour} cards you have left"
            return f"this gift holds no more {colour} cards"
        if card_rank(card) == spec_rules.THREE:
            return "a gift may not contain a 3"
        if card == self.determination:
            return f"{name} is the determination card and may not be given"
        return f"{name}: you keep one card of your highest rank"

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        """Whether the hand has been settled."""
        return self.phase is _OVER

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.variant.players

    def is_leading(self) -> bool:
        """Whether the seat to act starts a new trick (and so may not pass)."""
        return self.trick is None or self.trick.seat == self.to_act

    def multiplier(self) -> int:
        """Current multiplier on the bid: ×2 per doubling bomb played so far, ×3 for the speculator's
        retreat, ×2 for a declared small landlord, ×3 for 一打四 (speculator.md §13)."""
        times: int = 2**self.doublings
        times *= 3 if self.retreated else 1
        times *= 2 if self.declared else 1
        return times * (3 if self.partnership == "alone" else 1)

    def landlord_side(self) -> tuple[int, ...]:
        """The landlord and its small landlord, if it has one (the self-named landlord plays alone)."""
        assert self.landlord is not None
        return (self.landlord,) if self.small_landlord is None else (self.landlord, self.small_landlord)

    def wilds_of(self, seat: int) -> Wilds | None:
        """The wild cards ``seat`` plays with: the speculator's 3s (speculator.md §10), or on 5p1d
        the other seats' flipped-suit wild cards (§15), which play as themselves alone."""
        if self.variant.speculator is None:
            return None
        if seat == self.speculator:
            return spec_rules.speculator_wilds(self.variant, self.counts[seat][spec_rules.THREE], self.promoted)
        held = self._wild_cards_held(seat)
        return spec_rules.flip_wilds(held)

    def wilds_in(self, seat: int, cards: Sequence[Card]) -> Wilds | None:
        """The wild cards among ``cards`` as ``seat`` would play them (for reading a recorded play)."""
        wilds = self.wilds_of(seat)
        if wilds is None:
            return None
        wild = self._wild_cards_held(seat)
        faces = tuple(sorted(card_rank(c) for c in cards if c in wild))
        return Wilds(faces, wilds.alone_key, wilds.alone_bombs) if faces else None

    def _wild_cards_held(self, seat: int) -> list[Card]:
        """The wild cards ``seat`` holds: every 3 of the speculator, a 5p1d seat's flipped-suit cards."""
        if seat == self.speculator and self.variant.speculator is not None:
            return [c for c in self.hands[seat] if card_rank(c) == spec_rules.THREE]
        wild = self.wild_cards.get(seat)
        return [c for c in self.hands[seat] if c in wild] if wild else []

    def _natural_counts(self, seat: int) -> list[int]:
        counts = list(self.counts[seat])
        for c in self._wild_cards_held(seat):
            counts[card_rank(c)] -= 1
        return counts

    def legal_actions(self) -> list[Action]:
        """Everything the seat to act may do now (empty once the hand is over)."""
        cache = self._legal_cache
        if cache is not None and cache[0] == self._version:
            return cache[1]
        actions: list[Action]
        if self.phase is _GIFT:
            hand = self.hands[self.to_act]
            free = spec_rules.giftable(hand, self.determination, self.promoted)
            actions = [Give(c) for c in free if self._colour_room(c)]
        elif self.phase is _BID:
            actions = [Pass()]
            actions += [Bid(p) for p in range(self.high_bid + 1, self.variant.max_bid + 1)]
        elif self.phase is _PARTNER:
            actions = self._partner_actions()
        elif self.phase is _DECLARE:
            actions = [Pass(), Declare()] if self.to_act == self.small_landlord else [Pass()]
        elif self.phase is _PLAY:
            actions = self._play_actions()
        else:
            actions = []
        self._legal_cache = (self._version, actions)
        return actions

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is among ``legal_actions()``."""
        return action in self.legal_actions()

    def _play_actions(self) -> list[Action]:
        if self.variant.pattern_rules.two_colour:
            return self._colour_play_actions()
        seat = self.to_act
        counts = self._natural_counts(seat)
        wilds = self.wilds_of(seat)
        to_beat = None if self.is_leading() or self.trick is None else self.trick.move
        if to_beat is None:
            return [Play(m) for m in generate_counts(self.variant.pattern_rules, counts, None, wilds, self.promoted)]
        rules = self.variant.speculator
        if seat == self.speculator and rules is not None:
            # speculator.md §11 能跟必跟: only the allowed answers are offered.
            answers, may_pass = speculator_answers(
                self.variant.pattern_rules, counts, wilds, to_beat, rules.bomb_cards_exempt, self.promoted
            )
        else:
            answers = generate_counts(self.variant.pattern_rules, counts, to_beat, wilds, self.promoted)
            may_pass = True
        actions: list[Action] = [Pass()] if may_pass else []
        actions.extend(Play(m) for m in answers)
        return actions

    def _colour_counts(self, seat: int) -> tuple[tuple[list[int], list[int]], tuple[Wilds | None, Wilds | None]]:
        """§14: a seat's natural cards per colour (black, red), and its wild 3s of each colour."""
        faces = (spec_rules.THREE,) if seat == self.speculator else ()
        counts, wild = split_by_colour(self.hands[seat], faces)
        black, red = (
            spec_rules.speculator_wilds(self.variant, len(w), self.promoted) if w else None for w in wild
        )
        return counts, (black, red)

    def _colour_play_actions(self) -> list[Action]:
        """§14: the moves of a two-colour hand; answers beat by colour as well as by rank."""
        seat = self.to_act
        counts, wilds = self._colour_counts(seat)
        to_beat = None if self.is_leading() or self.trick is None else self.trick.move
        moves = coloured_moves(self.variant.pattern_rules, counts, wilds, to_beat)
        if to_beat is None:
            return [Play(m) for m in moves]
        may_pass = True
        rules = self.variant.speculator
        if seat == self.speculator and rules is not None:
            faces = tuple(f for w in wilds if w is not None for f in w.faces)
            held = set()
            if rules.bomb_cards_exempt:
                table = self.variant.pattern_rules
                held = bomb_ranks(table, counts[0], wilds[0]) | bomb_ranks(table, counts[1], wilds[1])
            moves, may_pass = forced_answers(moves, to_beat, faces, held)
        actions: list[Action] = [Pass()] if may_pass else []
        return actions + [Play(m) for m in moves]

    def colour_bound(self, seat: int) -> bool:
        """§14: whether ``seat`` still holds cards of both colours."""
        return len({card_colour(c) for c in self.hands[seat]}) == 2

    # ------------------------------------------------------------------ transitions
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Take ``action`` for the seat to act; raise ``IllegalMoveError`` (and change nothing) if not allowed."""
        if self.phase is _OVER:
            raise IllegalMoveError("the hand is over")
        if seat is not None and seat != self.to_act:
            raise IllegalMoveError(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        if self.phase is _GIFT:
            self._apply_gift(action)
        elif self.phase is _BID:
            self._apply_bid(action)
        elif self.phase is _PARTNER:
            self._apply_partner(action)
        elif self.phase is _DECLARE:
            self._apply_declare(action)
        else:
            self._apply_play(action)
        self._touch()

    def _apply_bid(self, action: Action) -> None:
        v = self.variant
        if not isinstance(action, (Bid, Pass)):
            raise IllegalMoveError("bidding is not over yet: bid or pass")
        if isinstance(action, Bid):
            if not self.high_bid < action.points <= v.max_bid:
                if action.points <= self.high_bid:
                    raise IllegalMoveError(f"a bid must be higher than the current bid of {self.high_bid}")
                raise IllegalMoveError(f"bids go up to {v.max_bid}")
        seat = self.to_act
        self.bids_made += 1
        if isinstance(action, Bid):
            self.high_bid = action.points
            self.landlord = seat
            self.bid_passes = 0
            self.bid_history.append((seat, action.points))
            self.typed_events.append(BidEvent(seat, action.points))
        else:
            self.bid_passes += 1
            self.bid_history.append((seat, 0))
            self.typed_events.append(PassEvent(seat))
        if self._auction_over():
            if self.landlord is None:
                self.typed_events.append(RedealEvent("nobody bid"))
                self._start_deal()
            elif self.speculator is None:
                self._start_play()
            else:
                self._reveal()
            return
        self.to_act = self._next_bidder(seat)

    def _next_bidder(self, seat: int) -> int:
        nxt = (seat + 1) % self.variant.players
        return (nxt + 1) % self.variant.players if nxt == self.speculator else nxt

    def _auction_over(self) -> bool:
        """other-games.md §3.2 (speculator.md §5: one turn each, the speculator excluded)."""
        n = self.variant.players
        if self.high_bid == self.variant.max_bid:
            return True
        if self.speculator is not None:
            return self.bids_made == n - 1
        if self.variant.single_round_auction:
            return self.bids_made == n
        if self.landlord is None:
            return self.bid_passes == n
        return self.bid_passes == n - 1

    def _start_play(self) -> None:
        assert self.landlord is not None
        seat = self.landlord
        self.hands[seat].extend(self.bottom)
        self.counts[seat] = rank_counts(self.hands[seat])
        self.typed_events.append(LandlordEvent(seat, self.high_bid, tuple(self.bottom)))
        self.phase = PhaseName.PLAY
        self.to_act = seat

    def _reveal(self) -> None:
        """§2.6: every gift and the bottom turn face up; farmer gifts go to farmer seats at random."""
        assert self.landlord is not None and self.speculator is not None
        rules = spec_rules.rule_of(self.variant)
        landlord, spec = self.landlord, self.speculator
        farmers = [s for s in range(self.players) if s not in (landlord, spec)]
        self.hands[landlord].extend(self.gifts[0])
        self.gift_seats = [landlord] + [0] * len(farmers)
        for i, seat in enumerate(farmers):
            bundle = 1 + self.deal.gift_order[i]
            self.hands[seat].extend(self.gifts[bundle])
            self.gift_seats[bundle] = seat
        self.hands[spec].extend(self.bottom)
        flipped_to = landlord if rules.flip_to == "landlord" else spec
        if rules.flip_wilds:
            self.wild_cards = {
                s: frozenset(spec_rules.flip_wild_cards(self.hands[s], self.deal.flipped[0]))
                for s in range(self.players)
                if s != spec
            }
        self.hands[flipped_to].extend(self.deal.flipped)
        self._refresh_counts()
        gifts = tuple((s, tuple(g)) for s, g in zip(self.gift_seats, self.gifts, strict=True))
        self.typed_events.append(RevealEvent(landlord, self.high_bid, gifts, tuple(self.bottom), flipped_to))
        self.phase = PhaseName.PLAY
        self.to_act = landlord
        self._check_retreat()
        if self.retreated:
            self.out.add(spec)
        winner = spec_rules.instant_win_seat(self.hands, spec, rules.instant_win)
        if winner is not None:
            self._settle_instant(winner)
        elif rules.partner:
            self.phase = PhaseName.PARTNER
            self._offer_partner()

    # ------------------------------------------------------------------ the small landlord (§7)
    def _partner_options(self) -> list[PartnerOption]:
        assert self.landlord is not None
        rules = spec_rules.rule_of(self.variant)
        return partner_options(
            rules, self.hands[self.landlord], self.variant.decks, self.bottom, self.deal.flipped, self.partner_refused
        )

    def _partner_actions(self) -> list[Action]:
        """§7: name a partner by showing cards, or 一打四 with a same-suit pair; with no card left to
        name, a pass plays alone."""
        assert self.landlord is not None
        actions: list[Action] = [Partner(o.shown) for o in self._partner_options()]
        if not actions:
            actions.append(Pass())
        if spec_rules.rule_of(self.variant).one_against_all:
            actions.extend(Alone(p) for p in alone_options(self.hands[self.landlord]))
        return actions

    def _offer_partner(self) -> None:
        """The landlord chooses its partner; with nothing to show at all it plays alone at once."""
        assert self.landlord is not None
        self.to_act = self.landlord
        if self._partner_actions() == [Pass()]:
            self._play_alone("none")

    def _play_alone(self, how: str) -> None:
        """§7: no small landlord (一打四, or no legal card); one-landlord values."""
        self.partnership = how
        self.typed_events.append(NoPartnerEvent(how))
        self._landlord_leads()

    def _landlord_leads(self) -> None:
        """§2.8: play starts with the landlord's lead."""
        assert self.landlord is not None
        self.phase = PhaseName.PLAY
        self.to_act = self.landlord

    def _apply_partner(self, action: Action) -> None:
        """§7: the landlord shows cards; the holder of the remaining copy is the small landlord, unless
        it is the speculator, which reveals it, and the landlord chooses again."""
        if not isinstance(action, (Partner, Alone, Pass)):
            raise IllegalMoveError("name your partner first: show a card (partner …)")
        if not self.is_legal(action):
            raise IllegalMoveError(self.why_not_partner(action))
        landlord = self.to_act
        if isinstance(action, Pass):
            self.typed_events.append(PassEvent(landlord))
            self._play_alone("none")
            return
        if isinstance(action, Alone):
            self.typed_events.append(AloneEvent(landlord, tuple(action.cards)))
            self.partner_shown = list(action.cards)
            self._play_alone("alone")
            return
        option = next(o for o in self._partner_options() if o.shown == action.cards)
        holder = next(s for s, h in enumerate(self.hands) if option.partner in h)
        self.typed_events.append(PartnerEvent(landlord, tuple(action.cards)))
        if holder == self.speculator:
            self.partner_refused.append(option.partner)
            self.typed_events.append(PartnerRefusedEvent(holder, option.partner))
            self._offer_partner()
            return
        self.partner_shown = list(action.cards)
        self.partner_card = option.partner
        self.partnership = "self" if holder == landlord else "named"
        self.small_landlord = holder if holder != landlord else None
        self.typed_events.append(SmallLandlordEvent(holder, option.partner))
        # Every farmer seat answers in turn, so nobody learns who could have declared.
        self.declare_queue = [
            s % self.players
            for s in range(landlord + 1, landlord + self.players)
            if s % self.players not in (self.speculator, landlord)
        ]
        self.phase = PhaseName.DECLARE
        self.to_act = self.declare_queue.pop(0)

    def why_not_partner(self, action: Action) -> str:
        """A player-facing reason why the landlord cannot show these cards."""
        rule = spec_rules.rule_of(self.variant).partner
        if isinstance(action, Pass):
            return "you still have a card that names a partner: show one (partner …)"
        if isinstance(action, Alone):
            return "一打四 needs a same-suit pair you hold, at a table that allows it"
        how = {
            "single": "one card whose other copy you don't hold",
            "flip-rank": "a card of the flipped card's rank (or the nearest rank) whose other copy you don't hold",
            "pair-or-bottom": "a same-suit pair, or one copy of a bottom card, whose remaining copy another player holds",
        }[rule]
        return f"show {how}"

    def _apply_declare(self, action: Action) -> None:
        """§7 亮明身份: each farmer seat in turn may declare (only the small landlord can), ×2."""
        if not isinstance(action, (Declare, Pass)):
            raise IllegalMoveError("declare yourself the small landlord, or pass")
        if not self.is_legal(action):
            raise IllegalMoveError("only the small landlord can declare itself")
        seat = self.to_act
        if isinstance(action, Declare):
            self.declared = self.partner_known = True
            self.typed_events.append(DeclareEvent(seat))
        else:
            self.typed_events.append(PassEvent(seat))
        if self.declare_queue:
            self.to_act = self.declare_queue.pop(0)
        else:
            self._landlord_leads()

    def _active(self, seat: int) -> bool:
        return seat not in self.out

    def _next_active(self, seat: int) -> int:
        nxt = (seat + 1) % self.players
        while nxt in self.out:
            nxt = (nxt + 1) % self.players
        return nxt

    def _apply_play(self, action: Action) -> None:
        seat = self.to_act
        if not isinstance(action, (Play, Pass)):
            raise IllegalMoveError("the play has started: play cards or pass")
        if isinstance(action, Pass):
            if self.is_leading():
                raise IllegalMoveError("you lead this trick, so you must play (a pass is not allowed)")
            if not self.is_legal(action):
                raise IllegalMoveError("you must follow: a play of yours beats it (能跟必跟)")
            self.play_passes += 1
            self.plays.append(PlayRecord(seat, None, ()))
            self.typed_events.append(PassEvent(seat))
            assert self.trick is not None
            holder = self.trick.seat
            needed = self.players - len(self.out) - (1 if self._active(holder) else 0)
            if self.play_passes == needed:
                # speculator.md §9: the last player to play leads; if it has gone out, the next active seat.
                self.to_act = holder if self._active(holder) else self._next_active(holder)
                self.trick = None
                self.play_passes = 0
            else:
                self.to_act = self._next_active(seat)
            return
        move = action.move
        cards = self._cards_for(seat, move, action.cards)
        if not self.is_legal(action):
            raise IllegalMoveError(self.why_illegal(move))
        for c in cards:
            self.hands[seat].remove(c)
            self.counts[seat][card_rank(c)] -= 1
        record = PlayRecord(seat, move, cards)
        self.plays.append(record)
        self.played_by[seat] += 1
        self.trick = record
        self.play_passes = 0
        if move.bomb in self.variant.pattern_rules.doubling_bombs:
            self.doublings += 1
        self.typed_events.append(
            PlayEvent(seat, tuple(cards), move.text(), move.kind, move.key, move.length, move.wilds, move.colour)
        )
        if seat == self.small_landlord and self.partner_card in cards and not self.partner_known:
            self.partner_known = True  # §7: playing the partner card makes it known
            self.typed_events.append(PartnerKnownEvent(seat))
        if seat == self.speculator and not self.hands[seat]:
            self.out.add(seat)  # §12: the speculator going out does not end the hand
            self.typed_events.append(OutEvent(seat))
        elif not self.hands[seat]:
            self._settle(seat)
            return
        elif self._handicap_reached(seat):
            self._settle(seat)
            return
        self.to_act = self._next_active(seat)

    def handicap(self) -> int:
        """3p1d 让牌 h: the farmer wins holding h or fewer cards (0 on other tables)."""
        rules = self.variant.speculator
        return self.high_bid if rules is not None and rules.rangpai else 0

    def _handicap_reached(self, seat: int) -> bool:
        h = self.handicap()
        return h > 0 and seat not in (self.landlord, self.speculator) and len(self.hands[seat]) <= h

    def _cards_for(self, seat: int, move: Move, chosen: tuple[Card, ...] | None) -> tuple[Card, ...]:
        """The concrete cards for ``move``: the ones named, or the lowest copies the seat holds."""
        hand = self.hands[seat]
        if chosen is not None:
            missing = [c for c in chosen if c not in hand]
            if missing or len(set(chosen)) != len(chosen):
                raise IllegalMoveError(f"you don't hold {format_cards(missing or chosen)}")
            if sorted(card_rank(c) for c in chosen) != list(move.ranks):
                raise IllegalMoveError("those cards are not the move named")
            if move.colour != NO_COLOUR and not colours_fit(move, chosen):
                raise IllegalMoveError(f"those cards are not all {describe(move).split()[0]} ({describe(move)})")
            return tuple(sort_cards(chosen))
        if move.colour != NO_COLOUR:
            return self._coloured_cards(seat, move)
        return self._pick(seat, hand, move)

    def _coloured_cards(self, seat: int, move: Move) -> tuple[Card, ...]:
        """§14: the body (and wild 3s) from the move's colour; each kicker pair from one colour,
        the move's own first."""
        own = [c for c in self.hands[seat] if card_colour(c) == move.colour]
        try:
            return self._pick(seat, own, move)
        except IllegalMoveError:
            if move.kind not in PAIR_KICKER_KINDS:
                raise
        natural = list(move.ranks)
        for face, _ in move.wilds:
            natural.remove(face)
        body = body_ranks(move)
        for _, meant in move.wilds:
            if meant in body:
                body.remove(meant)
        wild = set(self._wild_cards_held(seat))
        picked = [c for c in own if c in wild][: len(move.wilds)]
        rest = [c for c in self.hands[seat] if c not in wild]
        for r in sorted(set(natural)):
            n = natural.count(r)
            mine = [c for c in rest if card_rank(c) == r and card_colour(c) == move.colour]
            others = [c for c in rest if card_rank(c) == r and card_colour(c) != move.colour]
            if r in body:
                take = mine[:n]
            else:
                # Kicker pairs: the other colour only in whole pairs.
                short = max(0, n - len(mine))
                short += short % 2
                take = mine[: n - short] + others[:short]
            if len(take) < n:
                raise IllegalMoveError(f"you don't hold the cards for {move.text()}")
            picked += take
        if len(picked) != len(move.ranks):
            raise IllegalMoveError(f"you don't hold the cards for {move.text()}")
        return tuple(sort_cards(picked))

    def _pick(self, seat: int, hand: Sequence[Card], move: Move) -> tuple[Card, ...]:
        """The lowest copies in ``hand`` that make ``move``, wild cards only for its wild readings."""
        # Wild readings take wild cards; everything else takes natural cards first, so that a
        # 5p1d wild card stays in hand when a natural card of its rank serves as well.
        wild = set(self._wild_cards_held(seat))
        wanted = set(move.ranks)
        natural: dict[int, list[Card]] = {r: [] for r in wanted}
        spare: dict[int, list[Card]] = {r: [] for r in wanted}
        for c in sorted(hand, key=lambda c: (c % CARDS_PER_DECK, c)):
            r = card_rank(c)
            if r in wanted:
                (spare if c in wild else natural)[r].append(c)
        picked: list[Card] = []
        needs = list(move.ranks)
        for face, _ in move.wilds:
            if not spare[face]:
                raise IllegalMoveError(f"you don't hold the wild cards for {move.text()}")
            picked.append(spare[face].pop(0))
            needs.remove(face)
        for r in needs:
            pool = natural[r] or spare[r]
            if not pool:
                raise IllegalMoveError(f"you don't hold the cards for {move.text()}")
            picked.append(pool.pop(0))
        return tuple(sort_cards(picked))

    def why_illegal(self, move: Move) -> str:
        """A player-facing reason why ``move`` cannot be played now."""
        plain = move._replace(colour=NO_COLOUR)
        if plain not in classify_ranks(self.variant.pattern_rules, move.ranks, self.wilds_of(self.to_act), self.promoted):
            return f"{move.text()} is not a valid combination at this table"
        following = self.trick is not None and self.trick.move is not None and not self.is_leading()
        if self.variant.two_colour:
            reason = self._why_not_coloured(move, following)
            if reason:
                return reason
        elif following:
            assert self.trick is not None and self.trick.move is not None
            current = self.trick.move
            if not beats(move, current):
                return (
                    f"{move.text()} does not beat {current.text()} ({describe(current)}): play the "
                    "same kind with the same number of cards and a higher rank, a bomb, or pass"
                )
        if following and self.to_act == self.speculator:
            return f"{move.text()} is not allowed: the speculator must follow with the fewest 3s (能跟必跟)"
        return f"{move.text()} cannot be played now"

    def _why_not_coloured(self, move: Move, following: bool) -> str:
        """§14: why no colour reading of ``move`` (its own colour, or either when it names none) is playable."""
        seat = self.to_act
        counts, wilds = self._colour_counts(seat)
        held = coloured_moves(self.variant.pattern_rules, counts, wilds, None)
        colours = (move.colour,) if move.colour != NO_COLOUR else (Colour.BLACK, Colour.RED)
        readings = [m for m in (move._replace(colour=int(c)) for c in colours) if m in held]
        if not readings:
            return (
                f"{move.text()}: a combination is one colour, its body's (only a triple+pair's or airplane's pairs "
                "may be the other colour, each pair one colour)"
            )
        if not following:
            return ""
        assert self.trick is not None and self.trick.move is not None
        current = self.trick.move
        bound = self.colour_bound(seat)
        red_over_black = self.variant.pattern_rules.red_over_black
        if any(coloured_beats(m, current, bound, red_over_black) for m in readings):
            return ""
        same = "the same colour needs a higher rank" if bound else "a higher rank"
        red = "red beats black" if red_over_black == RedOverBlack.ANY else "red beats black at an equal or higher rank"
        return (
            f"{' / '.join(m.text() for m in readings)} does not beat {current.text()} ({describe(current)}): "
            f"{same}, {red}, black beats red only at the same rank"
        )

    # ------------------------------------------------------------------ settlement
    def _finish(self, result: Result) -> None:
        self.result = result
        self.phase = PhaseName.OVER
        r = result
        self.typed_events.append(
            EndEvent(
                r.winner, r.landlord_won, r.stake, r.spring, r.scores, r.speculator_side, r.instant, r.retreat,
                r.small_landlord, r.partnership,
            )
        )

    def _settle(self, winner: int) -> None:
        """other-games.md §3.6 (stake = bid × 2^bombs, each farmer pays or receives it), or
        speculator.md §12–§13 on speculator tables."""
        v = self.variant
        assert self.landlord is not None
        landlord = self.landlord
        landlords = self.landlord_side()
        landlord_won = winner in landlords
        multiplier = self.multiplier()
        if self.speculator is not None and v.speculator is not None:
            rules = v.speculator
            side = spec_rules.side_of_speculator(self.hands[self.speculator], rules)
            if self.retreated:
                side = "landlord" if landlord_won else "farmers"  # §8: it joins the winners
            if rules.rangpai:
                scores = spec_rules.rangpai_scores(
                    v.players, landlord, self.speculator, landlord_won, side, self.high_bid, self.handicap(), multiplier
                )
            else:
                unit = self.high_bid * multiplier
                stake = rules.stake if len(landlords) == 2 else rules.stake_alone
                scores = spec_rules.speculator_scores(
                    v.players, landlords, self.speculator, landlord_won, side, unit, stake
                )
            self._finish(
                Result(
                    winner, landlord_won, self.high_bid, self.doublings, False, self.high_bid * multiplier,
                    tuple(scores), side, retreat=self.retreated, small_landlord=self.small_landlord,
                    partnership=self.partnership,
                )
            )
            return
        losers = [s for s in range(v.players) if (s != landlord) == landlord_won]
        spring = v.spring and all(self.played_by[s] <= (1 if s == landlord else 0) for s in losers)
        stake = self.high_bid * multiplier * (2 if spring else 1)
        sign = 1 if landlord_won else -1
        scores = [0] * v.players
        for s in range(v.players):
            if s != landlord:
                scores[s] = -sign * stake
                scores[landlord] += sign * stake
        self._finish(Result(winner, landlord_won, self.high_bid, self.doublings, spring, stake, tuple(scores)))

    def _settle_instant(self, winner: int) -> None:
        """speculator.md §8: an instant win; before bidding the bid counts as 3."""
        assert self.speculator is not None
        rules = spec_rules.rule_of(self.variant)
        bid = self.high_bid if self.landlord is not None else 3
        unit = bid * 2**self.doublings
        scores = spec_rules.instant_win_scores(
            self.players, winner, self.speculator, self.landlord, unit, rules.stake_alone
        )
        landlord_won = self.landlord is None or winner == self.landlord
        self.typed_events.append(InstantWinEvent(winner))
        self._finish(Result(winner, landlord_won, bid, self.doublings, False, unit, tuple(scores), None, True))


def _check_deal(variant: Variant, deal: Deal) -> None:
    """Refuse a scripted deal that is not a shuffle of this table's pack."""
    sizes = [len(h) for h in deal.hands]
    if sizes != [variant.hand_size] * variant.players or len(deal.bottom) != variant.bottom_size:
        raise ValueError(
            f"a {variant.name} deal has {variant.players} hands of {variant.hand_size} and a bottom of "
            f"{variant.bottom_size}; got hands of {sizes} and a bottom of {len(deal.bottom)}"
        )
    dealt = [c for h in deal.hands for c in h] + list(deal.bottom) + list(deal.flipped) + list(deal.extra)
    if sorted(dealt) != sorted(deck_cards(variant.decks, variant.removed_rank_indices)):
        raise ValueError("the deal is not one full pack: a card is missing, repeated or foreign")
    if variant.speculator is None and not any(deal.marker in h for h in deal.hands):
        raise ValueError("the marker card is not in any hand")
    if variant.speculator is not None and sorted(deal.gift_order) != list(range(variant.players - 2)):
        raise ValueError("the deal's gift order is not an order of the farmer seats")
