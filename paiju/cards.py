"""Cards as small ints: rank, suit, colour, deck copy, and the text notation.

A card id is ``deck * 54 + face`` where ``face`` is ``rank * 4 + suit`` for the
52 suited cards, 52 for the black joker and 53 for the red joker.  Ranks are
indices into ``RANKS`` (3 lowest, 2 highest), then ``BLACK_JOKER`` and
``RED_JOKER``.  Hands are handled as per-rank count vectors wherever suits do
not matter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import IntEnum
from functools import lru_cache

__all__ = [
    "MARK",
    "BLACK_JOKER",
    "CARDS_PER_DECK",
    "FACE_COLOUR",
    "FACE_RANK",
    "NUM_RANKS",
    "RANKS",
    "RANK_CHARS",
    "RED_JOKER",
    "Card",
    "Colour",
    "InvalidCardsError",
    "Rank",
    "Suit",
    "card_colour",
    "card_deck",
    "card_rank",
    "card_suit",
    "copy_of",
    "deck_cards",
    "face",
    "format_card",
    "format_cards",
    "format_ranks",
    "make_card",
    "names_every_colour",
    "names_suits",
    "parse_cards",
    "parse_ranks",
    "rank_counts",
    "sort_cards",
]

Card = int

RANKS = "3456789TJQKA2"
RANK_CHARS = RANKS + "BR"


class Rank(IntEnum):
    """A rank index (3 lowest … 2, then the jokers); every function taking a rank also takes a plain int."""

    THREE = 0
    FOUR = 1
    FIVE = 2
    SIX = 3
    SEVEN = 4
    EIGHT = 5
    NINE = 6
    TEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10
    ACE = 11
    TWO = 12
    BLACK_JOKER = 13
    RED_JOKER = 14

    @property
    def char(self) -> str:
        """The rank's notation character (``T`` for ten, ``B`` / ``R`` for the jokers)."""
        return RANK_CHARS[self]

    @classmethod
    def from_char(cls, char: str) -> Rank:
        """The rank a notation character names (``10`` and lower case allowed)."""
        text = "T" if char == "10" else char.upper()
        if len(text) != 1 or text not in RANK_CHARS:
            raise InvalidCardsError(f"{char!r} is not a rank: use one of {RANK_CHARS}")
        return cls(RANK_CHARS.index(text))


#: Rank index of the black (small) joker and of the red (big) joker, as plain ints for the hot paths.
BLACK_JOKER: int = Rank.BLACK_JOKER.value
RED_JOKER: int = Rank.RED_JOKER.value
#: Ranks 3 … 2 plus the two jokers.
NUM_RANKS = len(Rank)
CARDS_PER_DECK = 54


