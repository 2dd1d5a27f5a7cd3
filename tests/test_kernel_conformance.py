"""The kernel's conformance suite, once for every family: each registered table (``paiju.engine.tables()``) is played
to the end by random picks and by the table's own bot, through ``paiju.engine`` (and the apps' table policy for the
bot and the server frame's fields) alone, and at every step a seat to
act has a legal action; at random points a clone and a push/pop walk leave the hand as a replay of its log up to
there rebuilds it, and no seat's view names a card it has neither held, nor been shown in another's hand, nor seen
shown to a spectator (nor do a frame's public fields), nor does its copy of the log show it such a card where a
spectator's copy hides it; at the end the scores sum to zero (every registered table is zero-sum) and the log, read back
from JSON, replays to the identical events, views and result.

Zero-sum holds on every registered table: other-games.md §3.6 ("each farmer pays or receives" the landlord's stake),
speculator.md §13 ("the rule behind every row": the landlord side's T − s plus the speculator's s equal the farmers'
nF × T/nF, or T against (nF + 1) × s; a lone landlord "takes the whole landlord share"; §8's instant wins settle T
against T/nF each; §15's 3p1d speculator "takes or pays … out of its ally's share"), and 炒地皮's match points.

Registering a table is enough to have it tested here. The family suites (``test_conformance.py``,
``test_trick_conformance.py``) keep what only a family can check: where each card lies, the rules' own facts, and
(for 炒地皮) hands later in a match and 扛旗 hands, which only a session deals.
"""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import strings_of

from paiju.engine import HandEngine, family_of, game_log, open_hand, replay, tables
from paiju.policy import policy_of, table_bot

TABLES = sorted(tables())
PLAYERS = ("random", "bot")
FAST_SEEDS = 1
SLOW_SEEDS = 6
#: How many points of a hand get the clone, push/pop, replay and view checks.
CHECKED_POINTS = 3
#: A card as the views write it (a marked card with its ``*``; the jokers as ``B`` and ``R``).
CARD = re.compile(r"(?<![\w*])([2-9TJQKA][shdc]|[BR])\*?(?![\w])")

Views = list[Any]


def views(hand: HandEngine) -> Views:
    """What every seat and a spectator see now, as JSON."""
    spectator = family_of(hand).observe(hand, None).to_json()
    return [hand.view(s) for s in range(hand.variant.players)] + [spectator]


def names(view: Any) -> set[str]:
    """The cards a view names anywhere in its strings."""
    return {card for text in set(strings_of(view)) for card in CARD.findall(text)}


def state_of(hand: HandEngine) -> tuple[list[dict[str, Any]], Views, list[int] | None]:
    """All a hand shows: its events, every view and its scores."""
    scores = None if hand.result is None else list(hand.result.scores)
    return json.loads(json.dumps(hand.events)), views(hand), scores


def pick(hand: HandEngine, players: str, bots: list[Any], rng: random.Random) -> tuple[int, Any]:
    """The next seat and its action: a random seat and legal action, or the lowest seat's bot's choice."""
    actors = sorted(hand.actors())
    assert actors, "a running hand with no seat to act"
    seat = rng.choice(actors) if players == "random" else actors[0]
    legal = list(hand.legal_actions(seat))
    assert legal, f"seat {seat} acts but has no legal action"
    if players == "random":
        return seat, rng.choice(legal)
    return seat, bots[seat].act(family_of(hand).observe(hand, seat))


def check_point(hand: HandEngine, rng: random.Random) -> None:
    """A clone and a push/pop walk of up to three random actions leave the hand as replaying its log rebuilds it."""
    before = state_of(hand)
    assert state_of(replay(json.loads(json.dumps(game_log(hand))))) == before
    copy = hand.clone()
    pushed = 0
    while pushed < 3 and (actors := sorted(hand.actors())):
        seat = rng.choice(actors)
        hand.push(rng.choice(list(hand.legal_actions(seat))), seat)
        pushed += 1
    assert state_of(copy) == before, "acting on a hand changed its clone"
    for _ in range(pushed):
        hand.pop()
    assert state_of(hand) == before, "push then pop did not give back the hand"
    if actors := sorted(copy.actors()):
        seat = rng.choice(actors)
        copy.apply(rng.choice(list(copy.legal_actions(seat))), seat)
        assert state_of(hand) == before, "acting on a clone changed the hand"


