"""Each rule and house ruling of docs/rules/gold-nuggets.md, and the rulebook's worked examples."""

from __future__ import annotations

import pytest

from engine.gold_nuggets import (
    EMPTY,
    BadDice,
    BonusTurn,
    Bust,
    Counts,
    GameAlreadyOver,
    GameOver,
    GameState,
    IllegalSetAside,
    IllegalTake,
    Phase,
    Roll,
    RulesError,
    SetAside,
    Take,
    Took,
    WrongPhase,
    apply,
    scores,
    winners,
)
from engine.gold_nuggets.actions import Action
from tests.engine.gold_nuggets.play import faces, position


def play(state: GameState, *actions: Action) -> tuple[GameState, list[object]]:
    events: list[object] = []
    for action in actions:
        state, happened = apply(state, action)
        events.extend(happened)
    return state, events


def roll(text: str) -> Roll:
    return Roll(faces(text))


def aside(**counts: int) -> SetAside:
    return SetAside(Counts(**counts))


def test_a_turn_starts_by_rolling_all_seven_dice() -> None:
    start = GameState.new(3, first=2)
    with pytest.raises(BadDice):
        apply(start, roll("NNNNNN"))
    rolled = apply(start, roll("NL23455")).state
    assert rolled.phase is Phase.SET_ASIDE and rolled.roll == faces("NL23455")
    assert rolled.turn == 2


def test_no_take_and_no_pass_before_the_first_set_aside() -> None:
    with pytest.raises(WrongPhase):
        apply(GameState.new(3), Take(None))


def test_after_every_roll_the_set_aside_comes_first() -> None:
    rolled = apply(GameState.new(3), roll("NL23455")).state
    for action in (Take(None), roll("NL23455")):
        with pytest.raises(WrongPhase):
            apply(rolled, action)


def test_any_number_of_lassos_and_nuggets_may_be_set_aside() -> None:
    rolled = apply(GameState.new(2), roll("LLLNN23")).state
    assert (
        rolled.pending_choices()
        == tuple(Counts(lasso, nugget) for lasso in range(4) for nugget in range(3))[1:]
    )


def test_a_new_number_needs_three_or_more_dice_not_necessarily_all() -> None:
    rolled = apply(GameState.new(2), roll("3333332")).state
    assert rolled.pending_choices() == tuple(Counts(three=n) for n in range(3, 7))
    for n in (1, 2):
        with pytest.raises(IllegalSetAside):
            apply(rolled, aside(three=n))


def test_a_number_already_set_aside_may_be_added_one_die_at_a_time() -> None:
    state = position(phase="decide", aside={"4": 3})
    rolled = apply(state, roll("4423")).state
    assert rolled.pending_choices() == (Counts(four=1), Counts(four=2))
    assert apply(rolled, aside(four=1)).state.aside == Counts(four=4)


def test_several_kinds_may_be_set_aside_from_one_roll() -> None:
    state = apply(GameState.new(2), roll("3335554")).state
    after = apply(state, aside(three=3, five=3)).state
    assert after.value == 8 and after.dice_left == 1
    state = apply(GameState.new(2), roll("444L235")).state
    assert apply(state, aside(lasso=1, four=3)).state.aside == Counts(lasso=1, four=3)


def test_more_than_rolled_or_nothing_is_illegal() -> None:
    rolled = apply(GameState.new(2), roll("NL23455")).state
    for counts in (Counts(nugget=2), EMPTY, Counts(five=2), Counts(lasso=1, two=1)):
        with pytest.raises(IllegalSetAside):
            apply(rolled, SetAside(counts))


def test_a_roll_allowing_no_set_aside_busts_and_the_dice_set_aside_are_lost() -> None:
    state = position(phase="decide", turn=2, centre=60, nuggets=[7, 5, 5], aside={"N": 2, "5": 3})
    after, events = apply(state, roll("23"))
    assert events == (Bust(2),)
    assert after == position(phase="roll", turn=0, centre=60, nuggets=[7, 5, 5])
    start, events = apply(GameState.new(3), roll("2233445"))
    assert events == (Bust(0),) and start.turn == 1


def test_rolling_again_rolls_only_the_dice_not_set_aside() -> None:
    state = position(phase="decide", aside={"L": 4})
    with pytest.raises(BadDice):
        apply(state, roll("NNNNNNN"))
    assert apply(state, roll("NNN")).state.phase is Phase.SET_ASIDE


