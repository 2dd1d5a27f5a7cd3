"""The family-neutral side of the log: its format, its family, and saving, reading and replaying it by family."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from paiju.engine.protocol import AnyHand, HandEngine, Observation
from paiju.engine.registry import CLIMBING, family, family_of
from paiju.variants import Variant, get_variant

__all__ = [
    "FAMILY_KEY",
    "LOG_FORMAT",
    "LOG_VERSION",
    "LOG_VERSIONS",
    "LogError",
    "check_header",
    "family_header",
    "game_log",
    "load_log",
    "log_family",
    "log_rules",
    "log_seed",
    "log_variant",
    "replay",
    "save_log",
]

A = TypeVar("A")
O = TypeVar("O", bound=Observation[object])

LOG_FORMAT = "paiju-hand"
#: The version this paiju writes: 2 writes the seed as a string (JavaScript rounds a 128-bit JSON number).
LOG_VERSION = 2
#: The versions this paiju reads: 1 wrote the seed as a JSON number, and a play's text as its cards alone even where
#: the same cards read otherwise too (version 2 names such a play's body: ``8888+55+55``).
LOG_VERSIONS = (1, 2)
#: The header key naming a log's family; absent means the climbing family (so its logs keep their bytes).
FAMILY_KEY = "family"


class LogError(ValueError):
    """A saved hand that cannot be read or does not replay."""


def family_header(name: str) -> dict[str, str]:
    """The header entries that name family ``name``: none for climbing, whose logs predate the key."""
    return {} if name == CLIMBING else {FAMILY_KEY: name}


def log_family(log: dict[str, Any]) -> str:
    """The family a log names (climbing when it names none)."""
    return str(log.get(FAMILY_KEY, CLIMBING))


#: The last table ``log_rules`` wrote and its rules as JSON text: a search writes one table's log for every world it
#: draws, and the rules are the same each time (a fresh copy is read from the text, so no caller shares one).
_last_rules: tuple[Variant, str] | None = None


def log_rules(variant: Variant) -> dict[str, Any]:
    """The table's rules as a log stores them: without the family, which the header names once."""
    global _last_rules
    if _last_rules is None or _last_rules[0] is not variant:
        rules = variant.to_json()
        del rules[FAMILY_KEY]
        _last_rules = (variant, json.dumps(rules))
    fresh: dict[str, Any] = json.loads(_last_rules[1])
    return fresh


def log_seed(log: dict[str, Any]) -> int:
    """The seed a log holds: digits in a string (version 2), or a JSON number (version 1)."""
    seed, old = log["seed"], log.get("version") == 1
    if old and type(seed) is int:
        return seed
    if not old and isinstance(seed, str) and seed.isdecimal() and seed.isascii():
        return int(seed)
    raise LogError(f"the log's seed {seed!r} is not {'a whole number' if old else 'digits in a string'}")


#: The last stored rules ``log_variant`` read (a copy, with the family) and the table made of them: a search reads
#: the same table from every world's log.
_last_variant: tuple[dict[str, Any], Variant] | None = None


def log_variant(log: dict[str, Any]) -> Variant:
    """The table a log was played at: its stored rules under the header's family, else the built-in table named."""
    global _last_variant
    if "rules" not in log:
        return get_variant(log["variant"])
    rules = {**log["rules"], FAMILY_KEY: log_family(log)}
    if _last_variant is None or _last_variant[0] != rules:
        _last_variant = (json.loads(json.dumps(rules)), Variant.from_json(rules))
    return _last_variant[1]


def check_header(data: Any, source: str) -> None:
    """Refuse anything that is not a hand log of the version this paiju reads."""
    if not isinstance(data, dict) or data.get("format") != LOG_FORMAT:
        raise LogError(f"{source} is not a paiju hand log")
    if data.get("version") not in LOG_VERSIONS:
        versions = " and ".join(map(str, LOG_VERSIONS))
        raise LogError(f"{source} has log version {data.get('version')}; this paiju reads versions {versions}")
    missing = [k for k in ("variant", "seed", "events") if k not in data]
    if missing:
        raise LogError(f"{source} lacks {', '.join(missing)}")


def game_log(hand: HandEngine[A, O], seats: list[str] | None = None) -> dict[str, Any]:
    """The JSON-ready log of a hand (finished or not), written by its family."""
    return family_of(hand).game_log(hand, seats)


def save_log(hand: HandEngine[A, O], path: str | Path, seats: list[str] | None = None) -> Path:
    """Write the hand's log to ``path`` as JSON."""
    target = Path(path)
    target.write_text(json.dumps(game_log(hand, seats), indent=1) + "\n", encoding="utf-8")
    return target


def load_log(path: str | Path) -> dict[str, Any]:
    """Read a saved log, checking its format and version."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise LogError(f"cannot read {path}: {err}") from err
    check_header(data, str(path))
    return dict(data)


def replay(
    log: dict[str, Any], stop: int | None = None, each: Callable[[int, AnyHand], None] | None = None
) -> AnyHand:
    """Rebuild a hand from its log (up to ``stop`` events), checking every step: each action the log records must be
    legal for a seat whose turn it is, and each event the hand writes must be the logged one.

    Two family hooks: ``start`` (the hand the log's deals begin) and ``read_event`` (a logged event, which knows the
    action it records). A logged event the hand has not written by itself must record an action. ``each(n, hand)``
    sees the hand after the first ``n`` events: before any action and after each one.
    """
    check_header(log, "the log")
    rules = family(log_family(log))
    try:
        hand = rules.start(log)
        if hand.variant.name != log["variant"]:
            raise LogError(f"the log names variant {log['variant']!r} but its rules are {hand.variant.name!r}")
        if each is not None:
            each(0, hand)
        for i, logged in enumerate(log["events"][:stop]):
            acted = i >= len(hand.typed_events)
            if acted:
                _act(hand, rules.read_event(logged).action(hand), logged, i)
            written = hand.typed_events  # event i alone is converted: the whole list each time made replay quadratic
            got = written[i].to_json() if i < len(written) else None
            if got != _as_written(logged, got, log["version"]):
                raise LogError(f"event {i} does not replay: recorded {logged}, got {got or 'nothing'}")
            if acted and each is not None:
                each(i + 1, hand)
    except LogError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise LogError(f"the log does not replay: {err}") from err
    return hand


def _act(hand: AnyHand, action: object, logged: dict[str, Any], i: int) -> None:
    """Apply the action logged event ``i`` records, refusing one the hand should have written itself, one by a seat
    whose turn it is not, and one the rules refuse."""
    if action is None:
        raise LogError(f"event {i} does not replay: recorded {logged}, but no seat acts for it here")
    seat = logged["seat"]
    if seat not in hand.actors():
        whose = " and ".join(f"seat {s}" for s in sorted(hand.actors())) or "nobody"
        raise LogError(f"event {i}: seat {seat} acts but it is {whose}'s turn")
    try:
        hand.apply(action, seat)
    except ValueError as err:
        raise LogError(f"event {i} ({logged['type']} by seat {seat}) does not replay: {err}") from err


def _as_written(logged: dict[str, Any], written: dict[str, Any] | None, version: int) -> dict[str, Any]:
    """A logged event as this paiju writes it: version 1 wrote a play's text without its body (``LOG_VERSIONS``)."""
    if version == 1 and logged.get("type") == "play" and written is not None and "text" in written:
        return {**logged, "text": written["text"]}
    return logged
