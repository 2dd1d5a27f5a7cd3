"""The built-in tables.  Each one is ``CLASSIC`` plus its differences."""

from __future__ import annotations

from paiju.variants.chaodipi import CHAODIPI, CHAODIPI_LIVE
from paiju.variants.emperor import EMPEROR
from paiju.variants.five_player import FIVE_PLAYER
from paiju.variants.four_player import FOUR_PLAYER
from paiju.variants.laizi import LAIZI
from paiju.variants.model import Variant, VariantError
from paiju.variants.options import Determination, FlipTo, LowPair, PartnerRule, Rangpai, Selection
from paiju.variants.problems import Problem
from paiju.variants.speculator import SpeculatorRules

__all__ = ["CLASSIC", "REGISTRY", "get_variant", "ladder_by_size", "speculator_table", "variant_names"]

#: 三人斗地主, other-games.md §3 (seeds/002, second section).
CLASSIC = Variant(
    name="classic",
    title="三人斗地主 Classic Dou Dizhu",
    description="3 players, 1 deck, 17 cards each and a 3-card bottom; bids 1–3; "
    "bombs and the rocket double the stake.",
    notes=(
        "Q3.1: the first bidder holds a marker card chosen among the 51 dealt cards",
        "Q3.3: a pass does not end a seat's bidding; option single_round_auction",
        "Q3.4-Q3.7: kickers K1-K5 (both jokers may be two single kickers)",
        "Q3.10: no spring bonus (option spring)",
    ),
)

_SPECULATOR_NOTES = (
    "speculator.md: the speculator's 3s are wild beside other cards and a lone 3 ranks between A and 2",
    "speculator.md §11: the speculator must follow (能跟必跟) with the fewest 3s",
    "speculator.md §5: one bidding round without the speculator, from the seat opposite it",
)
_TWO_DECK_PATTERNS = frozenset(
    {"single", "pair", "triple", "triple+pair", "straight", "pair-chain", "triple-chain", "airplane+pairs", "bomb", "joker-bomb"}
)


def ladder_by_size(decks: int) -> tuple[tuple[str, ...], ...]:
    """Bombs of 4 up to every copy of a rank, larger beating smaller, under all the jokers (4p2d's rule)."""
    return _ladder(*(f"bomb{n}" for n in range(4, 4 * decks + 1)), "B" * decks + "R" * decks)


def _ladder(*classes: str) -> tuple[tuple[str, ...], ...]:
    """A bomb ladder with one class per tier, weakest first."""
    return tuple((c,) for c in classes)


def _doubling(ladder: tuple[tuple[str, ...], ...], decks: int) -> frozenset[str]:
    """speculator.md §13: one deck doubles on every bomb; more decks on bombs of 6+ and joker bombs."""
    names = {c for tier in ladder for c in tier}
    if decks == 1:
        return frozenset(names)
    return frozenset(c for c in names if not c.startswith("bomb") or int(c[4:]) >= 6)


def speculator_table(name: str, title: str, description: str, **values: object) -> Variant:
    """A speculator table: one bidding round, no spring, the doubling bombs of its deck count."""
    ladder = values.get("bomb_ladder", CLASSIC.pattern_rules.bomb_ladder)
    decks = values.get("decks", 1)
    assert isinstance(ladder, tuple) and isinstance(decks, int)
    common: dict[str, object] = {
        "name": name,
        "title": title,
        "description": description,
        "single_round_auction": True,
        "doubling_bombs": _doubling(ladder, decks),
        "notes": _SPECULATOR_NOTES,
    }
    return CLASSIC.with_changes(**common, **values)


