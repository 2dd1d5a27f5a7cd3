"""Turn what a player types (``334455``, ``3s 3h``, ``p``, ``2``, a gift card, ``partner 7h``,
``declare``, ``reveal``, ``double``) into legal actions, or say why not."""

from __future__ import annotations

import re

from paiju.cards import (
    RANK_CHARS,
    Card,
    InvalidCardsError,
    card_rank,
    deck_cards,
    face,
    format_card,
    names_suits,
    parse_cards,
    parse_ranks,
)
from paiju.climbing.actions import (
    Action,
    Alone,
    Bid,
    Declare,
    Double,
    Give,
    Grab,
    Open,
    Partner,
    Pass,
    Play,
    Return,
    Reveal,
    action_text,
)
from paiju.climbing.hand import Hand as Game
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases.emperor import not_in_bottom, too_many_back
from paiju.climbing.speculator import marked_card
from paiju.errors import IllegalMoveError, Reason
from paiju.patterns import classify_ranks
from paiju.patterns.colour import colours_fit
from paiju.patterns.move import NO_COLOUR

__all__ = ["actions_for_text"]

#: Cards typed by rank alone: they mean every reading of those cards, even where one reading's text is the same.
_RANKS_ONLY = re.compile(r"[0-9tjqka2br]+")
#: What a wild card stands for in a play's text (``k(6)``), dropped to read the cards alone.
_WILD_READING = re.compile(r"\((?:10|[3-9tjqka2])\)")
_PASS_WORDS = {"p", "pass", "-", "no", "不要", "不出", "不叫"}
_DECLARE_WORDS = {"d", "declare", "亮", "亮明", "亮明身份"}
_OPEN_WORDS = {"o", "open", "明", "明牌", "明牌开始"}
_GRAB_WORDS = {"g", "grab", "抢", "抢地主"}
#: 斗帝主's bottom: the verb, and whether the cards it names are those kept (else those put back).
_CHOOSE_WORDS = {"keep": True, "留": True, "return": False, "扣": False}
#: 五人斗地主 (other-games.md §5.2): 亮出身份, 加倍, and 放弃 (a pass) in either round.
_FIVE_WORDS: dict[str, Action] = {
    **dict.fromkeys(("r", "reveal", "亮", "亮出身份"), Reveal()),
    **dict.fromkeys(("x", "double", "加倍"), Double()),
    **dict.fromkeys(("decline", "放弃"), Pass()),
}


