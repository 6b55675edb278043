"""Legal placements for a roll: docs/rules/claim-it.md "Legal placements" and the rulebook
examples 2-4."""

from __future__ import annotations

import pytest

from engine.claimit import BadDice, GameState, Placement, WrongPhase
from tests.engine.claimit.positions import EXAMPLE_4_BOARD, claimed_row, position


def names(placements: tuple[Placement, ...]) -> list[str]:
    return [str(p) for p in placements]


def test_example_2_three_different_dice_give_six_choices_on_an_empty_board() -> None:
    state = GameState.new(3)
    assert names(state.legal_placements((2, 3, 5))) == [
        "S5@2,3", "S3@2,5", "S5@3,2", "S2@3,5", "S3@5,2", "S2@5,3",
    ]  # fmt: skip


def test_example_3_only_some_spaces_take_a_marker() -> None:
    state = position(
        {
            "5,1": ["P1"],
            "4,5": ["P0"],
            "5,4": ["S2"],
            "4,1": ["C", "P2"],
            "1,5": ["C", "P0"],
            "3,3": ["S5"],
        },
        players=3,
    )
    assert names(state.legal_placements((1, 4, 5))) == ["C@4,5", "S4@5,1", "C@5,4"]


def test_example_4_a_roll_with_no_legal_placement_is_a_bust() -> None:
    state = position(EXAMPLE_4_BOARD, players=3)
    assert state.legal_placements((3, 4, 6)) == ()


def test_doubles_merge_identical_assignments() -> None:
    assert names(GameState.new(2).legal_placements((2, 5, 2))) == ["S5@2,2", "S2@2,5", "S2@5,2"]


def test_triples_give_one_choice() -> None:
    assert names(GameState.new(2).legal_placements((4, 4, 4))) == ["S4@4,4"]


def test_the_order_of_the_dice_does_not_matter() -> None:
    state = GameState.new(2)
    assert state.legal_placements((5, 3, 2)) == state.legal_placements((2, 3, 5))


def test_a_squatter_already_on_the_board_cannot_be_placed_again() -> None:
    state = position({"1,1": ["S4"]})
    assert state.legal_placements((4, 4, 4)) == ()


def test_a_squatter_goes_on_another_players_marker() -> None:
    state = position({"2,3": ["P1"]})
    assert "S5@2,3" in names(state.legal_placements((2, 3, 5)))


def test_a_claim_marker_goes_on_the_players_own_marker_whatever_the_number() -> None:
    state = position({"2,3": ["P0"]})
    placements = names(state.legal_placements((2, 3, 5)))
    assert "C@2,3" in placements
    assert "S5@2,3" not in placements


def test_a_claim_marker_goes_on_a_squatter_whatever_the_number() -> None:
    state = position({"2,3": ["P1", "S1"]})
    assert "C@2,3" in names(state.legal_placements((2, 3, 5)))


def test_nothing_goes_on_a_stack_with_a_claim_marker_anywhere() -> None:
    for stack in (["C", "P0"], ["C", "P1"], ["P0", "C"], ["S1", "C"], ["P1", "S1", "C"]):
        state = position({"2,3": stack})
        assert not any(p.space == (2, 3) for p in state.legal_placements((2, 3, 5))), stack


def test_with_the_claim_supply_empty_no_claim_marker_can_be_placed() -> None:
    board = {
        **claimed_row(0, 1), **claimed_row(1, 2), **claimed_row(0, 3),
        **claimed_row(1, 4), **claimed_row(0, 5),
    }  # fmt: skip
    board["6,6"] = ["P0"]
    full = position(board, last_round={"caller": 0, "turns_left": 2})
    assert full.claim_supply == 0
    assert full.legal_placements((6, 6, 6)) == ()
    board["5,5"] = ["P0"]
    one_left = position(board, last_round={"caller": 0, "turns_left": 2})
    assert one_left.claim_supply == 1
    assert names(one_left.legal_placements((6, 6, 6))) == ["C@6,6"]


def test_placements_are_sorted_by_column_then_row() -> None:
    placements = GameState.new(2).legal_placements((6, 1, 3))
    assert [(p.col, p.row) for p in placements] == sorted((p.col, p.row) for p in placements)


@pytest.mark.parametrize(
    "dice", [(0, 1, 2), (1, 2, 7), (1, 2), (1, 2, 3, 4), (True, 2, 3), (1.0, 2, 3)]
)
def test_anything_but_three_dice_from_1_to_6_is_bad_dice(dice: tuple[int, ...]) -> None:
    with pytest.raises(BadDice):
        GameState.new(2).legal_placements(dice)


def test_legal_placements_are_asked_in_the_roll_phase_only() -> None:
    state = position({}, phase="place", dice=[1, 2, 3])
    with pytest.raises(WrongPhase):
        state.legal_placements((1, 2, 3))


def test_can_place_is_asked_in_the_roll_phase_only_and_refuses_bad_dice() -> None:
    with pytest.raises(WrongPhase):
        position({}, phase="place", dice=[1, 2, 3]).can_place((1, 2, 3))
    with pytest.raises(BadDice):
        GameState.new(2).can_place((1, 2, 7))