#: speculator.md §15, 4p1d.
SPEC_4P1D = speculator_table(
    "spec-4p1d",
    "投机商斗地主 4人1副",
    "4 players, 1 deck: the speculator (7c) gives 4 cards to the landlord and 1 to each farmer; "
    "hands 17 / 14 / 9.",
    players=4,
    hand_size=13,
    bottom_size=2,
    patterns=frozenset(
        {"single", "pair", "triple", "triple+single", "straight", "pair-chain", "triple-chain",
         "airplane+singles", "bomb", "joker-bomb"}
    ),
    straight_min=4,
    pair_chain_min=2,
    speculator=SpeculatorRules(gift_landlord=4, gift_farmer=1, stake=6, determination=Determination.SEVEN_CLUBS),
)

#: speculator.md §15, 4p2d.
SPEC_4P2D = speculator_table(
    "spec-4p2d",
    "投机商斗地主 4人2副",
    "4 players, 2 decks: the speculator holds the other copy of the 3rd bottom card; gifts 8 and "
    "3 each; hands 33 / 28 / 19; bombs grow with their size, four jokers top them.",
    players=4,
    decks=2,
    hand_size=25,
    bottom_size=8,
    patterns=_TWO_DECK_PATTERNS,
    joker_pairs=True,
    bomb_ladder=ladder_by_size(2),
    speculator=SpeculatorRules(gift_landlord=8, gift_farmer=3, stake=6, determination=Determination.BOTTOM_3, two_low=(LowPair.FOURS,)),
)

#: speculator.md §15, 5p1d.
SPEC_5P1D = speculator_table(
    "spec-5p1d",
    "投机商斗地主 5人1副",
    "5 players, 1 deck, a flipped card: its same-colour partner marks the speculator, the highest card "
    "of its suit is each other player's wild card, and its rank ranks above 2; gifts 3 and 1 each; "
    "hands 13 / 11 / 8; four-card patterns only besides singles, pairs, triples and bombs.",
    players=5,
    hand_size=10,
    bottom_size=3,
    flipped=1,
    patterns=frozenset({"single", "pair", "triple", "triple+single", "straight", "pair-chain", "bomb", "joker-bomb"}),
    straight_min=4,
    straight_max=4,
    pair_chain_min=2,
    pair_chain_max=2,
    speculator=SpeculatorRules(
        gift_landlord=3, gift_farmer=1, stake=12, determination=Determination.FLIP, flip_wilds=True, flip_promotes=True
    ),
)

#: speculator.md §15, 5p2d.
SPEC_5P2D = speculator_table(
    "spec-5p2d",
    "投机商斗地主 5人2副",
    "5 players, 2 decks: the speculator holds the other copy of the 2nd bottom card; gifts 5 and "
    "2 each; hands 26 / 23 / 13; four+two with two different kickers.",
    players=5,
    decks=2,
    hand_size=21,
    bottom_size=3,
    patterns=_TWO_DECK_PATTERNS | {"four+two-singles", "four+two-pairs"},
    distinct_four_two_kickers=True,
    bomb_ladder=_ladder("bomb4", "BB", "RR", "BR", "bomb5", "bomb6", "bomb7", "BBRR", "bomb8"),
    speculator=SpeculatorRules(
        gift_landlord=5, gift_farmer=2, stake=12, determination=Determination.BOTTOM_2, two_low=(LowPair.FOURS, LowPair.FIVES)
    ),
)

#: speculator.md §15, 5p3d.
SPEC_5P3D = speculator_table(
    "spec-5p3d",
    "投机商斗地主 5人3副",
    "5 players, 3 decks: the speculator holds the marked 7c; gifts 9 and 3 each; hands 40 / 34 / 20; "
    "12 of a kind wins at once.",
    players=5,
    decks=3,
    hand_size=31,
    bottom_size=7,
    patterns=_TWO_DECK_PATTERNS,
    joker_pairs=True,
    bomb_ladder=_ladder(
        "bomb4", "BR", "bomb5", "bomb6", "BBB", "RRR", "bomb7", "bomb8", "bomb9", "bomb10", "BBBRRR", "bomb11"
    ),
    speculator=SpeculatorRules(
        gift_landlord=9, gift_farmer=3, stake=12, determination=Determination.MARKED_SEVEN_CLUBS, two_low=(LowPair.FOURS, LowPair.FIVES), instant_win=12
    ),
)

