"""Claim It! as the platform drives it: its order of finish and its intents."""

from __future__ import annotations

import random

import pytest

from bot.games.claimit.game import CLAIMIT
from bot.games.rules import IllegalIntent
from bot.storage.game_values import Level
from engine.claimit import GameState, Place, Placement, Roll, Stop, apply, scores, winners
from tests.engine.claimit.playout import random_game


def test_the_winners_come_first_then_largest_mine_claims_and_spaces() -> None:
    for seed in range(30):
        final = list(random_game(random.Random(seed), 4))[-1].after
        table = scores(final)
        won = winners(table)
        standings = CLAIMIT.standings(final)
        for a in standings:
            for b in standings:
                sa, sb = table[a.seat], table[b.seat]
                key_a = (a.seat not in won, -sa.largest, -sa.claims, -sa.spaces)
                key_b = (b.seat not in won, -sb.largest, -sb.claims, -sb.spaces)
                assert (a.place < b.place) == (key_a < key_b)
                assert (a.place == b.place) == (key_a == key_b)
        assert {s.seat for s in standings if s.place == 1} == set(won)
        assert all(s.figures["largest_mine"] == table[s.seat].largest for s in standings)


def test_intents_become_actions_and_a_roll_draws_its_dice() -> None:
    state = GameState.new(2, first=0)
    roll = CLAIMIT.action(state, 0, "roll", random.Random(1))
    assert isinstance(roll, Roll) and len(roll.dice) == 3
    state = apply(state, Roll((1, 2, 3))).state
    first = state.pending_placements()[0]
    assert CLAIMIT.action(state, 0, "A", random.Random()) == Place(first)
    assert CLAIMIT.action(state, 0, str(first), random.Random()) == Place(first)
    assert CLAIMIT.action(state, 0, "stop", random.Random()) == Stop()
    for bad in ("Z", "F", "S1@x,y", "nonsense"):
        if bad == "F" and len(state.pending_placements()) > 5:
            continue
        with pytest.raises(IllegalIntent):
            CLAIMIT.action(state, 0, bad, random.Random())
    assert Placement(6, 6, "S6") not in state.pending_placements()
    with pytest.raises(IllegalIntent):
        CLAIMIT.apply(state, 0, Place(Placement(6, 6, "S6")))


def test_a_computer_players_intent_is_always_playable() -> None:
    rng = random.Random(5)
    state = GameState.new(3, first=1)
    for _ in range(300):
        if CLAIMIT.is_over(state):
            break
        seat = CLAIMIT.to_act(state)[0]
        intent = CLAIMIT.decide(state, seat, Level.HARD, rng)
        state = CLAIMIT.apply(state, seat, CLAIMIT.action(state, seat, intent, rng)).state
