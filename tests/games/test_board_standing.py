"""The figures a board shows beside each seat come from the game's own rules, sent with the
board: the page counts nothing itself. Here they are checked against the board's own stacks,
counted afresh, so that what the board draws and what it says of it agree."""

from __future__ import annotations

from bot.games.faces import face_for
from bot.games.registry import rules_for
from engine.claimit import CLAIM_MARKERS
from engine.gold_nuggets.state import STEAL_LASSOS
from i18n import english
from tests.games.stored import stored
from tests.games.test_boards import positions, seats


def _counted(stacks: dict[str, list[str]], seat: int) -> tuple[int, int]:
    """The seat's spaces (its marker on top) and the largest orthogonally connected group."""
    mine = {at for at, stack in stacks.items() if stack and stack[-1] == f"P{seat}"}
    largest, seen = 0, set[str]()
    for start in mine:
        if start in seen:
            continue
        size, todo = 0, [start]
        seen.add(start)
        while todo:
            col, row = map(int, todo.pop().split(","))
            size += 1
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                near = f"{col + dc},{row + dr}"
                if near in mine and near not in seen:
                    seen.add(near)
                    todo.append(near)
        largest = max(largest, size)
    return len(mine), largest


def test_a_claim_it_board_says_each_seats_spaces_and_largest_mine_as_its_stacks_show() -> None:
    rules, face = rules_for("claimit"), face_for("claimit")
    grown = 0
    for players in (2, 4):
        for state, last in positions("claimit", players, f"claimit standing {players}"):
            game = stored("claimit", state, seats(players), over=rules.is_over(state))
            table = face.board(game, 0, last, english()).table
            standing = [(s["spaces"], s["largest"]) for s in table["standing"]]
            assert standing == [_counted(table["board"], seat) for seat in range(players)]
            grown += sum(largest > 1 for _, largest in standing)
    assert grown


def test_a_claim_it_board_says_how_many_claim_markers_are_left() -> None:
    rules, face = rules_for("claimit"), face_for("claimit")
    for state, last in positions("claimit", 3, "claimit claims left"):
        game = stored("claimit", state, seats(3), over=rules.is_over(state))
        table = face.board(game, None, last, english()).table
        on_board = sum(stack.count("C") for stack in table["board"].values())
        assert table["claims_left"] == CLAIM_MARKERS - on_board


def test_a_claim_board_says_who_scores_together_and_what_each_counts() -> None:
    rules, face = rules_for("claim"), face_for("claim")
    counted = 0
    for players, units in ((3, [[0], [1], [2]]), (4, [[0, 2], [1, 3]])):
        for state, last in positions("claim", players, f"claim tally {players}"):
            game = stored("claim", state, seats(players), over=rules.is_over(state))
            table = face.board(game, None, last, english()).table
            assert table["units"] == units
            for unit, tally in zip(units, table["tally"], strict=True):
                piles = [
                    card["faction"]
                    for seat in unit
                    for pile in (table["scores"], table["gnomes"])
                    if pile
                    for card in pile[seat]
                ]
                assert tally == {f: piles.count(f) for f in table["factions"]}
                counted += sum(tally.values())
    assert counted


def test_a_gold_nuggets_board_says_how_many_lassos_a_steal_takes() -> None:
    rules, face = rules_for("nuggets"), face_for("nuggets")
    for state, last in positions("nuggets", 2, "nuggets lassos")[:3]:
        game = stored("nuggets", state, seats(2), over=rules.is_over(state))
        assert face.board(game, None, last, english()).table["steal_lassos"] == STEAL_LASSOS
