"""The play step's compiled helpers against their Python oracles: which copies of its cards a seat plays for a move
(the speculator's 3s, 5p1d's flipped-suit cards, 癞子's wild rank and the two-colour tables' colours among them), the
actions a seat's moves become, the compiled turn of the tables whose seats are all plain, and whole hands of every
Dou Dizhu-family table played both ways."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import cast

import pytest

from paiju.bots import make_bot, play_out
from paiju.cards import card_rank, card_suit, deck_cards
from paiju.climbing import Game
from paiju.climbing.actions import Play, new_plays
from paiju.climbing.compiled import TURN
from paiju.climbing.holding import Holding
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.state import PlayPart
from paiju.engine.draws import DRAWS
from paiju.engine.driver import Driver
from paiju.engine.registry import variant_family
from paiju.errors import IllegalMoveError
from paiju.patterns import Move
from paiju.patterns.colour import split_by_colour
from paiju.patterns.compiled import COMPILED
from paiju.patterns.generate import use_compiled
from paiju.variants import REGISTRY, PatternKind

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled generator is not built here")

#: Tables whose seats hold wild cards or play by colour, and how many cards a hand draws.
TABLES = {"classic": 20, "spec-5p3d": 30, "spec-5p1d": 14, "laizi": 17, "spec-4p3d-2c": 30, "spec-8p3d": 40}
HANDS = 150


@contextmanager
def pure_python() -> Iterator[None]:
    """Everything on the Python path for the block."""
    use_compiled(False)
    try:
        yield
    finally:
        use_compiled(True)


def _holding(table: str, rng: random.Random) -> Holding:
    """A random hand of the table, its wild cards as one of its seats would hold them."""
    variant = REGISTRY[table]
    cards = rng.sample(deck_cards(variant.decks, variant.removed_rank_indices), rng.randint(1, TABLES[table]))
    if variant.speculator is not None and rng.random() < 0.5:
        return Holding.of_cards(variant, cards, speculator=True)
    if table == "spec-5p1d":
        flipped = next(c for c in deck_cards() if card_suit(c) is not None and c not in cards)
        return Holding.of_cards(variant, cards, flipped=flipped)
    if table == "laizi":
        return Holding.of_cards(variant, cards, wild_rank=rng.randrange(13))
    return Holding.of_cards(variant, cards)


def _cards(holding: Holding, move: Move) -> tuple[int, ...] | str:
    """The cards the seat plays for ``move``, or the player's message when it lacks them."""
    try:
        return holding.cards_for(move, None)
    except IllegalMoveError as err:
        return str(err)


@pytest.mark.parametrize("table", list(TABLES))
def test_compiled_card_picking_agrees_with_the_python_one(table: str) -> None:
    """For moves a hand holds and moves another hand holds, the same cards (the lowest copies, natural cards before
    wild ones of a rank, by colour where the table plays by colour) or the same refusal."""
    rng = random.Random(table)
    compared = refused = 0
    for _ in range(HANDS):
        holding, other = _holding(table, rng), _holding(table, rng)
        moves = holding.moves(None)[0] + other.moves(None)[0]
        for move in rng.sample(moves, min(12, len(moves))):
            got = _cards(holding, move)
            with pure_python():
                expected = _cards(holding, move)
            assert got == expected, (table, holding.cards, move)
            if isinstance(got, tuple):
                assert sorted(card_rank(c) for c in got) == list(move.ranks)
            compared += 1
            refused += isinstance(got, str)
    assert compared > 1000 and 0 < refused < compared


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_the_compiled_colour_split_is_split_by_colour(decks: int) -> None:
    """A two-colour seat's cards split in C (``_turn.colours``) as ``split_by_colour`` splits them: the natural cards'
    rank counts and the wild rank's faces of each colour, and each colour's cards in hand order, on random hands of
    every size (jokers among them) with the speculator's 3s wild, another rank wild or none."""
    assert TURN is not None
    rng = random.Random(decks)
    pack = deck_cards(decks)
    for _ in range(300):
        cards = rng.sample(pack, rng.randint(0, min(len(pack), 60)))
        wild_rank = rng.choice([-1, 0, rng.randrange(15)])
        expected = split_by_colour(cards, wild_rank)
        assert TURN.colours(cards, wild_rank) == TURN.colours(tuple(cards), wild_rank) == expected, (cards, wild_rank)
    with pytest.raises(ValueError, match="non-negative"):
        TURN.colours([5, -1], -1)


def test_compiled_plays_are_the_python_ones() -> None:
    """A move list becomes the same ``Play`` actions on both paths: equal, hashed alike, each a ``Play``."""
    holding = Holding.of_cards(REGISTRY["classic"], deck_cards()[:20])
    moves = holding.moves(None)[0]
    got = new_plays(moves)
    with pure_python():
        expected = new_plays(moves)
    assert got == expected and [hash(p) for p in got] == [hash(p) for p in expected]
    assert all(type(p) is Play and p.cards is None and p.move is m for p, m in zip(got, moves, strict=True))
    assert new_plays([]) == []


