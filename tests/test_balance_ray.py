"""``paiju balance --ray``: a real Ray started on this machine (one CPU, no dashboard) plays the batches, and the
numbers are those of a run in this process on the same seeds. About 10 s, most of it Ray starting and stopping."""

from __future__ import annotations

import importlib.util
import json

import pytest

from paiju.cli import main

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="needs Ray, the optional cluster extra: pip install 'paiju[cluster]'",
)


def test_a_local_ray_cluster_gives_the_numbers_of_a_local_run(capsys: pytest.CaptureFixture[str]) -> None:
    import ray

    common = ["balance", "--variant", "spec-4p1d", "--hands", "12", "--seed", "7", "--batch", "3", "--json"]
    assert main([*common, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*common, "--ray", "local", "--workers", "1"]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert not ray.is_initialized(), "the Ray the run started is shut down"
    assert remote["versions"]["ray"] == ray.__version__
    assert remote["runs"] == local["runs"] and remote["fair"] == local["fair"]
    assert local["runs"][0]["deals"] == 12
