"""Differential tests: paiju's legal-move lists against rlcard and open_spiel on seeded positions.

Each position lists the legal plays of one hand, leading or answering a play, as a set of
suitless card strings on both sides.  Every string only one side lists is a *difference*; it
must be explained by one of the known rule differences in ``RULE_DIFFERENCES`` (a rule of
the reference engine that departs from other-games.md §0.3 and §3), and every listed rule
difference must show up in the large run.  A difference that several listed rules explain
is counted under the first of them.  Counts go to ``artifacts/differential.json``.

rlcard positions: random hands leading, random hands answering a random play of another
hand from the same deck, and decisions of random ``DoudizhuGame`` playthroughs.  open_spiel
positions: every play-phase decision of random ``dou_dizhu`` playthroughs.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from paiju.cards import RANK_CHARS, format_ranks, parse_ranks
from paiju.patterns import Move, classify_ranks, generate_counts
from paiju.reference import norm, rl_answers, rl_lead, rl_reading, rl_readings, text_of
from paiju.variants import Variant, get_variant

V: Variant = get_variant("classic")
ARTIFACT = Path(__file__).resolve().parent.parent / "artifacts" / "differential.json"

TWO, BLACK, RED = 12, 13, 14
SINGLE_KICKER_KINDS = frozenset({"triple+single", "airplane+singles", "four+two-singles"})
PAIR_KICKER_KINDS = frozenset({"triple+pair", "airplane+pairs", "four+two-pairs"})
CHAIN_KINDS = frozenset({"straight", "pair-chain", "triple-chain"})

#: A (reading of the play to beat, our move) pair behind one listed card string; the
#: first item is ``None`` when leading.
Reading = tuple[Move | None, Move]


# ---------------------------------------------------------------------------- cards
def counts_of(text: str) -> tuple[int, ...]:
    """Per-rank counts of a suitless card string."""
    counts = [0] * 15
    for ch in text:
        counts[RANK_CHARS.index(ch)] += 1
    return tuple(counts)


def card_rank(card: int) -> int:
    """Rank index of a card id 0…53 (four suits per rank, then B and R)."""
    return card // 4 if card < 52 else card - 52 + BLACK


def draw_hand(rng: random.Random, deck: list[int], size: int) -> list[int]:
    """Take up to ``size`` cards from ``deck``: uniformly, or (half the time) clustered.

    Clustered hands come from a window of 4–8 neighbouring ranks plus some high cards, so
    that long chains, airplanes and bombs, where engines disagree, turn up often.
    """
    if rng.random() < 0.5:
        pool = list(deck)
    else:
        low, width = rng.randint(0, 8), rng.randint(4, 8)
        pool = [c for c in deck if low <= card_rank(c) < low + width or (card_rank(c) >= 11 and rng.random() < 0.3)]
    rng.shuffle(pool)
    taken = pool[:size]
    for c in taken:
        deck.remove(c)
    return taken


# ---------------------------------------------------------------------------- our side
def card_string(m: Move) -> str:
    """A move's cards as the other engines list plays, its ranks low to high (its text may name its body too)."""
    return format_ranks(m.ranks)


def our_leads(counts: Sequence[int]) -> dict[str, list[Reading]]:
    """Our leading moves, grouped by card string."""
    out: dict[str, list[Reading]] = {}
    for m in generate_counts(V, list(counts)):
        out.setdefault(card_string(m), []).append((None, m))
    return out


def our_answers(counts: Sequence[int], targets: Sequence[Move]) -> dict[str, list[Reading]]:
    """Our answers to any of ``targets`` (readings of one play), grouped by card string."""
    out: dict[str, list[Reading]] = {}
    for t in targets:
        for m in generate_counts(V, list(counts), t):
            out.setdefault(card_string(m), []).append((t, m))
    return out


def body_ranks(m: Move) -> range:
    """The trio/quad ranks of a move with kickers (its body)."""
    return range(m.key - m.length + 1, m.key + 1)


def kickers(m: Move) -> list[int]:
    """The kicker cards of a move: single ranks, or one rank per pair kicker."""
    width = 4 if m.kind.startswith("four") else 3
    rest = list(m.ranks)
    for r in body_ranks(m):
        for _ in range(width):
            rest.remove(r)
    return rest[::2] if m.kind in PAIR_KICKER_KINDS else rest


