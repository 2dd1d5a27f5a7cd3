"""Playing and replaying hands in the terminal with Rich: the table, your hand, the prompt."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from paiju.bots import Bot, make_bot
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
from paiju.climbing import (
    Action,
    Alone,
    Declare,
    Game,
    Give,
    Observation,
    Partner,
    Play,
    Session,
    action_text,
    observe,
    save_log,
)
from paiju.climbing.events import event_from_json
from paiju.climbing.parse import actions_for_text
from paiju.climbing.speculator import marked_card
from paiju.patterns import IllegalMoveError, describe
from paiju.settlement import settlement
from paiju.variants import Variant

__all__ = ["card_text", "cards_line", "hands_dir", "play_terminal", "show_replay"]

_SUIT_SYMBOL = "♠♥♦♣"
#: How many legal actions ``h`` lists (big two- and three-deck hands have thousands).
HELP_LIMIT = 120


def card_text(cards: Sequence[Card], marked: Card | None = None) -> Text:
    """Cards low to high, red suits and the red joker in red; the table's ``marked`` card underlined, ``7♣*``."""
    out = Text()
    for i, c in enumerate(sort_cards(cards)):
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


def _role(obs: Observation, seat: int) -> str:
    return obs.role(seat) if obs.phase != "bid" else "bidding"


def _table(obs: Observation, names: Sequence[str], last: dict[int, str]) -> Table:
    table = Table(title=None, show_edge=False, pad_edge=False)
    for col in ("seat", "player", "role", "cards", "last action"):
        table.add_column(col)
    for s in range(obs.players):
        marker = "▶ " if s == obs.to_act and obs.phase != "over" else "  "
        table.add_row(
            f"{marker}{s}", names[s], _role(obs, s), str(obs.cards_left[s]), last.get(s, "")
        )
    return table


def _render(console: Console, obs: Observation, names: Sequence[str], last: dict[int, str]) -> None:
    console.print()
    console.print(_table(obs, names, last))
    status = f"bid {obs.bid or '-'}   multiplier ×{obs.multiplier}"
    if obs.bottom:
        status += "   bottom: "
    line = Text(status)
    if obs.bottom:
        line.append_text(card_text(obs.bottom, obs.marked))
    console.print(line)
    if obs.speculator is not None:
        _render_speculator(console, obs, names)
    if obs.trick is not None and obs.trick.move is not None:
        console.print(
            cards_line(f"to beat ({names[obs.trick.seat]}): ", obs.trick.cards, f"  {describe(obs.trick.move)}", obs.marked)
        )
    console.print(cards_line("your hand: ", obs.hand, marked=obs.marked))


def _render_speculator(console: Console, obs: Observation, names: Sequence[str]) -> None:
    """The speculator's seat and card, its gifts (where they went, once shown) and its side."""
    assert obs.speculator is not None
    line = Text(f"speculator: {names[obs.speculator]}, ")
    if obs.determination is not None:
        line.append("found by ")
        line.append_text(card_text([obs.determination], obs.marked))
    else:
        line.append("the previous hand's first out")
    if obs.flipped:
        line.append("   flipped: ")
        line.append_text(card_text(obs.flipped))
    if obs.phase == "play" and obs.speculator_side:
        line.append(f"   it would side with the {obs.speculator_side} now")
    console.print(line)
    if obs.promoted is not None and obs.promoted < 12:
        console.print(f"  {RANK_CHARS[obs.promoted]}s rank between 2 and the black joker this hand (except in straights and pair chains)")
    if obs.retreated_hand:
        console.print(cards_line("  the speculator has retreated; its hand: ", obs.retreated_hand))
    if obs.wild_cards:
        console.print(cards_line("  your wild card: ", obs.wild_cards))
    for i, (seat, cards) in enumerate(obs.gifts):
        label = f"gift to {names[seat]}" if seat >= 0 else ("the landlord's gift" if i == 0 else f"farmer gift {i}")
        console.print(cards_line(f"  {label}: ", cards, marked=obs.marked))
    if obs.partnership or obs.partner_refused:
        console.print(_partner_line(obs, names))


def _partner_line(obs: Observation, names: Sequence[str]) -> Text:
    """speculator.md §7: the cards the landlord showed, and what is known of its small landlord."""
    if obs.partnership == "alone":
        return cards_line("  一打四: the landlord plays alone against all, ×3, showing ", obs.partner_shown)
    if obs.partnership == "none":
        return Text("  no card names a partner: the landlord plays alone")
    line = cards_line("  partner card: ", obs.partner_shown) if obs.partner_shown else Text("  ")
    if obs.partner_refused:
        line.append_text(cards_line("  (the speculator held ", obs.partner_refused, ")"))
    if obs.partnership == "self":
        line.append("; you hold the other copy yourself: you play alone in secret")
    elif obs.small_landlord == obs.seat:
        line.append("; you are the small landlord" + (" (declared, ×2)" if obs.declared else ""))
    elif obs.small_landlord is not None:
        how = "declared, ×2" if obs.declared else "played the partner card"
        line.append(f"; the small landlord is {names[obs.small_landlord]} ({how})")
    elif obs.partnership:
        line.append("; the small landlord is not known yet")
    return line


