"""How the terminal shows a climbing hand to its person: the table, the prompt, every action and what followed,
read from the seat's observation and the public events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from paiju.bots.heuristic import HeuristicBot
from paiju.cards import RANK_CHARS, Card
from paiju.climbing import (
    Action,
    Alone,
    Bid,
    Declare,
    Give,
    Hand,
    Observation,
    Partner,
    Pass,
    Play,
    Return,
    Reveal,
    action_text,
    observe,
)
from paiju.climbing.events import event_from_json
from paiju.climbing.views import FiveView, OpenView, PartnerView, SpeculatorView
from paiju.patterns import describe
from paiju.terminal import Look, card_text, cards_line, group_lines
from paiju.variants import PatternKind

__all__ = ["LOOK", "ClimbingView", "help_lines", "render"]


def _role(obs: Observation, seat: int) -> str:
    return obs.role(seat) if obs.phase != "bid" else "bidding"


def _table(obs: Observation, names: Sequence[str], last: dict[int, str]) -> Table:
    table = Table(title=None, show_edge=False, pad_edge=False)
    for col in ("seat", "player", "role", "cards", "last action"):
        table.add_column(col)
    for s in range(obs.players):
        marker = "▶ " if s in obs.actors else "  "
        table.add_row(f"{marker}{s}", names[s], _role(obs, s), str(obs.cards_left[s]), last.get(s, ""))
    return table


def render(console: Console, obs: Observation, names: Sequence[str], last: dict[int, str]) -> None:
    """The table as ``obs.seat`` sees it: seats, the stake, the speculator's part, 癞子's wild rank and open hands,
    the play to beat, its hand."""
    console.print()
    console.print(_table(obs, names, last))
    status = f"bid {obs.bid or '-'}   multiplier ×{obs.multiplier}"
    if obs.bottom:
        status += "   bottom: "
    line = Text(status)
    if obs.bottom:
        line.append_text(card_text(obs.bottom, obs.marked))
    console.print(line)
    spec, opened, five = obs.part(SpeculatorView), obs.part(OpenView), obs.part(FiveView)
    if spec is not None and spec.seat is not None:
        _render_speculator(console, obs, spec, names)
    if opened is not None and opened.wild_rank is not None:
        wild = RANK_CHARS[opened.wild_rank]
        console.print(f"wild (癞子): every {wild} — beside other cards it stands for any card 3…2; alone, for itself")
    for seat, cards in opened.open_hands if opened is not None else ():
        if seat != obs.seat:
            console.print(cards_line(f"{names[seat]} plays face up (明牌): ", cards))
    if five is not None:
        _render_five(console, obs, five, names)
    if obs.trick is not None and obs.trick.move is not None:
        console.print(
            cards_line(f"to beat ({names[obs.trick.seat]}): ", obs.trick.cards, f"  {describe(obs.trick.move)}", obs.marked)
        )
    console.print(cards_line("your hand: ", obs.hand, marked=obs.marked))


def _render_five(console: Console, obs: Observation, five: FiveView, names: Sequence[str]) -> None:
    """五人斗地主: the marked card, what is known of the hidden landlord, each 加倍 and the other landlord's hand."""
    assert obs.marker is not None
    line = cards_line("marked card (明牌): ", [obs.marker])
    if five.hidden is None and five.identity in ("revealed", "alone"):
        line.append("   no hidden landlord: one against four")
    elif five.hidden is not None:
        who = "you are" if five.hidden == obs.seat else f"{names[five.hidden]} is"
        line.append(f"   {who} the hidden landlord (暗地主)")
    else:
        line.append("   the hidden landlord is not known")
    doubled = [names[s] for s, d in enumerate(five.doubles) if d]
    if doubled:
        line.append(f"   加倍: {', '.join(doubled)}")
    console.print(line)
    for seat, cards in five.ally_hands:
        console.print(cards_line(f"{names[seat]}'s hand (your fellow landlord): ", cards))


