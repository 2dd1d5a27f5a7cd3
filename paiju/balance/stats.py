"""What a balance run measures, from its results lines alone: per role the mean score per hand and the win rate with
their 95 % intervals, how often each side wins, the tally's distributions; the sequential stopping rule; the fair
rows (the multipliers on each role's payments that bring every role's expected score to 0); the paired comparison of
two tables on the same deals.

A hand is the unit of every interval: a role's value in a hand is the mean over the seats that played it (two farmers
of one hand are one observation, not two), and hands are independent (each deal is dealt from its own seed)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from paiju.arena import Z95, Paired

__all__ = [
    "BalanceReport", "Cell", "FairRow", "FairRows", "Mean", "RoleDifference", "cell_of", "compare", "fair_rows", "role_values",
    "settled",
]  # fmt: skip

#: Resamples of the deals behind the fair rows' intervals (bootstrap).
BOOTSTRAP = 200
#: Roles measured in fewer hands than this have no interval yet: a run does not stop on them.
MIN_ROLE_HANDS = 30


@dataclass
class Mean:
    """Running mean of values with its 95 % interval half-width (normal approximation)."""

    n: int = 0
    total: float = 0.0
    total_sq: float = 0.0

    def add(self, value: float) -> None:
        """Count one value."""
        self.n += 1
        self.total += value
        self.total_sq += value * value

    @property
    def mean(self) -> float:
        """The mean (0 with none)."""
        return self.total / self.n if self.n else 0.0

    @property
    def ci95(self) -> float:
        """Half-width of the 95 % interval; infinite under two values (nothing is known of the spread)."""
        if self.n < 2:
            return math.inf
        var = (self.total_sq - self.total * self.total / self.n) / (self.n - 1)
        return Z95 * math.sqrt(max(var, 0.0) / self.n)

    def to_json(self) -> dict[str, Any]:
        """``hands``, ``mean``, ``ci95`` (``null`` where unknown), rounded."""
        ci = self.ci95
        return {"hands": self.n, "mean": round(self.mean, 4), "ci95": None if math.isinf(ci) else round(ci, 4)}


def role_values(play: dict[str, Any]) -> dict[str, float]:
    """Each role's score in one played hand: the mean over the seats that played it; the speculator also under its
    side (``speculator (with landlord)``) where it has one."""
    seats: dict[str, list[int]] = {}
    side = play["kinds"].get("speculator_sides")
    for role, score in zip(play["roles"], play["scores"], strict=True):
        seats.setdefault(role, []).append(score)
        if role == "speculator" and side:
            seats.setdefault(f"speculator (with {side})", []).append(score)
    return {role: sum(scores) / len(scores) for role, scores in seats.items()}


def settled(play: dict[str, Any]) -> str:
    """Which side won a hand: the roles with a positive score, joined (``landlord + speculator``; ``none``)."""
    won = sorted({role for role, score in zip(play["roles"], play["scores"], strict=True) if score > 0})
    return " + ".join(won) or "none"


@dataclass
class BalanceReport:
    """The figures of a run over its deals (``of``); ``stopped`` says why it ended where it did."""

    variant: str
    bots: list[str]
    seed: int
    deals: int = 0
    hands: int = 0
    #: Per role: the score per hand and the win (score above 0) per hand.
    scores: dict[str, Mean] = field(default_factory=dict)
    wins: dict[str, Mean] = field(default_factory=dict)
    #: Per role: how many seat-hands ended on each score (the distributions' plot).
    histograms: dict[str, Counter[int]] = field(default_factory=dict)
    #: Which roles won, by hand; the tally's counts summed and kinds counted (``bids``, ``grabs``, ``open_hands`` …).
    sides: Counter[str] = field(default_factory=Counter)
    counts: Counter[str] = field(default_factory=Counter)
    kinds: dict[str, Counter[str]] = field(default_factory=dict)
    #: The hand's length: events in its log.
    events: Mean = field(default_factory=Mean)
    stopped: str = ""

    @classmethod
    def of(cls, lines: Iterable[dict[str, Any]], variant: str, bots: Sequence[str], seed: int) -> BalanceReport:
        """The report over the deals' lines."""
        report = cls(variant, list(bots), seed)
        for line in lines:
            report.add(line)
        return report

    def add(self, line: dict[str, Any]) -> None:
        """Count one deal's hands."""
        self.deals += 1
        for play in line["plays"]:
            self.hands += 1
            for role, value in role_values(play).items():
                self.scores.setdefault(role, Mean()).add(value)
                self.wins.setdefault(role, Mean()).add(float(value > 0))
            for role, score in zip(play["roles"], play["scores"], strict=True):
                self.histograms.setdefault(role, Counter())[score] += 1
            self.sides[settled(play)] += 1
            self.counts.update(play["counts"])
            for name, kind in play["kinds"].items():
                self.kinds.setdefault(name, Counter())[kind] += 1
            self.events.add(play["events"])

    def widest(self) -> float:
        """The widest half-width of a role's mean score (its side-split speculator rows aside): a run stops when it
        is below the precision asked."""
        found = [m for role, m in self.scores.items() if "(" not in role]
        return max((m.ci95 if m.n >= MIN_ROLE_HANDS else math.inf for m in found), default=math.inf)

    def balance(self) -> float:
        """Ludii's balance figure on roles: 1 − the largest gap between two roles' win rates (1: every role wins as
        often)."""
        rates = [m.mean for role, m in self.wins.items() if "(" not in role]
        return 1.0 - (max(rates) - min(rates)) if rates else 1.0

    def to_json(self) -> dict[str, Any]:
        """The machine-readable report (fields in docs/balance.md)."""
        return {
            "variant": self.variant,
            "bots": self.bots,
            "seed": self.seed,
            "deals": self.deals,
            "hands": self.hands,
            "stopped": self.stopped,
            "balance": round(self.balance(), 4),
            "roles": {
                role: {"score": m.to_json(), "win": self.wins[role].to_json()}
                for role, m in sorted(self.scores.items())
            },
            "sides": dict(self.sides.most_common()),
            "counts": dict(sorted(self.counts.items())),
            "kinds": {name: dict(sorted(c.items())) for name, c in sorted(self.kinds.items())},
            "events": self.events.to_json(),
            "histograms": {
                role: {str(k): n for k, n in sorted(c.items())} for role, c in sorted(self.histograms.items())
            },
        }


