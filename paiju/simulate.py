"""Bot-vs-bot simulation with per-role statistics and 95% confidence intervals."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from paiju.bots import bot_maker, play_out
from paiju.engine import HandTally, new_session, variant_family
from paiju.policy import table_policy
from paiju.variants import Variant

__all__ = ["PROGRESS_STEPS", "RoleStats", "SimulationReport", "simulate"]

#: How many times at most a simulation tells its progress: a bar's few redraws a second need no call per hand.
PROGRESS_STEPS = 200


@dataclass
class RoleStats:
    """Outcomes of one role (optionally for one bot): wins and per-hand scores."""

    hands: int = 0
    wins: int = 0
    total: float = 0.0
    total_sq: float = 0.0

    def add(self, score: int, hands: int = 1) -> None:
        """Record ``hands`` hands of this role that each scored ``score``."""
        self.hands += hands
        self.wins += hands if score > 0 else 0
        self.total += hands * score
        self.total_sq += hands * score * score

    @property
    def win_rate(self) -> float:
        """Fraction of hands won."""
        return self.wins / self.hands if self.hands else 0.0

    @property
    def win_rate_ci95(self) -> float:
        """Half-width of the 95% (normal approximation) interval on the win rate."""
        if not self.hands:
            return 0.0
        p = self.win_rate
        return 1.96 * math.sqrt(p * (1 - p) / self.hands)

    @property
    def mean_score(self) -> float:
        """Mean score per hand."""
        return self.total / self.hands if self.hands else 0.0

    @property
    def mean_score_ci95(self) -> float:
        """Half-width of the 95% interval on the mean score."""
        n = self.hands
        if n < 2:
            return 0.0
        var = (self.total_sq - self.total * self.total / n) / (n - 1)
        return 1.96 * math.sqrt(max(var, 0.0) / n)

    def to_json(self) -> dict[str, Any]:
        """Numbers for ``--json`` output."""
        return {
            "hands": self.hands,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "win_rate_ci95": round(self.win_rate_ci95, 4),
            "mean_score": round(self.mean_score, 4),
            "mean_score_ci95": round(self.mean_score_ci95, 4),
        }


@dataclass
class SimulationReport:
    """Everything ``paiju simulate`` prints; the counters after ``by_bot`` are filled from the family's tally."""

    variant: str
    games: int
    seed: int
    bots: list[str]
    #: How many hands ended with each (every seat's role, every seat's score), in the order first played: the
    #: statistics by role (``roles``, ``by_bot``) are made from these, so a hand costs one count, not one per seat.
    outcomes: dict[tuple[tuple[str, ...], tuple[int, ...]], int] = field(default_factory=dict)
    redeals: int = 0
    instant_wins: int = 0
    #: How often the speculator ended on each side (speculator tables only).
    speculator_sides: dict[str, int] = field(default_factory=dict)
    #: Two-landlord tables: how the landlord played (named, self, alone, none) and how often the
    #: small landlord declared itself.
    partnerships: dict[str, int] = field(default_factory=dict)
    declared: int = 0
    #: 癞子 tables: hands played face up, by who opened (``start``: 明牌开始, ``landlord``: after the bottom).
    open_hands: dict[str, int] = field(default_factory=dict)
    #: Tables with a grab round (抢地主): how many hands had 0, 1, 2 or 3 grabs.
    grabs: dict[str, int] = field(default_factory=dict)
    #: 五人斗地主: how the landlords' team became known — ``revealed`` in the identity step, by the ``twin`` played,
    #: ``alone`` (the public landlord played both copies), or ``never``.
    identities: dict[str, int] = field(default_factory=dict)
    #: 炒地皮: throws another hand beat; matches ended (a side passed its 扛旗 hand); which rule moved the levels
    #: (``table``, ``O1``, ``O2``, ``G3``); which side passed A (gained 扛旗 status), and passed its 扛旗 hand.
    failed_throws: int = 0
    matches_over: int = 0
    level_rules: dict[str, int] = field(default_factory=dict)
    passed_a: dict[str, int] = field(default_factory=dict)
    kangqi_passed: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The machine-readable report."""
        return {
            "variant": self.variant,
            "games": self.games,
            "seed": self.seed,
            "bots": self.bots,
            "redeals": self.redeals,
            "instant_wins": self.instant_wins,
            "speculator_sides": self.speculator_sides,
            "partnerships": self.partnerships,
            "declared": self.declared,
            "open_hands": self.open_hands,
            "grabs": self.grabs,
            "identities": self.identities,
            "failed_throws": self.failed_throws,
            "matches_over": self.matches_over,
            "level_rules": self.level_rules,
            "passed_a": self.passed_a,
            "kangqi_passed": self.kangqi_passed,
            "roles": {r: s.to_json() for r, s in self.roles.items()},
            "by_bot": {b: {r: s.to_json() for r, s in rs.items()} for b, rs in self.by_bot.items()},
        }

    def add(self, tally: HandTally, scores: Sequence[int]) -> None:
        """Count one finished hand: its seats' roles and scores (``outcomes``), and the family's counts, each into the
        report's counter or tally of that name."""
        for name, n in tally.counts.items():
            if n:  # most hands count none of most things
                setattr(self, name, getattr(self, name) + n)
        for name, kind in tally.kinds.items():
            counted: dict[str, int] = getattr(self, name)
            counted[kind] = counted.get(kind, 0) + 1
        outcome = (tally.roles, tuple(scores))
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1

    @property
    def roles(self) -> dict[str, RoleStats]:
        """Every seat's outcomes by its role, each role in the order first played."""
        return self._by_role()[0]

    @property
    def by_bot(self) -> dict[str, dict[str, RoleStats]]:
        """Each bot's outcomes by the role it played, bots and roles in the order first played."""
        return self._by_role()[1]

    def _by_role(self) -> tuple[dict[str, RoleStats], dict[str, dict[str, RoleStats]]]:
        """The statistics of ``roles`` and ``by_bot``, made from the counted outcomes (scores are whole numbers: a
        sum of ``n`` equal scores is the same float as ``n`` additions)."""
        roles: dict[str, RoleStats] = {}
        by_bot: dict[str, dict[str, RoleStats]] = {}
        for (seat_roles, scores), hands in self.outcomes.items():
            for bot, role, score in zip(self.bots, seat_roles, scores, strict=True):
                _stats(roles, role).add(score, hands)
                _stats(by_bot.setdefault(bot, {}), role).add(score, hands)
        return roles, by_bot


def _stats(table: dict[str, RoleStats], role: str) -> RoleStats:
    """``table``'s stats of ``role``, made at its first hand (not a new one thrown away at every hand)."""
    found = table.get(role)
    if found is None:
        found = table[role] = RoleStats()
    return found


def simulate(
    variant: Variant,
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Play ``games`` seeded hands with one named bot per seat and collect per-role results; ``progress(n)`` is told
    how many are played every ``games // PROGRESS_STEPS`` hands and after the last (a bar needs no more)."""
    if len(bots) != variant.players:
        raise ValueError(f"{variant.name} seats {variant.players} players; {len(bots)} bots given")
    report = SimulationReport(variant.name, games, seed, list(bots))
    name = variant_family(variant)
    tally = table_policy(name).tally
    session = new_session(variant, seed)
    step = max(1, games // PROGRESS_STEPS)
    makers = [bot_maker(bot, name) for bot in bots]
    for i in range(games):
        game = session.game
        players = [make(game.seed * 16 + s) for s, make in enumerate(makers)]
        result = play_out(game, players)
        report.add(tally(game), result.scores)
        if progress is not None and ((i + 1) % step == 0 or i + 1 == games):
            progress(i + 1)
        if i + 1 < games:
            session.next_hand()
    return report
