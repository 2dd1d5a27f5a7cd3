"""The ``paiju`` command: parse arguments, call the library, print.

Exit status: 0 success; 1 a well-formed question whose answer is "no" (cards that form no
combination); 2 bad input (unknown variant, mistyped cards, bad file), with a one-line reason.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from paiju.cards import (
    BLACK_JOKER,
    MARK,
    RANK_CHARS,
    Card,
    Colour,
    InvalidCardsError,
    card_rank,
    names_every_colour,
    names_suits,
    parse_cards,
    parse_ranks,
)
from paiju.climbing import LogError, load_log, replay
from paiju.climbing.speculator import THREE, flip_wild_cards, flip_wilds, marked_card, speculator_wilds
from paiju.patterns import (
    AmbiguousMoveError,
    IllegalMoveError,
    Move,
    Wilds,
    classify_ranks,
    describe,
    generate_counts,
    key_rank,
    speculator_answers,
)
from paiju.patterns.colour import coloured_moves, colours_fit, split_by_colour
from paiju.patterns.wild import forced_answers
from paiju.variants import REGISTRY, Variant, VariantError, get_variant
from paiju.variants.custom import custom_table
from paiju.variants.files import load_variant_file, variant_to_toml

__all__ = ["main"]


class UsageError(Exception):
    """Bad input on the command line; printed as one line, exit status 2."""


def _variant(args: argparse.Namespace) -> Variant:
    """The table: ``--variant-file``, ``--variant custom`` with its numbers, or a built-in name."""
    try:
        if args.variant_file:
            return load_variant_file(args.variant_file)
        if args.variant != "custom":
            return get_variant(args.variant)
        numbers = {k: getattr(args, k) for k in CUSTOM_NUMBERS}
        missing = [f"--{k.replace('_', '-')}" for k, v in numbers.items() if v is None and k != "stake"]
        if missing:
            raise UsageError(
                f"--variant custom needs {' '.join(missing)} (with classify and moves, use --variant-file)"
            )
        return custom_table(**numbers)
    except VariantError as err:
        raise UsageError(str(err)) from err


#: The numbers ``--variant custom`` takes (speculator.md §15, §16).
CUSTOM_NUMBERS = ("players", "decks", "hand", "bottom", "gift_landlord", "gift_farmer", "stake")


def _add_table_args(s: argparse.ArgumentParser, numbers: bool = True) -> None:
    """``--variant NAME`` (or ``custom`` with its numbers) and ``--variant-file FILE``.

    ``classify`` and ``moves`` use ``--hand`` for cards, so there a custom table comes from a file.
    """
    s.add_argument("--variant", default="classic", help="a built-in table" + (", or custom" if numbers else ""))
    s.add_argument("--variant-file", help="a TOML table file (see docs/tables/)")
    if not numbers:
        s.set_defaults(**{name: None for name in CUSTOM_NUMBERS})
        return
    custom = s.add_argument_group("custom speculator table (--variant custom)")
    for name in CUSTOM_NUMBERS:
        custom.add_argument(f"--{name.replace('_', '-')}", type=int, dest=name)


def _cards(variant: Variant, text: str, what: str) -> list[Card]:
    try:
        return parse_cards(text, variant.decks, variant.removed_rank_indices, marked=marked_card(variant))
    except InvalidCardsError as err:
        raise UsageError(f"{what}: {err}") from err


def _ranks(text: str, what: str) -> list[int]:
    try:
        return parse_ranks(text)
    except InvalidCardsError as err:
        raise UsageError(f"{what}: {err}") from err


def _move_json(m: Move) -> dict[str, Any]:
    return {
        "cards": m.text(),
        "kind": m.kind,
        "key": RANK_CHARS[key_rank(m)],
        "length": m.length,
        "bomb": m.bomb or None,
        "wilds": [[RANK_CHARS[face], RANK_CHARS[stands]] for face, stands in m.wilds],
        "description": describe(m),
    }


# ---------------------------------------------------------------- subcommands
def cmd_variants(args: argparse.Namespace, out: Console) -> int:
    """List every registered variant."""
    if args.toml:
        print(variant_to_toml(_variant(args)), end="")
        return 0
    if args.json:
        print(json.dumps([v.to_json() for v in REGISTRY.values()], ensure_ascii=False))
        return 0
    for v in REGISTRY.values():
        print(f"{v.name:<12} {v.players}p {v.decks}d  {v.title} — {v.description}")
    return 0


def _checked_counts(variant: Variant, ranks: list[int], what: str, text: str = "") -> list[int]:
    """Per-rank counts of cards the table really holds (a marked card, ``7c*``, only where the table marks one)."""
    if MARK in text:
        _cards(variant, text, what)
    counts = [ranks.count(r) for r in range(15)]
    if any(counts[r] > variant.decks * (4 if r < 13 else 1) for r in range(15)):
        raise UsageError(f"{what}: more copies than {variant.decks} deck(s) hold")
    removed = [r for r in variant.removed_rank_indices if counts[r]]
    if removed:
        raise UsageError(f"{what}: this table plays without {''.join(RANK_CHARS[r] for r in removed)}")
    return counts


def _promoted(variant: Variant, flip: str | None, hand: str) -> tuple[Card | None, int | None]:
    """The ``--flip`` card and the rank it promotes (5p1d), checked against the table and the hand (the
    flipped card lies face up until the reveal, in nobody's hand)."""
    if not flip:
        return None, None
    if variant.speculator is None or not variant.speculator.flip_promotes:
        raise UsageError(f"--flip: {variant.name} has no flipped card (see spec-5p1d)")
    try:
        cards = parse_cards(flip, variant.decks, variant.removed_rank_indices, marked=marked_card(variant))
    except InvalidCardsError as err:
        raise UsageError(f"--flip: {err}") from err
    suited = names_suits(flip)
    if len(cards) != 1 or (not suited and card_rank(cards[0]) < BLACK_JOKER):
        raise UsageError("--flip takes one card with its suit, e.g. 9h, or a joker")
    if names_suits(hand) and cards[0] in _cards(variant, hand, "the hand"):
        raise UsageError(
            f"--flip {flip}: the hand holds that card, but the flipped card lies face up on the table until the "
            "reveal (and one deck has one of it)"
        )
    return cards[0], card_rank(cards[0])


def _hand_wilds(
    variant: Variant, role: str, text: str, ranks: list[int], flip: Card | None, promoted: int | None
) -> Wilds | None:
    """Whose wild cards: the speculator's 3s (``--role speculator``), or on 5p1d a landlord's or
    farmer's highest card of the flipped suit, when the cards are written with suits."""
    if role == "speculator":
        if variant.speculator is None:
            raise UsageError(f"{variant.name} has no speculator; --role speculator needs a 投机商 table")
        return speculator_wilds(variant, ranks.count(THREE), promoted)
    if flip is None or variant.speculator is None or not variant.speculator.flip_wilds:
        return None
    if not names_suits(text):
        return None
    return flip_wilds(flip_wild_cards(parse_cards(text, variant.decks, variant.removed_rank_indices, marked=marked_card(variant)), flip))


def cmd_classify(args: argparse.Namespace, out: Console) -> int:
    """Every interpretation of a set of cards."""
    variant = _variant(args)
    ranks = _ranks(args.cards, "cards")
    _checked_counts(variant, ranks, "cards", args.cards)
    flip, promoted = _promoted(variant, args.flip, args.cards)
    wilds = _hand_wilds(variant, args.role, args.cards, ranks, flip, promoted)
    moves = classify_ranks(variant.pattern_rules, ranks, wilds, promoted)
    if variant.two_colour and names_suits(args.cards):
        moves = _coloured_readings(variant, moves, args.cards)
    if args.json:
        print(json.dumps([_move_json(m) for m in moves], ensure_ascii=False))
    elif not moves:
        out.print(f"{args.cards}: not a valid combination in {variant.name}", highlight=False)
    else:
        for m in moves:
            out.print(f"{m.text()}  {describe(m)}", highlight=False)
    return 0 if moves else 1


#: A wild card written with what it stands for, as ``moves`` prints it: ``3(7)``, ``3h(7)``.
_WILD_READING = re.compile(r"(10|[3-9TJQKA2])([shdcSHDC♠♥♦♣]?)\(\s*(10|[3-9TJQKA2])\s*\)", re.IGNORECASE)


def _written_wilds(text: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """``--beat`` text without its ``(rank)`` readings, and each reading as (face, rank it stands for)."""
    readings: list[tuple[int, int]] = []

    def plain(m: re.Match[str]) -> str:
        readings.append((parse_ranks(m.group(1))[0], parse_ranks(m.group(3))[0]))
        return m.group(1) + m.group(2)

    stripped = _WILD_READING.sub(plain, text)
    if "(" in stripped or ")" in stripped:
        raise UsageError(f"--beat {text}: write a wild card as moves prints it, its card then the rank it stands for: 3(7)")
    return stripped, tuple(sorted(readings))


def _beat_move(variant: Variant, args: argparse.Namespace, promoted: int | None, flip: Card | None = None) -> Move:
    """The move given by ``--beat``: its wild readings as written (``3(7)``), its 3s the speculator's
    with ``--beat-role speculator`` (a play of 3s alone then ranks between A and 2), and ``--beat-kind``
    when the cards still read several ways."""
    text, written = _written_wilds(args.beat)
    ranks = _ranks(text, "--beat")
    _checked_counts(variant, ranks, "--beat", text)
    role = args.beat_role
    if written and role != "speculator" and all(face == THREE for face, _ in written) and variant.speculator is not None:
        role = "speculator"  # only the speculator's 3s stand for other ranks
    wilds = _hand_wilds(variant, role, text, ranks, flip, promoted)
    if written and role != "speculator":
        wilds = Wilds(tuple(face for face, _ in written), None, False)  # 5p1d: a seat's flipped-suit wild cards
    readings = classify_ranks(variant.pattern_rules, ranks, wilds, promoted)
    if written or wilds is not None:
        readings = [m for m in readings if tuple(sorted(m.wilds)) == written]
    if args.beat_kind:
        readings = [m for m in readings if m.kind == args.beat_kind or describe(m) == args.beat_kind]
    if not readings:
        whose = " as the speculator's" if role == "speculator" else ""
        raise UsageError(f"--beat {args.beat}: not a valid combination{whose} in {variant.name}")
    if len({(m.kind, m.key, m.length) for m in readings}) > 1:
        options = "; ".join(describe(m) for m in readings)
        raise UsageError(
            str(AmbiguousMoveError(f"--beat {args.beat} can be read as: {options}; choose with --beat-kind"))
        )
    return readings[0]


def _coloured_readings(variant: Variant, moves: list[Move], text: str) -> list[Move]:
    """speculator.md §14: each reading in every colour the written cards allow."""
    cards = parse_cards(text, variant.decks, variant.removed_rank_indices, marked=marked_card(variant))
    coloured = [m._replace(colour=int(c)) for m in moves for c in Colour]
    return [m for m in coloured if colours_fit(m, cards)]


def _coloured_moves(args: argparse.Namespace, variant: Variant, ranks: list[int]) -> tuple[list[Move], bool]:
    """``paiju moves`` on a two-colour table: the hand and ``--beat`` are written with suits (a joker's
    colour is its own: B black, R red)."""
    if not names_every_colour(args.hand) or (args.beat and not names_every_colour(_written_wilds(args.beat)[0])):
        raise UsageError(f"{variant.name} is a two-colour table: write --hand and --beat with suits (jokers need none)")
    hand = parse_cards(args.hand, variant.decks, variant.removed_rank_indices, marked=marked_card(variant))
    to_beat = None
    if args.beat:
        readings = _coloured_readings(variant, [_beat_move(variant, args, None)], _written_wilds(args.beat)[0])
        if not readings:
            raise UsageError(f"--beat {args.beat}: one combination is one colour (a triple+pair's pair aside)")
        to_beat = readings[0]
    speculator = args.role == "speculator"
    counts, wild = split_by_colour(hand, (THREE,) if speculator else ())
    wilds = tuple(speculator_wilds(variant, len(w), None) if w else None for w in wild)
    moves = coloured_moves(variant.pattern_rules, counts, (wilds[0], wilds[1]), to_beat)
    if to_beat is None:
        return moves, False
    if speculator:
        return forced_answers(moves, to_beat, (THREE,), set())
    return moves, True


def cmd_moves(args: argparse.Namespace, out: Console) -> int:
    """Every legal move of a hand, leading or answering ``--beat``."""
    variant = _variant(args)
    ranks = _ranks(args.hand, "--hand")
    counts = _checked_counts(variant, ranks, "--hand", args.hand)
    if variant.two_colour:
        return _print_moves(args, *_coloured_moves(args, variant, ranks))
    flip, promoted = _promoted(variant, args.flip, args.hand)
    to_beat = _beat_move(variant, args, promoted, flip) if args.beat else None
    wilds = _hand_wilds(variant, args.role, args.hand, ranks, flip, promoted)
    for face in wilds.faces if wilds else ():
        counts[face] -= 1  # the wild cards are not natural cards
    may_pass = to_beat is not None
    if args.role == "speculator" and to_beat is not None:
        assert variant.speculator is not None
        answers, may_pass = speculator_answers(
            variant.pattern_rules, counts, wilds, to_beat, variant.speculator.bomb_cards_exempt, promoted
        )
    else:
        answers = generate_counts(variant.pattern_rules, counts, to_beat, wilds, promoted)
    return _print_moves(args, answers, may_pass)


def _print_moves(args: argparse.Namespace, answers: list[Move], may_pass: bool) -> int:
    """Print each move once (``pass`` first when passing is allowed), as text or JSON."""
    texts: list[str] = ["pass"] if may_pass else []
    for m in answers:
        text = m.text()
        if text not in texts:
            texts.append(text)
    if args.json:
        print(json.dumps(texts))
    else:
        for t in texts:
            print(t)
    return 0


def cmd_play(args: argparse.Namespace, out: Console) -> int:
    """Play in the terminal against bots."""
    from paiju.terminal import play_terminal

    variant = _variant(args)
    if not 0 <= args.seat < variant.players:
        raise UsageError(f"--seat must be 0 to {variant.players - 1}")
    bots = [b for b in args.bots.split(",") if b]
    _check_bots(bots)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    play_terminal(variant, seed, args.seat, bots, out, Path(args.save) if args.save else None, args.hands)
    return 0


def _check_bots(names: Sequence[str]) -> None:
    from paiju.bots import BOTS

    for name in names:
        if name not in BOTS:
            raise UsageError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}")


def cmd_simulate(args: argparse.Namespace, out: Console) -> int:
    """Bot games with per-role statistics."""
    from paiju.simulate import simulate

    variant = _variant(args)
    names = args.bots or ",".join(["heuristic"] + ["random"] * (variant.players - 1))
    bots = [b for b in names.split(",") if b]
    _check_bots(bots)
    if len(bots) == 1:
        bots = bots * variant.players
    if len(bots) != variant.players:
        raise UsageError(f"--bots: {variant.name} seats {variant.players} players, {len(bots)} bots given")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    err = Console(stderr=True)
    with Progress(
        TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=err, disable=args.json and not err.is_terminal, transient=True,
    ) as bar:
        task = bar.add_task("hands", total=args.games)
        report = simulate(variant, args.games, bots, args.seed, lambda n: bar.update(task, completed=n))
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
    return 0


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


# ---------------------------------------------------------------- parser
def cmd_serve(args: argparse.Namespace, out: Console) -> int:
    """Run the web server (imported here so the other subcommands start without it); bad flags and a database
    it cannot use are one line and status 2."""
    from paiju.server.launch import serve, server_config
    from paiju.server.storage import StoreError

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
        )
        serve(args.host, args.port, args.database_url, args.data_dir, args.bot_delay, config)
    except (ValueError, StoreError) as err:
        raise UsageError(str(err)) from err
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (its flags are a stable contract)."""
    p = argparse.ArgumentParser(prog="paiju", description="Dou Dizhu family card games: play, analyse, simulate.")
    sub = p.add_subparsers(dest="command", required=True)
    role: dict[str, Any] = {
        "choices": ["landlord", "small_landlord", "farmer", "speculator"],
        "default": "farmer",
        "help": "whose cards: the speculator's 3s are wild and it must follow (投机商 tables)",
    }

    s = sub.add_parser("variants", help="list every variant")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    s.add_argument("--toml", action="store_true", help="print the --variant table as a TOML table file")
    _add_table_args(s)
    s.set_defaults(func=cmd_variants)

    s = sub.add_parser("classify", help="every interpretation of a set of cards")
    _add_table_args(s, numbers=False)
    s.add_argument("--role", **role)
    s.add_argument("--flip", help="the flipped card on spec-5p1d, e.g. 9h: its rank ranks above 2")
    s.add_argument("--json", action="store_true")
    s.add_argument("cards", help="cards, e.g. 333444 or '3s 3h 3d 4c'")
    s.set_defaults(func=cmd_classify)

    s = sub.add_parser("moves", help="every legal move of a hand")
    _add_table_args(s, numbers=False)
    s.add_argument("--role", **role)
    s.add_argument("--flip", help="the flipped card on spec-5p1d, e.g. 9h: its rank ranks above 2")
    s.add_argument("--hand", required=True)
    s.add_argument("--beat", help="the play to answer; omit to list leads")
    s.add_argument("--beat-kind", help="which reading of --beat when its cards read several ways")
    s.add_argument(
        "--beat-role", choices=role["choices"], default="farmer",
        help="whose play --beat is: with speculator its 3s are wild (33 alone ranks between AA and 22)",
    )
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_moves)

    s = sub.add_parser("play", help="play in the terminal against bots")
    _add_table_args(s)
    s.add_argument("--seed", type=int)
    s.add_argument("--seat", type=int, default=0)
    s.add_argument("--bots", default="heuristic", help="bot names for the other seats, comma-separated")
    s.add_argument("--save", help="file or folder for the hand log (default ~/.paiju/hands)")
    s.add_argument("--hands", type=int, help="stop after this many hands")
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("simulate", help="bot games with per-role statistics")
    _add_table_args(s)
    s.add_argument("--games", type=int, default=1000)
    s.add_argument(
        "--bots", help="one bot per seat, or one for all (default: heuristic in seat 0, random in the others)"
    )
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("serve", help="serve the lobby: play with friends in the browser")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every network)")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument(
        "--database-url",
        help="any SQLAlchemy URL with a sync driver (default: $PAIJU_DATABASE_URL, else SQLite in the data folder)",
    )
    s.add_argument("--data-dir", type=Path, help="the data folder (default: $PAIJU_DATA or ~/.local/share/paiju)")
    s.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits before it moves")
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
    s.add_argument("--api-docs", action="store_true", help="serve /docs, /redoc and /openapi.json")
    s.add_argument(
        "--room-ttl", type=float, default=30.0, metavar="DAYS", help="delete rooms idle this long (0: never)"
    )
    s.set_defaults(func=cmd_serve)

    s = sub.add_parser("replay", help="show a saved hand move by move")
    s.add_argument("file")
    s.add_argument("--json", action="store_true", help="print the checked log and final scores")
    s.set_defaults(func=cmd_replay)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``paiju`` command."""
    args = build_parser().parse_args(argv)
    out = Console(highlight=False)
    try:
        return int(args.func(args, out))
    except UsageError as err:
        print(f"paiju: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): nothing left to say
        return 0


if __name__ == "__main__":
    sys.exit(main())
