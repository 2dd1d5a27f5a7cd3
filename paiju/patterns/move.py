"""A move is a value: pattern kind, key rank, chain length, the cards' ranks, and bomb tier."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from paiju.cards import RANK_CHARS, format_ranks
from paiju.variants import PatternKind

__all__ = [
    "ATTACHED",
    "Move",
    "NO_COLOUR",
    "NO_TIER",
    "beats",
    "describe",
    "key_rank",
    "spaceship_key",
    "spaceship_trio_top",
]

#: ``Move.tier`` of every move that is not a bomb.
NO_TIER = -1
#: ``Move.colour`` on every table but the two-colour ones (there: ``Colour.BLACK`` or ``Colour.RED``).
NO_COLOUR = -1
_COLOUR_NAMES = ("black", "red")
#: How ``describe`` names the bomb classes with wild cards (癞子 W6): soft (软炸弹) and pure wild (纯癞子炸弹).
_BOMB_WORDS = {"soft": "soft ", "wild": "pure wild "}
_CHAIN_KINDS = (
    PatternKind.STRAIGHT,
    PatternKind.PAIR_CHAIN,
    PatternKind.TRIPLE_CHAIN,
    PatternKind.AIRPLANE_SINGLES,
    PatternKind.AIRPLANE_PAIRS,
    PatternKind.QUAD_CHAIN,
    PatternKind.CARRIER,
)
#: A spaceship's key holds its trio chain's top in sixteenths of a rank (every top 3…A fits below 1).
_TRIO_PART = 16


class Move(NamedTuple):
    """One interpretation of a set of cards.

    ``key`` is the value that is compared: the rank index of a chain's top, a body or a bomb;
    a fractional key places a rank between two others (a speculator's play of only 3s sits
    between A and 2, a rank a table promotes between 2 and the black joker), except a spaceship's,
    whose fraction is its trio chain's top (``spaceship_key``: quads first, then trios);
    ``length`` is the number of links in a chain (1 for everything else); ``ranks`` holds
    the rank of every card, sorted; ``tier`` is the bomb class's tier on the table's bomb
    ladder, or ``NO_TIER``; ``wilds`` pairs each wild card's own rank with the rank it
    stands for; ``colour`` is the body's colour on the two-colour tables (speculator.md §14).
    Two moves with the same cards but different meanings are different moves.
    """

    kind: PatternKind
    key: float
    length: int
    ranks: tuple[int, ...]
    tier: int = NO_TIER
    bomb: str = ""
    wilds: tuple[tuple[int, int], ...] = ()
    colour: int = NO_COLOUR

    @property
    def is_bomb(self) -> bool:
        """Whether the move sits on the bomb ladder."""
        return self.tier != NO_TIER

    @property
    def size(self) -> int:
        """Number of cards played."""
        return len(self.ranks)

    def text(self) -> str:
        """Canonical card string: ranks low to high; a wild card is followed by ``(rank)``; on the
        two-colour tables the body's colour follows (``77 red``).

        One text, one reading: a play with kickers whose cards (each wild card as the rank it stands for) make
        another combination of some table's patterns names its body first, then each group it carries
        (``8888+55+55`` beside ``5555+88+88``; ``333444555+6+6+6`` beside the triple chain ``333444555666``).
        """
        if self.colour != NO_COLOUR:
            return f"{self._replace(colour=NO_COLOUR).text()} {_COLOUR_NAMES[self.colour]}"
        if self.kind in ATTACHED:
            return _kicker_text(self)
        if not self.wilds:
            return _ranks_text(self.ranks)
        return _cards_text(_cards(self))

    def _trio_top(self) -> int:
        """A spaceship's trio chain top (0 for every other move)."""
        return spaceship_trio_top(self) if self.kind == PatternKind.SPACESHIP else 0


@lru_cache(maxsize=4096)
def _ranks_text(ranks: tuple[int, ...]) -> str:
    """``format_ranks``, kept for the plays a table sees again and again (every play's event names its cards)."""
    return format_ranks(ranks)


