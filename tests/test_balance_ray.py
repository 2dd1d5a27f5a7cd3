"""``paiju balance --ray``: a real Ray started on this machine (one CPU, no dashboard) plays the batches, and the
numbers are those of a run in this process on the same seeds. About 10 s, most of it Ray starting and stopping."""

from __future__ import annotations

import importlib.util

import pytest

from paiju.balance.run import run_balance
from paiju.variants import get_variant

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="needs Ray, the optional cluster extra: pip install 'paiju[cluster]'",
)


def test_a_local_ray_cluster_gives_the_numbers_of_a_local_run() -> None:
    import ray

    from paiju.balance.cluster import RayPool

    variant = get_variant("spec-4p1d")
    local = run_balance(variant, ["easy"], 12, seed=7, batch=3)
    with RayPool("local", cpus=1) as pool:
        assert ray.is_initialized()
        remote = run_balance(variant, ["easy"], 12, seed=7, batch=3, pool=pool)
    assert not ray.is_initialized(), "the Ray the test started is shut down"
    assert remote.lines == local.lines
    assert remote.report.to_json() == local.report.to_json()
