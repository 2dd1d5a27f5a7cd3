"""Duplicate-format evaluation of two bots at any table: every deal is played once per seating of the two bots, so
each bot plays every seat's cards as often as the other, and the per-deal difference between them is free of the
luck of the cards.

The seatings of a deal (``seatings``): one bot alone in one seat and the other bot in every other seat, for every seat
and both ways round — 2 seatings at a 2-seat table (A B, B A), 6 at a 3-seat one (A B B, B A B, B B A, B A A, A B A,
A A B), 2·N at an N-seat one. Over them each seat holds each bot N times (2-seat: once). Against RLCard's rule agent
(``against="rlcard-rule"``, classic only) the landlord is fixed instead: the first bidder bids 1 and the others pass
(the agent does not bid), and a deal is its two sides' seatings: A landlord against B farmers, B landlord against A
farmers.

A deal's result is one JSON line (``DealRecord``); the report is made from the lines alone, so results appended to a
file by runs cut short make the report of one run (``run_arena`` with ``out``)."""

from __future__ import annotations

import importlib.util
import json
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from paiju.bots import AnyBot, act_for, bot_maker, play_out
from paiju.engine import AnyHand, open_hand, variant_family
from paiju.ordered import local_map
from paiju.policy import table_policy
from paiju.results_sink import ResultsSink
from paiju.simulate import RoleStats
from paiju.variants import Variant

__all__ = [
    "AGAINST", "ArenaError", "ArenaReport", "DealRecord", "Paired", "PlayedSeating", "arena_header", "deal_seed",
    "play_deal", "play_seating", "read_deal_lines", "read_results", "run_arena", "seatings",
]  # fmt: skip

#: The reference opponents ``against`` names, and the table each plays.
AGAINST = {"rlcard-rule": "classic"}
#: The version of the results file's lines (its header says it).
FORMAT = 1
#: Which bot a seat holds in a seating: ``A`` or ``B``.
SIDES = "AB"
#: Two-sided 95 % normal quantile.
Z95 = 1.96


class ArenaError(ValueError):
    """An arena that cannot run as asked (a results file of another arena, a table the opponent does not play, a
    reference opponent's illegal move), in words a person understands."""


def seatings(players: int) -> list[str]:
    """The seatings of one deal at an ``players``-seat table, each a string of ``A``/``B`` by seat: one bot alone in
    one seat and the other in the rest, every seat, both ways round (distinct ones only: 2 at a 2-seat table)."""
    found: list[str] = []
    for lone, rest in ("AB", "BA"):
        for seat in range(players):
            seating = "".join(lone if s == seat else rest for s in range(players))
            if seating not in found:
                found.append(seating)
    return found


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal number ``deal`` of an arena seeded ``seed`` (as a session numbers its hands)."""
    return seed * 1_000_003 + deal


def arena_header(variant: Variant, bots: Sequence[str], seed: int, against: str | None) -> dict[str, Any]:
    """The first line of a results file: what makes its deals (the table, in full, the bots, the seed, the opponent);
    a run appends to a file only under the same header."""
    table: dict[str, Any] = json.loads(json.dumps(variant.to_json()))
    return {"arena": FORMAT, "variant": table, "bots": list(bots), "seed": seed, "against": against}


@dataclass(frozen=True)
class PlayedSeating:
    """One seating of a deal played out: each seat's bot (``A``/``B``), its role at the end, its score."""

    seating: str
    roles: tuple[str, ...]
    scores: tuple[int, ...]

    def mean(self, side: str, value: Callable[[int], float]) -> float:
        """The mean of ``value(score)`` over the seats ``side`` held."""
        got = [value(score) for bot, score in zip(self.seating, self.scores, strict=True) if bot == side]
        return sum(got) / len(got)