def test_the_value_counts_nuggets_once_each_numbers_once_and_lassos_nothing() -> None:
    assert Counts(nugget=2, three=5).value == 5
    assert Counts(three=6).value == 3
    assert Counts(lasso=3, four=3).value == 4
    assert Counts(two=3, three=3, four=3).value == 9
    assert Counts(lasso=7).value == 0
    assert Counts(two=2, nugget=1).value == 1


def test_a_take_from_the_centre_takes_the_value_and_passes_the_turn() -> None:
    state = position(players=2, turn=1, phase="decide", centre=40, nuggets=[30, 7], aside={"N": 2})
    after, events = apply(state, Take(None))
    assert events == (Took(1, None, 2, 2),)
    assert (after.centre, after.nuggets, after.turn, after.phase) == (38, (30, 9), 0, Phase.ROLL)
    assert after.aside == EMPTY


def test_a_take_worth_zero_is_allowed_and_ends_the_turn() -> None:
    state = position(players=2, phase="decide", centre=70, nuggets=[3, 4], aside={"L": 2})
    after, events = apply(state, Take(None))
    assert events == (Took(0, None, 0, 0),)
    assert after.turn == 1 and after.centre == 70


def test_three_lassos_over_the_turns_rolls_allow_a_steal_from_any_opponent() -> None:
    state = position(players=3, phase="roll", centre=50, nuggets=[5, 12, 10])
    state, _ = play(state, roll("L233455"), aside(lasso=1), roll("444L23"), aside(lasso=1, four=3))
    with pytest.raises(IllegalTake):
        apply(state, Take(1))
    state, _ = play(state, roll("L2"), aside(lasso=1))
    assert state.can_steal
    for victim in (1, 2):
        after, events = apply(state, Take(victim))
        assert events == (Took(0, victim, 4, 4),)
        assert after.nuggets[victim] == state.nuggets[victim] - 4
        assert after.centre == 50
    assert apply(state, Take(None)).state.centre == 46


def test_a_steal_is_capped_by_what_the_opponent_holds() -> None:
    state = position(phase="decide", centre=40, nuggets=[20, 2, 15], aside={"L": 3, "5": 3})
    after, events = apply(state, Take(1))
    assert events == (Took(0, 1, 5, 2),)
    assert after.nuggets == (22, 0, 15)


def test_a_steal_may_name_an_opponent_holding_nothing() -> None:
    state = position(phase="decide", centre=40, nuggets=[20, 0, 17], aside={"L": 3, "N": 2})
    assert apply(state, Take(1)).events == (Took(0, 1, 2, 0),)


def test_a_player_never_takes_from_themselves_or_a_seat_not_at_the_table() -> None:
    state = position(phase="decide", centre=40, nuggets=[20, 0, 17], aside={"L": 3, "N": 2})
    for seat in (0, 3, -1):
        with pytest.raises(IllegalTake):
            apply(state, Take(seat))


def test_a_steal_never_ends_the_game() -> None:
    state = position(players=2, phase="decide", centre=1, nuggets=[30, 46], aside={"L": 3, "4": 3})
    after, events = apply(state, Take(1))
    assert events == (Took(0, 1, 4, 4),)
    assert after.phase is Phase.ROLL and after.nuggets == (34, 42)
    emptied = position(players=2, phase="decide", centre=1, nuggets=[73, 3], aside={"L": 3, "N": 3})
    assert apply(emptied, Take(1)).state.phase is Phase.ROLL


def test_all_seven_dice_set_aside_take_then_a_new_turn_of_the_same_seat() -> None:
    state = position(players=3, turn=1, phase="decide", aside={"N": 2, "3": 3})
    state = apply(state, roll("LN")).state
    state, _ = play(state, aside(lasso=1, nugget=1))
    assert state.phase is Phase.TAKE
    with pytest.raises(WrongPhase):
        apply(state, roll("NNNNNNN"))
    after, events = apply(state, Take(None))
    assert events == (Took(1, None, 6, 6), BonusTurn(1))
    assert (after.turn, after.phase, after.aside) == (1, Phase.ROLL, EMPTY)


def test_the_seven_dice_take_may_steal() -> None:
    state = position(phase="take", centre=40, nuggets=[10, 20, 7], aside={"L": 3, "N": 1, "4": 3})
    after, events = apply(state, Take(1))
    assert events == (Took(0, 1, 5, 5), BonusTurn(0))
    assert after.nuggets == (15, 15, 7)


