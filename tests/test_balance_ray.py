"""``paiju balance --ray``: a real Ray started on this machine (one CPU, no dashboard, started once for the file)
plays the batches; the numbers are those of a run in this process on the same seeds, and a batch whose worker dies
is played again. About 10 s, most of it Ray starting and stopping (once for the file)."""

from __future__ import annotations

import importlib.util
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from paiju.balance.play import Batch, play_batch
from paiju.balance.run import run_balance
from paiju.cli import main
from paiju.variants import get_variant

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="needs Ray, the optional cluster extra: pip install 'paiju[cluster]'",
)

COMMON = ["balance", "--variant", "spec-4p1d", "--hands", "12", "--seed", "7", "--batch", "3", "--json"]


def _dies_once(marker: Path) -> Callable[[Batch], list[dict[str, Any]]]:
    """``play_batch``, but the first batch it is given kills the process playing it (a lost machine)."""

    def play(batch: Batch) -> list[dict[str, Any]]:
        if not marker.exists():
            marker.write_text(str(os.getpid()))
            os._exit(1)
        return play_batch(batch)

    return play


def test_a_ray_cluster_gives_the_numbers_of_a_local_run_and_plays_a_lost_workers_batch_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One test, so one Ray start, however the suite's workers share the tests out.
    import ray

    from paiju.balance.cluster import RayPool

    assert main([*COMMON, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    started = RayPool("local", cpus=1)  # as --ray local starts one
    try:
        assert main([*COMMON, "--ray", "auto"]) == 0
        remote = json.loads(capsys.readouterr().out)
        assert ray.is_initialized(), "a run that joined a running Ray leaves it running"
        marker = tmp_path / "died"
        with RayPool("auto", play=_dies_once(marker)) as pool:
            replayed = run_balance(get_variant("classic"), ["easy"], 6, seed=2, batch=3, pool=pool)
        assert marker.exists(), "a worker died"
        with RayPool("auto") as pool:  # a run stopped early: the batch in flight is cancelled, its CPU free again
            huge = Batch(get_variant("classic"), ("easy",) * 3, 2, tuple(range(1, 200_001)))
            results = pool.results(iter([Batch(get_variant("classic"), ("easy",) * 3, 2, (0,)), huge]))
            assert [line["deal"] for line in next(results)] == [0]
            results.close()
            deadline = time.monotonic() + 30
            while ray.available_resources().get("CPU", 0) < 1 and time.monotonic() < deadline:
                time.sleep(0.1)
            assert ray.available_resources().get("CPU", 0) >= 1, "the cancelled batch still holds the CPU"
    finally:
        started.close()
    assert not ray.is_initialized(), "the pool that started Ray shuts it down"
    assert remote["versions"]["ray"] == ray.__version__
    assert remote["runs"] == local["runs"] and remote["fair"] == local["fair"]
    assert local["runs"][0]["deals"] == 12
    assert replayed.lines == run_balance(get_variant("classic"), ["easy"], 6, seed=2, batch=3).lines
