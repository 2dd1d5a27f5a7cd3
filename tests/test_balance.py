"""The balance lab (docs/balance.md): the same numbers however a run is played (one process, several, cut short and
resumed), the sequential stopping rule, fair rows on a table whose answer is known by construction, the paired
comparison of two table files, and the command's JSON and page."""

from __future__ import annotations

import dataclasses
import json
import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from paiju.arena import ArenaError
from paiju.balance.play import Batch, LocalPool, bot_rotations
from paiju.balance.run import run_balance
from paiju.balance.stats import BalanceReport, compare, fair_rows
from paiju.cli import main
from paiju.variants import get_variant

CLASSIC = get_variant("classic")
SPEC = get_variant("spec-4p1d")


@pytest.fixture(scope="module")
def classic_run() -> Any:
    """24 classic deals of the easy bots, played in this process: the reference the other ways of playing match."""
    return run_balance(CLASSIC, ["easy"], 24, seed=3, batch=6)


def test_two_worker_processes_give_the_numbers_of_one(classic_run: Any) -> None:
    found = run_balance(CLASSIC, ["easy"], 24, seed=3, batch=6, pool=LocalPool(2))
    assert found.lines == classic_run.lines
    assert found.report.to_json() == classic_run.report.to_json()
    assert classic_run.report.deals == 24


def test_a_run_stopped_early_ends_its_workers_without_waiting_for_their_batches() -> None:
    """A run that stops drawing (it has its precision, or an interrupt) ends the batches still in flight at once: the
    ones here would play 200,000 classic deals each, minutes of work that would be dropped anyway."""
    huge = [Batch(CLASSIC, ("easy",) * 3, 3, tuple(range(1 + 200_000 * i, 1 + 200_000 * (i + 1)))) for i in range(3)]
    results = LocalPool(2).results(iter([Batch(CLASSIC, ("easy",) * 3, 3, (0,)), *huge]))
    assert [line["deal"] for line in next(results)] == [0]
    started = time.monotonic()
    results.close()
    assert time.monotonic() - started < 30


#: A ``paiju balance`` that kills itself (SIGKILL: nothing flushed or closed) once it has written the results file's
#: header and three batches, wherever the machine's speed would have let a watcher's kill land.
_KILLED_HALFWAY = """
import os, signal, sys
import paiju.results_sink as results
from paiju.cli import main
write, calls = results.write_lines, []
def dying(sink, lines):
    write(sink, lines)
    calls.append(1)
    if len(calls) == 4:
        os.kill(os.getpid(), signal.SIGKILL)
results.write_lines = dying
main(sys.argv[1:])
"""


def test_a_run_killed_halfway_resumes_to_the_same_result(classic_run: Any, tmp_path: Path) -> None:
    out = tmp_path / "classic.jsonl"
    command = [sys.executable, "-c", _KILLED_HALFWAY, "balance", "--variant", "classic", "--hands", "24", "--seed", "3",
               "--batch", "2", "--workers", "1", "--out", str(out), "--json"]  # fmt: skip
    child = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    assert child.returncode == -9
    held = out.read_text().count("\n") - 1
    assert held == 6, "the child was killed after three batches of two deals"
    resumed = run_balance(CLASSIC, ["easy"], 24, seed=3, batch=6, out=out)
    assert resumed.report.to_json() == classic_run.report.to_json()
    assert sorted(json.loads(line)["deal"] for line in out.read_text().splitlines()[1:]) == list(range(24))


def test_a_results_file_of_another_table_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    run_balance(CLASSIC, ["easy"], 2, out=out)
    with pytest.raises(ArenaError, match="another balance"):
        run_balance(SPEC, ["easy"], 2, out=out)


def test_a_run_stops_after_the_first_batch_where_every_role_is_as_precise_as_asked() -> None:
    precision, batch = 2.5, 5
    run = run_balance(CLASSIC, ["easy"], 400, seed=1, precision=precision, min_deals=10, batch=batch)
    n = run.report.deals
    assert n < 400 and n % batch == 0
    assert run.report.widest() <= precision
    assert "half-width" in run.report.stopped
    before = BalanceReport.of(run.lines[: n - batch], "classic", ["easy"] * 3, 1)
    assert before.widest() > precision, "it would have stopped a batch earlier"


def test_a_role_seen_too_rarely_has_no_interval_to_stop_on() -> None:
    run = run_balance(CLASSIC, ["easy"], 10, precision=1000.0, min_deals=1, batch=5)
    assert run.report.deals == 10 and math.isinf(run.report.widest())


def _hand(roles: list[str], scores: list[int], stake: int, **kinds: str) -> dict[str, Any]:
    return {"roles": roles, "scores": scores, "stake": stake, "counts": {}, "kinds": kinds, "events": 1}


def test_fair_rows_make_the_landlord_win_pay_what_its_rarity_asks() -> None:
    # The landlord wins one hand in three (+2 against -1 -1) and loses two (-2 against +1 +1): its expected score is
    # 0 only if a win pays twice what a loss costs, and the farmers' payments follow their side's.
    won = _hand(["landlord", "farmer", "farmer"], [2, -1, -1], 1)
    lost = _hand(["landlord", "farmer", "farmer"], [-2, 1, 1], 1)
    lines = [{"deal": d, "plays": [won if d % 3 == 0 else lost]} for d in range(30)]
    fair = fair_rows(lines, resamples=20)
    by = {(r.cell.role, r.cell.won): r.multiplier for r in fair.rows}
    assert by[("landlord", True)] == pytest.approx(2 * by[("landlord", False)])
    assert by[("farmer", False)] == pytest.approx(by[("landlord", True)])
    assert by[("farmer", True)] == pytest.approx(by[("landlord", False)])
    assert all(abs(v) < 1e-9 for v in fair.after.values())
    # The table moves as many points a hand as before: 4 (2 to or from the landlord, 1 each farmer).
    moved = (10 * 4 * by[("landlord", True)] + 20 * 4 * by[("landlord", False)]) / 30
    assert moved == pytest.approx(4.0)