def test_the_new_turn_is_compulsory_and_a_bust_in_it_keeps_the_take() -> None:
    state = position(players=2, phase="take", centre=40, nuggets=[10, 27], aside={"N": 4, "2": 3})
    state, events = play(state, Take(None))
    with pytest.raises(WrongPhase):
        apply(state, Take(None))
    state, more = play(state, roll("2233445"))
    assert events + more == [Took(0, None, 6, 6), BonusTurn(0), Bust(0)]
    assert state.nuggets == (16, 27) and state.turn == 1


def test_the_game_ends_when_the_last_nugget_leaves_the_centre() -> None:
    state = position(players=2, phase="decide", centre=3, nuggets=[30, 44], aside={"3": 3, "5": 3})
    after, events = apply(state, Take(None))
    assert events == (Took(0, None, 8, 3), GameOver((1,)))
    assert (after.phase, after.turn, after.centre, after.nuggets) == (Phase.OVER, 0, 0, (33, 44))
    for action in (Take(None), roll("NNNNNNN"), aside(nugget=1)):
        with pytest.raises(GameAlreadyOver):
            apply(after, action)


def test_a_seven_dice_take_that_empties_the_centre_ends_the_game_without_a_new_turn() -> None:
    state = position(
        players=2, turn=1, phase="take", centre=2, nuggets=[40, 35], aside={"N": 1, "L": 3, "2": 3}
    )
    after, events = apply(state, Take(None))
    assert events == (Took(1, None, 3, 2), GameOver((0,)))
    assert after.phase is Phase.OVER and after.turn == 1


def test_players_tied_for_most_all_win() -> None:
    state = position(phase="decide", centre=4, nuggets=[33, 37, 3], aside={"4": 3})
    after, events = apply(state, Take(None))
    assert events[-1] == GameOver((0, 1))
    assert winners(after) == (0, 1) and scores(after) == (37, 37, 3)


def test_turns_pass_clockwise_and_wrap() -> None:
    state = GameState.new(3, first=2)
    state, _ = play(state, roll("2233445"))
    assert state.turn == 0


def test_a_failing_action_changes_nothing() -> None:
    state = position(phase="decide", centre=40, nuggets=[20, 0, 17], aside={"L": 2, "N": 2})
    before = (state.turn, state.phase, state.centre, state.nuggets, state.aside, state.roll)
    for action in (Take(1), roll("NN"), aside(nugget=1), Roll(("x",) * 3)):  # type: ignore[arg-type]
        with pytest.raises(RulesError):
            apply(state, action)
    assert (state.turn, state.phase, state.centre, state.nuggets, state.aside, state.roll) == before


def test_example_1_seven_dice_take_five_then_play_again() -> None:
    state = GameState.new(3)
    state, events = play(
        state,
        roll("N2245L3"),
        aside(nugget=1),
        roll("33325L"),
        aside(three=3),
        roll("N33"),
        aside(nugget=1, three=2),
    )
    assert events == [] and state.phase is Phase.TAKE
    assert state.aside == Counts(nugget=2, three=5) and state.value == 5
    state, events = play(state, Take(None))
    assert events == [Took(0, None, 5, 5), BonusTurn(0)]
    assert (state.turn, state.phase, state.centre) == (0, Phase.ROLL, 72)


def test_example_2_the_extra_turn_with_three_lassos_may_take_from_anyone() -> None:
    state = position(centre=50, nuggets=[5, 12, 10])
    state, _ = play(state, roll("L233455"), aside(lasso=1), roll("444L23"))
    state, _ = play(state, aside(lasso=1, four=3), roll("L2"))
    assert state.pending_choices() == (Counts(lasso=1),)
    state, _ = play(state, aside(lasso=1))
    assert state.value == 4 and state.can_steal
    assert apply(state, Take(1)).state.nuggets == (9, 8, 10)
    assert apply(state, Take(None)).state.nuggets == (9, 12, 10)


def test_example_3_two_triples_are_worth_eight_but_six_threes_only_three() -> None:
    state = position(turn=1, centre=72, nuggets=[5, 0, 0])
    after, events = play(state, roll("3335552"), aside(three=3, five=3), Take(None))
    assert events == [Took(1, None, 8, 8)] and after.nuggets == (5, 8, 0)
    threes = apply(state, roll("3333332")).state
    assert apply(threes, aside(three=6)).state.value == 3
    assert apply(threes, aside(three=3)).state.dice_left == 4
