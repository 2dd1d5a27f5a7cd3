"""A seat's view is the part every table has plus one view per part its table has (``Observation.parts``), and the
JSON nests the same way: ``parts.<name>.<field>``; protocol 3 repeats each part's fields under protocol 2's flat
names, with the same values."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from helpers import CLIMBING_TABLES, named_cards

from paiju.bots import make_bot
from paiju.cards import RANK_CHARS, format_cards
from paiju.climbing import Game, observe
from paiju.climbing.views import FiveView, OpenView, PartnerView, PartView, SpeculatorView, made, snapshot
from paiju.variants import get_variant

#: The parts each table has: the speculator's (speculator.md), the small landlord's (§7), 癞子's open hands, 五人's team.
PARTS = {
    "classic": set(),
    "two-player": set(),
    "four-player": set(),
    "dou-dizhu-emperor": set(),
    "spec-3p1d": {"speculator"},
    "spec-4p1d": {"speculator"},
    "spec-5p1d": {"speculator"},
    "spec-4p3d-2c": {"speculator"},
    "spec-6p2d": {"speculator", "partner"},
    "spec-6p3d": {"speculator", "partner"},
    "spec-8p3d": {"speculator", "partner"},
    "laizi": {"open"},
    "five-player": {"five"},
}

#: The keys of every climbing view's JSON: the common part and ``parts`` (protocol 4: no part's field is repeated flat).
COMMON = {
    "seat", "phase", "players", "roles", "to_act", "hand", "cards_left", "landlord", "bid", "multiplier", "bottom",
    "trick", "history", "legal", "scores", "marker", "wild_cards", "actors", "factors", "max_bid", "parts",
}


def _mid_hand(name: str, seed: int = 3, turns: int = 40) -> Game:
    """A seeded hand of ``name`` after ``turns`` bot decisions (or at its end)."""
    game = Game.new(get_variant(name), seed=seed)
    bots = [make_bot("heuristic", seed + s) for s in range(game.players)]
    for _ in range(turns):
        if game.is_over:
            break
        seat = min(game.actors())
        game.apply(bots[seat].act(observe(game, seat)), seat)
    return game


@pytest.mark.parametrize("name", sorted(PARTS))
def test_a_view_holds_exactly_the_parts_its_table_has(name: str) -> None:
    """A classic table's view has no parts; a speculator table's has the speculator's (and the small landlord's where
    the landlord names one), 癞子's its open hands, 五人's its team — for every seat and a spectator, all hand long."""
    for turns in (0, 10, 40, 400):
        game = _mid_hand(name, turns=turns)
        for seat in [*range(game.players), None]:
            view = observe(game, seat)
            assert set(view.parts) == PARTS[name], (turns, seat)
            assert set(view.to_json()["parts"]) == PARTS[name]
            assert all(view.part(kind) is view.parts.get(kind.name) for kind in (SpeculatorView, PartnerView, OpenView, FiveView))


def test_every_climbing_table_is_named_above_or_shares_a_named_table_s_parts() -> None:
    """Each registered climbing table has the parts of a table of its kind above (the list covers every kind)."""
    kinds = {frozenset(p) for p in PARTS.values()}
    for name in CLIMBING_TABLES:
        assert frozenset(observe(_mid_hand(name, turns=0), None).parts) in kinds, name


def _field_matches(key: str, value: Any, sent: Any) -> bool:
    """Whether the JSON's ``sent`` says what the Python view's ``value`` holds."""
    if key in ("promoted", "wild_rank"):
        return sent == (RANK_CHARS[value] if value is not None else None)
    if key == "determination":
        return (sent is None) == (value is None) and (value is None or named_cards(sent) == named_cards(format_cards([value])))
    if key in ("gifts", "open_hands", "ally_hands"):
        return [(g["seat"], named_cards(g["cards"])) for g in sent] == [(s, named_cards(format_cards(c))) for s, c in value]
    if key == "names_self":
        return len(sent) == len(value)
    if isinstance(value, tuple) and all(isinstance(c, int) for c in value) and isinstance(sent, str):
        return named_cards(sent) == named_cards(format_cards(value))
    if isinstance(value, tuple):
        return list(value) == sent
    return bool(sent == value)


@pytest.mark.parametrize("name", ["spec-5p1d", "spec-6p2d", "spec-8p3d", "laizi", "five-player", "spec-4p3d-2c"])
def test_each_part_s_json_says_what_its_python_view_holds(name: str) -> None:
    """``parts.<name>`` carries every field of the part's view (gift sizes and colour rules together as
    ``gift_piles``) and nothing else, each with the view's value."""
    for turns in (5, 30, 400):
        game = _mid_hand(name, turns=turns)
        for seat in [*range(game.players), None]:
            view = observe(game, seat)
            sent = view.to_json()["parts"]
            for part_name, part in view.parts.items():
                assert isinstance(part, PartView)
                fields = {f.name: getattr(part, f.name) for f in dataclasses.fields(part)}  # type: ignore[arg-type]
                if part_name == "speculator":
                    sizes, colours = fields.pop("gift_sizes"), fields.pop("gift_colours")
                    assert sent[part_name]["gift_piles"] == [{"size": n, "colours": c} for n, c in zip(sizes, colours, strict=True)]
                    assert set(sent[part_name]) == {*fields, "gift_piles"}
                else:
                    assert set(sent[part_name]) == set(fields)
                for key, value in fields.items():
                    assert _field_matches(key, value, sent[part_name][key]), (part_name, key, value, sent[part_name][key])


