"""Every seat's chance to win from any position: a distribution over the seats, the rules'
result once the game is over, and the judge's options weighed on the same scale."""

from __future__ import annotations

import random

from engine.claimit import GameState, Phase, Place, Placement, Roll, Stop, apply
from engine.claimit.bots import Level, action_of, decide
from engine.claimit.judge import judged
from engine.claimit.outlook import Outlook
from engine.claimit.win_chance import chances
from tests.engine.claimit.positions import claimed_row, position

NEAR_THE_END = {
    **claimed_row(0, 1),
    **claimed_row(0, 2, range(1, 6)),
    **claimed_row(1, 6),
    **claimed_row(1, 5, range(1, 5)),
    "6,3": ["P2"],
    "5,3": ["C", "P2"],
}
"""Three players; seats 0 and 1 with 11 and 10 claims, 9 call the last round in a game of
three: the first stop of either calls it."""


def positions_of_a_game(seed: int) -> list[GameState]:
    """Every position of a game from ``NEAR_THE_END`` between the hard player and the
    others, to its end."""
    rng = random.Random(seed)
    levels = (Level.HARD, Level.NORMAL, Level.EASY)
    state = position(NEAR_THE_END, players=3)
    found = [state]
    while state.phase is not Phase.OVER:
        action = action_of(decide(state, levels[state.turn], rng), rng)
        state = apply(state, action).state
        found.append(state)
    return found


def test_the_chances_sum_to_one_at_every_position_and_end_in_the_result() -> None:
    states = positions_of_a_game(3)
    kinds = {(s.phase, s.placed_this_turn, s.last_round is not None) for s in states}
    assert (Phase.PLACE, False, True) in kinds and (Phase.ROLL, True, True) in kinds
    assert (Phase.ROLL, False, False) in kinds, "the last round is called on the way"
    for state in states:
        found = chances(state)
        assert len(found) == 3 and abs(sum(found) - 1) < 1e-12
        assert all(0 <= chance <= 1 for chance in found)
    final = states[-1]
    assert final.phase is Phase.OVER and sorted(chances(final)) == [0.0, 0.0, 1.0]


def test_a_game_over_shares_a_tie() -> None:
    board = {**claimed_row(0, 1), **claimed_row(1, 6), **claimed_row(2, 3, range(1, 4))}
    over = position(
        board, players=3, turn=1, phase="over", last_round={"caller": 0, "turns_left": 0}
    )
    assert chances(over) == (0.5, 0.5, 0.0)


def test_a_better_position_for_the_mover_is_a_better_chance() -> None:
    outlook = Outlook(position(NEAR_THE_END, players=3))
    worse, better = outlook.chances(-2.0), outlook.chances(3.0)
    assert better[0] > worse[0]
    assert better[1] < worse[1] and better[2] < worse[2]
    assert worse[1] > worse[2], "the rest goes mostly to the better board"


def test_in_the_last_round_a_rival_still_to_play_gets_more_of_the_rest() -> None:
    # Every seat holds the same board; seat 2 called the last round and plays its last
    # turn after the mover (seat 1), seat 0 has played its own.
    board = {
        **claimed_row(0, 1, range(1, 4)),
        **claimed_row(1, 3, range(1, 4)),
        **claimed_row(2, 6, range(1, 4)),
    }
    last = Outlook(position(board, players=3, turn=1, last_round={"caller": 2, "turns_left": 2}))
    assert last.still_to_play() == {2}
    assert last.rest[2] > 2 * last.rest[0] > 0
    before = Outlook(position(board, players=3, turn=1))
    assert before.still_to_play() == frozenset()
    assert before.rest[0] == before.rest[2]
    final = Outlook(position(board, players=3, turn=2, last_round={"caller": 2, "turns_left": 1}))
    assert final.still_to_play() == frozenset()
    assert final.rest[0] == final.rest[1], "the same board, neither to play"
    first = Outlook(position(board, players=3, turn=2, last_round={"caller": 1, "turns_left": 3}))
    assert first.still_to_play() == {0, 1}, "past the last seat to the first"


def test_the_best_option_costs_no_chance_and_is_the_positions_chance() -> None:
    board = {**claimed_row(0, 1, range(1, 3)), **claimed_row(0, 1, range(4, 7))}
    board.update({"6,6": ["C", "P1"], "5,6": ["P1"]})
    state = position(board, phase="place", dice=[3, 1, 1])
    judgement = judged(state, Place(state.pending_placements()[0]))
    assert judgement is not None
    best = max(judgement.worths, key=lambda option: judgement.worths[option])
    assert judgement.chances[best] == max(judgement.chances.values())
    assert chances(state)[0] == judgement.chances[best]
    ranked = sorted(judgement.worths, key=lambda option: judgement.worths[option])
    assert [judgement.chances[o] for o in ranked] == sorted(judgement.chances.values())


def test_rolling_on_and_stopping_are_weighed_by_the_same_chances() -> None:
    state = apply(position(NEAR_THE_END, players=3), Roll((6, 3, 1))).state
    state = apply(state, Place(state.pending_placements()[0])).state
    judgement = judged(state, Stop())
    assert judgement is not None and set(judgement.chances) == {"roll", "stop"}
    assert chances(state)[0] == max(judgement.chances.values())


def test_a_stop_that_wins_the_last_turn_is_a_sure_win() -> None:
    board = {
        **claimed_row(0, 1, range(1, 6)),
        **claimed_row(1, 6, range(1, 5)),
        "5,6": ["P1"],
        "6,6": ["P1"],
    }
    last_turn = position(board, last_round={"caller": 1, "turns_left": 1})
    rolled = apply(last_turn, Roll((6, 1, 1))).state
    placed = apply(rolled, Place(Placement(6, 1, "S1"))).state
    assert chances(placed) == (1.0, 0.0)
    assert 0 < chances(last_turn)[0] < 1
    earlier = position(board, last_round={"caller": 1, "turns_left": 2})
    rolled = apply(earlier, Roll((6, 1, 1))).state
    placed = apply(rolled, Place(Placement(6, 1, "S1"))).state
    assert chances(placed)[0] < 1, "a rival's turn is still to come"