def actions_for_text(game: Game, text: str, seat: int | None = None) -> list[Action]:
    """The legal actions ``text`` can mean for ``seat`` (by default the seat to act; several when it is ambiguous).

    Raises ``InvalidCardsError`` for text that is not cards and ``IllegalMoveError`` with
    the reason when the cards cannot be played now.
    """
    word = text.strip().lower()
    if not word:
        raise InvalidCardsError("type cards to play, p to pass, h for help")
    listed = [a for a in game.legal_actions(seat) if action_text(a).lower() == " ".join(word.split())]
    if listed and not (isinstance(listed[0], Play) and _RANKS_ONLY.fullmatch(word)):
        # exactly as the help lists it, e.g. a wild reading 3(2)3(2)444 or 8888+55+55 (cards alone mean every reading)
        # Alike actions share a text only as copies of one card (a gift of either 9h of two decks): one choice.
        return listed if isinstance(listed[0], Play) else listed[:1]
    if word in _PASS_WORDS:
        action: Action = Pass()
        if action not in game.legal_actions():
            raise IllegalMoveError(game.explain(action))
        return [action]
    if game.phase == PhaseName.GIFT:
        return [_gift_for_text(game, text.strip().removeprefix("give "))]
    if game.phase == PhaseName.BID:
        if word.isdigit() and Bid(int(word)) in game.legal_actions():
            return [Bid(int(word))]
        if word.isdigit():
            raise IllegalMoveError(game.explain(Bid(int(word))))
        raise InvalidCardsError(
            f"bidding: type a bid from {game.state.stake.bid + 1} to {game.variant.climbing.max_bid}, or p to pass"
        )
    if game.phase == PhaseName.PARTNER:
        return _partner_for_text(game, word)
    if game.phase == PhaseName.DECLARE:
        if word in _DECLARE_WORDS:
            if Declare() not in game.legal_actions():
                raise IllegalMoveError(game.explain(Declare()))
            return [Declare()]
        raise InvalidCardsError("type declare to make yourself known as the small landlord (×2), or p to pass")
    if game.phase in (PhaseName.OPEN_START, PhaseName.OPEN):
        if word in _OPEN_WORDS:
            return [Open()]
        raise InvalidCardsError("type open to play with your cards face up (明牌), or p to pass")
    if game.phase in (PhaseName.IDENTITY, PhaseName.DOUBLE):
        return [_five_choice(game, word, game.to_act if seat is None else seat)]
    if game.phase == PhaseName.CHOOSE:
        return [_bottom_choice(game, word)]
    if game.phase == PhaseName.GRAB:
        if word in _GRAB_WORDS:
            return [Grab()]
        raise InvalidCardsError("type grab to take the landlord's seat (抢地主, ×2), or p to pass")
    if game.phase != PhaseName.PLAY:
        raise IllegalMoveError(Reason("hand_over", "the hand is over"))
    if "+" in word:  # one reading named by its body (8888+55+55), not among the legal plays
        raise IllegalMoveError(_named_reading_refused(game, word))
    ranks = tuple(sorted(parse_ranks(text)))
    seat = game.to_act
    cards: tuple[int, ...] | None = None
    if names_suits(text):
        cards = tuple(held_cards(game, seat, text))
    held = game.state.counts[seat]
    for r in set(ranks):
        if ranks.count(r) > held[r]:
            have, rank = held[r], RANK_CHARS[r]
            raise IllegalMoveError(
                Reason("hold_count", f"you hold {have} {rank}{'' if have == 1 else 's'}, not {ranks.count(r)}",
                       have=have, rank=rank, n=ranks.count(r))
            )  # fmt: skip
    same_ranks = [a for a in game.legal_actions() if isinstance(a, Play) and a.move.ranks == ranks]
    options: list[Action] = [
        Play(a.move, cards)
        for a in same_ranks
        if cards is None or a.move.colour == NO_COLOUR or colours_fit(a.move, cards)
    ]
    if options:
        return options
    if same_ranks:  # two-colour tables: those ranks play, but not in these colours
        colours = sorted({a.move.text().rsplit(" ", 1)[-1] for a in same_ranks})
        raise IllegalMoveError(
            Reason(
                "one_colour_as",
                f"{text.strip()}: a combination is one colour (a triple+pair's pair aside); these ranks play as "
                f"{' or '.join(colours)}",
                cards=text.strip(), colours=",".join(colours),
            )
        )  # fmt: skip
    readings = classify_ranks(game.variant.pattern_rules, ranks, game.holding(seat).wilds, game.state.promoted)
    if not readings:
        shown = "".join(RANK_CHARS[r] for r in ranks)
        raise IllegalMoveError(Reason("not_combination", f"{shown} is not a valid combination", cards=shown))
    raise IllegalMoveError(game.explain(Play(readings[0])))


def _named_reading_refused(game: Game, word: str) -> str:
    """Why the reading a play's text names by its body (``8888+55+55``, ``666k(6)+qq+qk(q)``) cannot be played now."""
    cards = word.split(" ")[0]  # a colour after it (77 red) aside
    ranks = tuple(sorted(parse_ranks(_WILD_READING.sub("", cards).replace("+", ""))))
    wilds = game.holding(game.to_act).wilds
    for move in classify_ranks(game.variant.pattern_rules, ranks, wilds, game.state.promoted):
        if move.text().lower() == cards:
            return game.explain(Play(move))
    return f"{word}: no reading of these cards has that body; type the cards alone to see what they can be"


