"""One text, one reading: where the same cards read two ways (two-player's `55558888`, 癞子's `666K(6)QQQK(Q)`,
斗帝主's spaceship `3334449999TTTTJJJJ`) each reading's text names its body first (`8888+55+55`), so `paiju moves`,
the server's `ambiguous` options and typed input tell them apart; the cards alone still play when one reading is
legal."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from scenario import Scenario

from paiju.cards import parse_ranks
from paiju.cli import main
from paiju.climbing import Bid, Game, Play
from paiju.climbing.actions import action_text
from paiju.climbing.parse import actions_for_text
from paiju.errors import IllegalMoveError
from paiju.patterns import classify_ranks, key_rank
from paiju.patterns.mixed import Wilds
from paiju.server.acts import chosen_action
from paiju.server.errors import RoomError
from paiju.server.protocol import Act
from paiju.variants import get_variant

#: (table, --wild rank, cards, each reading's text with its body first).
SAME_CARDS = [
    ("two-player", None, "55558888", ["5555+88+88", "8888+55+55"]),
    ("laizi", "K", "666KQQQK", ["666K(6)+QQ+QK(Q)", "QQQK(Q)+66+6K(6)"]),
    ("dou-dizhu-emperor", None, "3334449999TTTTJJJJ", ["9999TTTT+333444+JJ+JJ", "TTTTJJJJ+333444+99+99"]),
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _wild(table: str, wild: str | None) -> list[str]:
    return [] if wild is None else ["--wild", wild]


@pytest.mark.parametrize(("table", "wild", "cards", "texts"), SAME_CARDS)
def test_each_reading_of_the_same_cards_has_a_text_that_names_its_body(
    table: str, wild: str | None, cards: str, texts: list[str]
) -> None:
    """Two readings, two texts; each text's first part is the body its key names (the four 8s of `8888+55+55`)."""
    faces = (parse_ranks(wild)[0],) * 4 if wild else ()
    readings = classify_ranks(get_variant(table), sorted(parse_ranks(cards)), Wilds(faces) if wild else None)
    assert sorted(m.text() for m in readings) == texts
    for m in readings:
        body = m.text().split("+")[0]
        assert [r for r in parse_ranks(body.replace("(", "").replace(")", "")) if r == key_rank(m)]


@pytest.mark.parametrize(("table", "wild", "cards", "texts"), SAME_CARDS)
def test_paiju_moves_and_classify_list_every_reading(
    capsys: pytest.CaptureFixture[str], table: str, wild: str | None, cards: str, texts: list[str]
) -> None:
    """`paiju moves` (text and JSON) and `paiju classify` list each reading once, by its own text."""
    code, out, _ = run(capsys, "moves", "--variant", table, *_wild(table, wild), "--hand", cards, "--json")
    listed = json.loads(out)
    assert code == 0 and set(texts) <= set(listed) and len(listed) == len(set(listed))
    code, out, _ = run(capsys, "moves", "--variant", table, *_wild(table, wild), "--hand", cards)
    assert code == 0 and set(texts) <= set(out.splitlines())
    code, out, _ = run(capsys, "classify", "--variant", table, *_wild(table, wild), cards)
    assert code == 0 and [line.split("  ")[0] for line in out.splitlines()] == texts


def test_moves_reads_the_reading_a_beat_names_by_its_body(capsys: pytest.CaptureFixture[str]) -> None:
    """`--beat 5555+88+88` is the four 5s (four 6s and four 7s answer it), `--beat 8888+55+55` the four 8s (only
    bombs do); the cards alone read two ways and ask which."""
    argv = ["moves", "--variant", "two-player", "--hand", "66667777", "--json", "--beat"]
    assert json.loads(run(capsys, *argv, "5555+88+88")[1]) == ["pass", "6666+77+77", "7777+66+66", "6666", "7777"]
    assert json.loads(run(capsys, *argv, "8888+55+55")[1]) == ["pass", "6666", "7777"]
    code, _, err = run(capsys, *argv, "55558888")
    assert code == 2 and "5555+88+88 or 8888+55+55" in err
    code, out, _ = run(capsys, "classify", "--variant", "two-player", "8888+55+55")
    assert code == 0 and out.splitlines() == ["8888+55+55  four+two-pairs (8)"]


def _two_player(landlord: str, farmer: str) -> Game:
    """A two-player hand in play: seat 0 called the landlord with ``landlord`` (plus the rest of its 20 and the
    bottom), seat 1 holds ``farmer``."""
    v = get_variant("two-player")
    built = Scenario(v).hands(landlord, farmer).first_bidder(0).build(seed=None)
    game = Game(v, seed=0, dealer=0, deals=[replace(built, extra=(), dead=tuple(sorted(built.extra)))])
    game.apply(Bid(1))
    return game


def _key(actions: list[object]) -> list[int]:
    return sorted(key_rank(a.move) for a in actions if isinstance(a, Play))


def test_typing_a_text_that_names_a_body_plays_that_reading() -> None:
    """Typed `8888+55+55` is the four 8s, `5555+88+88` the four 5s; the cards alone are both, each with its text."""
    game = _two_player("55558888", "")
    assert _key(actions_for_text(game, "8888+55+55")) == [5]  # rank index of 8
    assert _key(actions_for_text(game, "5555+88+88")) == [2]
    both = actions_for_text(game, "55558888")
    assert sorted(action_text(a) for a in both) == ["5555+88+88", "8888+55+55"]


def test_the_plain_text_still_plays_the_one_legal_reading_and_a_named_reading_that_cannot_says_why() -> None:
    """Led four 6s with two pairs of 3, only the four 8s beat it: `55558888` means that reading alone; the four 5s
    typed by their body are refused with the engine's reason."""
    game = _two_player("66663333", "55558888")
    game.apply(actions_for_text(game, "6666+33+33")[0])
    (only,) = actions_for_text(game, "55558888")
    assert action_text(only) == "8888+55+55"
    with pytest.raises(IllegalMoveError, match="does not beat"):
        actions_for_text(game, "5555+88+88")


def test_the_servers_ambiguous_options_are_distinct_and_each_is_accepted() -> None:
    """Cards sent alone that read two ways are refused as `ambiguous` with each reading's text; sending the cards
    with either text, or the text alone, plays that reading."""
    game = _two_player("55558888", "")
    seat = game.to_act
    with pytest.raises(RoomError) as refused:
        chosen_action(game, seat, Act(type="act", cards="55558888"))
    options = refused.value.options
    assert refused.value.code == "ambiguous" and options is not None and sorted(options) == ["5555+88+88", "8888+55+55"]
    for text in options:
        for act in (Act(type="act", cards="55558888", action=text), Act(type="act", action=text)):
            action = chosen_action(game, seat, act)
            assert action_text(action) == text and action in game.legal_actions()
