"""Variants (tables) as data: the table record, its per-family rule records, and the registry of built-in ones."""

from paiju.variants.laizi import LAIZI_PATTERNS
from paiju.variants.model import Variant
from paiju.variants.options import (
    BidStyle,
    Determination,
    DiamondAK,
    FlipTo,
    LowPair,
    PartnerRule,
    Rangpai,
    RedOverBlack,
    Selection,
    Timeouts,
)
from paiju.variants.pattern_rules import (
    PATTERN_KINDS,
    HasPatternRules,
    PatternKind,
    PatternRules,
    bomb_class_size,
    is_rank_bomb,
)
from paiju.variants.problems import Problem, VariantError
from paiju.variants.registry import REGISTRY, get_variant, variant_names
from paiju.variants.speculator import SpeculatorRules

__all__ = [
    "LAIZI_PATTERNS",
    "PATTERN_KINDS",
    "REGISTRY",
    "BidStyle",
    "Determination",
    "DiamondAK",
    "FlipTo",
    "HasPatternRules",
    "LowPair",
    "PartnerRule",
    "PatternKind",
    "PatternRules",
    "Problem",
    "Rangpai",
    "RedOverBlack",
    "Selection",
    "SpeculatorRules",
    "Timeouts",
    "Variant",
    "VariantError",
    "bomb_class_size",
    "get_variant",
    "is_rank_bomb",
    "variant_names",
]