def _prompt(game: Game) -> str:
    """What the seat to act is asked for."""
    if game.phase == "gift":
        bundle = len(game.gifts) - 1
        target = "the landlord's gift" if bundle == 0 else f"farmer gift {bundle}"
        return f"give a card for {target} ({len(game.gifts[-1]) + 1}/{game.gift_sizes[bundle]}), h for the cards you may give"
    if game.phase == "bid":
        return "bid 1-3 or p to pass"
    if game.phase == "partner":
        alone = ", alone PAIR for 一打四" if game.variant.speculator and game.variant.speculator.one_against_all else ""
        return f"name your partner: partner CARD{alone}, h for your choices"
    if game.phase == "declare":
        if game.to_act == game.small_landlord:
            return "you are the small landlord: declare (×2) or p to stay hidden"
        return "p to go on (only the small landlord may declare)"
    return "play cards, p to pass, h for moves"


def _ask(console: Console, game: Game, seat: int) -> Action:
    """Prompt until the player types a legal action (h lists them, q leaves)."""
    prompt = _prompt(game)
    while True:
        text = console.input(f"[bold cyan]{prompt}> [/]").strip()
        if text.lower() in ("quit", "exit"):  # not "q": that is a queen
            raise KeyboardInterrupt
        if text.lower() in ("h", "help", "?"):
            legal = [action_text(a) for a in game.legal_actions()]
            more = f" … and {len(legal) - HELP_LIMIT} more" if len(legal) > HELP_LIMIT else ""
            console.print(" ".join(legal[:HELP_LIMIT]) + more, soft_wrap=True)
            continue
        try:
            options = actions_for_text(game, text)
        except (InvalidCardsError, IllegalMoveError) as err:
            console.print(f"[red]{err}[/]")
            continue
        if len(options) == 1:
            return options[0]
        return _choose(console, options)


def _choose(console: Console, options: Sequence[Action]) -> Action:
    """Ask which reading of an ambiguous play is meant."""
    console.print("those cards can be played as:")
    for i, a in enumerate(options, 1):
        console.print(f"  {i}. {action_text(a)}  {describe(a.move) if isinstance(a, Play) else ''}")
    while True:
        text = console.input("[bold cyan]which one> [/]").strip()
        if text.isdigit() and 1 <= int(text) <= len(options):
            return options[int(text) - 1]
        console.print(f"[red]type a number from 1 to {len(options)}[/]")


def _announce(console: Console, names: Sequence[str], seat: int, action: Action, game: Game) -> str:
    text = action_text(action)
    if isinstance(action, Give):
        # Gifts stay secret until the reveal.
        console.print(f"{names[seat]} puts a card in a gift")
        return "gift"
    if isinstance(action, Play):
        marked = marked_card(game.variant)
        console.print(cards_line(f"{names[seat]} plays ", game.plays[-1].cards, f"  ({describe(action.move)})", marked))
    elif isinstance(action, Partner):
        console.print(cards_line(f"{names[seat]} names its partner with ", action.cards))
    elif isinstance(action, Alone):
        console.print(cards_line(f"{names[seat]} shows ", action.cards, ": 一打四, one against all, ×3"))
    elif isinstance(action, Declare):
        console.print(f"[bold]{names[seat]} declares itself the small landlord (亮明身份, ×2)[/]")
    else:
        console.print(f"{names[seat]}: {text}")
    event = game.events[-1]
    if event["type"] == "partner_refused":
        console.print(cards_line(f"{names[event['seat']]} (the speculator) holds ", [event["card"]], ": the landlord names again"))
    elif event["type"] == "partner_known":
        console.print(f"[bold]{names[event['seat']]} played the partner card: it is the small landlord[/]")
    elif event["type"] == "no_partner" and event["reason"] == "none":
        console.print("no card names a partner: the landlord plays alone")
    return text


def _bots_for(variant: Variant, seat: int, bot_names: Sequence[str], seed: int) -> dict[int, Bot]:
    others = [s for s in range(variant.players) if s != seat]
    names = list(bot_names) or ["heuristic"]
    return {s: make_bot(names[i % len(names)], seed * 31 + s) for i, s in enumerate(others)}


