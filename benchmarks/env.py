"""The learning environment, timed: paiju.env's classic AEC env beside DouZero's environment, steps per second of one
core (CPU time of the process, so other work on the machine counts against neither), random legal actions, each env
building its own observation (paiju: the float32 vector and the int8 mask over 72,615 action ids, written by the
compiled ``paiju.env._tensor`` where it is built, else NumPy, as the figures say; DouZero: ``get_obs``, its
per-action batch and move history).

DouZero (``douzero`` on PyPI, or github:kwai/DouZero) is imported from an installed ``douzero``, else from the folder
named by ``$DOUZERO_SRC`` (an unpacked copy holding ``douzero/env``: its env needs only NumPy), else from its PyPI
source archive fetched with pip into a temporary folder, removed at the end (its package asks for PyTorch and RLCard,
which its env does not use); where none of these works it is reported unavailable, with the reason. Its env deals
straight to a fixed landlord and has no auction; paiju's hands bid first, so every bid is a step too.

Run alone: ``python benchmarks/env.py [--quick]``; ``benchmarks/run.py`` includes it.
"""

from __future__ import annotations

import argparse
import atexit
import importlib
import os
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["env_steps", "show_env"]

#: Steps timed per round, and rounds (each env takes one turn per round, a different one first each time).
STEPS, ROUNDS = 20_000, 5


#: The DouZero release whose source archive is fetched when no copy is at hand.
DOUZERO = "douzero==1.1.0"


def _fetch_douzero() -> str:
    """DouZero's source archive from PyPI, unpacked in a temporary folder: the folder holding ``douzero/``."""
    folder = tempfile.mkdtemp(prefix="douzero-")
    atexit.register(shutil.rmtree, folder, True)  # gone when the benchmark ends
    pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:", "-d", folder]
    subprocess.run([*pip, DOUZERO], check=True, capture_output=True, timeout=120)
    (archive,) = Path(folder).glob("douzero-*.tar.gz")
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    (root,) = Path(folder).glob("douzero-*/douzero")
    return str(root.parent)


def _douzero() -> tuple[Callable[[], Any] | None, str]:
    """DouZero's ``Env`` maker, or ``None`` and why it is unavailable."""
    try:
        module = importlib.import_module("douzero.env.env")
    except ImportError:
        try:
            source = os.environ.get("DOUZERO_SRC") or _fetch_douzero()
        except (OSError, ValueError, subprocess.SubprocessError) as err:
            return None, f"no douzero installed and its source could not be fetched ({err})"
        sys.path.insert(0, source)
        try:
            module = importlib.import_module("douzero.env.env")
        except ImportError as err:
            return None, f"douzero not importable from {source} ({err})"
    return (lambda: module.Env("adp")), str(getattr(module, "__file__", "douzero"))


def paiju_steps(steps: int, seed: int, reuse: bool = False) -> float:
    """paiju's classic AEC env: steps per second over ``steps`` decisions (observation and mask made at each;
    ``reuse``: each agent's mask buffer rewritten)."""
    from paiju.env import env

    rng = random.Random(seed)
    e = env("classic", reuse_buffers=reuse)
    e.reset(seed=seed)
    done_steps = 0
    start = time.process_time()
    while done_steps < steps:
        for agent in e.agent_iter():
            obs, _, over, _, _ = e.last()
            if over:
                e.step(None)
                continue
            legal = e.legal(agent)
            e.step(legal[rng.randrange(len(legal))])
            done_steps += 1
        e.reset()
    return done_steps / (time.process_time() - start)


def douzero_steps(make: Callable[[], Any], steps: int, seed: int) -> float:
    """DouZero's env: steps per second over ``steps`` decisions (its ``get_obs`` made at each)."""
    import numpy as np

    np.random.seed(seed)
    rng = random.Random(seed)
    e = make()
    obs = e.reset()
    done_steps = 0
    start = time.process_time()
    while done_steps < steps:
        legal = obs["legal_actions"]
        obs, _, over, _ = e.step(legal[rng.randrange(len(legal))])
        done_steps += 1
        if over:
            obs = e.reset()
    return done_steps / (time.process_time() - start)


def env_steps(quick: bool = False) -> dict[str, Any]:
    """Median steps per second of each env over the rounds."""
    steps, rounds = (STEPS // 4, 3) if quick else (STEPS, ROUNDS)
    make, note = _douzero()
    runs: dict[str, Callable[[int, int], float]] = {
        "paiju": paiju_steps,
        "paiju, masks reused": lambda n, seed: paiju_steps(n, seed, reuse=True),
    }
    if make is not None:
        runs["douzero"] = lambda n, seed: douzero_steps(make, n, seed)
    rates: dict[str, list[float]] = {name: [] for name in runs}
    names = list(runs)
    for name in names:  # one untimed warm-up each (tables, caches, imports)
        runs[name](steps // 10, 0)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            rates[name].append(runs[name](steps, r + 1))
    found: dict[str, Any] = {name: statistics.median(found) for name, found in rates.items()}
    found.setdefault("douzero", None)
    from paiju.env.tensor import COMPILED

    writes = "compiled" if COMPILED else "NumPy"
    return {"steps": steps, "rounds": rounds, "steps_per_second": found, "douzero": note, "writes": writes}


def show_env(console: Any, results: dict[str, Any]) -> None:
    """Print the figures."""
    rate = results["steps_per_second"]
    theirs = rate["douzero"]
    beside = (
        f"DouZero's env {theirs:,.0f} steps/s ({rate['paiju'] / theirs:.2f}×)"
        if theirs
        else f"DouZero's env unavailable: {results['douzero']}"
    )
    console.print(
        f"learning env, classic, random legal actions ({results['steps']:,} steps, median of {results['rounds']}): "
        f"paiju.env {rate['paiju']:,.0f} steps/s (observation + mask, {results['writes']} writes),"
        f" {rate['paiju, masks reused']:,.0f} with"
        f" reuse_buffers=True; {beside}"
    )


def main() -> int:
    """Measure and print."""
    from rich.console import Console

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer steps and rounds")
    show_env(Console(), env_steps(parser.parse_args().quick))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
