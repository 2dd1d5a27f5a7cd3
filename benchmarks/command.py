"""``paiju simulate`` as a person runs it, against open_spiel's random play in the same rounds.

The command runs in its own process, timed on the wall clock from its start to its exit, so its start-up (the imports,
the table's setup) and everything it does per hand (views, bots, the tally, the progress bar) count. Its bytecode is
compiled once by an untimed first run, as an installed paiju has it (into a folder of its own, not the source tree).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The table and bots timed: the command of the issue that asked for this row.
TABLE, BOTS = "classic", "random,random,random"


def command(games: int) -> list[str]:
    """The ``paiju simulate`` command line for ``games`` hands (the installed ``paiju`` script where there is one)."""
    script = shutil.which("paiju", path=str(Path(sys.executable).parent))
    start = [script] if script else [sys.executable, "-m", "paiju.cli"]
    return [*start, "simulate", "--variant", TABLE, "--games", str(games), "--bots", BOTS]


def wall_seconds(argv: list[str], env: dict[str, str]) -> float:
    """Seconds from starting ``argv`` to its exit, its output thrown away; an error if it fails."""
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    return time.perf_counter() - start


def simulate_command(games: int, rounds: int, open_spiel: Callable[[int, int], float] | None) -> dict[str, Any]:
    """The command's hands per second (wall time, start-up included), the median over ``rounds`` runs of ``games``
    hands, and open_spiel's random play over as many hands in each round just before it (``None`` where it is not
    installed) with the median of the rounds' ratios."""
    with tempfile.TemporaryDirectory(prefix="paiju-bytecode-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        wall_seconds(command(1), env)  # untimed: compiles the bytecode, fills the page cache
        ours: list[float] = []
        theirs: list[float] = []
        for r in range(rounds):
            if open_spiel is not None:
                open_spiel(1, r)
                theirs.append(open_spiel(games, r))
            ours.append(games / wall_seconds(command(games), env))
    return {
        "table": TABLE,
        "bots": BOTS,
        "games": games,
        "rounds": rounds,
        "hands_per_second": statistics.median(ours),
        "open_spiel_hands_per_second": statistics.median(theirs) if theirs else None,
        "ratio": statistics.median(o / t for o, t in zip(ours, theirs, strict=True)) if theirs else None,
    }