@dataclass(frozen=True)
class DealRecord:
    """A deal's plays, one per seating: one line of a results file."""

    deal: int
    plays: tuple[PlayedSeating, ...]

    def to_json(self) -> dict[str, Any]:
        """The line's fields."""
        return {"deal": self.deal, "plays": [{"seating": p.seating, "roles": list(p.roles), "scores": list(p.scores)} for p in self.plays]}  # fmt: skip

    @classmethod
    def from_json(cls, line: dict[str, Any]) -> DealRecord:
        """The record a line holds."""
        plays = tuple(PlayedSeating(p["seating"], tuple(p["roles"]), tuple(p["scores"])) for p in line["plays"])
        return cls(int(line["deal"]), plays)

    def difference(self, value: Callable[[int], float]) -> float:
        """A's mean of ``value(score)`` over its seats minus B's, averaged over the deal's seatings."""
        return sum(p.mean("A", value) - p.mean("B", value) for p in self.plays) / len(self.plays)

    def side_mean(self, side: str, value: Callable[[int], float]) -> float:
        """``side``'s mean of ``value(score)`` over its seats, averaged over the deal's seatings."""
        return sum(p.mean(side, value) for p in self.plays) / len(self.plays)


def _won(score: int) -> float:
    """1 for a won seat (a score above 0), else 0."""
    return float(score > 0)


def _score(score: int) -> float:
    """The score itself."""
    return float(score)


@dataclass
class Paired:
    """The mean and 95 % interval half-width of a per-deal figure (normal approximation on the deals' values)."""

    mean: float
    ci95: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Paired:
        """The mean of ``values`` and the half-width of its 95 % interval (0 with fewer than two)."""
        n = len(values)
        mean = sum(values) / n if n else 0.0
        if n < 2:
            return cls(mean, 0.0)
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        return cls(mean, Z95 * math.sqrt(var / n))

    def excludes_zero(self) -> bool:
        """Whether the interval lies wholly on one side of 0."""
        return abs(self.mean) > self.ci95

    def to_json(self) -> dict[str, float]:
        """``mean`` and ``ci95``, rounded."""
        return {"mean": round(self.mean, 4), "ci95": round(self.ci95, 4)}


@dataclass
class ArenaReport:
    """What ``paiju arena`` prints: per bot (``A``, ``B``) and role the seats' win rate and mean score, and the
    per-deal figures of the duplicate format (each bot's mean over its seats, A − B)."""

    variant: str
    bots: tuple[str, str]
    seed: int
    against: str | None
    deals: int = 0
    #: Hands played: a deal's seatings, summed over the deals.
    plays: int = 0
    #: Per side (``A``, ``B``), per role (and ``all``): the seats' outcomes.
    by_bot: dict[str, dict[str, RoleStats]] = field(default_factory=dict)
    #: Per-deal figures: ``score_a``, ``score_b``, ``score_diff`` (ADP), ``win_a``, ``win_b``, ``win_diff`` (WP).
    paired: dict[str, Paired] = field(default_factory=dict)

    @classmethod
    def of(cls, records: Sequence[DealRecord], variant: str, bots: tuple[str, str], seed: int, against: str | None) -> ArenaReport:  # fmt: skip
        """The report over ``records``."""
        report = cls(variant, bots, seed, against, len(records), sum(len(r.plays) for r in records))
        for side in SIDES:
            stats = report.by_bot[side] = {"all": RoleStats()}
            for record in records:
                for play in record.plays:
                    for bot, role, score in zip(play.seating, play.roles, play.scores, strict=True):
                        if bot == side:
                            stats["all"].add(score)
                            stats.setdefault(role, RoleStats()).add(score)
        for name, value in (("score", _score), ("win", _won)):
            report.paired[f"{name}_a"] = Paired.of([r.side_mean("A", value) for r in records])
            report.paired[f"{name}_b"] = Paired.of([r.side_mean("B", value) for r in records])
            report.paired[f"{name}_diff"] = Paired.of([r.difference(value) for r in records])
        return report

    def to_json(self) -> dict[str, Any]:
        """The machine-readable report (fields in docs/arena.md)."""
        return {
            "variant": self.variant,
            "bots": {"A": self.bots[0], "B": self.bots[1]},
            "seed": self.seed,
            "against": self.against,
            "deals": self.deals,
            "plays": self.plays,
            "by_bot": {side: {role: s.to_json() for role, s in roles.items()} for side, roles in self.by_bot.items()},
            "paired": {name: p.to_json() for name, p in self.paired.items()},
        }