@pytest.mark.parametrize("name", ["classic", "spec-5p1d", "spec-6p2d", "laizi", "five-player"])
def test_a_view_s_json_is_its_common_part_and_its_parts_alone(name: str) -> None:
    """Protocol 4: every table's view sends the same common keys, and each part's fields only under ``parts`` (protocol
    3's flat copies, ``speculator_side``, ``open_hands`` …, are gone)."""
    for turns in (5, 400):
        game = _mid_hand(name, turns=turns)
        for seat in [*range(game.players), None]:
            assert set(observe(game, seat).to_json()) == COMMON


def test_a_snapshot_view_is_made_as_its_dataclass_makes_it_and_stays_frozen() -> None:
    """``snapshot`` swaps a frozen dataclass's ``__init__`` for a faster one: same parameters, defaults and default
    factories, the same values (equal to the dataclass's own), and a field still cannot be assigned."""

    @dataclasses.dataclass(frozen=True)
    class Plain:
        seat: int | None
        cards: tuple[int, ...]
        bid: int = 3
        parts: dict[str, int] = dataclasses.field(default_factory=dict)

    Fast = snapshot(dataclasses.make_dataclass("Fast", [(f.name, f.type, f) for f in dataclasses.fields(Plain)], frozen=True))
    for args, kwargs in (((1, (4, 5)), {}), ((None,), {"cards": (), "bid": 1}), ((2, (7,), 2, {"a": 1}), {})):
        made, plain = Fast(*args, **kwargs), Plain(*args, **kwargs)
        assert dataclasses.astuple(made) == dataclasses.astuple(plain)
        assert vars(made) == vars(plain)
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.bid = 9
    first, second = Fast(0, ()), Fast(0, ())
    assert first == second and first.parts is not second.parts  # a fresh dict each time, as the factory makes it
    with pytest.raises(TypeError):
        Fast(0)  # cards has no default


@pytest.mark.parametrize("name", ["classic", "spec-5p3d-2c"])
def test_a_view_made_from_its_fields_names_each_field_once_and_equals_its_dataclass_s(name: str) -> None:
    """``made`` (how a seat's view and its speculator part are built without a call by keyword) fills every field of
    the view's dataclass and nothing else, in field order, and makes a view equal to the dataclass's own ``__init__``
    given the same values, as frozen as it."""
    for turns in (0, 30, 400):
        game = _mid_hand(name, turns=turns)
        for seat in [*range(game.players), None]:
            obs = observe(game, seat)
            for view in (obs, *obs.parts.values()):
                names = [f.name for f in dataclasses.fields(view)]  # type: ignore[arg-type]
                assert list(vars(view)) == names
                assert type(view)(**vars(view)) == view
    fresh = made(type(obs), dict(vars(obs)))
    assert fresh == obs and fresh is not obs
    with pytest.raises(dataclasses.FrozenInstanceError):
        fresh.seat = 1  # type: ignore[misc]


def test_an_observation_is_frozen_and_replace_still_makes_one() -> None:
    """A seat's view is a snapshot: no field can be assigned, and ``dataclasses.replace`` (the server caps the legal
    list so) makes a view equal field by field but the one replaced."""
    game = Game.new(get_variant("spec-4p3d-2c"), seed=3)
    seat = game.state.to_act
    obs = observe(game, seat)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.hand = ()  # type: ignore[misc]
    spec = obs.part(SpeculatorView)
    assert spec is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.side = "landlord"  # type: ignore[misc]
    capped = dataclasses.replace(obs, legal=tuple(obs.legal[:1]))
    assert capped.legal == tuple(obs.legal[:1])
    assert {f.name: getattr(capped, f.name) for f in dataclasses.fields(obs) if f.name != "legal"} == {
        f.name: getattr(obs, f.name) for f in dataclasses.fields(obs) if f.name != "legal"
    }
