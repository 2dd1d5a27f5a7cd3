"""炒地皮 in the terminal: every event of a hand told in one line naming its seat, the replay's lines, and the
table the person sees (levels, trump, 庄家, points, the hand grouped trumps first with the led category marked)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from rich.console import Console

from paiju.bots import make_bot
from paiju.engine import game_log, replay
from paiju.terminal import HELP_PER_LINE, show_replay
from paiju.terminal_views.trick import LOOK
from paiju.trick import TrickHand, observe
from paiju.trick.state import Phase
from paiju.variants import get_variant

GOLDEN = Path(__file__).resolve().parent / "golden" / "chaodipi.json"
NAMES = ["north", "east", "south", "west"]


def _played(seed: int) -> TrickHand:
    hand = TrickHand(get_variant("chaodipi"), seed)
    bots = [make_bot("rule", s, "trick") for s in range(4)]
    while not hand.is_over:
        (seat,) = hand.actors()
        hand.apply(bots[seat].act(observe(hand, seat)), seat)
    return hand


def test_every_event_of_a_hand_is_told_in_one_line() -> None:
    """Each event the log holds is one line in words (the replay prints them), naming the seat that acted."""
    log = json.loads(GOLDEN.read_text(encoding="utf-8"))
    for hand_log in (log, _log_of(_played(3)), _log_of(_played(8))):
        lines = LOOK.replay_lines(replay(hand_log), hand_log["events"], NAMES)
        assert len(lines) == len(hand_log["events"])
        for event, line in zip(hand_log["events"], lines, strict=True):
            assert line and "\n" not in line
            if "seat" in event:
                assert NAMES[event["seat"]] in line


def _log_of(hand: TrickHand) -> dict[str, object]:
    return json.loads(json.dumps(game_log(hand, NAMES)))


def test_the_replay_shows_the_burial_and_the_kitty() -> None:
    """`paiju replay` tells the whole hand: the buried cards (the log is complete), every trick, the kitty's 抠底."""
    hand_log = _log_of(_played(4))
    out = io.StringIO()
    show_replay(Console(file=out, width=200), hand_log, replay(hand_log))
    text = out.getvalue()
    assert "takes the kitty and buries" in text and "wins the trick" in text and "the kitty:" in text


def test_the_table_shows_levels_trump_dealer_points_and_the_led_suit() -> None:
    """At a follow the person sees both sides' levels, the trump, the 庄家, the attackers' points, the trick so far
    and its hand grouped trumps first, the led category marked to follow."""
    hand = TrickHand(get_variant("chaodipi"), 6)
    bots = [make_bot("rule", s, "trick") for s in range(4)]
    while not (hand.phase is Phase.PLAY and hand.state.play.trick):
        (seat,) = hand.actors()
        hand.apply(bots[seat].act(observe(hand, seat)), seat)
    (seat,) = hand.actors()
    out = io.StringIO()
    view = LOOK.view(Console(file=out, width=200), NAMES, seat)
    view.show(hand)
    text = out.getvalue()
    assert "level 2" in text and "trump:" in text and "庄家:" in text and "attackers' points: 0" in text
    assert "(led: follow it)" in text and text.index("trumps:") < text.index("|")


def test_the_help_groups_a_leaders_plays_by_category_and_kind_instead_of_one_wall_of_throws() -> None:
    """`h` at a lead: the plays one line per category and kind, each with its count and its first few, so the
    hundreds of throws a leader may attempt are one counted line a category, not a wall."""
    hand = TrickHand(get_variant("chaodipi"), 6)
    bots = [make_bot("rule", s, "trick") for s in range(4)]
    while hand.phase is not Phase.PLAY:
        (seat,) = hand.actors()
        hand.apply(bots[seat].act(observe(hand, seat)), seat)
    (seat,) = hand.actors()
    legal = hand.legal_actions(seat)
    lines = LOOK.help_lines(hand, legal)
    counted = [re.match(r"(trumps|[♠♥♦♣]), (singles|pairs|tractors|5-10-Ks|throws) \((\d+)\): (.*)$", line) for line in lines]
    assert all(counted), lines
    assert sum(int(m.group(3)) for m in counted if m) == len(legal) > 100
    assert any(m and m.group(2) == "throws" and int(m.group(3)) > HELP_PER_LINE for m in counted)
    for m in counted:
        assert m and len(m.group(4).split(" … ")[0].split(" · ")) == min(int(m.group(3)), HELP_PER_LINE)