def play_deal(variant: Variant, bots: Sequence[str], seed: int, deal: int, against: str | None = None) -> DealRecord:
    """Deal number ``deal`` played once per seating: bot ``bots[0]`` in the ``A`` seats, ``bots[1]`` (or the
    reference opponent ``against``) in the ``B`` seats. Each seat's bot is seeded by the deal, the seating and the
    seat, so two copies of one bot play apart."""
    hand_seed = deal_seed(seed, deal)
    family = variant_family(variant)
    tally = table_policy(family).tally
    if against is not None:
        return DealRecord(deal, tuple(_against_rlcard(variant, bots[0], hand_seed, i, lone) for i, lone in enumerate(SIDES)))  # fmt: skip
    makers = {side: bot_maker(name, family) for side, name in zip(SIDES, bots, strict=True)}
    plays: list[PlayedSeating] = []
    for i, seating in enumerate(seatings(variant.players)):
        game = play_seating(variant, hand_seed, i, [makers[side] for side in seating])
        assert game.result is not None
        plays.append(PlayedSeating(seating, tally(game).roles, tuple(game.result.scores)))
    return DealRecord(deal, tuple(plays))


def play_seating(variant: Variant, hand_seed: int, index: int, makers: Sequence[Callable[[int], AnyBot]]) -> AnyHand:
    """The hand dealt from ``hand_seed`` played out by one bot per seat, made by ``makers``, as seating number
    ``index`` of its deal: each seat's bot is seeded by the deal, the seating and the seat (two copies of one bot
    play apart, and a seating plays the same wherever it is played)."""
    game = open_hand(variant, hand_seed)
    play_out(game, [make(hand_seed * 1024 + index * 16 + s) for s, make in enumerate(makers)])
    return game


def _against_rlcard(variant: Variant, bot: str, hand_seed: int, index: int, lone: str) -> PlayedSeating:
    """One side's seating of a deal against RLCard's rule agent: the first bidder bids 1 and the others pass, so
    it is the landlord; ``lone`` (``A`` or ``B``) holds the landlord's seat and the other bot the farmers'."""
    import numpy as np

    from paiju.climbing.actions import Bid, Pass
    from paiju.climbing.hand import Hand
    from paiju.errors import IllegalMoveError
    from paiju.reference import RuleAgentSeat

    game = open_hand(variant, hand_seed)
    assert isinstance(game, Hand)
    landlord = min(game.actors())
    seating = "".join(SIDES[0] if (s == landlord) == (lone == "A") else SIDES[1] for s in range(variant.players))
    ours = bot_maker(bot)
    players = {s: ours(hand_seed * 1024 + index * 16 + s) for s, side in enumerate(seating) if side == "A"}
    agent = RuleAgentSeat()
    np.random.seed((hand_seed * 4 + index) % 2**32)  # the agent's ties
    while game.result is None:
        seat = min(game.actors())
        if game.phase == "bid":
            game.apply(Bid(1) if seat == landlord else Pass(), seat)
            continue
        try:
            action = agent.act(game, seat) if seating[seat] == "B" else act_for(players[seat], game, seat)
        except IllegalMoveError as err:
            raise ArenaError(f"deal seed {hand_seed}: {err}") from err
        agent.record(seat, action)
        game.apply(action, seat)
    return PlayedSeating(seating, table_policy(variant_family(variant)).tally(game).roles, tuple(game.result.scores))


def read_results(path: Path, header: dict[str, Any]) -> dict[int, DealRecord]:
    """The deals an arena results file holds, by number (``read_deal_lines``)."""
    records = (DealRecord.from_json(line) for line in read_deal_lines(path, header, "arena"))
    return {record.deal: record for record in records}


