"""``paiju arena``: the duplicate format's seatings, its per-deal statistics, resumable results, the RLCard opponent."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
from pathlib import Path

import pytest

from paiju import arena
from paiju.arena import ArenaError, play_deal, read_results, run_arena, seatings
from paiju.cli import main
from paiju.engine import AnyHand, open_hand
from paiju.variants import Variant, get_variant

CLASSIC = get_variant("classic")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 8])
def test_each_bot_holds_every_seat_equally_often_and_alone_in_each(players: int) -> None:
    found = seatings(players)
    assert len(found) == len(set(found)) == (2 if players == 2 else 2 * players)
    for seat in range(players):
        held = [s[seat] for s in found]
        assert held.count("A") == held.count("B")
        for lone, rest in ("AB", "BA"):
            assert lone + rest * (players - 1) in {s[seat:] + s[:seat] for s in found}


def test_every_seating_of_a_deal_is_played_on_the_same_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    dealt: list[list[list[int]]] = []

    def opened(variant: Variant, seed: int) -> AnyHand:
        hand = open_hand(variant, seed)
        dealt.append([list(cards) for cards in hand.hands])
        return hand

    monkeypatch.setattr(arena, "open_hand", opened)
    record = play_deal(CLASSIC, ["heuristic", "random"], 3, 5)
    assert [p.seating for p in record.plays] == seatings(3)
    assert len(dealt) == 6 and all(cards == dealt[0] for cards in dealt)
    assert all(p.roles.count("landlord") == 1 for p in record.plays)


def test_the_report_is_the_same_for_a_seed() -> None:
    first = run_arena(CLASSIC, ["heuristic", "random"], 6, seed=11)
    again = run_arena(CLASSIC, ["heuristic", "random"], 6, seed=11)
    other = run_arena(CLASSIC, ["heuristic", "random"], 6, seed=12)
    assert first.to_json() == again.to_json()
    assert first.to_json() != other.to_json()


def test_a_bot_against_itself_shows_no_difference() -> None:
    report = run_arena(CLASSIC, ["random", "random"], 40, seed=2)
    score, win = report.paired["score_diff"], report.paired["win_diff"]
    assert score.ci95 > 0 and win.ci95 > 0  # two copies of the random bot play apart: a real spread
    assert not score.excludes_zero() and not win.excludes_zero()


def test_heuristic_beats_random_with_an_interval_above_zero() -> None:
    report = run_arena(CLASSIC, ["heuristic", "random"], 30, seed=0)
    score, win = report.paired["score_diff"], report.paired["win_diff"]
    assert score.mean > 0 and score.excludes_zero()
    assert win.mean > 0 and win.excludes_zero()
    assert {"landlord", "farmer"} <= set(report.by_bot["A"]) and report.by_bot["A"]["all"].hands == 30 * 6 * 3 // 2


def test_a_run_cut_short_and_run_again_reports_as_one_run(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"

    def interrupt(done: int) -> None:
        if done == 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_arena(CLASSIC, ["heuristic", "random"], 9, seed=5, out=out, progress=interrupt)
    assert len(out.read_text().splitlines()) == 1 + 4  # the header and the deals finished before the interruption
    with out.open("a") as f:
        f.write('{"deal": 4, "plays": [')  # a line the interruption cut
    played: list[int] = []
    resumed = run_arena(CLASSIC, ["heuristic", "random"], 9, seed=5, out=out, progress=played.append)
    whole = run_arena(CLASSIC, ["heuristic", "random"], 9, seed=5)
    assert resumed.to_json() == whole.to_json()
    assert played == list(range(1, 10))
    lines = out.read_text().splitlines()
    assert len(lines) == 1 + 9 and [json.loads(line)["deal"] for line in lines[1:]] == list(range(9))


def test_deals_played_on_two_processes_make_the_same_file_and_report_as_on_one(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    bots = ["normal:4", "heuristic"]  # a budget of rollouts: the same play on any number of processes
    alone = run_arena(CLASSIC, bots, 5, seed=8, out=one)
    run_arena(CLASSIC, bots, 2, seed=8, out=two)  # a run cut short, resumed on two processes
    played: list[int] = []
    pooled = run_arena(CLASSIC, bots, 5, seed=8, out=two, progress=played.append, workers=2)
    assert pooled.to_json() == alone.to_json()
    assert two.read_text() == one.read_text()
    assert played == list(range(1, 6))


def test_a_results_file_of_another_arena_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run_arena(CLASSIC, ["heuristic", "random"], 2, seed=5, out=out)
    before = out.read_text()
    with pytest.raises(ArenaError, match=r"another arena: bots .*heuristic.*random.*asked.*random.*heuristic"):
        run_arena(CLASSIC, ["random", "heuristic"], 3, seed=5, out=out)
    with pytest.raises(ArenaError, match="table classic .asked: table two-player"):
        run_arena(get_variant("two-player"), ["heuristic", "random"], 3, seed=5, out=out)
    assert out.read_text() == before
    assert len(read_results(out, json.loads(before.splitlines()[0]))) == 2


def test_a_file_that_is_not_results_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "notes.txt"
    out.write_text("shopping list\nmilk")
    with pytest.raises(ArenaError, match="not an arena results file"):
        run_arena(CLASSIC, ["heuristic", "random"], 1, out=out)
    assert out.read_text() == "shopping list\nmilk"  # left alone, its unfinished last line too


def test_a_results_file_with_a_line_that_is_no_deal_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run_arena(CLASSIC, ["heuristic", "random"], 2, seed=5, out=out)
    with out.open("a") as f:
        f.write("an edit by hand\n")
    with pytest.raises(ArenaError, match="line 4 of .* is not a deal's results"):
        run_arena(CLASSIC, ["heuristic", "random"], 3, seed=5, out=out)


def test_a_trick_table_is_played_by_its_own_bots() -> None:
    report = run_arena(get_variant("chaodipi"), ["rule", "random"], 2, seed=1)
    assert report.plays == 2 * 8
    assert {"dealer", "attacker"} <= set(report.by_bot["A"])


@pytest.mark.skipif(importlib.util.find_spec("rlcard") is None, reason="needs the reference extra (rlcard)")
def test_the_rlcard_rule_agent_plays_legal_moves_with_a_fixed_landlord() -> None:
    report = run_arena(CLASSIC, ["heuristic", "rlcard-rule"], 8, seed=3, against="rlcard-rule")
    assert report.plays == 16
    a, b = report.by_bot["A"], report.by_bot["B"]
    assert a["landlord"].hands == b["landlord"].hands == 8  # each side is the landlord once a deal
    assert a["farmer"].hands == b["farmer"].hands == 16
    assert report.paired["win_a"].mean + report.paired["win_b"].mean == pytest.approx(1.0)


@pytest.mark.skipif(importlib.util.find_spec("rlcard") is None, reason="needs the reference extra (rlcard)")
def test_a_search_bot_reads_its_seat_view_against_the_rlcard_rule_agent() -> None:
    report = run_arena(CLASSIC, ["normal:2", "rlcard-rule"], 1, seed=4, against="rlcard-rule")
    assert report.by_bot["A"]["all"].hands == 3 and report.bots == ("normal:2", "rlcard-rule")


def test_the_rlcard_rule_agent_plays_classic_only() -> None:
    with pytest.raises(ArenaError, match="plays classic only, not laizi"):
        run_arena(get_variant("laizi"), ["heuristic", "rlcard-rule"], 1, against="rlcard-rule")


def test_the_command_prints_the_table_and_the_paired_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "heuristic,random", "--deals", "3"]) == 0
    shown = capsys.readouterr().out
    assert "A heuristic" in shown and "B random" in shown and "landlord" in shown
    assert "seatings of each deal: ABB BAB BBA BAA ABA AAB" in shown
    assert "A − B, paired per deal over 3 deals: ADP +" in shown and "points per hand" in shown
    assert "heuristic beats random (the ADP interval excludes 0)" in shown


def test_the_command_prints_the_report_as_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    args = [
        "arena",
        "--variant",
        "two-player",
        "--bots",
        "heuristic,random",
        "--deals",
        "3",
        "--json",
        "--out",
        str(out),
    ]
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bots"] == {"A": "heuristic", "B": "random"} and report["deals"] == 3 and report["plays"] == 6
    assert set(report["paired"]) == {"score_a", "score_b", "score_diff", "win_a", "win_b", "win_diff"}
    assert main(args) == 0 and json.loads(capsys.readouterr().out) == report  # read back, not played again


def test_the_command_refuses_bad_bots_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "heuristic"]) == 2
    assert "name two bots" in capsys.readouterr().err
    assert main(["arena", "--bots", "heuristic,nobody"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert main(["arena", "--bots", "heuristic,random", "--workers", "0"]) == 2
    assert "--workers must be at least 1" in capsys.readouterr().err


def test_the_curve_plays_an_arena_per_budget_and_draws_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="needs the plot extra (matplotlib)")
    out, plot = tmp_path / "curve.jsonl", tmp_path / "curve"
    args = ["arena", "--variant", "two-player", "--bots", "pimc,heuristic", "--deals", "2", "--json"]
    assert main([*args, "--budgets", "1,16", "--out", str(out), "--plot", str(plot)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [(p["budget"], p["bots"]["A"], p["deals"]) for p in shown["points"]] == [
        ("1", "pimc:1", 2),
        ("16", "pimc:16", 2),
    ]
    assert shown["files"] == [str(plot) + ".png", str(plot) + ".html"]
    assert (tmp_path / "curve.png").read_bytes().startswith(b"\x89PNG")
    page = (tmp_path / "curve.html").read_text()
    assert "data:image/png;base64," in page and page.count("<tr>") == 3
    assert sorted(p.name for p in tmp_path.glob("curve.*.jsonl")) == ["curve.1.jsonl", "curve.16.jsonl"]


def test_the_curve_wants_a_search_bot_and_one_kind_of_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "heuristic,random", "--budgets", "30ms"]) == 2
    assert "unknown bot 'heuristic:30ms'" in capsys.readouterr().err
    assert main(["arena", "--bots", "hard,random", "--budgets", "30ms,200"]) == 2
    assert "all times (30ms, 1s) or all rollouts (200), not both" in capsys.readouterr().err
    assert main(["arena", "--bots", "hard,random", "--plot", "x"]) == 2
    assert "name the budgets too" in capsys.readouterr().err


def test_a_table_changed_since_its_results_were_written_is_refused_by_its_rules(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run_arena(CLASSIC, ["heuristic", "random"], 1, out=out)
    changed = dataclasses.replace(CLASSIC, hand_size=16, bottom_size=6)
    with pytest.raises(ArenaError, match=r"table classic with other rules: hand_size 17 \(asked: 16\), bottom_size 3"):
        run_arena(changed, ["heuristic", "random"], 1, out=out)
