"""The ``Variant`` value: every number and switch that makes one table differ from another.

Engines read a variant; they never test its name.  ``Variant.__post_init__`` validates the
whole value and raises ``VariantError`` naming the field that does not add up.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any, TypeVar

from paiju.cards import CARDS_PER_DECK, RANK_CHARS, RANKS
from paiju.variants.climbing_rules import CLIMBING_RULE_KEYS, ClimbingRules
from paiju.variants.options import FlipTo, PartnerRule, Timeouts, coerce_options, option_problems
from paiju.variants.pattern_rules import (
    PATTERN_KINDS,
    PATTERN_RULE_KEYS,
    PatternRules,
    bomb_class_size,
)
from paiju.variants.problems import Problem, VariantError
from paiju.variants.speculator import SpeculatorRules, colour_split_fits
from paiju.variants.trick_rules import TrickRules

__all__ = ["JSON_KEYS", "PATTERN_KINDS", "Variant", "VariantError", "bomb_class_size"]


@dataclass(frozen=True)
class Variant:
    """One table's rules as data: the table record plus its per-family rule records.

    The pattern engine reads only ``pattern_rules``; a climbing hand's phases read ``climbing``, the speculator's
    part of a hand ``speculator``, a trick hand ``trick``.  Build new tables with ``with_changes``, which takes the
    flat keys of ``to_json``.
    """

    name: str
    title: str
    players: int = 3
    decks: int = 1
    #: Ranks taken out of every deck, as rank characters (e.g. ``"34"``).
    removed_ranks: str = ""
    hand_size: int = 17
    bottom_size: int = 3
    #: Cards dealt aside face down, out of play for the whole hand (二人斗地主's 11 蓋牌, other-games.md §2.1).
    dead_cards: int = 0
    #: The first bidder's marker card is face up for all (classic, other-games.md Q3.1); off where the first
    #: bidder is simply random (two-player Q2.2, 癞子 §1.1), so the card it holds stays secret.
    marker_shown: bool = True
    #: The bottom cards are shown to every seat when the landlord takes them.
    bottom_shown: bool = True
    #: Which patterns the table plays and how they compare (their keys are flat in JSON and TOML).
    pattern_rules: PatternRules = PatternRules()
    #: A climbing table's auction, multipliers and extra steps (their keys are flat in JSON and TOML too).
    climbing: ClimbingRules = ClimbingRules()
    #: How the server plays a seat whose turn timer runs out (``grace``, ``takeover`` or ``minimal``, §1.2): see
    #: ``Timeouts``.
    timeouts: Timeouts = Timeouts.GRACE
    #: Suits never matter to a combination: moves are printed without suits.
    suits_matter: bool = False
    #: Cards turned face up after the deal (翻牌, F of speculator.md §2).
    flipped: int = 0
    #: The speculator's rules on 投机商 tables; ``None`` on every other table.
    speculator: SpeculatorRules | None = None
    #: The trick-taking family's rules (炒地皮, other-games.md §7); ``None`` on every climbing table.
    trick: TrickRules | None = None
    description: str = ""
    #: Free-form notes on resolutions this table adopts, shown by ``paiju variants --json``.
    notes: tuple[str, ...] = field(default=())
    #: The engine family that plays the table (``paiju.engine`` finds it by this name).
    family: str = "climbing"

    def __post_init__(self) -> None:
        coerce_options(self, _OPTIONS)
        problems = list(self._problems())
        if problems:
            raise VariantError(f"variant {self.name!r}: " + "; ".join(problems), problems)

    def _problems(self) -> Iterator[Problem]:
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", self.name):
            yield Problem("bad_name", f"name {self.name!r} must be lower-case letters, digits and dashes", name=self.name)
        if not isinstance(self.family, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", self.family):
            yield Problem(
                "bad_family", f"family {self.family!r} must be a family's name, such as 'climbing'", family=str(self.family)
            )
        if not 2 <= self.players <= 10:
            yield Problem("players_range", f"players = {self.players}: must be 2 to 10", players=self.players, least=2, most=10)
        if not 1 <= self.decks <= 3:
            yield Problem("decks_range", f"decks = {self.decks}: must be 1 to 3", decks=self.decks, least=1, most=3)
        if self.dead_cards < 0:
            yield Problem("dead_cards_negative", f"dead_cards = {self.dead_cards}: must be 0 or more", dead_cards=self.dead_cards)
        bad_ranks = "".join(sorted(set(self.removed_ranks) - set(RANKS)))
        if bad_ranks:
            yield Problem("bad_ranks", f"removed_ranks: {bad_ranks!r} are not ranks 3…2", ranks=bad_ranks)
        in_play = self.cards_in_play
        extra = self.speculator.extra_draw if self.speculator else 0
        dealt = self.players * self.hand_size + self.bottom_size + self.flipped + extra + self.dead_cards
        if dealt != in_play:
            parts = f"{self.players} players × {self.hand_size} + {self.bottom_size} bottom"
            parts += f" + {self.flipped} flipped" if self.flipped else ""
            parts += f" + {extra} drawn by the speculator" if extra else ""
            parts += f" + {self.dead_cards} dead" if self.dead_cards else ""
            yield Problem(
                "cards_dont_add_up",
                f"cards don't add up: {parts} = {dealt}, but {self.decks} deck(s)"
                f"{' without ' + self.removed_ranks if self.removed_ranks else ''} "
                f"hold {in_play}",
                dealt=dealt, decks=self.decks, in_play=in_play,
            )
        if self.speculator is not None:
            yield from self.speculator.problems()
            yield from self._speculator_problems(self.speculator)
        yield from self.pattern_rules.problems(self.decks)
        if self.trick is not None:
            yield from self.trick.problems()
        elif self.family == "trick":
            yield Problem("trick_rules_missing", "a trick-taking table needs its trick rules (the [trick] part)")
        yield from self.climbing.problems()
        yield from option_problems(self, _OPTIONS)

    def _speculator_problems(self, spec: SpeculatorRules) -> Iterator[Problem]:
        """speculator.md §6, §13, §16: hand sizes and stakes that a speculator table must meet."""
        if self.players < 3:
            yield Problem("speculator_players", "a speculator table needs at least 3 players", least=3)
            return
        landlord, farmer, speculator = self.final_hand_sizes
        if speculator < 1:
            yield Problem(
                "speculator_no_cards",
                f"the speculator's gifts ({spec.gift_landlord} + {self.players - 2} × {spec.gift_farmer}) leave it no cards",
            )
        for who, rule, size in (
            ("landlord", spec.landlord_gift_colours, spec.gift_landlord),
            ("farmer", spec.farmer_gift_colours, spec.gift_farmer),
        ):
            if rule and not self.two_colour:
                yield Problem(
                    "gift_colours_need_two_colour", f"speculator {who}_gift_colours needs a two-colour table (two_colour = true)",
                    rule=f"{who}_gift_colours",
                )
            elif rule and not colour_split_fits(rule, size):
                yield Problem(
                    "gift_colours_dont_fit", f"speculator {who}_gift_colours {rule!r} does not fit a gift of {size} cards",
                    rule=f"{who}_gift_colours", colours=str(rule), size=size,
                )
        if spec.early_bottom > self.bottom_size:
            yield Problem(
                "early_bottom_too_many",
                f"the speculator takes {spec.early_bottom} bottom cards early, but the bottom has {self.bottom_size}",
                early=spec.early_bottom, bottom=self.bottom_size,
            )
        three = spec.partner == PartnerRule.PAIR_OR_BOTTOM
        if three and self.decks != 3 or spec.partner in (PartnerRule.FLIP_RANK, PartnerRule.SINGLE) and self.decks != 2:
            yield Problem(
                "partner_decks", f"speculator partner {spec.partner!r} needs {3 if three else 2} decks",
                partner=str(spec.partner), decks=3 if three else 2,
            )
        if spec.partner == PartnerRule.FLIP_RANK and (spec.flip_to != FlipTo.LANDLORD or not self.flipped):
            yield Problem(
                "flip_rank_needs_flip_to_landlord",
                "speculator partner 'flip-rank' needs a flipped card that goes to the landlord (flip_to = landlord)",
            )
        if not landlord > farmer > speculator:
            yield Problem(
                "hands_dont_shrink",
                f"final hands must shrink from landlord to farmer to speculator; got {landlord} / {farmer} / {speculator}",
                landlord=landlord, farmer=farmer, speculator=speculator,
            )
        face_up = self.bottom_size - spec.early_bottom + (self.flipped if spec.flip_to == FlipTo.SPECULATOR else 0)
        if 2 * face_up > speculator:
            yield Problem(
                "too_many_face_up", f"the speculator takes {face_up} cards face up, more than half its final {speculator}",
                face_up=face_up, final=speculator,
            )
        if spec.rangpai:
            return
        farmers = self.players - 2
        paired = farmers - 1 if spec.partner else farmers
        stakes = [(spec.stake, paired, "stake")] + ([(spec.stake_alone, farmers, "lone_stake")] if spec.partner else [])
        for stake, n, what in stakes:
            if stake % (n + 1) or stake % n:
                yield Problem(
                    "stake_not_whole",
                    f"speculator {what} {stake}: it must divide by {n} farmers and by "
                    f"{n + 1} (the speculator's share), so every score is whole",
                    rule=what, stake=stake, farmers=n, shares=n + 1,
                )
        if spec.partner and (spec.stake - spec.stake // (paired + 1)) % 3:
            yield Problem(
                "stake_not_split", f"speculator stake {spec.stake}: the landlords' share must split 2:1, so every score is whole",
                stake=spec.stake,
            )

    # ----------------------------------------------------------------- derived values
    @property
    def final_hand_sizes(self) -> tuple[int, int, int]:
        """Cards held when play starts: (landlord, each farmer, speculator); speculator tables only."""
        spec = self.speculator
        if spec is None:
            return (self.landlord_hand_size, self.hand_size, 0)
        flip_l = self.flipped if spec.flip_to == FlipTo.LANDLORD else 0
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

    @cached_property
    def removed_rank_indices(self) -> tuple[int, ...]:
        """The removed ranks as rank indices (found once per table: every deal asks)."""
        return tuple(sorted(RANK_CHARS.index(r) for r in set(self.removed_ranks)))

    @property
    def two_colour(self) -> bool:
        """双色 (speculator.md §14): the deal, the gifts and the patterns all split by colour."""
        return self.pattern_rules.two_colour

    @property
    def landlord_hand_size(self) -> int:
        """Cards the landlord holds when play starts."""
        return self.hand_size + self.bottom_size

    def with_changes(self, **changes: Any) -> Variant:
        """A new, validated variant: this one plus ``changes`` (flat ``to_json`` keys, or a whole rule record:
        ``pattern_rules``, ``climbing``)."""
        unknown = set(changes) - set(JSON_KEYS) - set(_RECORDS)
        if unknown:
            raise VariantError(Problem("unknown_keys", f"unknown variant key(s): {sorted(unknown)}", keys=_joined(unknown)))
        table = {k: v for k, v in changes.items() if k not in _RECORD_OF}
        for record in _RECORDS:
            flat = {k: v for k, v in changes.items() if _RECORD_OF.get(k) == record}
            table[record] = dataclasses.replace(table.get(record, getattr(self, record)), **flat)
        return dataclasses.replace(self, **table)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Variant:
        """Rebuild (and validate) a variant from ``to_json`` output; unknown keys are an error."""
        unknown = set(data) - set(JSON_KEYS)
        if unknown:
            raise VariantError(Problem("unknown_keys", f"unknown variant key(s): {sorted(unknown)}", keys=_joined(unknown)))
        try:
            values = {name: _from_plain(name, value) for name, value in data.items()}
            table = {k: v for k, v in values.items() if k not in _RECORD_OF}
            for record, kind in _RECORDS.items():
                table[record] = kind(**{k: v for k, v in values.items() if _RECORD_OF.get(k) == record})
            return cls(**table)
        except TypeError as err:
            raise VariantError(Problem("bad_settings", f"variant settings: {err}")) from err

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready description of the table, its rule records' keys flat (``paiju variants --json``, logs)."""
        return {
            key: _plain(getattr(getattr(self, _RECORD_OF[key]) if key in _RECORD_OF else self, key))
            for key in JSON_KEYS
            if key != "trick" or self.trick is not None  # climbing tables' JSON (and their logs) keep their bytes
        }


