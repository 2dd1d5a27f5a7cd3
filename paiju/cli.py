"""The ``paiju`` command: parse arguments, call the subcommand, print.

Exit status: 0 success; 1 a well-formed question whose answer is "no" (cards that form no
combination); 2 bad input (unknown variant, mistyped cards, bad file), with a one-line reason.
"""

from __future__ import annotations

import argparse
import atexit
import functools
import gc
import importlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from paiju.commands import UsageError, collector_paused

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["main"]

#: A subcommand: the parsed arguments and the console in, the exit status out.
Command = Callable[[argparse.Namespace, "Console"], int]


def lazy(module: str, name: str) -> Command:
    """The command ``name`` of ``paiju.commands.<module>``, imported when it runs: a command's start-up pays for its
    own modules only (``simulate`` never loads the card commands, nor ``classify`` the games')."""

    def run(args: argparse.Namespace, out: Console) -> int:
        with collector_paused():
            found: Command = getattr(importlib.import_module(f"paiju.commands.{module}"), name)
        return found(args, out)

    return run


def add_trump_args(parser: argparse.ArgumentParser) -> None:
    """``--level`` and ``--trump``: the trump order a trick-taking table (炒地皮) reads cards under."""
    parser.add_argument("--level", help="炒地皮: the hand's level rank, 2 … A (its cards are trumps)")
    parser.add_argument("--trump", help="炒地皮: the trump suit, s h d c, or none for no-trump")