class Suit(IntEnum):
    """The four suits, in the notation's order ``s h d c``."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3


class Colour(IntEnum):
    """Card colour: spades, clubs and the black joker are black; the rest red."""

    BLACK = 0
    RED = 1


SUIT_CHARS = "shdc"
_SUIT_SYMBOLS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


class InvalidCardsError(ValueError):
    """Text that is not a valid card string, or cards a table does not hold."""


def make_card(rank: int, suit: int | None = None, deck: int = 0) -> Card:
    """The card id of ``rank`` (a rank index) in ``suit`` from deck copy ``deck``."""
    if rank == BLACK_JOKER or rank == RED_JOKER:
        face = 52 + rank - BLACK_JOKER
    else:
        if suit is None:
            raise InvalidCardsError(f"rank {RANK_CHARS[rank]} needs a suit")
        face = rank * 4 + suit
    return copy_of(face, deck)


def face(card: Card) -> int:
    """The card without its deck copy: copies of one rank and suit from different decks share a face, and two
    cards are identical (a pair in 炒地皮, the copy that names a small landlord) exactly when their faces are."""
    return card % CARDS_PER_DECK


def copy_of(face: int, deck: int) -> Card:
    """The card with ``face`` from deck copy ``deck`` (0 for the first deck)."""
    return deck * CARDS_PER_DECK + face


#: The rank of each of a deck's 54 faces (a card's face is ``face(card)``).
FACE_RANK: tuple[int, ...] = tuple(face >> 2 if face < 52 else face - 52 + BLACK_JOKER for face in range(CARDS_PER_DECK))


def card_rank(card: Card) -> int:
    """Rank index of a card: 0 for 3 … 12 for 2, 13 black joker, 14 red joker."""
    return FACE_RANK[card % CARDS_PER_DECK]


def card_suit(card: Card) -> Suit | None:
    """Suit of a card, ``None`` for a joker."""
    face = card % CARDS_PER_DECK
    return Suit(face & 3) if face < 52 else None


def card_deck(card: Card) -> int:
    """Which deck copy (0, 1, 2) a card comes from."""
    return card // CARDS_PER_DECK


def _face_colour(face: int) -> Colour:
    """Colour of a face: ♠ ♣ and the black joker are black, ♥ ♦ and the red joker red."""
    if face >= 52:
        return Colour.BLACK if face == 52 else Colour.RED
    return Colour.RED if face & 3 in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK


#: The colour of each of a deck's 54 faces (the two-colour tables ask it of every card, many times a turn).
FACE_COLOUR: tuple[Colour, ...] = tuple(_face_colour(face) for face in range(CARDS_PER_DECK))


def card_colour(card: Card) -> Colour:
    """Colour of a card: ♠ ♣ and the black joker are black, ♥ ♦ and the red joker red."""
    return FACE_COLOUR[card % CARDS_PER_DECK]


def deck_cards(decks: int = 1, removed_ranks: Iterable[int] = ()) -> list[Card]:
    """Every card of ``decks`` decks, minus the ranks a table removes (a fresh list: every deal shuffles one)."""
    return list(_pack(decks, frozenset(removed_ranks)))


@lru_cache(maxsize=64)
def _pack(decks: int, removed: frozenset[int]) -> tuple[Card, ...]:
    """``deck_cards``, made once per kind of pack."""
    return tuple(
        d * CARDS_PER_DECK + face for d in range(decks) for face in range(CARDS_PER_DECK) if FACE_RANK[face] not in removed
    )


#: More decks than a table may play (three at most): room in the sort key for every card's deck copy.
_MOST_DECKS = 4
#: Each card's place in ``sort_cards``' order: by face (faces are numbered by rank, then suit), then deck copy.
_SORT_KEY: tuple[int, ...] = tuple(
    (c % CARDS_PER_DECK) * _MOST_DECKS + c // CARDS_PER_DECK for c in range(_MOST_DECKS * CARDS_PER_DECK)
)
#: Each card's rank, looked up by its id (``card_rank`` without the division: ``rank_counts`` counts every deal).
_CARD_RANK: tuple[int, ...] = FACE_RANK * _MOST_DECKS


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards low to high by rank, then suit, then deck copy (a table lookup: views sort every record they show)."""
    return sorted(cards, key=_SORT_KEY.__getitem__)


#: Written after the table's marked card (the 5p3d and 3-deck tables' marked 7♣): ``7c*``.
MARK = "*"


def _face_text(face: int) -> str:
    """A face's notation: rank then suit (``7c``), a joker's rank alone (``B``)."""
    rank = FACE_RANK[face]
    return RANK_CHARS[rank] if face >= 52 else RANK_CHARS[rank] + SUIT_CHARS[face & 3]


#: Each face's notation, and its rank alone (every view writes every card it shows: looked up, not composed).
_FACE_TEXT: tuple[str, ...] = tuple(_face_text(face) for face in range(CARDS_PER_DECK))
_FACE_RANK_TEXT: tuple[str, ...] = tuple(RANK_CHARS[FACE_RANK[face]] for face in range(CARDS_PER_DECK))


def format_card(card: Card, suits: bool = True, marked: Card | None = None) -> str:
    """``7c``, ``Ts``, ``B``; ``7c*`` when it is the table's ``marked`` card; with ``suits=False`` only the rank."""
    face = card % CARDS_PER_DECK
    if not suits:
        return _FACE_RANK_TEXT[face]
    return _FACE_TEXT[face] + MARK if card == marked and face < 52 else _FACE_TEXT[face]


def format_cards(cards: Iterable[Card], suits: bool = True, marked: Card | None = None) -> str:
    """Cards sorted low to high; suited cards separated by spaces, suitless ones run together."""
    ordered = sort_cards(cards)
    if not suits:
        return "".join([_FACE_RANK_TEXT[c % CARDS_PER_DECK] for c in ordered])
    if marked is None:
        return " ".join([_FACE_TEXT[c % CARDS_PER_DECK] for c in ordered])
    return " ".join([format_card(c, True, marked) for c in ordered])


def format_ranks(ranks: Iterable[int]) -> str:
    """A rank multiset as a suitless string, low to high (``33344``)."""
    return "".join(RANK_CHARS[r] for r in sorted(ranks))


_TOKEN = re.compile(r"\s*(10|[3-9TJQKA2BRtjqkabr])([shdcSHDC♠♥♦♣]?)(\*?)")


