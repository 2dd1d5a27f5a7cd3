"""paiju.env: the PettingZoo, parallel and Gymnasium envs of every table (docs/env.md)."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test  # noqa: E402

from paiju.env import PaijuEnv, env, gym_env, parallel_env  # noqa: E402
from paiju.variants import REGISTRY  # noqa: E402

#: Two tables made from TOML text, as a user's own table file would be.
TOML_TABLES = {
    "one-bid": 'inherits = "classic"\nname = "one-bid"\nmax_bid = 1\nspring = true\n',
    "wild-four": 'inherits = "four-player"\nname = "wild-four"\nwild_rank = true\n',
}


@pytest.fixture(scope="module")
def toml_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("tables")
    files = {}
    for name, text in TOML_TABLES.items():
        files[name] = folder / f"{name}.toml"
        files[name].write_text(text, encoding="utf-8")
    return files


def _random_hand(e: PaijuEnv, seed: int) -> list[tuple[str, dict[str, np.ndarray]]]:
    """Play one hand of ``e`` with random legal env ids; every observation the agents to act were shown."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    seen = []
    for agent in e.agent_iter():
        obs, _, done, truncated, _ = e.last()
        if done or truncated:
            e.step(None)
            continue
        seen.append((agent, obs))
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
    return seen


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_registered_table_passes_the_pettingzoo_api_and_seed_tests(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's advice on Dict observation spaces
        api_test(env(name), num_cycles=8)
        seed_test(lambda: env(name), num_cycles=8)


@pytest.mark.parametrize("name", sorted(TOML_TABLES))
def test_a_toml_table_is_an_env_that_passes_the_pettingzoo_tests(name: str, toml_files: dict[str, Path]) -> None:
    made = env(toml_files[name])
    assert made.variant.name == name
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(made, num_cycles=8)
        seed_test(lambda: env(toml_files[name]), num_cycles=8)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_whole_hand_of_every_table_stays_in_the_spaces_to_its_settlement(name: str) -> None:
    e = env(name)
    seen = _random_hand(e, seed=7)
    assert seen, "the hand asked for no decision"
    for agent, obs in seen:
        assert e.observation_space(agent).contains(obs)
        assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].any()
    assert e.hand is not None and e.hand.result is not None
    assert e.agents == []  # every agent took its last step once the hand was settled


def test_rewards_are_the_settlement_scores_given_when_the_hand_ends() -> None:
    e = env("classic")
    e.reset(seed=3)
    rewards: dict[str, float] = {}
    rng = random.Random(3)
    for agent in e.agent_iter():
        obs, reward, done, truncated, _ = e.last()
        if done or truncated:
            rewards[agent] = reward
            e.step(None)
            continue
        assert reward == 0
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
    assert e.hand is not None and e.hand.result is not None
    assert [rewards[f"seat_{s}"] for s in range(3)] == list(e.hand.result.scores)


def test_the_layout_names_every_entry_of_the_observation_once() -> None:
    for name in ("classic", "spec-6p3d", "laizi", "five-player", "chaodipi-live"):
        e = env(name)
        slices = list(e.layout("seat_0").values())
        assert slices[0].start == 0
        assert all(a.stop == b.start for a, b in zip(slices, slices[1:], strict=False))
        assert slices[-1].stop == e.observation_space("seat_0")["observation"].shape[0]


def test_the_layout_reads_the_seat_view() -> None:
    e = env("classic")
    e.reset(seed=11)
    agent = e.agent_selection
    vector = e.observe(agent)["observation"]
    part = e.layout(agent)
    view = e.family.observe(e.hand, int(agent.split("_")[1]))
    assert vector[part["hand"]].sum() == len(view.hand) == 17
    assert list(vector[part["cards_left"]]) == [17, 17, 17]
    assert vector[part["phase"]].sum() == 1


def _hidden_from(e: PaijuEnv, seat: int) -> list[int]:
    """The seats whose hands ``seat`` is not shown (the kernel's ``sees_hand``: not a 明牌 hand, not a known ally's)."""
    hand = e.hand
    assert hand is not None
    return [s for s, cards in enumerate(hand.state.hands) if cards and not e.family.sees_hand(hand, seat, s)]


def _swap_hidden(e: PaijuEnv, seat: int) -> int:
    """Swap a card between two hands ``seat`` is not shown: what it cannot see changes, nothing it can see does."""
    assert e.hand is not None
    hands = e.hand.state.hands
    a, b = _hidden_from(e, seat)[:2]
    i = next(i for i, card in enumerate(hands[a]) if all(card % 54 != c % 54 for c in hands[b]))
    hands[a][i], hands[b][0] = hands[b][0], hands[a][i]
    e.moved()  # the hand changed under the env: observe afresh
    return a