def chain_start(m: Move) -> int:
    """Lowest rank of a chain move."""
    return m.key - m.length + 1


def reading_key(m: Move) -> tuple[str, int, int]:
    """Kind, chain length and key of a reading (what the reference engines compare)."""
    return (m.kind, m.length, m.key)


# ---------------------------------------------------------------------------- differences
@dataclass(frozen=True)
class Diff:
    """One card string that only one engine lists at one position."""

    engine: str
    side: str  # "ours": only paiju lists it; "theirs": only the reference does
    counts: tuple[int, ...]
    target: str | None
    text: str
    readings: tuple[Reading, ...] = ()
    #: Our readings of the play to beat that the reference engine does not know.
    unknown_targets: frozenset[tuple[str, int, int]] = frozenset()

    def describe(self) -> str:
        """A one-line account for failure messages."""
        where = "lead" if self.target is None else f"answer {self.target}"
        return f"{self.engine}: hand {text_of(self.counts)} {where}: {self.text} only in {self.side}"


def every_reading(diff: Diff, side: str, test: Callable[[Move | None, Move], bool]) -> bool:
    """Whether ``diff`` is on ``side`` and every reading behind it passes ``test``."""
    return diff.side == side and bool(diff.readings) and all(test(t, m) for t, m in diff.readings)


def has_rocket_kickers(m: Move) -> bool:
    """Both jokers as two single kickers (K3)."""
    ks = kickers(m) if m.kind in SINGLE_KICKER_KINDS else []
    return BLACK in ks and RED in ks


def has_repeated_pair_kicker(m: Move) -> bool:
    """Two pair kickers of one rank, i.e. a four of a kind carried as two pairs (K4)."""
    if m.kind not in PAIR_KICKER_KINDS:
        return False
    ks = kickers(m)
    return len(set(ks)) < len(ks)


def adjacent_wing_ranks(m: Move) -> set[int]:
    """Ranks just below and just above an airplane's body, other than 2."""
    return {r for r in (chain_start(m) - 1, m.key + 1) if 0 <= r < TWO}


def has_adjacent_trio_wing(m: Move) -> bool:
    """An airplane whose single wings hold three or four cards of a rank next to the body."""
    if m.kind != "airplane+singles":
        return False
    c = Counter(kickers(m))
    return any(c[r] >= 3 for r in adjacent_wing_ranks(m))


def has_four_single_wings(m: Move) -> bool:
    """An airplane whose single wings are all four cards of a rank not next to the body."""
    if m.kind != "airplane+singles":
        return False
    near = adjacent_wing_ranks(m)
    return any(n == 4 and r not in near for r, n in Counter(kickers(m)).items())


def has_four_of_rank_wings(m: Move) -> bool:
    """An airplane whose single wings are all four cards of one rank."""
    return m.kind == "airplane+singles" and 4 in Counter(kickers(m)).values()


def chain_from_quad(counts: Sequence[int], m: Move) -> bool:
    """A straight, pair chain or trio chain whose lowest rank the hand holds four of."""
    return m.kind in CHAIN_KINDS and counts[chain_start(m)] == 4


@dataclass(frozen=True)
class Example:
    """A position where a rule difference shows: the move only ``side`` lists there.

    ``hand`` is the player's hand; ``target`` the play to beat (``None``: leading).  For
    open_spiel, a lead example's hand is the landlord's 20 cards; an answer example's
    ``leader`` is the landlord's 20 cards (who leads ``target``) and ``hand`` the next
    seat's 17.
    """

    hand: str
    target: str | None
    move: str
    side: str
    leader: str | None = None


@dataclass(frozen=True)
class RuleDifference:
    """A known rule of a reference engine that departs from our rules."""

    name: str
    engine: str
    description: str
    example: Example
    explains: Callable[[Diff], bool] = field(repr=False)


