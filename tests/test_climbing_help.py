"""The terminal's ``h`` on a climbing table: the actions that are no plays on one line, then the plays one line per
pattern, each showing its first few and counting the rest, so a three-deck lead of thousands of plays is readable."""

from __future__ import annotations

import re

from paiju.bots import make_bot
from paiju.climbing import Game, Play, action_text, observe
from paiju.terminal import HELP_PER_LINE
from paiju.terminal_views.climbing import help_lines
from paiju.variants import PatternKind, get_variant

LINE = re.compile(r"^([a-z+\-]+) \((\d+)\): (.*)$")


def _at_play(name: str, seed: int, leading: bool) -> Game:
    """A seeded hand of heuristic bots at its first lead (``leading``), or at the first answer to a play."""
    game = Game.new(get_variant(name), seed=seed)
    bots = [make_bot("heuristic", seed + s) for s in range(game.players)]
    while game.actors():
        seat = min(game.actors())
        if game.phase == "play" and game.state.is_leading() == leading:
            return game
        game.apply(bots[seat].act(observe(game, seat)), seat)
    raise AssertionError("the hand ended first")


def test_a_three_deck_lead_is_listed_one_pattern_a_line_with_every_play_counted() -> None:
    lead = _at_play("spec-5p3d", 1, leading=True)
    seat = lead.state.to_act
    legal = lead.legal_actions(seat)
    plays = [action_text(a) for a in legal if isinstance(a, Play)]
    assert len(plays) > 120
    lines = help_lines(lead, legal)
    matched = [LINE.match(line) for line in lines]
    assert all(matched), lines  # a leader may not pass: every line is a pattern's
    kinds = [m.group(1) for m in matched if m]
    order = [k.value for k in PatternKind]
    assert kinds == sorted(kinds, key=order.index) and len(set(kinds)) == len(kinds) > 3
    assert sum(int(m.group(2)) for m in matched if m) == len(plays)
    for m in matched:
        assert m is not None
        shown = m.group(3).split(" … and ")[0].split(" · ")
        assert len(shown) == min(int(m.group(2)), HELP_PER_LINE) and set(shown) <= set(plays)
        if int(m.group(2)) > HELP_PER_LINE:
            assert m.group(3).endswith(f" … and {int(m.group(2)) - HELP_PER_LINE} more")
    follow = _at_play("spec-5p3d", 1, leading=False)
    answer = follow.legal_actions(follow.state.to_act)
    first, *rest = help_lines(follow, answer)
    assert first == "pass" and all(LINE.match(line) for line in rest)  # pass first, on its own line
