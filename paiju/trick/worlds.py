"""Sampled worlds for search: a full 炒地皮 hand that agrees with everything one seat has seen (docs/engine.md,
"Sampled worlds").

A seat's ``SeatView`` is the hand's log as it may read it (no seed; its own cards, the kitty only where it buried it)
and its observation. ``sample_world`` deals the cards the seat has not seen and replays the seat's record on that
deal, so the world is a real ``TrickHand`` at the same point; it is given the view alone, never the real hand.

The method, per deal of the log:

1. Pin what the record fixes: the seat's own hand (under a paced deal, the cards dealt to it so far, in their rounds),
   the kitty where it was turned up (翻底) or the seat took it, the last burial where the seat made it or the
   hand is over and the kitty was shown.
2. Tie each card a seat was seen holding (declared, played, a failed throw's cards) to the deal places that reach
   it: its hand, plus the kitty for the seat that took it; bar from that group every card of a category (a side
   suit, or the trumps) the seat showed it no longer held by not following it.
3. Deal the rest uniformly among the deals that keep the pins and ties: the unseen cards shuffled and shared out by
   group, each group's cards shuffled over its places. The bars are kept by dealing again (rejection), which keeps
   the draw uniform. The hidden last burial is a group of its own: unseen cards nobody is seen holding.
4. Replay the record; a burial the seat did not see is the one the deal set aside (after 抄底, the burials before
   the last one pass on the cards the later holders are seen holding, the rest drawn uniformly).
5. Keep the world only if the seat's view of it is the view it was given; else draw again.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from paiju.cards import Card, copy_of, deck_cards, face
from paiju.engine.log import log_variant
from paiju.engine.worlds import Places, SeatView, Worlds, deal_segments, draw_world
from paiju.errors import IllegalMoveError
from paiju.trick.actions import Bury
from paiju.trick.events import DealEvent, event_from_json
from paiju.trick.follow import lead_shape
from paiju.trick.hand import TrickHand
from paiju.trick.log import game_log, match_from_json
from paiju.trick.observation import observe
from paiju.trick.order import Trumps
from paiju.trick.units import is_five_ten_king
from paiju.variants import Variant

__all__ = ["WORLDS", "sample_world", "seat_view"]


def seat_view(hand: TrickHand, seat: int) -> SeatView:
    """``seat``'s view of ``hand``: each event as ``visible_to`` shows it to the seat, and its observation."""
    log = {k: v for k, v in game_log(hand).items() if k != "seed"}
    log["events"] = [e.visible_to(seat, None).to_json() for e in hand.typed_events]
    return SeatView(seat, log, observe(hand, seat).to_json(), tuple(sorted(hand.hands[seat])))


def sample_world(
    view: SeatView,
    rng: random.Random,
    weights: Callable[[TrickHand], float] | None = None,
    deadline: float | None = None,
) -> TrickHand:
    """A hand drawn among those whose view for ``view.seat`` is ``view`` (uniformly, or by ``weights``), tried
    until ``deadline`` at most (``draw_world``)."""
    return draw_world(view, rng, _attempt, seat_view, weights, deadline)


def _trumps(part: list[dict[str, Any]], level: int, kangqi: bool) -> Trumps:
    """The trumps the tricks of a deal were played under: the last declaration's or the turned-up kitty's suit."""
    calls = [e["trump"] for e in part if e["type"] in ("declare", "flip")]
    return Trumps(level, None if kangqi or not calls else calls[-1], kangqi)