def _played(table: str, seed: int, bot: str) -> tuple[list[dict[str, object]], object]:
    """A hand of ``table`` played to the end by ``bot`` in every seat: its events and its result."""
    game = Game.new(REGISTRY[table], seed=seed)
    result = play_out(game, [make_bot(bot, seed * 10 + s) for s in range(game.players)])
    return game.events, result


@pytest.mark.parametrize("table", [n for n, v in REGISTRY.items() if variant_family(v) == "climbing"])
def test_whole_hands_play_the_same_compiled_and_in_python(table: str) -> None:
    """Random bots (and one hand of the table's heuristic bot) see the same legal lists in the same order on both
    paths, so every hand's events and result are the same."""
    for seed, bot in [*((s, "random") for s in range(8)), (8, "heuristic")]:
        got = _played(table, seed, bot)
        with pure_python():
            expected = _played(table, seed, bot)
        assert got == expected, (table, seed, bot)


def _at_play(table: str) -> Game:
    """A hand of ``table`` bid (or grabbed) by random seats up to its first play."""
    game, rng = Game.new(REGISTRY[table], seed=5), random.Random(1)
    while game.phase is not PhaseName.PLAY:
        seat = min(game.actors())
        game.apply(rng.choice(game.legal_actions(seat)), seat)
    return game


def test_only_seats_without_wild_cards_colours_or_a_promoted_rank_skip_their_holding() -> None:
    """The plain seats list their moves straight from their counts: every seat at the classic table, every seat but
    the speculator's at a speculator table, none where a seat holds wild cards (癞子, 5p1d) or plays by colour; none in
    pure Python."""
    speculator = _at_play("spec-5p3d")
    assert _at_play("classic").state.play.plain == {0, 1, 2}
    assert speculator.state.play.plain == set(range(5)) - {speculator.speculator}
    laizi = _at_play("laizi")
    assert laizi.state.play.plain == {s for s in range(3) if not laizi.state.wild_cards.get(s)}
    assert _at_play("spec-5p1d").state.play.plain == _at_play("spec-4p3d-2c").state.play.plain == set()
    with pure_python():
        assert _at_play("classic").state.play.plain == set()


#: The tables whose every turn of the play is a plain seat's play or pass (``phases.play.compiled_turns``).
TURN_TABLES = ("classic", "two-player", "four-player")


def test_only_tables_whose_turns_are_plain_plays_and_passes_take_the_compiled_turn() -> None:
    """Every seat plain, no partner card, no handicap and a phase that does nothing more with a turn: the classic,
    two- and four-player tables; not 五人 (its play shows the team), the speculator tables, 癞子, 斗帝主, nor pure
    Python."""
    for table in (n for n, v in REGISTRY.items() if variant_family(v) == "climbing"):
        assert (_at_play(table).state.play.turns is not None) == (table in TURN_TABLES), table
    with pure_python():
        assert _at_play("classic").state.play.turns is None


def _snapshot(game: Game) -> tuple[object, ...]:
    """Everything a turn of the play changes."""
    state, play = game.state, game.state.play
    return (
        [list(h) for h in state.hands],
        [list(c) for c in state.counts],
        list(play.plays),
        play.trick,
        play.passes,
        list(play.played_by),
        state.to_act,
        list(state.stake.factors),
    )


