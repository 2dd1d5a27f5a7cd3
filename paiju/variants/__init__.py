"""Variants (tables) as data, and the registry of built-in ones."""

from paiju.variants.model import PATTERN_KINDS, Variant, VariantError, bomb_class_size
from paiju.variants.registry import REGISTRY, get_variant, variant_names

__all__ = [
    "PATTERN_KINDS",
    "REGISTRY",
    "Variant",
    "VariantError",
    "bomb_class_size",
    "get_variant",
    "variant_names",
]
