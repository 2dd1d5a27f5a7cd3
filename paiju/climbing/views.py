"""Each optional part of a hand's state (``paiju.climbing.parts``) as one seat may see it: a frozen view per part,
made by the function beside it from the state, the seat and the hand's ``Facts`` (each hidden-card rule is a
``Facts`` predicate, asked here and by the events' ``visible_to`` alike).

A seat's ``Observation`` is the part every table has plus ``parts``: one view for each part its table has, by name
(a classic table has none). The JSON nests the same way (``parts.speculator.side``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import MISSING, dataclass, fields
from functools import lru_cache
from typing import Any, ClassVar, TypeVar

from paiju.cards import RANK_CHARS, SUIT_CHARS, Card, card_rank
from paiju.climbing.actions import Action, action_text
from paiju.climbing.events import Facts
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases.small_landlord import names_self
from paiju.climbing.roles import public_identity
from paiju.climbing.speculator import flip_wild_suits, side_of_speculator
from paiju.climbing.state import HandState

__all__ = ["FiveView", "OpenView", "PartView", "PartnerView", "SpeculatorView", "made", "part_views", "snapshot"]

#: Cards as a view's JSON writes them (the table's marked card as ``7c*``).
Format = Callable[[Sequence[Card]], str]
SeatCards = tuple[tuple[int, tuple[Card, ...]], ...]
T = TypeVar("T")


def snapshot(cls: type[T]) -> type[T]:
    """A frozen dataclass made as fast as a plain object: its ``__init__`` (same parameters and defaults) fills the
    instance's ``__dict__`` in one step, where the generated one sets each field through ``object.__setattr__``, most
    of a view's cost (every seat's view is made at every turn). Assigning to a field still raises
    ``FrozenInstanceError``."""
    defaults: dict[str, Any] = {}
    params: list[str] = []
    filled: list[str] = []
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default is not MISSING:
            defaults[f.name] = f.default
            params.append(f"{f.name}=_defaults[{f.name!r}]")
        elif f.default_factory is not MISSING:
            defaults[f.name] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            filled.append(f"    if {f.name} is _MISSING:\n        {f.name} = _defaults[{f.name!r}]()\n")
        else:
            params.append(f.name)
    values = ", ".join(f"{f.name!r}: {f.name}" for f in fields(cls))  # type: ignore[arg-type]
    source = f"def __init__(self, {', '.join(params)}):\n{''.join(filled)}    _set(self, '__dict__', {{{values}}})\n"
    scope: dict[str, Any] = {"_set": _set, "_defaults": defaults, "_MISSING": MISSING}
    exec(source, scope)  # as dataclasses makes its own __init__
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


_new, _set = object.__new__, object.__setattr__


def made(cls: type[T], values: dict[str, Any]) -> T:
    """A ``snapshot`` class's instance from the values of all its fields, named in one dict (the caller names every
    field): what its ``__init__`` makes, without the call by keyword, where CPython matches each keyword to its
    parameter one by one (an observation's 23 keywords were a fifth of a view's time)."""
    obj = _new(cls)
    _set(obj, "__dict__", values)
    return obj


class PartView:
    """One part's view for a seat; ``name`` is its key in ``Observation.parts`` and in the JSON's ``parts``."""

    name: ClassVar[str]

    def to_json(self, fmt: Format) -> dict[str, Any]:
        """The view, JSON-ready (cards written by ``fmt``)."""
        raise NotImplementedError


def _seat_cards(fmt: Format, hands: SeatCards) -> list[dict[str, Any]]:
    return [{"seat": s, "cards": fmt(c)} for s, c in hands]


# ---------------------------------------------------------------------------------------------------- the speculator
@snapshot
@dataclass(frozen=True)
class SpeculatorView(PartView):
    """speculator.md: the speculator (``seat``, ``None`` before it is found), the card that chose it, its gifts, the
    side it would join now, and its hand once it retreated."""

    name: ClassVar[str] = "speculator"

    seat: int | None
    #: The determination card that chose the speculator (public).
    determination: Card | None
    #: Cards turned face up after the deal (public).
    flipped: tuple[Card, ...]
    #: Gifts as (destination seat, cards): public after the reveal; before it, only the speculator sees its own
    #: bundles (``Facts.sees_gift``; destination -1 = not yet known).
    gifts: SeatCards
    #: How many cards each gift pile takes in all, landlord's first (public: the table's rules fix them).
    gift_sizes: tuple[int, ...]
    #: Each gift pile's colour rule on the two-colour tables (§15: ``5r4b``, ``free_min4``), empty strings elsewhere.
    gift_colours: tuple[str, ...]
    #: The side the speculator would join if the hand ended now (§12); the others judge it by its card count alone.
    side: str | None
    #: §12, public: the speculator's last two cards that count as one (``44``, ``55``, ``45``).
    two_low: tuple[str, ...]
    #: 5p1d (§15 (a)), public: the suits whose highest card becomes each non-speculator's wild card (``shdc``).
    wild_suits: str
    #: 5p1d: the rank that ranks between 2 and the black joker this hand (public).
    promoted: int | None
    #: A retreated speculator's hand, shown once it sits out (§8, ``Facts.sees_retreated_hand``).
    retreated_hand: tuple[Card, ...]
    #: Seats that have gone out without ending the hand (the speculator).
    out: tuple[int, ...]

    def to_json(self, fmt: Format) -> dict[str, Any]:
        """The part as the JSON nests it under ``parts.speculator``."""
        sizes, colours = self.gift_sizes, self.gift_colours
        return {
            "seat": self.seat,
            "determination": fmt([self.determination]) if self.determination is not None else None,
            "flipped": fmt(self.flipped) if self.flipped else "",
            "gifts": [
                {"seat": s, "cards": fmt(c), "size": sizes[i], "colours": colours[i]} for i, (s, c) in enumerate(self.gifts)
            ],
            # Every pile the speculator fills, with its size and colour rule, from the first gift on (public rules).
            "gift_piles": [{"size": n, "colours": c} for n, c in zip(sizes, colours, strict=True)],
            "side": self.side,
            "two_low": list(self.two_low),
            "wild_suits": self.wild_suits,
            "promoted": RANK_CHARS[self.promoted] if self.promoted is not None else None,
            "retreated_hand": fmt(self.retreated_hand) if self.retreated_hand else "",
            "out": list(self.out),
        }


_OVER = PhaseName.OVER  # read once: an enum's member read from its class costs as much as a small call


def speculator_view(state: HandState, seat: int | None, facts: Facts) -> SpeculatorView:
    """What ``seat`` may know of the speculator's part (the table has one; the part itself is ``None`` until the
    speculator is found)."""
    rules, spec = state.variant.speculator, state.spec
    assert rules is not None
    flipped = state.deal.flipped
    out = state.play.out
    if spec is None:
        return made(SpeculatorView, {
            "seat": None, "determination": None, "flipped": tuple(flipped), "gifts": (), "gift_sizes": (),
            "gift_colours": (), "side": None, "two_low": rules.two_low, "wild_suits": _wild_suits(rules.flip_wilds, flipped),
            "promoted": state.promoted, "retreated_hand": (), "out": tuple(sorted(out)) if out else (),
        })  # fmt: skip
    gifts: SeatCards = ()
    if spec.gift_seats:
        gifts = spec.revealed  # public once revealed, as the reveal showed them
    elif facts.sees_gift(seat, spec.seat):
        gifts = tuple([(-1, tuple(g)) for g in spec.gifts])
    hand = state.hands[spec.seat]
    if seat == spec.seat or state.phase is _OVER:
        side = side_of_speculator(hand, rules)
    else:  # others see only how many cards it holds
        side = "landlord" if len(hand) <= 1 else "farmers"
    # The retreated hand as the table shows it: what a spectator may see of it (the speculator holds it anyway).
    retreated = tuple(sorted(hand)) if spec.retreated and facts.sees_retreated_hand(None) else ()
    sizes = tuple(spec.gift_sizes)
    colours = _gift_colours(rules.landlord_gift_colours, rules.farmer_gift_colours, len(sizes))
    return made(SpeculatorView, {
        "seat": spec.seat, "determination": spec.determination, "flipped": tuple(flipped), "gifts": gifts,
        "gift_sizes": sizes, "gift_colours": colours, "side": side, "two_low": rules.two_low,
        "wild_suits": _wild_suits(rules.flip_wilds, flipped), "promoted": state.promoted, "retreated_hand": retreated,
        "out": tuple(sorted(out)) if out else (),
    })  # fmt: skip


@lru_cache(maxsize=None)
def _gift_colours(landlord: str, farmer: str, piles: int) -> tuple[str, ...]:
    """Each gift pile's colour rule, the landlord's first (§15), for a table's two rules and number of piles (keyed by
    the rules themselves: hashing the table's ``SpeculatorRules`` reads every field, and a view asks at every turn)."""
    return (landlord, *(farmer,) * (piles - 1)) if piles else ()


