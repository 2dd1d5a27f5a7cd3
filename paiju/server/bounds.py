"""The table a room plays: its settings made into a variant, within the bounds a shared server can afford."""

from __future__ import annotations

import dataclasses
from functools import cache, lru_cache
from typing import Any

from paiju.engine import family, variant_family
from paiju.policy import table_policy
from paiju.server.errors import Params, RoomError
from paiju.server.protocol import RoomSettings
from paiju.variants import REGISTRY, Problem, Variant, VariantError, get_variant
from paiju.variants.files import with_overrides

__all__ = [
    "MAX_BID", "MAX_LEAD_MOVES", "TableError", "build_variant", "largest_hand", "lead_moves", "most_cards_in_hand",
    "stored_settings",
]

#: Most moves one dealt hand may lead with; the built-in tables stay under 1,500.
MAX_LEAD_MOVES = 10_000
#: Deals sampled to count a table's leads.
PROBE_DEALS = 3
#: Highest bid a room's table may allow (each bid is an action of the auction).
MAX_BID = 12
#: Keys of a table that name or describe it: a room's come from its variant, never from free text in ``rules``.
TEXT_KEYS = ("name", "title", "description", "notes")
#: Added to the variant's title when a room's rules change its table.
CUSTOM_TITLE = " · 自定义规则 custom rules"


class TableError(ValueError):
    """Room settings that make no table, or one too large to serve; the message says why, ``reason`` and
    ``params`` say it for a client to word."""

    def __init__(self, message: str, reason: str = "bad_table", params: Params | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = dict(params or {"detail": message})

    @classmethod
    def bad_table(cls, message: str, problems: tuple[Problem, ...]) -> TableError:
        """Rules that make no table: ``detail`` in English, then the first problem's ``code`` and params, and how
        many ``more`` there are (refusal params are flat), for a client to word."""
        params: dict[str, str | int] = {"detail": message}
        if problems:
            first = problems[0]
            params.update(first.params, code=first.code, more=len(problems) - 1)
        return cls(message, params=params)

    def refusal(self) -> RoomError:
        """The refusal a room request or an HTTP request answers with (``bad_message``)."""
        return RoomError("bad_message", str(self), reason=self.reason, params=self.params)


def largest_hand(variant: Variant) -> int:
    """The most cards one seat holds at any point of a hand of ``variant``."""
    extra = variant.speculator.extra_draw if variant.speculator is not None else 0
    return max(*variant.final_hand_sizes, variant.hand_size + variant.bottom_size + extra)


@cache
def most_cards_in_hand(decks: int, two_colour: bool) -> int:
    """The largest hand among the built-in tables of this many decks and colours: the bound for a room's rules."""
    sizes = [largest_hand(v) for v in REGISTRY.values() if v.decks == decks and v.two_colour == two_colour]
    return max(sizes, default=0)


@lru_cache(maxsize=64)
def lead_moves(variant: Variant) -> int:
    """The most moves a dealt hand may lead with (as its family counts a seat's choices), over a few sample
    deals (fixed seeds: a property of the table)."""
    most_actions = table_policy(variant_family(variant)).most_actions
    return max(most_actions(variant, seed) for seed in range(PROBE_DEALS))


def stored_settings(stored: dict[str, Any]) -> RoomSettings:
    """A stored room's settings without the keys that name or describe its table: a room made before they were
    refused still loads, titled by its variant."""
    settings = RoomSettings.model_validate(stored)
    if not any(key in TEXT_KEYS for key in settings.rules or {}):
        return settings
    rules = {key: value for key, value in (settings.rules or {}).items() if key not in TEXT_KEYS}
    return settings.model_copy(update={"rules": rules or None})


def build_variant(settings: RoomSettings) -> Variant:
    """The table a room's settings describe, titled by its variant (``CUSTOM_TITLE`` added when the rules change
    it); ``TableError`` with the reason when they do not add up, name or describe the table themselves, or when its
    hands are larger than the built-in tables' or lead too many plays (their move lists would stall the server)."""
    named = [key for key in TEXT_KEYS if key in (settings.rules or {})]
    if named:
        raise TableError(
            f"a room's table is named and described by its variant: leave {', '.join(named)} out of the rules",
            "named_by_table", {"keys": ",".join(named)},
        )
    try:
        base = variant = get_variant(settings.variant)
        changes = dict(settings.rules or {})
        if settings.seats is not None and settings.seats != variant.players:
            changes.setdefault("players", settings.seats)
        if changes:
            variant = with_overrides(variant, changes, "rules")
        if variant != base:
            variant = dataclasses.replace(variant, title=base.title + CUSTOM_TITLE)
    except VariantError as err:
        raise TableError.bad_table(str(err), err.problems) from err
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as err:
        message = str(err).strip("'\"")
        raise TableError.bad_table(message, (Problem("bad_settings", message),)) from err
    try:
        family(variant_family(variant))
    except ValueError as err:  # a family this server does not know is refused, naming those it knows
        raise TableError.bad_table(str(err), (Problem("unknown_family", str(err), family=variant.family),)) from err
    if not isinstance(variant.climbing.max_bid, int) or variant.climbing.max_bid > MAX_BID:
        raise TableError(
            f"max_bid = {variant.climbing.max_bid}: a room's table bids at most {MAX_BID}", "bid_too_high",
            {"bid": str(variant.climbing.max_bid), "limit": MAX_BID},
        )
    size, bound = largest_hand(variant), most_cards_in_hand(variant.decks, variant.two_colour)
    if size > bound:
        raise TableError(
            f"a seat would hold {size} cards; with {variant.decks} deck(s) a room's table holds at most {bound} in one hand",
            "hand_too_large", {"cards": size, "decks": variant.decks, "limit": bound},
        )
    moves = lead_moves(variant)
    if moves > MAX_LEAD_MOVES:
        raise TableError(
            f"a hand of this table can lead {moves:,} different plays; the server plays tables of at most {MAX_LEAD_MOVES:,}",
            "too_many_plays", {"plays": moves, "limit": MAX_LEAD_MOVES},
        )
    return variant
