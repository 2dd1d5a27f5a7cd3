"""A trained network as a paiju bot: ``model:PATH`` names the checkpoint ``paiju learn`` wrote (docs/learn.md).

The bot encodes its seat's observation with the env's layout (``paiju.env``: made from the seat's view alone, so it
reads no hidden card) and plays the legal action its network values most. Reading a checkpoint needs PyTorch (the
``learn`` extra); each checkpoint is read once per process however many seats play it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, cast

from paiju.bots.base import MAKERS, AnyBot
from paiju.climbing.actions import Pass
from paiju.climbing.observation import Observation
from paiju.climbing.phase_name import PhaseName
from paiju.engine import CLIMBING

if TYPE_CHECKING:
    from paiju.engine.protocol import HandCore
    from paiju.env.climbing import ClimbingEncoder
    from paiju.learn.model import Policy
    from paiju.variants import Variant

__all__ = ["PATIENCE", "ModelBot", "serve_model"]

#: Auction decisions with no bid standing that a model bot passes in a row (across redeals: the count starts again
#: once a hand is played) before it bids its best bid: a network that never bids, at a table of its own copies, would
#: deal again forever.
PATIENCE = 3


class ModelBot:
    """Plays a checkpoint's greedy policy at its table; deterministic (the seed is not read)."""

    def __init__(self, name: str, variant: Variant, policy: Policy, signature: tuple[object, ...]) -> None:
        from paiju.env.aec import encoder

        self.name = name
        self.table = variant.name
        #: What a view of its table shows of the table's rules (``_signature``): a view of another table is refused.
        self.signature = signature
        #: Its own encoder: it folds the plays of the hand it sees, as an env's does.
        self.encoder = cast("ClimbingEncoder", encoder(variant))
        self.policy = policy
        #: Auction decisions with no bid standing seen since a hand was last played (``PATIENCE``).
        self.unbid = 0

    def fits(self, variant: Variant) -> None:
        """Refuse (``ValueError``) a table other than the one it was trained for, before a hand is played."""
        from paiju.engine.registry import family

        rules = family(variant.family)
        if variant.family != CLIMBING or _signature(cast(Observation, rules.observe(rules.open_hand(variant, 0), 0))) != self.signature:  # fmt: skip
            raise ValueError(f"{self.name} was trained for {self.table}: it plays that table only")

    def act(self, obs: Observation) -> object:
        """The legal action of highest Q for ``obs.seat``."""
        if _signature(obs) != self.signature:
            raise ValueError(f"{self.name} was trained for {self.table}: it plays that table only")
        legal = list(obs.legal)
        # The climbing encoder reads the observation alone (never the hand): no hand is given.
        vector = self.encoder.encode(obs, cast("HandCore", None))
        if obs.phase is PhaseName.PLAY:
            self.unbid = 0
        elif obs.phase is PhaseName.BID and obs.bid == 0:
            self.unbid += 1
            if self.unbid > PATIENCE:
                bids = [action for action in legal if not isinstance(action, Pass)]
                if bids:
                    return bids[self.policy.best(vector, bids)]
        return legal[self.policy.best(vector, legal)]


def _signature(obs: Observation) -> tuple[object, ...]:
    """What a view shows of its table's rules: seats, bid ceiling, patterns and parts."""
    return obs.players, obs.max_bid, obs.patterns, frozenset(obs.parts)


@cache
def _loaded(path: str) -> tuple[Variant, Policy, tuple[object, ...]]:
    """The table and greedy policy of the checkpoint at ``path``, read once (the policy's network is shared by the
    bots that play it)."""
    try:
        from paiju.learn.model import load_checkpoint
    except ImportError:
        raise ValueError("model bots need PyTorch: pip install 'paiju[learn]'") from None
    checkpoint = load_checkpoint(path)
    env = checkpoint.env()
    env.reset(seed=0)
    assert env.hand is not None
    return env.variant, checkpoint.policy(env), _signature(cast(Observation, env.family.observe(env.hand, 0)))


#: The checkpoint this process serves (``paiju serve --model``): ``model`` alone names it.
_SERVED: list[str] = []


def serve_model(path: str) -> str:
    """Make ``model`` alone name the checkpoint at ``path`` in this process (a server's rooms seat it by that name,
    which shows no file of the server's), and give the name of the table it plays (a ``ValueError`` where the file
    is no checkpoint)."""
    variant, _, _ = _loaded(path)
    _SERVED[:] = [path]
    return variant.name


def _maker(setting: str, family: str) -> Callable[[int], AnyBot]:
    """What makes ``model:PATH`` bots, and ``model`` the served one's (a ``ValueError`` without a path where none is
    served, or at a table it was not trained for)."""
    if not setting and _SERVED:
        setting = _SERVED[0]
    if not setting:
        raise ValueError("name the checkpoint: model:PATH (paiju learn writes one)")
    if family != CLIMBING:
        raise ValueError("model bots play the climbing tables (Dou Dizhu and its kin)")
    variant, policy, signature = _loaded(setting)
    name = "model" if _SERVED and setting == _SERVED[0] else f"model:{setting}"
    return lambda seed: cast(AnyBot, ModelBot(name, variant, policy, signature))


MAKERS["model"] = _maker