def _render_speculator(console: Console, obs: Observation, spec: SpeculatorView, names: Sequence[str]) -> None:
    """The speculator's seat and card, its gifts (where they went, once shown) and its side."""
    assert spec.seat is not None
    line = Text(f"speculator: {names[spec.seat]}, ")
    if spec.determination is not None:
        line.append("found by ")
        line.append_text(card_text([spec.determination], obs.marked))
    else:
        line.append("the previous hand's first out")
    if spec.flipped:
        line.append("   flipped: ")
        line.append_text(card_text(spec.flipped))
    if obs.phase == "play" and spec.side:
        line.append(f"   it would side with the {spec.side} now")
    console.print(line)
    if spec.promoted is not None and spec.promoted < 12:
        console.print(f"  {RANK_CHARS[spec.promoted]}s rank between 2 and the black joker this hand (except in straights and pair chains)")
    if spec.retreated_hand:
        console.print(cards_line("  the speculator has retreated; its hand: ", spec.retreated_hand))
    if obs.wild_cards:
        console.print(cards_line("  your wild card: ", obs.wild_cards))
    for i, (seat, cards) in enumerate(spec.gifts):
        label = f"gift to {names[seat]}" if seat >= 0 else ("the landlord's gift" if i == 0 else f"farmer gift {i}")
        console.print(cards_line(f"  {label}: ", cards, marked=obs.marked))
    partner = obs.part(PartnerView)
    if partner is not None and (partner.partnership or partner.refused):
        console.print(_partner_line(obs, partner, names))


def _partner_line(obs: Observation, partner: PartnerView, names: Sequence[str]) -> Text:
    """speculator.md §7: the cards the landlord showed, and what is known of its small landlord."""
    if partner.partnership == "alone":
        return cards_line("  一打四: the landlord plays alone against all, ×3, showing ", partner.shown)
    if partner.partnership == "none":
        return Text("  no card names a partner: the landlord plays alone")
    line = cards_line("  partner card: ", partner.shown) if partner.shown else Text("  ")
    if partner.refused:
        line.append_text(cards_line("  (the speculator held ", partner.refused, ")"))
    small = partner.small_landlord
    if partner.partnership == "self":
        line.append("; you hold the other copy yourself: you play alone in secret")
    elif small == obs.seat:
        line.append("; you are the small landlord" + (" (declared, ×2)" if partner.declared else ""))
    elif small is not None:
        how = "declared, ×2" if partner.declared else "played the partner card"
        line.append(f"; the small landlord is {names[small]} ({how})")
    elif partner.partnership:
        line.append("; the small landlord is not known yet")
    return line


def _this_deal(hand: Hand) -> list[dict[str, Any]]:
    """The events since the last deal (a redeal starts the hand's story again)."""
    events = hand.events
    start = max((i for i, e in enumerate(events) if e["type"] == "deal"), default=0)
    return events[start:]


def _deals(hand: Hand) -> int:
    return sum(e["type"] == "deal" for e in hand.events)