@functools.cache
def build_parser() -> argparse.ArgumentParser:
    """The argument parser (its flags are a stable contract), built once a process: parsing changes nothing in it,
    and a program that calls ``main`` many times (a test, a script) pays for its hundred flags once."""
    from paiju.commands.tables import add_table_args, cmd_variants

    p = argparse.ArgumentParser(prog="paiju", description="Dou Dizhu family card games: play, analyse, simulate.")
    sub = p.add_subparsers(dest="command", required=True)
    role: dict[str, Any] = {
        "choices": ["landlord", "small_landlord", "farmer", "speculator"],
        "help": "whose cards (default farmer): the speculator's 3s are wild and it must follow (投机商 tables)",
    }

    s = sub.add_parser("variants", help="list every variant")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    s.add_argument("--toml", action="store_true", help="print the --variant table as a TOML table file")
    add_table_args(s)
    s.set_defaults(func=cmd_variants)

    s = sub.add_parser("classify", help="every interpretation of a set of cards")
    add_table_args(s, numbers=False)
    s.add_argument("--role", **role)
    s.add_argument("--flip", help="the flipped card on spec-5p1d, e.g. 9h: its rank ranks above 2")
    s.add_argument("--wild", help="the wild rank on a 癞子 table (laizi), e.g. 7: its four cards are wild")
    add_trump_args(s)
    s.add_argument("--json", action="store_true")
    s.add_argument("cards", help="cards, e.g. 333444 or '3s 3h 3d 4c'")
    s.set_defaults(func=lazy("cards", "cmd_classify"))

    s = sub.add_parser("moves", help="every legal move of a hand")
    add_table_args(s, numbers=False)
    s.add_argument("--role", **role)
    s.add_argument("--flip", help="the flipped card on spec-5p1d, e.g. 9h: its rank ranks above 2")
    s.add_argument("--wild", help="the wild rank on a 癞子 table (laizi), e.g. 7: its four cards are wild")
    s.add_argument("--hand", required=True)
    s.add_argument("--beat", help="the play to answer; omit to list leads")
    s.add_argument("--beat-kind", help="which reading of --beat when its cards read several ways")
    add_trump_args(s)
    s.add_argument("--led", help="炒地皮: the cards led to the trick, to list every legal follow; omit to list leads")
    s.add_argument(
        "--beat-role", choices=role["choices"],
        help="whose play --beat is (default farmer): with speculator its 3s are wild (33 alone ranks between AA and 22)",
    )
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=lazy("cards", "cmd_moves"))

    s = sub.add_parser("play", help="play in the terminal against bots")
    add_table_args(s)
    s.add_argument("--seed", type=int)
    s.add_argument("--seat", type=int, default=0)
    s.add_argument(
        "--bots",
        help="bots for the other seats, comma-separated, in turn: a level (easy, normal, hard, or with a budget: "
        "hard:1s) or a bot's name (default: the table's own bot, easy)",
    )
    s.add_argument("--save", help="file or folder for the hand log (default ~/.paiju/hands)")
    s.add_argument("--hands", type=int, help="stop after this many hands")
    s.set_defaults(func=lazy("games", "cmd_play"))

    s = sub.add_parser("simulate", help="bot games with per-role statistics")
    add_table_args(s)
    s.add_argument("--games", type=int, default=1000)
    s.add_argument(
        "--bots", help="one bot per seat, or one for all (default: the table's own bot in seat 0, random in the others)"
    )
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=lazy("games", "cmd_simulate"))

    s = sub.add_parser("arena", help="two bots on the same deals, rotated through every seat (duplicate format)")
    add_table_args(s)
    s.add_argument("--bots", required=True, help="A,B: the two bots (one bot with --against)")
    s.add_argument("--deals", type=int, default=200, help="deals, each played once per seating (default 200)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--json", action="store_true")
    s.add_argument("--out", help="results file (JSON lines): the deals it holds are not played again, new ones appended")
    s.add_argument(
        "--against", choices=["rlcard-rule"],
        help="B is RLCard's DouDizhuRuleAgentV1 (classic; needs the reference extra), paiju the referee",
    )
    s.add_argument("--budgets", help="A's thinking budgets, e.g. 10ms,30ms,100ms: an arena each (the curve)")
    s.add_argument("--plot", metavar="PREFIX", help="with --budgets: draw the curve as PREFIX.png and PREFIX.html")
    s.add_argument(
        "--workers", type=int, default=1,
        help="processes playing the deals (default 1; a time budget thinks on one core a worker)",
    )  # fmt: skip
    s.set_defaults(func=lazy("arena", "cmd_arena"))

    s = sub.add_parser("balance", help="does the table pay every role fairly? per-role scores, fair rows, comparison")
    add_table_args(s)
    s.add_argument("--bots", help="one bot for every seat (default easy) or one a seat, comma-separated (a mix)")
    s.add_argument("--levels", help="several bots, e.g. easy,normal: the same deals for each (score against strength)")
    s.add_argument("--hands", type=int, default=2000, help="deals at most (default 2000), each once per rotation")
    s.add_argument("--precision", type=float, help="stop once every role's 95%% half-width is at most this")
    s.add_argument("--min-hands", type=int, default=200, help="deals played at least before stopping (default 200)")
    s.add_argument("--batch", type=int, default=50, help="deals a task; stopping is checked between (default 50)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--workers", type=int, help="processes (default: every core; with --ray local, its CPUs)")
    s.add_argument("--ray", metavar="ADDRESS", help="play on a Ray cluster (local: start one here; cluster extra)")
    s.add_argument("--out", help="results file (JSON lines): deals it holds are not played again, new ones appended")
    s.add_argument("--compare", metavar="F2", help="another table (file or name) on the same deals: paired differences")
    s.add_argument("--html", metavar="FILE", help="write the report page (plots inline; plot extra)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=lazy("balance", "cmd_balance"))

    s = sub.add_parser("serve", help="serve the lobby: play with friends in the browser")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every network)")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument(
        "--database-url",
        help="any SQLAlchemy URL with a sync driver (default: $PAIJU_DATABASE_URL, else SQLite in the data folder)",
    )
    s.add_argument("--data-dir", type=Path, help="the data folder (default: $PAIJU_DATA or ~/.local/share/paiju)")
    s.add_argument(
        "--redis-url",
        help="Redis through which several servers share the database, each serving the rooms it leases (default: "
        "$PAIJU_REDIS_URL; none: this server holds the database alone)",
    )
    s.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits before it moves")
    s.add_argument(
        "--bot-workers", type=int, default=2,
        help="processes the rooms' normal and hard bots think in, at most (default 2; more rooms wait their turn)",
    )
    s.add_argument(
        "--deal-pace", type=float, default=1.0,
        help="seconds each round of a deal lasts where seats may declare while the cards are dealt (chaodipi-live)",
    )
    s.add_argument("--public-url", help="the address people open (https://cards.example.org); room links use it")
    s.add_argument(
        "--allowed-host",
        action="append",
        metavar="HOST",
        help="a host name the server answers to (repeatable; default: this machine's names and addresses)",
    )
    s.add_argument(
        "--allowed-origin",
        action="append",
        metavar="ORIGIN",
        help="another page origin whose WebSockets are accepted, e.g. https://example.org (repeatable)",
    )
    s.add_argument(
        "--trusted-proxy",
        action="append",
        metavar="ADDR[/BITS]",
        help="a reverse proxy whose X-Forwarded-For / Forwarded header names the client, e.g. 127.0.0.1 or "
        "10.0.0.0/8 (repeatable; default: $PAIJU_TRUSTED_PROXIES, else none: those headers are ignored)",
    )
    s.add_argument(
        "--model", metavar="PATH",
        help="a checkpoint paiju learn wrote: rooms at its table list it in the seat menu as the bot model (learn extra)",
    )
    s.add_argument("--api-docs", action="store_true", help="serve /docs, /redoc and /openapi.json")
    s.add_argument(
        "--room-ttl", type=float, default=30.0, metavar="DAYS", help="delete rooms idle this long (0: never)"
    )
    s.set_defaults(func=lazy("games", "cmd_serve"))

    s = sub.add_parser("learn", help="train a Deep Monte-Carlo network; play it as --bots model:PATH (learn extra)")
    s.add_argument("--variant", default="classic", help="a built-in climbing table, or a TOML table file")
    s.add_argument(
        "--config", choices=["tiny", "full"], default="tiny",
        help="tiny: seconds of one CPU core; full: actors on every core, the learner on a GPU where there is one",
    )
    s.add_argument("--frames", type=int, help="decisions to learn from (default: the configuration's)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--out", required=True, help="the checkpoint file to write (e.g. ckpt.pt)")
    s.set_defaults(func=lazy("learn", "cmd_learn"))

    s = sub.add_parser("replay", help="show a saved hand move by move")
    s.add_argument("file")
    s.add_argument("--json", action="store_true", help="print the checked log and final scores")
    s.set_defaults(func=lazy("games", "cmd_replay"))
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``paiju`` command; without ``argv`` it is the program itself (the process's own command
    line), whose end is the process's: every object is frozen at exit (``gc.freeze``), as the interpreter's last
    collections would only walk them all once more before the memory goes back (tens of milliseconds)."""
    if argv is None:
        _freeze_at_exit()
    try:
        with collector_paused():  # the parser, the tables and Rich: start-up (see collector_paused)
            args = build_parser().parse_args(argv)
            from rich.console import Console

            out = Console(highlight=False)
        return int(args.func(args, out))
    except UsageError as err:
        print(f"paiju: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): nothing left to say
        return 0
    finally:
        gc.unfreeze()  # what the start froze (collector_paused) is collected as before in a program that goes on


@functools.cache
def _freeze_at_exit() -> None:
    """Freeze every object when the interpreter exits (registered once a process)."""
    atexit.register(gc.freeze)


if __name__ == "__main__":
    sys.exit(main())
