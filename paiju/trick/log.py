"""A 炒地皮 hand's log (the kernel's format, family ``trick``): the match standing before the hand, the deals and
every action; and its replay, which checks each step against the rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paiju.cards import RANK_CHARS, Rank
from paiju.engine import AnyHand
from paiju.engine import log as engine_log
from paiju.engine.log import LOG_FORMAT, LOG_VERSION, family_header, log_rules, log_seed, log_variant
from paiju.trick.events import DealEvent
from paiju.trick.hand import TrickHand
from paiju.trick.levels import MatchState, SideLevel

__all__ = ["TRICK", "game_log", "match_from_json", "match_json", "replay", "start"]

TRICK = "trick"


def match_json(match: MatchState) -> dict[str, Any]:
    """The match standing as a log's header holds it."""
    sides = [{"level": RANK_CHARS[s.level], "kangqi": s.kangqi, "failures": s.failures} for s in match.sides]
    return {"sides": sides, "dealer": match.dealer}


def match_from_json(data: dict[str, Any]) -> MatchState:
    """The match standing a log's header holds."""
    sides = tuple(SideLevel(Rank.from_char(s["level"]), bool(s["kangqi"]), int(s["failures"])) for s in data["sides"])
    assert len(sides) == 2
    return MatchState(sides=(sides[0], sides[1]), dealer=data["dealer"])


def game_log(hand: TrickHand, seats: list[str] | None = None) -> dict[str, Any]:
    """The JSON-ready log of a hand, finished or not."""
    players = hand.variant.players
    return {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        **family_header(TRICK),
        "variant": hand.variant.name,
        "rules": log_rules(hand.variant),
        "seed": str(hand.seed),
        "match": match_json(hand.state.match),
        "seats": seats or [f"seat {i}" for i in range(players)],
        "events": hand.events,
    }


def start(log: dict[str, Any]) -> TrickHand:
    """The hand a log's deals begin (every deal it records and the match standing before it), before any action:
    replay's first hook."""
    deals = [
        DealEvent(e["first"], tuple(tuple(h) for h in e["hands"]), tuple(e["kitty"]), bool(e.get("paced", False)))
        for e in log["events"]
        if e["type"] == "deal"
    ]
    return TrickHand(log_variant(log), log_seed(log), match_from_json(log["match"]), deals)


def replay(
    log: dict[str, Any], stop: int | None = None, each: Callable[[int, TrickHand], None] | None = None
) -> TrickHand:
    """Rebuild a hand from its log (up to ``stop`` events), checking every step (``paiju.engine.log.replay``)."""

    def seen(n: int, at: AnyHand) -> None:
        assert each is not None and isinstance(at, TrickHand)
        each(n, at)

    hand = engine_log.replay(log, stop, None if each is None else seen)
    assert isinstance(hand, TrickHand)
    return hand
