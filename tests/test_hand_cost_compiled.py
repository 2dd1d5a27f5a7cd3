"""The compiled hand cost (``paiju.bots._cost``) against its oracle, ``hand_cost._plan_cost``: the very same double
for every hand on every table's shapes, so the easy bot and the search play the same moves either way."""

from __future__ import annotations

import os
import random
import shutil

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paiju.bots import hand_cost
from paiju.bots.hand_cost import CLASSIC_SHAPES, Shapes, plan_cost
from paiju.patterns.generate import use_compiled
from paiju.variants import REGISTRY

COST = hand_cost._COST
built = pytest.mark.skipif(COST is None, reason="the compiled hand cost is not built here")

#: Every climbing table's shapes (tables that share shapes are weighed once).
SHAPES = sorted(
    {Shapes.of(v.pattern_rules).packed: Shapes.of(v.pattern_rules) for v in REGISTRY.values() if v.family == "climbing"}
    .items()
)


def test_the_compiled_hand_cost_is_built_where_a_compiler_is() -> None:
    """`pip install` builds the extension on a machine with a C compiler (a silent fallback would hide a build that
    broke)."""
    if os.environ.get("PAIJU_PURE_PYTHON") == "1" or shutil.which("cc") is None:
        pytest.skip("no C compiler here, or the pure-Python engine was asked for")
    assert COST is not None


@built
@pytest.mark.parametrize(("packed", "shapes"), SHAPES, ids=[str(p) for p, _ in SHAPES])
def test_the_compiled_hand_cost_is_the_oracles_on_20000_hands(packed: tuple[int, ...], shapes: Shapes) -> None:
    """20,000 random hands of up to three decks on each table's shapes: bombs, chains, jokers and kickers alike."""
    rng = random.Random(str(packed))
    costs = set()
    for _ in range(20_000):
        top = rng.choice([1, 2, 4, 8, 12])
        counts = [rng.randint(0, top) for _ in range(13)] + [rng.randint(0, 3), rng.randint(0, 3)]
        expected = hand_cost._plan_cost(tuple(counts), shapes)
        assert COST.plan_cost(counts, shapes.packed) == expected, (counts, shapes)
        costs.add(expected)
    assert len(costs) > 50  # the hands drawn cost many different amounts


@built
@given(st.lists(st.integers(0, 12), min_size=15, max_size=15), st.sampled_from([s for _, s in SHAPES]))
def test_the_compiled_hand_cost_agrees_on_any_hand(counts: list[int], shapes: Shapes) -> None:
    """Property: any 15 rank counts (up to 12 of a rank) cost the same compiled and in Python."""
    assert COST is not None
    assert COST.plan_cost(counts, shapes.packed) == hand_cost._plan_cost(tuple(counts), shapes)


@built
def test_plan_cost_takes_the_compiled_path_only_while_it_is_in_use() -> None:
    """With the compiled path turned off (a benchmark's pure-Python run) the cost is worked out in Python and
    remembered; either way the figure is the same."""
    counts = [1, 1, 1, 1, 1, 2, 2, 2, 3, 0, 4, 1, 1, 1, 1]
    hand_cost._KNOWN.clear()
    compiled = plan_cost(counts, CLASSIC_SHAPES)
    assert hand_cost._KNOWN == {}
    use_compiled(False)
    try:
        assert plan_cost(counts, CLASSIC_SHAPES) == compiled
        assert (tuple(counts), CLASSIC_SHAPES) in hand_cost._KNOWN
    finally:
        use_compiled(True)


@built
def test_the_compiled_hand_cost_refuses_a_malformed_hand() -> None:
    """A hand that is not 15 counts, or shapes that are not nine numbers, is refused with the reason."""
    assert COST is not None
    with pytest.raises(ValueError, match="15 numbers"):
        COST.plan_cost([1, 2, 3], CLASSIC_SHAPES.packed)
    with pytest.raises(TypeError, match="nine shape numbers"):
        COST.plan_cost([0] * 15, (5, 3))
    with pytest.raises(TypeError):
        COST.plan_cost([0] * 14 + ["x"], CLASSIC_SHAPES.packed)