RULE_DIFFERENCES: tuple[RuleDifference, ...] = (
    RuleDifference(
        "rl-no-rocket-kickers",
        "rlcard",
        "rlcard never takes both jokers as two single kickers (four+two or airplane); "
        "we allow it (K3, Q3.4, Q3.7).",
        Example("3QQQQBR", None, "QQQQBR", "ours"),
        lambda d: every_reading(d, "ours", lambda t, m: has_rocket_kickers(m)),
    ),
    RuleDifference(
        "rl-no-bomb-as-two-pairs",
        "rlcard",
        "rlcard's pair kickers (four+two pairs, airplane with pairs) have distinct ranks, so "
        "four of a kind is never carried as two pairs; we allow JJJJ+9999 and 888999+4444 "
        "(K4, Q3.6, Q3.7).",
        Example("8888999JJJJ", None, "8888JJJJ", "ours"),
        lambda d: every_reading(d, "ours", lambda t, m: has_repeated_pair_kicker(m)),
    ),
    RuleDifference(
        "rl-no-trio-wing-next-to-body",
        "rlcard",
        "rlcard's single wings hold at most two cards of a rank adjacent to the airplane's "
        "body (2s excepted), so 333444555666+777+X is not an airplane there; K2 lets wings "
        "repeat a rank freely.",
        Example("3334445556667779", None, "3334445556667779", "ours"),
        lambda d: every_reading(d, "ours", lambda t, m: has_adjacent_trio_wing(m)),
    ),
    RuleDifference(
        "rl-no-four-single-wings",
        "rlcard",
        "rlcard's single wings never hold all four cards of a rank (one not adjacent to the "
        "body), so 333444555666+9999 is not an airplane there; K2 allows it.",
        Example("3334445556669999", None, "3334445556669999", "ours"),
        lambda d: every_reading(d, "ours", lambda t, m: has_four_single_wings(m)),
    ),
    RuleDifference(
        "rl-trio-chain-read-once",
        "rlcard",
        "rlcard reads 12 cards that form four consecutive trios only as a trio chain, never "
        "as an airplane of three with the fourth trio as wings (C1 lists both readings), so "
        "an answer that beats only the airplane reading is missing.",
        Example("999TTTJJJQQA", "555666777888", "999TTTJJJQQA", "ours"),
        lambda d: every_reading(d, "ours", lambda t, m: t is not None and reading_key(t) in d.unknown_targets),
    ),
    RuleDifference(
        "os-no-four-with-two",
        "open_spiel",
        "open_spiel has no four-with-two at all (neither two singles nor two pairs); §3.4 "
        "pattern 13.",
        Example("33445577779JJQKA2BRK", None, "37777K", "ours"),
        lambda d: every_reading(d, "ours", lambda t, m: m.kind.startswith("four+two")),
    ),
    RuleDifference(
        "os-no-chain-from-quad",
        "open_spiel",
        "open_spiel never starts a straight, pair chain or trio chain at a rank the hand holds "
        "four of (333345678 leads no 34567), leading or answering.",
        Example("3333456789TJQKA2BR55", None, "34567", "ours"),
        lambda d: every_reading(d, "ours", lambda t, m: chain_from_quad(d.counts, m)),
    ),
    RuleDifference(
        "os-no-rocket-wings",
        "open_spiel",
        "open_spiel never takes both jokers as two single wings of an airplane; we allow it "
        "(K3, Q3.4).",
        Example("3457788999TTTJJKK2BR", None, "999TTTBR", "ours"),
        lambda d: every_reading(d, "ours", lambda t, m: m.kind == "airplane+singles" and has_rocket_kickers(m)),
    ),
    RuleDifference(
        "os-no-bomb-as-two-pair-wings",
        "open_spiel",
        "open_spiel's pair wings have distinct ranks, so four of a kind is never two pair "
        "wings (888999+4444); we allow it (K4, Q3.6).",
        Example("36667789999QQKKKAAA2", None, "9999KKKAAA", "ours"),
        lambda d: every_reading(d, "ours", lambda t, m: m.kind == "airplane+pairs" and has_repeated_pair_kicker(m)),
    ),
    RuleDifference(
        "os-no-four-single-wings",
        "open_spiel",
        "open_spiel's single wings never hold all four cards of a rank (333444555666+9999); "
        "K2 allows it.",
        Example("33344455566699992BRA", None, "3334445556669999", "ours"),
        lambda d: every_reading(d, "ours", lambda t, m: has_four_of_rank_wings(m)),
    ),
    RuleDifference(
        "os-bomb-beats-rocket",
        "open_spiel",
        "open_spiel lets a bomb be played on a rocket; the rocket is the top of the ladder "
        "(§3.3, §3.5) and nothing beats it.",
        Example("345678888TTTJQKA2", "BR", "8888", "theirs", leader="BR33344455566677799T"),
        lambda d: d.side == "theirs" and d.target == "BR" and len(d.text) == 4 and len(set(d.text)) == 1,
    ),
)

