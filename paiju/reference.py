"""RLCard, the reference engine of the optional ``reference`` extra: its suitless card strings and plays read as
paiju's, and its rule agent (``DouDizhuRuleAgentV1``) playing a seat of a classic hand that paiju referees.

RLCard writes a hand or a play as rank characters in the order ``3456789TJQKA2BR`` (``B``/``R`` the black and red
jokers), which is paiju's ``RANK_CHARS``; its plays are (type, weight) readings. The differential tests compare legal
move lists through these helpers, and ``paiju arena --against rlcard-rule`` plays the agent through them. RLCard is
imported only when a function here needs it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paiju.cards import RANK_CHARS, card_rank, format_ranks
from paiju.climbing.actions import Action, Pass, Play
from paiju.climbing.hand import Hand
from paiju.errors import IllegalMoveError

__all__ = [
    "RL_KINDS", "RuleAgentSeat", "norm", "rl_answers", "rl_cards", "rl_lead", "rl_reading", "rl_readings", "text_of",
]  # fmt: skip

#: RLCard's play types by paiju's pattern kind.
RL_KINDS = {
    "solo": "single",
    "pair": "pair",
    "trio": "triple",
    "trio_solo": "triple+single",
    "trio_pair": "triple+pair",
    "four_two_solo": "four+two-singles",
    "four_two_pair": "four+two-pairs",
    "bomb": "bomb",
    "rocket": "joker-bomb",
    "solo_chain": "straight",
    "pair_chain": "pair-chain",
    "trio_chain": "triple-chain",
    "trio_solo_chain": "airplane+singles",
    "trio_pair_chain": "airplane+pairs",
}
#: RLCard types whose weights count from 1 (a body with kickers); the others count from 0.
RL_ONE_BASED = frozenset(
    {"trio_solo", "trio_pair", "four_two_solo", "four_two_pair", "trio_solo_chain", "trio_pair_chain"}
)
#: The red joker's rank index.
_RED = 14


def norm(text: str) -> str:
    """A suitless card string sorted low to high in ``3456789TJQKA2BR`` order."""
    return "".join(sorted(text, key=RANK_CHARS.index))


def text_of(counts: Sequence[int]) -> str:
    """The suitless card string of a count vector."""
    return "".join(RANK_CHARS[r] * n for r, n in enumerate(counts))


def rl_reading(card_type: str, weight: str) -> tuple[str, int, int]:
    """An RLCard (type, weight) reading as paiju's (kind, length, key)."""
    base, _, tail = card_type.rpartition("_")
    if tail.isdigit():
        length = int(tail)
    else:
        base, length = card_type, 1
    head = int(weight) - (1 if base in RL_ONE_BASED else 0)
    if base == "rocket":
        return ("joker-bomb", 1, _RED)
    return (RL_KINDS[base], length, head + length - 1)


def rl_cards(text: str) -> list[Any]:
    """RLCard ``Card`` objects for a suitless card string."""
    from rlcard.games.base import Card  # type: ignore[import-untyped]

    return [Card(ch + "J", "") if ch in "BR" else Card("S", ch) for ch in text]


def rl_lead(counts: Sequence[int]) -> set[str]:
    """RLCard's leading plays (``playable_cards_from_hand`` wants a sorted rank string)."""
    from rlcard.games.doudizhu.judger import DoudizhuJudger  # type: ignore[import-untyped]

    return {norm(t) for t in DoudizhuJudger.playable_cards_from_hand(text_of(counts))}


def rl_answers(counts: Sequence[int], target: str) -> set[str]:
    """RLCard's answers to ``target`` (``get_gt_cards`` without its 'pass')."""
    import numpy as np
    from rlcard.games.doudizhu.player import DoudizhuPlayer  # type: ignore[import-untyped]
    from rlcard.games.doudizhu.utils import get_gt_cards  # type: ignore[import-untyped]

    rng = np.random.RandomState(0)
    player, greater = DoudizhuPlayer(0, rng), DoudizhuPlayer(1, rng)
    player.set_current_hand(rl_cards(text_of(counts)))
    greater.played_cards = target
    return {norm(t) for t in get_gt_cards(player, greater) if t != "pass"}


def rl_readings(text: str) -> set[tuple[str, int, int]] | None:
    """RLCard's readings of a play, or ``None`` when RLCard has no such play."""
    from rlcard.games.doudizhu.utils import CARD_TYPE

    types = CARD_TYPE[0].get(text)
    return None if types is None else {rl_reading(t, w) for t, w in types}


class RuleAgentSeat:
    """RLCard's ``DouDizhuRuleAgentV1`` playing the seats it is given of one classic hand, from the play phase on
    (the agent does not bid): it sees what RLCard would show it (its hand, the trace of plays and passes, its legal
    plays as RLCard lists them) and its choice is checked by paiju, the referee.

    The agent breaks some ties with ``numpy.random``'s global generator: seed it (``numpy.random.seed``) before a hand
    for a repeatable one."""

    name = "rlcard-rule"

    def __init__(self) -> None:
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1  # type: ignore[import-untyped]

        self.agent = DouDizhuRuleAgentV1()
        #: The hand's plays so far as RLCard writes them: (seat, cards or ``pass``).
        self.trace: list[tuple[int, str]] = []

    def record(self, seat: int, action: Action) -> None:
        """Note a play-phase action of any seat in the trace."""
        self.trace.append((seat, "pass" if isinstance(action, Pass) else _cards(action)))

    def act(self, game: Hand, seat: int) -> Action:
        """The agent's action for ``seat`` as a legal paiju action; ``IllegalMoveError`` names a play paiju refuses."""
        hand = norm("".join(RANK_CHARS[card_rank(c)] for c in game.hands[seat]))
        counts = [hand.count(ch) for ch in RANK_CHARS]
        target = next(((s, cards) for s, cards in reversed(self.trace) if cards != "pass"), None)
        if target is None or target[0] == seat:
            actions = sorted(rl_lead(counts))
        else:
            actions = sorted(rl_answers(counts, target[1])) + ["pass"]
        assert game.landlord is not None
        raw = {
            "current_hand": hand,
            "trace": list(self.trace),
            "actions": actions,
            "landlord": game.landlord,
            "self": seat,
        }
        choice = str(self.agent.step({"raw_obs": raw}))
        return _as_paiju(game, seat, choice)


def _cards(action: Action) -> str:
    """The suitless cards of a play."""
    assert isinstance(action, Play)
    return norm(format_ranks(action.move.ranks))


def _as_paiju(game: Hand, seat: int, choice: str) -> Action:
    """RLCard's ``choice`` as the legal paiju action it means (of several readings of its cards, the one RLCard
    reads); ``IllegalMoveError`` where paiju has none."""
    legal = game.legal_actions(seat)
    if choice == "pass":
        if Pass() in legal:
            return Pass()
        raise IllegalMoveError(f"rlcard-rule passed where seat {seat} must play")
    plays = [a for a in legal if isinstance(a, Play) and _cards(a) == choice]
    if not plays:
        raise IllegalMoveError(f"rlcard-rule played {choice}, which is not a legal play of seat {seat} here")
    readings = rl_readings(choice) or set()
    return next((p for p in plays if (p.move.kind, p.move.length, p.move.key) in readings), plays[0])
