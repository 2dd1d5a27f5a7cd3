"""Checks shared by several test modules."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import product
from typing import Any, TypeVar

from scenario import fill_from

from paiju.bots import Bot
from paiju.cards import Card, format_card
from paiju.climbing import Action, Game, Observation, PhaseName, Play, Result, game_log, observe, replay
from paiju.climbing.views import PartView
from paiju.variants import REGISTRY, Variant

V = TypeVar("V", bound=PartView)

#: The registered climbing tables (Dou Dizhu's family), by name: the suites that read climbing hands run over these.
CLIMBING_TABLES = {name: v for name, v in REGISTRY.items() if v.family == "climbing"}

#: A named card as views write it: rank and suit (``*`` after the table's marked card), or a joker alone.
CARD = re.compile(r"(?<![A-Za-z0-9])(?:([3-9TJQKA2][shdc])\*?|([BR]))(?![A-Za-z0-9])")


@functools.lru_cache(maxsize=1 << 16)
def named_cards(text: str) -> Counter[str]:
    """The cards a string names: suited cards and jokers among its words, with their counts (a marked card by
    its plain name: the check counts copies of a name)."""
    return Counter(suited or joker for suited, joker in CARD.findall(text))


def leaks(view: dict[str, Any], known: set[Card]) -> list[str]:
    """The cards a view names beyond ``known``: per string, more copies of a card than are known."""
    may_know = Counter(map(format_card, known))
    out: list[str] = []
    for text in set(strings_of(view)):
        names = named_cards(text)
        for card, n in names.items():
            if n > may_know[card]:
                out += (names - may_know).elements()
                break
    return sorted(out)


#: A check run before each action: (game, seat, action) -> None, asserting what it must.
StepCheck = Callable[[Game, int, Action], None]


def checked_play(
    g: Game, bots: Sequence[Bot], check: StepCheck | None = None, most: int = 5000
) -> tuple[Result, int]:
    """Play ``g`` out, checking every action is legal (and ``check``) before it is applied;
    returns (result, number of actions)."""
    actions = 0
    while g.result is None:
        seat = g.to_act
        obs = observe(g, seat)
        action = bots[seat].act(obs)
        assert action in g.legal_actions(), f"seat {seat} ({bots[seat].name}) chose {action!r}, not legal"
        assert action in obs.legal
        if isinstance(action, Play) and action.cards is not None:
            assert set(action.cards) <= set(g.hands[seat])
        if check is not None:
            check(g, seat, action)
        g.apply(action, seat)
        actions += 1
        assert actions < most, "the hand does not end"
    return g.result, actions


def replays_identically(g: Game) -> None:
    """The hand's log, through JSON, replays to the same events, result, hands, gifts, wild cards and
    views, and a replay stopped halfway agrees with the hand so far."""
    log: dict[str, Any] = json.loads(json.dumps(game_log(g)))
    again = replay(log)
    assert again.events == g.events
    assert again.result == g.result
    assert again.hands == g.hands and again.state.bottom == g.state.bottom and again.state.spec == g.state.spec
    assert again.speculator == g.speculator and again.landlord == g.landlord
    assert again.state.wild_cards == g.state.wild_cards and again.state.promoted == g.state.promoted
    for seat in range(g.players):
        assert observe(again, seat) == observe(g, seat)
    half = len(g.events) // 2
    partial = replay(log, stop=half)
    assert partial.events[:half] == g.events[:half]


def fill_hands(v: Variant, fixed: dict[int, list[Card]], pool: list[Card]) -> tuple[tuple[Card, ...], ...]:
    """Every seat's scripted cards topped up to the table's hand size from ``pool``, which must run out."""
    return fill_from(v, fixed, pool)


def assert_play_start_sizes(g: Game, landlord: int, farmer: int, speculator: int, total: int) -> None:
    """speculator.md §15: the hand sizes when play starts (landlord / each farmer seat / speculator)."""
    assert g.landlord is not None and g.speculator is not None
    sizes = [len(h) for h in g.hands]
    assert sizes[g.landlord] == landlord and sizes[g.speculator] == speculator
    assert all(sizes[s] == farmer for s in range(g.players) if s not in (g.landlord, g.speculator))
    assert sum(sizes) == total


def strings_of(value: Any, keys: list[str] | None = None) -> list[str]:
    """Every string in a JSON value (a view, a frame, a log), however deeply nested (walked with a stack, not
    recursively: the sweeps read every view of every step); every object's keys too into ``keys`` where it is given."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, dict):
            if keys is not None:
                keys.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def public_cards(game: Game) -> set[Card]:
    """What every seat may know now: plays, face-up cards, the determination and marker cards, the bottom
    once it is shown, the gifts once revealed, a retreated hand, the cards shown to name a partner, hands played
    face up (明牌) and the card that drew the wild rank."""
    seen: set[Card] = {c for record in game.state.play.plays for c in record.cards}
    seen |= set(game.state.deal.flipped)
    spec, part = game.state.spec, game.state.partner
    determination = spec.determination if spec is not None else None
    seen |= {c for c in (determination, game.state.deal.marker) if c is not None}
    before_reveal = game.phase in (PhaseName.GIFT, PhaseName.BID, PhaseName.GRAB, PhaseName.OPEN_START)
    if game.landlord is not None and not before_reveal and game.variant.bottom_shown:
        seen |= set(game.state.bottom)
    if spec is not None and spec.gift_seats:
        seen |= {c for gift in spec.gifts for c in gift}
    if part is not None:
        seen |= set(part.shown) | set(part.refused)
    if spec is not None and spec.retreated and game.speculator is not None and not before_reveal:
        seen |= set(game.hands[game.speculator])
    opened = game.state.opened
    if opened is not None:  # 癞子 (other-games.md §1.2): hands played face up, the wild rank's drawn card
        seen |= {c for s in opened.open for c in game.hands[s]}
        if game.state.deal.wild is not None and game.phase in (PhaseName.OPEN, PhaseName.PLAY, PhaseName.OVER):
            seen.add(game.state.deal.wild)
    return seen


def sub_multisets(counts: Sequence[int]) -> Iterator[list[int]]:
    """Every non-empty sub-multiset of a rank-count vector, as a rank list."""
    for take in product(*(range(c + 1) for c in counts)):
        ranks = [r for r, c in enumerate(take) for _ in range(c)]
        if ranks:
            yield ranks


def part_of(obs: Observation, kind: type[V]) -> V:
    """The view of ``obs``'s ``kind`` part (``Observation.part``), which its table has."""
    view = obs.part(kind)
    assert view is not None, f"the table has no {kind.name} part"
    return view


def part_view(game: Game, seat: int | None, kind: type[V]) -> V:
    """``seat``'s view of ``game``'s ``kind`` part, which its table has."""
    return part_of(observe(game, seat), kind)
