"""``paiju balance``: does a table pay every role fairly with the bots given, which rows would, and how does it
differ from another table on the same deals (docs/balance.md)."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

from rich.console import Console
from rich.table import Table

from paiju.arena import ArenaError
from paiju.balance.play import LocalPool, Pool, seat_bots
from paiju.balance.report import BalancePage, headline, page_html, plus_minus, versions
from paiju.balance.run import BalanceRun, run_balance
from paiju.balance.stats import BalanceReport, FairRows, RoleDifference, compare, fair_rows
from paiju.commands import UsageError
from paiju.commands.games import _check_bots, _progress
from paiju.commands.tables import table_of
from paiju.variants import Variant

__all__ = ["cmd_balance"]


def cmd_balance(args: argparse.Namespace, out: Console) -> int:
    """Play the deals (or read those the results file holds), print the report, write the page."""
    variant = table_of(args)
    levels = [b for b in (args.levels or "").split(",") if b]
    bots = [b for b in (args.bots or "easy").split(",") if b]
    try:
        seatings = [seat_bots([level], variant.players) for level in levels] or [seat_bots(bots, variant.players)]
    except ValueError as err:
        raise UsageError(f"--bots: {err}") from err
    _check_bots(sorted({b for s in seatings for b in s}), variant)
    if args.hands < 1 or args.batch < 1:
        raise UsageError("--hands and --batch must be at least 1")
    other = _other_table(args.compare, variant) if args.compare else None
    base = Path(args.out) if args.out else None
    with ExitStack() as stack:
        pool = _pool(args, stack)
        runs: list[tuple[str, BalanceRun]] = []
        for i, seating in enumerate(seatings):
            where = base if base is None or i == 0 else base.with_name(f"{base.stem}.{seating[0]}{base.suffix}")
            runs.append((_label(seating), _run(args, variant, seating, args.hands, args.precision, pool, where)))
        compared: tuple[str, list[RoleDifference]] | None = None
        if other is not None:
            first = runs[0][1]
            where = None if base is None else base.with_name(f"{base.stem}.compare{base.suffix}")
            second = _run(args, other, seat_bots(bots, other.players) if not levels else seatings[0],
                          first.report.deals, None, pool, where)  # fmt: skip
            compared = (other.name, compare(first.lines, second.lines))
    fair = fair_rows(runs[0][1].lines, args.seed)
    command = "paiju " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:] else "paiju balance"
    extra = versions(ray=bool(args.ray))
    files: list[str] = []
    if args.html:
        page = BalancePage([(label, run.report) for label, run in runs], command, fair, compared, extra)
        try:
            text = page_html(page)
        except ImportError as err:
            raise UsageError("--html needs matplotlib, the optional plot extra: pip install 'paiju[plot]'") from err
        Path(args.html).write_text(text, encoding="utf-8")
        files.append(args.html)
    if args.json:
        found = {
            "runs": [{"bots_label": label, **run.report.to_json()} for label, run in runs],
            "fair": fair.to_json(),
            "compare": None
            if compared is None
            else {"table": compared[0], "roles": [d.to_json() for d in compared[1]]},
            "command": command,
            "versions": extra,
            "files": files,
        }
        print(json.dumps(found, ensure_ascii=False))
        return 0
    for label, run in runs:
        _print_report(run.report, label, out)
    _print_fair(fair, out)
    if compared is not None:
        _print_compare(*compared, out)
    for f in files:
        out.print(f"wrote {f}")
    return 0


def _label(seating: tuple[str, ...]) -> str:
    """The bots of a run in a few words: the one bot, or the mix by seat."""
    return seating[0] if len(set(seating)) == 1 else ",".join(seating)


def _other_table(text: str, variant: Variant) -> Variant:
    """``--compare``: a table file, or a registered table's name; it must seat as many players."""
    from paiju.variants import VariantError, get_variant

    try:
        if Path(text).exists():
            from paiju.variants.files import load_variant_file

            other = load_variant_file(text)
        else:
            other = get_variant(text)
    except (VariantError, ValueError, OSError) as err:
        raise UsageError(f"--compare {text}: {err}") from err
    if other.players != variant.players:
        raise UsageError(f"--compare: {other.name} seats {other.players} players, {variant.name} {variant.players}")
    return other


