"""A seat's chance to win from its view alone (``engine.claim.win_chance``): a chance,
the same for the same deals, the result itself once the game is over, and high where the
seat has won whatever the unseen cards."""

from __future__ import annotations

import random

from engine.claim import Phase, apply, view
from engine.claim.judge import replayed
from engine.claim.scoring import count
from engine.claim.win_chance import chance
from tests.engine.claim_players.test_judge import last_knights, played, recorded


def test_a_chance_lies_between_none_and_certain_and_repeats_for_its_seed() -> None:
    start, actions = recorded(3, 4)
    for state, _ in replayed(start, actions)[::9]:
        for seat in range(3):
            found = chance(view(state, seat), random.Random(seat), 6)
            assert 0.0 <= found <= 1.0
            assert chance(view(state, seat), random.Random(seat), 6) == found


def test_a_finished_game_is_its_result() -> None:
    start, actions = recorded(2, 7)
    last, seat = replayed(start, actions)[-1]
    state, _ = apply(last, seat, actions[-1])
    assert state.phase is Phase.OVER
    winners = count(state).winners
    for seat in range(2):
        expected = 1.0 / len(winners) if seat in winners else 0.0
        assert chance(view(state, seat), random.Random(1), 3) == expected


def test_the_trick_that_decides_the_game_taken_makes_it_won_and_lost() -> None:
    taken = played(last_knights(), [(1, "KNI6")])
    assert chance(view(taken, 1), random.Random(2), 8) == 1.0
    assert chance(view(taken, 0), random.Random(2), 8) == 0.0
