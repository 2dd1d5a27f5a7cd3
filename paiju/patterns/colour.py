"""The two-colour tables (双色, speculator.md §14): combinations bound to one colour, and how
colours beat each other.

Red is ♥ ♦ and the red joker, black ♠ ♣ and the black joker.  A combination's colour is its
body's colour and every card in it shares it, except the pairs of a triple+pair or an
airplane+pairs, each of which is one colour of its own.  A player holding both colours is
*colour-bound*; one with a colour used up is not.
"""

from __future__ import annotations

from collections.abc import Sequence

from paiju.cards import CARDS_PER_DECK, FACE_COLOUR, FACE_RANK, Card, Colour, card_colour, card_rank
from paiju.patterns.compiled import fastgen
from paiju.patterns.generate import MoveGenerator, generator_for
from paiju.patterns.mixed import Wilds
from paiju.patterns.move import NO_COLOUR, Move, beats, key_rank
from paiju.variants import HasPatternRules, PatternKind, RedOverBlack

__all__ = [
    "PAIR_KICKER_KINDS",
    "HandByColour",
    "body_ranks",
    "coloured_beats",
    "coloured_moves",
    "colours_fit",
    "moves_by_colour",
    "split_by_colour",
]

Counts = Sequence[int]
#: Patterns whose kicker pairs may be the other colour (三带二 and, by [R] 31, 飞机带对).
PAIR_KICKER_KINDS = (PatternKind.TRIPLE_PAIR, PatternKind.AIRPLANE_PAIRS)


_ANY = RedOverBlack.ANY  # read once: an enum's member read from its class costs as much as a small call


def coloured_beats(a: Move, b: Move, bound: bool, red_over_black: RedOverBlack = RedOverBlack.ANY) -> bool:
    """Whether ``a`` may be played on ``b`` by a player that is (or is not) colour-bound.

    Same pattern and size (or the same bomb tier and size): (i) the same colour and a higher rank;
    (ii) red over black, at any rank (``red_over_black = any``) or an equal or higher one; (iii)
    black over red at the same rank, kickers ignored; a player that is not colour-bound also
    beats by a higher rank alone.  Different bomb tiers follow the ladder.
    """
    if a.is_bomb or b.is_bomb:
        if not (a.is_bomb and b.is_bomb and a.tier == b.tier and a.size == b.size):
            return beats(a, b)
    elif not (a.kind == b.kind and a.length == b.length and a.size == b.size):
        return False
    if a.colour == b.colour or not bound:
        if a.key > b.key:
            return True
    if a.colour == Colour.RED and b.colour == Colour.BLACK:
        return red_over_black == RedOverBlack.ANY or a.key >= b.key
    return a.colour == Colour.BLACK and b.colour == Colour.RED and a.key == b.key


def body_ranks(move: Move) -> list[int]:
    """The ranks of a move's body: the cards that must share its colour (the kicker pairs aside)."""
    if move.kind not in PAIR_KICKER_KINDS:
        return list(move.ranks)
    top = key_rank(move)
    return [r for r in range(top - move.length + 1, top + 1) for _ in range(3)]


def coloured_moves(
    source: HasPatternRules,
    counts: tuple[Counts, Counts],
    wilds: tuple[Wilds | None, Wilds | None],
    to_beat: Move | None,
) -> list[Move]:
    """Every move of a hand split by colour (black, red), leading or beating ``to_beat``.

    Each colour plays the table's patterns on its own cards (its wild 3s included); a triple+pair
    or airplane+pairs may also take kicker pairs of the other colour; red beats black as the rules' ``red_over_black`` says.
    """
    return moves_by_colour(generator_for(source.pattern_rules), counts, wilds, to_beat)


