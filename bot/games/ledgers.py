"""A judged game's seats: each one's result, and its ledger (``engine.ledger``) against the
report's own figures, for the tests and benchmarks that check the judge adds up."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from bot.games.analysis import Analysis
from bot.storage.records import Result
from engine.ledger import Cost, SeatLedger, ledger


def results(won: Sequence[bool], teams: Sequence[Sequence[int]]) -> tuple[Fraction, ...]:
    """Each seat's result, in seat order: 1 for a win, 1/k of a win shared by k sides, 0
    for a loss; a seat of a team (``teams``, the rules' sides) has its side's."""
    winners = [side for side in teams if any(won[seat] for seat in side)]
    share = Fraction(1, len(winners)) if winners else Fraction(0)
    result = [Fraction(0)] * len(won)
    for side in winners:
        for seat in side:
            result[seat] = share
    return tuple(result)


def won_by_seat(standings: Iterable[Result], players: int) -> list[bool]:
    """Whether each of ``players`` seats won, in seat order, from a finished game's
    standings (a seat without one did not)."""
    won = [False] * players
    for standing in standings:
        won[standing.seat] = standing.won
    return won


def ledgers(
    analysis: Analysis, start: Sequence[float], result: Sequence[float]
) -> tuple[SeatLedger, ...]:
    """Each seat's ledger of a judged game (``engine.ledger``): its ``start`` chance (the
    game's win-chance model where it began) and ``result`` against the report's own
    figures, its luck summed and each decision's ``chance_cost`` (and what it gave each
    rival, where the report keeps it: ``Judged.given``)."""
    return ledger(
        start,
        result,
        (fortune.luck for fortune in analysis.fortunes),
        (Cost(d.seat, d.chance_cost, d.given) for d in analysis.decisions),
    )