def _sample_deal(
    v: Variant, view: SeatView, part: list[dict[str, Any]], trumps: Trumps, kitty_size: int, rng: random.Random
) -> tuple[DealEvent, tuple[Card, ...], tuple[Card, ...]] | None:
    """A deal for one segment of the record, and the cards a burial the seat did not see buries: the last one, or the
    one the seat took by 抄底."""
    seat, dealt = view.seat, part[0]
    players, pack = v.players, deck_cards(v.decks)
    size = (len(pack) - kitty_size) // players
    paced = bool(dealt.get("paced", False))
    rounds = max((e["number"] for e in part if e["type"] == "dealt"), default=0) if paced else size
    holders = [e["seat"] for e in part if e["type"] == "bury"]
    if view.observation["phase"] == "bury" and part[-1]["type"] != "redeal":  # the holder took the kitty, to bury
        holders.append(view.observation["holder"])
    last_bury = next((e for e in reversed(part) if e["type"] == "bury"), None)
    flipped = next((e["kitty"] for e in part if e["type"] == "flip"), None)
    # the hidden last burial is a group of its own where the kitty it came with is unseen too
    hidden = last_bury is not None and last_bury["cards"] is None
    back = hidden and flipped is None and holders[0] != seat
    sizes = {f"h{s}": rounds for s in range(players)} | {f"u{s}": size - rounds for s in range(players)}
    sizes |= {"kitty": 0 if back else kitty_size, "back": kitty_size if back else 0}
    d = Places({k: [None] * n for k, n in sizes.items()}, {k: k for k in sizes})
    if holders:  # the kitty reaches the first holder
        d.group["kitty"] = f"h{holders[0]}"
    # 1. pins
    own = _own_dealt(seat, part)
    for i, c in enumerate(own):
        d.pin(f"h{seat}", c, i)
    for i, c in enumerate(flipped or ()):
        d.pin("kitty", c, i)
    for i, c in enumerate(next((e["cards"] for e in part if e["type"] == "kitty"), ()) if back else ()):
        d.pin("back", c, i)  # the last burial, shown at the end
    received: tuple[Card, ...] = ()
    if holders and holders[0] == seat:
        for c in _kitty_taken(seat, part, own, view.hand):
            d.pin("kitty", c)
    elif seat in holders:  # the seat took the burial before its own (抄底): its holder held those cards
        received = tuple(_kitty_taken(seat, part, own, view.hand))
        d.tie(holders[holders.index(seat) - 1], received)
    # 2. ties, voids and pairs not held
    lead: list[Card] = []
    shown = {c: e["seat"] for e in part for c in _cards_held(e)}
    played: dict[int, set[Card]] = {s: set() for s in range(players)}
    unpaired: list[tuple[int, int, frozenset[Card], set[int]]] = []
    for e in part:
        if e["type"] == "declare":  # a declaration names a card's lowest copy: the seat was dealt one of its copies
            named: list[Card] = []
            for c in e["cards"]:
                named.append(_copy_held(v, c, e["seat"], shown, d, named, rng))
                d.pin(f"h{e['seat']}", named[-1])
        if e["type"] in ("play", "bury") and e["cards"] is not None:
            d.tie(e["seat"], e["cards"])
        if e["type"] == "throw_failed":
            d.tie(e["seat"], e["attempted"])
            lead = list(e["forced"])
        elif e["type"] == "trick":
            lead = []
        elif e["type"] == "play" and not lead:
            lead = list(e["cards"])
        elif e["type"] == "play":
            category = trumps.category(lead[0])
            if any(trumps.category(c) != category for c in e["cards"]):  # it could not follow: a void shown
                d.bar(e["seat"], (c for c in pack if trumps.category(c) == category))
            elif e["seat"] != seat and e["seat"] not in holders:
                paired = _fewer_pairs(lead, e["cards"], trumps, v)
                if paired is not None:
                    unpaired.append((e["seat"], category, frozenset(played[e["seat"]]), paired))
        if e["type"] == "play":
            played[e["seat"]].update(e["cards"])
    _keep_unpaired(d, v, trumps, unpaired)
    buried = next((e["cards"] for e in part if e["type"] == "kitty"), ())  # the last burial, shown at the end
    for name, bars in d.barred.items():
        bars.difference_update(d.tied.get(name, ()), buried)
    for e in part:
        if e["type"] == "bury" and e["cards"] is None and not back:
            # a burial the seat did not see may hold a void's cards: the replay checks this holder's voids
            d.barred.pop(f"h{e['seat']}", None)
    # 3. the rest
    last = f"h{holders[-1]}" if back else ""
    fixed = {i for i, c in enumerate(d.places[last]) if c is not None} if back else set()
    if not d.fill(pack, rng):
        return None
    hands = tuple(d.cards(f"h{s}") + d.cards(f"u{s}") for s in range(players))
    kitty = d.cards("kitty")
    if back:  # the last burial came from the last holder's cards and the kitty: both unseen, shuffled over them
        held = list(hands[holders[-1]])  # (a card pinned to its place, a declared one, keeps it)
        pooled = [c for i, c in enumerate(held) if i not in fixed] + list(d.cards("back"))
        rng.shuffle(pooled)
        kitty = tuple(pooled[len(pooled) - kitty_size :])
        free = iter(pooled)
        held = [c if i in fixed else next(free) for i, c in enumerate(held)]
        hands = tuple(tuple(held) if s == holders[-1] else h for s, h in enumerate(hands))
    return DealEvent(dealt["first"], hands, kitty, paced), d.cards("back"), received


