"""The trick family's (炒地皮) observation tensor: a seat's ``TrickObservation`` as one float32 vector (docs/env.md,
"The trick layout").

As for climbing, every entry is read from the seat's view; seats are relative (this seat first, then in turn order),
sides too (this seat's side first), and a card part counts copies per face (``card % 54``). The view holds the open
and the last trick only, so the cards each seat has played so far are read from the hand's events as a spectator
sees them (``visible_to(None, …)``, the kernel's one redaction point: plays are public), folded once per event.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from paiju.cards import CARDS_PER_DECK, NUM_RANKS
from paiju.engine.protocol import Event, HandCore
from paiju.env.layout import Layout
from paiju.env.tensor import counts
from paiju.trick.events import PlayEvent, RedealEvent
from paiju.trick.observation import DealingView, TrickObservation
from paiju.trick.state import Phase
from paiju.variants import Variant

__all__ = ["TrickEncoder"]

F = CARDS_PER_DECK
_PHASES = {phase: i for i, phase in enumerate(Phase)}
#: A trump's entry: ♠ ♥ ♦ ♣ 0–3, no-trump 4.
_NO_TRUMP = 4
_MOST = 1 << 16


class TrickEncoder:
    """A 炒地皮 table's layout and its encoder."""

    def __init__(self, variant: Variant) -> None:
        p, d = variant.players, variant.decks
        self.players = p
        cards = F * d
        lay = Layout()
        self.layout = lay
        self._hand = lay.add("hand", F, d, "this seat's cards, copies per face")
        self._left = lay.add("cards_left", p, cards, "cards each seat holds (relative)")
        self._phase = lay.add("phase", len(_PHASES), 1, "the phase (one-hot: declare, bury, chaodi, play, over)")
        self._actors = lay.add("actors", p, 1, "the seats to act (relative)")
        self._first = lay.add("first", p, 1, "the seat dealt first (one-hot, relative)")
        self._dealer = lay.add("dealer", p, 1, "the 庄家 once known (one-hot, relative)")
        self._levels = lay.add("levels", 2 * NUM_RANKS, 1, "each side's level (one-hot, this seat's side first)")
        self._standing = lay.add("side_standing", 4, _MOST, "each side's 扛旗 status, then its failed 扛旗 hands")
        self._level = lay.add("level", NUM_RANKS, 1, "this hand's level rank (one-hot)")
        self._kangqi = lay.add("kangqi_hand", 1, 1, "a 扛旗 hand")
        self._trump = lay.add("trump", 5, 1, "the trump once known: ♠ ♥ ♦ ♣, no-trump (one-hot)")
        self._declarer = lay.add("declarer", p, 1, "the standing declaration's seat (one-hot, relative)")
        self._declared = lay.add("declared", F, d, "the standing declaration's cards")
        self._strength = lay.add("strength", 1, _MOST, "the standing declaration's strength")
        self._holder = lay.add("holder", p, 1, "the seat holding the kitty (one-hot, relative)")
        self._kitty = lay.add("kitty", F, d, "the kitty, to its last burier and at the end")
        self._kitty_size = lay.add("kitty_size", 1, cards, "cards in the kitty")
        self._leader = lay.add("leader", p, 1, "the seat that leads the trick (one-hot, relative)")
        self._trick = lay.add("trick", p * F, d, "the open trick's cards by seat (relative)")
        self._last = lay.add("last_trick", p * F, d, "the last trick's cards by seat (relative)")
        self._played = lay.add("played", p * F, d, "cards each seat has played so far this deal (relative)")
        self._winning = lay.add("winning", p, 1, "the seat winning the open trick (one-hot, relative)")
        self._points = lay.add(
            "points",
            4,
            _MOST,
            "the attackers' points, the penalty (a failed throw's, signed), each side's points",
            -_MOST,
        )
        self._dealing = lay.add("dealing", 3, _MOST, "the paced deal: rounds dealt, rounds, cards still coming")
        self.size = lay.size
        self._cards = cards
        self._at: dict[int, tuple[int, ...]] = {}
        #: The cards each seat has played, per face, the seats twice over (rows ``seat … seat + p - 1`` are the
        #: block as ``seat`` sees it), and the event list and count folded into it.
        self._block = np.zeros((2 * p, F), dtype=np.float32)
        self._events: Sequence[Event] | None = None
        self._seen = 0

    def _table(self, start: int) -> tuple[int, ...]:
        """The entries a part starting at ``start`` gives each card."""
        found = self._at.get(start)
        if found is None:
            found = self._at[start] = tuple(start + c % F for c in range(self._cards))
        return found

    def _fold(self, hand: HandCore) -> None:
        """Add the plays among the hand's events beyond those already folded (again from nothing on a new hand or a
        redeal)."""
        events = hand.typed_events
        if events is not self._events or self._seen > len(events):
            self._block[:] = 0
            self._events, self._seen = events, 0
        p, block, facts = self.players, self._block, hand.facts()
        for event in events[self._seen :]:
            shown = event.visible_to(None, facts)
            if isinstance(shown, PlayEvent):
                row, twin = block[shown.seat], block[shown.seat + p]
                for card in shown.cards:
                    row[card % F] += 1
                    twin[card % F] += 1
            elif isinstance(shown, RedealEvent):
                block[:] = 0
        self._seen = len(events)

    def encode(self, obs: TrickObservation, hand: HandCore) -> NDArray[np.float32]:
        """The observation tensor of ``obs`` (a seat's view of ``hand``; a new array each call)."""
        seat = obs.seat or 0
        p, table = self.players, self._table
        mine = seat % 2
        hits: list[int] = []
        add = hits.extend
        add(map(table(self._hand).__getitem__, obs.hand))
        hits.append(self._phase + _PHASES[obs.phase])
        add(self._actors + (s - seat) % p for s in obs.actors)
        hits.append(self._first + (obs.first - seat) % p)
        if obs.dealer is not None:
            hits.append(self._dealer + (obs.dealer - seat) % p)
        index = [self._left + (s - seat) % p for s in range(p)]
        value: list[float] = list(obs.cards_left)
        for side, standing in enumerate(obs.match.sides):
            rel = (side - mine) % 2
            hits.append(self._levels + rel * NUM_RANKS + standing.level)
            index += [self._standing + rel, self._standing + 2 + rel]
            value += [float(standing.kangqi), standing.failures]
        hits.append(self._level + obs.trumps.level)
        if obs.trumps.kangqi:
            hits.append(self._kangqi)
        if obs.trump_known:
            suit = obs.trumps.suit
            hits.append(self._trump + (_NO_TRUMP if suit is None else int(suit)))
        if obs.standing is not None:
            hits.append(self._declarer + (obs.standing.seat - seat) % p)
            add(map(table(self._declared).__getitem__, obs.standing.cards))
            index.append(self._strength)
            value.append(obs.standing.strength)
        if obs.holder is not None:
            hits.append(self._holder + (obs.holder - seat) % p)
        if obs.kitty is not None:
            add(map(table(self._kitty).__getitem__, obs.kitty))
        index.append(self._kitty_size)
        value.append(obs.kitty_size)
        hits.append(self._leader + (obs.leader - seat) % p)
        for s, cards in obs.trick:
            add(map(table(self._trick + (s - seat) % p * F).__getitem__, cards))
        for s, cards in obs.last_trick:
            add(map(table(self._last + (s - seat) % p * F).__getitem__, cards))
        if obs.winning is not None:
            hits.append(self._winning + (obs.winning - seat) % p)
        sides = obs.side_points
        index += [self._points + i for i in range(4)]
        value += [obs.points, obs.penalty, sides[mine], sides[1 - mine]]
        dealing = obs.parts.get(DealingView.name)
        if dealing is not None:
            index += [self._dealing, self._dealing + 1, self._dealing + 2]
            value += [dealing.round, dealing.rounds, float(dealing.live)]
        out = counts(self.size, hits, index, value)
        self._fold(hand)
        out[self._played : self._played + p * F] = self._block[seat : seat + p].ravel()
        return out
