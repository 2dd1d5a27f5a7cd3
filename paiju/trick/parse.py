"""A player's typed text read as a 炒地皮 action: ``pass``, a declaration (``declare 2s 2s``, ``5h 5h none``),
``bury`` and eight cards, or the cards to play — each card named with its suit, as suits matter here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from paiju.cards import Card, InvalidCardsError, face, names_every_colour, parse_cards
from paiju.errors import IllegalMoveError, Reason
from paiju.trick.actions import Action, Bury, Declare, Pass, Play
from paiju.trick.declare import parse_declaration
from paiju.trick.hand import TrickHand
from paiju.trick.order import trick_text
from paiju.trick.state import Phase

__all__ = ["actions_for_text", "held_cards"]


def held_cards(hand: Sequence[Card], text: str) -> tuple[Card, ...]:
    """The cards of ``hand`` that ``text`` names (identical cards are interchangeable); a one-line reason when the
    text is no cards, lacks a suit, or names cards the hand does not hold."""
    if not names_every_colour(text):
        raise InvalidCardsError(f"{text.strip()!r}: name each card with its suit, e.g. Ah Ah (B and R for the jokers)")
    wanted = Counter(face(c) for c in parse_cards(text, decks=2))
    chosen: list[Card] = []
    short: list[Card] = []
    for f, n in wanted.items():
        copies = [c for c in hand if face(c) == f]
        chosen.extend(copies[:n])
        short.extend([f] * max(0, n - len(copies)))
    if short:
        raise IllegalMoveError(Reason("dont_hold", f"you do not hold {trick_text(short)}", cards=trick_text(short)))
    return tuple(chosen)


def actions_for_text(game: TrickHand, text: str, seat: int | None) -> list[Action]:
    """The one action ``text`` means for ``seat`` (by default the seat to act), checked against the rules;
    ``IllegalMoveError`` with the rule's reason when the rules forbid it."""
    seat = game.state.to_act if seat is None else seat
    words = text.strip()
    phase = game.phase
    action: Action
    if words.lower() == "pass":
        action = Pass()
    elif phase in (Phase.DECLARE, Phase.CHAODI):
        try:
            action = Declare(parse_declaration(words, seat, game.state.level))
        except ValueError as err:
            raise IllegalMoveError(*err.args) from err  # a Reason stays one
    elif phase is Phase.BURY:
        body = words[4:] if words.lower().startswith("bury") else words
        action = Bury(held_cards(game.hands[seat], body))
    else:
        action = Play(held_cards(game.hands[seat], words))
    if not game.is_legal(action, seat):
        raise IllegalMoveError(game.explain(action, seat))
    return [action]
