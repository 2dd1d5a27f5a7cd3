"""Typed events: their JSON is the log's format, saved logs read back, ``visible_to`` hides what redaction hid."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from helpers import CLIMBING_TABLES

from paiju.bots import make_bot
from paiju.cards import Suit, card_rank, deck_cards, make_card
from paiju.climbing import Deal, Game, game_log, observe
from paiju.climbing import events as event_kinds
from paiju.climbing.events import event_from_json
from paiju.server.history import redacted_log
from paiju.variants import Variant, get_variant
from paiju.variants.files import load_variant_toml

HERE = Path(__file__).parent
TABLES = sorted(CLIMBING_TABLES)


def _hands(variant: Variant, count: int, deals: Sequence[Deal] = ()) -> Iterator[Game]:
    """Seeded hands played by heuristic bots, yielded at every step; odd seeds follow a previous hand (§3)."""
    for seed in range(count):
        bots = [make_bot("heuristic", seed * 31 + s) for s in range(variant.players)]
        previous = seed % variant.players if seed % 2 else None
        game = Game(variant, seed, seed % variant.players, deals, previous)
        yield game
        while not game.is_over:
            game.apply(bots[game.to_act].act(observe(game, game.to_act)), game.to_act)
            yield game


def _round_trips(event: dict[str, Any]) -> None:
    """``to_json ∘ from_json`` is the identity, key order included."""
    typed = event_from_json(json.loads(json.dumps(event)))
    assert json.dumps(typed.to_json()) == json.dumps(event)
    assert event_from_json(typed.to_json()) == typed


@pytest.mark.parametrize("table", TABLES)
def test_every_event_round_trips(table: str) -> None:
    """Every event of 20 heuristic hands, whole and as each seat sees it mid-hand, reads back as itself."""
    kinds: set[str] = set()
    variant = get_variant(table)
    for game in _hands(variant, 20):
        if not game.is_over:
            continue
        for typed, event in zip(game.typed_events, game.events, strict=True):
            assert typed.to_json() == event and event_from_json(event) == typed
            _round_trips(event)
            kinds.add(event["type"])
            for seat in (None, *range(variant.players)):
                shown = typed.visible_to(seat, game.facts())
                assert shown is not None
                _round_trips(shown.to_json())
    assert {"deal", "play", "end"} <= kinds


def _logs() -> Iterator[Path]:
    """Every saved hand log in the repository: the golden files, the docs' examples, ``*.paiju.json``."""
    root = HERE.parent
    for path in sorted([*root.glob("tests/**/*.json"), *root.glob("docs/**/*.json"), *root.glob("**/*.paiju.json")]):
        if ".venv" in path.parts:
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("format") == "paiju-hand" and "family" not in data:  # climbing logs
            yield path


def test_every_saved_log_reads_back_byte_for_byte() -> None:
    """The golden files and every other saved log read as typed events and write back unchanged."""
    paths = list(_logs())
    assert {HERE / "golden" / f"{name}.json" for name in CLIMBING_TABLES} <= set(paths)
    for path in paths:
        for event in json.loads(path.read_text(encoding="utf-8"))["events"]:
            _round_trips(event)


def test_every_event_kind_is_described_in_words() -> None:
    """The terminal's replay prints each event as one line naming the seats."""
    names = [f"p{s}" for s in range(8)]
    for path in _logs():
        for event in json.loads(path.read_text(encoding="utf-8"))["events"]:
            line = event_from_json(event).describe(names)
            assert line and "\n" not in line


