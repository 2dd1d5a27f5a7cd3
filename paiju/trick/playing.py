"""Playing the tricks of a 炒地皮 hand (§7.8–§7.10) and settling it (§7.11–§7.14): what a seat may lead or follow,
throws checked against the other hands, tricks won, the kitty captured, the levels moved."""

from __future__ import annotations

from paiju.cards import Card
from paiju.trick.events import KittyEvent, PlayEvent, ThrowFailedEvent, TrickEvent
from paiju.trick.follow import follow_problem, lead_problem, legal_follows, legal_leads
from paiju.trick.levels import HandOutcome, match_points, settle_levels
from paiju.trick.state import Phase, TrickResult, TrickState, side_of
from paiju.trick.throws import failed_throw_lead
from paiju.trick.tricks import kitty_multiplier, points, trick_winner, won_with_five_ten_king
from paiju.trick.units import decompose, is_five_ten_king

__all__ = ["play_cards", "play_problem", "plays"]


def plays(state: TrickState, seat: int, limit: int) -> list[tuple[Card, ...]]:
    """The plays ``seat`` may make now, at most ``limit`` of them (a free discard can allow millions)."""
    if not state.trick:
        return legal_leads(state.hands[seat], state.trumps, limit)
    return legal_follows(state.trick[0][1], state.hands[seat], state.trumps, state.rules, limit)


def play_problem(state: TrickState, seat: int, cards: tuple[Card, ...]) -> str | None:
    """Why ``seat`` may not play ``cards`` now, in a player's words (``None``: it may)."""
    if not state.trick:
        return lead_problem(cards, state.hands[seat], state.trumps)
    return follow_problem(state.trick[0][1], cards, state.hands[seat], state.trumps, state.rules)


def play_cards(state: TrickState, seat: int, cards: tuple[Card, ...]) -> None:
    """Play ``cards`` (already checked) for ``seat``: a throw another hand beats is shown and its smallest
    beatable unit led instead (Q7.16); a full trick is won and scored; the last one ends the hand."""
    if not state.trick and _is_throw(state, cards):
        others = [state.hands[s] for s in range(state.variant.players) if s != seat]
        forced = failed_throw_lead(cards, others, state.trumps, _by_order(state))
        if forced is not None:
            fine = state.rules.throw_fail_penalty_per_card * len(cards)
            state.penalty += -fine if state.attackers(seat) else fine
            state.events.append(ThrowFailedEvent(seat, cards, forced, fine))
            cards = forced
    for card in cards:
        state.hands[seat].remove(card)
    state.trick.append((seat, cards))
    state.events.append(PlayEvent(seat, cards))
    players = state.variant.players
    if len(state.trick) < players:
        state.to_act = (seat + 1) % players
        return
    _win_trick(state)


def _is_throw(state: TrickState, cards: tuple[Card, ...]) -> bool:
    """A lead of several units (甩牌); a 5-10-K is its own lead, never a throw (S1)."""
    return len(decompose(cards, state.trumps, _by_order(state))) > 1 and not is_five_ten_king(cards, state.trumps)


def _win_trick(state: TrickState) -> None:
    """Give the full trick to its winner, who leads next; after the last trick, settle."""
    played = [cards for _, cards in state.trick]
    winner = state.trick[trick_winner(played, state.trumps, _by_order(state))][0]
    held = points(c for cards in played for c in cards)
    state.side_points[side_of(winner)] += held
    state.events.append(TrickEvent(winner, held))
    state.last_trick, state.trick = state.trick, []
    state.leader = state.to_act = winner
    if not state.hands[winner]:
        _settle(state, winner, played)


def _settle(state: TrickState, winner: int, last: list[tuple[Card, ...]]) -> None:
    """The hand is over: 抠底 if the attackers won the last trick (T5), then the level table (§7.11–§7.14)."""
    assert state.dealer is not None
    attackers_won = state.attackers(winner)
    multiplier = kitty_multiplier(last[0], state.trumps, _by_order(state)) if state.kitty else 0
    bonus = points(state.kitty) * multiplier if attackers_won else 0
    if state.kitty:
        state.events.append(KittyEvent(tuple(state.kitty), multiplier, bonus))
    total = max(0, state.captured + bonus + state.penalty)
    outcome = HandOutcome(
        dealer=state.dealer,
        points=total,
        kangqi_hand=state.kangqi,
        five_ten_king_last=attackers_won and won_with_five_ten_king(last, state.trumps, _by_order(state)),
        red5_side=state.red5_side,
    )
    change = settle_levels(state.match, outcome, state.rules)
    state.result = TrickResult(match_points(change, state.rules), total, outcome, change, multiplier, bonus)
    state.phase = Phase.OVER


def _by_order(state: TrickState) -> bool:
    """Q7.11 (ii): whether trump tractors follow the trump order at this table."""
    return state.rules.trump_tractor_by_trump_order