def _tokens(text: str) -> list[tuple[int, Suit | None, bool]]:
    """Split notation into (rank, suit or None, marked); raise on the first bad token, quoting it."""
    out: list[tuple[int, Suit | None, bool]] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        if text[pos].isspace() or text[pos] in ",+":
            pos += 1
            continue
        m = _TOKEN.match(text, pos)
        if m is None:
            raise InvalidCardsError(
                f"{text[pos]!r} is not a card (in {text!r}): use ranks 3456789TJQKA2 "
                "(T or 10 for ten), suits s h d c (or ♠♥♦♣), B and R for the jokers"
            )
        rank_text, suit_text = m.group(1).upper(), m.group(2)
        rank = Rank.from_char(rank_text).value
        suit: Suit | None = None
        if suit_text:
            if rank >= BLACK_JOKER:
                raise InvalidCardsError(f"{m.group(0).strip()!r}: a joker has no suit")
            suit = Suit(SUIT_CHARS.index(_SUIT_SYMBOLS.get(suit_text, suit_text.lower())))
        if m.group(3) and suit is None:
            raise InvalidCardsError(f"{m.group(0).strip()!r}: the mark {MARK} follows a card with its suit, e.g. 7c{MARK}")
        out.append((rank, suit, bool(m.group(3))))
        pos = m.end()
    return out


def names_suits(text: str) -> bool:
    """Whether card text names any suit (``3s``, ``♥``), so exact cards are meant."""
    return any(suit is not None for _, suit, _ in _tokens(text))


def names_every_colour(text: str) -> bool:
    """Whether card text gives every card's colour: each card has its suit, or is a joker (B black, R red)."""
    return all(suit is not None or rank >= BLACK_JOKER for rank, suit, _ in _tokens(text))


def parse_ranks(text: str) -> list[int]:
    """Rank indices of a card string, suits ignored (``"33 4h B"`` → ``[0, 0, 1, 13]``)."""
    return [rank for rank, _, _ in _tokens(text)]


def parse_cards(
    text: str, decks: int = 1, removed_ranks: Iterable[int] = (), taken: Iterable[Card] = (), marked: Card | None = None
) -> list[Card]:
    """Parse notation into concrete card ids for a table of ``decks`` decks.

    Suited tokens name a card exactly (the first copy not yet used, the table's ``marked`` card last);
    ``7c*`` names the marked card itself; suitless tokens take the next unused copy of that rank.
    Asking for more copies than the table holds, or a removed rank, is an error that says which card ran out.
    """
    removed = set(removed_ranks)
    used: set[Card] = set(taken)
    tokens = _tokens(text)
    if not tokens:
        raise InvalidCardsError("no cards given")
    cards: list[Card] = []
    # Suited tokens first so that "3 3s" does not let the suitless 3 take the 3s.
    order = sorted(range(len(tokens)), key=lambda i: (not tokens[i][2], tokens[i][1] is None))
    slots: list[Card | None] = [None] * len(tokens)
    for i in order:
        rank, suit, starred = tokens[i]
        if rank in removed:
            raise InvalidCardsError(f"this table plays without {RANK_CHARS[rank]}s")
        if starred:
            name = RANK_CHARS[rank] + SUIT_CHARS[suit or 0] + MARK
            if marked is None or (card_rank(marked), card_suit(marked)) != (rank, suit):
                what = f"the marked card is {format_card(marked, marked=marked)}" if marked is not None else "this table marks no card"
                raise InvalidCardsError(f"{name!r}: {what}")
            candidates = [marked]
        elif suit is not None:
            candidates = sorted((make_card(rank, suit, d) for d in range(decks)), key=lambda c: c == marked)
        elif rank >= BLACK_JOKER:
            candidates = [make_card(rank, None, d) for d in range(decks)]
        else:
            candidates = sorted((make_card(rank, s, d) for d in range(decks) for s in Suit), key=lambda c: c == marked)
        card = next((c for c in candidates if c not in used), None)
        if card is None:
            name = RANK_CHARS[rank] + (SUIT_CHARS[suit] if suit is not None else "") + (MARK if starred else "")
            raise InvalidCardsError(
                f"too many {name!r}: {decks} deck(s) hold only {len(candidates)}"
            )
        used.add(card)
        slots[i] = card
    cards = [c for c in slots if c is not None]
    return cards


def rank_counts(cards: Iterable[Card]) -> list[int]:
    """How many cards of each rank (index 0 = 3 … 14 = red joker)."""
    counts = [0] * NUM_RANKS
    for c in cards:
        counts[_CARD_RANK[c]] += 1
    return counts


def counts_to_ranks(counts: Sequence[int]) -> list[int]:
    """Expand a count vector back to a sorted rank list."""
    return [r for r, n in enumerate(counts) for _ in range(n)]