#: The keys of a table in JSON and TOML, in the order every saved log holds them.
JSON_KEYS: tuple[str, ...] = (
    "name", "title", "players", "decks", "removed_ranks", "hand_size", "bottom_size", "dead_cards", "marker_shown", "bottom_shown",
    "patterns", "straight_min", "straight_max", "pair_chain_min", "pair_chain_max", "triple_chain_min",
    "airplane_min", "joker_pairs", "rocket_kickers", "distinct_four_two_kickers", "bomb_ladder", "doubling_bombs",
    "chain_wilds_placed", "all_wild_group_face_rank", "quad_chain_min",
    "bid_style", "max_bid", "single_round_auction", "spring", "suits_matter", "flipped", "two_colour",
    "red_over_black", "open_start", "open_landlord", "grab_round", "wild_rank", "bomb_multiplier_by_class", "seat_doubles",
    "global_double", "bottom_choice", "timeouts", "speculator", "trick", "description", "notes",
    "family",
)  # fmt: skip
_OPTIONS: dict[str, type[StrEnum]] = {"timeouts": Timeouts}
#: The rule records whose keys are flat among the table's keys in JSON and TOML, and the key each record holds.
_RECORDS: dict[str, type[PatternRules] | type[ClimbingRules]] = {"pattern_rules": PatternRules, "climbing": ClimbingRules}
_RECORD_OF = {key: record for record, keys in (("pattern_rules", PATTERN_RULE_KEYS), ("climbing", CLIMBING_RULE_KEYS)) for key in keys}
_SETS = ("patterns", "doubling_bombs")
_KIND_ORDER = {k: i for i, k in enumerate(PATTERN_KINDS)}


