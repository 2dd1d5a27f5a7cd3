"""A finished hand's settlement in words: who won, the unit, and one line per seat.

The terminal prints it as a table and the server sends it in its ``result`` frame, so both say
the same thing about a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from paiju.climbing import Game, observe

__all__ = ["Settlement", "SettlementLine", "settlement"]


@dataclass(frozen=True)
class SettlementLine:
    """One seat's part: its role, its score this hand, its share of the unit (speculator tables) and a sentence."""

    seat: int
    role: str
    score: int
    share: float | None
    text: str


@dataclass(frozen=True)
class Settlement:
    """``summary``: sentences about the hand, the first one saying who won; ``lines``: one per seat."""

    summary: tuple[str, ...]
    lines: tuple[SettlementLine, ...]


def settlement(game: Game, names: Sequence[str]) -> Settlement:
    """The settlement of a finished hand, seats named by ``names``."""
    result = game.result
    if result is None:
        raise ValueError("the hand is not over yet")
    side = "the landlord wins" if result.landlord_won else "the farmers win"
    how = "wins at once" if result.instant else "went out"
    summary = [f"{names[result.winner]} {how}: {side}."]
    extras = "".join(
        label
        for on, label in (
            (result.spring, " × 2 spring"),
            (result.retreat, " × 3 retreat"),
            (game.declared, " × 2 declared"),
            (result.partnership == "alone", " × 3 一打四"),
        )
        if on
    )
    unit = f"bid {result.bid} × 2^{result.doublings} bombs{extras} = {result.stake}"
    if game.speculator is None:
        summary.append(f"{unit}, paid by or to each farmer")
    else:
        summary.append(f"unit: {unit}; each seat scores its share × the unit")
    if result.retreat:
        summary.append(f"the speculator retreated: it sides with the winners ({result.speculator_side}), ×3")
    elif result.speculator_side is not None and game.speculator is not None:
        left = len(game.hands[game.speculator])
        summary.append(f"the speculator ended with {left} card(s): it sides with the {result.speculator_side}")
    partner = _partner_sentence(result.partnership, game.declared)
    if partner:
        summary.append(partner)
    view = observe(game, None)
    lines = []
    for s in range(game.players):
        role, score = view.role(s), result.scores[s]
        share: float | None = None
        if game.speculator is not None:
            share = score / result.stake if result.stake else 0.0
            text = f"{role}: {share:+g} × {result.stake} = {score:+d}"
        else:
            text = f"{role}: {'receives' if score >= 0 else 'pays'} {abs(score)}"
        lines.append(SettlementLine(s, role, score, share, text))
    return Settlement(tuple(summary), tuple(lines))


def _partner_sentence(partnership: str, declared: bool) -> str:
    """speculator.md §7: how the landlord played on a two-landlord table (empty elsewhere)."""
    return {
        "named": "the small landlord declared itself, ×2" if declared else "the landlord played with a small landlord",
        "self": "the landlord named itself and played alone in secret",
        "alone": "一打四: the landlord played one against all, ×3",
        "none": "no card named a partner: the landlord played alone",
    }.get(partnership, "")
