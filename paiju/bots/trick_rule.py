"""The 炒地皮 rule bot: declares on trump strength, buries to keep trumps and make voids without feeding points to
the kitty, wins tricks cheaply, and gives points to a partner who is winning.

Everything it decides comes from its own view (``TrickObservation``): its cards, the trick, the trump order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from paiju.bots.base import register
from paiju.cards import Card, face
from paiju.trick import Bury, Declare, Pass, Play, TrickObservation
from paiju.trick.actions import Action
from paiju.trick.declare import RED_FIVE_PAIR
from paiju.trick.order import TRUMP, Trumps
from paiju.trick.state import Phase
from paiju.trick.tricks import points, trick_winner

__all__ = ["RuleBot", "bury_choice", "trump_score"]

#: Trump strength worth declaring, worth taking the kitty for (抄底 also costs a new burial), and worth a ♥5 pair,
#: which stakes both sides' levels on the hand (O2).
DECLARE_AT = 9
RETAKE_AT = 11
RED_FIVE_AT = 14


def trump_score(hand: Sequence[Card], trumps: Trumps) -> int:
    """How strong ``hand`` is under ``trumps``: its trumps, the top ones counting double."""
    score = 0
    for card in hand:
        if trumps.is_trump(card):
            score += 2 if trumps.strength(card) >= 96 else 1
    return score


def bury_choice(hand: Sequence[Card], trumps: Trumps, size: int) -> tuple[Card, ...]:
    """The ``size`` cards to bury: side cards of short suits first (voids let the 庄家方 ruff), never trumps while
    side cards remain, sparing pairs, aces and point cards (the attackers may capture the kitty)."""
    faces = Counter(face(c) for c in hand)
    suit_len = Counter(trumps.category(c) for c in hand)

    def cost(card: Card) -> int:
        category = trumps.category(card)
        if category == TRUMP:
            return 1000 + trumps.strength(card)
        paired = 40 if faces[face(card)] > 1 else 0
        worth = 8 * points([card])
        return trumps.strength(card) * 3 + paired + worth + 6 * suit_len[category]

    return tuple(sorted(hand, key=cost)[:size])


def _cost(cards: Sequence[Card], trumps: Trumps) -> int:
    """What a play gives away: its strength, trumps dear, points dearer."""
    return sum(trumps.strength(c) + 30 * trumps.is_trump(c) + 3 * points([c]) for c in cards)


@register("rule", "trick")
class RuleBot:
    """Plays 炒地皮 by rules of thumb; deterministic for a given view."""

    name = "rule"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, obs: TrickObservation) -> Action:
        """The action for ``obs.seat``: a declaration, a burial or a play."""
        if obs.phase is Phase.BURY:
            return Bury(bury_choice(obs.hand, obs.trumps, obs.kitty_size))
        if obs.phase in (Phase.DECLARE, Phase.CHAODI):
            return self._declare(obs)
        if not obs.trick:
            return self._lead(obs)
        return self._follow(obs)

    def _declare(self, obs: TrickObservation) -> Action:
        """The declaration that leaves the most trumps, when they are enough; else pass. While the cards are
        dealt, the bar is the share of it the cards so far should reach, and nothing is declared on half a hand."""
        bar = RETAKE_AT if obs.phase is Phase.CHAODI else DECLARE_AT
        if (dealing := obs.dealing()) is not None:
            dealt, rounds = dealing.round, dealing.rounds
            if 2 * dealt < rounds:
                return Pass()
            bar = -(-bar * dealt // rounds)
        best: tuple[int, Action] = (bar - 1, Pass())
        for action in obs.legal:
            if isinstance(action, Declare):
                shown = action.declaration
                score = trump_score(obs.hand, Trumps(obs.trumps.level, shown.trump))
                if shown.strength == RED_FIVE_PAIR and score < RED_FIVE_AT:
                    continue
                if score > best[0]:
                    best = (score, action)
        return best[1]

    def _lead(self, obs: TrickObservation) -> Action:
        """Lead a side ace or a side pair/tractor from the top, else a low single of the longest side suit."""
        trumps = obs.trumps
        plays = [a for a in obs.legal if isinstance(a, Play)]
        strong = [
            p for p in plays
            if trumps.category(p.cards[0]) != TRUMP and len(p.cards) <= 4 and len({face(c) for c in p.cards}) * 2 == len(p.cards)
            and all(trumps.strength(c) >= 11 for c in p.cards)
        ]  # fmt: skip
        if strong:
            return max(strong, key=lambda p: len(p.cards))
        aces = [
            p
            for p in plays
            if len(p.cards) == 1 and trumps.category(p.cards[0]) != TRUMP and trumps.strength(p.cards[0]) == 12
        ]
        if aces:
            return aces[0]
        singles = [p for p in plays if len(p.cards) == 1]
        side_len = Counter(trumps.category(c) for c in obs.hand if trumps.category(c) != TRUMP)

        def low(p: Play) -> tuple[int, int, int]:
            card = p.cards[0]
            category = trumps.category(card)
            return (category == TRUMP, points([card]), trumps.strength(card) - side_len[category])

        return min(singles, key=low) if singles else plays[0]

    def _follow(self, obs: TrickObservation) -> Action:
        """Give points to a partner who holds the trick; else win it as cheaply as possible; else throw the least."""
        assert obs.seat is not None
        trumps = obs.trumps
        played = [cards for _, cards in obs.trick]
        seats = [seat for seat, _ in obs.trick]
        plays = [a for a in obs.legal if isinstance(a, Play)]
        holder = seats[trick_winner(played, trumps, obs.rules.trump_tractor_by_trump_order)]
        last = len(played) == obs.players - 1
        if holder == obs.partner(obs.seat) and (last or _safe(played, trumps, obs.rules.trump_tractor_by_trump_order)):
            return max(plays, key=lambda p: (points(p.cards), -_cost(p.cards, trumps)))
        winning = [
            p
            for p in plays
            if trick_winner([*played, p.cards], trumps, obs.rules.trump_tractor_by_trump_order) == len(played)
        ]
        at_stake = points(c for cards in played for c in cards)
        if winning and (at_stake > 0 or last or any(trumps.category(c) != TRUMP for c in winning[0].cards)):
            if last:
                return max(winning, key=lambda p: (points(p.cards), -_cost(p.cards, trumps)))
            return min(winning, key=lambda p: _cost(p.cards, trumps))
        return min(plays, key=lambda p: (points(p.cards), _cost(p.cards, trumps)))


def _safe(played: Sequence[Sequence[Card]], trumps: Trumps, by_order: bool) -> bool:
    """Whether the trick's best play so far is a top card: an ace of a side suit, or a high trump."""
    best = played[trick_winner(played, trumps, by_order)]
    return all(trumps.strength(c) >= (96 if trumps.is_trump(c) else 12) for c in best)
