"""The commands that play or show hands: ``play``, ``simulate``, ``replay`` and ``serve``."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from paiju.commands import UsageError, collector_paused
from paiju.commands.tables import table_of
from paiju.engine import LogError, family, load_log, replay, variant_family
from paiju.errors import IllegalMoveError
from paiju.variants import Variant, VariantError

if TYPE_CHECKING:
    from paiju.simulate import SimulationReport

__all__ = ["cmd_play", "cmd_replay", "cmd_serve", "cmd_simulate"]


def cmd_play(args: argparse.Namespace, out: Console) -> int:
    """Play in the terminal against bots."""
    from paiju.terminal import play_terminal

    variant = table_of(args)
    if not 0 <= args.seat < variant.players:
        raise UsageError(f"--seat must be 0 to {variant.players - 1}")
    bots = [b for b in (args.bots or "").split(",") if b]
    _check_bots(bots, variant)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    play_terminal(variant, seed, args.seat, bots, out, Path(args.save) if args.save else None, args.hands)
    return 0


def _check_bots(names: Sequence[str], variant: Variant) -> None:
    """Every bot named exists and plays this table's family."""
    from paiju.bots import make_bot

    for name in names:
        try:
            bot = make_bot(name, 0, variant_family(variant))
            fits = getattr(bot, "fits", None)  # a bot made for one table (model:PATH) says whether this is it
            if fits is not None:
                fits(variant)
        except ValueError as err:
            raise UsageError(f"{err} (at {variant.name})") from err


def cmd_simulate(args: argparse.Namespace, out: Console) -> int:
    """Bot games with per-role statistics."""
    with collector_paused():  # the table's family, its bots and their modules: start-up (see collector_paused)
        from paiju.policy import table_policy
        from paiju.simulate import simulate

        variant = table_of(args)
        names = args.bots or ",".join([table_policy(variant_family(variant)).bot] + ["random"] * (variant.players - 1))
        bots = [b for b in names.split(",") if b]
        _check_bots(bots, variant)
        if len(bots) == 1:
            bots = bots * variant.players
        if len(bots) != variant.players:
            raise UsageError(f"--bots: {variant.name} seats {variant.players} players, {len(bots)} bots given")
        if args.games < 1:
            raise UsageError("--games must be at least 1")
        family(variant_family(variant))  # the family's modules and its table policy, which simulate reads first
        table_policy(variant_family(variant))
    with _progress(Console(stderr=True), args.games) as progress:
        report = simulate(variant, args.games, bots, args.seed, progress)
    if args.json:
        print(json.dumps(report.to_json()))
        return 0
    table = Table(title=f"{variant.name}: {args.games} hands, seed {args.seed}, bots {','.join(bots)}")
    for col in ("bot", "role", "hands", "win rate (95%)", "mean score (95%)"):
        table.add_column(col)
    rows = [("all", report.roles)] + sorted(report.by_bot.items())
    for bot, roles in rows:
        for role, st in sorted(roles.items()):
            table.add_row(
                bot, role, str(st.hands),
                f"{st.win_rate:.3f} ± {st.win_rate_ci95:.3f}",
                f"{st.mean_score:+.3f} ± {st.mean_score_ci95:.3f}",
            )
    out.print(table)
    out.print(f"redeals: {report.redeals}")
    if report.speculator_sides:
        sides = ", ".join(f"{side} {n / args.games:.3f}" for side, n in sorted(report.speculator_sides.items()))
        out.print(f"speculator ended on the side of: {sides}; instant wins: {report.instant_wins}")
    if report.partnerships:
        how = ", ".join(f"{kind} {n / args.games:.3f}" for kind, n in sorted(report.partnerships.items()))
        out.print(f"the landlord played: {how}; the small landlord declared in {report.declared / args.games:.3f}")
    if report.grabs:
        grabs = ", ".join(f"{n} {'grab' if n == '1' else 'grabs'} {k / args.games:.3f}" for n, k in sorted(report.grabs.items()))
        opened = ", ".join(f"{who} {n / args.games:.3f}" for who, n in sorted(report.open_hands.items())) or "none"
        out.print(f"抢地主: {grabs}; hands played face up (明牌): {opened}")
    if report.identities:
        known = ", ".join(f"{how} {n / args.games:.3f}" for how, n in sorted(report.identities.items()))
        out.print(f"the landlords' team became known: {known}")
    if report.level_rules:
        _print_match(report, out)
    return 0


@contextmanager
def _progress(err: Console, total: int) -> Iterator[Callable[[int], None] | None]:
    """A transient bar of ``total`` hands on ``err``, told how many are played; it shows only where it is drawn (a
    terminal, a notebook), so elsewhere (output to a file or a pipe) there is none: nothing of it is imported or run,
    no thread redraws it, and what is printed is the same."""
    if not (err.is_terminal or err.is_jupyter):
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task("hands", total=total)
        yield lambda n: bar.update(task, completed=n)


def _print_match(report: SimulationReport, out: Console) -> None:
    """炒地皮: matches ended and hands per match, who passed A and 扛旗, failed throws, which rule moved the levels."""
    matches = report.matches_over
    per_match = f"{report.games / matches:.1f} hands per match" if matches else "no match ended"
    out.print(f"matches ended: {matches} ({per_match}); failed throws: {report.failed_throws}")
    for what, counted in (("passed A (扛旗 status)", report.passed_a), ("passed 扛旗", report.kangqi_passed)):
        out.print(f"{what}: " + (", ".join(f"{side} {n}" for side, n in sorted(counted.items())) or "none"))
    out.print("levels moved by: " + ", ".join(f"{rule} {n}" for rule, n in sorted(report.level_rules.items())))


def cmd_replay(args: argparse.Namespace, out: Console) -> int:
    """Show a saved hand move by move."""
    from paiju.terminal import show_replay

    try:
        log = load_log(args.file)
        game = replay(log)
    except (LogError, VariantError, IllegalMoveError) as err:
        raise UsageError(str(err)) from err
    if args.json:
        print(json.dumps({"log": log, "result": list(game.result.scores) if game.result else None}))
        return 0
    show_replay(out, log, game)
    return 0


def cmd_serve(args: argparse.Namespace, out: Console) -> int:
    """Run the web server (imported here so the other subcommands start without it); bad flags and a database
    it cannot use are one line and status 2."""
    from paiju.server.launch import serve, server_config
    from paiju.server.store_errors import StoreError

    if args.bot_delay < 0:
        raise UsageError("--bot-delay must be 0 or more seconds")
    try:
        config = server_config(
            args.host,
            public_url=args.public_url,
            allowed_hosts=args.allowed_host,
            allowed_origins=args.allowed_origin,
            api_docs=args.api_docs,
            room_ttl_days=args.room_ttl,
            deal_pace=args.deal_pace,
            proxies=args.trusted_proxy,
            bot_workers=args.bot_workers,
            model=args.model,
        )
        serve(args.host, args.port, args.database_url, args.data_dir, args.bot_delay, config, args.redis_url)
    except (ValueError, StoreError) as err:
        raise UsageError(str(err)) from err
    return 0