#: speculator.md §15, 3p1d.
SPEC_3P1D = speculator_table(
    "spec-3p1d",
    "投机商斗地主 3人1副",
    "3 players, one deck without 3s and 4s: landlord, speculator and one farmer; the farmer wins "
    "holding as many cards as the bid (让牌); the speculator shares half the bid.",
    removed_ranks="34",
    hand_size=14,
    bottom_size=4,
    distinct_four_two_kickers=True,
    speculator=SpeculatorRules(
        gift_landlord=4, gift_farmer=1, stake=2, determination=Determination.SEVEN_CLUBS, selection=Selection.PREVIOUS, rangpai=Rangpai.BID
    ),
)

_SIX_PLUS_PATTERNS = frozenset(
    {"single", "pair", "triple", "triple+single", "triple+pair", "straight", "pair-chain", "triple-chain",
     "airplane+singles", "airplane+pairs", "bomb", "joker-bomb"}
)
#: 6p3d, 7p3d, 8p3d: 4 to 10 of a kind; any 5 or 6 jokers play as the 4-joker nuke.
_THREE_DECK_TWO_LANDLORD_LADDER = (
    ("bomb4",), ("bomb5",), ("BR",), ("bomb6",), ("BBB",), ("RRR",), ("bomb7",),
    ("BBRR", "BBBRR", "BBRRR", "BBBRRR"), ("bomb8",), ("bomb9",), ("bomb10",),
)

#: speculator.md §15, 6p2d.
SPEC_6P2D = speculator_table(
    "spec-6p2d",
    "投机商斗地主 6人2副 (双地主)",
    "6 players, 2 decks, a flipped card: its other copy marks the speculator and the landlord takes it, "
    "then names its small landlord with a card of its rank; gifts 3 and 1 each; hands 21 / 18 / 15; "
    "一打四 triples the stake.",
    players=6,
    decks=2,
    hand_size=17,
    bottom_size=5,
    flipped=1,
    patterns=_SIX_PLUS_PATTERNS,
    bomb_ladder=_ladder("bomb4", "BB", "RR", "bomb5", "BR", "bomb6", "bomb7", "BBRR"),
    speculator=SpeculatorRules(
        gift_landlord=3, gift_farmer=1, stake=60, lone_stake=80, determination=Determination.FLIP, flip_to=FlipTo.LANDLORD,
        two_low=(LowPair.FOURS, LowPair.FIVES), instant_win=8, retreat=8, partner=PartnerRule.FLIP_RANK, one_against_all=True,
    ),
)

#: speculator.md §15, 6p3d.
SPEC_6P3D = speculator_table(
    "spec-6p3d",
    "投机商斗地主 6人3副 (双地主)",
    "6 players, 3 decks: the speculator holds the marked 7c; the landlord names its small landlord with "
    "a same-suit pair or a copy of a bottom card (it may name itself); gifts 7 and 2 each; hands "
    "33 / 28 / 17; 一打四 triples the stake.",
    players=6,
    decks=3,
    hand_size=26,
    bottom_size=6,
    patterns=_TWO_DECK_PATTERNS,
    joker_pairs=True,
    bomb_ladder=_THREE_DECK_TWO_LANDLORD_LADDER,
    speculator=SpeculatorRules(
        gift_landlord=7, gift_farmer=2, stake=60, lone_stake=80, determination=Determination.MARKED_SEVEN_CLUBS, two_low=(LowPair.FOURS, LowPair.FIVES),
        instant_win=11, retreat=9, partner=PartnerRule.PAIR_OR_BOTTOM, partner_self=True, one_against_all=True,
    ),
)

