"""Learning environments for every paiju table (docs/env.md): a PettingZoo AEC env (``env``), a parallel-API env for
the steps where several seats act at once (``parallel_env``) and a Gymnasium single-agent env whose other seats are
played by paiju bots (``gym_env``).

```python
from paiju.env import env
e = env("classic")
e.reset(seed=0)
for agent in e.agent_iter():
    obs, reward, done, truncated, info = e.last()
    e.step(None if done or truncated else e.action_space(agent).sample(obs["action_mask"]))
```

Needs the ``rl`` extra (``pip install 'paiju[rl]'``: PettingZoo and Gymnasium).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from paiju.env.aec import PaijuEnv, table
from paiju.variants import Variant

__all__ = ["PaijuEnv", "env", "gym_env", "parallel_env", "raw_env", "table"]


def raw_env(
    variant: str | Path | Variant = "classic",
    *,
    render_mode: str | None = None,
    slots: int | None = None,
    hand_options: dict[str, Any] | None = None,
    reuse_buffers: bool = False,
    **options: Any,
) -> PaijuEnv:
    """The AEC env of a table: a registered name, a TOML file (``*.toml``) or a ``Variant``; ``options`` change the
    table's keys as a TOML file would (``max_bid=1``, ``spring=True``); ``slots``: the coded actions a decision may
    offer (``paiju.env.actions``); ``hand_options``: what each hand is opened with (climbing's ``dealer``);
    ``reuse_buffers``: each agent's mask is one array rewritten at each of its observations (copy what you keep)."""
    return PaijuEnv(
        table(variant, options),
        render_mode=render_mode,
        slots=slots,
        hand_options=hand_options,
        reuse_buffers=reuse_buffers,
    )


#: The AEC env (PettingZoo's name for the env a user makes; paiju's env needs no wrapper: it checks actions itself).
env = raw_env


def parallel_env(variant: str | Path | Variant = "classic", **kwargs: Any) -> Any:
    """The parallel-API env of a table (``paiju.env.parallel.PaijuParallelEnv``; arguments as ``raw_env``)."""
    from paiju.env.parallel import PaijuParallelEnv

    return PaijuParallelEnv(raw_env(variant, **kwargs))


def gym_env(variant: str | Path | Variant = "classic", **kwargs: Any) -> Any:
    """The Gymnasium single-agent env of a table (``paiju.env.single.SingleAgentEnv``: ``seat``, ``opponents``,
    then the arguments of ``raw_env``)."""
    from paiju.env.single import SingleAgentEnv

    return SingleAgentEnv(variant, **kwargs)
