"""A turn: roll, mandatory placement, bust, stop and settle (rulebook examples 4 and 5)."""

from __future__ import annotations

import pytest

from engine.claimit import (
    BadDice,
    Bust,
    GameAlreadyOver,
    GameState,
    IllegalPlacement,
    Phase,
    Place,
    Placement,
    Roll,
    Stop,
    Stopped,
    WrongPhase,
    apply,
    state_to_json,
)
from tests.engine.claimit.positions import EXAMPLE_4_BOARD, position


def board(state: GameState) -> dict[str, list[str]]:
    result: dict[str, list[str]] = state_to_json(state)["board"]
    return result


def test_a_roll_with_a_legal_placement_waits_for_the_player_to_place() -> None:
    state, events = apply(GameState.new(2), Roll((2, 3, 5)))
    assert events == ()
    assert state.phase is Phase.PLACE
    assert state.dice == (2, 3, 5)
    assert len(state.pending_placements()) == 6


def test_the_player_must_place_before_rolling_again_or_stopping() -> None:
    state, _ = apply(GameState.new(2), Roll((1, 2, 3)))
    with pytest.raises(WrongPhase):
        apply(state, Roll((1, 2, 3)))
    with pytest.raises(WrongPhase):
        apply(state, Stop())


def test_placing_needs_a_roll_first() -> None:
    with pytest.raises(WrongPhase):
        apply(GameState.new(2), Place(Placement(1, 2, "S3")))


def test_only_a_placement_the_roll_offers_is_accepted() -> None:
    state, _ = apply(GameState.new(2), Roll((1, 2, 3)))
    for wrong in (Placement(1, 2, "S4"), Placement(4, 4, "S3"), Placement(1, 2, "C")):
        with pytest.raises(IllegalPlacement):
            apply(state, Place(wrong))


def test_a_placed_squatter_sits_on_top_and_the_player_may_roll_or_stop() -> None:
    state = position({"6,6": ["P1"]})
    state, _ = apply(state, Roll((6, 6, 3)))
    state, events = apply(state, Place(Placement(6, 6, "S3")))
    assert events == ()
    assert state.phase is Phase.ROLL
    assert state.dice is None
    assert board(state) == {"6,6": ["P1", "S3"]}
    assert state.placed_this_turn


def test_a_claim_marker_sits_on_the_squatter_without_the_variant() -> None:
    state = GameState.new(2)
    for action in (Roll((1, 1, 2)), Place(Placement(1, 1, "S2")), Roll((1, 1, 5))):
        state, _ = apply(state, action)
    state, _ = apply(state, Place(Placement(1, 1, "C")))
    assert board(state) == {"1,1": ["S2", "C"]}
    state, _ = apply(state, Roll((3, 3, 2)))
    assert "S2@3,3" not in [str(p) for p in state.pending_placements()]


def test_in_the_variant_a_claim_frees_its_squatter_for_reuse_this_turn() -> None:
    state = GameState.new(2, variant=True)
    for action in (Roll((1, 1, 2)), Place(Placement(1, 1, "S2")), Roll((1, 1, 5))):
        state, _ = apply(state, action)
    state, _ = apply(state, Place(Placement(1, 1, "C")))
    assert board(state) == {"1,1": ["C"]}
    state, _ = apply(state, Roll((3, 3, 2)))
    state, _ = apply(state, Place(Placement(3, 3, "S2")))
    state, events = apply(state, Stop())
    assert events == (Stopped(0),)
    assert board(state) == {"1,1": ["C", "P0"], "3,3": ["P0"]}


def test_in_the_variant_a_bust_removes_a_claim_that_replaced_a_squatter() -> None:
    state = position({"2,2": ["P1"]}, variant=True)
    for action in (
        Roll((1, 1, 2)), Place(Placement(1, 1, "S2")), Roll((1, 1, 5)), Place(Placement(1, 1, "C")),
        Roll((2, 2, 3)), Place(Placement(2, 2, "S3")), Roll((2, 2, 6)), Place(Placement(2, 2, "C")),
    ):  # fmt: skip
        state, _ = apply(state, action)
    assert board(state) == {"1,1": ["C"], "2,2": ["P1", "C"]}
    state, events = apply(state, Roll((1, 1, 1)))
    assert events == (Bust(0),)
    assert board(state) == {"2,2": ["P1"]}


def test_example_4_a_bust_takes_back_this_turns_markers_and_passes_the_turn() -> None:
    state = position(EXAMPLE_4_BOARD, players=3)
    after, events = apply(state, Roll((6, 3, 4)))
    assert events == (Bust(0),)
    assert after.turn == 1
    assert after.phase is Phase.ROLL
    assert board(after) == {"4,2": ["P0"], "3,6": ["C", "P2"], "4,3": ["P1"], "1,1": ["P1"]}


def test_example_5_a_stop_settles_squatters_and_claims() -> None:
    state = position(
        {
            "5,5": ["S1"],
            "5,6": ["P1", "S6"],
            "6,2": ["P0", "C"],
            "4,3": ["S2", "C"],
            "3,4": ["P2", "S3", "C"],
            "1,1": ["C", "P1"],
        },
        players=3,
    )
    after, events = apply(state, Stop())
    assert events == (Stopped(0),)
    assert after.turn == 1
    assert board(after) == {
        "5,5": ["P0"],
        "5,6": ["P0"],
        "6,2": ["C", "P0"],
        "4,3": ["C", "P0"],
        "3,4": ["C", "P0"],
        "1,1": ["C", "P1"],
    }


def test_a_squatter_on_an_opponent_and_then_a_claim_take_the_spaces() -> None:
    state = position({"6,6": ["P1"]})
    for action in (
        Roll((6, 6, 3)), Place(Placement(6, 6, "S3")),
        Roll((1, 2, 4)), Place(Placement(1, 2, "S4")),
        Roll((2, 1, 1)), Place(Placement(1, 2, "C")),
    ):  # fmt: skip
        state, _ = apply(state, action)
    state, _ = apply(state, Stop())
    assert board(state) == {"6,6": ["P0"], "1,2": ["C", "P0"]}


def test_house_ruling_no_stop_before_the_first_placement() -> None:
    with pytest.raises(WrongPhase):
        apply(GameState.new(2), Stop())


def test_the_game_being_over_is_reported_before_bad_dice() -> None:
    over = position({"1,1": ["C", "P0"]}, phase="over", last_round={"caller": 0, "turns_left": 0})
    with pytest.raises(GameAlreadyOver):
        apply(over, Roll((0, 9, 9)))


def test_bad_dice_are_reported_before_the_wrong_phase() -> None:
    state, _ = apply(GameState.new(2), Roll((1, 2, 3)))
    with pytest.raises(BadDice):
        apply(state, Roll((0, 7, 3)))


def test_a_failed_action_leaves_the_state_as_it_was() -> None:
    state, _ = apply(GameState.new(2), Roll((1, 2, 3)))
    before = state_to_json(state)
    with pytest.raises(IllegalPlacement):
        apply(state, Place(Placement(6, 6, "S6")))
    assert state_to_json(state) == before


def test_the_state_cannot_be_changed_in_place() -> None:
    state = GameState.new(2)
    with pytest.raises(AttributeError):
        state.turn = 1  # type: ignore[misc]