def moves_by_colour(
    gen: MoveGenerator,
    counts: tuple[Counts, Counts],
    wilds: tuple[Wilds | None, Wilds | None],
    to_beat: Move | None,
) -> list[Move]:
    """``coloured_moves`` with a given generator: from the compiled path where the generator is compiled (and caps
    no chain length), else from the Python below, the oracle the compiled path is tested against. A hand with wild
    3s hands C the generator's lists of its wild plays; C lists the rest."""
    rules = gen.rules
    red_any = rules.red_over_black == _ANY
    compiled = gen.spec is not None and not gen.chain_max
    black, red = wilds
    if compiled and (black is None or not black.faces) and (red is None or not red.faces):
        assert fastgen is not None
        return fastgen.coloured(gen.spec, counts[0], counts[1], PAIR_KICKER_KINDS, to_beat, red_any, None)  # type: ignore[no-any-return]
    bound = all(sum(c) + (len(w.faces) if w else 0) for c, w in zip(counts, wilds, strict=True))
    # Colours let a lower rank beat a higher one, so ask the generator for every move of the same
    # pattern (and every bomb of the same tier or above) and compare colours afterwards.
    probe = None if to_beat is None else to_beat._replace(key=-1.0, colour=NO_COLOUR)
    own = [gen.moves(counts[colour], probe, wilds[colour]) for colour in (Colour.BLACK, Colour.RED)]
    kicks = bound and (probe is None or probe.kind in PAIR_KICKER_KINDS)
    both = [b + r for b, r in zip(*counts, strict=True)]
    # Kicker pairs may be the other colour; wild 3s (in the body or a pair) are the body's.
    extra = [
        [m for m in gen.moves(both, probe, wild) if m.wilds and m.kind in PAIR_KICKER_KINDS] if kicks and wild is not None else []
        for wild in wilds
    ]
    if compiled:
        assert fastgen is not None
        listed = (*own, *extra, bound)
        return fastgen.coloured(gen.spec, counts[0], counts[1], PAIR_KICKER_KINDS, to_beat, red_any, listed)  # type: ignore[no-any-return]
    out: set[Move] = set()
    for colour in (Colour.BLACK, Colour.RED):
        out.update(m._replace(colour=int(colour)) for m in own[colour])
    if kicks:
        plain = [m for m in gen.moves(both, probe, None) if m.kind in PAIR_KICKER_KINDS]
        for colour in (Colour.BLACK, Colour.RED):
            bodies = _bodies(plain, counts[colour])
            out.update(
                m._replace(colour=int(colour))
                for m in plain + extra[colour]
                if (m.wilds or (m.key, m.length) in bodies) and _fits(m, counts, colour)
            )
    moves = sorted(out)
    if to_beat is None:
        return moves
    return [m for m in moves if coloured_beats(m, to_beat, bound, rules.red_over_black)]


def _bodies(moves: list[Move], own: Counts) -> set[tuple[float, int]]:
    """The (key, length) of the bodies among ``moves`` (no wild cards) for which a colour holds three natural cards
    of each rank: what ``_fits`` asks first (most bodies of both colours' cards together fail it)."""
    shapes = {(m.key, m.length): m for m in moves}
    return {shape for shape, m in shapes.items() if all(own[r] >= 3 for r in body_ranks(m))}


def _fits(move: Move, counts: tuple[Counts, Counts], colour: int) -> bool:
    """Whether the body (its wild stand-ins included) can be of ``colour`` and every kicker pair one
    colour, from these natural cards."""
    natural = list(move.ranks)
    for face, _ in move.wilds:
        natural.remove(face)
    body = set(body_ranks(move))
    for r in set(natural):
        n = natural.count(r)
        own, other = counts[colour][r], counts[1 - colour][r]
        if r in body:
            if n > own:
                return False
            continue
        # Kicker rank: an even number of the other colour's cards (whole pairs), the rest this colour's
        # (a wild stand-in pairs only with this colour).
        low = max(0, n - own)
        low += low % 2
        if low > min(n, other):
            return False
    return True


def colours_fit(move: Move, cards: Sequence[Card]) -> bool:
    """§14: the body and every wild 3 in the move's colour, each kicker pair one colour."""
    natural = list(move.ranks)
    for face, _ in move.wilds:
        natural.remove(face)
    if move.kind in PAIR_KICKER_KINDS:
        body = body_ranks(move)
        for _, meant in move.wilds:
            if meant in body:
                body.remove(meant)
    else:
        body = natural
    rest = list(cards)
    for r in [face for face, _ in move.wilds] + body:
        card = next((c for c in rest if card_rank(c) == r and card_colour(c) == move.colour), None)
        if card is None:
            return False
        rest.remove(card)
    # What is left are kicker pairs: per rank, the other colour's cards must make whole pairs.
    return all(sum(1 for c in rest if card_rank(c) == r and card_colour(c) != move.colour) % 2 == 0 for r in {card_rank(c) for c in rest})


#: A hand split by colour (black, red): natural rank counts, faces of the wild cards, and the cards in hand order.
HandByColour = tuple[tuple[list[int], list[int]], tuple[list[int], list[int]], tuple[tuple[Card, ...], tuple[Card, ...]]]


def split_by_colour(cards: Sequence[Card], wild_rank: int = -1) -> HandByColour:
    """Rank counts of (black, red) natural cards, the faces of (black, red) cards of the ``wild_rank`` (-1: none),
    and the (black, red) cards in hand order (the oracle of the compiled ``paiju.climbing._turn.colours``)."""
    counts: tuple[list[int], list[int]] = ([0] * 15, [0] * 15)
    wild: tuple[list[int], list[int]] = ([], [])
    split: tuple[list[Card], list[Card]] = ([], [])
    for c in cards:  # card_rank and card_colour inline: a seat's cards are split again after each of its plays
        face = c % CARDS_PER_DECK
        rank, colour = FACE_RANK[face], FACE_COLOUR[face]
        split[colour].append(c)
        if rank == wild_rank:
            wild[colour].append(rank)
        else:
            counts[colour][rank] += 1
    return counts, wild, (tuple(split[0]), tuple(split[1]))