class ClimbingView:
    """One climbing hand as the person at ``seat`` follows it; it remembers each seat's last action."""

    def __init__(self, console: Console, names: Sequence[str], seat: int) -> None:
        self.console = console
        self.names = names
        self.seat = seat
        self.last: dict[int, str] = {}
        #: The deal whose speculator was announced, the deals before the last action, whether the landlord was.
        self.announced = 0
        self.dealt = 0
        self.landlord_shown = False

    def before(self, hand: Hand) -> None:
        """Before each decision: the speculator of a new deal, and which card made it so."""
        self.dealt = _deals(hand)
        seen = observe(hand, self.seat)
        spec = seen.part(SpeculatorView)
        if spec is None or spec.seat is None or self.announced == self.dealt:
            return
        self.announced = self.dealt
        name = self.names[spec.seat]
        if spec.determination is None:
            line = Text(f"{name} is the speculator (it went out first last hand)")
        else:
            line = cards_line(f"{name} is the speculator (", [spec.determination], ")", seen.marked)
        self.console.print(line + Text("; it chooses gifts before the bidding"))

    def show(self, hand: Hand) -> None:
        """The table before the person decides."""
        render(self.console, observe(hand, self.seat), self.names, self.last)

    def prompt(self, hand: Hand) -> str:
        """What the person is asked for."""
        obs = observe(hand, self.seat)
        spec = hand.variant.speculator
        gifts = view.gifts if (view := obs.part(SpeculatorView)) is not None else ()
        if obs.phase == "gift" and spec is not None:
            bundle = len(gifts) - 1
            target = "the landlord's gift" if bundle == 0 else f"farmer gift {bundle}"
            size = spec.gift_landlord if bundle == 0 else spec.gift_farmer
            return f"give a card for {target} ({len(gifts[-1][1]) + 1}/{size}), h for the cards you may give"
        if obs.phase == "bid":
            return _bid_prompt(hand.variant.climbing.max_bid)
        if obs.phase == "partner":
            alone = ", alone PAIR for 一打四" if spec and spec.one_against_all else ""
            return f"name your partner: partner CARD{alone}, h for your choices"
        if obs.phase == "open_start":
            return "before the deal: open to play with your cards face up (明牌开始, ×4), or p to pass"
        if obs.phase == "grab":
            return "抢地主: grab to take the landlord's seat (×2), or p to pass"
        if obs.phase == "open":
            return "明牌: open to play with your cards face up (×2), or p to pass"
        if obs.phase == "identity":
            if Reveal() in obs.legal:
                return "亮出身份: reveal to make the landlords' team public (×2), or p to decline (放弃)"
            return "the landlords decide in secret whether to reveal themselves: p to go on"
        if obs.phase == "double":
            return "加倍: double to double your settlements (×2), or p to decline (放弃)"
        if obs.phase == "choose":
            return "keep the bottom cards you want: return CARDS puts those back (or keep CARDS), p keeps all, h for your choices"
        if obs.phase == "declare":
            partner = obs.part(PartnerView)
            if partner is not None and partner.small_landlord == self.seat:
                return "you are the small landlord: declare (×2) or p to stay hidden"
            return "p to go on (only the small landlord may declare)"
        return "play cards, p to pass, h for moves"

    def chosen_for(self, hand: Hand) -> Action | None:
        """speculator.md §8: a retreated speculator's gifts are chosen for it."""
        obs = observe(hand, self.seat)
        if obs.phase != "gift" or not any(e["type"] == "retreat" for e in _this_deal(hand)):
            return None
        return HeuristicBot().act(obs)

    def reading(self, action: Action) -> str:
        """A play's pattern in words, to tell apart the readings of the same cards."""
        return describe(action.move) if isinstance(action, Play) else ""

    def acted(self, hand: Hand, seat: int, action: Action) -> None:
        """Announce ``seat``'s action and what followed: a refused partner card, a redeal, the landlord."""
        self.last[seat] = self._announce(hand, seat, action)
        if _deals(hand) != self.dealt:
            # A new deal: after a redeal, or the first one (癞子: 明牌开始 comes before the cards are dealt).
            reasons = [e["reason"] for e in hand.events if e["type"] == "redeal"]
            if self.dealt:
                self.console.print(f"[yellow]{reasons[-1]}: the cards are dealt again[/]")
            self.last = {}
        seen = observe(hand, self.seat)
        if seen.landlord is not None and not self.landlord_shown:
            self.landlord_shown = True
            self._show_landlord(seen)

    def _announce(self, hand: Hand, seat: int, action: Action) -> str:
        console, names = self.console, self.names
        own = next(e for e in reversed(hand.events) if e.get("seat") == seat)
        if own["type"] == "identity" and seat != self.seat:
            # 五人斗地主 (Q5.13): the identity step is sealed; only its outcome is shown.
            console.print(f"{names[seat]} has answered")
            self._outcome(hand)
            return "answered"
        if isinstance(action, Give):
            # Gifts stay secret until the reveal.
            console.print(f"{names[seat]} puts a card in a gift")
            return "gift"
        if isinstance(action, Play):
            seen = observe(hand, None)
            console.print(cards_line(f"{names[seat]} plays ", seen.history[-1].cards, f"  ({describe(action.move)})", seen.marked))
        elif isinstance(action, Partner):
            console.print(cards_line(f"{names[seat]} names its partner with ", action.cards))
        elif isinstance(action, Alone):
            console.print(cards_line(f"{names[seat]} shows ", action.cards, ": 一打四, one against all, ×3"))
        elif isinstance(action, Declare):
            console.print(f"[bold]{names[seat]} declares itself the small landlord (亮明身份, ×2)[/]")
        elif hand.events[-1]["type"] == "return":
            # 斗帝主 (Q6.2): how many bottom cards went back is public, which only to the emperor.
            back = action.cards if isinstance(action, Return) else ()
            kept = f"keeps {len(hand.state.bottom) - len(back)} of the {len(hand.state.bottom)} bottom cards"
            if back and seat == self.seat:
                console.print(cards_line(f"{names[seat]} {kept}, putting back ", back))
            else:
                console.print(f"{names[seat]} {kept}")
        elif (words := _call_words(hand, action)) is not None:
            console.print(f"{names[seat]} {words}")
        else:
            console.print(f"{names[seat]}: {action_text(action)}")
        event = hand.events[-1]
        if event["type"] == "partner_refused":
            console.print(cards_line(f"{names[event['seat']]} (the speculator) holds ", [event["card"]], ": the landlord names again"))
        elif event["type"] == "partner_known":
            console.print(f"[bold]{names[event['seat']]} played the partner card: it is the small landlord[/]")
        elif event["type"] == "no_partner" and event["reason"] == "none":
            console.print("no card names a partner: the landlord plays alone")
        self._outcome(hand)
        return action_text(action)

    def _outcome(self, hand: Hand) -> None:
        """五人斗地主: the identity step's outcome, or the team made public by the twin played."""
        event = hand.events[-1]
        if event["type"] in ("team", "identity_kept"):
            self.console.print(f"[bold]{event_from_json(event).describe(self.names)}[/]")

    def _show_landlord(self, seen: Observation) -> None:
        """The landlord, and the bottom (or, on speculator tables, every gift and where it went)."""
        assert seen.landlord is not None
        console, names = self.console, self.names
        spec = seen.part(SpeculatorView)
        if (spec is None or spec.seat is None) and not seen.bottom:
            console.print(f"{names[seen.landlord]} is the landlord for {seen.bid} and takes the bottom unseen")
            return
        if spec is None or spec.seat is None:
            console.print(cards_line(f"{names[seen.landlord]} is the landlord for {seen.bid}; the bottom: ", seen.bottom))
            return
        console.print(f"{names[seen.landlord]} is the landlord for {seen.bid}; the gifts are shown:")
        for seat, cards in spec.gifts:
            console.print(cards_line(f"  to {names[seat]}: ", cards))
        console.print(cards_line(f"  the bottom, to {names[spec.seat]}: ", seen.bottom))


