"""The ``Variant`` value: every number and switch that makes one table differ from another.

Engines read a variant; they never test its name.  ``Variant.__post_init__`` validates the
whole value and raises ``VariantError`` naming the field that does not add up.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from paiju.cards import CARDS_PER_DECK, RANK_CHARS, RANKS
from paiju.variants.speculator import SpeculatorRules, colour_split_fits

__all__ = ["BID_STYLES", "PATTERN_KINDS", "Variant", "VariantError", "bomb_class_size"]


class VariantError(ValueError):
    """A variant whose numbers or switches contradict each other."""


#: Every pattern kind the engine knows, in display order.
PATTERN_KINDS: tuple[str, ...] = (
    "single",
    "pair",
    "triple",
    "triple+single",
    "triple+pair",
    "straight",
    "pair-chain",
    "triple-chain",
    "airplane+singles",
    "airplane+pairs",
    "four+two-singles",
    "four+two-pairs",
    "bomb",
    "joker-bomb",
)

#: How the landlord is chosen.  ``points``: bids of 1…max points (seeds/002 三人斗地主).
BID_STYLES: tuple[str, ...] = ("points",)

_BOMB_CLASS = re.compile(r"^bomb(\d+)$|^([BR]{2,6})$")


def bomb_class_size(name: str) -> int:
    """Cards in a bomb class: ``bomb5`` → 5, ``BBRR`` → 4; raises on an unknown name."""
    m = _BOMB_CLASS.match(name)
    if m is None:
        raise VariantError(
            f"bomb ladder: {name!r} is not a bomb class (use bombN for N of a kind, "
            "or a joker set such as BR, BB, BBRR)"
        )
    return int(m.group(1)) if m.group(1) else len(name)


@dataclass(frozen=True)
class Variant:
    """One table's rules as data.  Build new tables with ``dataclasses.replace``."""

    name: str
    title: str
    players: int = 3
    decks: int = 1
    #: Ranks taken out of every deck, as rank characters (e.g. ``"34"``).
    removed_ranks: str = ""
    hand_size: int = 17
    bottom_size: int = 3
    #: The bottom cards are shown to every seat when the landlord takes them.
    bottom_shown: bool = True
    patterns: frozenset[str] = frozenset(PATTERN_KINDS)
    straight_min: int = 5
    #: Longest straight (12 = no limit: 3 to A); 5p1d plays straights of exactly 4.
    straight_max: int = 12
    pair_chain_min: int = 3
    #: Most pairs in a pair chain (12 = no limit); 5p1d plays pair chains of exactly 2 pairs.
    pair_chain_max: int = 12
    triple_chain_min: int = 2
    airplane_min: int = 2
    #: ``BB`` and ``RR`` count as pairs (two-deck tables).
    joker_pairs: bool = False
    #: Both jokers may be two single kickers (other-games.md C6 K3).
    rocket_kickers: bool = True
    #: The two kickers of a four+two must differ in rank (speculator tables: 不重复).
    distinct_four_two_kickers: bool = False
    #: Bomb classes from weakest to strongest; classes in one tuple share a tier.
    bomb_ladder: tuple[tuple[str, ...], ...] = (("bomb4",), ("BR",))
    #: Bomb classes whose play doubles the stake.
    doubling_bombs: frozenset[str] = frozenset({"bomb4", "BR"})
    bid_style: str = "points"
    max_bid: int = 3
    #: Each seat bids at most once (other-games.md Q3.3 option (ii)).
    single_round_auction: bool = False
    #: ×2 when the losing side played no card (春天 / 反春天); off for classic (Q3.10).
    spring: bool = False
    #: Suits never matter to a combination: moves are printed without suits.
    suits_matter: bool = False
    #: Cards turned face up after the deal (翻牌, F of speculator.md §2).
    flipped: int = 0
    #: 双色 (speculator.md §14): combinations are bound to one colour, red beats black.
    two_colour: bool = False
    #: §14 option: red beats black at ``any`` rank, or at an ``equal_or_higher`` one.
    red_over_black: str = "any"
    #: The speculator's rules on 投机商 tables; ``None`` on every other table.
    speculator: SpeculatorRules | None = None
    description: str = ""
    #: Free-form notes on resolutions this table adopts, shown by ``paiju variants --json``.
    notes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        problems = list(self._problems())
        if problems:
            raise VariantError(f"variant {self.name!r}: " + "; ".join(problems))

    def _problems(self) -> Any:
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", self.name):
            yield f"name {self.name!r} must be lower-case letters, digits and dashes"
        if not 2 <= self.players <= 10:
            yield f"players = {self.players}: must be 2 to 10"
        if not 1 <= self.decks <= 3:
            yield f"decks = {self.decks}: must be 1 to 3"
        bad_ranks = set(self.removed_ranks) - set(RANKS)
        if bad_ranks:
            yield f"removed_ranks: {''.join(sorted(bad_ranks))!r} are not ranks 3…2"
        in_play = self.cards_in_play
        extra = self.speculator.extra_draw if self.speculator else 0
        dealt = self.players * self.hand_size + self.bottom_size + self.flipped + extra
        if dealt != in_play:
            parts = f"{self.players} players × {self.hand_size} + {self.bottom_size} bottom"
            parts += f" + {self.flipped} flipped" if self.flipped else ""
            parts += f" + {extra} drawn by the speculator" if extra else ""
            yield (
                f"cards don't add up: {parts} = {dealt}, but {self.decks} deck(s)"
                f"{' without ' + self.removed_ranks if self.removed_ranks else ''} "
                f"hold {in_play}"
            )
        if self.speculator is not None:
            yield from self.speculator.problems()
            yield from self._speculator_problems(self.speculator)
        unknown = self.patterns - set(PATTERN_KINDS)
        if unknown:
            yield f"patterns: unknown kind(s) {sorted(unknown)}; known: {list(PATTERN_KINDS)}"
        for name, least, most in (
            ("straight", self.straight_min, self.straight_max),
            ("pair_chain", self.pair_chain_min, self.pair_chain_max),
        ):
            if not least <= most <= 12:
                yield f"{name}_max = {most}: must lie between {name}_min ({least}) and 12"
        for name, value, low in (
            ("straight_min", self.straight_min, 2),
            ("pair_chain_min", self.pair_chain_min, 2),
            ("triple_chain_min", self.triple_chain_min, 2),
            ("airplane_min", self.airplane_min, 2),
            ("max_bid", self.max_bid, 1),
        ):
            if value < low:
                yield f"{name} = {value}: must be at least {low}"
        seen: set[str] = set()
        for tier in self.bomb_ladder:
            if not tier:
                yield "bomb ladder: an empty tier"
            for cls in tier:
                try:
                    size = bomb_class_size(cls)
                except VariantError as err:
                    yield str(err)
                    continue
                if cls in seen:
                    yield f"bomb ladder: {cls!r} appears twice"
                seen.add(cls)
                if cls.startswith("bomb") and not 2 <= size <= 4 * self.decks:
                    yield f"bomb ladder: {cls!r} needs {size} of a kind; {self.decks} deck(s) hold {4 * self.decks}"
                if not cls.startswith("bomb") and (
                    cls.count("B") > self.decks or cls.count("R") > self.decks
                ):
                    yield f"bomb ladder: {cls!r} needs more jokers than {self.decks} deck(s) hold"
        if seen and "bomb" not in self.patterns and any(c.startswith("bomb") for c in seen):
            yield "bomb ladder lists bombs but 'bomb' is not among the patterns"
        if any(not c.startswith("bomb") for c in seen) and "joker-bomb" not in self.patterns:
            yield "bomb ladder lists joker bombs but 'joker-bomb' is not among the patterns"
        stray = self.doubling_bombs - seen
        if stray:
            yield f"doubling_bombs: {sorted(stray)} are not on the bomb ladder"
        if self.red_over_black not in ("any", "equal_or_higher"):
            yield f"red_over_black {self.red_over_black!r}: use any or equal_or_higher"
        if self.bid_style not in BID_STYLES:
            yield f"bid_style {self.bid_style!r}: known styles {list(BID_STYLES)}"

    def _speculator_problems(self, spec: SpeculatorRules) -> Iterator[str]:
        """speculator.md §6, §13, §16: hand sizes and stakes that a speculator table must meet."""
        if self.players < 3:
            yield "a speculator table needs at least 3 players"
            return
        landlord, farmer, speculator = self.final_hand_sizes
        if speculator < 1:
            yield f"the speculator's gifts ({spec.gift_landlord} + {self.players - 2} × {spec.gift_farmer}) leave it no cards"
        for who, rule, size in (
            ("landlord", spec.landlord_gift_colours, spec.gift_landlord),
            ("farmer", spec.farmer_gift_colours, spec.gift_farmer),
        ):
            if rule and not self.two_colour:
                yield f"speculator {who}_gift_colours needs a two-colour table (two_colour = true)"
            elif rule and not colour_split_fits(rule, size):
                yield f"speculator {who}_gift_colours {rule!r} does not fit a gift of {size} cards"
        if spec.early_bottom > self.bottom_size:
            yield f"the speculator takes {spec.early_bottom} bottom cards early, but the bottom has {self.bottom_size}"
        if spec.partner == "pair-or-bottom" and self.decks != 3 or spec.partner in ("flip-rank", "single") and self.decks != 2:
            yield f"speculator partner {spec.partner!r} needs {3 if spec.partner == 'pair-or-bottom' else 2} decks"
        if spec.partner == "flip-rank" and (spec.flip_to != "landlord" or not self.flipped):
            yield "speculator partner 'flip-rank' needs a flipped card that goes to the landlord (flip_to = landlord)"
        if not landlord > farmer > speculator:
            yield (
                f"final hands must shrink from landlord to farmer to speculator; got {landlord} / "
                f"{farmer} / {speculator}"
            )
        face_up = self.bottom_size - spec.early_bottom + (self.flipped if spec.flip_to == "speculator" else 0)
        if 2 * face_up > speculator:
            yield f"the speculator takes {face_up} cards face up, more than half its final {speculator}"
        if spec.rangpai:
            return
        farmers = self.players - 2
        paired = farmers - 1 if spec.partner else farmers
        stakes = [(spec.stake, paired, "stake")] + ([(spec.stake_alone, farmers, "lone_stake")] if spec.partner else [])
        for stake, n, what in stakes:
            if stake % (n + 1) or stake % n:
                yield (
                    f"speculator {what} {stake}: it must divide by {n} farmers and by "
                    f"{n + 1} (the speculator's share), so every score is whole"
                )
        if spec.partner and (spec.stake - spec.stake // (paired + 1)) % 3:
            yield f"speculator stake {spec.stake}: the landlords' share must split 2:1, so every score is whole"

    # ----------------------------------------------------------------- derived values
    @property
    def final_hand_sizes(self) -> tuple[int, int, int]:
        """Cards held when play starts: (landlord, each farmer, speculator); speculator tables only."""
        spec = self.speculator
        if spec is None:
            return (self.landlord_hand_size, self.hand_size, 0)
        flip_l = self.flipped if spec.flip_to == "landlord" else 0
        flip_s = self.flipped - flip_l
        gifts = spec.gift_landlord + (self.players - 2) * spec.gift_farmer
        return (
            self.hand_size + spec.gift_landlord + flip_l,
            self.hand_size + spec.gift_farmer,
            self.hand_size + spec.extra_draw - gifts + self.bottom_size + flip_s,
        )

    @property
    def cards_in_play(self) -> int:
        """Cards in the shuffled pack: 54 per deck less the removed ranks."""
        return self.decks * (CARDS_PER_DECK - 4 * len(set(self.removed_ranks)))

    @property
    def removed_rank_indices(self) -> tuple[int, ...]:
        """The removed ranks as rank indices."""
        return tuple(sorted(RANK_CHARS.index(r) for r in set(self.removed_ranks)))

    @property
    def bomb_tiers(self) -> dict[str, int]:
        """Bomb class name → tier (0 = weakest bomb)."""
        return {cls: i for i, tier in enumerate(self.bomb_ladder) for cls in tier}

    @property
    def landlord_hand_size(self) -> int:
        """Cards the landlord holds when play starts."""
        return self.hand_size + self.bottom_size

    def with_changes(self, **changes: Any) -> Variant:
        """A new, validated variant: this one plus ``changes``; unknown keys are an error."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = set(changes) - names
        if unknown:
            raise VariantError(f"unknown variant key(s): {sorted(unknown)}")
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Variant:
        """Rebuild (and validate) a variant from ``to_json`` output; unknown keys are an error."""
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = set(data) - set(fields)
        if unknown:
            raise VariantError(f"unknown variant key(s): {sorted(unknown)}")
        values: dict[str, Any] = {}
        for name, value in data.items():
            default = getattr(VARIANT_DEFAULTS, name, None)
            if name == "speculator" and value is not None:
                value = _speculator_from_json(value)
            elif isinstance(default, frozenset):
                value = frozenset(value)
            elif name == "bomb_ladder":
                value = tuple(tuple(tier) for tier in value)
            elif isinstance(default, tuple):
                value = tuple(value)
            values[name] = value
        try:
            return cls(**values)
        except TypeError as err:
            raise VariantError(f"variant settings: {err}") from err

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready description of the table (used by ``paiju variants --json``)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, frozenset):
                order = {k: i for i, k in enumerate(PATTERN_KINDS)}
                value = sorted(value, key=lambda k: (order.get(k, len(order)), k))
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            elif isinstance(value, SpeculatorRules):
                value = {k: list(v) if isinstance(v, tuple) else v for k, v in dataclasses.asdict(value).items()}
            out[f.name] = value
        return out


def _speculator_from_json(data: dict[str, Any]) -> SpeculatorRules:
    """Rebuild speculator rules from JSON; unknown keys are an error naming them."""
    known = {f.name for f in dataclasses.fields(SpeculatorRules)}
    unknown = set(data) - known
    if unknown:
        raise VariantError(f"unknown speculator key(s): {sorted(unknown)}")
    try:
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return SpeculatorRules(**values)
    except TypeError as err:
        raise VariantError(f"speculator settings: {err}") from err


#: A valid variant holding every field's default, used to learn each field's type.
VARIANT_DEFAULTS = Variant(name="defaults", title="defaults")
