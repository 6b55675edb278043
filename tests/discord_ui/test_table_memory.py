"""The game as a move made here left it, kept for the show that follows the move: only
while that move is the one change made to the game here and nothing else held its
messages from the move's start on (a show, a ping, a feature's change), else read."""

from __future__ import annotations

import asyncio

from bot.background.game_locks import GameLocks
from bot.discord_ui.table_memory import TableMemory
from bot.storage import Game
from tests.clock import ManualClock
from tests.games.stored import stored


def at(version: int) -> Game:
    return stored("claimit", None, (), over=False, game_id=7, version=version)


def memory() -> TableMemory:
    return TableMemory(ManualClock())


def wired() -> tuple[TableMemory, GameLocks, GameLocks]:
    """A memory with the locks the live table tells it of: a game's (a move's, ``locks``)
    and its messages' (a show's, ``displays``)."""
    state = memory()
    return state, GameLocks(state.unheld), GameLocks(state.let_go)


def moved_alone(version: int) -> TableMemory:
    """A memory where a move of game 7 was made, the one change to it, leaving it at
    ``version``."""
    state = memory()
    state.moving(7)
    state.changed(7, at(version))
    state.moved(at(version))
    return state


def test_a_move_alone_is_kept_for_its_show_once() -> None:
    state = moved_alone(5)
    assert state.committed(7) == at(5)
    assert state.committed(7) is None


def test_a_move_with_another_change_made_meanwhile_is_read_again() -> None:
    state = memory()
    state.moving(7)
    state.changed(7, at(5))
    state.changed(7, None)  # a feature's change, committed before the move was answered
    state.moved(at(5))
    assert state.committed(7) is None


def test_a_change_after_the_move_makes_the_kept_one_stale() -> None:
    state = moved_alone(5)
    state.changed(7, None)
    assert state.committed(7) is None


def test_a_change_not_told_as_this_move_keeps_nothing() -> None:
    state = memory()
    state.moving(7)
    state.changed(7, at(4))
    state.moved(at(5))
    assert state.committed(7) is None


async def test_a_show_that_ends_during_the_move_or_after_it_makes_it_read_again() -> None:
    # A show under way may record its ping after the move read the game's row.
    state, _, displays = wired()
    async with displays.hold(7):
        state.moving(7)
        state.changed(7, at(5))
    state.moved(at(5))
    assert state.committed(7) is None
    # Anything that holds the game's messages after the move (a held ping, a feature's
    # show) may record where they are.
    state.moving(7)
    state.changed(7, at(6))
    state.moved(at(6))
    async with displays.hold(7):
        await asyncio.sleep(0)
    assert state.committed(7) is None


def test_a_game_over_keeps_nothing() -> None:
    state = moved_alone(5)
    state.forget(7)
    assert state.committed(7) is None


async def test_a_move_refused_leaves_nothing_once_its_game_is_let_go() -> None:
    # A press refused (not the presser's turn, a stale button) ends with no move: in a
    # process that never shows the game (another shard's, pressed in a direct message),
    # what the move noted would stay, and each later change of the game would add to it.
    state, locks, _ = wired()
    async with locks.hold(7):
        state.moving(7)
    for version in range(5, 50):
        state.changed(7, at(version))
    assert state._moving == {}
    # A move that did commit is kept for its show past its lock.
    async with locks.hold(7):
        state.moving(7)
        state.changed(7, at(50))
        state.moved(at(50))
    assert state.committed(7) == at(50)
