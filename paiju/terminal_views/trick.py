"""How the terminal shows a 炒地皮 hand to its person: the levels, the trump, the trick and the points, its own
cards grouped by category (trumps first), every action and what followed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from paiju.cards import RANK_CHARS, Card, card_rank, face
from paiju.terminal import Look, card_text, cards_line, group_lines
from paiju.trick import Action, Declare, Pass, TrickHand, TrickObservation, observe
from paiju.trick.actions import Play, action_text
from paiju.trick.declare import RED_FIVE_PAIR
from paiju.trick.observation import suit_name
from paiju.trick.order import TRUMP, Trumps, natural
from paiju.trick.state import Phase
from paiju.trick.units import category_of, decompose, is_five_ten_king

__all__ = ["LOOK", "TrickView", "help_lines"]

_SUIT_WORDS = {"s": "♠ spades", "h": "♥ hearts", "d": "♦ diamonds", "c": "♣ clubs", "none": "no-trump"}
_PROMPTS = {
    Phase.DECLARE: "declare (e.g. 2s, 2s 2s, B B, 5h 5h none) or pass",
    Phase.CHAODI: "抄底: show a stronger pair to take the kitty, or pass",
    Phase.BURY: "bury 8 cards (e.g. bury 3c 4c …)",
    Phase.PLAY: "your play (cards with suits, h for help)",
}


def _side_words(obs: TrickObservation, names: Sequence[str]) -> str:
    """Both sides' levels, 扛旗 status, and which side is the 庄家方."""
    parts = []
    for side, standing in enumerate(obs.match.sides):
        tag = " 扛旗" if standing.kangqi else ""
        role = " (庄家方)" if obs.dealer is not None and obs.dealer % 2 == side else ""
        parts.append(f"{names[side]} & {names[side + 2]}: level {RANK_CHARS[standing.level]}{tag}{role}")
    return " · ".join(parts)


def _grouped(obs: TrickObservation) -> Text:
    """The hand by category, trumps first, each from its highest card down; the led category marked."""
    out = Text()
    for category, cards in obs.groups():
        label = "trumps" if category == TRUMP else "♠♥♦♣"[category]
        if out:
            out.append("  |  ")
        out.append(f"{label}{' (led: follow it)' if category == obs.led else ''}: ", style="bold" if category == obs.led else "")
        out.append_text(card_text(cards, in_order=True))
    return out


class TrickView:
    """The person's view of one hand, printed as it goes."""

    def __init__(self, console: Console, names: Sequence[str], seat: int) -> None:
        self.console, self.names, self.seat = console, names, seat
        self.told = 0  # events already printed
        self.pacing = False  # a paced deal is open (its passes go untold)
        self.offered: tuple[Action, ...] = ()  # the declarations last put to the person during a paced deal
        self.asked_when_dealt = False

    def before(self, hand: TrickHand) -> None:
        """Nothing to announce between decisions: every event is told as it happens."""

    def show(self, hand: TrickHand) -> None:
        """Levels, trump, the trick so far, the attackers' points and the person's cards."""
        obs = observe(hand, self.seat)
        say = self.console.print
        say(_side_words(obs, self.names))
        trump = "not yet declared" if not obs.trump_known else _SUIT_WORDS[suit_name(obs.trumps.suit)]
        dealer = "none yet" if obs.dealer is None else self.names[obs.dealer]
        say(
            f"level {RANK_CHARS[obs.trumps.level]}{' (扛旗 hand)' if obs.trumps.kangqi else ''} · trump: {trump} · 庄家: {dealer} · attackers' points: {obs.points}"
        )
        if (dealing := obs.dealing()) is not None:
            say(f"dealing: round {dealing.round} of {dealing.rounds} — declare now, or pass to take the next card")
        if obs.kitty is not None:
            say(cards_line("the kitty you buried: ", obs.kitty))
        for seat, cards in obs.trick:
            say(cards_line(f"  {self.names[seat]}: ", cards))
        say(_grouped(obs))

    def prompt(self, hand: TrickHand) -> str:
        """What the person is asked for in this phase."""
        return _PROMPTS.get(hand.phase, "")

    def chosen_for(self, hand: TrickHand) -> Action | None:
        """While the cards are dealt (Q7.3 (ii)) the person lets a round go by unasked, unless it holds a declaration
        it was not offered yet, or every card is out and it may still declare; otherwise the person chooses."""
        obs = observe(hand, self.seat)
        dealing = obs.dealing()
        if dealing is None:
            return None
        offers = tuple(a for a in obs.legal if isinstance(a, Declare))
        dealt = dealing.round == dealing.rounds
        if offers and (offers != self.offered or (dealt and not self.asked_when_dealt)):
            self.offered, self.asked_when_dealt = offers, dealt
            return None
        return Pass()

    def reading(self, action: Action) -> str:
        """Every typed text means one action here."""
        return ""

    def acted(self, hand: TrickHand, seat: int, action: Action) -> None:
        """Announce the action, and the trick, throw, kitty or redeal it led to."""
        seen = [e.visible_to(self.seat, None).to_json() for e in hand.typed_events[self.told :]]
        self.told = len(hand.typed_events)
        lines, self.pacing = _lines(self.names, seen, self.pacing)
        for line in lines:
            self.console.print(line)


