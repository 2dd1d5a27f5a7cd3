"""The determinized search bot (``pimc``) and the difficulty levels (``easy``, ``normal``, ``hard``) of every table.

At each decision with more than one legal action, ``PimcBot`` draws worlds consistent with its seat's view (the
family's ``sample_world``: full hands that agree with all the seat has seen), weighted by how well each world's
hands explain the other seats' bids (``bid_prior``), plays each candidate action (``candidates``, ``shedding``) on each
world and rolls the hand out to its end with the table's rule-of-thumb bot (``POLICY``) in every seat, or solves it
exactly where few cards are left (``winners``), and takes the candidate whose outcome (``value``: the win first, then
the points) is best on average where it beats the rule of thumb's own choice beyond the noise (``pick``; docs/bots.md,
"The search bot and the levels"). It reads the kernel only, so it plays every registered table of both families; a
climbing table's long lead lists are cut with the rule of thumb's measure of a hand.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from paiju.bots.base import MAKERS, AnyBot, act_for, bot_maker
from paiju.bots.hand_cost import Shapes, plan_cost
from paiju.bots.heuristic import HeuristicBot
from paiju.cards import rank_counts
from paiju.climbing import Observation as ClimbingObservation
from paiju.climbing import PhaseName, Play
from paiju.engine import AnyHand, Observation, family, log_variant
from paiju.engine.worlds import SampleError, SeatView, Worlds

__all__ = [
    "BIDS",
    "CANDIDATES",
    "EXACT_CARDS",
    "EXACT_NODES",
    "LEAST_WORLDS",
    "LEVELS",
    "MISMATCH",
    "POLICY",
    "SCORE_SHARE",
    "STRETCH",
    "STRETCH_SECONDS",
    "Budget",
    "PimcBot",
    "bid_prior",
    "candidates",
    "parse_budget",
    "pick",
    "preferred",
    "shedding",
    "value",
    "winners",
]

#: Each family's rule-of-thumb bot: the ``easy`` level, the search's rollout policy and its own first choice.
POLICY = {"climbing": "heuristic", "trick": "rule"}
#: How many actions a decision weighs at most: a longer legal list (a lead may hold thousands of plays) is cut to the
#: policy's own choice and actions taken at even steps through the list (``candidates``).
CANDIDATES = 8
#: The bidding's actions (every family's; before the hand's first play): the ones the prior reads.
BIDS = frozenset(("bid", "pass", "grab", "open", "declare", "identity", "double"))
#: A world's weight for each bid of another seat that the policy, holding that seat's cards there, would not make.
MISMATCH = 0.25
#: What a point of the settlement adds to a rollout's value beside its win (+1) or loss (−1): winning comes first,
#: the score breaks ties between wins (``value``).
SCORE_SHARE = 0.05
#: A world is solved exactly instead of rolled out when all hands together hold at most this many cards
#: (``winners``).
EXACT_CARDS = 30
#: How many positions the exact solve of one world may visit, all candidates together (about 30 µs each on classic),
#: before it gives way to the rollouts for the rest of the decision.
EXACT_NODES = 200
#: The worlds a short time budget searches at least: ``pick`` leaves the rule of thumb's choice only on two worlds'
#: evidence, so a budget that ends before the second would play as ``easy`` (``normal`` on the large tables).
LEAST_WORLDS = 2
#: How far a short time budget may stretch to reach ``LEAST_WORLDS``: to ``STRETCH`` times itself, and never past
#: ``STRETCH_SECONDS`` (``hard``'s 100 ms; a budget of that or more never stretches).
STRETCH, STRETCH_SECONDS = 5, 0.1
#: A time-budgeted rollout reads the clock every this many turns (a turn of 炒地皮's rule of thumb takes about 0.3 ms).
CLOCK_TURNS = 8


@dataclass(frozen=True)
class Budget:
    """How long one decision searches: ``iterations`` rollouts (worlds × candidates) at most, and ``seconds`` at most
    (no new world is drawn where the worlds so far, on average, say it would end past them, and a world whose
    rollouts the time runs out in is dropped: one world alone never changes the choice, ``pick``), stretched up to
    ``stretched`` while fewer than ``LEAST_WORLDS`` are done. ``None``: no such bound."""

    iterations: int | None = None
    seconds: float | None = None

    @property
    def stretched(self) -> float | None:
        """The most a decision with too few worlds may take: ``STRETCH`` times ``seconds``, within
        ``STRETCH_SECONDS`` (``seconds`` itself where that is no more)."""
        if self.seconds is None:
            return None
        return max(self.seconds, min(STRETCH * self.seconds, STRETCH_SECONDS))

    def __str__(self) -> str:
        if self.seconds is None:
            return str(self.iterations)
        ms = self.seconds * 1000
        return f"{ms:g}ms" if ms < 1000 else f"{self.seconds:g}s"


#: The search levels' default budgets (``easy`` is the policy itself); ``pimc`` alone searches as ``normal``.
LEVELS = {"pimc": Budget(seconds=0.02), "normal": Budget(seconds=0.02), "hard": Budget(seconds=0.1)}

_BUDGET = re.compile(r"(?P<number>\d+(?:\.\d+)?)(?P<unit>ms|s)?")


def parse_budget(text: str) -> Budget:
    """A budget as written after a level's colon: ``30ms`` or ``1s`` (time), ``200`` (rollouts)."""
    found = _BUDGET.fullmatch(text.strip())
    if found is None or float(found["number"]) <= 0:
        raise ValueError(f"unknown budget {text!r}: write a time (30ms, 1s) or a number of rollouts (200)")
    number, unit = found["number"], found["unit"]
    if unit is None:
        if "." in number:
            raise ValueError(f"unknown budget {text!r}: a number of rollouts is a whole number")
        return Budget(iterations=int(number))
    return Budget(seconds=float(number) / (1000 if unit == "ms" else 1))


