"""Playing a balance run: the deals of the arena (``paiju.arena.deal_seed``), each played once per rotation of the
bots round the table, in batches, on this process, a pool of local processes or a Ray cluster; results appended to a
resumable file and read back in deal order, so the report of a seed and hand count is the same however it was played.

A deal's result is one JSON line (``play_deal``): per rotation the bots by seat, each seat's role and score, and what
the family's tally counts of the hand (redeals, instant wins, grabs, 明牌, the speculator's side …)."""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from paiju.arena import deal_seed, play_seating, read_deal_lines
from paiju.bots import bot_maker
from paiju.engine import variant_family
from paiju.ordered import local_map, processes
from paiju.policy import table_policy
from paiju.results_sink import ResultsSink
from paiju.variants import Variant

__all__ = [
    "FORMAT", "Batch", "LocalPool", "Pool", "balance_header", "bot_rotations", "play_batch", "play_deal",
    "played_deals", "seat_bots",
]  # fmt: skip

#: The version of a balance results file (its header's ``balance`` field).
FORMAT = 1


def bot_rotations(bots: Sequence[str]) -> list[tuple[str, ...]]:
    """The seatings a deal is played under: the bots by seat turned round the table one seat at a time, distinct ones
    only (one when every seat holds the same bot), so each bot plays every seat's cards as often as the others."""
    found: list[tuple[str, ...]] = []
    for shift in range(len(bots)):
        turned = tuple(bots[(s - shift) % len(bots)] for s in range(len(bots)))
        if turned not in found:
            found.append(turned)
    return found


def seat_bots(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """The bot of each seat: one name for every seat, or one a seat (a mix); anything else is refused."""
    if len(bots) == 1:
        return tuple(bots) * players
    if len(bots) != players:
        raise ValueError(f"name one bot for every seat or one a seat ({players}); {len(bots)} given")
    return tuple(bots)


def balance_header(variant: Variant, bots: Sequence[str], seed: int) -> dict[str, Any]:
    """The first line of a results file: what makes its deals (the table in full, the bots by seat, the seed)."""
    table: dict[str, Any] = json.loads(json.dumps(variant.to_json()))
    return {"balance": FORMAT, "variant": table, "bots": list(bots), "seed": seed}


def play_deal(variant: Variant, bots: Sequence[str], seed: int, deal: int) -> dict[str, Any]:
    """Deal number ``deal`` played once per rotation of ``bots``: its results line."""
    family = variant_family(variant)
    tally = table_policy(family).tally
    makers = {name: bot_maker(name, family) for name in set(bots)}
    hand_seed = deal_seed(seed, deal)
    plays: list[dict[str, Any]] = []
    for index, seating in enumerate(bot_rotations(bots)):
        game = play_seating(variant, hand_seed, index, [makers[name] for name in seating])
        result = game.result
        assert result is not None
        counted = tally(game)
        kinds = dict(counted.kinds)
        bid = getattr(result, "bid", None)
        if bid is not None:
            kinds["bids"] = str(bid)
        plays.append({
            "bots": list(seating),
            "roles": list(counted.roles),
            "scores": list(result.scores),
            "stake": getattr(result, "stake", None),
            "counts": {name: n for name, n in counted.counts.items() if n},
            "kinds": kinds,
            "events": len(game.typed_events),
        })  # fmt: skip
    return {"deal": deal, "plays": plays}


@dataclass(frozen=True)
class Batch:
    """Deals to play together (one task of a pool): the table, the bots by seat, the seed, the deals' numbers."""

    variant: Variant
    bots: tuple[str, ...]
    seed: int
    deals: tuple[int, ...]


def play_batch(batch: Batch) -> list[dict[str, Any]]:
    """A batch's deals played, their lines in the batch's order."""
    return [play_deal(batch.variant, batch.bots, batch.seed, deal) for deal in batch.deals]


class Pool(Protocol):
    """Where batches are played: results come back in the order the batches were given, however they ran."""

    def results(self, batches: Iterator[Batch]) -> Generator[list[dict[str, Any]]]:
        """Each batch's lines, in order; batches are drawn from ``batches`` only as there is room to run them, and
        closing the iterator drops those still running."""
        ...


class LocalPool:
    """``workers`` processes of this machine (``paiju.ordered.local_map``), each batch a task; a run stopped early
    ends them at once."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = processes(workers)

    def results(self, batches: Iterator[Batch]) -> Generator[list[dict[str, Any]]]:
        """Each batch's lines, in order."""
        yield from local_map(play_batch, batches, self.workers)


def played_deals(
    header: dict[str, Any],
    groups: Sequence[Sequence[int]],
    make: Callable[[tuple[int, ...]], Batch],
    pool: Pool,
    out: Path | None,
) -> Iterator[list[dict[str, Any]]]:
    """The lines of each group of deals, in order: read from the results file ``out`` where it holds them, else
    played on ``pool`` (the deals missing, a batch a group) and appended to the file as each batch comes back. The
    caller may stop drawing at any group (a run that has its precision): nothing it did not draw is written."""
    done = {line["deal"]: line for line in read_deal_lines(out, header, "balance")} if out is not None else {}
    lacking = [tuple(d for d in group if d not in done) for group in groups]
    results = pool.results(make(deals) for deals in lacking if deals)
    with closing(results), ResultsSink(out, header) as sink:
        for group, deals in zip(groups, lacking, strict=True):
            if deals:
                lines = next(results)
                sink.append(lines)
                done.update((line["deal"], line) for line in lines)
            yield [done[d] for d in group]