#: One log entry of every kind, whole and (where a seat may not see all of it) as redacted.
EXAMPLES: list[dict[str, Any]] = [
    {"type": "deal", "hands": [[1, 2], [3, 4]], "bottom": [5], "marker": 1, "first_bidder": 0},
    {"type": "deal", "hands": [[1], None], "bottom": None, "marker": None, "flipped": [7], "extra": None, "gift_order": None},
    {"type": "redeal", "reason": "nobody bid"},
    {"type": "speculator", "seat": 1, "card": None, "holder": None},
    {"type": "retreat", "seat": 1, "hand": [24, 25]},
    {"type": "retreat", "seat": 1, "hand": None},
    {"type": "give", "seat": 1, "card": 9, "bundle": 0},
    {"type": "give", "seat": 1, "bundle": 2},
    {"type": "bid", "seat": 2, "points": 3},
    {"type": "pass", "seat": 0},
    {"type": "landlord", "seat": 0, "bid": 2, "bottom": None},
    {"type": "reveal", "landlord": 0, "bid": 3, "gifts": [{"seat": 0, "cards": [9]}], "bottom": [5], "flipped_to": 1},
    {"type": "no_partner", "reason": "alone"},
    {"type": "partner", "seat": 0, "cards": [40]},
    {"type": "alone", "seat": 0, "cards": [40, 44]},
    {"type": "partner_refused", "seat": 1, "card": 41},
    {"type": "small_landlord", "seat": None, "card": None},
    {"type": "declare", "seat": 3},
    {"type": "play", "seat": 0, "cards": [0, 1], "text": "33", "kind": "pair", "key": 0, "length": 1},
    {"type": "play", "seat": 0, "cards": [0, 60], "text": "33", "kind": "pair", "key": 0, "length": 1,
     "wilds": [[0, 0]], "colour": 1},
    {"type": "partner_known", "seat": 3},
    {"type": "open_start", "seat": 2},
    {"type": "grab", "seat": 1},
    {"type": "open", "seat": 0, "cards": [3, 17, 40]},
    {"type": "wild", "card": 21},
    {"type": "out", "seat": 1},
    {"type": "instant_win", "seat": 1},
    {"type": "marked_landlord", "seat": 2, "card": 21, "bottom": None},
    {"type": "identity", "seat": 3, "reveal": None},
    {"type": "team", "landlord": 2, "hidden": 3, "how": "twin"},
    {"type": "identity_kept"},
    {"type": "double", "seat": 0},
    {"type": "return", "seat": 1, "count": 2, "cards": [40, 77]},
    {"type": "return", "seat": 1, "count": 2, "cards": None},
    {"type": "end", "winner": 0, "landlord_won": True, "stake": 6, "spring": False, "scores": [12, -6, -6],
     "speculator_side": None, "instant": False, "retreat": False},
    {"type": "end", "winner": 0, "landlord_won": True, "stake": 6, "spring": False, "scores": [12, -6, -6],
     "speculator_side": "farmers", "instant": True, "retreat": True, "small_landlord": None, "partnership": "alone"},
]


def test_every_kind_round_trips_whole_and_redacted() -> None:
    """Every registered kind, including those seeded hands rarely reach (retreat, instant win, 一打四)."""
    kinds = {getattr(event_kinds, n).kind for n in event_kinds.__all__ if n.endswith("Event") and n != "Event"}
    assert {e["type"] for e in EXAMPLES} == kinds and len(kinds) == 30
    names = ["p0", "p1", "p2", "p3"]
    for event in EXAMPLES:
        _round_trips(event)
        assert "\n" not in event_from_json(event).describe(names)


def test_an_unknown_event_type_is_refused() -> None:
    """A log entry of a type paiju does not know is an error, not a silent skip."""
    with pytest.raises(ValueError, match="unknown event type"):
        event_from_json({"type": "teleport", "seat": 0})


