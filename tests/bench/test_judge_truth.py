"""The ledger of a judged game (``engine.ledger``, ``bench.judge_truth``): result less
start chance against luck, own decisions' cost and rivals', seat by seat, over seeded
games judged as their reports are. Claim It!'s and Gold Nuggets' (at 2, 3 and 4 players)
add up to the report's rounding (a millionth a figure): one value of a position tells a
game's luck and its decisions, Gold Nuggets' the solved game's at two, and a decision
gives each rival what that value says it did. Claim's adds up exactly inside a
solved endgame only (``tests/engine/claim_players/test_endgame.py``); before it, what its
estimating judge leaves is told term by term (``tests/bench/test_claim_ledger.py``;
Benchmarks, "Claim's ledger"). The ledger's arithmetic is checked by hand."""

from __future__ import annotations

import pytest

from bench.judge_truth import judged_game
from bot.storage.game_values import Level
from engine.ledger import Cost, ledger

ROUNDING = 1e-4
"""A report keeps each luck and cost to a millionth: a game's hundred-odd figures."""


@pytest.mark.parametrize(
    ("kind", "players", "seed"),
    [
        ("claimit", 2, 77000),
        ("claimit", 2, 77001),
        ("claimit", 3, 77000),
        ("claimit", 4, 77001),
        ("nuggets", 2, 77000),
        ("nuggets", 2, 77001),
        ("nuggets", 3, 77000),
        ("nuggets", 4, 77001),
    ],
)
def test_a_game_adds_up_for_every_seat(kind: str, players: int, seed: int) -> None:
    levels = [Level.EASY, Level.NORMAL, Level.EASY, Level.NORMAL][:players]
    found = judged_game((kind, levels[:: 1 if seed % 2 else -1], seed))
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
        [Cost(1, 0.2), Cost(0, 0.1)],
    )
    first = seats[0]
    assert (first.luck, first.own_cost, first.rivals_cost) == pytest.approx((0.5, 0.1, 0.1))
    assert first.explained == pytest.approx(0.5)
    assert first.leftover == pytest.approx(1 - 0.3 - 0.5)
    assert seats[1].rivals_cost == pytest.approx(0.05)
    assert seats[2].rivals_cost == pytest.approx(0.15)
    assert sum(seat.leftover for seat in seats) == pytest.approx(0)


def test_a_decision_gives_each_rival_what_the_judge_says_it_gave() -> None:
    # Seat 1's decision cost it 0.2, of which seat 0 got 0.15 and seat 2 0.05; seat 0's
    # cost 0.1, shared evenly for want of a per-seat figure.
    seats = ledger(
        (0.3, 0.3, 0.4),
        (1, 0, 0),
        [],
        [Cost(1, 0.2, (0.15, -0.2, 0.05)), Cost(0, 0.1)],
    )
    assert [seat.rivals_cost for seat in seats] == pytest.approx([0.15, 0.05, 0.1])
    assert [seat.own_cost for seat in seats] == pytest.approx([0.1, 0.2, 0])
