"""Sampled worlds for search: a full climbing hand that agrees with everything one seat has seen (docs/engine.md,
"Sampled worlds").

What a seat knows is its ``SeatView``: the hand's log as the seat may read it (no seed, each event as its
``visible_to`` shows it to the seat) and its observation. ``sample_world`` deals the cards the seat has not seen and
replays the seat's record on that deal, so the world is a real ``Hand`` at the same point, ready for
``legal_actions``/``apply``/``clone``. It is given the view alone: the real hand is out of its reach.

The method, per deal of the log (a redeal's too):

1. Pin what the record fixes: the seat's own hand and any hand played face up, the face-up cards, the bottom once the
   seat saw it, the speculator's extra cards where it is the speculator, the bottom card that named the speculator,
   the marker card with its holder.
2. Tie each card a seat was later seen to hold (plays, shows, a retreated hand, the gifts turned face up, the card
   that names a small landlord, a 五人 ally's hand) to the *group* of deal places that reach that seat: its own
   hand, plus the bottom for a landlord that takes it, plus the extra and early-bottom cards for the speculator.
   Bar from a group the cards it cannot hold: on 5p1d, those of a seat's flipped-suit wild card's suit above the
   wild card it was seen playing (a seat's wild card is its highest of the suit).
3. Deal the rest: shuffle the unseen cards, give each group as many as its free places less its tied cards, then
   shuffle each group's cards over its free places. Every deal that keeps the pins, ties and bars is equally likely.
4. Replay the seat's record on the deal. An action the seat saw only in part (a gift card, the cards 斗帝主's
   landlord put back, a sealed 五人 answer) is drawn uniformly among the legal actions that fit what the seat saw in
   the same deal (a gift turned face up later fixes its cards; a card the seat is seen holding later is not given
   away; a deal dealt again says nothing of the one before).
5. Keep the world only if the seat's view of it is the view it was given (log and observation); else draw again.

Step 5 makes every world consistent; with step 3 uniform over a superset, the kept deals are uniform over the
consistent ones, the hidden choices of step 4 uniform among those that fit. ``weights`` (a world's weight in
[0, 1]) turns the draw into rejection sampling under that weighting.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from paiju.cards import BLACK_JOKER, CARDS_PER_DECK, Card, card_rank, card_suit, copy_of, deck_cards, face, parse_cards
from paiju.climbing import speculator as spec_rules
from paiju.climbing.actions import Action, Give, Pass, Return, Reveal
from paiju.climbing.events import (
    ACTION_KINDS,
    DealEvent,
    Event,
    GiveEvent,
    IdentityEvent,
    IdentityKeptEvent,
    LandlordEvent,
    MarkedLandlordEvent,
    PartnerRefusedEvent,
    PlayEvent,
    RedealEvent,
    RetreatEvent,
    ReturnEvent,
    RevealEvent,
    SmallLandlordEvent,
    SpeculatorEvent,
    TeamEvent,
    WildEvent,
    event_from_json,
)
from paiju.climbing.events.base import ShowEvent
from paiju.climbing.hand import Hand
from paiju.climbing.log import game_log
from paiju.climbing.observation import observe
from paiju.climbing.state import Deal
from paiju.engine.log import log_variant
from paiju.engine.worlds import Places, SeatView, Worlds, deal_segments, draw_world
from paiju.variants import BidStyle, Variant

__all__ = ["WORLDS", "sample_world", "seat_view"]


def seat_view(hand: Hand, seat: int) -> SeatView:
    """``seat``'s view of ``hand``: each event as ``visible_to`` shows it to the seat now, and its observation."""
    facts = hand.facts()
    shown = (e.visible_to(seat, facts) for e in hand.typed_events)
    log = {k: v for k, v in game_log(hand).items() if k != "seed"}
    log["events"] = [e.to_json() for e in shown if e is not None]
    return SeatView(seat, log, observe(hand, seat).to_json(), tuple(sorted(hand.hands[seat])))


def sample_world(
    view: SeatView,
    rng: random.Random,
    weights: Callable[[Hand], float] | None = None,
    deadline: float | None = None,
) -> Hand:
    """A hand drawn among those whose view for ``view.seat`` is ``view`` (uniformly, or by ``weights``), tried
    until ``deadline`` at most (``draw_world``)."""
    events = [event_from_json(e) for e in view.log["events"]]  # read once for all the draw's attempts
    return draw_world(view, rng, lambda seen, r: _attempt(seen, events, r), seat_view, weights, deadline)


