"""The built-in tables.  Each one is ``CLASSIC`` plus its differences."""

from __future__ import annotations

from paiju.variants.model import Variant, VariantError

__all__ = ["CLASSIC", "REGISTRY", "get_variant", "variant_names"]

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

REGISTRY: dict[str, Variant] = {v.name: v for v in (CLASSIC,)}


def variant_names() -> list[str]:
    """Names of every registered variant, in registration order."""
    return list(REGISTRY)


def get_variant(name: str) -> Variant:
    """The registered variant called ``name``; the error lists the known names."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise VariantError(
            f"unknown variant {name!r}; known variants: {', '.join(REGISTRY)}"
        ) from None
