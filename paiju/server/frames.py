"""Frames built from a hand by pure functions: what one seat (or a spectator) is sent, and the settlement."""

from __future__ import annotations

from paiju.climbing import Game, observe
from paiju.server.history import card_counter
from paiju.server.protocol import ResultLine, ResultMessage, ViewMessage
from paiju.settlement import settlement

__all__ = ["LEGAL_CAP", "result_message", "view_message"]

#: Most legal actions a view frame lists; past it the client types cards and the server reads them.
LEGAL_CAP = 2000


def view_message(
    game: Game, seat: int | None, *, deadline: float | None, counter: bool, hand_number: int, auto_play: bool
) -> ViewMessage:
    """What ``seat`` sees of the hand (``None``: a spectator), its legal list cut to ``LEGAL_CAP``."""
    obs = observe(game, seat)
    view = obs.to_json()
    total = len(view["legal"])
    if total > LEGAL_CAP:
        view["legal"] = view["legal"][:LEGAL_CAP]
    return ViewMessage(
        view=view,
        seat=seat,
        deadline=deadline,
        counter=card_counter(game.variant, view) if counter and seat is not None else None,
        hand_number=hand_number,
        auto_play=auto_play,
        bids=[{"seat": s, "points": p} for s, p in obs.bid_history],
        legal_total=total,
    )


def result_message(
    game: Game, names: list[str], totals: list[int], log_id: str | None, hand_number: int
) -> ResultMessage | None:
    """The settlement of a finished hand, line by line with each seat's session total."""
    if game.result is None:
        return None
    done = settlement(game, names)
    lines = [
        ResultLine(seat=l.seat, role=l.role, score=l.score, text=l.text, share=l.share, name=names[l.seat], total=totals[l.seat])
        for l in done.lines
    ]
    return ResultMessage(
        scores=list(game.result.scores),
        lines=lines,
        multiplier=game.multiplier(),
        log_id=log_id,
        summary=list(done.summary),
        totals=totals,
        hand_number=hand_number,
    )