# ---------------------------------------------------------------------------------------------------- dealing
def _sample_deal(
    v: Variant, seat: int, part: list[Event], view: SeatView | None, rng: random.Random
) -> tuple[Deal, tuple[Card, ...]] | None:
    """A deal for one segment of the record, uniform among those its pins and ties allow, and the bottom cards it
    puts back unseen (斗帝主)."""
    dealt = part[0]
    assert isinstance(dealt, DealEvent)
    rules = v.speculator
    early = rules.early_bottom if rules is not None else 0
    pack = deck_cards(v.decks, v.removed_rank_indices)
    flipped = tuple(dealt.flipped)
    extra_n = len(pack) - v.players * v.hand_size - v.bottom_size - len(flipped) - v.dead_cards
    sizes = {f"h{s}": v.hand_size for s in range(v.players)}
    # 斗帝主: the bottom cards put back unseen leave play at once; no card the landlord shows later is among them
    back = next((e.count for e in part if isinstance(e, ReturnEvent) and e.cards is None), 0)
    sizes.update(early=early, bottom=v.bottom_size - early - back, back=back, extra=extra_n, dead=v.dead_cards)
    places: dict[str, list[Card | None]] = {k: [None] * n for k, n in sizes.items()}
    d = Places({**places, "flipped": list(flipped)} if flipped else places, {k: k for k in [*sizes, "flipped"]})
    landlord = next((e.seat for e in part if isinstance(e, LandlordEvent | MarkedLandlordEvent)), None)
    spec = next((e for e in part if isinstance(e, SpeculatorEvent)), None)
    reveal = next((e for e in part if isinstance(e, RevealEvent)), None)
    if landlord is not None and rules is None:
        d.group["bottom"] = d.group[f"h{landlord}"]
    if spec is not None:
        d.group["extra"] = d.group["early"] = d.group[f"h{spec.seat}"]
    # 1. pins
    for s, held in enumerate(dealt.hands):
        for c in held or ():
            d.pin(f"h{s}", c)
    for c in dealt.extra or ():
        d.pin("extra", c)
    for e in part:
        if isinstance(e, LandlordEvent | MarkedLandlordEvent) and e.bottom is not None:
            for i, c in enumerate(e.bottom):
                d.pin("bottom", c, i)
        if isinstance(e, RevealEvent):
            for i, c in enumerate(e.bottom):
                d.pin("bottom", c, i)
    if spec is not None and spec.card is not None and rules is not None:
        _pin_determination(v, d, spec, flipped, pack, rng)
    redeal = next((e for e in part if isinstance(e, RedealEvent)), None)
    if redeal is not None and rules is not None and "bottom" in redeal.reason and ":" not in rules.determination:
        d.pin("bottom", spec_rules.determination_card(v, (), flipped))  # it named no seat: it lay in the bottom
    marked_table = v.climbing.bid_style is BidStyle.MARKED
    holder = dealt.first_bidder if dealt.first_bidder is not None else landlord if marked_table else None
    marked, named = dealt.marker, next((e for e in part if isinstance(e, MarkedLandlordEvent)), None)
    if named is not None and marked is None:  # 五人: the marked face is public, which copy of it is not
        copies = [c for c in (copy_of(named.card, k) for k in range(v.decks)) if c not in d.pinned()]
        marked = rng.choice(copies) if copies else None
    if marked is not None and holder is not None:
        d.pin(f"h{holder}", marked)
    if view is not None and spec is not None and spec.seat == seat and early:
        for c in _early_bottom(view, part, dealt, reveal):
            d.pin("early", c)
    # 2. ties
    for e in part:
        if isinstance(e, PlayEvent | ShowEvent):
            d.tie(e.seat, e.cards)
        elif isinstance(e, RetreatEvent) and e.hand is not None:
            d.tie(e.seat, e.hand)
        elif isinstance(e, PartnerRefusedEvent | SmallLandlordEvent) and e.seat is not None and e.card is not None:
            d.tie(e.seat, (e.card,))
        elif isinstance(e, GiveEvent) and e.card is not None:
            d.tie(e.seat, (e.card,))
        elif isinstance(e, ReturnEvent) and e.cards is not None:
            d.tie(e.seat, e.cards)
        elif isinstance(e, RevealEvent) and spec is not None:
            d.tie(spec.seat, (c for _, gift in e.gifts for c in gift))
        elif isinstance(e, TeamEvent) and marked is not None and v.decks == 2:
            twin = copy_of(face(marked), 1 - marked // CARDS_PER_DECK)  # its holder is the hidden landlord
            d.tie(e.landlord if e.hidden is None else e.hidden, (twin,))
    if rules is not None and rules.flip_wilds and flipped and spec is not None:
        for e in part:
            if isinstance(e, PlayEvent) and e.wilds and e.seat != spec.seat:
                d.bar(e.seat, _above_flip_wilds(e, flipped[0], pack))
    five = view.observation["parts"].get("five", {}) if view is not None else {}
    for ally in five.get("ally_hands", ()):
        d.tie(ally["seat"], _cards_of(v, ally["cards"], d))
    # 3. the rest
    if not d.fill(pack, rng):
        return None
    hands = tuple(d.cards(f"h{s}") for s in range(v.players))
    own = dealt.hands[seat]
    if own is not None:
        hands = tuple(own if s == seat else h for s, h in enumerate(hands))  # the seat's own order, as it saw it
    marker = marked
    if marker is None and rules is None:
        marker = _draw_marker(v, hands, holder, rng)
    gift_order: tuple[int, ...] = ()
    if rules is not None:
        gift_order = _gift_order(v, reveal, spec, rng)
    wild = next((e.card for e in part if isinstance(e, WildEvent)), dealt.wild)
    if wild is None and v.climbing.wild_rank:
        wild = rng.choice([c for c in deck_cards(1, ()) if card_rank(c) < BLACK_JOKER])
    bottom = list(d.cards("bottom") + d.cards("back"))
    if back:
        rng.shuffle(bottom)  # where the cards put back lay in the bottom is never seen
    deal = Deal(hands, d.cards("early") + tuple(bottom), marker, flipped, d.cards("extra"), gift_order, wild, d.cards("dead"))
    return deal, d.cards("back")


def _early_bottom(view: SeatView, part: list[Event], dealt: DealEvent, reveal: RevealEvent | None) -> set[Card]:
    """The bottom cards the speculator drew early (§4): the cards it holds or has shown, given or played that it
    was neither dealt nor drew as extra cards, nor took face up at the reveal."""
    seat = view.seat
    had = set(view.hand)
    for e in part:
        if isinstance(e, PlayEvent | ShowEvent) and e.seat == seat:
            had.update(e.cards)
        elif isinstance(e, GiveEvent) and e.seat == seat and e.card is not None:
            had.add(e.card)
    known = set(dealt.hands[seat] or ()) | set(dealt.extra or ()) | set(dealt.flipped)
    if reveal is not None:
        known |= set(reveal.bottom)
    return had - known


def _above_flip_wilds(play: PlayEvent, flipped: Card, pack: list[Card]) -> set[Card]:
    """§15 5p1d (a): the cards a seat seen playing ``play`` with its flipped-suit wild cards did not hold at the reveal:
    those of a wild card's suit above it (a seat's wild card is its highest of the suit; where two played cards could
    be the wild one, nothing is read)."""
    suits = spec_rules.flip_wild_suits(flipped)
    above: set[Card] = set()
    for own, _ in play.wilds:
        found = [c for c in play.cards if card_rank(c) == own and card_suit(c) in suits]
        if len(found) == 1:
            suit = card_suit(found[0])
            above.update(c for c in pack if card_suit(c) == suit and card_rank(c) > own)
    return above


def _cards_of(v: Variant, text: str, d: Places) -> list[Card]:
    """The cards a view writes (``7c*`` the marked card), each as a copy no pin holds yet."""
    placed = d.placed()
    out: list[Card] = []
    for c in parse_cards(text.replace("*", ""), v.decks, v.removed_rank_indices) if text else ():
        copies = [copy_of(face(c), k) for k in range(v.decks)]
        out.append(next((k for k in copies if k not in placed and k not in out), c))
    return out


def _pin_determination(
    v: Variant, d: Places, spec: SpeculatorEvent, flipped: tuple[Card, ...], pack: list[Card], rng: random.Random
) -> None:
    """§3: the determination card is in its holder's hand; where a bottom card names it, that card is drawn among
    the ones that would."""
    assert spec.card is not None and v.speculator is not None
    if spec.holder is not None:
        d.pin(f"h{spec.holder}", spec.card)
    how = v.speculator.determination
    if how.startswith("bottom:"):
        k, early = int(how.split(":")[1]) - 1, len(d.places["early"])
        slot, at = ("early", k) if k < early else ("bottom", k - early)
        placed = d.pinned()
        fits = [c for c in pack if c not in placed and spec_rules.determination_card(v, [c] * (k + 1), flipped) == spec.card]
        if d.places[slot][at] is None and fits:
            d.pin(slot, rng.choice(fits), at)


def _draw_marker(v: Variant, hands: tuple[tuple[Card, ...], ...], holder: int | None, rng: random.Random) -> Card:
    """A hidden marker: a card of its known holder (a non-joker where it marks a landlord), else any dealt card."""
    cards = list(hands[holder]) if holder is not None else [c for h in hands for c in h]
    if v.climbing.bid_style is BidStyle.MARKED:
        cards = [c for c in cards if card_rank(c) < BLACK_JOKER]
    return rng.choice(cards)


def _gift_order(v: Variant, reveal: RevealEvent | None, spec: SpeculatorEvent | None, rng: random.Random) -> tuple[int, ...]:
    """Which farmer gift goes to which farmer: as the reveal showed, else a random order (it is drawn so)."""
    order = list(range(v.players - 2))
    if reveal is None or spec is None:
        rng.shuffle(order)
        return tuple(order)
    farmers = [s for s in range(v.players) if s not in (reveal.landlord, spec.seat)]
    bundle = {s: i for i, (s, _) in enumerate(reveal.gifts)}
    return tuple(bundle[s] - 1 for s in farmers)


# ---------------------------------------------------------------------------------------------------- replaying
def _attempt(view: SeatView, events: list[Event], rng: random.Random) -> Hand | None:
    """One draw: a deal per segment of the record (``events``, the view's log read), then the record replayed on it
    (``None`` where it does not)."""
    log = view.log
    v = log_variant(log)
    deals: list[Deal] = []
    backs: list[tuple[Card, ...]] = []
    parts = deal_segments(events, lambda e: isinstance(e, DealEvent))
    for i, part in enumerate(parts):
        drawn = _sample_deal(v, view.seat, part, view if i == len(parts) - 1 else None, rng)
        if drawn is None:
            return None
        deals.append(drawn[0])
        backs.append(drawn[1])
    world = Hand(v, rng.getrandbits(63), int(log.get("dealer", 0)), deals, log.get("previous"))
    # A hidden action is read against its own deal's record (up to the next deal), not a redeal's.
    ends = [i for i, e in enumerate(events) if isinstance(e, DealEvent)][1:] + [len(events)]
    dealt = -1  # the deal the replay is in
    for i, event in enumerate(events):
        dealt += isinstance(event, DealEvent)
        if event.kind not in ACTION_KINDS:
            continue
        seat = log["events"][i]["seat"]
        if seat not in world.actors():
            return None
        try:
            if _hidden(event):
                action = _hidden_action(world, event, events[i + 1 : ends[dealt]], backs[dealt], rng)
            else:
                action = event.action(world)
            if action is None:
                return None
            world.apply(action, seat)
        except ValueError:  # a refused action (IllegalMoveError), or a play that reads otherwise here (LogError)
            return None
    return world


def _hidden(event: Event) -> bool:
    """Whether the seat saw only part of this action."""
    return (
        (isinstance(event, GiveEvent) and event.card is None)
        or (isinstance(event, ReturnEvent) and event.cards is None)
        or (isinstance(event, IdentityEvent) and event.reveal is None)
    )


def _hidden_action(
    world: Hand, event: Event, later: list[Event], back: tuple[Card, ...], rng: random.Random
) -> Action | None:
    """An action the seat saw in part, drawn among the legal ones that fit what it saw then and later in the same deal
    (``later``; ``back``: the cards the deal set to be put back unseen)."""
    if isinstance(event, IdentityEvent):
        after = next((e for e in later if isinstance(e, TeamEvent | IdentityKeptEvent)), None)
        answers = [a for a in world.legal_actions(event.seat) if isinstance(a, Reveal | Pass)]
        if isinstance(after, IdentityKeptEvent) or (isinstance(after, TeamEvent) and after.how != "revealed"):
            answers = [a for a in answers if isinstance(a, Pass)]  # nobody revealed
        return rng.choice(answers) if answers else None
    seat = event.seat  # type: ignore[attr-defined]
    kept = {c for e in later if isinstance(e, PlayEvent | ShowEvent) and e.seat == seat for c in e.cards}
    legal = world.legal_actions(seat)
    if isinstance(event, GiveEvent):
        reveal = next((e for e in later if isinstance(e, RevealEvent)), None)
        fits = [a for a in legal if isinstance(a, Give) and a.card not in kept]
        if reveal is not None:  # the gifts turned face up in the order they were filled
            spec = world.state.spec
            assert spec is not None
            card = reveal.gifts[event.bundle][1][len(spec.gifts[event.bundle])]
            fits = [a for a in fits if a.card == card]
        return rng.choice(fits) if fits else None
    assert isinstance(event, ReturnEvent)
    if not event.count:
        return Pass()
    faces = sorted(face(c) for c in back)
    return next((a for a in legal if isinstance(a, Return) and sorted(a.faces()) == faces), None)


#: The climbing family's sampled worlds, as ``Family.worlds`` names them.
WORLDS: Worlds[Hand] = Worlds(seat_view, sample_world)
