"""``paiju simulate`` starts with what it runs and no more: random bots make no view, so the views' modules are not
loaded, nor the events of other tables; the start (modules, table, bots) runs with the garbage collector paused and
is frozen for the run, and the collector is left as it was found once the command returns, except by the program
itself, which freezes everything for its exit."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from typing import Any

import pytest

import paiju.simulate as simulation
from paiju.cli import main
from paiju.climbing.events import DoubleEvent, GrabEvent, ReturnEvent

#: The command of the benchmark (benchmarks/command.py), a few hands.
SIMULATE = ["simulate", "--variant", "classic", "--games", "3", "--bots", "random,random,random", "--json"]


def test_a_simulation_of_random_bots_loads_no_view_module() -> None:
    """Bots that read only their legal lists make no view: the command never imports the views' modules."""
    script = (
        "import contextlib, io, json, sys\n"
        "from paiju.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    code = main({SIMULATE!r})\n"
        "print(json.dumps([code, sorted(m for m in sys.modules if m.startswith('paiju.climbing.'))]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    code, loaded = json.loads(done.stdout)
    assert code == 0
    assert "paiju.climbing.hand" in loaded  # the hands were played
    assert "paiju.climbing.observation" not in loaded and "paiju.climbing.views" not in loaded
    assert not {"paiju.climbing.events.five", "paiju.climbing.events.open", "paiju.climbing.events.emperor"} & set(loaded)


def test_a_log_entry_of_a_table_whose_events_are_not_loaded_yet_is_read() -> None:
    """Reading another table's event from a log (or naming its class) loads its module first, in a fresh process."""
    entries = [GrabEvent(1).to_json(), DoubleEvent(2).to_json(), ReturnEvent(0, 2, (3, 4)).to_json()]
    script = (
        "import json, sys\n"
        "from paiju.climbing.events import event_from_json\n"
        f"read = [event_from_json(e) for e in {entries!r}]\n"
        "from paiju.climbing.events import ReturnEvent\n"
        "print(json.dumps([[type(e).__name__, e.to_json()] for e in read] + [ReturnEvent.__name__]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [
        ["GrabEvent", entries[0]], ["DoubleEvent", entries[1]], ["ReturnEvent", entries[2]], "ReturnEvent"
    ]


def test_the_program_freezes_every_object_at_exit_and_its_output_is_whole() -> None:
    """Run as the program (its own command line), the command leaves every object frozen for the interpreter's exit,
    whose last collections then have nothing to walk; what it printed is all there."""
    script = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: sys.stderr.write(f'frozen at exit: {gc.get_freeze_count() > 0}'))\n"
        "from paiju.cli import main\n"
        "sys.exit(main())\n"
    )
    done = subprocess.run([sys.executable, "-c", script, *SIMULATE], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["games"] == 3
    assert done.stderr.endswith("frozen at exit: True")


def test_the_start_is_frozen_for_the_run_and_the_collector_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """While the hands are played, what the start made is frozen (no collection walks it again) and the collector
    is on (the hands' own garbage is collected as ever)."""
    seen: list[tuple[bool, int]] = []
    play = simulation.simulate

    def watched(*args: Any, **kwargs: Any) -> simulation.SimulationReport:
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        return play(*args, **kwargs)

    monkeypatch.setattr(simulation, "simulate", watched)
    assert main(SIMULATE) == 0
    capsys.readouterr()
    [(enabled, frozen)] = seen
    assert enabled and frozen > 0


@pytest.mark.parametrize("collector_on", [True, False], ids=["on", "off"])
def test_the_command_leaves_the_collector_as_it_found_it(collector_on: bool, capsys: pytest.CaptureFixture[str]) -> None:
    """After the command (or a refused one), nothing stays frozen and the collector is on or off as before."""
    (gc.enable if collector_on else gc.disable)()
    try:
        assert main(SIMULATE) == 0
        assert main(["simulate", "--games", "0"]) == 2
        capsys.readouterr()
        assert gc.isenabled() is collector_on
        assert gc.get_freeze_count() == 0
    finally:
        gc.enable()