def play_terminal(
    variant: Variant,
    seed: int,
    seat: int,
    bot_names: Sequence[str],
    console: Console,
    save_to: Path | None = None,
    hands: int | None = None,
) -> list[Path]:
    """Play hands in the terminal, you at ``seat`` against bots; returns the saved log paths."""
    session = Session(variant, seed)
    bots = _bots_for(variant, seat, bot_names, seed)
    names = [f"you (seat {s})" if s == seat else f"{bots[s].name} {s}" for s in range(variant.players)]
    saved: list[Path] = []
    console.print(f"[bold]{variant.title}[/] — you are seat {seat}. Ctrl-C or quit leaves the table.")
    try:
        while True:
            game = session.game
            last: dict[int, str] = {}
            landlord_shown = False
            announced = 0
            while not game.is_over:
                if game.speculator is not None and announced != game.deal_count:
                    announced = game.deal_count
                    _show_speculator(console, game, names)
                s = game.to_act
                if s == seat and game.retreated and game.phase == "gift":
                    # speculator.md §8: a retreated speculator's gifts are chosen for it.
                    action = make_bot("heuristic").act(observe(game, seat))
                elif s == seat:
                    _render(console, observe(game, seat), names, last)
                    action = _ask(console, game, seat)
                else:
                    action = bots[s].act(observe(game, s))
                deals = game.deal_count
                game.apply(action, s)
                last[s] = _announce(console, names, s, action, game)
                if game.deal_count != deals:
                    reasons = [e["reason"] for e in game.events if e["type"] == "redeal"]
                    console.print(f"[yellow]{reasons[-1]}: the cards are dealt again[/]")
                    last = {}
                if game.landlord is not None and game.phase != "bid" and not landlord_shown:
                    landlord_shown = True
                    _show_landlord(console, game, names)
            saved.append(_save(game, names, save_to, len(saved)))
            _show_result(console, game, names, session, saved[-1])
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


def _speculator_line(name: str, card: Card | None, marked: Card | None = None) -> Text:
    """Who the speculator is and what made it so: its card, or going out first last hand."""
    if card is None:
        return Text(f"{name} is the speculator (it went out first last hand)")
    return cards_line(f"{name} is the speculator (", [card], ")", marked)


def _show_speculator(console: Console, game: Game, names: Sequence[str]) -> None:
    """Who the speculator is and which card made it so."""
    assert game.speculator is not None
    line = _speculator_line(names[game.speculator], game.determination, marked_card(game.variant))
    console.print(line + Text("; it chooses gifts before the bidding"))


def _show_landlord(console: Console, game: Game, names: Sequence[str]) -> None:
    """The landlord, and the bottom (or, on speculator tables, every gift and where it went)."""
    assert game.landlord is not None
    if game.speculator is None:
        console.print(cards_line(f"{names[game.landlord]} is the landlord for {game.high_bid}; the bottom: ", game.bottom))
        return
    console.print(f"{names[game.landlord]} is the landlord for {game.high_bid}; the gifts are shown:")
    for seat, cards in zip(game.gift_seats, game.gifts, strict=True):
        console.print(cards_line(f"  to {names[seat]}: ", cards))
    console.print(cards_line(f"  the bottom, to {names[game.speculator]}: ", game.bottom))


def _save(game: Game, names: Sequence[str], save_to: Path | None, index: int) -> Path:
    if save_to is not None and index == 0 and save_to.suffix == ".json":
        path = save_to
    else:
        folder = save_to or hands_dir()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"{stamp}-{game.variant.name}-{game.seed}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    return save_log(game, path, list(names))


def _show_result(console: Console, game: Game, names: Sequence[str], session: Session, path: Path) -> None:
    result = settlement(game, names)
    console.print(f"\n[bold]{result.summary[0]}[/]")
    for sentence in result.summary[1:]:
        console.print(sentence)
    shares = game.speculator is not None
    table = Table(show_edge=False)
    columns = ["seat", "player", "role"] + (["share"] if shares else []) + ["this hand", "session total"]
    for col in columns:
        table.add_column(col)
    for part in result.lines:
        row = [str(part.seat), names[part.seat], part.role]
        if part.share is not None:
            row.append(f"{part.share:+g}")
        total = session.totals[part.seat] + part.score
        table.add_row(*row, f"{part.score:+d}", f"{total:+d}")
    console.print(table)
    console.print(f"hand saved to {path}")


def show_replay(console: Console, log: dict[str, Any], game: Game) -> None:
    """Print a saved hand move by move, every hand shown (the hand is over or abandoned)."""
    names: list[str] = list(log.get("seats") or [f"seat {i}" for i in range(game.players)])
    console.print(f"[bold]{game.variant.title}[/] — seed {log['seed']}")
    marked = marked_card(game.variant)
    for event in log["events"]:
        console.print(Text(event_from_json(event).describe(names, marked)))
    if not game.is_over:
        console.print("[yellow](the hand was left unfinished)[/]")