# ------------------------------------------------------------------ the oracle: the server's old copy of the rules
def _old_seat_event(event: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The old rule for action events: a gift card only to the speculator that gave it."""
    if event["type"] == "give" and event["seat"] != seat:
        return {"type": "give", "seat": event["seat"], "bundle": event["bundle"]}
    return event


def _old_redacted_log(game: Game, seat: int | None, names: list[str]) -> dict[str, Any]:
    """``paiju.server.history.redacted_log`` as it was before typed events (kept here only as the oracle)."""
    log = game_log(game, names)
    if game.is_over:
        return log
    del log["seed"]
    bottom_public = game.variant.bottom_shown or seat == game.landlord
    events = []
    for event in game.events:
        kind = event["type"]
        if kind == "deal":
            event_hands = event["hands"]
            shown = game.state.opened.open if game.state.opened is not None else set()  # 癞子: hands played face up
            hands = [h if s == seat or s in shown else None for s, h in enumerate(event["hands"])]
            event = {k: v for k, v in event.items() if k != "wild"}  # 癞子: the wild card is shown by its own event
            event = {**event, "hands": hands, "bottom": None}
            holder = next((s for s, h in enumerate(event_hands) if event["marker"] in h), None)
            if not game.variant.marker_shown and seat != holder:  # a random first bidder's card stays secret
                event["marker"] = None
            if "gift_order" in event:
                event["gift_order"] = None
            if "extra" in event and seat != game.speculator:
                event["extra"] = None
        elif kind == "speculator" and event["card"] is None and seat != event["holder"]:
            event = {**event, "holder": None}
        elif kind == "landlord" and not bottom_public:
            event = {**event, "bottom": None}
        elif kind == "retreat" and seat != game.speculator and game.phase in ("gift", "bid"):
            event = {**event, "hand": None}
        elif kind == "small_landlord" and seat != event["seat"] and not game.state.partner_known:
            event = {**event, "seat": None, "card": None}
        elif kind == "marked_landlord" and seat != event["seat"]:  # 五人斗地主: the bottom only to its landlord
            event = {**event, "bottom": None}
        elif kind == "identity" and seat != event["seat"]:  # 五人斗地主: sealed; who answered shows once it is over
            if game.phase == "identity":
                continue
            event = {**event, "reveal": None}
        elif kind == "return" and seat != event["seat"]:  # 斗帝主: how many bottom cards went back, not which
            event = {**event, "cards": None}
        elif kind in ("bid", "pass", "play", "give", "partner", "alone", "declare", "open_start", "grab", "open", "double"):
            event = _old_seat_event(event, seat)
        events.append(event)
    return {**log, "events": events, "redacted": True}


def _retreat_deal() -> Deal:
    """A house 5p3d deal (retreat at V = 9) whose seat 1 is the speculator (the marked 7♣) with nine 9s."""
    marked = make_card(4, Suit.CLUBS, 0)
    chosen = [marked] + [c for c in deck_cards(3) if card_rank(c) == 6][:9]
    rest = [c for c in deck_cards(3) if c not in chosen]
    hands = [rest[:31], chosen + rest[31:52]] + [rest[52 + 31 * i : 83 + 31 * i] for i in range(3)]
    return Deal(tuple(tuple(h) for h in hands), tuple(rest[145:]), None, (), (), (0, 1, 2))


HOUSE = load_variant_toml('inherits = "spec-5p3d"\nname = "house-5p3d"\n[speculator]\nretreat = 9\n')
ORACLE_CASES = {
    **{table: (get_variant(table), 6, ()) for table in TABLES},
    "classic, bottom hidden": (get_variant("classic").with_changes(bottom_shown=False), 6, ()),
    "house-5p3d, retreat": (HOUSE, 1, (_retreat_deal(),)),
}


@pytest.mark.parametrize("case", sorted(ORACLE_CASES))
def test_visible_to_hides_exactly_what_the_old_redaction_hid(case: str) -> None:
    """At every step of seeded hands, every seat's and a spectator's log equals the old one, byte for byte."""
    variant, count, deals = ORACLE_CASES[case]
    names = [f"p{s}" for s in range(variant.players)]
    for game in _hands(variant, count, deals):
        for seat in (None, *range(variant.players)):
            new = redacted_log(game, seat, names)
            assert json.dumps(new) == json.dumps(_old_redacted_log(game, seat, names)), (case, seat, len(game.events))

