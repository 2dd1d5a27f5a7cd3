"""``paiju arena``: two bots in the duplicate format at any table, with per-role and per-deal statistics."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.table import Table

from paiju.arena import ArenaError, ArenaReport, run_arena, seatings
from paiju.commands import UsageError
from paiju.commands.games import _check_bots, _progress
from paiju.commands.tables import table_of
from paiju.variants import Variant

__all__ = ["cmd_arena"]


def cmd_arena(args: argparse.Namespace, out: Console) -> int:
    """Play the deals (or read those a results file holds) and print the report."""
    variant = table_of(args)
    bots = [b for b in (args.bots or "").split(",") if b]
    if args.against is not None:
        if len(bots) != 1:
            raise UsageError(f"--against {args.against}: name one bot with --bots (it plays against {args.against})")
        bots.append(args.against)
    elif len(bots) != 2:
        raise UsageError("--bots: name two bots, A,B (e.g. heuristic,random)")
    _check_bots(bots[: 1 if args.against else 2], variant)
    if args.deals < 1:
        raise UsageError("--deals must be at least 1")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.plot and not args.budgets:
        raise UsageError("--plot draws the curve of --budgets: name the budgets too")
    if args.budgets:
        return _curve(args, variant, bots, out)
    with _progress(Console(stderr=True), args.deals) as progress:
        try:
            report = run_arena(
                variant, bots, args.deals, args.seed, args.against, _path(args.out), progress, args.workers
            )
        except ArenaError as err:
            raise UsageError(str(err)) from err
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
        return 0
    _print_report(report, variant.players, out)
    return 0


def _path(text: str | None) -> Path | None:
    """A path given on the command line, if any."""
    return Path(text) if text else None


def _curve(args: argparse.Namespace, variant: Variant, bots: list[str], out: Console) -> int:
    """``--budgets``: an arena per budget of bot A, a row each, and with ``--plot`` the PNG and HTML page."""
    from paiju.arena_curve import budget_bot, budgets_of, curve_files, run_curve

    texts = [t for t in args.budgets.split(",") if t]
    try:
        budgets_of(texts)
        _check_bots([budget_bot(bots[0], t) for t in texts], variant)
    except ValueError as err:
        raise UsageError(f"--budgets: {err} (A must be a search level: pimc, normal, hard)") from err
    with _progress(Console(stderr=True), args.deals * len(texts)) as progress:
        try:
            points = run_curve(
                variant, bots, texts, args.deals, args.seed, args.against, _path(args.out), progress, args.workers
            )
        except ArenaError as err:
            raise UsageError(str(err)) from err
    files: list[str] = []
    if args.plot:
        try:
            files = [str(f) for f in curve_files(points, Path(args.plot))]
        except ImportError as err:
            raise UsageError("--plot needs matplotlib, the optional plot extra: pip install 'paiju[plot]'") from err
    if args.json:
        found = [{"budget": str(p.budget), **p.report.to_json()} for p in points]
        print(json.dumps({"points": found, "files": files}, ensure_ascii=False))
        return 0
    a, b = bots[0].partition(":")[0], bots[1]
    table = Table(
        title=f"{variant.name}: {a} against {b} by thinking budget, {args.deals} deals each, seed {args.seed}"
    )
    for col in ("budget", "ADP A − B (95%)", "WP A − B (95%)", f"WP of {a} (95%)"):
        table.add_column(col)
    for p in points:
        paired = p.report.paired
        score, win, won = paired["score_diff"], paired["win_diff"], paired["win_a"]
        table.add_row(
            str(p.budget), f"{score.mean:+.3f} ± {score.ci95:.3f}", f"{win.mean:+.3f} ± {win.ci95:.3f}",
            f"{won.mean:.3f} ± {won.ci95:.3f}",
        )  # fmt: skip
    out.print(table)
    for f in files:
        out.print(f"wrote {f}")
    return 0


def _print_report(report: ArenaReport, players: int, out: Console) -> None:
    """The per-bot, per-role table, the seatings played, and the paired headline."""
    a, b = report.bots
    title = (
        f"{report.variant}: {report.deals} deals × {report.plays // max(report.deals, 1)} seatings, seed {report.seed}"
    )
    table = Table(title=title)
    for col in ("bot", "role", "hands", "WP (95%)", "ADP (95%)"):
        table.add_column(col)
    for side, name in (("A", a), ("B", b)):
        for role, st in sorted(report.by_bot[side].items(), key=lambda item: (item[0] != "all", item[0])):
            table.add_row(
                f"{side} {name}", role, str(st.hands),
                f"{st.win_rate:.3f} ± {st.win_rate_ci95:.3f}",
                f"{st.mean_score:+.3f} ± {st.mean_score_ci95:.3f}",
            )  # fmt: skip
    out.print(table)
    if report.against is not None:
        out.print(
            f"bidding: the first bidder bids 1 and the others pass ({report.against} does not bid); each deal is played "
            f"with A as the landlord against B farmers and with B as the landlord against A farmers"
        )
    else:
        out.print(f"seatings of each deal: {' '.join(seatings(players))} (A {a}, B {b})")
    p = report.paired
    score, win = p["score_diff"], p["win_diff"]
    out.print(
        f"A − B, paired per deal over {report.deals} deals: ADP {score.mean:+.3f} ± {score.ci95:.3f} points per hand, "
        f"WP {win.mean:+.3f} ± {win.ci95:.3f} (WP per deal: {a} {p['win_a'].mean:.3f} ± {p['win_a'].ci95:.3f}, "
        f"{b} {p['win_b'].mean:.3f} ± {p['win_b'].ci95:.3f})"
    )
    if score.excludes_zero():
        out.print(f"{a if score.mean > 0 else b} beats {b if score.mean > 0 else a} (the ADP interval excludes 0)")
    else:
        out.print(f"no difference shown between {a} and {b} (the ADP interval holds 0)")
