"""A seat's chance to win from its view alone (``engine.claim.win_chance``): a chance,
the same for the same deals, the result itself once the game is over, and high where the
seat has won whatever the unseen cards; a playout's lead counts for less the more tricks
with a choice were left, and the phase-1 model is made surer or less sure by the
players."""

from __future__ import annotations

import random

import pytest

from engine.claim import Phase, apply, view
from engine.claim.judge import replayed
from engine.claim.players.followers import sigmoid
from engine.claim.players.playout import playout
from engine.claim.scoring import count
from engine.claim.win_chance import (
    SPREAD,
    chance,
    exact,
    model_chance,
    one_deal,
    played_out,
    start_chance,
    valued,
)
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


def test_a_lead_with_a_trick_to_choose_in_left_is_likely_and_a_forced_one_certain() -> None:
    # Seat 1 takes the Knights with its 6 (the fast policy's play) and wins three factions
    # to two: a lead of one, and half for the tie-breaks, with one trick of choice left.
    state = last_knights()
    won = sigmoid(SPREAD[2] * 1.5)
    assert 0.9 < won < 1.0
    assert played_out(state, 1) == won
    assert played_out(state, 0) == pytest.approx(1.0 - won)
    # Once the Knights are taken, each hand holds its last card: nothing is left to choose.
    taken = played(state, [(1, "KNI6")])
    assert (played_out(taken, 1), played_out(taken, 0)) == (1.0, 0.0)


def test_the_start_of_phase_two_is_surer_with_two_players_and_less_with_teams() -> None:
    for players, surer in ((2, True), (3, False), (4, False)):
        start, _ = recorded(players, 5)
        begun = playout(start, Phase.P2)
        for seat in range(players):
            model = model_chance(begun, seat)
            scaled = start_chance(begun, seat)
            assert 0.0 < scaled < 1.0
            assert (scaled > 0.5) == (model > 0.5)
            assert (abs(scaled - 0.5) > abs(model - 0.5)) == surer, (players, seat, model)


def test_a_valued_chance_is_the_mean_of_its_deals_with_their_standard_error() -> None:
    start, actions = recorded(2, 4)
    state, _ = replayed(start, actions)[6]
    seen = view(state, 0)
    mean, error = valued(seen, random.Random(3), 40)
    assert mean == pytest.approx(chance(seen, random.Random(3), 40))
    assert 0.0 < error < 0.1
    # Four times the deals, half the error (within the spread's own noise).
    assert 0.35 < valued(seen, random.Random(4), 160)[1] / error < 0.65


def test_a_view_with_one_deal_or_a_solved_endgame_is_valued_without_error() -> None:
    start, actions = recorded(2, 3)
    views = [view(state, 0) for state, _ in replayed(start, actions)]
    assert any(exact(seen) for seen in views) and any(not one_deal(seen) for seen in views)
    for seen in views:
        if one_deal(seen) or exact(seen):
            assert valued(seen, random.Random(1), 8)[1] == 0.0