RULES_BY_NAME: dict[str, RuleDifference] = {r.name: r for r in RULE_DIFFERENCES}


def explaining(diff: Diff) -> list[str]:
    """Names of the listed rule differences of ``diff``'s engine that explain it."""
    return [r.name for r in RULE_DIFFERENCES if r.engine == diff.engine and r.explains(diff)]


def differences(
    engine: str,
    counts: Sequence[int],
    target: str | None,
    ours: dict[str, list[Reading]],
    theirs: set[str],
    unknown_targets: frozenset[tuple[str, int, int]] = frozenset(),
) -> list[Diff]:
    """Every card string only one side lists at this position."""
    key = tuple(counts)
    out = [
        Diff(engine, "ours", key, target, t, tuple(ours[t]), unknown_targets)
        for t in sorted(set(ours) - theirs)
    ]
    out += [Diff(engine, "theirs", key, target, t) for t in sorted(theirs - set(ours))]
    return out


@dataclass
class Tally:
    """Positions compared for one reference engine and the differences found, by rule."""

    engine: str
    positions: int = 0
    agreeing: int = 0
    by_rule: Counter[str] = field(default_factory=Counter)
    overlapping: int = 0
    unexplained: list[Diff] = field(default_factory=list)

    def add(self, diffs: Sequence[Diff]) -> None:
        """Record one position's differences."""
        self.positions += 1
        if not diffs:
            self.agreeing += 1
        for d in diffs:
            names = explaining(d)
            if not names:
                self.unexplained.append(d)
                continue
            self.by_rule[names[0]] += 1
            self.overlapping += len(names) > 1

    def as_json(self) -> dict[str, Any]:
        """The numbers, for the artifact file."""
        return {
            "positions": self.positions,
            "agreeing": self.agreeing,
            "differences": {r.name: self.by_rule[r.name] for r in RULE_DIFFERENCES if r.engine == self.engine},
            "explained_by_several_rules": self.overlapping,
            "unexplained": len(self.unexplained),
            "unexplained_examples": [d.describe() for d in self.unexplained[:20]],
        }


# ---------------------------------------------------------------------------- rlcard
def pick_target(rng: random.Random, counts: Sequence[int]) -> Move | None:
    """A random legal play of a hand: a kind first, then a play of that kind.

    Three times in ten it picks among card sets with several readings (C1) when the hand has
    any, since that is where engines read plays differently.
    """
    moves = sorted(generate_counts(V, list(counts)))
    if not moves:
        return None
    if rng.random() < 0.3:
        texts = Counter(card_string(m) for m in moves)
        ambiguous = [m for m in moves if texts[card_string(m)] > 1]
        moves = ambiguous or moves
    kind = rng.choice(sorted({m.kind for m in moves}))
    return rng.choice([m for m in moves if m.kind == kind])


def rl_playthroughs(seed: int) -> Iterator[tuple[tuple[int, ...], str | None, set[str]]]:
    """Decisions of random rlcard games: (hand, play to beat or None, rlcard's legal plays).

    Uses ``DoudizhuGame`` itself, so its incrementally maintained lead lists are covered;
    actions are sorted before the seeded choice because rlcard's order follows hashing.
    """
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame

    rng = random.Random(seed)
    game = DoudizhuGame()
    game.np_random = np.random.RandomState(seed)
    while True:
        state, pid = game.init_game()
        while not game.is_over():
            greater = game.round.greater_player
            target = None if greater is None or greater.player_id == pid else norm(greater.played_cards)
            actions = sorted(state["actions"])
            yield counts_of(state["current_hand"]), target, {norm(a) for a in actions if a != "pass"}
            state, pid = game.step(actions[rng.randrange(len(actions))])


def rl_answer_diffs(counts: Sequence[int], target: str, theirs: set[str]) -> list[Diff]:
    """Differences between our answers to every reading of ``target`` and rlcard's answers."""
    readings = classify_ranks(V, parse_ranks(target))
    known = rl_readings(target)
    assert known is not None, f"rlcard has no play {target}"
    unknown = frozenset(reading_key(t) for t in readings) - known
    return differences("rlcard", counts, target, our_answers(counts, readings), theirs, unknown)