def bid_prior(seat: int, policy: Callable[[int], AnyBot]) -> Callable[[AnyHand], float]:
    """A world's weight for ``seat``'s search: ``MISMATCH`` for each bid another seat made that the policy, dealt that
    seat's cards in the world, would not have made (the hand-strength prior on bids: a world where a seat that
    bid 3 holds nothing is unlikely). The world's own record is played again to the last bid (its deal, its
    actions), asking the policy at each."""

    def weight(world: AnyHand) -> float:
        rules = family(world.variant.family)
        log = rules.game_log(world, None)
        events = log["events"]
        first_play = next((i for i, e in enumerate(events) if e["type"] == "play"), len(events))
        judged = {i for i, e in enumerate(events[:first_play]) if e["type"] in BIDS and e.get("seat", seat) != seat}
        if not judged:
            return 1.0
        hand, misses = rules.start(log), 0
        for i, entry in enumerate(events[: max(judged) + 1]):
            if i < len(hand.typed_events):
                continue  # an event the hand wrote itself (a deal, a landlord named)
            made = rules.read_event(entry).action(hand)
            if i in judged:
                misses += policy(0).act(rules.observe(hand, entry["seat"])) != made
            hand.apply(made, entry["seat"])
        return float(MISMATCH**misses)

    return weight


def candidates(legal: Sequence[object], own: object, preferred: Sequence[object] = ()) -> list[object]:
    """The actions a decision weighs: all of ``legal`` when it holds at most ``CANDIDATES``; else the policy's own
    choice ``own`` first, then the ``preferred`` ones (``shedding``), then actions at even steps through the list (its
    first and last among them), so the set is bounded and the same for the same list."""
    if len(legal) <= CANDIDATES:
        return list(legal)
    picked = [own]
    step = (len(legal) - 1) / (CANDIDATES - 2)
    for action in (*preferred, *(legal[round(i * step)] for i in range(CANDIDATES - 1))):
        if action not in picked:
            picked.append(action)
    return picked[:CANDIDATES]


def shedding(obs: Observation[object]) -> list[object]:
    """A climbing seat's plays that a long legal list must not lose, strongest first: the three that leave its hand
    cheapest to play out on its table (``plan_cost``, the rule of thumb's measure), the play of most cards (it empties
    the hand soonest) and the least bomb. Empty for another family's observation."""
    if not isinstance(obs, ClimbingObservation):
        return []
    plays = [a for a in obs.legal if isinstance(a, Play)]
    if not plays:
        return []
    counts, shapes = rank_counts(obs.hand), Shapes.of(obs.patterns)

    def left(play: Play) -> float:
        after = list(counts)
        for r in play.move.ranks:
            after[r] -= 1
        return plan_cost(after, shapes) + 0.02 * play.move.key

    bombs = [a for a in plays if a.move.is_bomb]
    return [
        *sorted(plays, key=left)[:3],
        max(plays, key=lambda a: a.move.size),
        *([min(bombs, key=lambda a: (a.move.tier, a.move.key))] if bombs else []),
    ]


