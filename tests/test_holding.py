"""A seat's ``Holding`` answers "what may this seat play against this" for the game and for ``paiju moves``,
so the two agree on every table (the must-follow rule, 能跟必跟, included)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from helpers import CLIMBING_TABLES

from paiju.cards import RANK_CHARS, Card, card_rank, format_card, format_cards, parse_cards, parse_ranks
from paiju.cli import main
from paiju.climbing import Game, PhaseName, Play, action_text
from paiju.climbing.holding import Holding
from paiju.climbing.speculator import THREE, marked_card
from paiju.climbing.state import PlayRecord
from paiju.patterns import classify_ranks, describe
from paiju.patterns.move import NO_COLOUR
from paiju.variants import Variant, get_variant


@dataclass(frozen=True)
class Position:
    """The seat to act in the play, as the game has it: its holding, the play it answers (and whether the
    speculator made it), the 5p1d flipped card, the 癞子 wild card (its rank is wild)."""

    holding: Holding
    trick: PlayRecord | None
    speculators_trick: bool
    flipped: Card | None
    wild: Card | None = None


# The game's state is read here and in _position only.
def _holding_of(g: Game, seat: int) -> Holding:
    """The seat's holding as the game keeps it: the speculator's 3s wild, a 5p1d seat's wild cards fixed at the reveal."""
    state = g.state
    hand = tuple(state.hands[seat])
    speculator = seat == state.speculator
    mine = state.wild_cards.get(seat, frozenset())
    wild = frozenset(c for c in hand if (card_rank(c) == THREE if speculator else c in mine))
    return Holding(g.variant, hand, wild, state.promoted, speculator)


def _position(g: Game) -> Position:
    state = g.state
    trick = None if state.is_leading() else state.play.trick
    rules = g.variant.speculator
    flipped = state.deal.flipped[0] if rules is not None and rules.flip_promotes and state.deal.flipped else None
    by_speculator = trick is not None and trick.seat == state.speculator
    return Position(_holding_of(g, state.to_act), trick, by_speculator, flipped, state.deal.wild)


def _play_positions(variant: Variant, seeds: range, every: int = 1) -> Iterator[tuple[Game, Position]]:
    """Every ``every``-th play-phase position of random hands (one hand per seed)."""
    n = 0
    for seed in seeds:
        g = Game(variant, seed)
        rng = random.Random(seed)
        while not g.is_over:
            if g.phase == PhaseName.PLAY:
                n += 1
                if n % every == 0:
                    yield g, _position(g)
            g.apply(rng.choice(g.legal_actions()))


def _game_texts(g: Game) -> set[str]:
    return {action_text(a) for a in g.legal_actions()}


def _beat_text(variant: Variant, trick: PlayRecord) -> str:
    """The play to answer as ``paiju moves --beat`` reads it: as ``moves`` prints it, or on a two-colour
    table its cards with their suits, each wild card followed by the rank it stands for."""
    move = trick.move
    assert move is not None
    if not variant.two_colour:
        return move.text()
    readings = list(move.wilds)
    parts = []
    for c in trick.cards:
        part = format_card(c, marked=marked_card(variant))
        reading = next((w for w in readings if w[0] == card_rank(c)), None)
        if reading is not None:
            readings.remove(reading)
            part += f"({RANK_CHARS[reading[1]]})"
        parts.append(part)
    return " ".join(parts)


def _cli_argv(at: Position) -> list[str]:
    """``paiju moves`` for the seat to act: its hand written with suits, the play it answers, its role."""
    v = at.holding.variant
    argv = ["moves", "--variant", v.name, "--hand", format_cards(at.holding.cards, marked=marked_card(v)), "--json"]
    if at.holding.speculator:
        argv += ["--role", "speculator"]
    if at.flipped is not None:
        argv += ["--flip", format_card(at.flipped)]
    if at.wild is not None:
        argv += ["--wild", RANK_CHARS[card_rank(at.wild)]]
    if at.trick is not None:
        move = at.trick.move
        assert move is not None
        argv += ["--beat", _beat_text(v, at.trick), "--beat-kind", describe(move._replace(colour=NO_COLOUR))]
        if at.speculators_trick:
            argv += ["--beat-role", "speculator"]
    return argv


def _cli_can_read(at: Position) -> bool:
    """``paiju moves`` reads a hand as dealt: on 5p1d it cannot hold the flipped card, and its wild cards are
    the flipped suit's highest ones it holds now (not those fixed at the reveal, one of them since played)."""
    if at.flipped is None:
        return True
    h = at.holding
    return at.flipped not in h.cards and Holding.of_cards(h.variant, h.cards, h.speculator, at.flipped) == h


def _cli_moves(capsys: pytest.CaptureFixture[str], argv: list[str]) -> set[str]:
    assert main(argv) == 0, (argv, capsys.readouterr().err)
    return set(json.loads(capsys.readouterr().out))


def _check_cli(capsys: pytest.CaptureFixture[str], variant: Variant, seeds: range, every: int) -> int:
    asked = 0
    for g, at in _play_positions(variant, seeds, every):
        if _cli_can_read(at):
            argv = _cli_argv(at)
            assert _cli_moves(capsys, argv) == _game_texts(g), argv
            asked += 1
    return asked


@pytest.mark.parametrize("name", list(CLIMBING_TABLES))
def test_holding_moves_are_the_games_legal_plays(name: str) -> None:
    """At every play position of random hands, the seat's ``Holding`` offers the game's plays, in order,
    and a pass exactly where the game allows one."""
    positions = 0
    for g, at in _play_positions(CLIMBING_TABLES[name], range(12)):
        moves, may_pass = at.holding.moves(None if at.trick is None else at.trick.move)
        legal = g.legal_actions()
        assert [a.move for a in legal if isinstance(a, Play)] == moves
        assert may_pass == (len(legal) > len(moves))
        positions += 1
    assert positions > 20


def test_paiju_moves_agrees_with_the_game_on_random_positions(capsys: pytest.CaptureFixture[str]) -> None:
    """`paiju moves --hand … --beat …` prints the game's legal plays (and `pass` where the game allows it) at
    random play positions of every table."""
    asked = {name: _check_cli(capsys, v, range(3), 2) for name, v in CLIMBING_TABLES.items()}
    assert min(asked.values()) > 0, asked


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CLIMBING_TABLES))
def test_paiju_moves_agrees_with_the_game_on_many_positions(capsys: pytest.CaptureFixture[str], name: str) -> None:
    """The same at every play position of forty hands of each table."""
    assert _check_cli(capsys, CLIMBING_TABLES[name], range(100, 140), 1) > 0


def test_the_speculator_must_follow_with_the_fewest_threes() -> None:
    """能跟必跟 (speculator.md §11) is the holding's: against 55 the speculator holding 3 77 9 must play 77
    (no 3) and may not pass; a farmer with the same cards may pass."""
    v = get_variant("spec-4p1d")
    cards = parse_cards("3s 7s 7h 9s")
    fives = classify_ranks(v, parse_ranks("55"))[0]
    speculator = Holding.of_cards(v, cards, speculator=True)
    moves, may_pass = speculator.moves(fives)
    assert [m.text() for m in moves] == ["77"] and not may_pass
    nines = next(m for m in speculator.moves(None)[0] if m.text() == "93(9)")
    assert speculator.why_not(nines, fives) == (
        "93(9) is not allowed: the speculator must follow with the fewest 3s (能跟必跟)"
    )
    moves, may_pass = Holding.of_cards(v, cards).moves(fives)
    assert [m.text() for m in moves] == ["77"] and may_pass