def read_deal_lines(path: Path, header: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """The deal lines of a results file of ``kind`` (``arena``, ``balance``: its header's first key), in file order;
    a missing or empty file holds none. A file made under another header is refused (``ArenaError`` saying what
    differs); a last line cut short by an interrupted run is dropped from the file, so the run appends after whole
    lines."""
    if not path.exists() or path.stat().st_size == 0:
        return []
    raw = path.read_bytes()
    whole = raw[: raw.rfind(b"\n") + 1]
    lines = whole.decode("utf-8", errors="replace").splitlines()
    first = _json_line(lines[0]) if lines else None
    if not isinstance(first, dict) or first.get(kind) != header[kind]:
        raise ArenaError(f"{path} is not {'an' if kind[0] in 'aeiou' else 'a'} {kind} results file; name another --out")
    differ = [key for key in header if first.get(key) != header[key]]
    if differ:
        what = ", ".join(_difference(key, first.get(key), header[key]) for key in differ)
        raise ArenaError(f"{path} holds the deals of another {kind}: {what}; name another --out or remove it")
    found: list[dict[str, Any]] = []
    for number, line in enumerate(lines[1:], start=2):
        deal = _json_line(line)
        if not isinstance(deal, dict) or "deal" not in deal or "plays" not in deal:
            raise ArenaError(f"line {number} of {path} is not a deal's results; remove it or name another --out")
        found.append(deal)
    if len(whole) < len(raw):
        with path.open("r+b") as f:
            f.truncate(len(whole))
    return found


def _json_line(line: str) -> Any:
    """What a JSON line holds, or ``None`` for a line that is not JSON."""
    try:
        return json.loads(line)
    except json.JSONDecodeError:
        return None


def _difference(key: str, held: Any, asked: Any) -> str:
    """How a header field of a file differs from the one asked for: a table of the same name by its rules that
    differ (a table file changed since), anything else by both values."""
    if key == "variant" and isinstance(held, dict) and held.get("name") == asked.get("name"):
        rules = ", ".join(f"{k} {_shown(held.get(k))} (asked: {_shown(asked.get(k))})" for k in asked if held.get(k) != asked.get(k))  # fmt: skip
        return f"table {asked['name']} with other rules: {rules}"
    return f"{key} {_shown(held)} (asked: {_shown(asked)})"


def _shown(value: Any) -> str:
    """A header field in a few words (a table by its name)."""
    if isinstance(value, dict) and "name" in value:
        return f"table {value['name']}"
    return json.dumps(value, ensure_ascii=False)


def run_arena(
    variant: Variant,
    bots: Sequence[str],
    deals: int,
    seed: int = 0,
    against: str | None = None,
    out: Path | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
) -> ArenaReport:
    """Play deals ``0 … deals - 1`` of ``bots`` (A, B) at ``variant`` and report over them. With ``out``, the deals
    already in that results file are read, not played, and each deal played is appended to it in deal order (the
    header first, in a new file). ``progress(n)`` is told how many deals are done after each. ``workers`` processes
    play the deals (each deal is seeded by its number, so a budget of rollouts plays the same on any number; a time
    budget thinks on one core a worker)."""
    if against is not None and AGAINST.get(against) != variant.name:
        raise ArenaError(f"--against {against} plays {AGAINST.get(against, 'no table')} only, not {variant.name}")
    if against is not None and importlib.util.find_spec("rlcard") is None:
        raise ArenaError(
            f"--against {against} needs RLCard, the optional reference extra: pip install 'paiju[reference]'"
        )
    header = arena_header(variant, bots, seed, against)
    done = read_results(out, header) if out is not None else {}
    records: list[DealRecord] = []
    for record in _played(variant, bots, deals, seed, against, done, out, header, workers):
        records.append(record)
        if progress is not None:
            progress(len(records))
    a, b = bots
    return ArenaReport.of(records, variant.name, (a, b), seed, against)


def _played(
    variant: Variant,
    bots: Sequence[str],
    deals: int,
    seed: int,
    against: str | None,
    done: dict[int, DealRecord],
    out: Path | None,
    header: dict[str, Any],
    workers: int,
) -> Iterator[DealRecord]:
    """Deals ``0 … deals - 1`` in order: read from ``done`` or played on ``workers`` processes and appended to
    ``out``."""
    missing = [deal for deal in range(deals) if deal not in done]
    played = local_map(partial(play_deal, variant, bots, seed, against=against), missing, workers)
    with closing(played), ResultsSink(out, header) as sink:
        for deal in range(deals):
            if deal in done:
                yield done[deal]
                continue
            record = next(played)
            sink.append([record.to_json()])
            yield record
