"""The ledger of a judged game (``engine.ledger``, ``bench.judge_truth``): result less
start chance against luck, own decisions' cost and rivals', seat by seat, over seeded
2-player games judged as their reports are. Claim It!'s and Gold Nuggets' add up to the
report's rounding (a millionth a figure): one value of a position tells a game's luck and
its decisions, Gold Nuggets' the solved game's. Claim's adds up exactly inside a solved
endgame only (``tests/engine/claim_players/test_endgame.py``); before it, what its
estimating judge leaves is told term by term (``tests/bench/test_claim_ledger.py``;
Benchmarks, "Claim's ledger"). The ledger's arithmetic is checked by hand."""

from __future__ import annotations

import pytest

from bench.judge_truth import judged_game
from bot.storage.game_values import Level
from engine.ledger import ledger

ROUNDING = 1e-4
"""A report keeps each luck and cost to a millionth: a game's hundred-odd figures."""


@pytest.mark.parametrize("kind", ["claimit", "nuggets"])
@pytest.mark.parametrize("seed", [77000, 77001])
def test_a_2_player_game_adds_up_for_every_seat(kind: str, seed: int) -> None:
    levels = [Level.EASY, Level.NORMAL][:: 1 if seed % 2 else -1]
    found = judged_game((kind, levels, seed))
    assert found.analysis.decisions and found.analysis.fortunes
    for seat in found.ledger:
        assert abs(seat.leftover) < ROUNDING, seat
    assert sum(seat.own_cost for seat in found.ledger) > 0.05, "decisions cost something"


def test_the_ledgers_arithmetic_by_hand() -> None:
    # Three seats: seat 0 won from 0.3, with +0.5 of luck over two events; seat 1's
    # decision cost it 0.2 (0.1 given to each other seat), seat 0's cost it 0.1.
    seats = ledger(
        (0.3, 0.3, 0.4),
        (1, 0, 0),
        [(0.2, -0.1, -0.1), (0.3, -0.2, -0.1)],
        [(1, 0.2), (0, 0.1)],
    )
    first = seats[0]
    assert (first.luck, first.own_cost, first.rivals_cost) == pytest.approx((0.5, 0.1, 0.1))
    assert first.explained == pytest.approx(0.5)
    assert first.leftover == pytest.approx(1 - 0.3 - 0.5)
    assert seats[1].rivals_cost == pytest.approx(0.05)
    assert seats[2].rivals_cost == pytest.approx(0.15)
    assert sum(seat.leftover for seat in seats) == pytest.approx(0)
