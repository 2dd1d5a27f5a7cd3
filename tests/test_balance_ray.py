"""``paiju balance --ray``: a real Ray started on this machine (one CPU, no dashboard, started once for the file)
plays the batches; the numbers are those of a run in this process on the same seeds, and a batch whose worker dies
is played again. About 12 s, most of it Ray starting and stopping."""

from __future__ import annotations

import importlib.util
import json
import os
from collections.abc import Callable, Iterator
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


@pytest.fixture(scope="module")
def ray_started() -> Iterator[Any]:
    """A local Ray started by a pool (as ``--ray local`` starts one), shut down by it after the file's tests."""
    import ray

    from paiju.balance.cluster import RayPool

    pool = RayPool("local", cpus=1)
    assert ray.is_initialized()
    yield ray
    pool.close()
    assert not ray.is_initialized(), "the pool that started Ray shuts it down"


def test_a_ray_cluster_gives_the_numbers_of_a_local_run(ray_started: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*COMMON, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*COMMON, "--ray", "auto"]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert ray_started.is_initialized(), "a run that joined a running Ray leaves it running"
    assert remote["versions"]["ray"] == ray_started.__version__
    assert remote["runs"] == local["runs"] and remote["fair"] == local["fair"]
    assert local["runs"][0]["deals"] == 12


def _dies_once(marker: Path) -> Callable[[Batch], list[dict[str, Any]]]:
    """``play_batch``, but the first batch it is given kills the process playing it (a lost machine)."""

    def play(batch: Batch) -> list[dict[str, Any]]:
        if not marker.exists():
            marker.write_text(str(os.getpid()))
            os._exit(1)
        return play_batch(batch)

    return play


def test_a_batch_whose_worker_died_is_played_again(ray_started: Any, tmp_path: Path) -> None:
    from paiju.balance.cluster import RayPool

    variant = get_variant("classic")
    marker = tmp_path / "died"
    with RayPool("auto", play=_dies_once(marker)) as pool:
        found = run_balance(variant, ["easy"], 6, seed=2, batch=3, pool=pool)
    assert marker.exists(), "a worker died"
    assert found.lines == run_balance(variant, ["easy"], 6, seed=2, batch=3).lines
