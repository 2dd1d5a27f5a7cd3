"""Every bot plays fair on every table: its decision never changes with what its seat cannot see, and the same seed
and the same budget of rollouts give the same decision.

At decision points of every kind a table has (bids, grabs and 明牌, gifts, the speculator's side, partner naming,
reveal and 加倍, the emperor's bottom, declarations, burial, plays), found by playing seeded hands, the hand is
*poisoned*: a world drawn from the seat's own view (the family's ``sample_world``) replaces it, so the other seats'
hands and the cards not yet seen are dealt anew while everything the seat has seen stays as it was. Each bot, made
afresh with the same seed, must decide alike in both. A bot that lets a hidden card steer it (``PeekingBot``, below)
is caught, so the check can fail."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from paiju.bots import AnyBot, act_for, bot_maker, load_bots
from paiju.bots.search import CANDIDATES, LEVELS
from paiju.engine import AnyHand, family, open_hand
from paiju.engine.worlds import SampleError
from paiju.variants import REGISTRY, get_variant

#: Seeded hands a table's decision points come from: played by the rule of thumb, and by the random bot, which
#: takes the rarer branches (a grab, 明牌, 一打四, a reveal) that the rule of thumb seldom does.
PLAYERS = (("easy", 3), ("random", 2))
#: Plays sampled per hand beside the first decision of every other kind: its first, and one half way through.
PLAYS = 2


@dataclass(frozen=True)
class Point:
    """A decision: the hand as it stands (a copy), the seat to decide and the decision's kind (the phase)."""

    hand: AnyHand
    seat: int
    kind: str


def kind_of(hand: AnyHand, seat: int) -> str:
    """The kind of ``seat``'s decision: its observation's phase (either family names one)."""
    phase: Any = getattr(family(hand.variant.family).observe(hand, seat), "phase")  # noqa: B009 (typed per family)
    return str(getattr(phase, "value", phase))


