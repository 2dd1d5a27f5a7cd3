"""Declaring trumps in 炒地皮 (other-games.md §7.3–§7.5): what a shown set of cards declares, whether a seat may
show it now (亮主, 反主, 抄底), every declaration a hand can make, and the trump the kitty gives when nobody
declares.  Pure functions over frozen values; the hand engine runs the turns and phases."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from paiju.cards import (
    BLACK_JOKER,
    RANK_CHARS,
    RED_JOKER,
    SUIT_CHARS,
    Card,
    Suit,
    card_rank,
    card_suit,
    copy_of,
    face,
    format_card,
    names_every_colour,
    parse_cards,
    parse_ranks,
)
from paiju.errors import Reason
from paiju.trick.order import is_red_five, natural
from paiju.variants.trick_rules import TrickRules

__all__ = [
    "RED_FIVE_PAIR",
    "Declaration",
    "declaration_problem",
    "declarations",
    "kitty_flip_card",
    "kitty_flip_is_joker",
    "kitty_trump",
    "make_declaration",
    "parse_declaration",
    "strength_of",
]

#: The top of the ladder: a ♥5 pair names any trump, and nothing overturns it (「而且别人不可以再反」).
RED_FIVE_PAIR = 8
#: Strength of a pair of level cards by suit (§7.3: ♦ 2 < ♣ 3 < ♥ 4 < ♠ 5), and of the joker pairs.
_LEVEL_PAIR = {Suit.DIAMONDS: 2, Suit.CLUBS: 3, Suit.HEARTS: 4, Suit.SPADES: 5}
_JOKER_PAIR = {BLACK_JOKER: 6, RED_JOKER: 7}
#: How a player names the trump of a ♥5 pair; ``none`` (or ``nt``) is no-trump.
_TRUMP_NAMES: dict[str, Suit | None] = {
    **{ch: Suit(i) for i, ch in enumerate(SUIT_CHARS)},
    **{sym: Suit(i) for i, sym in enumerate("♠♥♦♣")},
    "none": None,
    "nt": None,
}
_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
#: Every trump a ♥5 pair may name, in the order they are listed.
_NAMEABLE: tuple[Suit | None, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None)


def _canonical(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards by face, sorted, each repeat of a face taking the next deck copy: two showings of the same faces
    are the same declaration whichever copies a hand holds (shown cards go back to the hand, D8)."""
    faces = sorted(face(c) for c in cards)
    return tuple(copy_of(f, faces[:i].count(f)) for i, f in enumerate(faces))


def _show(cards: Sequence[Card]) -> str:
    """Cards as a player types them: ``2s 2s``, ``B B``."""
    return " ".join(format_card(c) for c in cards)


def _trump_name(trump: Suit | None) -> str:
    """``s`` … ``c``, or ``none`` for no-trump."""
    return "none" if trump is None else SUIT_CHARS[trump]


@dataclass(frozen=True)
class Declaration:
    """A declaration shown by ``seat``: its cards (one or two, stored by face), its ``strength`` on §7.3's ladder
    (1 … 8) and the ``trump`` it makes (``None``: no-trump; for a ♥5 pair, the one its declarer names)."""

    seat: int
    cards: tuple[Card, ...]
    strength: int
    trump: Suit | None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _canonical(self.cards))

    @property
    def is_pair(self) -> bool:
        """Whether two cards are shown: only a pair may overturn (D2) or re-take the kitty (§7.5)."""
        return len(self.cards) == 2

    @property
    def red_five(self) -> bool:
        """A 红5对 declaration, which the engine records as ``red5_side`` (D9)."""
        return self.strength == RED_FIVE_PAIR

    def text(self) -> str:
        """How a player types or reads it: ``declare 2c``, ``declare 2s 2s``, ``declare 5h 5h none``."""
        named = f" {_trump_name(self.trump)}" if self.red_five else ""
        return f"declare {_show(self.cards)}{named}"


def strength_of(cards: Sequence[Card], level: int) -> int | None:
    """The ladder entry ``cards`` show at level rank ``level`` (§7.3), or ``None`` when they declare nothing:
    a ♥5 pair is 8 even at level 5 and a single 5♥ declares only at level 5 (D5); ``B R`` is nothing (D6)."""
    if len(cards) == 1:
        (card,) = cards
        return 1 if card_rank(card) == level else None  # 5♥ is a level card only at level 5 (D5)
    if len(cards) != 2 or face(cards[0]) != face(cards[1]):
        return None
    card = cards[0]
    if is_red_five(card):
        return RED_FIVE_PAIR
    rank, suit = card_rank(card), card_suit(card)
    if suit is None:
        return _JOKER_PAIR[rank]
    return _LEVEL_PAIR[suit] if rank == level else None