def preferred(obs: Observation[object], policy: AnyBot) -> list[object]:
    """The actions a long legal list must not lose, before the even steps: the speculator's next-best gifts by the
    policy's own ranking (``gift_order``: a gift taken at an even step through the hand gives away what it needs, and
    two noisy worlds would pick one by luck), else a climbing seat's plays that shed most (``shedding``)."""
    if isinstance(policy, HeuristicBot) and isinstance(obs, ClimbingObservation) and obs.phase == PhaseName.GIFT:
        return list(policy.gift_order(obs))
    return shedding(obs)


def value(score: int) -> float:
    """A settlement score as the search weighs it: +1 for a win, −1 for a loss, and ``SCORE_SHARE`` a point."""
    return (score > 0) - (score < 0) + SCORE_SHARE * score


def _shed(action: object) -> int:
    """How many cards ``action`` plays (a climbing play's size; 0 for anything else): the solve tries the actions
    that shed most first, as they most often win."""
    return action.move.size if isinstance(action, Play) else 0


def winners(hand: AnyHand, nodes: list[int]) -> frozenset[int] | None:
    """The seats that win ``hand`` (a world, every card known) when each seat plays to win it: at each turn the actor
    takes the first action whose outcome it wins, else the first action (max-n on win or loss, cut at a win). It
    walks the hand down and back up (``push``/``pop``), spending ``nodes[0]``; ``None`` when that runs out."""
    if hand.is_over:
        assert hand.result is not None
        return frozenset(s for s, x in enumerate(hand.result.scores) if x > 0)
    nodes[0] -= 1
    if nodes[0] < 0:
        return None
    actor = min(hand.actors())
    first: frozenset[int] | None = None
    for action in sorted(hand.legal_actions(actor), key=_shed, reverse=True):
        hand.push(action, actor)
        won = winners(hand, nodes)
        hand.pop()
        if won is None or actor in won:
            return won
        first = won if first is None else first
    return first


def pick(weighed: list[object], scores: list[list[float]], own: int) -> object:
    """The candidate whose mean gain over the policy's choice ``weighed[own]``, world by world, is largest and beyond
    one standard error of that gain (so at least two worlds); the policy's choice where none is. Its choice is the
    default, and the best of several noisy means beats it by luck alone: measured on classic, this keeps the search's
    wins and halves its losses (docs/bots.md)."""
    best, gain = own, 0.0
    worlds = len(scores[own])
    for i, row in enumerate(scores):
        if worlds < 2 or i == own:
            continue
        diffs = [x - y for x, y in zip(row, scores[own], strict=True)]
        mean = sum(diffs) / worlds
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (worlds - 1) / worlds)
        if mean > gain and mean > spread:
            best, gain = i, mean
    return weighed[best]