def _shown(cards: list[Card]) -> str:
    """Cards as the table shows them (``A♥``, ``RJ``), low to high in this game's order (2 lowest)."""
    return card_text(sorted(cards, key=lambda c: (natural(card_rank(c)), face(c))), in_order=True).plain


def _lines(names: Sequence[str], events: list[dict[str, Any]], pacing: bool = False) -> tuple[list[str], bool]:
    """Events in words (a burial's cards where the events show them), and whether a paced deal is still open
    after them (``pacing``: before them): its rounds and the passes that move it on are not told one by one."""
    out: list[str] = []
    for e in events:
        kind = e["type"]
        who = names[e["seat"]] if "seat" in e else ""
        if kind in ("flip", "bury"):
            pacing = False
        if kind == "deal":
            pacing = bool(e.get("paced"))
            how = "; they come a round at a time, and anyone may declare meanwhile" if pacing else ""
            out.append(f"cards dealt, the first to {names[e['first']]}{how}")
        elif kind == "dealt" or (kind == "pass" and pacing):
            continue
        elif kind == "redeal":
            out.append("nobody declared: the cards are dealt again")
        elif kind == "declare":
            verb = "takes the kitty (抄底) with" if e["retake"] else "declares"
            named = (
                ""
                if e["strength"] != RED_FIVE_PAIR
                else f", naming {_SUIT_WORDS[suit_name(e['trump'])]}"
            )
            out.append(f"{who} {verb} " + _shown(e["cards"]) + named)
        elif kind == "pass":
            out.append(f"{who} passes")
        elif kind == "flip":
            trump = _SUIT_WORDS[suit_name(e["trump"])]
            out.append("nobody declared; the kitty is turned up: " + _shown(e["kitty"]) + f" → {trump}")
        elif kind == "bury":
            buried = e["cards"]
            out.append(f"{who} takes the kitty and buries " + (_shown(buried) if buried else "8 cards"))
        elif kind == "throw_failed":
            out.append(f"{who} tried to throw " + _shown(e["attempted"]) + " — another hand beats it")
        elif kind == "play":
            out.append(f"{who}: " + _shown(e["cards"]))
        elif kind == "trick":
            out.append(f"{names[e['winner']]} wins the trick ({e['points']} points)")
        elif kind == "kitty":
            out.append(
                "the kitty: "
                + _shown(e["cards"])
                + f" — ×{e['multiplier']}, {e['bonus']} points to the attackers"
            )
    return out, pacing


#: The kinds ``h`` groups plays by, in the order it lists them; a lead of several units is a throw (甩牌).
_SHAPES = ("singles", "pairs", "tractors", "5-10-Ks", "throws", "plays of several units")
#: The categories in the order ``h`` lists them: trumps, the four side suits, then follows that mix categories.
_CATEGORIES = ("trumps", "♠", "♥", "♦", "♣", "mixed suits")


def _shape(cards: Sequence[Card], trumps: Trumps, leading: bool) -> int:
    """What a play is, as an index of ``_SHAPES``."""
    if is_five_ten_king(cards, trumps):
        return 3
    units = decompose(cards, trumps)
    if len(units) > 1:
        return 4 if leading else 5
    return 0 if len(cards) == 1 else 1 if units[0].pairs == 1 else 2


def _category(cards: Sequence[Card], trumps: Trumps) -> int:
    """Where a play's cards lie, as an index of ``_CATEGORIES``."""
    found = category_of(cards, trumps)
    return 5 if found is None else 0 if found == TRUMP else 1 + found


def help_lines(hand: TrickHand, legal: Sequence[Action]) -> list[str]:
    """What ``h`` lists: the actions that are no plays on one line, then the plays one line per category and kind
    (``trumps, pairs (3): …``), each showing its first few and counting the rest, not hundreds of throws at once."""
    trumps, leading = hand.state.trumps, not hand.state.play.trick
    words = [action_text(a) for a in legal if not isinstance(a, Play)]
    groups: dict[tuple[int, int], list[str]] = {}
    for a in legal:
        if isinstance(a, Play):
            key = (_category(a.cards, trumps), _shape(a.cards, trumps, leading))
            groups.setdefault(key, []).append(action_text(a))
    labelled = {f"{_CATEGORIES[category]}, {_SHAPES[shape]}": texts for (category, shape), texts in sorted(groups.items())}
    return group_lines(words, labelled)


LOOK = Look(TrickView, lambda hand, events, names: _lines(names, events)[0], help_lines)