def _bid_prompt(max_bid: int) -> str:
    """The auction's prompt: 叫地主 or 不叫 where the one bid calls the landlord (二人斗地主), else points."""
    return "1 to call the landlord (叫地主) or p to pass (不叫)" if max_bid == 1 else f"bid 1-{max_bid} or p to pass"


def _call_words(hand: Hand, action: Action) -> str | None:
    """A bid or an auction pass as 叫地主 / 不叫 on a table whose one bid calls the landlord; ``None`` elsewhere."""
    if hand.variant.climbing.max_bid != 1:
        return None
    if isinstance(action, Bid):
        return "calls the landlord (叫地主)"
    return "does not call (不叫)" if isinstance(action, Pass) and hand.phase == "bid" else None


def replay_lines(hand: Hand, events: list[dict[str, Any]], names: Sequence[str]) -> list[str]:
    """Each logged event in words, the table's marked card written as such."""
    marked: Card | None = observe(hand, None).marked
    return [event_from_json(event).describe(names, marked) for event in events]


def help_lines(hand: Hand, legal: Sequence[Action]) -> list[str]:
    """What ``h`` lists: the actions that are no plays (pass, bids, gifts…) on one line, then the plays one line per
    pattern in the table's order (``pair (12): 33 · 44 · …``), each showing its first few and counting the rest."""
    words = [action_text(a) for a in legal if not isinstance(a, Play)]
    groups: dict[PatternKind, list[str]] = {}
    for a in legal:
        if isinstance(a, Play):
            groups.setdefault(a.move.kind, []).append(action_text(a))
    order = list(PatternKind)
    return group_lines(words, {kind.value: groups[kind] for kind in sorted(groups, key=order.index)})


LOOK = Look(ClimbingView, replay_lines, help_lines)