#: speculator.md §15, 7p2d.
SPEC_7P2D = speculator_table(
    "spec-7p2d",
    "投机商斗地主 7人2副 (双地主)",
    "7 players, 2 decks: the speculator holds the other copy of the last bottom card; the landlord names "
    "its small landlord with one card; gifts 3 and 1 each; hands 18 / 16 / 10; bombs of exactly 4.",
    players=7,
    decks=2,
    hand_size=15,
    bottom_size=3,
    patterns=_SIX_PLUS_PATTERNS,
    pair_chain_min=2,
    bomb_ladder=_ladder("bomb4", "BB", "RR", "BR"),
    speculator=SpeculatorRules(
        gift_landlord=3, gift_farmer=1, stake=60, determination=Determination.BOTTOM_3, two_low=(LowPair.FOURS, LowPair.FOUR_FIVE),
        instant_win=8, retreat=7, partner=PartnerRule.SINGLE,
    ),
)

_SEVEN_EIGHT_PATTERNS = _TWO_DECK_PATTERNS | {"four+two-singles", "four+two-pairs"}

#: speculator.md §15, 7p3d.
SPEC_7P3D = speculator_table(
    "spec-7p3d",
    "投机商斗地主 7人3副 (双地主)",
    "7 players, 3 decks: the speculator holds the marked 7c and takes 4 bottom cards face down before "
    "its gifts; the landlord names its small landlord with a same-suit pair or a copy of a bottom card; "
    "gifts 5 and 2 each; hands 27 / 24 / 15.",
    players=7,
    decks=3,
    hand_size=22,
    bottom_size=8,
    patterns=_SEVEN_EIGHT_PATTERNS,
    joker_pairs=True,
    distinct_four_two_kickers=True,
    bomb_ladder=_THREE_DECK_TWO_LANDLORD_LADDER,
    speculator=SpeculatorRules(
        gift_landlord=5, gift_farmer=2, stake=60, determination=Determination.MARKED_SEVEN_CLUBS, two_low=(LowPair.FOURS, LowPair.FIVES),
        instant_win=11, retreat=9, retreat_jokers=6, partner=PartnerRule.PAIR_OR_BOTTOM, early_bottom=4,
    ),
)

#: speculator.md §15, 8p3d.
SPEC_8P3D = speculator_table(
    "spec-8p3d",
    "投机商斗地主 8人3副 (双地主)",
    "8 players, 3 decks: the speculator holds the marked 7c and draws 5 more cards; the landlord names "
    "its small landlord as on 7p3d; gifts 4 and 1 each; hands 23 / 20 / 19.",
    players=8,
    decks=3,
    hand_size=19,
    bottom_size=5,
    patterns=_SEVEN_EIGHT_PATTERNS,
    joker_pairs=True,
    distinct_four_two_kickers=True,
    bomb_ladder=_THREE_DECK_TWO_LANDLORD_LADDER,
    speculator=SpeculatorRules(
        gift_landlord=4, gift_farmer=1, stake=90, lone_stake=84, determination=Determination.MARKED_SEVEN_CLUBS, extra_draw=5,
        two_low=(LowPair.FOURS, LowPair.FIVES), instant_win=11, retreat=9, retreat_jokers=6, partner=PartnerRule.PAIR_OR_BOTTOM,
    ),
)

_TWO_COLOUR_PATTERNS = _TWO_DECK_PATTERNS | {"triple+single"}
#: §14: bombs are one colour (4–6 cards); the rocket is three jokers of one colour.
_TWO_COLOUR_LADDER = (("bomb4",), ("bomb5",), ("BBB", "RRR"), ("bomb6",))

