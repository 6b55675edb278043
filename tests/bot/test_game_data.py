"""Saved data that does not fit its game is reported as damaged, and a game answers only
in its own server and channel (a button's custom_id can be copied anywhere)."""

from __future__ import annotations

import json

import pytest

from bot.service import Actor, GameService, Where
from bot.service.errors import GameBroken, NotHere
from bot.storage import Database, GameStatus
from engine.claimit import GameState, state_to_json
from tests.bot.fixtures import ANN, BO, started_game

HERE = Where(10, 1)


async def overwrite(database: Database, game_id: int, **columns: object) -> None:
    assignments = ", ".join(f"{column} = ?" for column in columns)
    await database.write(
        lambda connection: connection.execute(
            f"UPDATE games SET {assignments} WHERE id = ?", (*columns.values(), game_id)
        )
    )


async def set_aside(service: GameService, game_id: int, reason: str) -> None:
    """The game loads damaged (for ``reason``) and without a position, so that nothing
    downstream gets one that does not fit; no move is played, and the host can still
    cancel it."""
    loaded = await service.game(game_id)
    assert loaded.broken is not None and reason in loaded.broken
    assert loaded.state is None
    with pytest.raises(GameBroken):
        await service.turns.act(game_id, Actor(ANN.user_id), None, "roll")
    cancelled = await service.cancel(game_id, Actor(ANN.user_id))
    assert cancelled.status is GameStatus.CANCELLED


@pytest.mark.parametrize(
    ("columns", "reason"),
    [
        ({"state": json.dumps(state_to_json(GameState.new(5)))}, "for 5 players, but it has 2"),
        ({"state": json.dumps(state_to_json(GameState.new(2, variant=True)))}, "variant"),
        ({"first_seat": 4}, "first player's seat"),
        ({"first_seat": None}, "first player's seat"),
        ({"state": None}, "no saved position"),
        ({"end_reason": "bored"}, "'bored', is unknown"),
    ],
)
async def test_a_position_that_does_not_fit_its_game_marks_it_damaged(
    service: GameService, database: Database, columns: dict[str, object], reason: str
) -> None:
    game = await started_game(service, 2)
    await overwrite(database, game.id, **columns)
    await set_aside(service, game.id, reason)


async def test_seats_out_of_order_mark_a_game_damaged(
    service: GameService, database: Database
) -> None:
    game = await started_game(service, 3)
    await database.write(
        lambda connection: connection.execute(
            "DELETE FROM seats WHERE game_id = ? AND seat = 1", (game.id,)
        )
    )
    assert "not numbered" in ((await service.game(game.id)).broken or "")


async def test_a_game_answers_only_in_its_own_server_and_channel(service: GameService) -> None:
    lobby = await service.create_lobby(kind="claimit", guild_id=10, channel_id=1, host=ANN)
    elsewhere = [Where(11, 1), Where(10, 2)]
    for where in elsewhere:
        with pytest.raises(NotHere):
            await service.join(lobby.id, BO, None, where)
        with pytest.raises(NotHere):
            await service.cancel(lobby.id, Actor(ANN.user_id, where=where))
    lobby = await service.join(lobby.id, BO, None, HERE)
    game = await service.start(lobby.id, Actor(ANN.user_id, where=HERE), lobby.version)
    assert game.state is not None
    mover = Actor(game.seats[game.state.turn].user_id, where=Where(11, 1))
    with pytest.raises(NotHere):
        await service.turns.act(game.id, mover, game.version, "roll")
    with pytest.raises(NotHere):
        await service.leave(game.id, Actor(BO.user_id, where=Where(10, 2)), None)
    assert (await service.game(game.id)).version == game.version
    assert await service.history.moves(game.id) == []


async def test_a_game_with_a_thread_answers_there_and_in_its_channel(
    service: GameService,
) -> None:
    game = await started_game(service, 2)
    await service.messages.set_thread(game.id, 77)
    assert game.state is not None
    user = game.seats[game.state.turn].user_id
    outcome = await service.turns.act(
        game.id, Actor(user, where=Where(10, 77)), game.version, "roll"
    )
    with pytest.raises(NotHere):
        await service.turns.act(
            game.id, Actor(user, where=Where(10, 78)), outcome.game.version, "stop"
        )


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("version", "x"),
        ("version", 2.5),
        ("shown_version", b"\0"),
        ("deadline", "soon"),
        ("deadline", float("inf")),
        ("guild_id", "x"),
        ("turn_message_id", "x"),
        ("first_seat", "x"),
        ("created_at", "yesterday"),
    ],
)
async def test_a_damaged_value_marks_its_game_damaged_and_the_host_can_still_cancel(
    sqlite_database: Database, column: str, value: object
) -> None:
    """SQLite keeps text where a number belongs: the game loads, as damaged, whatever the
    value."""
    service = GameService(sqlite_database)
    game = await started_game(service, 2)
    await overwrite(sqlite_database, game.id, **{column: value})
    await set_aside(service, game.id, f"its {column} is damaged")


async def test_a_computer_players_level_no_level_names_marks_its_game_damaged(
    sqlite_database: Database,
) -> None:
    # The level was read as any text: the computer player's next move then failed in the
    # background, for ever, instead of the game being set aside.
    service = GameService(sqlite_database)
    game = await started_game(service, 1, bots=1)
    await sqlite_database.write(
        lambda connection: connection.execute(
            "UPDATE seats SET bot_level = 'genius' WHERE game_id = ? AND user_id IS NULL",
            (game.id,),
        )
    )
    await set_aside(service, game.id, "its bot_level is damaged")