def no_leak(hand: HandEngine, known: list[set[str]], shown: set[str]) -> None:
    """No seat's view names a card beyond those it has held or been shown in another seat's hand (the family's
    ``sees_hand``: 明牌, a known team) and those a spectator has been shown, now or before; the server frame's public
    fields name none a spectator has not been shown."""
    now, rules = views(hand), family_of(hand)
    shown |= names(now[-1])
    framed = names(dict(policy_of(hand).frame_fields(hand))) - shown
    assert not framed, f"the frame's public fields name {sorted(framed)}"
    for seat, view in enumerate(now[:-1]):
        for owner, theirs in enumerate(now[:-1]):
            if owner == seat or rules.sees_hand(hand, seat, owner):
                known[seat] |= names(theirs.get("hand", ""))
        extra = names(view) - known[seat] - shown
        assert not extra, f"seat {seat}'s view names {sorted(extra)}"


def ints(value: Any) -> set[int]:
    """The numbers a log field holds, nested lists flattened (a flag is no number)."""
    if isinstance(value, list):
        return set().union(*map(ints, value))
    return {value} if isinstance(value, int) and not isinstance(value, bool) else set()


def no_log_leak(hand: HandEngine, held: list[set[int]]) -> None:
    """No seat's copy of the log shows it a field a spectator's copy hides unless the cards it holds are cards the
    seat has held or been shown in another's hand (a field naming a seat is no card)."""
    facts = hand.facts()
    for event in hand.typed_events:
        whole = event.to_json()
        public = event.visible_to(None, facts)
        spectator = {} if public is None else public.to_json()
        hidden = [k for k, v in whole.items() if k != "seat" and spectator.get(k) != v]
        for seat, known in enumerate(held):
            mine = event.visible_to(seat, facts)
            shown = {} if mine is None else mine.to_json()
            extra = set().union(*(ints(whole[k]) for k in hidden if shown.get(k) == whole[k])) - known
            assert not extra, f"seat {seat}'s log copy of {whole['type']} shows cards {sorted(extra)}"


def play_and_check(name: str, players: str, seed: int) -> None:
    """Play one hand of ``name`` to the end, checking the kernel's properties on the way and at the end."""
    variant = tables()[name]
    rng = random.Random(seed * 7919 + len(name))
    hand = open_hand(variant, seed)
    bots = [table_bot(variant, seed * 31 + s) for s in range(variant.players)]
    known: list[set[str]] = [set() for _ in range(variant.players)]
    shown: set[str] = set()
    held: list[set[int]] = [set() for _ in range(variant.players)]
    sees_hand = family_of(hand).sees_hand
    acted_at = [0]  # replay's ``each`` sees the hand at 0 and after each action event: at its index + 1
    while not hand.is_over:
        no_leak(hand, known, shown)
        for seat, cards in enumerate(held):
            cards.update(*(hand.hands[o] for o in range(variant.players) if o == seat or sees_hand(hand, seat, o)))
        if rng.random() < 0.1:
            no_log_leak(hand, held)
        seat, action = pick(hand, players, bots, rng)
        acted_at.append(len(hand.events) + 1)
        hand.apply(action, seat)
        assert len(acted_at) < 2000, "the hand does not end"
    assert not hand.actors() and hand.result is not None
    assert sum(hand.result.scores) == 0, f"scores {hand.result.scores} do not sum to zero"
    no_leak(hand, known, shown)
    no_log_leak(hand, held)
    log = json.loads(json.dumps(game_log(hand)))
    assert state_of(replay(log)) == state_of(hand)
    points = set(rng.sample(acted_at, CHECKED_POINTS))
    seen: list[int] = []
    replay(log, each=lambda n, again: (seen.append(n), check_point(again, rng)) if n in points else None)
    assert sorted(seen) == sorted(points), "replay did not stop after each action"


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("name", TABLES)
def test_every_table_plays_to_a_zero_sum_end_that_replays_clones_and_pops_alike_and_leaks_no_card(
    name: str, players: str
) -> None:
    """Each registered table, by random picks and by its own bot: the kernel's properties hold."""
    for seed in range(FAST_SEEDS):
        play_and_check(name, players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("name", TABLES)
def test_more_hands_of_every_table_keep_the_kernel_properties(name: str, players: str) -> None:
    """The same checks over more seeds."""
    for seed in range(FAST_SEEDS, FAST_SEEDS + SLOW_SEEDS):
        play_and_check(name, players, seed)


def test_the_suite_reaches_every_family_through_the_kernel_alone() -> None:
    """This suite imports nothing of paiju but ``paiju.engine`` and, for each table's own bot and the server frame's
    fields, the apps' table policy (``paiju.policy``, looked up by family name as the kernel's registry is): a table
    passes it by registering, not by being named."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert {name for name in imported if name.startswith("paiju")} == {"paiju.engine", "paiju.policy"}