#: speculator.md §14–§15, 4p3d-2c.
SPEC_4P3D_2C = speculator_table(
    "spec-4p3d-2c",
    "投机商斗地主 4人3副 双色",
    "4 players, 3 decks, two colours: every combination is one colour, red beats black, black beats red "
    "back at the same rank; the speculator holds the marked 7c and gives 5 red + 5 black to the landlord "
    "and 2 + 2 to each farmer; hands 48 / 42 / 30.",
    players=4,
    decks=3,
    hand_size=38,
    bottom_size=10,
    patterns=_TWO_COLOUR_PATTERNS,
    joker_pairs=True,
    two_colour=True,
    bomb_ladder=_TWO_COLOUR_LADDER,
    speculator=SpeculatorRules(
        gift_landlord=10, gift_farmer=4, stake=6, determination=Determination.MARKED_SEVEN_CLUBS,
        landlord_gift_colours="5r5b", farmer_gift_colours="2r2b",
    ),
)

#: speculator.md §14–§15, 5p3d-2c.
SPEC_5P3D_2C = speculator_table(
    "spec-5p3d-2c",
    "投机商斗地主 5人3副 双色",
    "5 players, 3 decks, two colours (as 4p3d-2c): the speculator holds the marked 7c and gives 5 red + "
    "4 black to the landlord and 2 red + 1 black to each farmer; hands 40 / 34 / 20.",
    players=5,
    decks=3,
    hand_size=31,
    bottom_size=7,
    patterns=_TWO_COLOUR_PATTERNS,
    joker_pairs=True,
    two_colour=True,
    bomb_ladder=_TWO_COLOUR_LADDER,
    speculator=SpeculatorRules(
        gift_landlord=9, gift_farmer=3, stake=12, determination=Determination.MARKED_SEVEN_CLUBS,
        landlord_gift_colours="5r4b", farmer_gift_colours="2r1b",
    ),
)

#: 二人斗地主, other-games.md §2 (seeds/002, first section): classic play for two, 11 cards out of play.
TWO_PLAYER = CLASSIC.with_changes(
    name="two-player",
    title="二人斗地主 Two-player Dou Dizhu",
    description="2 players, 1 deck, 20 cards each, a 3-card bottom and 11 dead cards out of play; "
    "叫地主 or 不叫, the first call makes the landlord; bombs and the rocket double the stake.",
    players=2,
    hand_size=20,
    dead_cards=11,
    max_bid=1,
    marker_shown=False,
    notes=(
        "Q2.1: play follows classic Dou Dizhu (§3): its patterns, kickers K1-K5 and bomb ladder",
        "Q2.2: a random first bidder on every deal, redeals included (the holder of a marker card "
        "drawn among the 40 dealt cards; unlike classic's face-up card only its holder sees it)",
        "Q2.3: the landlord takes the 3 bottom cards and shows them to the opponent",
        "Q2.4: the 11 dead cards are in no view, event or seat's log while the hand runs; afterwards they "
        "are the cards the complete log's deal leaves out",
        "Q2.5: the winner scores 2^(bombs and rockets played), the loser the negative; no bid value; "
        "no spring bonus (option spring)",
    ),
)

REGISTRY: dict[str, Variant] = {
    v.name: v
    for v in (
        CLASSIC, SPEC_4P1D, SPEC_4P2D, SPEC_5P1D, SPEC_5P2D, SPEC_5P3D, SPEC_6P2D, SPEC_6P3D, SPEC_7P2D,
        SPEC_7P3D, SPEC_8P3D, SPEC_3P1D, SPEC_4P3D_2C, SPEC_5P3D_2C, TWO_PLAYER, LAIZI, FOUR_PLAYER, FIVE_PLAYER, EMPEROR,
        CHAODIPI, CHAODIPI_LIVE,
    )
}


def variant_names() -> list[str]:
    """Names of every registered variant, in registration order."""
    return list(REGISTRY)


def get_variant(name: str) -> Variant:
    """The registered variant called ``name``; the error lists the known names."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise VariantError(Problem(
            "unknown_variant", f"unknown variant {name!r}; known variants: {', '.join(REGISTRY)}", name=str(name)
        )) from None