def _in_step(table: str, seeds: range) -> None:
    """Each hand of ``seeds`` played in step with the same hand in pure Python, the same random action each turn:
    every turn leaves the same legal list and books, and the hands end alike."""
    rng = random.Random(table)
    for seed in seeds:
        game = Game.new(REGISTRY[table], seed=seed)
        with pure_python():
            oracle = Game.new(REGISTRY[table], seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            with pure_python():
                assert oracle.legal_actions() == legal
            i = rng.randrange(len(legal))
            game.apply(legal[i])
            with pure_python():
                oracle.apply(oracle.legal_actions()[i])
            assert _snapshot(game) == _snapshot(oracle)
        assert game.result == oracle.result and game.events == oracle.events


@pytest.mark.parametrize("table", TURN_TABLES)
def test_the_compiled_turn_keeps_the_books_as_the_python_turn_does(table: str) -> None:
    """Played in step with the same hand in pure Python, every turn leaves the same legal list, hands, counts,
    records, trick, passes, seat to act, play counts and bomb factors, and the hands end alike."""
    _in_step(table, range(12))


@pytest.mark.slow
@pytest.mark.parametrize("table", TURN_TABLES)
def test_the_compiled_turn_keeps_the_books_over_a_thousand_hands(table: str) -> None:
    """The same, over 1,000 hands of each table."""
    _in_step(table, range(1000, 2000))


def test_the_compiled_hand_methods_leave_every_other_call_to_the_python_ones() -> None:
    """``legal_actions`` and ``apply`` run in C for the seat to act in a compiled play, and are the Python methods for
    the rest: another seat, keywords, an action not listed; they read as the driver's Python methods (name, doc,
    wrapped)."""
    for method, name in ((Game.legal_actions, "legal_actions"), (Game.apply, "apply")):
        assert method.__name__ == name and method.__doc__ == method.__wrapped__.__doc__
        assert method.__wrapped__ is getattr(Driver, name)  # the kernel driver's Python method
    game = _at_play("classic")
    seat, other = game.to_act, (game.to_act + 1) % 3
    assert game.legal_actions(other) == game.legal_actions(seat=other) == []
    legal = game.legal_actions()
    assert game.legal_actions(seat) is legal and game.legal_actions(seat=seat) is legal
    before = _snapshot(game)
    stranger = Play(Move(PatternKind.PAIR, 14, 1, (14, 14)))  # two red jokers: not in a one-deck pack
    for action, who in ((legal[0], other), (stranger, seat)):
        with pytest.raises(IllegalMoveError):
            game.apply(action, who)
        assert _snapshot(game) == before
    twin = game.clone()
    game.apply(legal[0])
    twin.apply(action=twin.legal_actions()[0], seat=seat)
    assert _snapshot(game) == _snapshot(twin) and game.to_act != seat


def test_the_compiled_turn_lists_a_play_it_listed_before_as_the_same_object() -> None:
    """A single, pair, straight or bomb a table lists again is the very Play object it listed before, in any hand (made
    once with its move), and playing it from the later list plays it there."""
    rng, again = random.Random(5), 0
    seen: dict[Play, Play] = {}
    once = {PatternKind.SINGLE, PatternKind.PAIR, PatternKind.STRAIGHT, PatternKind.BOMB}
    for seed in range(10):
        game = Game.new(REGISTRY["classic"], seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            for action in legal:
                if isinstance(action, Play) and action.move.kind in once:
                    again += action in seen
                    assert seen.setdefault(action, action) is action, action
            game.apply(rng.choice(legal))
    assert again > 100


def test_the_compiled_turn_goes_through_the_attributes_of_a_class_changed_under_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The compiled turn reads and writes the state's fields in their slots, found once per class; when a class
    changes (here ``PlayPart.passes`` becomes a property), it uses the attribute, and the books still match the
    Python turn's."""
    _in_step("classic", range(1))  # the slots' places are known
    slot, used = PlayPart.__dict__["passes"], []

    def read(part: PlayPart) -> int:
        used.append("read")
        return cast(int, slot.__get__(part))

    def write(part: PlayPart, value: int) -> None:
        used.append("write")
        slot.__set__(part, value)

    monkeypatch.setattr(PlayPart, "passes", property(read, write))
    game = _at_play("classic")
    for _ in range(6):
        used.clear()
        game.apply(game.legal_actions()[0])  # a pass, or the lowest single: the compiled turn's
        assert "write" in used
    _in_step("classic", range(3))


def test_the_compiled_turn_leaves_every_unusual_turn_to_python_unchanged() -> None:
    """An action not taken from the legal list itself, cards named by the player, a bomb and a seat's last cards go
    to the Python turn: ``turn_apply`` answers False and changes nothing."""
    assert TURN is not None
    rng, seen = random.Random(3), {"copy": 0, "named": 0, "bomb": 0, "last": 0}
    for seed in range(40):
        game = Game.new(REGISTRY["classic"], seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            state, turns, seat = game.state, game.state.play.turns, game.to_act
            if turns is not None:
                before = _snapshot(game)
                plays = [a for a in legal if isinstance(a, Play)]
                unusual = {
                    "copy": [Play(plays[0].move)] if plays else [],
                    "named": [Play(a.move, game.hands[seat][: len(a.move.ranks)]) for a in plays[:1]],
                    "bomb": [a for a in plays if a.move.bomb],
                    "last": [a for a in plays if len(a.move.ranks) == len(game.hands[seat])],
                }
                for case, actions in unusual.items():
                    for action in actions:
                        assert TURN.turn_apply(turns, state, seat, action, legal) is False, case
                        seen[case] += 1
                assert _snapshot(game) == before
            game.apply(rng.choice(legal))
    assert all(seen.values()), seen


def test_the_compiled_shuffle_makes_random_shuffles_very_draws() -> None:
    """A deal shuffled on the compiled path is ``random.Random.shuffle``'s: the same order from the same seed, and the
    RNG left in the same state (so the marker card and every later draw follow alike)."""
    assert DRAWS is not None
    for seed in range(300):
        for size in (0, 1, 2, 3, 17, 54, 108, 162):
            ours, theirs = random.Random(seed), random.Random(seed)
            got, expected = list(range(size)), list(range(size))
            DRAWS.shuffle(ours, got)
            theirs.shuffle(expected)
            assert got == expected and ours.getstate() == theirs.getstate(), (seed, size)
    with pytest.raises(TypeError):
        DRAWS.shuffle(random.Random(1), (1, 2, 3))