def _wild_suits(flip_wilds: bool, flipped: Sequence[Card]) -> str:
    """5p1d (§15 (a)): the suits whose highest card is wild this hand, from the first flipped card (``""``: none)."""
    return "".join(SUIT_CHARS[s] for s in flip_wild_suits(flipped[0])) if flip_wilds and flipped else ""


# ---------------------------------------------------------------------------------------------- the small landlord
@snapshot
@dataclass(frozen=True)
class PartnerView(PartView):
    """speculator.md §7: how the landlord named its partner, and the small landlord where this seat knows it."""

    name: ClassVar[str] = "partner"

    #: The small landlord, if this seat knows it (``Facts.sees_small_landlord``): itself, or every seat once known.
    small_landlord: int | None
    #: The cards the landlord showed to name its partner (or its 一打四 pair), public.
    shown: tuple[Card, ...]
    #: Copies the speculator revealed when the landlord named them.
    refused: tuple[Card, ...]
    #: ``named``, ``alone`` (一打四) or ``none`` once chosen; the landlord alone sees ``self`` (6p3d: it plays alone
    #: in secret).
    partnership: str
    #: The small landlord declared itself (亮明身份, ×2).
    declared: bool
    #: Every seat knows the small landlord (it declared or played the partner card).
    known: bool
    #: 6p3d, to the landlord naming its partner: its legal partner choices that name itself (the remaining copy is its
    #: own), so that showing one plays alone; from its own cards, so it tells nothing of anyone else's.
    names_self: tuple[Action, ...]

    def to_json(self, fmt: Format) -> dict[str, Any]:
        """The part as the JSON nests it under ``parts.partner``."""
        return {
            "small_landlord": self.small_landlord,
            "shown": fmt(self.shown) if self.shown else "",
            "refused": fmt(self.refused) if self.refused else "",
            "partnership": self.partnership,
            "declared": self.declared,
            "known": self.known,
            "names_self": [action_text(a) for a in self.names_self],
        }