def _not_a_declaration(cards: Sequence[Card], level: int) -> Reason:
    """Why ``cards`` declare nothing at ``level``, worded for the player who showed them."""
    shown = _show(sorted(cards, key=face))
    level_name = RANK_CHARS[level]
    if len(cards) not in (1, 2):
        return Reason(
            "decl_size", f"{shown or 'nothing'} is not a declaration: show one level card ({level_name}) or a pair",
            cards=shown or "-", level=level_name,
        )  # fmt: skip
    ranks = {card_rank(c) for c in cards}
    if ranks == {BLACK_JOKER, RED_JOKER}:
        return Reason("decl_mixed_jokers", "BR is not a declaration: show two identical jokers (D6)")
    if len(cards) == 2 and face(cards[0]) != face(cards[1]):
        return Reason("decl_not_pair", f"{shown} is not a pair: show two identical cards (§7.7)", cards=shown)
    if len(cards) == 1 and is_red_five(cards[0]):
        return Reason(
            "decl_single_red_five",
            "a single 5h declares only when the level is 5: the red-5 powers need a pair of 5h (D5)",
        )
    if len(cards) == 1 and card_rank(cards[0]) >= BLACK_JOKER:
        return Reason(
            "decl_single_joker",
            f"a single {shown} is not a declaration: jokers declare no-trump as a pair (B B or R R)", cards=shown,
        )
    return Reason(
        "decl_not_level",
        f"{shown} is not a declaration: declare with the level rank {level_name}, a joker pair or a 5h pair",
        cards=shown, level=level_name,
    )


def make_declaration(seat: int, cards: Sequence[Card], level: int, named: Suit | None = None) -> Declaration:
    """The declaration ``seat`` makes by showing ``cards`` at ``level`` (``named``: the trump a ♥5 pair names,
    ``None`` for no-trump); ``ValueError`` with a player's reason when the cards declare nothing (D4–D6)."""
    strength = strength_of(cards, level)
    if strength is None:
        raise ValueError(_not_a_declaration(cards, level))
    if strength == RED_FIVE_PAIR:
        trump = named
    elif named is not None:
        raise ValueError(_names_no_trump(cards))
    else:
        trump = card_suit(cards[0])
    return Declaration(seat, tuple(cards), strength, trump)


def _made(cards: Sequence[Card]) -> str:
    """The trump a declaration other than a ♥5 pair makes, in words (D4: a joker pair is no-trump)."""
    suit = card_suit(cards[0])
    return "no-trump" if suit is None else _SUIT_WORDS[suit]


def _names_no_trump(cards: Sequence[Card]) -> str:
    """The reason a declaration other than a ♥5 pair may not name the trump (D4)."""
    return f"only a 5h pair names the trump: {_show(cards)} declares {_made(cards)}"


def _holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether ``hand`` holds every card shown, counting identical cards by face."""
    return not Counter(face(c) for c in cards) - Counter(face(c) for c in hand)


def declaration_problem(
    decl: Declaration,
    standing: Declaration | None,
    hand: Sequence[Card],
    level: int,
    rules: TrickRules,
    pairs_only: bool = False,
) -> str | None:
    """Why ``decl``'s seat may not show it now over the ``standing`` declaration (``None``: it may), worded for the
    player.  ``pairs_only`` is 抄底 (§7.5): any stronger pair re-takes, a kitty-decided trump (``standing=None``)
    counting as strength 1; the engine never asks the kitty's holder (CD1), so the seat rules of D2 do not apply."""
    strength = strength_of(decl.cards, level)
    if strength is None:
        return _not_a_declaration(decl.cards, level)
    if strength != decl.strength or (strength != RED_FIVE_PAIR and decl.trump != card_suit(decl.cards[0])):
        return f"{_show(decl.cards)} is strength {strength} and declares {_made(decl.cards)}"
    shown = _show(decl.cards)
    if not _holds(hand, decl.cards):
        return Reason("dont_hold", f"you do not hold {shown}", cards=shown)
    if standing is not None and standing.red_five:
        return Reason("decl_after_red_five", "nothing beats a 5h pair: 「而且别人不可以再反」 (§7.3)")
    if pairs_only:
        current = 1 if standing is None else standing.strength
        if not decl.is_pair:
            return Reason("chaodi_pair", "§7.5: to re-take the kitty (抄底) show a pair, not a single")
        if strength <= current:
            return Reason(
                "chaodi_weak", f"§7.5: {shown} (strength {strength}) must beat the current strength {current}",
                cards=shown, strength=strength, current=current,
            )  # fmt: skip
        return None
    if standing is None:
        return None
    if not decl.is_pair:
        return Reason(
            "overturn_pair",
            "D2/D3: a declaration stands, and only a stronger pair overturns it (「“反主”其实就是以“对”的方式重新“叫主”」)",
        )
    if decl.seat == standing.seat and not decl.red_five and not rules.self_overturn:
        reinforces = standing.strength == 1 and decl.trump == standing.trump
        if not (reinforces and rules.self_reinforce):
            return _own_standing(standing, rules)
    if strength <= standing.strength:
        held = _show(standing.cards)
        return Reason(
            "overturn_weak",
            f"D2: {shown} (strength {strength}) does not beat the standing {held} (strength {standing.strength}); "
            "a 反主 must be stronger",
            cards=shown, strength=strength, standing=held, standing_strength=standing.strength,
        )  # fmt: skip
    return None


