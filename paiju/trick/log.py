"""A 炒地皮 hand's log (the kernel's format, family ``trick``): the match standing before the hand, the deals and
every action; and its replay, which checks each step against the rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paiju.cards import RANK_CHARS, Rank, Suit
from paiju.engine.log import LOG_FORMAT, LOG_VERSION, LogError, family_header, log_rules, log_seed, log_variant
from paiju.errors import IllegalMoveError
from paiju.trick.actions import Action, Bury, Declare, Pass, Play
from paiju.trick.declare import RED_FIVE_PAIR, make_declaration
from paiju.trick.events import DealEvent
from paiju.trick.hand import TrickHand
from paiju.trick.levels import MatchState, SideLevel

__all__ = ["TRICK", "game_log", "match_from_json", "match_json", "replay"]

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


def _action(event: dict[str, Any], level: int) -> Action | None:
    """The action a logged event records (``None``: the hand made it by itself)."""
    kind = event["type"]
    if kind == "pass":
        return Pass()
    if kind == "declare":
        trump = None if event["trump"] is None else Suit(event["trump"])
        return Declare(
            make_declaration(event["seat"], event["cards"], level, trump if event["strength"] == RED_FIVE_PAIR else None)
        )
    if kind == "bury":
        return Bury(tuple(event["cards"]))
    if kind == "play":
        return Play(tuple(event["cards"]))
    if kind == "throw_failed":
        return Play(tuple(event["attempted"]))
    return None


def replay(
    log: dict[str, Any], stop: int | None = None, each: Callable[[int, TrickHand], None] | None = None
) -> TrickHand:
    """Rebuild a hand from its log (up to ``stop`` events), each action checked by the rules, and the events the
    hand writes checked against the log's; ``each(n, hand)`` sees the hand after the first ``n`` events."""
    events: list[dict[str, Any]] = log["events"][:stop]
    try:
        deals = [
            DealEvent(e["first"], tuple(tuple(h) for h in e["hands"]), tuple(e["kitty"]), bool(e.get("paced", False)))
            for e in log["events"]
            if e["type"] == "deal"
        ]
        hand = TrickHand(log_variant(log), log_seed(log), match_from_json(log["match"]), deals)
        if each is not None:
            each(0, hand)
        skip_play = False
        for i, event in enumerate(events):
            action = _action(event, hand.state.level)
            if action is None or (skip_play and event["type"] == "play"):
                skip_play = False
                continue
            skip_play = event["type"] == "throw_failed"
            seat = event["seat"]
            hand.apply(action, seat)
            if each is not None:
                each(i + 1, hand)
    except (IllegalMoveError, ValueError, KeyError, TypeError) as err:
        raise LogError(f"the log does not replay: {err}") from err
    written = hand.events[: len(events)]
    if written != events[: len(written)]:
        at = next(i for i, (a, b) in enumerate(zip(written, events, strict=False)) if a != b)
        raise LogError(f"the log does not replay: event {at} is {events[at]}, but the rules give {written[at]}")
    return hand
