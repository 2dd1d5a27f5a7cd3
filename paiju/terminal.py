"""Playing and replaying hands in the terminal with Rich: the loop over any family's hands, the prompt, the
settlement; each family's look (in ``paiju.terminal_views``) draws its table and tells its actions."""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.table import Table
from rich.text import Text

from paiju.bots import AnyBot, act_for, make_bot
from paiju.cards import (
    MARK,
    RANK_CHARS,
    Card,
    Colour,
    InvalidCardsError,
    card_colour,
    card_rank,
    card_suit,
    sort_cards,
)
from paiju.engine import (
    CLIMBING,
    AnyFamily,
    AnyHand,
    family,
    family_of,
    new_session,
    parse_action,
    save_log,
    variant_family,
)
from paiju.errors import IllegalMoveError
from paiju.policy import table_policy
from paiju.variants import Variant

__all__ = ["LOOKS", "HandView", "Look", "card_text", "cards_line", "hands_dir", "play_terminal", "show_replay"]

_SUIT_SYMBOL = "♠♥♦♣"
#: How many actions of one group ``h`` shows on its line before it counts the rest (a big hand has thousands).
HELP_PER_LINE = 8
#: Each family's look (a module holding ``LOOK``), imported when first asked for.
LOOKS = {CLIMBING: "paiju.terminal_views.climbing", "trick": "paiju.terminal_views.trick"}


class HandView(Protocol):
    """How the terminal shows one hand of a family to the person at a seat (``hand``: the family's hand)."""

    def before(self, hand: Any) -> None:
        """What the table learns before the next decision."""

    def show(self, hand: Any) -> None:
        """The table as the person sees it, before it decides."""

    def prompt(self, hand: Any) -> str:
        """What the person is asked for."""
        ...

    def chosen_for(self, hand: Any) -> Any | None:
        """The action the rules choose for the person now, if they do."""

    def reading(self, action: Any) -> str:
        """An action in words, to tell apart the readings of the same typed cards."""
        ...

    def acted(self, hand: Any, seat: int, action: Any) -> None:
        """Announce ``seat``'s action and what followed from it."""


@dataclass(frozen=True)
class Look:
    """A family's look in the terminal: a view for each hand, and a replayed log's events in words."""

    #: ``(console, seat names, the person's seat)``: the view of one hand.
    view: Callable[[Console, Sequence[str], int], HandView]
    #: ``(the replayed hand, its logged events, seat names)``: one line per event.
    replay_lines: Callable[[Any, list[dict[str, Any]], Sequence[str]], list[str]]
    #: ``(the hand, its legal actions)``: the lines ``h`` prints, grouped (``group_lines``).
    help_lines: Callable[[Any, Sequence[Any]], list[str]]


def group_lines(words: Sequence[str], groups: Mapping[str, Sequence[str]]) -> list[str]:
    """What ``h`` prints: ``words`` (the actions that are no plays) on one line, then a line a group of plays,
    ``label (n): first · … and k more``, each showing its first few and counting the rest."""
    lines = [" · ".join(words)] if words else []
    for label, texts in groups.items():
        more = f" … and {len(texts) - HELP_PER_LINE} more" if len(texts) > HELP_PER_LINE else ""
        lines.append(f"{label} ({len(texts)}): " + " · ".join(texts[:HELP_PER_LINE]) + more)
    return lines


def _look(played_by: AnyFamily) -> Look:
    """The family's look in the terminal."""
    found = importlib.import_module(LOOKS[played_by.name]).LOOK
    assert isinstance(found, Look)
    return found


def card_text(cards: Sequence[Card], marked: Card | None = None, in_order: bool = False) -> Text:
    """Cards low to high (``in_order``: as given), red suits and the red joker in red; the table's ``marked`` card
    underlined, ``7♣*``."""
    out = Text()
    for i, c in enumerate(cards if in_order else sort_cards(cards)):
        rank = card_rank(c)
        suit = card_suit(c)
        label = RANK_CHARS[rank] if suit is None else RANK_CHARS[rank] + _SUIT_SYMBOL[suit]
        if suit is None:
            label = "BJ" if rank == 13 else "RJ"
        style = "bold red" if card_colour(c) == Colour.RED else "bold"
        if c == marked:
            label, style = label + MARK, style + " underline"
        if i:
            out.append(" ")
        out.append(label, style=style)
    return out


def cards_line(prefix: str, cards: Sequence[Card], suffix: str = "", marked: Card | None = None) -> Text:
    """One line of text around coloured cards: ``prefix`` + the cards + ``suffix``."""
    line = Text(prefix)
    line.append_text(card_text(cards, marked))
    line.append(suffix)
    return line


def hands_dir() -> Path:
    """Where played hands are saved: ``$PAIJU_HOME/hands`` (default ``~/.paiju/hands``)."""
    home = Path(os.environ.get("PAIJU_HOME", Path.home() / ".paiju"))
    return home / "hands"