def partner_view(state: HandState, seat: int | None, facts: Facts, acting: bool) -> PartnerView:
    """What ``seat`` may know of the partner part (``acting``: the seat is among those to act now)."""
    part = state.partner
    assert part is not None
    small = part.small_landlord
    partnership = part.partnership
    if partnership == "self" and seat != state.landlord and state.phase is not PhaseName.OVER:
        partnership = "named"  # §7 6p3d: the landlord plays alone in secret
    return PartnerView(
        small_landlord=small if small is not None and facts.sees_small_landlord(seat, small) else None,
        shown=tuple(part.shown),
        refused=tuple(part.refused),
        partnership=partnership,
        declared=part.declared,
        known=part.known,
        names_self=names_self(state, seat) if seat is not None and acting else (),
    )


# --------------------------------------------------------------------------------------------------- 癞子's open hands
@snapshot
@dataclass(frozen=True)
class OpenView(PartView):
    """癞子 (other-games.md §1.2): the hands played face up and the wild rank."""

    name: ClassVar[str] = "open"

    #: The hands played face up (明牌), as (seat, cards), public from the moment they are shown (``Facts.sees_hand``).
    open_hands: SeatCards
    #: The wild rank once drawn (every card of it is wild for everyone), else ``None``.
    wild_rank: int | None

    def to_json(self, fmt: Format) -> dict[str, Any]:
        """The part as the JSON nests it under ``parts.open``."""
        return {
            "open_hands": _seat_cards(fmt, self.open_hands),
            "wild_rank": RANK_CHARS[self.wild_rank] if self.wild_rank is not None else None,
        }