def held_cards(game: Game, seat: int, text: str) -> list[Card]:
    """The cards ``text`` names, taken from ``seat``'s hand (any deck copy it holds)."""
    v = game.variant
    hand = set(game.hands[seat])
    elsewhere = [c for c in deck_cards(v.decks, v.removed_rank_indices) if c not in hand]
    try:
        return parse_cards(text, v.decks, v.removed_rank_indices, taken=elsewhere, marked=marked_card(v))
    except InvalidCardsError:
        raise IllegalMoveError(Reason("dont_hold", f"you don't hold {text.strip()}", cards=text.strip())) from None


def _bottom_choice(game: Game, word: str) -> Action:
    """斗帝主's bottom: ``return CARDS`` puts those back, ``keep CARDS`` keeps only those (a pass keeps all)."""
    verb, _, rest = word.partition(" ")
    if verb not in _CHOOSE_WORDS or not rest.strip():
        raise InvalidCardsError("type return and the bottom cards to put back (return 3c 5d), keep and the ones to keep, or p to keep all")
    v, bottom = game.variant, game.state.bottom
    named = parse_cards(rest, v.decks, v.removed_rank_indices)
    keeping = _CHOOSE_WORDS[verb]
    verb = "keep" if keeping else "return"  # 留 and 扣 as the refusals name them
    if len(named) > len(bottom):
        raise IllegalMoveError(too_many_back(verb, len(bottom), len(named)))
    left = list(bottom)
    for card in named:
        copy = next((c for c in left if format_card(c) == format_card(card)), None)
        if copy is None:
            raise IllegalMoveError(not_in_bottom(verb, format_card(card)))
        left.remove(copy)
    chosen = tuple(c for c in bottom if c not in left)
    back = tuple(sorted(left if keeping else chosen))
    return Return(back) if back else Pass()


def _five_choice(game: Game, word: str, seat: int) -> Action:
    """五人斗地主's identity step (reveal or pass, every seat at once) and 加倍 round (double or pass)."""
    action = _FIVE_WORDS.get(word)
    if action is None:
        raise InvalidCardsError(game.explain(Pass() if game.phase == PhaseName.DOUBLE else Double(), seat))
    if action not in game.legal_actions(seat):
        raise IllegalMoveError(game.explain(action, seat))
    return action


def _partner_for_text(game: Game, word: str) -> list[Action]:
    """§7: ``partner 7h`` (or just the cards) names a partner; ``alone 7h7h`` is 一打四."""
    kind, _, rest = word.partition(" ")
    if kind not in ("partner", "alone"):
        kind, rest = "", word
    shown = sorted(face(c) for c in held_cards(game, game.to_act, rest))
    options: list[Action] = [
        a
        for a in game.legal_actions()
        if isinstance(a, (Partner, Alone))
        and kind in ("", "partner" if isinstance(a, Partner) else "alone")
        and sorted(face(c) for c in a.cards) == shown
    ]
    if not options:
        raise IllegalMoveError(game.explain(Alone(()) if kind == "alone" else Partner(())))
    return options


def _gift_for_text(game: Game, text: str) -> Action:
    """One card to give: a suited card names that card, a bare rank any giftable copy of it."""
    seat = game.to_act
    ranks = parse_ranks(text)
    if len(ranks) != 1:
        raise InvalidCardsError("give one card at a time, e.g. 9 or 9h")
    legal = [a for a in game.legal_actions() if isinstance(a, Give)]
    if names_suits(text):
        card = held_cards(game, seat, text)[0]
        copies = [c for c in game.hands[seat] if format_card(c) == format_card(card)]
        choice = next((a for a in legal if a.card in copies), None)
        if choice is None:
            raise IllegalMoveError(game.explain(Give(card)))
        return choice
    choice = next((a for a in legal if card_rank(a.card) == ranks[0]), None)
    if choice is None:
        copies = [c for c in game.hands[seat] if card_rank(c) == ranks[0]]
        if not copies:
            raise IllegalMoveError(Reason("hold_none", f"you hold no {RANK_CHARS[ranks[0]]}", rank=RANK_CHARS[ranks[0]]))
        raise IllegalMoveError(game.explain(Give(copies[0])))
    return choice