def run_rlcard(positions: int, seed: int) -> Tally:
    """Compare with rlcard at ``positions`` positions, taking turns between three sources.

    Random hands leading; random hands answering a random play of another hand from the
    same deck; and decisions of seeded random ``DoudizhuGame`` playthroughs.
    """
    tally = Tally("rlcard")
    rng = random.Random(seed)
    games = rl_playthroughs(seed)
    while tally.positions < positions:
        source = tally.positions % 3
        if source == 2:
            counts, target, theirs = next(games)
            ours = our_leads(counts) if target is None else None
            if ours is not None:
                tally.add(differences("rlcard", counts, None, ours, theirs))
            else:
                assert target is not None
                tally.add(rl_answer_diffs(counts, target, theirs))
            continue
        deck = list(range(54))
        hand = draw_hand(rng, deck, rng.randint(1, 20))
        counts = counts_of("".join(RANK_CHARS[card_rank(c)] for c in hand))
        if source == 0:
            tally.add(differences("rlcard", counts, None, our_leads(counts), rl_lead(counts)))
            continue
        other = draw_hand(rng, deck, rng.randint(1, 20))
        target_move = pick_target(rng, counts_of("".join(RANK_CHARS[card_rank(c)] for c in other)))
        if target_move is None or rl_readings(card_string(target_move)) is None:
            continue  # no play, or one rlcard cannot hold at all (the lead comparison covers why)
        text = card_string(target_move)
        tally.add(rl_answer_diffs(counts, text, rl_answers(counts, text)))
    return tally


# ---------------------------------------------------------------------------- open_spiel
def os_text(action: str) -> str:
    """An open_spiel play string as a suitless card string (``333444-5(CJ)`` → ``3334445R``)."""
    return norm(action.replace("(BWJ)", "B").replace("(CJ)", "R").replace("-", ""))


def os_card_id(card: int) -> int:
    """open_spiel's id of our card id: suit-major 0…51, then 52 (B) and 53 (R)."""
    return card if card >= 52 else (card % 4) * 13 + card // 4


def os_reading(action: str) -> Move:
    """Our reading of an open_spiel play (its airplanes name their body before '-')."""
    text = os_text(action)
    found = classify_ranks(V, parse_ranks(text))
    if "-" in action:
        body = os_text(action.split("-")[0])
        found = [
            m for m in found
            if m.kind.startswith("airplane") and m.length == len(body) // 3 and m.key == RANK_CHARS.index(body[-1])
        ]
    else:
        found = [m for m in found if not m.kind.startswith(("airplane", "four"))]
    assert len(found) == 1, f"open_spiel play {action!r} reads as {found}"
    return found[0]


def os_hand(state: Any, player: int) -> tuple[int, ...]:
    """The counts of ``player``'s hand, from its observation string."""
    first = state.observation_string(player).split("\n")[0]
    assert first.startswith("My hand")
    return counts_of(os_text(first[len("My hand"):].strip()))