#: Phases in which the wild rank has been drawn and shown (it is drawn once the landlord takes the bottom).
_WILD_KNOWN = frozenset((PhaseName.OPEN, PhaseName.PLAY, PhaseName.OVER))


def open_view(state: HandState, facts: Facts) -> OpenView:
    """The 明牌 hands (those a spectator sees; none before the deal) and the wild rank once shown."""
    dealt = bool(state.hands) and any(state.hands)
    wild = state.deal.wild
    return OpenView(
        open_hands=tuple((s, tuple(sorted(h))) for s, h in enumerate(state.hands) if facts.sees_hand(None, s))
        if dealt
        else (),
        wild_rank=card_rank(wild) if wild is not None and state.phase in _WILD_KNOWN else None,
    )


# ------------------------------------------------------------------------------------------------ 五人斗地主's team
@snapshot
@dataclass(frozen=True)
class FiveView(PartView):
    """五人斗地主 (other-games.md §5.2): the identity step's outcome, the hidden landlord where this seat knows it,
    each seat's 加倍 and, to each landlord once the team is known, the other's hand."""

    name: ClassVar[str] = "five"

    #: ``deciding`` in the identity step, ``hidden`` once nobody revealed, then how the team became known
    #: (``revealed``, ``twin``, ``alone``), public.
    identity: str
    #: The hidden landlord (暗地主), if this seat knows it (``Facts.sees_small_landlord``).
    hidden: int | None
    #: Each seat's 加倍 (``None`` until it chose), public.
    doubles: tuple[bool | None, ...]
    #: Q5.5: the other landlord's hand, as (seat, cards), to each landlord once the team is known.
    ally_hands: SeatCards

    def to_json(self, fmt: Format) -> dict[str, Any]:
        """The part as the JSON nests it under ``parts.five``."""
        return {
            "identity": self.identity,
            "hidden": self.hidden,
            "doubles": list(self.doubles),
            "ally_hands": _seat_cards(fmt, self.ally_hands),
        }


def five_view(state: HandState, seat: int | None, facts: Facts) -> FiveView:
    """What ``seat`` may know of 五人斗地主's team."""
    five, landlord = state.five, state.landlord
    assert five is not None
    hidden = five.hidden
    ally_hands: SeatCards = ()
    if five.known and hidden is not None and seat in (landlord, hidden):
        ally = hidden if seat == landlord else landlord
        assert ally is not None
        ally_hands = ((ally, tuple(sorted(state.hands[ally]))),)
    return FiveView(
        identity=public_identity(state),
        hidden=hidden if hidden is not None and facts.sees_small_landlord(seat, hidden) else None,
        doubles=tuple(five.doubles),
        ally_hands=ally_hands,
    )


def part_views(state: HandState, seat: int | None, facts: Facts, acting: bool) -> dict[str, PartView]:
    """A view of each part ``state``'s table has, by name (none on a classic table)."""
    views: dict[str, PartView] = {}
    if state.variant.speculator is not None:
        views[SpeculatorView.name] = speculator_view(state, seat, facts)
    if state.partner is not None:
        views[PartnerView.name] = partner_view(state, seat, facts, acting)
    if state.opened is not None:
        views[OpenView.name] = open_view(state, facts)
    if state.five is not None:
        views[FiveView.name] = five_view(state, seat, facts)
    return views
