"""斗帝主 (other-games.md §6, seeds/002 fifth section): its pattern rules and its table, Dou Dizhu with 16 patterns
on 2 decks where the emperor (帝主) keeps any of a bottom only it sees."""

from __future__ import annotations

from paiju.variants.climbing_rules import ClimbingRules
from paiju.variants.model import Variant
from paiju.variants.pattern_rules import PatternKind, PatternRules

__all__ = ["EMPEROR", "EMPEROR_PATTERNS"]

_K = PatternKind

#: §6.3–§6.4: the 16 patterns: no three-with-one, four-with-two or airplane with singles (case 12); a quad of
#: four is no bomb (case 3); pair sequences of 4+ pairs, trio sequences and airplanes of 3+ trios, quad
#: sequences, carriers and spaceships of 2+ quads; BB and RR pair, BR never (Q6.3); bombs of 5 to 8 cards,
#: more cards beating fewer, then 天王 BBRR above all, every one doubling (Q6.7).
EMPEROR_PATTERNS = PatternRules(
    patterns=frozenset({
        _K.SINGLE, _K.STRAIGHT, _K.PAIR, _K.PAIR_CHAIN, _K.TRIPLE, _K.TRIPLE_CHAIN, _K.TRIPLE_PAIR,
        _K.AIRPLANE_PAIRS, _K.QUAD, _K.QUAD_CHAIN, _K.FOUR_THREE, _K.CARRIER, _K.DRESS, _K.SPACESHIP,
        _K.BOMB, _K.JOKER_BOMB,
    }),  # fmt: skip
    pair_chain_min=4,
    triple_chain_min=3,
    airplane_min=3,
    quad_chain_min=2,
    joker_pairs=True,
    bomb_ladder=(("bomb5",), ("bomb6",), ("bomb7",), ("bomb8",), ("BBRR",)),
    doubling_bombs=frozenset({"bomb5", "bomb6", "bomb7", "bomb8", "BBRR"}),
)

#: 斗帝主: 3 players, 2 decks, 34 each; classic's auction chooses the 帝主, who keeps any of the 6 bottom cards.
EMPEROR = Variant(
    name="dou-dizhu-emperor",
    title="斗帝主 Emperor Dou Dizhu",
    description="3 players, 2 decks, 34 cards each; the emperor (帝主) alone sees the 6 bottom cards and keeps any "
    "of them; 16 patterns, among them four of a kind (no bomb), 连四, 四带三, 航母, 连衣裙 and 飞船; bombs of 5–8 "
    "cards and the four jokers, each doubling the stake.",
    decks=2,
    hand_size=34,
    bottom_size=6,
    bottom_shown=False,
    climbing=ClimbingRules(bottom_choice=True),
    pattern_rules=EMPEROR_PATTERNS,
    notes=(
        "Q6.1: the emperor is chosen by the 1/2/3 auction of §3, from the holder of a face-up marker card",
        "Q6.2: the bottom cards the emperor does not keep leave play unseen; how many it kept is public",
        "Q6.3: BB and RR are pairs; BR never",
        "Q6.4: attached groups differ in rank from the body, may share a rank with each other, and need not "
        "be consecutive but for the spaceship's trios",
        "Q6.5: equal spaceships (quads and trios) do not beat; pairs never matter",
        "Q6.6: every sequence compares by its highest rank",
        "Q6.7: stake = bid × 2^(bombs of 5+ cards and BBRR played), settled with each rebel",
        "Q6.8: play goes counterclockwise",
    ),
)