@pytest.mark.parametrize(
    "name", ["classic", "spec-5p2d", "spec-6p3d", "laizi", "four-player", "five-player", "chaodipi"]
)
def test_another_seats_hidden_cards_never_reach_the_tensor(name: str) -> None:
    e = env(name)
    for seed in range(5, 25):  # a hand with two hands this seat is not shown (明牌 can leave only one)
        e.reset(seed=seed)
        rng = random.Random(seed)
        for _ in range(12):  # into the hand a little
            agent = e.agent_selection
            legal = e.legal(agent)
            e.step(legal[rng.randrange(len(legal))])
        agent = e.agent_selection
        seat = int(agent.split("_")[1])
        if len(_hidden_from(e, seat)) >= 2:
            break
    before = e.observe(agent)
    others = {s: e.observe(f"seat_{s}")["observation"] for s in range(e.variant.players)}
    changed = _swap_hidden(e, seat)
    after = e.observe(agent)
    assert before["observation"].tobytes() == after["observation"].tobytes()
    assert before["action_mask"].tobytes() == after["action_mask"].tobytes()
    # The swap did change a hand: the seat that gave a card away sees its own tensor change.
    assert e.observe(f"seat_{changed}")["observation"].tobytes() != others[changed].tobytes()


def test_the_same_seed_deals_the_same_hand_and_observations() -> None:
    first, second = env("laizi"), env("laizi")
    a, b = _random_hand(first, 21), _random_hand(second, 21)
    assert len(a) == len(b)
    for (agent_a, obs_a), (agent_b, obs_b) in zip(a, b, strict=True):
        assert agent_a == agent_b
        assert obs_a["observation"].tobytes() == obs_b["observation"].tobytes()


def test_a_dense_env_id_is_the_kernels_action_id() -> None:
    e = env("classic")
    e.reset(seed=2)
    agent = e.agent_selection
    choices = e.choices(agent)
    ids = e.actions.space
    assert all(ids.encode(action) == env_id for env_id, action in choices.actions.items())
    assert e.action_space(agent).n == ids.dense_actions == 72615


def test_coded_actions_take_the_slots_after_the_dense_ids() -> None:
    e = env("chaodipi", slots=64)
    assert e.action_space("seat_0").n == e.actions.dense + 64
    rng = random.Random(1)
    e.reset(seed=1)
    while e.hand is not None and not e.hand.is_over:
        agent = e.agent_selection
        choices = e.choices(agent)
        if choices.coded:  # a burial or a play: ids past the dense ones, in legal order
            slots = [i for i in choices.actions if i >= e.actions.dense]
            assert slots == list(range(e.actions.dense, e.actions.dense + len(choices.coded)))
            assert [e.actions.space.encode(choices.actions[i]) for i in slots] == list(choices.coded)
            return
        legal = list(choices.actions)
        e.step(legal[rng.randrange(len(legal))])
    pytest.fail("no coded decision in the hand")


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = env("classic")
    e.reset(seed=4)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
    assert e.agent_selection == agent


def test_the_sealed_identity_step_is_one_parallel_step_for_every_seat() -> None:
    par = parallel_env("five-player")
    obs, _ = par.reset(seed=0)
    sealed = par.acting()
    assert len(sealed) == 5  # 五人斗地主's identity step: every seat answers at once
    actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in par.agents}
    par.step(actions)
    assert len(par.acting()) < 5
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env("five-player"), num_cycles=20)
        parallel_api_test(parallel_env("chaodipi-live"), num_cycles=20)


