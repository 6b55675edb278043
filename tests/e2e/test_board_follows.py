"""The board following what its viewer does and sees, through the real bot and the emulated
Discord, as its page speaks to the bot: **Open the board** under a new game's table turns
the presser's board already open to that game (Discord only shows an Activity running
there, so the page asks nothing anew), and no one else's; a take-back is on the board as
the table tells it; a move made on a board that had not seen the game move on is refused
for that reason."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.games.registry import rules_for
from bot.service import Actor
from bot.storage import GameStatus
from bot.storage.game_values import Level
from tests.e2e.board_viewer import move_of, opened_from_the_table
from tests.e2e.test_board import on_two_processes
from tests.e2e.world import World, ephemeral_answer
from tests.features.takebacks.test_takebacks import acting, move, person, playing, rolled_and_chosen
from tests.postgres_cluster import Cluster

pytestmark = pytest.mark.e2e

MOVED_ON = "The game moved on since you looked: nothing changed."


@pytest.fixture
def world(board_world: World) -> World:
    return board_world


def shows(game_id: int) -> Any:
    return lambda f: f["type"] == "game" and f["game"]["id"] == game_id


async def test_open_the_board_under_a_new_game_turns_the_pressers_open_board_to_it(
    world: World, session: aiohttp.ClientSession
) -> None:
    first = await world.new_game(2, "claimit")
    ann, bo = (world.user(seat.user_id or 0) for seat in first.seats)
    boards = {user.id: await opened_from_the_table(world, session, user) for user in (ann, bo)}
    for board in boards.values():
        await board.wait_for(shows(first.id))
    finished = await world.played_out(first)
    assert finished.status is GameStatus.FINISHED
    for board in boards.values():
        await board.wait_for(lambda f: f["type"] == "game" and f["game"]["status"] == "finished")

    second = await world.new_game(2, "nuggets")
    assert second.id != first.id
    seen = {user: len(board.frames) for user, board in boards.items()}
    clicked = await world.click(ann, world.table(), "Open the board")
    assert clicked.response_type == 12
    # Ann's board, open on the finished game, turns to the one she opened it from.
    watching = await boards[ann.id].wait_for(lambda f: f["type"] == "watching", seen[ann.id])
    assert watching["game"] == second.id
    shown = await boards[ann.id].wait_for(shows(second.id), seen[ann.id])
    assert shown["game"]["title"] == "Gold Nuggets #1" and shown["game"]["you"] is not None

    # Bo pressed nothing: his board stays on what he watches, until he presses too.
    await world.quiet()
    assert not any(f["type"] in ("watching", "game") for f in boards[bo.id].frames[seen[bo.id] :])
    await world.click(bo, world.table(), "Open the board")
    await boards[bo.id].wait_for(shows(second.id), seen[bo.id])


@pytest.mark.postgres
async def test_a_launch_pressed_on_one_process_turns_the_board_open_on_the_other(
    tmp_path: Path, postgres: Cluster, session: aiohttp.ClientSession
) -> None:
    async with on_two_processes(tmp_path, postgres, session) as (world, game, boards):
        cy = world.players[2]
        # Cy watches nothing yet: each board lists the channel. The press is taken by the
        # process of the server's shard; the other hears of it through the database.
        await world.click(cy, world.table(), "Open the board")
        for board in boards:
            await board.wait_for(shows(game.id))


async def test_a_press_on_a_game_that_moved_on_is_refused_for_that(
    world: World, session: aiohttp.ClientSession
) -> None:
    game = await world.new_game(2, "nuggets")
    assert game.state is not None
    rules = rules_for(game.kind)
    (seat,) = rules.to_act(game.state)
    ann = world.user(game.seats[seat].user_id or 0)
    board = await opened_from_the_table(world, session, ann)
    looked = await board.wait_for(shows(game.id))
    # Ann's turn passes while her board is away (its press held): played on here.
    rng = random.Random(3)
    while seat in rules.to_act(game.state):
        intent = rules.decide(game.state, seat, Level.NORMAL, rng)
        await world.bots[0].service.turns.act(game.id, Actor(ann.id), None, intent)
        game = await world.settled(game.id)
    count = len(board.frames)
    await board.send(**move_of(looked))
    refused = await board.wait_for(lambda f: f["type"] == "refused", count)
    assert refused["text"] == MOVED_ON
    assert (await world.settled(game.id)).version == game.version


async def test_a_take_back_is_told_among_the_boards_last_moves(
    world: World, session: aiohttp.ClientSession
) -> None:
    game = await playing(world, "claimit")
    boards = {
        seat.seat: await opened_from_the_table(world, session, person(world, game, seat.seat))
        for seat in game.seats
    }
    rolled, chosen = await rolled_and_chosen(world, game)
    seat = acting(rolled)
    board = boards[seat]
    before = await board.game(version=chosen.version)
    *earlier, undone = before["game"]["happened"]
    taken = await world.click(person(world, chosen, seat), world.table(), "Take back")
    assert ephemeral_answer(taken) == "You took your last move back."
    back = await world.settled(game.id)
    after = await board.game(version=back.version)
    name = person(world, chosen, seat).name
    # As the table's headline says it, where the move was.
    assert after["game"]["happened"] == [*earlier, f"{name} took back their last move: {undone}"]
    for other in boards.values():
        assert (await other.game(version=back.version))["game"]["happened"] == after["game"][
            "happened"
        ]

    moved = await move(world, back)
    next_move = await board.game(version=moved.version)
    assert next_move["game"]["happened"][:-1] == after["game"]["happened"][-7:]


async def test_a_board_asking_whether_its_connection_carries_is_answered(
    world: World, session: aiohttp.ClientSession
) -> None:
    await world.start_game(2, "nuggets")
    board = await opened_from_the_table(world, session, world.players[0])
    count = len(board.frames)
    await board.send(type="ping")
    answer = await board.wait_for(lambda f: f["type"] in ("pong", "refused"), count)
    assert answer == {"type": "pong"}


async def test_a_move_made_as_a_board_turns_to_its_game_is_shown_on_it(
    world: World, session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move committed, and pushed to the game's boards, between a board's read of the game
    it turns to and its turning: the board is pushed the game after that move, not left a
    version behind until the next one."""
    game = await world.new_game(2, "nuggets")
    assert game.state is not None
    rules = rules_for(game.kind)
    (seat,) = rules.to_act(game.state)
    ann = world.user(game.seats[seat].user_id or 0)
    service, boards = world.bots[0].service, world.boards[0].boards
    read = service.game_for

    async def read_then_moved(game_id: int, actor: Actor) -> Any:
        seen = await read(game_id, actor)
        intent = rules.decide(seen.state, seat, Level.NORMAL, random.Random(3))
        await service.turns.act(game_id, Actor(ann.id), None, intent)
        # That move's push is done, to the boards that watched the game then: not this one.
        pushing = boards._pushing.get(game_id)
        if pushing is not None:
            await pushing
        return seen

    board = await opened_from_the_table(world, session, ann)
    await board.wait_for(shows(game.id))
    await board.send(type="list")
    await board.wait_for(lambda f: f["type"] == "games")
    monkeypatch.setattr(service, "game_for", read_then_moved)
    count = len(board.frames)
    await board.send(type="watch", game=game.id)
    await board.wait_for(lambda f: f["type"] == "watching", count)
    moved = (await world.settled(game.id)).version
    assert moved == game.version + 1
    shown = await board.wait_for(
        lambda f: shows(game.id)(f) and f["game"]["version"] == moved, count
    )
    assert shown["game"]["version"] == moved
