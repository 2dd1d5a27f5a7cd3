"""``classify`` and ``moves`` on a trick-taking table (炒地皮): the cards read under a level rank and a trump
(``--level``, ``--trump``); with ``--led``, every legal follow, else every lead the player may attempt."""

from __future__ import annotations

import argparse
import json

from rich.console import Console

from paiju.cards import Card, InvalidCardsError, Rank, Suit, names_every_colour, parse_cards
from paiju.commands import UsageError
from paiju.trick.follow import lead_problem, legal_follows, legal_leads
from paiju.trick.order import Trumps, trick_text
from paiju.trick.units import decompose, is_five_ten_king
from paiju.variants import Variant

__all__ = ["MOST_LISTED", "classify_trick", "moves_trick"]

#: The most plays ``moves`` lists (a void follower's free discards can number millions); it says when it stops.
MOST_LISTED = 100_000
_TRUMPS = {"s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS, "none": None}


def _trumps(args: argparse.Namespace, variant: Variant) -> Trumps:
    """``--level`` and ``--trump`` as the hand's trump order; both are required on a trick-taking table."""
    if args.level is None or args.trump is None:
        raise UsageError(f"{variant.name} needs --level RANK (2 … A) and --trump s|h|d|c|none")
    try:
        level = Rank.from_char(args.level.strip())
    except InvalidCardsError as err:
        raise UsageError(f"--level {args.level!r} is not a rank: use 2 … 10, J, Q, K or A") from err
    if level > Rank.TWO:
        raise UsageError(f"--level {args.level!r} is not a rank: use 2 … 10, J, Q, K or A (jokers are no level)")
    trump = args.trump.strip().lower()
    if trump not in _TRUMPS:
        raise UsageError(f"--trump {args.trump!r}: use s, h, d, c or none")
    return Trumps(level, _TRUMPS[trump])


def _cards(text: str, what: str) -> list[Card]:
    """Cards with their suits (they matter here); jokers are B and R."""
    try:
        if not names_every_colour(text):
            raise UsageError(f"{what}: name each card with its suit, e.g. 'Ah Ah Kd' (B and R for the jokers)")
        return parse_cards(text, decks=2)
    except InvalidCardsError as err:
        raise UsageError(f"{what}: {err}") from err


def _reading(cards: list[Card], trumps: Trumps) -> str:
    """What a set of cards is when led: a 5-10-K, one unit, or a throw of several."""
    if is_five_ten_king(cards, trumps):
        return "5-10-K"
    units = decompose(cards, trumps)
    words = [u.kind if u.kind != "tractor" else f"tractor of {u.pairs} pairs" for u in units]
    return words[0] if len(words) == 1 else "throw: " + " + ".join(words)


def classify_trick(args: argparse.Namespace, variant: Variant, out: Console) -> int:
    """What the cards are when led under the trump order, or why they cannot be led together."""
    trumps = _trumps(args, variant)
    cards = _cards(args.cards, "cards")
    problem = lead_problem(cards, cards, trumps)
    if args.json:
        found = {
            "cards": trick_text(cards),
            "lead": problem is None,
            "reading": None if problem else _reading(cards, trumps),
        }
        print(json.dumps(found if problem is None else {**found, "reason": problem}, ensure_ascii=False))
    else:
        out.print(f"{trick_text(cards)}: {problem or _reading(cards, trumps)}", highlight=False)
    return 0 if problem is None else 1


def moves_trick(args: argparse.Namespace, variant: Variant, out: Console) -> int:
    """Every legal follow of ``--led`` from ``--hand``, or every lead ``--hand`` may attempt."""
    trumps = _trumps(args, variant)
    hand = _cards(args.hand, "--hand")
    rules = variant.trick
    assert rules is not None
    if args.led:
        led = _cards(args.led, "--led")
        problem = lead_problem(led, led, trumps)
        if problem is not None:
            raise UsageError(f"--led {args.led}: no legal lead ({problem})")
        if len(led) > len(hand):
            raise UsageError(f"--led has {len(led)} cards, more than the {len(hand)} of --hand")
        plays = legal_follows(led, hand, trumps, rules, MOST_LISTED + 1)
    else:
        plays = legal_leads(hand, trumps, MOST_LISTED + 1)
    texts = [trick_text(p) for p in plays[:MOST_LISTED]]
    if args.json:
        print(json.dumps(texts, ensure_ascii=False))
    else:
        for text in texts:
            print(text)
    if len(plays) > MOST_LISTED:
        out.print(f"… stopped after {MOST_LISTED:,} plays", style="yellow", highlight=False)
    return 0