def test_the_gymnasium_wrapper_passes_check_env_and_plays_to_the_end() -> None:
    single = gym_env("classic", opponents="random", illegal_reward=-1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(single, skip_render_check=True)
    obs, _ = single.reset(seed=9)
    done, reward = False, 0.0
    while not done:
        obs, reward, done, _, _ = single.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert single.aec.hand is not None and single.aec.hand.result is not None
    assert reward == single.aec.hand.result.scores[0]


def test_render_gives_the_table_as_text() -> None:
    e = env("classic")
    e.reset(seed=0)
    text = e.render()
    assert text is not None and "your hand" in text
    trick = env("chaodipi")
    trick.reset(seed=0)
    assert "level" in (trick.render() or "")
    render_test(lambda render_mode: env("classic", render_mode=render_mode))  # ansi gives text, human prints


def test_reused_masks_are_rewritten_to_the_new_legal_ids() -> None:
    fresh, reused = env("classic"), env("classic", reuse_buffers=True)
    fresh.reset(seed=13)
    reused.reset(seed=13)
    rng = random.Random(13)
    buffers = set()
    while fresh.hand is not None and not fresh.hand.is_over:
        agent = fresh.agent_selection
        assert reused.agent_selection == agent
        mine, theirs = fresh.observe(agent), reused.observe(agent)
        assert np.array_equal(mine["action_mask"], theirs["action_mask"])
        assert mine["observation"].tobytes() == theirs["observation"].tobytes()
        buffers.add(id(theirs["action_mask"]))
        legal = fresh.legal(agent)
        action = legal[rng.randrange(len(legal))]
        fresh.step(action)
        reused.step(action)
    assert len(buffers) == 3  # one mask buffer per seat, rewritten at each of its decisions


DOC = Path(__file__).resolve().parent.parent / "docs" / "env.md"


def test_docs_name_every_part_of_every_layout() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in ("classic", "spec-6p3d", "laizi", "five-player", "chaodipi"):
        for part in env(name).layout("seat_0"):
            assert f"| `{part}` |" in text, f"docs/env.md does not describe {name}'s part {part!r}"


def test_the_quick_start_of_the_docs_plays_a_hand() -> None:
    text = DOC.read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    scope: dict[str, object] = {}
    exec(code, scope)  # the docs' own loop, to the end of one hand
    made = scope["e"]
    assert isinstance(made, PaijuEnv) and made.hand is not None and made.hand.is_over


def test_a_failed_throws_penalty_stays_inside_the_observation_space() -> None:
    import dataclasses

    e = env("chaodipi")
    e.reset(seed=0)
    agent = e.agent_selection
    assert e.hand is not None
    view = e.family.observe(e.hand, 0)
    fined = dataclasses.replace(view, penalty=-20)  # the attackers' failed throw: points taken off them
    vector = e.encoder.encode(fined, e.hand)
    assert vector[e.layout(agent)["points"]][1] == -20
    assert e.observation_space(agent)["observation"].contains(vector)


def test_a_parallel_declaration_overtaken_in_the_same_step_is_asked_again() -> None:
    par = parallel_env("chaodipi-live")
    par.reset(seed=0)
    while True:  # pass while the cards are dealt, until two seats may declare in the same round
        acting = par.acting()
        declaring = [a for a in acting if any(i != 0 for i in par.aec.legal(a))]
        if len(declaring) >= 2:
            break
        par.step(dict.fromkeys(acting, 0))
    first, second = declaring[:2]
    actions = dict.fromkeys(acting, 0)
    for agent in (first, second):
        actions[agent] = next(i for i in par.aec.legal(agent) if i != 0)
    _, _, _, _, infos = par.step(actions)
    assert par.aec.hand is not None
    standing = par.aec.hand.state.call.standing
    assert standing is not None and f"seat_{standing.seat}" == first  # the lower seat's declaration was taken
    assert infos[second] == {"again": True}  # the other one, overcalled by it, is asked again
    assert second in par.acting()


def test_a_decision_with_more_coded_actions_than_slots_offers_the_first_ones() -> None:
    e = env("chaodipi", slots=4)
    e.reset(seed=1)
    rng = random.Random(1)
    while e.hand is not None and not e.hand.is_over:
        agent = e.agent_selection
        seat = int(agent.split("_")[1])
        coded = [i for i in e.actions.space.legal_ids(e.hand, seat) if i >= e.actions.dense]
        if len(coded) > 4:
            choices = e.choices(agent)
            assert list(choices.coded) == coded[:4]
            assert int(choices.mask[e.actions.dense :].sum()) == 4
            return
        legal = e.legal(agent)
        e.step(legal[rng.randrange(len(legal))])
    pytest.fail("no decision with more than 4 coded actions")


def test_the_trick_layout_counts_every_card_each_seat_has_played() -> None:
    e = env("chaodipi")
    e.reset(seed=2)
    rng = random.Random(2)
    for _ in range(60):  # into the tricks
        agent = e.agent_selection
        legal = e.legal(agent)
        e.step(legal[rng.randrange(len(legal))])
    assert e.hand is not None
    agent = e.agent_selection
    seat = int(agent.split("_")[1])
    played = e.observe(agent)["observation"][e.layout(agent)["played"]].reshape(4, 54)
    counts = [0] * 4
    for event in e.hand.events:
        if event["type"] == "play":
            counts[event["seat"]] += len(event["cards"])
    assert sum(counts) > 0
    assert [int(played[(s - seat) % 4].sum()) for s in range(4)] == counts


def test_the_gymnasium_seat_plays_against_the_bots_named_per_seat() -> None:
    single = gym_env("classic", seat=1, opponents=["heuristic", "-", "random"])
    obs, _ = single.reset(seed=4)
    assert single.aec.hand is not None and 1 in single.aec.hand.actors()  # the bots played up to its turn
    done, reward = False, 0.0
    while not done:
        obs, reward, done, _, _ = single.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert single.aec.hand.result is not None
    assert reward == single.aec.hand.result.scores[1]
