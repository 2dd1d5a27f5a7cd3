"""The play (other-games.md §3.4–§3.5; speculator.md §9–§12): the landlord leads; each seat beats the play
to beat or passes; when every other active seat has passed, the last to play leads again."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from types import ModuleType
from typing import Any

from paiju.cards import CARDS_PER_DECK, FACE_RANK, Card
from paiju.climbing.actions import Action, Pass, Play, legal_plays
from paiju.climbing.compiled import compiled_turn
from paiju.climbing.events import OutEvent, PartnerKnownEvent
from paiju.climbing.holding import Holding
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases.step import CONTINUE, Finish, Step, Turn
from paiju.climbing.speculator import THREE
from paiju.climbing.state import Factor, HandState, PlayRecord
from paiju.errors import IllegalMoveError, Reason
from paiju.patterns.generate import GENERATOR_CACHE_SIZE, MoveGenerator, compiled_module, generator_for
from paiju.variants import Variant

__all__ = ["Playing", "holding_of"]

_NO_WILD: frozenset[int] = frozenset()
_PASS = Pass()


def plain_seats(state: HandState) -> tuple[frozenset[int], MoveGenerator | None]:
    """The seats whose moves are their table's moves of their rank counts and nothing else (no wild cards, colours,
    promoted rank or 能跟必跟: not the speculator), with the generator that lists them; on the compiled path only
    (in pure Python every seat asks its ``Holding``, the oracle this shortcut is tested against)."""
    v = state.variant
    if compiled_module() is None or v.two_colour or state.promoted is not None:
        return frozenset(), None
    speculator, wild = state.speculator, state.wild_cards
    if speculator is None and not wild:
        return _every_seat(v.players), generator_for(v.pattern_rules)
    return frozenset(s for s in range(v.players) if s != speculator and not wild.get(s)), generator_for(v.pattern_rules)


@lru_cache(maxsize=16)
def _every_seat(players: int) -> frozenset[int]:
    """All ``players`` seats (made once per table size: most tables' play starts with every seat plain)."""
    return frozenset(range(players))


def compiled_turns(state: HandState, plain: frozenset[int], generator: MoveGenerator | None) -> Any | None:
    """The compiled turn (``_turn.turns``) where every seat is plain and a turn is only a play or a pass: no
    partner card to watch for, no handicap, no speculator to go out, no cap on chain lengths; else ``None``."""
    v, fast = state.variant, compiled_turn()
    if fast is None or generator is None or generator.spec is None or generator.chain_max or len(plain) < v.players:
        return None
    if state.partner is not None or (v.speculator is not None and v.speculator.rangpai):
        return None
    return _turns(fast, generator)


@lru_cache(maxsize=GENERATOR_CACHE_SIZE)
def _turns(fast: ModuleType, generator: MoveGenerator) -> Any:
    """One table's compiled turn, made once per generator."""
    return fast.turns(generator.spec, Play, PlayRecord, _PASS)


def holding_of(state: HandState, seat: int) -> Holding:
    """What ``seat`` holds and may play: the speculator's 3s are wild (§10), a 5p1d seat's flipped-suit cards (§15).

    The last holding of each seat is kept while its cards and wild cards are the same (a turn asks twice: for
    the legal moves, then for the cards of the move chosen).
    """
    cards = tuple(state.hands[seat])
    speculator = seat == state.speculator
    wild: frozenset[Card] | None = None  # the speculator's: its 3s, the same while its cards are
    if not speculator:
        mine = state.wild_cards.get(seat)
        wild = frozenset([c for c in cards if c in mine]) if mine else _NO_WILD
    kept = state.holdings.get(seat)
    if kept is None or kept.cards != cards or kept.speculator != speculator or (wild is not None and kept.wild != wild):
        if wild is None:
            wild = frozenset([c for c in cards if FACE_RANK[c % CARDS_PER_DECK] == THREE])
        counts = tuple(state.counts[seat])
        kept = state.holdings[seat] = Holding(state.variant, cards, wild, state.promoted, speculator, counts)
    return kept


class Playing(Turn):
    """Tricks until a seat goes out (the speculator going out does not end the hand, §12)."""

    name = PhaseName.PLAY

    def enter(self, state: HandState) -> Step:
        """§2.8: play starts with the landlord's lead."""
        state.phase = PhaseName.PLAY
        assert state.landlord is not None
        state.to_act = state.landlord
        play = state.play
        play.plain, play.generator = plain_seats(state)
        # a phase that does more with a turn (五人's team reveal) takes every turn itself
        plain_turns = type(self).apply is Playing.apply
        play.turns = compiled_turns(state, play.plain, play.generator) if plain_turns else None
        return CONTINUE

    def legal(self, state: HandState, seat: int) -> Sequence[Action]:
        """Every move the seat may lead or answer with, and a pass where allowed (能跟必跟 for the speculator)."""
        to_beat = state.to_beat()
        play = state.play
        if seat in play.plain and play.generator is not None:
            moves, may_pass = play.generator.moves(state.counts[seat], to_beat), to_beat is not None
        else:
            moves, may_pass = holding_of(state, seat).moves(to_beat)
        return legal_plays([_PASS] if may_pass else [], moves)

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Why the play or pass is refused."""
        if isinstance(action, Pass):
            if state.is_leading():
                return Reason("must_lead", "you lead this trick, so you must play (a pass is not allowed)")
            return Reason("must_follow", "you must follow: a play of yours beats it (能跟必跟)")
        if not isinstance(action, Play):
            return Reason("play_started", "the play has started: play cards or pass")
        holding = holding_of(state, seat)
        try:
            holding.cards_for(action.move, action.cards)
        except IllegalMoveError as err:
            return err.reason or str(err)
        return holding.why_not(action.move, state.to_beat())

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Play the cards (or pass); a seat with no cards left, or a farmer within its handicap, wins."""
        play = state.play
        if isinstance(action, Pass):
            return _pass(state, seat)
        assert isinstance(action, Play)
        move = action.move
        cards = _cards(state, seat, action)
        hand, counts = state.hands[seat], state.counts[seat]
        for c in cards:
            hand.remove(c)
        for r in move.ranks:  # the ranks of the cards (cards_for checks them)
            counts[r] -= 1
        record = PlayRecord(seat, move, cards)
        play.plays.append(record)
        play.played_by[seat] += 1
        play.trick = record
        play.passes = 0
        if move.bomb and move.bomb in state.variant.pattern_rules.doubling_bombs:
            state.stake.factors.append(_bomb_factor(state.variant, move.bomb))
        part = state.partner
        if part is not None and seat == part.small_landlord and part.card in cards and not part.known:
            part.known = True  # §7: playing the partner card makes it known
            state.log(PartnerKnownEvent(seat))
        if not hand and seat == state.speculator:
            play.out.add(seat)  # §12: the speculator going out does not end the hand
            state.log(OutEvent(seat))
        elif not hand or _handicap_reached(state, seat):
            return Finish(seat)
        state.to_act = _next_active(state, seat)
        return CONTINUE


def _cards(state: HandState, seat: int, action: Play) -> tuple[int, ...]:
    """The cards ``action`` plays: a plain seat's lowest copies straight from its hand, else its holding's choice."""
    if action.cards is None and seat in state.play.plain and (fast := compiled_turn()) is not None:
        cards: tuple[int, ...] | None = fast.pick(state.hands[seat], action.move.ranks, _NO_WILD)
        if cards is not None:
            return cards
    return holding_of(state, seat).cards_for(action.move, action.cards)


def _pass(state: HandState, seat: int) -> Step:
    """A pass; when every other active seat has passed, the trick's holder leads (§9: if it has gone out,
    the next active seat)."""
    play = state.play
    play.passes += 1
    play.plays.append(PlayRecord(seat, None, ()))
    assert play.trick is not None
    holder = play.trick.seat
    active = holder not in play.out
    if play.passes == state.players - len(play.out) - (1 if active else 0):
        state.to_act = holder if active else _next_active(state, holder)
        play.trick = None
        play.passes = 0
    else:
        state.to_act = _next_active(state, seat)
    return CONTINUE


def _next_active(state: HandState, seat: int) -> int:
    """The next seat round the table that has not gone out."""
    n, out = state.players, state.play.out
    nxt = (seat + 1) % n
    while nxt in out:
        nxt = (nxt + 1) % n
    return nxt


def _handicap_reached(state: HandState, seat: int) -> bool:
    """3p1d 让牌: a farmer holding the handicap or fewer cards wins for the farmers."""
    h = state.handicap()
    return h > 0 and seat not in (state.landlord, state.speculator) and len(state.hands[seat]) <= h


def _bomb_factor(variant: Variant, bomb: str) -> Factor:
    """×2 for a doubling bomb; under 癞子 Q1.15's ``bomb_multiplier_by_class`` a soft bomb ×2 and the rest ×4."""
    if variant.climbing.bomb_multiplier_by_class and not bomb.startswith("soft"):
        return Factor.BIG_BOMB
    return Factor.BOMB
