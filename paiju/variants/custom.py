"""Custom speculator tables from the §15 numbers alone (speculator.md §16)."""

from __future__ import annotations

from paiju.variants.model import Variant, VariantError
from paiju.variants.options import Determination
from paiju.variants.problems import Problem
from paiju.variants.registry import CLASSIC, ladder_by_size, speculator_table
from paiju.variants.speculator import SpeculatorRules

__all__ = ["custom_table"]

_MULTI_DECK_PATTERNS = frozenset(
    {"single", "pair", "triple", "triple+pair", "straight", "pair-chain", "triple-chain", "airplane+pairs", "bomb", "joker-bomb"}
)
#: §3: the fixed 7c for one deck, the other copy of the first bottom card for two, the marked 7c for three.
_DETERMINATION = {1: Determination.SEVEN_CLUBS, 2: Determination.BOTTOM_1, 3: Determination.MARKED_SEVEN_CLUBS}


def custom_table(
    players: int,
    decks: int,
    hand: int,
    bottom: int,
    gift_landlord: int,
    gift_farmer: int,
    stake: int | None = None,
) -> Variant:
    """A one-landlord speculator table: one deck plays the classic patterns (bomb < rocket), more
    decks 4p2d's (bombs by size under all the jokers); the stake T defaults to the smallest that
    keeps every share whole (nF × (nF + 1))."""
    if not 3 <= players <= 10:
        raise VariantError(Problem(
            "players_range", f"custom table: players = {players}: must be 3 to 10 (speculator.md §16)",
            players=players, least=3, most=10,
        ))
    if not 1 <= decks <= 3:
        raise VariantError(Problem(
            "decks_range", f"custom table: decks = {decks}: must be 1 to 3 (speculator.md §16)", decks=decks, least=1, most=3
        ))
    farmers = players - 2
    multi = decks > 1
    return speculator_table(
        "custom",
        f"投机商斗地主 custom {players}人{decks}副",
        f"custom table: {players} players, {decks} deck(s), {hand} cards each, {bottom} in the bottom; "
        f"gifts {gift_landlord} and {gift_farmer} each",
        players=players,
        decks=decks,
        hand_size=hand,
        bottom_size=bottom,
        patterns=_MULTI_DECK_PATTERNS if multi else CLASSIC.pattern_rules.patterns,
        joker_pairs=multi,
        distinct_four_two_kickers=True,  # speculator.md §9: four+two's kickers differ in rank (不重复)
        bomb_ladder=ladder_by_size(decks) if multi else CLASSIC.pattern_rules.bomb_ladder,
        speculator=SpeculatorRules(
            gift_landlord=gift_landlord,
            gift_farmer=gift_farmer,
            stake=stake if stake is not None else farmers * (farmers + 1),
            determination=_DETERMINATION[decks],
        ),
    )