def _pool(args: argparse.Namespace, stack: ExitStack) -> Pool:
    """Where the batches are played: ``--ray ADDRESS`` (``local``: a Ray started here), else ``--workers``
    processes of this machine (default: every core)."""
    if not args.ray:
        return LocalPool(args.workers)
    from paiju.balance.cluster import RayPool

    try:
        return stack.enter_context(RayPool(args.ray, cpus=args.workers))
    except RuntimeError as err:
        raise UsageError(str(err)) from err


def _run(
    args: argparse.Namespace,
    variant: Variant,
    bots: tuple[str, ...],
    deals: int,
    precision: float | None,
    pool: Pool,
    where: Path | None,
) -> BalanceRun:
    """One table's run with a progress bar on the terminal."""
    with _progress(Console(stderr=True), deals) as progress:
        try:
            return run_balance(
                variant, bots, deals, args.seed, pool=pool, out=where, precision=precision,
                min_deals=args.min_hands, batch=args.batch, progress=progress,
            )  # fmt: skip
        except ArenaError as err:
            raise UsageError(str(err)) from err


def _rows(report: BalanceReport) -> Iterator[tuple[str, ...]]:
    """The role table's rows."""
    for role in sorted(report.scores, key=lambda r: ("(" in r, r)):
        score, win = report.scores[role], report.wins[role]
        yield role, str(score.n), plus_minus(score.mean, score.ci95), plus_minus(win.mean, win.ci95, sign=False)


def _print_report(report: BalanceReport, label: str, out: Console) -> None:
    """Per role: hands, mean score and win rate with intervals; how the hands went; the headline."""
    table = Table(
        title=f"{report.variant}: {report.deals} deals, {report.hands} hands, bots {label}, seed {report.seed}"
    )
    for col in ("role", "hands", "score per hand (95%)", "win rate (95%)"):
        table.add_column(col)
    for row in _rows(report):
        table.add_row(*row)
    out.print(table)
    out.print("sides that won: " + ", ".join(f"{side} {n}" for side, n in report.sides.most_common()))
    for name, counted in sorted(report.kinds.items()):
        out.print(f"{name}: " + ", ".join(f"{kind} {n}" for kind, n in sorted(counted.items())))
    counts = ", ".join(f"{name} {n} ({n / report.hands:.3f} a hand)" for name, n in sorted(report.counts.items()))
    out.print(f"{counts or 'no redeals, no instant wins'}; events per hand {report.events.mean:.1f}")
    out.print(f"{headline(report)}; balance {report.balance():.3f}; {report.stopped}")


def _print_fair(fair: FairRows, out: Console) -> None:
    """The fair rows: a multiplier per group of payments with its interval."""
    table = Table(title="fair rows: multipliers that bring every role's expected score to 0")
    for col in ("role", "class", "", "seat-hands", "share now", "multiplier (95%)", "proposed share"):
        table.add_column(col)
    for r in fair.rows:
        table.add_row(
            r.cell.role, r.cell.kind or "—", "wins" if r.cell.won else "losses", str(r.hands),
            "—" if r.share is None else f"{r.share:g}", f"{r.multiplier:.3f} [{r.low:.3f}, {r.high:.3f}]",
            "—" if r.share is None else f"{r.share * r.multiplier:.2f}",
        )  # fmt: skip
    out.print(table)


def _print_compare(name: str, differences: list[RoleDifference], out: Console) -> None:
    """Per role, this table − the other on the same deals, paired."""
    table = Table(title=f"this table − {name}, paired on the same deals")
    for col in ("role", "deals", "difference per hand (95%)", ""):
        table.add_column(col)
    for d in differences:
        shown = "differs" if d.difference.excludes_zero() else "no difference shown"
        table.add_row(d.role, str(d.deals), f"{d.difference.mean:+.3f} ± {d.difference.ci95:.3f}", shown)
    out.print(table)