def _plain(value: Any) -> Any:
    """A record's value as JSON data: enums as their strings, tuples as lists, sets in display order."""
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, frozenset):
        value = sorted(value, key=lambda k: (_KIND_ORDER.get(k, len(_KIND_ORDER)), k))
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, (SpeculatorRules, TrickRules)):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def _from_plain(name: str, value: Any) -> Any:
    """A JSON value of key ``name`` as the record field holds it (sets, tuples, speculator rules)."""
    if name == "speculator":
        return None if value is None else _rules_from_json(SpeculatorRules, "speculator", value)
    if name == "trick":
        return None if value is None else _rules_from_json(TrickRules, "trick", value)
    if name in _SETS:
        return frozenset(value)
    if isinstance(value, list):
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    return value


R = TypeVar("R", SpeculatorRules, TrickRules)


def _rules_from_json(record: type[R], what: str, data: dict[str, Any]) -> R:
    """Rebuild a table's speculator or trick rules from JSON; unknown keys are an error naming them."""
    known = {f.name for f in dataclasses.fields(record)}
    unknown = set(data) - known
    if unknown:
        raise VariantError(Problem("unknown_keys", f"unknown {what} key(s): {sorted(unknown)}", keys=_joined(unknown)))
    try:
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return record(**values)
    except TypeError as err:
        raise VariantError(Problem("bad_settings", f"{what} settings: {err}")) from err


def _joined(keys: set[str]) -> str:
    """Keys as one problem param: sorted and joined by commas."""
    return ",".join(sorted(keys))