def test_fair_rows_of_a_speculator_table_keep_each_class_of_hand_summing_to_zero() -> None:
    # §13's 4-player row, speculator with farmers: L 6 against S 2 : F 2 : F 2 (unit 1). The landlord wins 3 hands
    # in 4, so the fair row pays its wins a third of its losses.
    roles = ["landlord", "speculator", "farmer", "farmer"]
    won = _hand(roles, [6, -2, -2, -2], 1, speculator_sides="farmers")
    lost = _hand(roles, [-6, 2, 2, 2], 1, speculator_sides="farmers")
    lines = [{"deal": d, "plays": [lost if d % 4 == 0 else won]} for d in range(40)]
    fair = fair_rows(lines, resamples=20)
    by = {(r.cell.role, r.cell.won): r for r in fair.rows}
    assert by[("landlord", True)].multiplier * 3 == pytest.approx(by[("landlord", False)].multiplier)
    assert by[("landlord", True)].share == 6 and by[("speculator", False)].share == 2
    for landlord_won in (True, False):
        total = 6 * by[("landlord", landlord_won)].multiplier - sum(
            2 * by[(role, not landlord_won)].multiplier for role in ("speculator", "farmer", "farmer")
        )
        assert total == pytest.approx(0.0, abs=1e-9)
    assert all(abs(v) < 1e-9 for v in fair.after.values())
    low, high = by[("landlord", True)].low, by[("landlord", True)].high
    assert low <= by[("landlord", True)].multiplier <= high


def test_a_mix_of_bots_is_played_once_per_rotation_so_each_bot_holds_every_seat() -> None:
    rotations = bot_rotations(["normal", "easy", "easy"])
    assert rotations == [("normal", "easy", "easy"), ("easy", "normal", "easy"), ("easy", "easy", "normal")]
    assert bot_rotations(["easy"] * 4) == [("easy",) * 4]
    run = run_balance(CLASSIC, ["easy", "random", "random"], 2)
    assert [p["bots"] for p in run.lines[0]["plays"]] == [list(r) for r in bot_rotations(["easy", "random", "random"])]
    assert run.report.hands == 6


def test_doubling_the_stake_in_a_table_file_doubles_every_role_on_the_same_deals(tmp_path: Path) -> None:
    doubled = dataclasses.replace(SPEC, name="doubled", speculator=dataclasses.replace(SPEC.speculator, stake=12))
    first = run_balance(SPEC, ["easy"], 12, seed=5)
    second = run_balance(doubled, ["easy"], 12, seed=5)
    for difference in compare(first.lines, second.lines):
        assert difference.difference.mean == pytest.approx(-first.report.scores[difference.role].mean)


@pytest.fixture(scope="module")
def doubled_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """spec-4p1d as a table file with the stake doubled (§13: every row scales with T)."""
    folder = tmp_path_factory.mktemp("tables")
    written = subprocess.run(
        [sys.executable, "-m", "paiju.cli", "variants", "--variant", "spec-4p1d", "--toml"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    path = folder / "doubled.toml"
    path.write_text(
        written.replace('name = "spec-4p1d"', 'name = "spec-4p1d-doubled"').replace("stake = 6", "stake = 12")
    )
    return path


def test_the_command_compares_two_tables_in_json_and_on_its_page(
    doubled_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "balance.html"
    code = main(["balance", "--variant", "spec-4p1d", "--hands", "12", "--batch", "4", "--workers", "1",
                 "--compare", str(doubled_file), "--html", str(page), "--json"])  # fmt: skip
    assert code == 0
    found = json.loads(capsys.readouterr().out)
    run = found["runs"][0]
    assert run["deals"] == 12 and run["variant"] == "spec-4p1d"
    assert found["compare"]["table"] == "spec-4p1d-doubled"
    by_role = {d["role"]: d["mean"] for d in found["compare"]["roles"]}
    assert by_role["landlord"] == pytest.approx(-run["roles"]["landlord"]["score"]["mean"], abs=1e-3)
    assert {r["role"] for r in found["fair"]["rows"]} == {"landlord", "speculator", "farmer"}
    text = page.read_text()
    assert text.count("data:image/png;base64,") == 3  # role scores, the comparison, the distributions
    assert "Against spec-4p1d-doubled, on the same deals" in text and "Fair rows" in text


def test_the_command_refuses_a_mix_that_does_not_fit_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--variant", "classic", "--bots", "easy,random", "--hands", "2"]) == 2
    assert "one bot for every seat or one a seat (3)" in capsys.readouterr().err


def test_levels_play_the_same_deals_and_draw_score_against_strength(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "levels.html"
    assert main(["balance", "--variant", "classic", "--levels", "random,easy", "--hands", "6", "--workers", "1",
                 "--html", str(page), "--json"]) == 0  # fmt: skip
    runs = json.loads(capsys.readouterr().out)["runs"]
    assert [r["bots_label"] for r in runs] == ["random", "easy"]
    text = page.read_text()
    assert "Score against bot strength" in text
    assert "<td>random</td><td>landlord</td>" in text and "<td>easy</td><td>landlord</td>" in text
