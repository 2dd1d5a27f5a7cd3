"""A seat's cards as the rules read them: which are wild, how they split by colour, what it may play.

The game, ``paiju moves``, the bots and the hints all ask a ``Holding`` "what may this seat play against
this", so a rule such as the speculator's 能跟必跟 (speculator.md §11) lives in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from paiju.cards import (
    CARDS_PER_DECK,
    FACE_RANK,
    Card,
    Colour,
    card_colour,
    card_rank,
    format_cards,
    rank_counts,
    sort_cards,
)
from paiju.climbing.compiled import compiled_turn
from paiju.climbing.follow import bomb_ranks, forced_answers, speculator_answers
from paiju.climbing.speculator import THREE, flip_wild_cards, flip_wilds, speculator_wilds
from paiju.errors import IllegalMoveError, Reason
from paiju.patterns import Move, Wilds, beats, classify_ranks, describe
from paiju.patterns.colour import (
    PAIR_KICKER_KINDS,
    HandByColour,
    body_ranks,
    coloured_beats,
    coloured_moves,
    colours_fit,
    moves_by_colour,
    split_by_colour,
)
from paiju.patterns.generate import generator_for, moves_of
from paiju.patterns.move import NO_COLOUR
from paiju.variants import RedOverBlack, Variant

__all__ = ["Holding"]

#: §14: natural rank counts per colour (black, red), and the wild 3s of each colour.
ColourSplit = tuple[tuple[list[int], list[int]], tuple[Wilds | None, Wilds | None]]


@dataclass(slots=True)
class Holding:
    """What one seat holds and may play (a value: nothing changes it after it is made).

    ``wild`` names the cards that are wild for this seat: every 3 of the speculator (§10), on 5p1d
    a landlord's or farmer's flipped-suit cards, fixed at the reveal (§15; cards it no longer holds are
    ignored), or on 癞子 tables the cards of the drawn wild rank (other-games.md §1.3).  ``promoted`` is
    the rank the 5p1d flipped card lifts between 2 and the black joker.
    """

    variant: Variant
    cards: tuple[Card, ...]
    wild: frozenset[Card]
    promoted: int | None = None
    speculator: bool = False

    #: Per-rank counts of ``cards`` where the caller keeps them (the game does), to save counting again.
    counts: tuple[int, ...] | None = field(default=None, compare=False, repr=False)
    _wild_cards: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    _natural: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _wilds: Wilds | None = field(init=False, repr=False, compare=False)
    _colours: ColourSplit | None = field(init=False, repr=False, compare=False, default=None)
    _split: tuple[tuple[Card, ...], tuple[Card, ...]] | None = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        wild = self.wild
        held = tuple([c for c in self.cards if c in wild]) if wild else ()
        if self.speculator and self.variant.speculator is None:
            raise ValueError(f"{self.variant.name} has no speculator")
        if self.speculator and set(held) != {c for c in self.cards if FACE_RANK[c % CARDS_PER_DECK] == THREE}:
            raise ValueError("the speculator's wild cards are its 3s, every one of them")
        natural = list(self.counts) if self.counts is not None else rank_counts(self.cards)
        for c in held:
            natural[FACE_RANK[c % CARDS_PER_DECK]] -= 1
        wilds = None
        if self.variant.speculator is not None:
            wilds = (
                speculator_wilds(self.variant, len(held), self.promoted) if self.speculator else flip_wilds(held)
            )
        elif held:
            # 癞子 W2 (a): alone they are themselves, the four of them the pure wild bomb (the ladder's wild4).
            wilds = Wilds(tuple(sorted(card_rank(c) for c in held)))
        # The derived values are computed once, here: a turn reads them several times.
        self._wild_cards, self._natural, self._wilds = held, tuple(natural), wilds

    @classmethod
    def of_cards(
        cls,
        variant: Variant,
        cards: Sequence[Card],
        speculator: bool = False,
        flipped: Card | None = None,
        suited: bool = True,
        wild_rank: int | None = None,
    ) -> Holding:
        """A seat holding ``cards``, its wild cards read from the cards themselves: the speculator's 3s; with
        the 5p1d ``flipped`` card (whose rank is promoted), another seat's highest cards of the flipped suit as
        at the reveal, when the suits are real (``suited``: not stand-ins for a hand written by rank); on a
        癞子 table every card of the ``wild_rank``."""
        rules = variant.speculator
        wild: Sequence[Card] = ()
        if speculator:
            wild = [c for c in cards if card_rank(c) == THREE]
        elif wild_rank is not None:
            wild = [c for c in cards if card_rank(c) == wild_rank]
        elif flipped is not None and suited and rules is not None and rules.flip_wilds:
            wild = flip_wild_cards(cards, flipped)
        promoted = card_rank(flipped) if flipped is not None and rules is not None and rules.flip_promotes else None
        return cls(variant, tuple(cards), frozenset(wild), promoted, speculator)

    # ------------------------------------------------------------------ what the cards are
    @property
    def wilds(self) -> Wilds | None:
        """The wild cards the seat plays with: the speculator's 3s (§10), on 5p1d another seat's
        flipped-suit cards (§15), or the 癞子 wild rank's cards, which play as themselves alone; None
        when the seat holds no wild cards on a table without a speculator."""
        return self._wilds

    def wilds_in(self, cards: Sequence[Card]) -> Wilds | None:
        """The wild cards among ``cards`` as this seat would play them (for reading a recorded play)."""
        wilds = self.wilds
        if wilds is None:
            return None
        faces = tuple(sorted(card_rank(c) for c in cards if c in self._wild_cards))
        return Wilds(faces, wilds.alone_key, wilds.alone_bombs) if faces else None

    def natural_counts(self) -> list[int]:
        """Per-rank counts of the cards that are not wild (a fresh list)."""
        return list(self._natural)

    def colour_bound(self) -> bool:
        """§14: whether the seat still holds cards of both colours."""
        return len({card_colour(c) for c in self.cards}) == 2

    @property
    def _of_colour(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """§14: the seat's cards of each colour (black, red), in hand order (split once)."""
        if self._split is None:
            self._split_by_colour()
            assert self._split is not None
        return self._split

    @property
    def _by_colour(self) -> ColourSplit:
        """§14: the natural cards per colour (black, red), and the wild 3s of each colour (split once)."""
        if self._colours is None:
            self._split_by_colour()
            assert self._colours is not None
        return self._colours

    def _split_by_colour(self) -> None:
        """§14: the cards, natural rank counts and wild 3s of each colour, split in one pass (in C where it is built;
        a seat's cards are split again after each of its plays)."""
        wild_rank = THREE if self.speculator else -1
        fast = compiled_turn()
        split: HandByColour = fast.colours(self.cards, wild_rank) if fast is not None else split_by_colour(self.cards, wild_rank)
        counts, wild, self._split = split
        black = speculator_wilds(self.variant, len(wild[0]), self.promoted) if wild[0] else None
        red = speculator_wilds(self.variant, len(wild[1]), self.promoted) if wild[1] else None
        self._colours = counts, (black, red)

    # ------------------------------------------------------------------ what the seat may play
    def moves(self, to_beat: Move | None) -> tuple[Sequence[Move], bool]:
        """Every move the seat may lead (``to_beat`` None) or answer ``to_beat`` with, and whether it may
        pass (never when leading); the speculator must follow (能跟必跟, §11)."""
        table = self.variant.pattern_rules
        if table.two_colour:
            return self._coloured_moves(to_beat)
        counts = self.natural_counts()
        if to_beat is None:
            return moves_of(generator_for(table), counts, None, self.wilds, self.promoted), False
        rules = self.variant.speculator
        if self.speculator and rules is not None:
            return speculator_answers(table, counts, self.wilds, to_beat, rules.bomb_cards_exempt, self.promoted)
        return moves_of(generator_for(table), counts, to_beat, self.wilds, self.promoted), True

    def _coloured_moves(self, to_beat: Move | None) -> tuple[list[Move], bool]:
        """§14: the moves of a two-colour hand; answers beat by colour as well as by rank."""
        table = self.variant.pattern_rules
        counts, wilds = self._by_colour
        moves = moves_by_colour(generator_for(table), counts, wilds, to_beat)
        if to_beat is None:
            return moves, False
        rules = self.variant.speculator
        if not self.speculator or rules is None:
            return moves, True
        faces = tuple([f for w in wilds if w is not None for f in w.faces])
        held: set[int] = set()
        if rules.bomb_cards_exempt:
            held = bomb_ranks(table, counts[0], wilds[0]) | bomb_ranks(table, counts[1], wilds[1])
        return forced_answers(moves, to_beat, faces, held)

    def why_not(self, move: Move, to_beat: Move | None) -> str:
        """A player-facing reason why ``move`` cannot be led (``to_beat`` None) or played on ``to_beat``."""
        plain = move._replace(colour=NO_COLOUR)
        if plain not in classify_ranks(self.variant.pattern_rules, move.ranks, self.wilds, self.promoted):
            return Reason("not_combination", f"{move.text()} is not a valid combination at this table", cards=move.text())
        if self.variant.two_colour:
            reason = self._why_not_coloured(move, to_beat)
            if reason:
                return reason
        elif to_beat is not None and not beats(move, to_beat):
            return Reason(
                "does_not_beat",
                f"{move.text()} does not beat {to_beat.text()} ({describe(to_beat)}): play the "
                "same kind with the same number of cards and a higher rank, a bomb, or pass",
                cards=move.text(), beat=to_beat.text(),
            )  # fmt: skip
        if to_beat is not None and self.speculator:
            return Reason(
                "fewest_threes",
                f"{move.text()} is not allowed: the speculator must follow with the fewest 3s (能跟必跟)",
                cards=move.text(),
            )  # fmt: skip
        return Reason("not_now", f"{move.text()} cannot be played now", cards=move.text())

    def _why_not_coloured(self, move: Move, to_beat: Move | None) -> str:
        """§14: why no colour reading of ``move`` (its own colour, or either when it names none) is playable."""
        counts, wilds = self._by_colour
        held = coloured_moves(self.variant.pattern_rules, counts, wilds, None)
        colours = (move.colour,) if move.colour != NO_COLOUR else (Colour.BLACK, Colour.RED)
        readings = [m for m in (move._replace(colour=int(c)) for c in colours) if m in held]
        if not readings:
            return Reason(
                "one_colour",
                f"{move.text()}: a combination is one colour, its body's (only a triple+pair's or airplane's pairs "
                "may be the other colour, each pair one colour)",
                cards=move.text(),
            )  # fmt: skip
        if to_beat is None:
            return ""
        bound = self.colour_bound()
        red_over_black = self.variant.pattern_rules.red_over_black
        if any(coloured_beats(m, to_beat, bound, red_over_black) for m in readings):
            return ""
        same = "the same colour needs a higher rank" if bound else "a higher rank"
        red = "red beats black" if red_over_black == RedOverBlack.ANY else "red beats black at an equal or higher rank"
        return Reason(
            f"colour_does_not_beat.{'same' if bound else 'higher'}.{'any' if red_over_black == RedOverBlack.ANY else 'equal'}",
            f"{' / '.join(m.text() for m in readings)} does not beat {to_beat.text()} ({describe(to_beat)}): "
            f"{same}, {red}, black beats red only at the same rank",
            cards=" / ".join(m.text() for m in readings), beat=to_beat.text(),
        )  # fmt: skip

    # ------------------------------------------------------------------ which cards make a move
    def cards_for(self, move: Move, chosen: tuple[Card, ...] | None) -> tuple[Card, ...]:
        """The concrete cards for ``move``: the ones named (checked), or the lowest copies the seat holds."""
        if chosen is not None:
            missing = [c for c in chosen if c not in self.cards]
            if missing or len(set(chosen)) != len(chosen):
                shown = format_cards(missing or chosen)
                raise IllegalMoveError(Reason("dont_hold", f"you don't hold {shown}", cards=shown))
            if sorted(card_rank(c) for c in chosen) != list(move.ranks):
                raise IllegalMoveError(Reason("not_the_move", "those cards are not the move named", cards=move.text()))
            if move.colour != NO_COLOUR and not colours_fit(move, chosen):
                colour = describe(move).split()[0]
                raise IllegalMoveError(
                    Reason("not_colour", f"those cards are not all {colour} ({describe(move)})", cards=move.text(), colour=colour)
                )
            return tuple(sort_cards(chosen))
        if move.colour != NO_COLOUR:
            return self._coloured_cards(move)
        return self._pick(self.cards, move)

    def _coloured_cards(self, move: Move) -> tuple[Card, ...]:
        """§14: the body (and wild 3s) from the move's colour; each kicker pair from one colour,
        the move's own first."""
        own = self._of_colour[move.colour]
        try:
            return self._pick(own, move)
        except IllegalMoveError:
            if move.kind not in PAIR_KICKER_KINDS:
                raise
        natural = list(move.ranks)
        for face, _ in move.wilds:
            natural.remove(face)
        body = body_ranks(move)
        for _, meant in move.wilds:
            if meant in body:
                body.remove(meant)
        wild = set(self._wild_cards)
        picked = [c for c in own if c in wild][: len(move.wilds)]
        wanted = set(natural)
        of_rank: dict[tuple[int, bool], list[Card]] = {}
        for c in self.cards:
            if c not in wild and (r := card_rank(c)) in wanted:
                of_rank.setdefault((r, card_colour(c) == move.colour), []).append(c)
        for r in sorted(wanted):
            n = natural.count(r)
            mine, others = of_rank.get((r, True), []), of_rank.get((r, False), [])
            if r in body:
                take = mine[:n]
            else:
                # Kicker pairs: the other colour only in whole pairs.
                short = max(0, n - len(mine))
                short += short % 2
                take = mine[: n - short] + others[:short]
            if len(take) < n:
                raise IllegalMoveError(_no_cards_for(move))
            picked += take
        if len(picked) != len(move.ranks):
            raise IllegalMoveError(_no_cards_for(move))
        return tuple(sort_cards(picked))

    def _pick(self, hand: Sequence[Card], move: Move) -> tuple[Card, ...]:
        """The lowest copies in ``hand`` that make ``move``, wild cards only for its wild readings."""
        # Wild readings take wild cards; everything else takes natural cards first, so that a
        # 5p1d wild card stays in hand when a natural card of its rank serves as well.
        fast = compiled_turn() if not move.wilds else None
        if fast is not None:
            chosen: tuple[Card, ...] | None = fast.pick(hand, move.ranks, self.wild)
            if chosen is None:
                raise IllegalMoveError(_no_cards_for(move))
            return chosen
        wild = self._wild_cards
        wanted = set(move.ranks)
        natural: dict[int, list[Card]] = {r: [] for r in wanted}
        spare: dict[int, list[Card]] = {r: [] for r in wanted}
        for c in hand:
            r = FACE_RANK[c % CARDS_PER_DECK]
            if r in wanted:
                (spare if c in wild else natural)[r].append(c)
        for pool in (*natural.values(), *spare.values()):
            if len(pool) > 1:
                pool.sort(key=_lowest_first)
        picked: list[Card] = []
        needs = list(move.ranks)
        for face, _ in move.wilds:
            if not spare[face]:
                raise IllegalMoveError(Reason("no_wild_cards_for", f"you don't hold the wild cards for {move.text()}", cards=move.text()))
            picked.append(spare[face].pop(0))
            needs.remove(face)
        for r in needs:
            pool = natural[r] or spare[r]
            if not pool:
                raise IllegalMoveError(_no_cards_for(move))
            picked.append(pool.pop(0))
        return tuple(sort_cards(picked))


def _no_cards_for(move: Move) -> Reason:
    """The refusal of a move whose cards the seat does not hold."""
    return Reason("no_cards_for", f"you don't hold the cards for {move.text()}", cards=move.text())


def _lowest_first(card: Card) -> tuple[int, int]:
    """Copies of a rank lowest first: by suit, then by deck."""
    return card % CARDS_PER_DECK, card
