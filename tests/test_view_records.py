"""A view's play history: each record written once and shared by every view that shows it, written as the table
writes its cards (the marked card with ``*``), and the same after the memo of written records starts again."""

from __future__ import annotations

import pytest

from paiju.bots import make_bot
from paiju.cards import format_cards
from paiju.climbing import Game, observe
from paiju.climbing import observation as views
from paiju.variants import REGISTRY


def _played(name: str, seed: int, turns: int) -> Game:
    """A hand of ``name`` after ``turns`` random actions (or at its end)."""
    game = Game.new(REGISTRY[name], seed)
    bots = [make_bot("random", seed * 7 + s) for s in range(game.players)]
    for _ in range(turns):
        if game.result is not None:
            break
        seat = game.to_act
        game.apply(bots[seat].act(observe(game, seat)), seat)
    return game


def _written(game: Game) -> list[dict[str, object]]:
    """The history as written from the state's records, afresh (what every view must show)."""
    marked = observe(game, None).marked
    return [
        {"seat": r.seat, "cards": format_cards(r.cards, marked=marked) if r.move else "pass"}
        for r in game.state.play.plays
    ]


def test_every_seats_view_shares_one_written_record_per_play() -> None:
    """Each play is written once: every seat's view (and a spectator's) holds the very same record."""
    game = _played("spec-8p3d", 3, 120)
    histories = [observe(game, seat).to_json()["history"] for seat in [*range(game.players), None]]
    assert histories[0], "the hand should have plays by now"
    for history in histories[1:]:
        assert all(a is b for a, b in zip(histories[0], history, strict=True))


@pytest.mark.parametrize("name", ["classic", "spec-8p3d", "spec-5p1d", "laizi"])
def test_a_views_history_writes_each_record_as_the_table_writes_cards(name: str) -> None:
    """Seat, and the cards as the table writes them (``7c*`` for the marked card) or ``pass``."""
    game = _played(name, 5, 200)
    history = observe(game, 0).to_json()["history"]
    assert [{k: r[k] for k in ("seat", "cards")} for r in history] == _written(game)


def test_the_records_are_written_alike_after_the_memo_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A memo that fills up starts again: the views read afterwards hold the same records."""
    game = _played("spec-8p3d", 4, 150)
    before = observe(game, 1).to_json()["history"]
    monkeypatch.setattr(views, "_RECORDS", {})
    monkeypatch.setattr(views, "_MOST_RECORDS", 3)
    for seat in range(game.players):
        assert observe(game, seat).to_json()["history"] == before
    assert len(views._RECORDS) <= 3
