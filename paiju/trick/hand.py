"""One 炒地皮 hand (other-games.md §7.2): the deal, declaring (亮主 / 反主), the kitty buried and re-taken (抄底),
the tricks and the settlement, driven by one legality check per action.

``legal_actions`` lists what a seat may do, cut at ``LIST_CAP`` (a bury or a free discard can allow millions);
``apply`` accepts any action the rules allow, listed or not, and refuses the rest with the rule's reason, the
state untouched.  The log (``paiju.trick.log``) holds the deals, so a hand replays without its RNG.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, Self

from paiju.cards import Card
from paiju.engine.shared_rng import own_rng
from paiju.engine.undo import last_pushed
from paiju.errors import IllegalMoveError, Reason
from paiju.trick import dealing
from paiju.trick.actions import Action, Bury, Declare, Pass, Play
from paiju.trick.declare import (
    RED_FIVE_PAIR,
    Declaration,
    declaration_problem,
    declarations,
    kitty_flip_is_joker,
    kitty_trump,
)
from paiju.trick.events import BuryEvent, DealEvent, DeclareEvent, FlipEvent, PassEvent, RedealEvent, TrickHandEvent
from paiju.trick.leads import face_multisets, group_faces, play_of
from paiju.trick.levels import MatchState
from paiju.trick.observation import observe
from paiju.trick.order import Trumps, trick_text
from paiju.trick.playing import play_cards, play_problem, plays
from paiju.trick.state import Phase, TrickResult, TrickState, deal_cards, side_of
from paiju.variants import Variant
from paiju.variants.trick_rules import ChaodiAfterFlip, DeclarationWindow

__all__ = ["LIST_CAP", "TrickHand"]

#: The most actions ``legal_actions`` lists; any other legal action is still accepted when typed.
LIST_CAP = 400


class TrickHand:
    """A single hand of a 炒地皮 match; it satisfies ``paiju.engine.HandEngine``.

    ``match`` is the match standing before the hand (levels, 扛旗, the 庄家); ``deals`` script the deals (a
    replay), else they are drawn from ``seed``.
    """

    def __init__(
        self, variant: Variant, seed: int, match: MatchState | None = None, deals: Sequence[DealEvent] = ()
    ) -> None:
        assert variant.trick is not None, "a trick-taking hand needs a table with trick rules"
        match = match or MatchState()
        rng = random.Random(seed)
        first = rng.randrange(variant.players) if match.dealer is None else match.dealer
        self.state = TrickState(variant, variant.trick, seed, rng, match, first, [], [], match.dealer)
        self._deals = list(deals)
        self._taken: list[tuple[TrickState, list[DealEvent]]] = []
        self._deal()

    # ------------------------------------------------------------------ what the kernel and views read
    @property
    def variant(self) -> Variant:
        """The table."""
        return self.state.variant

    @property
    def seed(self) -> int:
        """The seed the deals were drawn from."""
        return self.state.seed

    @property
    def phase(self) -> Phase:
        """The decision the hand rests at."""
        return self.state.phase

    @property
    def hands(self) -> list[list[Card]]:
        """Every seat's cards now."""
        return self.state.hands

    @property
    def typed_events(self) -> list[TrickHandEvent]:
        """What happened, in order."""
        return self.state.events

    @property
    def events(self) -> list[dict[str, Any]]:
        """The events as the log stores them."""
        return [e.to_json() for e in self.state.events]

    @property
    def result(self) -> TrickResult | None:
        """How the hand ended; ``None`` while it runs."""
        return self.state.result

    @property
    def is_over(self) -> bool:
        """Whether the hand has been settled."""
        return self.state.phase is Phase.OVER

    def facts(self) -> None:
        """Nothing public decides what a seat sees of the events: each event knows it alone."""
        return None

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now, JSON-ready."""
        return observe(self, seat).to_json()

    def clone(self) -> Self:
        """An independent copy for search."""
        twin = copy.copy(self)
        twin.state = self.state.clone()
        twin._deals = list(self._deals)
        twin._taken = []  # what this hand may take back stays its own
        return twin

    # ------------------------------------------------------------------ deciding
    def actors(self) -> frozenset[int]:
        """The seat that acts now; while a paced deal is open, every seat that has not let its round go by;
        empty once the hand is over."""
        state = self.state
        if state.paced:
            return frozenset(range(state.variant.players)) - state.answered
        return frozenset() if self.is_over else frozenset({state.to_act})

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now (empty when it does not act), at most ``LIST_CAP`` of it."""
        state = self.state
        if seat not in self.actors():
            return []
        if state.phase is Phase.PLAY:
            return [Play(cards) for cards in plays(state, seat, LIST_CAP)]
        if state.phase is Phase.BURY:
            burials = _burials(state.hands[seat], state.variant.bottom_size, state.trumps)
            return [Bury(cards) for cards in itertools.islice(burials, LIST_CAP)]
        chaodi = state.phase is Phase.CHAODI
        shown = declarations(
            state.hands[seat], seat, self._standing(chaodi), state.level, state.rules, pairs_only=chaodi
        )
        return [Pass(), *(Declare(d) for d in shown)]

    def explain(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not take ``action`` now, in a player's words (``None``: it may)."""
        state = self.state
        if self.is_over:
            return Reason("hand_over", "the hand is over")
        if seat not in self.actors():
            if state.paced:
                return Reason("round_passed", f"seat {seat} has let this round of the deal go by: wait for the next card")
            return Reason("not_seat_turn", f"it is seat {state.to_act}'s turn, not seat {seat}'s", seat=seat)
        phase = state.phase
        if isinstance(action, Pass):
            return None if phase in (Phase.DECLARE, Phase.CHAODI) else _not_now("pass", phase)
        if isinstance(action, Declare):
            if phase not in (Phase.DECLARE, Phase.CHAODI):
                return _not_now("declare", phase)
            if action.declaration.seat != seat:
                return Reason("own_declaration", "a declaration shows your own cards")
            chaodi = phase is Phase.CHAODI
            return declaration_problem(
                action.declaration,
                self._standing(chaodi),
                state.hands[seat],
                state.level,
                state.rules,
                pairs_only=chaodi,
            )
        if isinstance(action, Bury):
            if phase is not Phase.BURY:
                return _not_now("bury", phase)
            return _bury_problem(state.hands[seat], action.cards, state.variant.bottom_size)
        if phase is not Phase.PLAY:
            return _not_now("play", phase)
        missing = _missing(state.hands[seat], action.cards)
        return missing or play_problem(state, seat, action.cards)

    def apply(self, action: Action, seat: int) -> None:
        """Take ``action`` for ``seat``; raise ``IllegalMoveError`` (and change nothing) if the rules forbid it."""
        problem = self.explain(action, seat)
        if problem is not None:
            raise IllegalMoveError(problem)
        state = self.state
        if isinstance(action, Play):
            play_cards(state, seat, action.cards)
        elif isinstance(action, Bury):
            self._bury(seat, action.cards)
        elif isinstance(action, Declare):
            self._declare(seat, action.declaration)
        else:
            state.events.append(PassEvent(seat))
            state.passes += 1
            if not state.paced:
                self._after_pass(seat)
            elif dealing.let_pass(state, seat):
                self._end_declaring()

    def push(self, action: Action, seat: int) -> None:
        """``apply``, keeping a copy of the state for ``pop`` to put back (a trick's turn changes too much to keep
        less: the trick, the points, a hand's end)."""
        taken = (self.state.clone(), list(self._deals))
        self.apply(action, seat)
        self._taken.append(taken)

    def pop(self) -> None:
        """Take back the last action ``push`` applied that is not yet taken back; ``IndexError`` when none is left."""
        self.state, self._deals = last_pushed(self._taken)

    # ------------------------------------------------------------------ the deal and declaring
    def _deal(self) -> None:
        """Deal (or take the scripted deal); a 扛旗 hand goes straight to play, the 庄家 leading (G2)."""
        state = self.state
        deal = self._deals.pop(0) if self._deals else deal_cards(
            state.variant, own_rng(state), state.first, state.kangqi,
            paced=state.rules.declaration_window is DeclarationWindow.DURING_DEAL and not state.kangqi,
        )
        state.events.append(deal)
        state.first = deal.first
        state.hands = [list(h or ()) for h in deal.hands]
        state.kitty = list(deal.kitty or ())
        state.standing, state.strength, state.trump, state.passes = None, 0, None, 0
        state.to_act = state.first
        state.phase, state.deal_paced = Phase.DECLARE, deal.paced
        if state.kangqi:
            self._start_play()
        elif deal.paced:
            dealing.begin(state, deal)

    def _standing(self, chaodi: bool) -> Declaration | None:
        """What a declaration must beat: in 抄底, the strength alone (a kitty-decided trump counts as 1), since
        overturning one's own declaration is a rule of declaring, not of re-taking the kitty (§7.5)."""
        state = self.state
        if not chaodi:
            return state.standing
        return Declaration(-1, (), max(state.strength, 1), state.trump)

    def _declare(self, seat: int, shown: Declaration) -> None:
        """A declaration, overturn or 抄底 stands: the trump follows it; a ♥5 pair records its side (D9)."""
        state = self.state
        chaodi = state.phase is Phase.CHAODI
        state.events.append(DeclareEvent(seat, shown.cards, shown.strength, shown.trump, retake=chaodi))
        state.standing, state.strength, state.trump = shown, shown.strength, shown.trump
        if shown.strength == RED_FIVE_PAIR:
            state.red5_side = side_of(seat)
        if state.match.dealer is None:
            state.dealer = seat  # D7: in a match's first hand the last to declare or 抄底 is the 庄家
        state.passes = 0
        if chaodi:
            self._take_kitty(seat)
        elif shown.strength == RED_FIVE_PAIR:
            dealing.deal_rest(state)
            self._end_declaring()
        elif state.paced:
            state.declared_in_round = True
        else:
            state.to_act = (seat + 1) % state.variant.players

    def _after_pass(self, seat: int) -> None:
        """Declaring closes after 4 passes in a row (D2); 抄底 after 3 declines in a row (§7.5)."""
        state = self.state
        players = state.variant.players
        if state.phase is Phase.DECLARE:
            if state.passes >= players:
                self._end_declaring()
            else:
                state.to_act = (seat + 1) % players
            return
        if state.passes >= players - 1:
            self._start_play()
            return
        nxt = (seat + 1) % players
        state.to_act = (nxt + 1) % players if nxt == state.holder else nxt

    def _end_declaring(self) -> None:
        """The trump stands; nobody declared: redeal in a match's first hand, else turn up the kitty (§7.4)."""
        state = self.state
        if state.standing is None:
            if state.match.dealer is None:
                state.events.append(RedealEvent())
                self._deal()
                return
            state.trump = kitty_trump(state.kitty, state.level)
            state.strength = 1
            state.flipped_joker = kitty_flip_is_joker(state.kitty, state.level)
            state.events.append(FlipEvent(tuple(state.kitty), state.trump))
        assert state.dealer is not None
        self._take_kitty(state.dealer)

    def _take_kitty(self, seat: int) -> None:
        """``seat`` takes the kitty into its hand and must bury as many cards (扣底)."""
        state = self.state
        state.holder = seat
        state.hands[seat].extend(state.kitty)
        state.kitty = []
        state.phase, state.to_act = Phase.BURY, seat

    def _bury(self, seat: int, cards: tuple[Card, ...]) -> None:
        """The holder buries; 抄底 is then offered in turn from the next seat, unless nothing can beat the trump."""
        state = self.state
        for card in cards:
            state.hands[seat].remove(card)
        state.kitty = list(cards)
        state.events.append(BuryEvent(seat, tuple(cards)))
        closed = state.strength >= RED_FIVE_PAIR or (
            state.flipped_joker and state.rules.chaodi_after_kitty_flip is ChaodiAfterFlip.NOT_AFTER_JOKER
        )
        if closed:
            self._start_play()
            return
        state.phase, state.passes = Phase.CHAODI, 0
        state.to_act = (seat + 1) % state.variant.players

    def _start_play(self) -> None:
        """The 庄家 leads the first trick (§7.2)."""
        state = self.state
        assert state.dealer is not None
        state.phase = Phase.PLAY
        state.leader = state.to_act = state.dealer


_ASKED = {
    Phase.DECLARE: "declare or pass",
    Phase.CHAODI: "show a stronger pair to take the kitty (抄底), or pass",
    Phase.BURY: "bury cards from your hand as the new kitty",
    Phase.PLAY: "play cards to the trick",
    Phase.OVER: "the hand is over",
}


def _not_now(verb: str, phase: Phase) -> Reason:
    """An action of another step (``pass``, ``declare``, ``bury``, ``play``): what this step asks instead."""
    words = "play cards" if verb == "play" else verb
    return Reason(f"not_now.{verb}", f"you cannot {words} now: {_ASKED[phase]}", phase=phase.value)


def _missing(hand: Sequence[Card], cards: Sequence[Card]) -> str | None:
    """Cards named that the hand does not hold (as many times as named)."""
    held = Counter(hand)
    short = [c for c, n in Counter(cards).items() if n > held[c]]
    return Reason("dont_hold", f"you do not hold {trick_text(short)}", cards=trick_text(short)) if short else None


def _bury_problem(hand: Sequence[Card], cards: Sequence[Card], size: int) -> str | None:
    """A burial is exactly ``size`` cards of the hand."""
    if len(cards) != size:
        return Reason("bury_size", f"bury exactly {size} cards, not {len(cards)}", n=size, given=len(cards))
    return _missing(hand, cards)


def _burials(hand: Sequence[Card], size: int, trumps: Trumps) -> Iterator[tuple[Card, ...]]:
    """Burials, each once by faces (identical cards are interchangeable), the cheapest first: side cards before
    trumps, low cards before high (so the first listed is a sensible hint)."""
    groups = group_faces(hand)
    dearest_first = sorted(groups, key=lambda f: (trumps.is_trump(f), trumps.strength(f), f), reverse=True)
    stock = [(f, len(groups[f])) for f in dearest_first]
    return (play_of(faces, groups) for faces in face_multisets(stock, size))