@dataclass(frozen=True)
class Cell:
    """A group of a table's payments that one number of its rows scales: a role, the class of hand (the speculator's
    side and the partnership, where the table has them) and whether the role won or lost."""

    role: str
    kind: str
    won: bool


def cell_of(play: dict[str, Any], role: str, score: int) -> Cell:
    """The cell a seat's payment of one hand falls in."""
    kinds = play["kinds"]
    kind = ", ".join(
        part
        for part in (
            f"speculator with {kinds['speculator_sides']}" if kinds.get("speculator_sides") else "",
            "landlord alone" if kinds.get("partnerships") in ("alone", "self", "none") else "",
        )
        if part
    )
    return Cell(role, kind, score > 0)


@dataclass
class FairRow:
    """One cell's proposal: its payments now (points per seat-hand, and as a share of the unit where the table has
    one), the multiplier that makes the table fair and its 95 % interval."""

    cell: Cell
    hands: int
    points: float
    share: float | None
    multiplier: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        """The row's numbers, rounded."""
        share = None if self.share is None else round(self.share, 4)
        proposed = None if self.share is None else round(self.share * self.multiplier, 4)
        return {
            "role": self.cell.role, "class": self.cell.kind, "won": self.cell.won, "hands": self.hands,
            "points": round(self.points, 4), "share": share, "multiplier": round(self.multiplier, 4),
            "multiplier_ci95": [round(self.low, 4), round(self.high, 4)], "proposed_share": proposed,
        }  # fmt: skip


@dataclass
class FairRows:
    """The fair rows of a run: a multiplier per cell, and each role's mean score per hand once they apply (0 up to
    rounding, the check)."""

    rows: list[FairRow]
    after: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        """Rows and the check."""
        return {"rows": [r.to_json() for r in self.rows], "after": {k: round(v, 6) for k, v in self.after.items()}}