def _fewer_pairs(lead: list[Card], cards: list[Card], trumps: Trumps, v: Variant) -> set[int] | None:
    """The faces a follow in the led category played as pairs where it played fewer pairs than were led (F4/F5: the
    seat then held no other pair of that category); ``None`` where the follow says nothing of the pairs held."""
    assert v.trick is not None
    if is_five_ten_king(lead, trumps):
        return None
    counted = Counter(map(face, cards))
    if sum(n // 2 for n in counted.values()) >= lead_shape(lead, trumps, v.trick.trump_tractor_by_trump_order).pairs:
        return None
    return {f for f, n in counted.items() if n >= 2}


def _keep_unpaired(
    d: Places, v: Variant, trumps: Trumps, unpaired: list[tuple[int, int, frozenset[Card], set[int]]]
) -> None:
    """Each follow that showed its seat held no pair of a category (but those it played): of the copies of each
    other face of it the seat had not played before, the seat's group gets none where it was seen holding one, and
    at most one of those nobody is seen holding (the replay still checks every world)."""
    where = {c: d.group[part] for part, cards in d.places.items() for c in cards if c is not None}
    where |= {c: name for name, cards in d.tied.items() for c in cards}
    faces: dict[int, list[int]] = {}
    for f in range(54):
        faces.setdefault(trumps.category(copy_of(f, 0)), []).append(f)
    for s, category, before, paired in unpaired:
        group = d.group[f"h{s}"]
        for f in faces[category]:
            copies = [c for c in (copy_of(f, k) for k in range(v.decks)) if c not in before]
            if f in paired or len(copies) < 2:
                continue
            free = [c for c in copies if c not in where]
            if any(where.get(c) == group for c in copies):
                d.bar(s, free)
            elif len(free) >= 2:
                d.keep_apart(s, free)


def _cards_held(event: dict[str, Any]) -> list[Card]:
    """The exact cards an event shows its seat holding: a play's, a failed throw's, a burial the seat saw."""
    if event["type"] in ("play", "bury"):
        return list(event["cards"] or ())
    return list(event["attempted"]) if event["type"] == "throw_failed" else []


def _copy_held(
    v: Variant, card: Card, seat: int, shown: dict[Card, int], d: Places, named: list[Card], rng: random.Random
) -> Card:
    """The copy of a declared card its seat holds (besides those ``named`` already): the one it is seen playing, else
    one nobody holds yet, drawn."""
    copies = [c for c in (copy_of(face(card), k) for k in range(v.decks)) if c not in named]
    mine = [c for c in copies if shown.get(c) == seat or c in d.places[f"h{seat}"]]
    if mine:
        return mine[0]
    placed = d.placed() | {c for c in d.tied.get(d.group[f"h{seat}"], ())}
    free = [c for c in copies if c not in shown and c not in placed]
    return rng.choice(free) if free else card


def _own_dealt(seat: int, part: list[dict[str, Any]]) -> list[Card]:
    """The cards dealt to the seat so far, in dealing order (under a paced deal, a round at a time)."""
    own = part[0]["hands"][seat]
    if own is not None:
        return list(own)
    return [e["cards"][seat] for e in part if e["type"] == "dealt"]


def _kitty_taken(seat: int, part: list[dict[str, Any]], own: list[Card], hand: tuple[Card, ...]) -> list[Card]:
    """The kitty the seat took as the first holder: the cards it holds, played or buried that it was not dealt."""
    gone = [c for e in part if e.get("seat") == seat for c in _cards_held(e)]
    return [c for c in dict.fromkeys([*hand, *gone]) if c not in own]


def _attempt(view: SeatView, rng: random.Random) -> TrickHand | None:
    """One draw: a deal per segment of the record, then the record replayed on it (``None`` where it does not)."""
    log = view.log
    v = log_variant(log)
    match = match_from_json(log["match"])
    probe = TrickHand(v, 0, match)
    kitty_size = 0 if probe.state.kangqi else v.bottom_size
    events: list[dict[str, Any]] = log["events"]
    deals, backs = [], []
    for part in deal_segments(events, lambda e: e["type"] == "deal"):
        drawn = _sample_deal(v, view, part, _trumps(part, probe.state.level, probe.state.kangqi), kitty_size, rng)
        if drawn is None:
            return None
        deals.append(drawn[0])
        backs.append(drawn[1:])
    world = TrickHand(v, rng.getrandbits(63), match, deals)
    skip_play = False
    for i, event in enumerate(events):
        if event["type"] == "bury" and event["cards"] is None:
            action: Any = _burial(world, event["seat"], events[i + 1 :], *backs[-1], rng)
            if action is None:
                return None
        else:
            action = event_from_json(event).action(world)
        if action is None or (skip_play and event["type"] == "play"):
            skip_play = False
            continue
        skip_play = event["type"] == "throw_failed"
        try:
            world.apply(action, event["seat"])
        except (IllegalMoveError, ValueError):
            return None
    return world


def _burial(
    world: TrickHand,
    seat: int,
    later: list[dict[str, Any]],
    back: tuple[Card, ...],
    received: tuple[Card, ...],
    rng: random.Random,
) -> Bury | None:
    """A burial the seat did not see: the deal's set-aside cards, or the kitty shown at the end, where it is the last;
    else the cards of this holder that a later holder is seen holding, made up with cards nobody is seen holding."""
    held = world.state.hands[seat]
    size = world.variant.bottom_size
    final = not any(e["type"] == "bury" for e in later)
    shown = next((tuple(e["cards"]) for e in later if e["type"] == "kitty"), None)
    if final and (back or shown):
        return Bury(shown or back)
    if received and set(received) <= set(held):  # the burial the seat took by 抄底: it knows the cards
        return Bury(received)
    seen: dict[Card, int] = {}
    for e in later:
        for c in e.get("attempted") or e.get("cards") or () if e["type"] in ("declare", "play", "throw_failed") else ():
            seen.setdefault(c, e["seat"])
    ahead = set(back) | set(shown or ())  # the last burial's cards, which reach the last holder
    passed = [c for c in held if (c in seen and seen[c] != seat) or c in ahead]
    free = [c for c in held if c not in seen and c not in ahead]
    if len(passed) > size or len(passed) + len(free) < size:
        return None
    return Bury(tuple(passed + rng.sample(free, size - len(passed))))


#: The 炒地皮 family's sampled worlds, as ``Family.worlds`` names them.
WORLDS: Worlds[TrickHand] = Worlds(seat_view, sample_world)