#: The patterns with kickers: cards per rank of the body, and the groups each link of the body carries (1 a single,
#: 2 a pair, 3 a trio; the dress carries a trio and a pair).  A spaceship's body is a quad chain and a trio chain.
ATTACHED: dict[PatternKind, tuple[int, tuple[int, ...]]] = {
    PatternKind.TRIPLE_SINGLE: (3, (1,)),
    PatternKind.TRIPLE_PAIR: (3, (2,)),
    PatternKind.AIRPLANE_SINGLES: (3, (1,)),
    PatternKind.AIRPLANE_PAIRS: (3, (2,)),
    PatternKind.FOUR_TWO_SINGLES: (4, (1, 1)),
    PatternKind.FOUR_TWO_PAIRS: (4, (2, 2)),
    PatternKind.FOUR_THREE: (4, (3,)),
    PatternKind.CARRIER: (4, (3,)),
    PatternKind.DRESS: (4, (3, 2)),
    PatternKind.SPACESHIP: (4, (2,)),
}
#: The patterns with kickers whose body may be a chain of several links (the others have one).
_LINKED = frozenset({PatternKind.AIRPLANE_SINGLES, PatternKind.AIRPLANE_PAIRS, PatternKind.CARRIER, PatternKind.SPACESHIP})
_ACE, _TWO = 11, 12
#: A card of a play as its text writes it: the rank it counts as, and a wild card's own rank (else ``None``).
_Card = tuple[int, int | None]


def _cards(move: Move) -> list[_Card]:
    """The play's cards, low to high by the rank each counts as, a natural card before a wild one."""
    plain = list(move.ranks)
    for face, _ in move.wilds:
        plain.remove(face)
    cards: list[_Card] = [(r, None) for r in plain]
    cards += [(stand, face) for face, stand in move.wilds]
    return sorted(cards, key=lambda c: (c[0], c[1] is not None))


def _cards_text(cards: list[_Card]) -> str:
    """Cards as ``Move.text`` writes them: ``3``, a wild card ``K(6)``."""
    return "".join(RANK_CHARS[r] if face is None else f"{RANK_CHARS[face]}({RANK_CHARS[r]})" for r, face in cards)


def _played(move: Move) -> tuple[int, ...]:
    """The ranks the play's cards count as (a wild card: the rank it stands for), low to high."""
    played = list(move.ranks)
    for face, stands in move.wilds:
        played.remove(face)
        played.append(stands)
    return tuple(sorted(played))


def _parts(move: Move) -> list[list[_Card]]:
    """A play with kickers split into its body (a spaceship's: its quad chain, then its trio chain) and each group
    it carries, as ``Move.text`` names them."""
    width, carried = ATTACHED[move.kind]
    rest = _cards(move)

    def take(rank: int, n: int) -> list[_Card]:
        got = [c for c in rest if c[0] == rank][:n]
        for c in got:
            rest.remove(c)
        return got

    top, links = key_rank(move), range(move.length)
    parts = [[c for i in reversed(links) for c in take(top - i, width)]]
    if move.kind == PatternKind.SPACESHIP:
        trio = spaceship_trio_top(move)
        parts.append([c for i in reversed(links) for c in take(trio - i, 3)])
    for size in sorted(carried * move.length, reverse=True):  # a dress's trio before its pair
        counts = {r: sum(1 for c in rest if c[0] == r) for r, _ in rest}
        fits = [r for r in counts if counts[r] >= size]
        parts.append(take(min(fits, key=lambda r: size == 3 and counts[r] % 2 == 0), size))  # a trio: an odd count first
    return parts


@lru_cache(maxsize=65536)
def _kicker_text(move: Move) -> str:
    """The text of a play with kickers (``Move.text``): its body named first where its cards read otherwise too."""
    played = _played(move)
    top, trio = key_rank(move), move._trio_top()
    if _may_read_otherwise(move, played, top, trio) and _read_otherwise(move.kind, top, move.length, trio, played):
        return "+".join(_cards_text(part) for part in _parts(move))
    return _cards_text(_cards(move)) if move.wilds else _ranks_text(move.ranks)


def _may_read_otherwise(move: Move, played: tuple[int, ...], top: int, trio: int) -> bool:
    """A quick test that no other reading exists (what most plays with kickers meet): another body would need
    three cards of a rank outside this body, or more of a body rank than the body takes."""
    width, _ = ATTACHED[move.kind]
    ship = move.kind == PatternKind.SPACESHIP
    for rank, n in Counter(played).items():
        if top - move.length < rank <= top:
            most = width
        else:
            most = 3 if ship and trio - move.length < rank <= trio else 2
        if n > most:
            return True
    return False


