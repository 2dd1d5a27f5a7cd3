"""A balance run: deals in batches, played on a pool (or read from the results file), counted in deal order, until
every role's interval is as narrow as asked or the hands run out (docs/balance.md, "When a run stops")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paiju.balance.play import Batch, LocalPool, Pool, balance_header, played_deals, seat_bots
from paiju.balance.stats import BalanceReport
from paiju.variants import Variant

__all__ = ["BATCH", "MIN_DEALS", "BalanceRun", "run_balance"]

#: Deals a batch (one task of a pool; the stopping rule is checked between batches).
BATCH = 50
#: Deals played at least before a run may stop on its precision.
MIN_DEALS = 200


@dataclass
class BalanceRun:
    """A run's report and the deals' lines behind it, in deal order."""

    report: BalanceReport
    lines: list[dict[str, Any]] = field(default_factory=list)


def run_balance(
    variant: Variant,
    bots: Sequence[str],
    deals: int,
    seed: int = 0,
    *,
    pool: Pool | None = None,
    out: Path | None = None,
    precision: float | None = None,
    min_deals: int = MIN_DEALS,
    batch: int = BATCH,
    progress: Callable[[int], None] | None = None,
) -> BalanceRun:
    """Play (or read from ``out``) deals ``0 … deals - 1`` in batches of ``batch`` on ``pool`` (default: this
    process). With ``precision``, stop after the first batch that ends with at least ``min_deals`` deals and every
    role's 95 % half-width at most ``precision``. The result depends on the arguments alone, not on the pool, the
    number of workers, nor on how often the run was cut short and resumed."""
    bots = seat_bots(bots, variant.players)
    header = balance_header(variant, bots, seed)
    groups = [range(start, min(start + batch, deals)) for start in range(0, deals, batch)]
    report = BalanceReport(variant.name, list(bots), seed)
    found = BalanceRun(report)
    chosen = pool if pool is not None else LocalPool(1)
    make = lambda numbers: Batch(variant, bots, seed, numbers)  # noqa: E731
    report.stopped = f"all {deals} deals played" + (
        "" if precision is None else f", a role's half-width above {precision:g}"
    )
    for lines in played_deals(header, groups, make, chosen, out):
        for line in lines:
            report.add(line)
        found.lines.extend(lines)
        if progress is not None:
            progress(report.deals)
        if precision is not None and report.deals >= min_deals and report.widest() <= precision:
            report.stopped = f"every role's 95 % half-width ≤ {precision:g} after {report.deals} deals"
            break
    return found
