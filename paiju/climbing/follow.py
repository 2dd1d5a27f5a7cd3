"""能跟必跟 (speculator.md §11): which answers the speculator must play when following, and when it may pass."""

from __future__ import annotations

from collections.abc import Sequence

from paiju.cards import BLACK_JOKER, RED_JOKER
from paiju.patterns import HasPatternRules, Move, Wilds, generate_counts
from paiju.patterns.generate import generator_for

__all__ = ["bomb_ranks", "forced_answers", "speculator_answers", "threes_used"]


def threes_used(move: Move, faces: Sequence[int]) -> int:
    """Cards of a wild face rank in a play of two or more cards; a single counts 0 (§11, [R] 21)."""
    if len(move.ranks) < 2:
        return 0
    return sum(1 for r in move.ranks if r in faces)


def bomb_ranks(rules: HasPatternRules, counts: Sequence[int], wilds: Wilds | None) -> set[int]:
    """Ranks whose cards belong to a bomb the hand could play: natural, joker or wild-alone bombs."""
    gen = generator_for(rules.pattern_rules)
    alone = () if wilds is None or not wilds.alone_bombs else wilds.faces
    held: set[int] = set()
    for size, _ in gen.rank_bombs:
        held.update(r for r in range(BLACK_JOKER) if counts[r] >= size)
        held.update(f for f in alone if alone.count(f) >= size)
    for _, _, blacks, reds, _ in gen.joker_bombs:
        if counts[BLACK_JOKER] >= blacks and counts[RED_JOKER] >= reds:
            held.update(r for r, n in ((BLACK_JOKER, blacks), (RED_JOKER, reds)) if n)
    return held


def speculator_answers(
    rules: HasPatternRules,
    counts: Sequence[int],
    wilds: Wilds | None,
    to_beat: Move,
    bomb_cards_exempt: bool = False,
    promoted: int | None = None,
) -> tuple[list[Move], bool]:
    """The speculator's allowed answers to ``to_beat`` and whether it may pass.

    ``counts`` are its natural cards and ``wilds`` its 3s: every card of a wild face rank it holds
    is wild, so ``counts`` holds none of them.  Against a non-bomb it must play one of the non-bomb
    answers with the fewest 3s; only when there is none may it bomb or pass.  With
    ``bomb_cards_exempt`` answers that use cards of a bomb it holds are not forced on it (it may
    still play them when nothing else answers).  Against a bomb it must beat it when it can,
    preferring bombs of the same size, then larger ones.
    """
    faces = () if wilds is None else wilds.faces
    if any(counts[f] for f in faces):
        raise ValueError("every card of a wild face rank the speculator holds is wild: pass it in wilds, not counts")
    answers = generate_counts(rules, counts, to_beat, wilds, promoted)
    held = bomb_ranks(rules, counts, wilds) if bomb_cards_exempt else set()
    return forced_answers(answers, to_beat, faces, held)


def forced_answers(
    answers: Sequence[Move], to_beat: Move, faces: Sequence[int], bomb_ranks: set[int]
) -> tuple[list[Move], bool]:
    """§11 on a list of beating ``answers``: which of them the speculator may play, and whether it
    may pass.  ``faces`` are its wild faces; answers using ``bomb_ranks`` are not forced on it."""
    if to_beat.is_bomb:
        if not answers:
            return [], True
        same = [m for m in answers if m.size == to_beat.size]
        larger = [m for m in answers if m.size > to_beat.size]
        return same or larger or list(answers), False
    bombs: list[Move] = []
    free: list[Move] = []  # answers using cards of a bomb it holds
    forced: list[Move] = []
    for m in answers:  # one pass, each list in the answers' order
        if m.is_bomb:
            bombs.append(m)
        elif bomb_ranks and not bomb_ranks.isdisjoint(m.ranks):
            free.append(m)
        else:
            forced.append(m)
    if not forced:
        return free + bombs, True
    used = [threes_used(m, faces) for m in forced]
    fewest = min(used)
    return [m for m, n in zip(forced, used, strict=True) if n == fewest], False