def _own_standing(standing: Declaration, rules: TrickRules) -> Reason:
    """The reason a seat may not overturn its own standing declaration (D2, Q7.5 (c)), naming what it may do."""
    pair, held = _show([standing.cards[0]] * 2), _show(standing.cards)
    if rules.self_reinforce and standing.strength == 1:
        return Reason(
            "own_standing_reinforce",
            f"D2: your own {held} stands; you may reinforce it with {pair} or overturn it with a 5h pair",
            standing=held, pair=pair,
        )
    return Reason("own_standing_red_five", f"D2: your own {held} stands; only a 5h pair overturns it", standing=held)


def declarations(
    hand: Sequence[Card],
    seat: int,
    standing: Declaration | None,
    level: int,
    rules: TrickRules,
    pairs_only: bool = False,
) -> list[Declaration]:
    """Every declaration ``seat`` may make now with ``hand`` (weakest first), a ♥5 pair once per trump it may
    name: for bots, the browser's buttons and the legal-action list."""
    counts = Counter(face(c) for c in hand)
    shows = [[f] for f in counts] + [[f, f] for f, n in counts.items() if n >= 2]
    found: list[Declaration] = []
    for cards in shows:
        strength = strength_of(cards, level)
        if strength is None:
            continue
        names = _NAMEABLE if strength == RED_FIVE_PAIR else (card_suit(cards[0]),)
        for trump in names:
            decl = Declaration(seat, tuple(cards), strength, trump)
            if declaration_problem(decl, standing, hand, level, rules, pairs_only) is None:
                found.append(decl)
    return sorted(found, key=lambda d: (d.strength, d.cards, _NAMEABLE.index(d.trump)))


def kitty_flip_card(kitty: Sequence[Card], level: int) -> Card:
    """The kitty card that sets the trump when nobody declares (§7.4): the first level card, else the first card
    of the highest 点数, R > B > A > K … > 2 (5♥ counting as a 5)."""
    if not kitty:
        raise ValueError("an empty kitty decides no trump")
    first_level = next((c for c in kitty if card_rank(c) == level), None)
    if first_level is not None:
        return first_level
    return max(kitty, key=lambda c: natural(card_rank(c)))  # max keeps the first of equal cards


def kitty_trump(kitty: Sequence[Card], level: int) -> Suit | None:
    """The trump a turned-up kitty gives when nobody declared in a later hand (§7.4); a joker gives no-trump."""
    return card_suit(kitty_flip_card(kitty, level))


def kitty_flip_is_joker(kitty: Sequence[Card], level: int) -> bool:
    """Whether the kitty flip landed on a joker, which closes 抄底 under ``chaodi_after_kitty_flip=not_after_joker``
    (Q7.9 (c))."""
    return card_rank(kitty_flip_card(kitty, level)) >= BLACK_JOKER


def parse_declaration(text: str, seat: int, level: int) -> Declaration:
    """A declaration as a player types it: ``2c``, ``2s 2s``, ``5h 5h s``, ``5h 5h none``, ``B B`` (a leading
    ``declare`` is allowed); ``ValueError`` with a one-line reason for text that declares nothing."""
    words = text.split()
    if words and words[0].lower() == "declare":
        words = words[1:]
    named: Suit | None = None
    has_name = bool(words) and words[-1].lower() in _TRUMP_NAMES
    if has_name:
        named = _TRUMP_NAMES[words.pop().lower()]
    if not words:
        raise ValueError("show one level card or a pair, e.g. declare 2s 2s")
    body = " ".join(words)
    if not names_every_colour(body):
        raise ValueError(f"{body!r}: give each card's suit, e.g. 2s 2s (B and R for the jokers)")
    if len(parse_ranks(body)) > 2:
        raise ValueError(f"{body} is not a declaration: show one level card or a pair")
    cards = parse_cards(body, decks=2)
    strength = strength_of(cards, level)
    if strength is None:
        raise ValueError(_not_a_declaration(cards, level))
    if strength == RED_FIVE_PAIR and not has_name:
        raise ValueError("a 5h pair names a trump: add s, h, d, c or none")
    if strength != RED_FIVE_PAIR and has_name:
        raise ValueError(_names_no_trump(cards))
    return make_declaration(seat, cards, level, named)