class PimcBot:
    """Perfect-information Monte Carlo: the candidate with the best mean ``value`` over sampled worlds (rolled out, or
    solved exactly near the end) where it beats the policy's own choice clearly (``pick``), else the policy's choice. Deterministic for a seed and an iteration budget: each decision's
    random draws are seeded by the bot's seed and the decision's place in the hand (its seat and how many events
    the seat has seen), never by the clock, and read nothing but the seat's view."""

    def __init__(self, seed: int, family_name: str, budget: Budget, name: str) -> None:
        self.name = name
        self.seed = seed
        self.budget = budget
        self.family = family_name
        self._policy = bot_maker(POLICY[family_name], family_name)
        #: The policy bot playing this seat as itself: its first choice at each decision (it may keep a plan).
        self._own = self._policy(seed)
        self._worlds: dict[str, Worlds[AnyHand]] = {}

    def act(self, obs: Observation[object]) -> object:
        """Refused: the search draws its worlds from the seat's view (``act_seen``; ``paiju.bots.act_for``)."""
        raise TypeError(f"{self.name} searches worlds drawn from its seat's view: play it with act_for or play_out")

    def act_seen(self, obs: Observation[object], view: SeatView) -> object:
        """The action for ``obs.seat`` after searching worlds drawn from ``view``."""
        legal = obs.legal
        own = self._own.act(obs)
        if len(legal) <= 1:
            return own
        table = view.log["variant"]
        worlds = self._worlds.get(table) or self._worlds.setdefault(table, self._worlds_of(view))
        rng = random.Random(f"pimc:{self.seed}:{view.seat}:{len(view.log['events'])}")
        weighed = candidates(legal, own, preferred(obs, self._own) if len(legal) > CANDIDATES else ())
        scores: list[list[float]] = [[] for _ in weighed]
        limit = self.budget.iterations
        rounds = 1 if limit is None else max(1, limit // len(weighed))
        started = time.perf_counter()
        seconds, stretched = self.budget.seconds, self.budget.stretched
        done, prior, exact = 0, bid_prior(view.seat, self._policy), True

        def deadline() -> float | None:
            """When the search stops: the budget's time, stretched while too few worlds are done."""
            if seconds is None or stretched is None:
                return None
            return started + (seconds if done >= LEAST_WORLDS else stretched)

        while done < rounds or limit is None:
            try:  # a draw rejecting worlds for long (many bids to explain, a play no deal replays) stops with the time
                world = worlds.sample_world(view, rng, prior, deadline())
            except SampleError:
                break  # no world found in time: the searched ones decide, else the policy's choice stands
            found = self._exact(world, weighed, view.seat) if exact else None
            if found is None:  # too many cards, or a world too long to solve: the rest are rolled out
                exact, found = False, self._rollouts(world, weighed, view.seat, rng, deadline())
            if found is None:
                break  # the time ran out within the world's rollouts: it is dropped
            for row, score in zip(scores, found, strict=True):
                row.append(score)
            done += 1
            now, ends = time.perf_counter(), deadline()
            if ends is not None and now + (now - started) / done > ends:  # the next world would overrun
                break
        return pick(weighed, scores, weighed.index(own))

    def _worlds_of(self, view: SeatView) -> Worlds[AnyHand]:
        """The sampled worlds of the table ``view`` was seen at (its log's rules: a custom table's too)."""
        worlds = family(self.family).worlds
        if worlds is None:
            raise TypeError(f"{view.log['variant']} draws no worlds: {self.name} cannot search it")
        return worlds(log_variant(view.log))

    def _rollouts(
        self, world: AnyHand, weighed: list[object], seat: int, rng: random.Random, deadline: float | None
    ) -> list[float] | None:
        """``seat``'s ``value`` after each action of ``weighed`` on a copy of ``world``, played out by the policy (a
        turn with one legal action is taken without asking it); ``None`` where ``deadline`` passes before the last
        ends (the clock is read every ``CLOCK_TURNS`` turns: a long hand's rollout does not run far past it)."""
        found = []
        for action in weighed:
            hand = world.clone()
            hand.apply(action, seat)
            players = [self._policy(rng.randrange(1 << 30)) for _ in range(hand.variant.players)]
            turns = 0
            while not hand.is_over:
                if deadline is not None and turns % CLOCK_TURNS == 0 and time.perf_counter() > deadline:
                    return None
                turns += 1
                actor = min(hand.actors())
                legal = hand.legal_actions(actor)
                hand.apply(legal[0] if len(legal) == 1 else act_for(players[actor], hand, actor), actor)
            assert hand.result is not None
            found.append(value(hand.result.scores[seat]))
        return found

    @staticmethod
    def _exact(world: AnyHand, weighed: list[object], seat: int) -> list[float] | None:
        """Each action's win (+1) or loss (−1) for ``seat`` on ``world`` played perfectly after it (``winners``),
        where few cards are left (``EXACT_CARDS``) and the solve stays within ``EXACT_NODES``; else ``None``."""
        if sum(map(len, world.hands)) > EXACT_CARDS:
            return None
        nodes, found = [EXACT_NODES], []
        for action in weighed:
            world.push(action, seat)
            won = winners(world, nodes)
            world.pop()
            if won is None:
                return None
            found.append(1.0 if seat in won else -1.0)
        return found


def _level(level: str) -> Callable[[str, str], Callable[[int], AnyBot]]:
    """The maker of ``level`` (``easy``: the family's policy bot; a search level: ``PimcBot`` with the level's
    budget, or the one written after its colon)."""

    def make(setting: str, family_name: str) -> Callable[[int], AnyBot]:
        if family_name not in POLICY:
            raise ValueError(f"no bot levels for the {family_name!r} family")
        if level == "easy":
            if setting:
                raise ValueError("easy plays by rules of thumb: it takes no budget")
            return bot_maker(POLICY[family_name], family_name)
        budget = parse_budget(setting) if setting else LEVELS[level]
        name = f"{level}:{budget}"
        return lambda seed: PimcBot(seed, family_name, budget, name)

    return make


for _name in ("easy", *LEVELS):
    MAKERS[_name] = _level(_name)