@lru_cache(maxsize=16384)
def _read_otherwise(kind: PatternKind, key: int, length: int, trio: int, played: tuple[int, ...]) -> bool:
    """Whether the cards ``played`` make a combination other than this one under some table's patterns (every
    pattern kind, kickers of any rank): its text must then name its body."""
    counts = [played.count(r) for r in range(15)]
    held = [r for r in range(15) if counts[r]]
    if len(held) == 1:
        return True  # cards of one rank: a bomb (a quad where four is none)
    consecutive = held[-1] <= _ACE and held[-1] - held[0] == len(held) - 1
    if consecutive and any(all(counts[r] == w for r in held) for w in (3, 4)):
        return True  # a chain of trios or quads
    for other, (width, carried) in ATTACHED.items():
        ship = other == PatternKind.SPACESHIP
        per_link = width + sum(carried) + (3 if ship else 0)
        links = len(played) // per_link
        if len(played) % per_link or (links > 1) != (other in _LINKED):
            continue
        for top in range(links - 1, (_ACE if links > 1 else _TWO) + 1):
            rest = _without(counts, top, links, width)
            for trios in range(links - 1, _ACE + 1) if ship else (0,):
                left = _without(rest, trios, links, 3) if ship and rest else rest
                if left and (other, top, links, trios) != (kind, key, length, trio) and _carries(left, carried * links):
                    return True
    return False


def _without(counts: list[int] | None, top: int, links: int, width: int) -> list[int] | None:
    """``counts`` less a chain of ``links`` ranks up to ``top``, ``width`` cards each; ``None`` where they lack it."""
    if counts is None or any(counts[top - i] < width for i in range(links)):
        return None
    out = list(counts)
    for i in range(links):
        out[top - i] -= width
    return out


def _carries(left: list[int], sizes: tuple[int, ...]) -> bool:
    """Whether the cards ``left`` make groups of these sizes, each of one rank (all singles, pairs or trios, or a
    dress's trio and pair); their number is already right."""
    if set(sizes) == {1}:
        return True
    if len(set(sizes)) == 1:
        return all(c % sizes[0] == 0 for c in left)
    return any(c >= 3 and all((d - 3 * (r == a)) % 2 == 0 for r, d in enumerate(left)) for a, c in enumerate(left))


def beats(a: Move, b: Move) -> bool:
    """Whether ``a`` may be played on ``b`` (other-games.md §0.3 C4).

    A non-bomb beats a non-bomb only with the same kind, card count and chain length and a
    strictly higher key; a bomb beats every non-bomb; bombs compare by ladder tier, then key.
    Equal never beats.
    """
    if a.tier != NO_TIER:
        return b.tier == NO_TIER or (a.tier, a.key) > (b.tier, b.key)
    if b.tier != NO_TIER:
        return False
    return a.kind == b.kind and a.length == b.length and len(a.ranks) == len(b.ranks) and a.key > b.key


def spaceship_key(quad_top: int, trio_top: int) -> float:
    """A spaceship's key (§6.4, Q6.5): its quad chain's top decides, then its trio chain's; the pairs never do."""
    return quad_top + trio_top / _TRIO_PART


def spaceship_trio_top(move: Move) -> int:
    """The top rank of a spaceship's trio chain, read back from its key."""
    return round((move.key - int(move.key)) * _TRIO_PART)


def key_rank(move: Move) -> int:
    """The rank a move's key names (a spaceship's: its quads' top; for another fractional key: the most common
    rank it plays as)."""
    if move.key == int(move.key) or move.kind == PatternKind.SPACESHIP:
        return int(move.key)
    played = list(move.ranks)
    for face, stands in move.wilds:
        played.remove(face)
        played.append(stands)
    return max(set(played), key=lambda r: (played.count(r), r))


def describe(move: Move) -> str:
    """A player-facing description, e.g. ``triple+single (3)``, ``bomb of 4 (7)``, ``rocket``."""
    if move.colour != NO_COLOUR:
        return f"{_COLOUR_NAMES[move.colour]} {describe(move._replace(colour=NO_COLOUR))}"
    key = RANK_CHARS[key_rank(move)]
    if move.kind == PatternKind.SPACESHIP:
        return f"{move.kind} of {move.length} (quads top {key}, trios top {RANK_CHARS[spaceship_trio_top(move)]})"
    if move.kind in _CHAIN_KINDS:
        return f"{move.kind} of {move.length} (top {key})"
    if move.kind == PatternKind.BOMB:
        return f"{_BOMB_WORDS.get(move.bomb[:4], '')}bomb of {move.size} ({key})"
    if move.is_bomb:
        return "rocket" if move.bomb == "BR" else f"joker bomb {move.bomb}"
    return f"{move.kind} ({key})"
