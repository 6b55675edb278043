from __future__ import annotations

import random

from bot.games.claimit.turn_stats import TurnStats, turn_stats
from engine.claimit import Action, GameState, Place, Placement, Roll, Stop, TimeOut, apply
from tests.engine.claimit.playout import random_game


def test_busts_passes_and_stops_are_counted_per_seat() -> None:
    state = GameState.new(2, first=0)
    actions: list[Action] = []

    def play(action: Action) -> None:
        nonlocal state
        actions.append(action)
        state = apply(state, action).state

    def roll_and_place(dice: tuple[int, int, int]) -> None:
        play(Roll(dice))
        play(Place(state.pending_placements()[0]))

    play(Roll((1, 1, 4)))
    play(Place(Placement(1, 1, "S4")))
    play(Roll((4, 4, 4)))  # seat 0 busts
    roll_and_place((2, 3, 5))
    roll_and_place((1, 2, 6))
    play(Stop())  # seat 1 settles two spaces
    play(TimeOut())  # seat 0 passes
    roll_and_place((3, 3, 1))
    play(Stop())  # seat 1 settles one
    assert turn_stats(2, 0, False, actions) == [TurnStats(2, 1, 0), TurnStats(2, 0, 2)]


def test_turns_go_round_the_table_in_random_games() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        players = rng.randint(2, 5)
        steps = list(random_game(rng, players))
        first = steps[0].before.turn
        stats = turn_stats(players, first, False, [step.action for step in steps])
        turns = [s.turns for s in stats]
        # Everyone plays once per round, starting with the first player.
        assert max(turns) - min(turns) <= 1
        assert turns[first] == max(turns)
        assert all(s.busts <= s.turns for s in stats)
        assert max(s.best_turn for s in stats) >= 1