def os_rigged_state(game: Any, landlord: Sequence[int], seat1: Sequence[int] = ()) -> Any:
    """An open_spiel state after bidding: seat 0 is landlord with ``landlord`` (20 card ids).

    Seat 1 gets ``seat1`` first; the rest of the pack fills the seats in id order.  The
    deal gives the k-th dealt card to seat k mod 3 and the three undealt cards to the
    landlord, who bids first (face-up card at position 0) and bids 3.
    """
    assert len(landlord) == 20 and len(seat1) <= 17
    rest = [c for c in range(54) if c not in set(landlord) | set(seat1)]
    seats = [list(landlord[:17]), list(seat1), []]
    for c in rest:
        seat = 1 if len(seats[1]) < 17 else 2
        seats[seat].append(c)
    state = game.new_initial_state()
    state.apply_action(0)
    for k in range(51):
        state.apply_action(51 + os_card_id(seats[k % 3][k // 3]))
    assert state.action_to_string(0, 3) == "Bid 3"
    state.apply_action(3)
    assert not state.is_chance_node() and state.current_player() == 0
    assert os_hand(state, 0) == counts_of("".join(RANK_CHARS[card_rank(c)] for c in landlord))
    return state


def cards_for(text: str, taken: set[int]) -> list[int]:
    """Card ids for a suitless card string, avoiding ``taken`` (which grows)."""
    out: list[int] = []
    for ch in text:
        r = RANK_CHARS.index(ch)
        ids = [52 + r - BLACK] if r >= BLACK else [r * 4 + s for s in range(4)]
        card = next(c for c in ids if c not in taken)
        taken.add(card)
        out.append(card)
    return out


def os_legal(state: Any) -> set[str]:
    """open_spiel's legal plays at a play-phase decision, passes left out."""
    p = state.current_player()
    return {os_text(s) for s in (state.action_to_string(p, a) for a in state.legal_actions()) if s != "Pass"}


def os_compare(state: Any, to_beat: str | None) -> list[Diff]:
    """Differences at the current open_spiel decision; ``to_beat`` is the open_spiel play string."""
    counts = os_hand(state, state.current_player())
    if to_beat is None:
        return differences("open_spiel", counts, None, our_leads(counts), os_legal(state))
    return differences(
        "open_spiel", counts, os_text(to_beat), our_answers(counts, [os_reading(to_beat)]), os_legal(state)
    )


def os_playthroughs(seed: int) -> Iterator[tuple[Any, str | None]]:
    """Play-phase decisions (state, open_spiel string of the play to beat) of random games.

    Even games deal by sampling chance outcomes and bid at random; odd games deal the
    landlord a clustered 20-card hand.  Play is uniformly random over legal actions.
    """
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(seed)
    number = 0
    while True:
        if number % 2:
            deck = list(range(54))
            landlord = draw_hand(rng, deck, 20)
            landlord += rng.sample(deck, 20 - len(landlord))
            rng.shuffle(landlord)
            state = os_rigged_state(game, landlord)
        else:
            state = game.new_initial_state()
        number += 1
        last: str | None = None
        last_player = -1
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            p = state.current_player()
            actions = state.legal_actions()
            strings = [state.action_to_string(p, a) for a in actions]
            if any(s.startswith("Bid") for s in strings):
                state.apply_action(rng.choice(actions))
                continue
            yield state, (None if last is None or last_player == p else last)
            i = rng.randrange(len(actions))
            if strings[i] != "Pass":
                last, last_player = strings[i], p
            state.apply_action(actions[i])


def run_open_spiel(positions: int, seed: int) -> Tally:
    """Compare with open_spiel at ``positions`` play-phase decisions of seeded random games."""
    tally = Tally("open_spiel")
    for state, to_beat in os_playthroughs(seed):
        tally.add(os_compare(state, to_beat))
        if tally.positions >= positions:
            break
    return tally


# ---------------------------------------------------------------------------- reporting
def report(name: str, tallies: Sequence[Tally]) -> dict[str, Any]:
    """Print the counts and merge them into ``artifacts/differential.json`` under ``name``."""
    data: dict[str, Any] = {}
    if ARTIFACT.exists():
        try:
            data = json.loads(ARTIFACT.read_text())
        except ValueError:
            data = {}
    section = {t.engine: t.as_json() for t in tallies}
    data[name] = section
    data["rules"] = {
        r.name: {"engine": r.engine, "description": r.description, "example": vars(r.example)}
        for r in RULE_DIFFERENCES
    }
    ARTIFACT.parent.mkdir(parents=True, exist_ok=True)
    ARTIFACT.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    for t in tallies:
        print(f"\n[{name}] {t.engine}: {t.positions} positions, {t.agreeing} agree, "
              f"{len(t.unexplained)} unexplained, {t.overlapping} explained by several rules")
        for rule, n in t.as_json()["differences"].items():
            print(f"  {rule:32s} {n}")
    return section


def check(tally: Tally, every_rule_seen: bool, min_agreeing: int) -> None:
    """Assert: no unexplained difference, enough agreement, and (large run) every rule seen."""
    shown = "\n".join(d.describe() for d in tally.unexplained[:25])
    assert not tally.unexplained, f"{len(tally.unexplained)} unexplained differences:\n{shown}"
    assert tally.agreeing >= min_agreeing, f"{tally.engine}: only {tally.agreeing} agreeing positions"
    if every_rule_seen:
        missing = [r.name for r in RULE_DIFFERENCES if r.engine == tally.engine and not tally.by_rule[r.name]]
        assert not missing, f"{tally.engine}: listed differences never seen: {missing}"


# ---------------------------------------------------------------------------- tests
@pytest.mark.reference
def test_rlcard_quick(record_property: Callable[[str, object], None]) -> None:
    """A few hundred rlcard positions: every difference is a listed rule difference."""
    pytest.importorskip("rlcard")
    tally = run_rlcard(300, seed=11)
    record_property("rlcard_quick", json.dumps(report("quick-rlcard", [tally])))
    check(tally, every_rule_seen=False, min_agreeing=100)


@pytest.mark.reference
def test_open_spiel_quick(record_property: Callable[[str, object], None]) -> None:
    """A few hundred open_spiel decisions: every difference is a listed rule difference."""
    pytest.importorskip("pyspiel")
    tally = run_open_spiel(300, seed=11)
    record_property("open_spiel_quick", json.dumps(report("quick-open_spiel", [tally])))
    check(tally, every_rule_seen=False, min_agreeing=100)


@pytest.mark.slow
@pytest.mark.reference
def test_rlcard_large(record_property: Callable[[str, object], None]) -> None:
    """Many rlcard positions: all differences explained, each listed one seen, 10,000+ agree."""
    pytest.importorskip("rlcard")
    tally = run_rlcard(60_000, seed=2024)
    record_property("rlcard_large", json.dumps(report("large-rlcard", [tally])))
    check(tally, every_rule_seen=True, min_agreeing=10_000)


@pytest.mark.slow
@pytest.mark.reference
def test_open_spiel_large(record_property: Callable[[str, object], None]) -> None:
    """Many open_spiel decisions: all differences explained, each listed one seen, 10,000+ agree."""
    pytest.importorskip("pyspiel")
    tally = run_open_spiel(60_000, seed=2024)
    record_property("open_spiel_large", json.dumps(report("large-open_spiel", [tally])))
    check(tally, every_rule_seen=True, min_agreeing=10_000)


def example_diffs(rule: RuleDifference) -> list[Diff]:
    """The differences at a rule's example position."""
    ex = rule.example
    if rule.engine == "rlcard":
        counts = counts_of(ex.hand)
        if ex.target is None:
            return differences("rlcard", counts, None, our_leads(counts), rl_lead(counts))
        return rl_answer_diffs(counts, ex.target, rl_answers(counts, ex.target))
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    taken: set[int] = set()
    if ex.target is None:
        return os_compare(os_rigged_state(game, cards_for(ex.hand, taken)), None)
    assert ex.leader is not None
    state = os_rigged_state(game, cards_for(ex.leader, taken), cards_for(ex.hand, taken))
    lead = next(a for a in state.legal_actions() if os_text(state.action_to_string(0, a)) == ex.target)
    to_beat = state.action_to_string(0, lead)
    state.apply_action(lead)
    return os_compare(state, to_beat)


@pytest.mark.reference
@pytest.mark.parametrize("rule", RULE_DIFFERENCES, ids=lambda r: r.name)
def test_rule_example(rule: RuleDifference) -> None:
    """Each listed rule difference shows at its example position and is explained by that rule."""
    pytest.importorskip("rlcard" if rule.engine == "rlcard" else "pyspiel")
    found = [d for d in example_diffs(rule) if d.text == rule.example.move and d.side == rule.example.side]
    assert found, f"{rule.name}: {rule.example.move} is not a difference at its example"
    assert explaining(found[0])[:1] == [rule.name], explaining(found[0])


def test_kicker_helpers() -> None:
    """The rule predicates read kickers and chain starts correctly."""
    plane = next(m for m in classify_ranks(V, parse_ranks("3334445556667779")) if m.key == RANK_CHARS.index("6"))
    assert plane.kind == "airplane+singles" and sorted(kickers(plane)) == [4, 4, 4, 6]
    assert has_adjacent_trio_wing(plane) and not has_four_single_wings(plane)
    quad_pairs = classify_ranks(V, parse_ranks("JJJJ9999"))
    assert all(has_repeated_pair_kicker(m) for m in quad_pairs if m.kind == "four+two-pairs")
    assert rl_reading("trio_solo_chain_3", "1") == ("airplane+singles", 3, 2)
    assert rl_reading("solo", "12") == ("single", 1, 12)
    assert rl_reading("rocket", "0") == ("joker-bomb", 1, RED)
