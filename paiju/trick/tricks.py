"""Who wins a 炒地皮 trick (other-games.md §7.10 T1–T3, the 5-10-K rules S1/S5 of §7.9), the points in it (T4)
and the 抠底 multiplier of the last trick's lead (T5, Q7.21)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from paiju.cards import Card, Rank, card_rank
from paiju.trick.order import TRUMP, Trumps
from paiju.trick.units import category_of, decompose, is_five_ten_king, pairs_in, tractor_step

__all__ = ["kitty_multiplier", "points", "trick_winner", "won_with_five_ten_king"]

_POINTS = {Rank.FIVE: 5, Rank.TEN: 10, Rank.KING: 10}
Pair = tuple[Card, Card]


def points(cards: Iterable[Card]) -> int:
    """The points among ``cards``: each 5 is 5, each 10 and each K is 10 (§7.1 分牌)."""
    return sum(_POINTS.get(Rank(card_rank(card)), 0) for card in cards)


def kitty_multiplier(lead: Sequence[Card], trumps: Trumps, by_trump_order: bool = False) -> int:
    """The 抠底 multiplier of the last trick's ``lead`` (T5, Q7.21 (c)): single 2, pair 4, a k-pair tractor
    2^(k+1), a throw its largest unit's, a 5-10-K 2 (as three singles)."""
    if is_five_ten_king(lead, trumps):
        return 2
    return 2 << max(unit.pairs for unit in decompose(lead, trumps, by_trump_order))


def _runs(pairs: list[Pair], length: int, trumps: Trumps, by_trump_order: bool) -> Iterator[list[Pair]]:
    """Every run of ``length`` adjacent pairs among ``pairs``, one pair per place."""
    steps = [tractor_step(pair[0], trumps, by_trump_order) for pair in pairs]

    def grow(run: list[int]) -> Iterator[list[Pair]]:
        if len(run) == length:
            yield [pairs[i] for i in run]
            return
        last = steps[run[-1]]
        assert last is not None
        category, position = last
        for i, step in enumerate(steps):
            if step == (category, position + 1):
                yield from grow([*run, i])

    for start, step in enumerate(steps):
        if step is not None:
            yield from grow([start])


def _ruff_key(play: Sequence[Card], shapes: list[int], trumps: Trumps, by_trump_order: bool) -> int | None:
    """How high an all-trump ``play`` ruffs a side throw whose units have ``shapes`` (pair counts, longest first):
    ``None`` unless its cards can be split into units of those shapes (T2, Q7.32 (c)); else, over the splits,
    the highest top of its units of the most significant shape (the longest tractor, else a pair, else a single)."""
    if category_of(play, trumps) != TRUMP or len(play) != sum(max(2 * k, 1) for k in shapes):
        return None
    pairs = pairs_in(play, trumps)
    if shapes[0] == 0:
        return max(trumps.strength(card) for card in play)
    if shapes[0] == 1:
        return trumps.strength(pairs[0][0]) if len(pairs) >= shapes.count(1) else None
    tractors = [k for k in shapes if k >= 2]
    return _split_top(pairs, tractors, shapes.count(1), tractors[0], trumps, by_trump_order)


def _split_top(
    pairs: list[Pair], tractors: list[int], need_pairs: int, counted: int, trumps: Trumps, by_trump_order: bool
) -> int | None:
    """Over the splits of ``pairs`` into disjoint runs of ``tractors`` pairs (longest first) with ``need_pairs``
    pairs to spare, the highest top of a ``counted``-pair run (``-1`` if none); ``None`` when no split fits."""
    if not tractors:
        return -1 if len(pairs) >= need_pairs else None
    best: int | None = None
    for run in _runs(pairs, tractors[0], trumps, by_trump_order):
        rest = _split_top([p for p in pairs if p not in run], tractors[1:], need_pairs, counted, trumps, by_trump_order)
        if rest is not None:
            top = max(trumps.strength(pair[0]) for pair in run) if len(run) == counted else -1
            best = max(-1 if best is None else best, rest, top)
    return best


def _five_ten_king_winner(plays: Sequence[Sequence[Card]], trumps: Trumps) -> int:
    """A 5-10-K lead (S1): a trump one is unbeatable (Q7.19); a side one falls only to the first trump 5-10-K
    (S5).  A follower's trump 5-10-K on a side 5-10-K proves the follower void in that suit, since S4 makes a
    holder of the suit play it; a follower's 5-10-K of the led suit counts small (S2)."""
    if category_of(plays[0], trumps) == TRUMP:
        return 0
    ruffs = (i for i, play in enumerate(plays) if i and is_five_ten_king(play, trumps))
    return next((i for i in ruffs if category_of(plays[i], trumps) == TRUMP), 0)


def trick_winner(plays: Sequence[Sequence[Card]], trumps: Trumps, by_trump_order: bool = False) -> int:
    """The index of the play that wins the trick, ``plays[0]`` being the lead: the 5-10-K rules, T1 for a single,
    pair or tractor, T2 for a throw; of equal plays the earlier wins."""
    lead = plays[0]
    if is_five_ten_king(lead, trumps):
        return _five_ten_king_winner(plays, trumps)
    led = category_of(lead, trumps)
    units = decompose(lead, trumps, by_trump_order)
    if len(units) == 1:
        return _unit_winner(plays, led, units[0].pairs, trumps, by_trump_order)
    if led == TRUMP:
        return 0
    shapes = [unit.pairs for unit in units]
    best, winner = -1, 0
    for i, play in enumerate(plays[1:], start=1):
        key = _ruff_key(play, shapes, trumps, by_trump_order)
        if key is not None and key > best:
            best, winner = key, i
    return winner


def _unit_winner(
    plays: Sequence[Sequence[Card]], led: int | None, pairs: int, trumps: Trumps, by_trump_order: bool
) -> int:
    """T1: the highest play with the lead's shape lying wholly in the led category or wholly in trumps, an
    all-trump play above any side play (「…但没有对或拖拉机，也不能算大」)."""
    best, winner = (-1, -1), 0
    for i, play in enumerate(plays):
        category = category_of(play, trumps)
        units = decompose(play, trumps, by_trump_order)
        if category not in (led, TRUMP) or len(units) != 1 or units[0].pairs != pairs:
            continue
        key = (int(category == TRUMP), units[0].top)
        if key > best:
            best, winner = key, i
    return winner


def won_with_five_ten_king(plays: Sequence[Sequence[Card]], trumps: Trumps, by_trump_order: bool = False) -> bool:
    """Whether the trick was won by a 5-10-K, led or a trump 5-10-K ruff (Q7.20 (i), for O1)."""
    winner = trick_winner(plays, trumps, by_trump_order)
    return is_five_ten_king(plays[0], trumps) and is_five_ten_king(plays[winner], trumps)