def decision_points(name: str) -> list[Point]:
    """The first decision of each kind in the seeded hands of table ``name`` (a seat with more than one action), and
    ``PLAYS`` of its plays."""
    v = get_variant(name)
    points: list[Point] = []
    for player, seed in PLAYERS:
        hand = open_hand(v, seed)
        bots = [bot_maker(player, v.family)(seed * 16 + s) for s in range(v.players)]
        choices: list[Point] = []
        while not hand.is_over:
            for seat in sorted(hand.actors()):
                if len(hand.legal_actions(seat)) > 1:
                    choices.append(Point(hand.clone(), seat, kind_of(hand, seat)))
            seat = min(hand.actors())
            hand.apply(act_for(bots[seat], hand, seat), seat)
        plays = [p for p in choices if p.kind == "play"]
        firsts = {p.kind: p for p in reversed(choices) if p.kind != "play"}
        points += [*firsts.values(), *plays[: PLAYS - 1], *plays[len(plays) // 2 : len(plays) // 2 + 1]]
    return points


def poisoned(point: Point) -> AnyHand | None:
    """A world the seat cannot tell from ``point.hand`` whose hidden cards differ from the real ones (drawn from the
    seat's view alone); ``None`` where the seat sees every card already."""
    worlds = family(point.hand.variant.family).worlds
    assert worlds is not None
    table = worlds(point.hand.variant)
    view = table.seat_view(point.hand, point.seat)
    rng = random.Random(f"poison:{point.seat}:{len(view.log['events'])}")
    real = deals(point.hand)
    for _ in range(8):
        try:
            world = table.sample_world(view, rng, None)
        except SampleError:
            return None
        assert table.seat_view(world, point.seat) == view  # the seat sees exactly what it saw
        if deals(world) != real:
            return world
    return None


def deals(hand: AnyHand) -> list[Any]:
    """Every card of the hand, hidden or not, as its full record tells them (its deals and every action)."""
    return list(family(hand.variant.family).game_log(hand, None)["events"])


def rule_bots(fam: str) -> Iterator[tuple[str, Callable[[int], AnyBot]]]:
    """Every registered bot that plays ``fam``'s tables and ``easy`` (the bots that search nothing)."""
    for name in [*load_bots(), "easy"]:
        try:
            yield name, bot_maker(name, fam)
        except ValueError:
            continue  # a bot of the other family


def search_level(level: str, point: Point) -> Callable[[int], AnyBot]:
    """A search level (``pimc``, ``normal``, ``hard``) with rollouts for two worlds of ``point``'s candidates: with
    one world it never leaves the rule of thumb's choice, with more it may (``paiju.bots.search.pick``)."""
    weighed = min(len(point.hand.legal_actions(point.seat)), CANDIDATES)
    return bot_maker(f"{level}:{2 * weighed}", point.hand.variant.family)


class PeekingBot:
    """A cheat: it lets the other seats' cards steer its choice, as a bot given the engine itself could."""

    name = "peeking"

    def __init__(self, hand: AnyHand, seat: int) -> None:
        self.hand, self.seat = hand, seat

    def act(self, obs: Any) -> object:
        """An action chosen by the cards the seat cannot see."""
        hidden = [c for s, cards in enumerate(self.hand.hands) if s != self.seat for c in cards]
        return obs.legal[sum(i * int(c) for i, c in enumerate(hidden)) % len(obs.legal)]


def unfair(
    make: Callable[[Point, AnyHand], AnyBot], points: list[tuple[Point, AnyHand]], twice: bool = True
) -> list[str]:
    """The decision points where the bot made by ``make`` (afresh each time, for the point and the hand it plays)
    decides otherwise in the poisoned world, or (``twice``) otherwise a second time in the real hand."""
    found = []
    for point, world in points:
        decided = act_for(make(point, point.hand), point.hand.clone(), point.seat)
        if twice and act_for(make(point, point.hand), point.hand.clone(), point.seat) != decided:
            found.append(f"{point.kind} (seat {point.seat}): not deterministic")
        if act_for(make(point, world), world, point.seat) != decided:
            found.append(f"{point.kind} (seat {point.seat}): {decided} changed with the hidden cards")
    return found


TABLES = sorted(REGISTRY)
#: The search levels (one class: what differs is the budget, set here in rollouts). A bot made from a trained model
#: (``model:PATH``) needs a checkpoint: it is not among them.
SEARCH = sorted(LEVELS)
#: The decisions each table's poisoned points must hold beside plays (every kind its rules have where a seat chooses
#: among several actions; a climbing table not named has bids alone). 癞子's 明牌 before the deal is not among them:
#: nothing is dealt yet, so there is nothing hidden to poison.
KINDS = {
    "chaodipi": {"declare", "chaodi", "bury"},
    "chaodipi-live": {"declare", "chaodi", "bury"},
    "dou-dizhu-emperor": {"bid", "choose"},
    "five-player": {"identity", "double"},
    "laizi": {"bid", "grab", "open"},
    **{n: {"bid", "gift"} for n in TABLES if n.startswith("spec-")},
    **{n: {"bid", "gift", "partner", "declare"} for n in TABLES if n.startswith(("spec-6", "spec-7", "spec-8"))},
}


@pytest.fixture(scope="module")
def sampled() -> dict[str, list[tuple[Point, AnyHand]]]:
    """Each table's decision points with their poisoned worlds (those with any card hidden from the seat)."""
    out = {}
    for name in TABLES:
        found = [(p, w) for p in decision_points(name) if (w := poisoned(p)) is not None]
        out[name] = found
    return out


@pytest.mark.parametrize("name", TABLES)
def test_every_bot_decides_alike_whatever_the_hidden_cards(
    name: str, sampled: dict[str, list[tuple[Point, AnyHand]]]
) -> None:
    """The rule-of-thumb bots at every sampled point; a search level (each table its own of ``pimc``, ``normal`` and
    ``hard``, in turn) at a play half way through the rule of thumb's hand, whose worlds are quick to draw and whose
    rollouts are half a hand long: the search is what the check costs, and its other decisions are the slow sweep's."""
    points = sampled[name]
    climbing = get_variant(name).family == "climbing"
    assert {p.kind for p, _ in points} >= {"play"} | KINDS.get(name, {"bid"} if climbing else set())
    for bot, maker in rule_bots(get_variant(name).family):
        assert unfair(lambda point, _, m=maker: m(point.seat * 7 + 3), points) == [], bot  # type: ignore[misc]
    halfway = [pw for pw in points if pw[0].kind == "play"][1]  # the rule of thumb's hand, half way through
    level = SEARCH[TABLES.index(name) % len(SEARCH)]
    assert unfair(lambda p, _: search_level(level, p)(p.seat * 7 + 3), [halfway]) == [], level


@pytest.mark.slow
@pytest.mark.parametrize("name", TABLES)
def test_the_search_decides_alike_whatever_the_hidden_cards_before_the_play(
    name: str, sampled: dict[str, list[tuple[Point, AnyHand]]]
) -> None:
    """``hard`` at the first decision of every kind but plays (bids, grabs and 明牌, gifts, partner naming, reveal
    and 加倍, the emperor's bottom, declarations, burial, 抄底): their worlds are weighed by the bidding too."""
    points = [(p, w) for p, w in sampled[name] if p.kind != "play"]
    firsts = list({p.kind: (p, w) for p, w in reversed(points)}.values())
    found = unfair(lambda p, _: search_level("hard", p)(p.seat * 7 + 3), firsts, twice=False)
    assert found == []


def test_the_poisoning_catches_a_bot_that_peeks(sampled: dict[str, list[tuple[Point, AnyHand]]]) -> None:
    for name in ("classic", "spec-6p3d", "chaodipi"):
        points = sampled[name]
        caught = unfair(lambda point, hand: PeekingBot(hand, point.seat), points)
        assert len(caught) >= len(points) // 2, name


def test_a_model_bot_decides_alike_whatever_the_hidden_cards(
    sampled: dict[str, list[tuple[Point, AnyHand]]], tmp_path: Path
) -> None:
    """``model:PATH`` (a network ``paiju learn`` trained, here an untrained one, seeded) at every sampled point of the
    table it plays: it reads its seat's encoded view alone."""
    torch = pytest.importorskip("torch")
    from paiju.env import env
    from paiju.learn.model import Checkpoint, QNet

    torch.manual_seed(0)
    path = tmp_path / "untrained.pt"
    Checkpoint("classic", (32,), QNet(env("classic").encoder.size, (32,)).state_dict()).save(path)
    maker = bot_maker(f"model:{path}")
    assert unfair(lambda point, _: maker(point.seat), sampled["classic"]) == []