def _ask(console: Console, game: AnyHand, seat: int, view: HandView, look: Look) -> object:
    """Prompt until the player types a legal action (h lists them, q leaves)."""
    prompt = view.prompt(game)
    action_text = family_of(game).action_text
    while True:
        text = console.input(f"[bold cyan]{prompt}> [/]").strip()
        if text.lower() in ("quit", "exit"):  # not "q": that is a queen
            raise KeyboardInterrupt
        if text.lower() in ("h", "help", "?"):
            for line in look.help_lines(game, game.legal_actions(seat)):
                console.print(line, soft_wrap=True, highlight=False)
            continue
        try:
            options = parse_action(game, text, seat)
        except (InvalidCardsError, IllegalMoveError) as err:
            console.print(f"[red]{err}[/]")
            continue
        if len(options) == 1:
            return options[0]
        return _choose(console, options, action_text, view)


def _choose(console: Console, options: Sequence[object], action_text: Callable[[object], str], view: HandView) -> object:
    """Ask which reading of an ambiguous play is meant."""
    console.print("those cards can be played as:")
    for i, a in enumerate(options, 1):
        console.print(f"  {i}. {action_text(a)}  {view.reading(a)}")
    while True:
        text = console.input("[bold cyan]which one> [/]").strip()
        if text.isdigit() and 1 <= int(text) <= len(options):
            return options[int(text) - 1]
        console.print(f"[red]type a number from 1 to {len(options)}[/]")


def _bots_for(variant: Variant, seat: int, bot_names: Sequence[str], seed: int) -> dict[int, AnyBot]:
    """A bot for every seat but the person's: those named, in turn, else the table's own bot."""
    name = variant_family(variant)
    others = [s for s in range(variant.players) if s != seat]
    names = list(bot_names) or [table_policy(name).bot]
    return {s: make_bot(names[i % len(names)], seed * 31 + s, name) for i, s in enumerate(others)}


def play_terminal(
    variant: Variant,
    seed: int,
    seat: int,
    bot_names: Sequence[str],
    console: Console,
    save_to: Path | None = None,
    hands: int | None = None,
) -> list[Path]:
    """Play hands in the terminal, you at ``seat`` against bots; returns the saved log paths.

    Where several seats act at once, you act first when you are among them, then the bots, lowest seat first.
    """
    played_by = family(variant_family(variant))
    look = _look(played_by)
    session = new_session(variant, seed)
    bots = _bots_for(variant, seat, bot_names, seed)
    names = [f"you (seat {s})" if s == seat else f"{bots[s].name} {s}" for s in range(variant.players)]
    saved: list[Path] = []
    console.print(f"[bold]{variant.title}[/] — you are seat {seat}. Ctrl-C or quit leaves the table.")
    try:
        while True:
            game = session.game
            view = look.view(console, names, seat)
            while actors := game.actors():
                view.before(game)
                s = seat if seat in actors else min(actors)
                if s == seat:
                    action = view.chosen_for(game)
                    if action is None:
                        view.show(game)
                        action = _ask(console, game, seat, view, look)
                else:
                    action = act_for(bots[s], game, s)
                game.apply(action, s)
                view.acted(game, s, action)
            saved.append(_save(game, names, save_to, len(saved)))
            _show_result(console, game, names, session.totals, saved[-1])
            if hands is not None and len(saved) >= hands:
                return saved
            answer = console.input("[bold cyan]another hand? [Y/n]> [/]").strip().lower()
            if answer in ("n", "no", "q"):
                return saved
            session.next_hand()
    except (KeyboardInterrupt, EOFError):
        game = session.game
        if not game.is_over and game.events:
            saved.append(_save(game, names, save_to, len(saved)))
            console.print(f"\nleft the table; this hand is saved to {saved[-1]}")
        else:
            console.print("\nleft the table")
        return saved


def _save(game: AnyHand, names: Sequence[str], save_to: Path | None, index: int) -> Path:
    if save_to is not None and index == 0 and save_to.suffix == ".json":
        path = save_to
    else:
        folder = save_to or hands_dir()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"{stamp}-{game.variant.name}-{game.seed}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    return save_log(game, path, list(names))


def _show_result(console: Console, game: AnyHand, names: Sequence[str], totals: Sequence[int], path: Path) -> None:
    """The settlement in words and a table of each seat's score, its share of the unit where there is one,
    and its session total (``totals``: before this hand)."""
    result = family_of(game).settle(game, names)
    console.print(f"\n[bold]{result.summary[0]}[/]")
    for sentence in result.summary[1:]:
        console.print(sentence)
    shares = any(part.share is not None for part in result.lines)
    table = Table(show_edge=False)
    columns = ["seat", "player", "role"] + (["share"] if shares else []) + ["this hand", "session total"]
    for col in columns:
        table.add_column(col)
    for part in result.lines:
        row = [str(part.seat), names[part.seat], part.role]
        if part.share is not None:
            row.append(f"{part.share:+g}")
        total = totals[part.seat] + part.score
        table.add_row(*row, f"{part.score:+d}", f"{total:+d}")
    console.print(table)
    console.print(f"hand saved to {path}")


def show_replay(console: Console, log: dict[str, Any], game: AnyHand) -> None:
    """Print a saved hand move by move, every hand shown (the hand is over or abandoned)."""
    names: list[str] = list(log.get("seats") or [f"seat {i}" for i in range(game.variant.players)])
    console.print(f"[bold]{game.variant.title}[/] — seed {log['seed']}")
    for line in _look(family_of(game)).replay_lines(game, log["events"], names):
        console.print(Text(line))
    if not game.is_over:
        console.print("[yellow](the hand was left unfinished)[/]")