def fair_rows(lines: Sequence[dict[str, Any]], seed: int = 0, resamples: int = BOOTSTRAP) -> FairRows:
    """The multipliers on each cell's payments closest to 1 (least squares) under which every role's expected score
    per hand is 0 and every class of hand still sums to 0 over the table, given the outcomes the bots reached; scaled
    so the table moves as many points a hand as before. Scores are linear in a row's entries, so a multiplier on a
    cell scales exactly its seats' scores. The interval of each is the bootstrap's over the deals (``resamples``
    resamples, seeded by ``seed``: the same lines give the same interval)."""
    import numpy as np

    cells: dict[Cell, int] = {}
    groups: dict[tuple[str, str], int] = {}
    roles: dict[str, int] = {}
    per_hand: list[tuple[int, list[tuple[int, int, int, int]]]] = []  # (deal index, [(cell, group, role, score)])
    shares: dict[Cell, list[float]] = {}
    for d, line in enumerate(lines):
        for play in line["plays"]:
            items = []
            for role, score in zip(play["roles"], play["scores"], strict=True):
                if score == 0:
                    continue
                cell = cell_of(play, role, score)
                c = cells.setdefault(cell, len(cells))
                g = groups.setdefault((cell.kind, settled(play)), len(groups))
                r = roles.setdefault(role, len(roles))
                items.append((c, g, r, score))
                if play.get("stake"):
                    shares.setdefault(cell, []).append(abs(score) / play["stake"])
            per_hand.append((d, items))
    n_deals, n_cells = len(lines), len(cells)
    # Per deal: each role's score sum per cell, each group's sum per cell, each cell's absolute points and seats.
    by_role = np.zeros((n_deals, len(roles), n_cells))
    by_group = np.zeros((n_deals, len(groups), n_cells))
    points = np.zeros((n_deals, n_cells))
    seats = np.zeros((n_deals, n_cells))
    for d, items in per_hand:
        for c, g, r, score in items:
            by_role[d, r, c] += score
            by_group[d, g, c] += score
            points[d, c] += abs(score)
            seats[d, c] += 1

    def solve(weights: Any) -> Any:
        rows = np.vstack([np.tensordot(weights, by_role, 1), np.tensordot(weights, by_group, 1)])
        norms = np.linalg.norm(rows, axis=1)
        rows = rows[norms > 0] / norms[norms > 0, None]
        ones = np.ones(n_cells)
        multipliers = ones - np.linalg.pinv(rows) @ (rows @ ones)
        moved = weights @ points
        return multipliers * (moved.sum() / (multipliers @ moved))

    found = solve(np.ones(n_deals))
    rng = np.random.default_rng(seed)
    draws = np.array([solve(rng.multinomial(n_deals, np.full(n_deals, 1 / n_deals))) for _ in range(resamples)])
    low, high = np.percentile(draws, [2.5, 97.5], axis=0) if resamples else (found, found)
    total_seats, total_points = seats.sum(axis=0), points.sum(axis=0)
    hands = len(per_hand)
    after = {role: float(by_role[:, r, :].sum(axis=0) @ found) / hands for role, r in roles.items()}
    rows = [
        FairRow(
            cell,
            int(total_seats[c]),
            float(total_points[c] / total_seats[c]),
            sum(shares[cell]) / len(shares[cell]) if cell in shares else None,
            float(found[c]),
            float(low[c]),
            float(high[c]),
        )  # fmt: skip
        for cell, c in sorted(cells.items(), key=lambda item: (item[0].kind, item[0].role, not item[0].won))
    ]
    return FairRows(rows, after)


@dataclass
class RoleDifference:
    """A role's mean score per hand at table A minus at table B, paired over the deals both played it on."""

    role: str
    deals: int
    difference: Paired

    def to_json(self) -> dict[str, Any]:
        """``role``, ``deals``, ``mean``, ``ci95``."""
        return {"role": self.role, "deals": self.deals, **self.difference.to_json()}


def compare(first: Sequence[dict[str, Any]], second: Sequence[dict[str, Any]]) -> list[RoleDifference]:
    """Per role, the paired difference of the mean score per hand between two tables played on the same deals: a
    deal's value is the role's mean over the deal's hands at the first table minus at the second."""
    by_deal = [(_deal_means(a), _deal_means(b)) for a, b in zip(first, second, strict=True)]
    names = sorted({role for a, b in by_deal for role in a.keys() & b.keys()})
    found = []
    for role in names:
        values = [a[role] - b[role] for a, b in by_deal if role in a and role in b]
        found.append(RoleDifference(role, len(values), Paired.of(values)))
    return found


def _deal_means(line: dict[str, Any]) -> dict[str, float]:
    """Each role's mean score over a deal's hands (those it was played in)."""
    seen: dict[str, list[float]] = {}
    for play in line["plays"]:
        for role, value in role_values(play).items():
            seen.setdefault(role, []).append(value)
    return {role: sum(v) / len(v) for role, v in seen.items()}
