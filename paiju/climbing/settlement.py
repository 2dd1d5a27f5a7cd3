"""A finished hand's settlement in words: who won, the unit, and one line per seat.

The terminal prints it as a table and the server sends it in its ``result`` frame, so both say
the same thing about a hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from paiju.climbing.hand import Hand
from paiju.climbing.parts import HiddenPart
from paiju.climbing.state import Factor
from paiju.engine import Settlement, SettlementLine

__all__ = ["settlement"]

#: How each factor besides bombs, grabs and 加倍 is named in the unit, in the order it is written; its size is
#: ``Factor.times``.
_FACTOR_NAMES = {
    Factor.SPRING: "spring",
    Factor.RETREAT: "retreat",
    Factor.DECLARED: "declared",
    Factor.ALONE: "一打四",
    Factor.OPEN_START: "明牌开始",
    Factor.OPEN: "明牌",
    Factor.REVEAL: "亮出身份",
}


def settlement(game: Hand, names: Sequence[str]) -> Settlement:
    """The settlement of a finished hand, seats named by ``names``."""
    result = game.result
    if result is None:
        raise ValueError("the hand is not over yet")
    spec_left = len(game.hands[game.speculator]) if game.speculator is not None else None
    two = game.players == 2
    side = "the landlord wins" if result.landlord_won else "the farmer wins" if two else "the farmers win"
    how = "wins at once" if result.instant else "went out"
    summary = [f"{names[result.winner]} {how}: {side}."]
    factors = set(result.factors)
    grabs, doubles = result.factors.count(Factor.GRAB), result.factors.count(Factor.DOUBLE)
    extras = f" × {Factor.GRAB.times**grabs} 抢地主" if grabs else ""
    extras += f" × {Factor.DOUBLE.times**doubles} 加倍" if doubles else ""
    extras += "".join(f" × {f.times} {_FACTOR_NAMES[f]}" for f in _FACTOR_NAMES if f in factors)
    big = result.factors.count(Factor.BIG_BOMB)
    bombs = f"{Factor.BOMB.times}^{result.doublings - big} bombs"
    bombs += f" × {Factor.BIG_BOMB.times}^{big} hard bombs and rockets" if big else ""
    unit = f"bid {result.bid} × {bombs}{extras} = {result.stake}"
    five = game.state.five
    if five is not None:
        winners = "farmers win" if not result.landlord_won else "landlord wins" if five.hidden is None else "landlords win"
        summary[0] = f"{names[result.winner]} went out: the {winners}."
        summary += _five_sentences(unit.replace("bid", "base", 1), five, names)
    elif game.speculator is None:
        summary.append(f"{unit}, paid by or to {'the' if two else 'each'} farmer")
    else:
        summary.append(f"unit: {unit}; each seat scores its share × the unit")
    if result.retreat:
        summary.append(
            f"the speculator retreated: it sides with the winners ({result.speculator_side}), ×{Factor.RETREAT.times}"
        )
    elif result.speculator_side is not None and game.speculator is not None:
        left = "went out" if spec_left == 0 else f"ended with {spec_left} card" + ("" if spec_left == 1 else "s")
        summary.append(f"the speculator {left}: it sides with the {result.speculator_side}")
    partner = _partner_sentence(result.partnership, Factor.DECLARED in factors)
    if partner:
        summary.append(partner)
    view = game.observe(None)
    outcome = {
        "winner": result.winner,
        "landlord_won": result.landlord_won,
        "bid": result.bid,
        "stake": result.stake,
        "factors": [f.to_json() for f in result.factors],
        "instant": result.instant,
        "retreat": result.retreat,
        "speculator_side": result.speculator_side,
        "speculator_left": spec_left,
        "partnership": result.partnership,
        "doubles": list(five.doubles) if five is not None else [],  # public: each seat's 加倍
    }
    lines = []
    roles = view.roles()
    for s in range(game.players):
        role, score = roles[s], result.scores[s]
        share: float | None = None
        words = f"{'receives' if score >= 0 else 'pays'} {abs(score)}"  # one wording on every table
        if game.speculator is not None:
            share = score / result.stake if result.stake else 0.0
            text = f"{role}: {words} ({abs(share):g} × unit {result.stake})"
        else:
            doubled = " (doubled ×2)" if five is not None and five.doubles[s] else ""
            text = f"{role}{doubled}: {words}"
        lines.append(SettlementLine(s, role, score, share, text))
    return Settlement(tuple(summary), tuple(lines), outcome)


def _five_sentences(unit: str, five: HiddenPart, names: Sequence[str]) -> list[str]:
    """五人斗地主 (other-games.md §5.5): the multiplier M, the pairwise settlement and how the team became known."""
    team = "no hidden landlord: one against four" if five.hidden is None else (
        f"{names[five.hidden]} was the hidden landlord"
    )
    how = {"revealed": "revealed in the identity step", "twin": "known when the twin was played",
           "alone": "known when both copies were played"}.get(five.known, "never made known")
    return [
        f"M: {unit}; each landlord settles M × its 加倍 × the farmer's 加倍 with each farmer",
        f"{team} ({how})",
    ]


def _partner_sentence(partnership: str, declared: bool) -> str:
    """speculator.md §7: how the landlord played on a two-landlord table (empty elsewhere)."""
    return {
        "named": f"the small landlord declared itself, ×{Factor.DECLARED.times}"
        if declared
        else "the landlord played with a small landlord",
        "self": "the landlord named itself and played alone in secret",
        "alone": f"一打四: the landlord played one against all, ×{Factor.ALONE.times}",
        "none": "no card named a partner: the landlord played alone",
    }.get(partnership, "")
