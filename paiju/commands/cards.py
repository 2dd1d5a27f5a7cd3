"""The commands that read cards, ``classify`` and ``moves``: the cards become a ``Holding`` and it answers.

Cards may be written by rank only (``33456``); the parser then stands in suits for them, and no card is
taken for a 5p1d flipped-suit wild card.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rich.console import Console

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
from paiju.climbing.holding import Holding
from paiju.climbing.speculator import THREE, marked_card
from paiju.commands import UsageError
from paiju.commands.tables import table_of
from paiju.commands.trick_cards import classify_trick, moves_trick
from paiju.errors import AmbiguousMoveError
from paiju.patterns import Move, classify_ranks, describe, key_rank
from paiju.patterns.colour import colours_fit
from paiju.variants import Variant

__all__ = ["cmd_classify", "cmd_moves"]

#: A wild card written with what it stands for, as ``moves`` prints it: ``3(7)``, ``3h(7)``.
_WILD_READING = re.compile(r"(10|[3-9TJQKA2])([shdcSHDC♠♥♦♣]?)\(\s*(10|[3-9TJQKA2])\s*\)", re.IGNORECASE)
#: A rank as ``--wild`` takes it: ``7``, ``T`` or ``10``.
_RANK = re.compile(r"10|[3-9TJQKA2]", re.IGNORECASE)


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


def _checked_ranks(variant: Variant, text: str, what: str) -> list[int]:
    """The ranks of cards the table really holds (a marked card, ``7c*``, only where the table marks one)."""
    ranks = _ranks(text, what)
    if MARK in text:
        _cards(variant, text, what)
    counts = [ranks.count(r) for r in range(15)]
    if any(counts[r] > variant.decks * (4 if r < 13 else 1) for r in range(15)):
        raise UsageError(f"{what}: more copies than {variant.decks} deck(s) hold")
    removed = [r for r in variant.removed_rank_indices if counts[r]]
    if removed:
        raise UsageError(f"{what}: this table plays without {''.join(RANK_CHARS[r] for r in removed)}")
    return ranks


def _flipped(variant: Variant, flip: str | None, hand: str) -> Card | None:
    """The ``--flip`` card (5p1d), checked against the table and the hand (the flipped card lies face up
    until the reveal, in nobody's hand)."""
    if not flip:
        return None
    if variant.speculator is None or not variant.speculator.flip_promotes:
        raise UsageError(f"--flip: {variant.name} has no flipped card (see spec-5p1d)")
    cards = _cards(variant, flip, "--flip")
    if len(cards) != 1 or (not names_suits(flip) and card_rank(cards[0]) < BLACK_JOKER):
        raise UsageError("--flip takes one card with its suit, e.g. 9h, or a joker")
    if names_suits(hand) and cards[0] in _cards(variant, hand, "the hand"):
        raise UsageError(
            f"--flip {flip}: the hand holds that card, but the flipped card lies face up on the table until the "
            "reveal (and one deck has one of it)"
        )
    return cards[0]


def _wild_rank(variant: Variant, text: str | None) -> int | None:
    """The ``--wild`` rank (癞子 tables, other-games.md §1.3): its four cards are wild in every hand and play."""
    if text is None:
        return None
    if not variant.climbing.wild_rank:
        raise UsageError(f"--wild: {variant.name} has no wild rank (癞子 tables such as laizi have one)")
    if text.strip().upper() in ("B", "R"):
        raise UsageError(f"--wild {text}: a joker is never wild; name a rank 3…2")
    if not _RANK.fullmatch(text.strip()):
        raise UsageError(f"--wild {text}: not a rank; name one rank 3…2, e.g. --wild 7")
    return parse_ranks(text)[0]


def _holding(variant: Variant, text: str, what: str, role: str | None, flip: Card | None, wild: int | None) -> Holding:
    """The cards of ``text`` as ``role`` holds them (``--role speculator``: its 3s are wild and it must follow;
    ``wild``: the cards of that rank are wild)."""
    speculator = role == "speculator"  # None (not given) holds as a farmer
    if speculator and variant.speculator is None:
        raise UsageError(f"{variant.name} has no speculator; --role speculator needs a 投机商 table")
    cards = _cards(variant, text, what)
    return Holding.of_cards(variant, cards, speculator, flip, suited=names_suits(text), wild_rank=wild)


def _coloured_readings(moves: list[Move], cards: Sequence[Card]) -> list[Move]:
    """speculator.md §14: each reading in every colour the cards allow."""
    coloured = [m._replace(colour=int(c)) for m in moves for c in Colour]
    return [m for m in coloured if colours_fit(m, cards)]


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


#: The options only one family's tables read (``classify`` and ``moves``), by their ``args`` names.
_CLIMBING_ONLY = ("role", "flip", "wild", "beat", "beat_kind", "beat_role")
_TRICK_ONLY = ("level", "trump", "led")


def _refuse_other_family(variant: Variant, args: argparse.Namespace) -> None:
    """Refuse an option the table's family does not read, rather than ignore it silently."""
    trick = variant.trick is not None
    for name in _CLIMBING_ONLY if trick else _TRICK_ONLY:
        if getattr(args, name, None) is not None:
            flag = "--" + name.replace("_", "-")
            if trick:
                raise UsageError(
                    f"{flag}: {variant.name} is a trick-taking table (炒地皮); it reads --level, --trump and --led "
                    "(the cards led), not the climbing tables' options"
                )
            raise UsageError(f"{flag}: only the trick-taking tables (炒地皮, e.g. chaodipi) read it; {variant.name} does not")


def cmd_classify(args: argparse.Namespace, out: Console) -> int:
    """Every interpretation of a set of cards."""
    variant = table_of(args)
    _refuse_other_family(variant, args)
    if variant.trick is not None:
        return classify_trick(args, variant, out)
    wild = _wild_rank(variant, args.wild)
    cards = args.cards.replace("+", "")  # a reading named by its body (8888+55+55): these cards, read so
    ranks = _checked_ranks(variant, cards, "cards")
    flip = _flipped(variant, args.flip, cards)
    holding = _holding(variant, cards, "cards", args.role, flip, wild)
    moves = _named_reading(args.cards, classify_ranks(variant, ranks, holding.wilds, holding.promoted))
    if variant.two_colour and names_suits(cards):
        moves = _coloured_readings(moves, holding.cards)
    if args.json:
        print(json.dumps([_move_json(m) for m in moves], ensure_ascii=False))
    elif not moves:
        out.print(f"{args.cards}: not a valid combination in {variant.name}", highlight=False)
    else:
        for m in moves:
            out.print(f"{m.text()}  {describe(m)}", highlight=False)
    return 0 if moves else 1


def _named_reading(text: str, readings: list[Move]) -> list[Move]:
    """The reading whose body ``text`` names (``8888+55+55``, as ``moves`` prints it); every reading for plain cards."""
    if "+" not in text:
        return readings
    named = re.sub(r"\s+", "", text).lower().replace("10", "t")
    return [m for m in readings if m.text().lower() == named]


def _written_wilds(text: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """``--beat`` text without its ``(rank)`` readings and the ``+`` of a body named, and each reading as (face,
    rank it stands for)."""
    readings: list[tuple[int, int]] = []

    def plain(m: re.Match[str]) -> str:
        readings.append((parse_ranks(m.group(1))[0], parse_ranks(m.group(3))[0]))
        return m.group(1) + m.group(2)

    stripped = _WILD_READING.sub(plain, text)
    if "(" in stripped or ")" in stripped:
        raise UsageError(f"--beat {text}: write a wild card as moves prints it, its card then the rank it stands for: 3(7)")
    return stripped.replace("+", ""), tuple(sorted(readings))


def _beat_holding(
    variant: Variant, text: str, written: tuple[tuple[int, int], ...], role: str | None, flip: Card | None, wild: int | None
) -> tuple[Holding, str | None]:
    """The cards of ``--beat`` as the seat that played them held them, and whose they are: a card written
    with its reading (``3(7)``) was wild, and when only 3s are written so, the speculator played them; with
    ``--wild`` every card of that rank is wild, as in every hand."""
    if written and role != "speculator" and all(face == THREE for face, _ in written) and variant.speculator is not None:
        role = "speculator"  # only the speculator's 3s stand for other ranks
    if not written or role == "speculator" or wild is not None:
        return _holding(variant, text, "--beat", role, flip, wild), role
    cards = _cards(variant, text, "--beat")
    flipped: list[Card] = []
    for face, _ in written:  # 5p1d: a seat's flipped-suit wild cards
        flipped += [c for c in cards if card_rank(c) == face and c not in flipped][:1]
    return replace(Holding.of_cards(variant, cards, flipped=flip), wild=frozenset(flipped)), role


def _beat_move(variant: Variant, args: argparse.Namespace, flip: Card | None, wild: int | None) -> Move:
    """The move given by ``--beat``: its wild readings as written, its 3s the speculator's with ``--beat-role
    speculator`` (a play of 3s alone then ranks between A and 2), ``--beat-kind`` when the cards still read
    several ways, and on two-colour tables the colour its cards make."""
    text, written = _written_wilds(args.beat)
    ranks = _checked_ranks(variant, text, "--beat")
    holding, role = _beat_holding(variant, text, written, args.beat_role, flip, wild)
    readings = _named_reading(args.beat, classify_ranks(variant, ranks, holding.wilds, holding.promoted))
    if wild is not None:  # 癞子: a wild card written plainly reads as classify reads it, one written so as written
        readings = [m for m in readings if not Counter(written) - Counter(m.wilds)]
    elif written or holding.wilds is not None:
        readings = [m for m in readings if tuple(sorted(m.wilds)) == written]
    if args.beat_kind:
        readings = [m for m in readings if m.kind == args.beat_kind or describe(m) == args.beat_kind]
    if not readings:
        whose = " as the speculator's" if role == "speculator" else ""
        raise UsageError(f"--beat {args.beat}: not a valid combination{whose} in {variant.name}")
    if len({(m.kind, m.key, m.length) for m in readings}) > 1:
        options = "; ".join(describe(m) for m in readings)
        raise UsageError(
            str(AmbiguousMoveError(
                f"--beat {args.beat} can be read as: {options}; choose with --beat-kind, or write the reading as moves "
                f"prints it ({' or '.join(sorted({m.text() for m in readings}))})"
            ))  # fmt: skip
        )
    if not variant.two_colour:
        return readings[0]
    coloured = _coloured_readings(readings[:1], holding.cards)
    if not coloured:
        raise UsageError(f"--beat {args.beat}: one combination is one colour (a triple+pair's pair aside)")
    return coloured[0]


def cmd_moves(args: argparse.Namespace, out: Console) -> int:
    """Every legal move of a hand, leading or answering ``--beat``; on a two-colour table the hand and
    ``--beat`` are written with suits (a joker's colour is its own: B black, R red)."""
    variant = table_of(args)
    _refuse_other_family(variant, args)
    if variant.trick is not None:
        return moves_trick(args, variant, out)
    _checked_ranks(variant, args.hand, "--hand")
    if variant.two_colour and (
        not names_every_colour(args.hand) or (args.beat and not names_every_colour(_written_wilds(args.beat)[0]))
    ):
        raise UsageError(f"{variant.name} is a two-colour table: write --hand and --beat with suits (jokers need none)")
    wild = _wild_rank(variant, args.wild)
    flip = _flipped(variant, args.flip, args.hand)
    to_beat = _beat_move(variant, args, flip, wild) if args.beat else None
    moves, may_pass = _holding(variant, args.hand, "--hand", args.role, flip, wild).moves(to_beat)
    texts: list[str] = ["pass"] if may_pass else []
    for m in moves:
        text = m.text()
        if text not in texts:
            texts.append(text)
    if args.json:
        print(json.dumps(texts))
    else:
        for t in texts:
            print(t)
    return 0
