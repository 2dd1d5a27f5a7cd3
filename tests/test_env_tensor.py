"""paiju.env.tensor: the compiled observation and mask writes agree with their NumPy fallback, and the climbing
encoder's folded ``played`` part stays true across hands."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import paiju.env.climbing as climbing  # noqa: E402
import paiju.env.trick as trick  # noqa: E402
from paiju.env import PaijuEnv, env  # noqa: E402
from paiju.env.tensor import TENSOR, Counts, Mark, compiled, python_counts, python_mark  # noqa: E402


@pytest.fixture(scope="module")
def writes() -> tuple[Counts, Mark]:
    """The compiled writes (the extension is built with paiju wherever a C compiler is)."""
    if TENSOR is None:
        pytest.skip("the _tensor extension is not built here (pure Python)")
    return compiled(TENSOR)


def test_the_compiled_counts_and_masks_are_the_numpy_ones(writes: tuple[Counts, Mark]) -> None:
    counts, mark = writes
    rng = random.Random(5)
    for size in (1, 7, 472, 3000):
        hits = [rng.randrange(size) for _ in range(rng.randrange(60))]  # repeats count twice
        at = rng.sample([i for i in range(size) if i not in hits], min(3, size - len(set(hits))))
        values = [rng.uniform(-5, 300) for _ in at]
        mine, theirs = counts(size, hits, at, values), python_counts(size, hits, at, values)
        assert mine.dtype == theirs.dtype == np.float32
        assert mine.tobytes() == theirs.tobytes()
        compiled_mask, numpy_mask = np.zeros(size, np.int8), np.zeros(size, np.int8)
        before: list[int] = []
        for _ in range(4):  # a buffer rewritten decision after decision
            ids = rng.sample(range(size), min(size, rng.randrange(1, 9)))
            mark(compiled_mask, before, ids)
            python_mark(numpy_mask, before, ids)
            assert compiled_mask.tobytes() == numpy_mask.tobytes()
            assert sorted(np.flatnonzero(compiled_mask)) == sorted(ids)
            before = ids


def test_the_compiled_writes_refuse_an_index_outside_the_array(writes: tuple[Counts, Mark]) -> None:
    counts, mark = writes
    for hits, at in (([4, 9], []), ([-1], []), ([], [9])):
        with pytest.raises(IndexError):
            counts(9, hits, at, [1.0] * len(at))
    with pytest.raises(IndexError):
        mark(np.zeros(9, np.int8), [], [9])
    with pytest.raises(TypeError):
        mark(np.zeros(9, np.float32), [], [1])  # type: ignore[arg-type]  # a mask is int8


def _observations(e: PaijuEnv, seed: int) -> list[np.ndarray]:
    """Every seat's observation vector at every step of one random hand of ``e``."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    found = []
    assert e.hand is not None
    while not e.hand.is_over:
        found += [e.observe(agent)["observation"].copy() for agent in e.possible_agents]
        legal = e.legal(e.agent_selection)
        e.step(legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("name", ["classic", "spec-6p3d", "laizi", "five-player", "chaodipi"])
def test_every_observation_is_the_same_compiled_and_in_numpy(
    name: str, writes: tuple[Counts, Mark], monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = _observations(env(name), seed=3)
    for module in (climbing, trick):
        monkeypatch.setattr(module, "counts", python_counts)
    slow = _observations(env(name), seed=3)
    assert len(fast) == len(slow) > 0
    assert all(a.tobytes() == b.tobytes() for a, b in zip(fast, slow, strict=True))


def test_the_played_part_holds_each_seats_plays_as_the_observer_sees_them_hand_after_hand() -> None:
    e = env("classic")
    for seed in (8, 9):  # the second hand starts the fold again
        _observations(e, seed)
        assert e.hand is not None
        played = np.zeros((3, 54))
        for record in e.hand.state.play.history():
            for card in record.cards:
                played[record.seat, card % 54] += 1
        assert played.sum() > 0
        for seat, agent in enumerate(e.possible_agents):
            part = e.observe(agent)["observation"][e.layout(agent)["played"]].reshape(3, 54)
            assert np.array_equal(part, played[[(seat + k) % 3 for k in range(3)]])
