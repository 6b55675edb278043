"""What a board offers where the channel's table offers more than one way to the same
move, or a move that can no longer be made: one clear way, and nowhere to place on a
cancelled game."""

from __future__ import annotations

from dataclasses import replace

from bot.games.face import Choice, Menu
from bot.games.faces import face_for
from bot.storage import GameStatus
from engine.claimit import Phase as ClaimItPhase
from engine.gold_nuggets import Counts, GameState, Phase
from i18n import english
from tests.games.stored import stored
from tests.games.test_boards import positions, seats


def intents(controls: tuple[Choice | Menu, ...]) -> list[str]:
    out = [c.intent for c in controls if isinstance(c, Choice)]
    return out + [o.intent for c in controls if isinstance(c, Menu) for o in c.options]


def test_with_only_lassos_set_aside_the_board_has_one_way_to_take_nothing() -> None:
    face = face_for("nuggets")
    state = GameState(3, 0, Phase.DECIDE, centre=67, nuggets=(4, 3, 3), aside=Counts(lasso=3))
    game = stored("nuggets", state, seats(3), over=False)
    channel = face.choices(game, english())
    assert any(isinstance(c, Menu) for c in channel)
    board = face.board(game, 0, None, english()).choices
    assert all(isinstance(c, Choice) for c in board)
    takes = [c for c in board if isinstance(c, Choice) and c.intent != "roll"]
    assert len(takes) == 1
    assert "nothing" in takes[0].label


def test_a_steal_menu_on_the_board_leaves_out_the_centre_its_button_takes_from() -> None:
    face = face_for("nuggets")
    state = GameState(
        3, 0, Phase.DECIDE, centre=67, nuggets=(4, 3, 3), aside=Counts(lasso=3, nugget=2)
    )
    game = stored("nuggets", state, seats(3), over=False)
    board = face.board(game, 0, None, english()).choices
    every = intents(board)
    assert len(every) == len(set(every))
    channel = intents(
        tuple(c for c in face.choices(game, english()) if isinstance(c, (Choice, Menu)))
    )
    assert set(every) == set(channel)


def test_a_cancelled_claim_it_board_offers_nowhere_to_place() -> None:
    face = face_for("claimit")
    state = next(
        state
        for state, _ in positions("claimit", 2, "claimit cancelled")
        if state.phase is ClaimItPhase.PLACE
    )
    game = stored("claimit", state, seats(2), over=False)
    assert face.board(game, None, None, english()).table["placements"]
    cancelled = face.board(replace(game, status=GameStatus.CANCELLED), None, None, english())
    assert cancelled.table["placements"] == []
    assert cancelled.choices == ()
    assert cancelled.words.startswith("The game was cancelled")
