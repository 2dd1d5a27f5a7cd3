"""Playing the tricks of a 炒地皮 hand (§7.8–§7.10): the 庄家 leads the first trick; what a seat may lead or follow,
throws checked against the other hands (Q7.16), tricks won and scored; the hand is decided when the last is won."""

from __future__ import annotations

from paiju.cards import Card
from paiju.engine.phase import CONTINUE, Capped, Finish, Step
from paiju.trick.actions import Action, Play
from paiju.trick.events import PlayEvent, ThrowFailedEvent, TrickEvent
from paiju.trick.follow import follow_problem, lead_problem, legal_follows, legal_leads
from paiju.trick.phases.common import LIST_CAP, Turn, missing, not_now, verb
from paiju.trick.state import Phase as Stage
from paiju.trick.state import TrickState, side_of
from paiju.trick.throws import failed_throw_lead
from paiju.trick.tricks import points, trick_winner
from paiju.trick.units import decompose, is_five_ten_king

__all__ = ["Playing", "by_order"]


class Playing(Turn):
    """The tricks: the 庄家 leads the first, each trick's winner the next."""

    name = Stage.PLAY

    def enter(self, state: TrickState) -> Step:
        """The 庄家 leads the first trick (§7.2)."""
        assert state.dealer is not None
        state.phase = Stage.PLAY
        state.play.leader = state.to_act = state.dealer
        return CONTINUE

    def legal(self, state: TrickState, seat: int) -> Capped[Action]:
        """The plays ``seat`` may make now, at most ``LIST_CAP`` listed (a free discard can allow millions; any
        other is accepted when typed)."""

        def listing() -> list[Action]:
            hand, trumps = state.hands[seat], state.trumps
            if state.play.trick:
                found = legal_follows(state.play.trick[0][1], hand, trumps, state.rules, LIST_CAP)
            else:
                found = legal_leads(hand, trumps, LIST_CAP)
            return [Play(cards) for cards in found]

        return Capped(listing, lambda a: isinstance(a, Play) and _problem(state, seat, a) is None)

    def explain(self, state: TrickState, seat: int, action: Action) -> str:
        """Why the play is refused."""
        problem = _problem(state, seat, action)
        assert problem is not None, "a play the rules allow is taken"
        return problem

    def apply(self, state: TrickState, seat: int, action: Action) -> Step:
        """Play the cards: a throw another hand beats is shown and its smallest beatable unit led instead (Q7.16);
        a full trick is won and scored, and the last one decides the hand."""
        assert isinstance(action, Play)
        cards = action.cards
        if not state.play.trick and _is_throw(state, cards):
            others = [state.hands[s] for s in range(state.variant.players) if s != seat]
            forced = failed_throw_lead(cards, others, state.trumps, by_order(state))
            if forced is not None:
                fine = state.rules.throw_fail_penalty_per_card * len(cards)
                state.play.penalty += -fine if state.attackers(seat) else fine
                state.events.append(ThrowFailedEvent(seat, cards, forced, fine))
                cards = forced
        for card in cards:
            state.hands[seat].remove(card)
        state.play.trick.append((seat, cards))
        state.events.append(PlayEvent(seat, cards))
        players = state.variant.players
        if len(state.play.trick) < players:
            state.to_act = (seat + 1) % players
            return CONTINUE
        winner = _win_trick(state)
        return CONTINUE if state.hands[winner] else Finish(winner)


def _problem(state: TrickState, seat: int, action: Action) -> str | None:
    """Why ``seat`` may not take ``action`` now, in a player's words (``None``: it may)."""
    if not isinstance(action, Play):
        return not_now(verb(action), state.phase)
    hand, cards = state.hands[seat], action.cards
    if not state.play.trick:
        return missing(hand, cards) or lead_problem(cards, hand, state.trumps)
    return missing(hand, cards) or follow_problem(state.play.trick[0][1], cards, hand, state.trumps, state.rules)


def _is_throw(state: TrickState, cards: tuple[Card, ...]) -> bool:
    """A lead of several units (甩牌); a 5-10-K is its own lead, never a throw (S1)."""
    return len(decompose(cards, state.trumps, by_order(state))) > 1 and not is_five_ten_king(cards, state.trumps)


def _win_trick(state: TrickState) -> int:
    """Give the full trick to its winner, who leads next; the winner."""
    played = [cards for _, cards in state.play.trick]
    winner = state.play.trick[trick_winner(played, state.trumps, by_order(state))][0]
    held = points(c for cards in played for c in cards)
    state.play.side_points[side_of(winner)] += held
    state.events.append(TrickEvent(winner, held))
    state.play.last_trick, state.play.trick = state.play.trick, []
    state.play.leader = state.to_act = winner
    return winner


def by_order(state: TrickState) -> bool:
    """Q7.11 (ii): whether trump tractors follow the trump order at this table."""
    return state.rules.trump_tractor_by_trump_order
