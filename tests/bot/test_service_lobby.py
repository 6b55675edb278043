"""The lobby: creating, joining, leaving, computer seats, starting, cancelling."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import Actor, GameService, Player
from bot.service.errors import (
    AlreadyJoined,
    AlreadyStarted,
    BoardMovedOn,
    ChannelBusy,
    GameFinished,
    IllegalMove,
    LobbyFull,
    NoSuchBot,
    NotEnoughPlayers,
    NotHost,
    NotInGame,
)
from bot.storage import Database, GameStatus
from engine.claimit import Phase
from tests.bot.fixtures import ANN, BO, CY, DEE, EVE, PLAYERS, ScriptedDice

HOST = Actor(ANN.user_id)


async def lobby(service: GameService, channel_id: int = 1) -> int:
    game = await service.create_lobby(kind="claimit", guild_id=10, channel_id=channel_id, host=ANN)
    return game.id


async def test_a_new_lobby_seats_its_host_first(service: GameService) -> None:
    game = await service.create_lobby(
        kind="claimit", guild_id=10, channel_id=1, host=ANN, options={"variant": True}
    )
    assert game.status is GameStatus.LOBBY
    assert game.host_id == ANN.user_id
    assert [(s.seat, s.user_id, s.display_name) for s in game.seats] == [
        (0, ANN.user_id, ANN.display_name)
    ]
    assert game.options["variant"] is True
    assert game.state is None
    assert await service.current_game(1) == game


async def test_one_open_game_per_channel(service: GameService) -> None:
    await lobby(service, channel_id=1)
    with pytest.raises(ChannelBusy):
        await service.create_lobby(kind="claimit", guild_id=10, channel_id=1, host=BO)
    await lobby(service, channel_id=2)


async def test_joining_fills_seats_in_order_up_to_five(service: GameService) -> None:
    game_id = await lobby(service)
    for player in (BO, CY, DEE, EVE):
        game = await service.join(game_id, player, None)
    assert [s.user_id for s in game.seats] == [p.user_id for p in PLAYERS]
    assert [s.color for s in game.seats] == [0, 1, 2, 3, 4]
    with pytest.raises(LobbyFull):
        await service.join(game_id, Player(999, "Late"), None)
    with pytest.raises(AlreadyJoined):
        await service.join(game_id, BO, None)


async def test_a_lobby_change_based_on_an_old_view_is_refused(service: GameService) -> None:
    game = await service.create_lobby(kind="claimit", guild_id=10, channel_id=1, host=ANN)
    await service.join(game.id, BO, game.version)
    with pytest.raises(BoardMovedOn):
        await service.join(game.id, CY, game.version)
    with pytest.raises(BoardMovedOn):
        await service.start(game.id, HOST, game.version)


async def test_leaving_renumbers_the_seats(service: GameService) -> None:
    game_id = await lobby(service)
    for player in (BO, CY):
        await service.join(game_id, player, None)
    game = await service.leave(game_id, Actor(BO.user_id), None)
    assert [(s.seat, s.user_id) for s in game.seats] == [(0, ANN.user_id), (1, CY.user_id)]
    with pytest.raises(NotInGame):
        await service.leave(game_id, Actor(BO.user_id), None)


async def test_a_leaving_host_hands_the_lobby_over_and_an_empty_lobby_closes(
    service: GameService,
) -> None:
    game_id = await lobby(service)
    await service.join(game_id, BO, None)
    game = await service.leave(game_id, Actor(ANN.user_id), None)
    assert game.host_id == BO.user_id
    game = await service.leave(game_id, Actor(BO.user_id), None)
    assert game.status is GameStatus.CANCELLED
    assert await service.current_game(1) is None


async def test_only_the_host_adds_and_removes_computer_players(service: GameService) -> None:
    game_id = await lobby(service)
    await service.join(game_id, BO, None)
    with pytest.raises(NotHost, match=ANN.display_name):
        await service.add_bot(game_id, Actor(BO.user_id), None)
    game = await service.add_bot(game_id, HOST, None, "hard")
    bot = game.seats[2]
    assert bot.is_bot and bot.bot_level == "hard" and bot.user_id is None
    with pytest.raises(IllegalMove):
        await service.add_bot(game_id, HOST, None, "godlike")
    with pytest.raises(NoSuchBot):
        await service.remove_bot(game_id, HOST, None, 1)
    game = await service.remove_bot(game_id, HOST, None, 2)
    assert len(game.seats) == 2


async def test_the_host_starts_with_two_to_five_and_a_random_first_player(
    service: GameService, dice: ScriptedDice
) -> None:
    game_id = await lobby(service)
    with pytest.raises(NotEnoughPlayers):
        await service.start(game_id, HOST, None)
    await service.join(game_id, BO, None)
    await service.join(game_id, CY, None)
    with pytest.raises(NotHost):
        await service.start(game_id, Actor(BO.user_id), None)
    dice.values = [2]
    game = await service.start(game_id, HOST, None)
    assert game.status is GameStatus.ACTIVE
    assert game.first_seat == 2
    assert game.state is not None
    assert (game.state.players, game.state.turn, game.state.phase) == (3, 2, Phase.ROLL)
    with pytest.raises(AlreadyStarted):
        await service.join(game_id, DEE, None)
    with pytest.raises(AlreadyStarted):
        await service.add_bot(game_id, HOST, None)


async def test_the_first_player_comes_from_the_dice_source(database: Database) -> None:
    firsts = set()
    for seed in range(12):
        service = GameService(database, dice=ScriptedDice(seed=seed))
        game = await service.create_lobby(
            kind="claimit", guild_id=1, channel_id=100 + seed, host=ANN
        )
        await service.join(game.id, BO, None)
        await service.join(game.id, CY, None)
        firsts.add((await service.start(game.id, HOST, None)).first_seat)
    assert firsts == {0, 1, 2}


async def test_the_host_or_a_moderator_cancels_and_nobody_else(service: GameService) -> None:
    game_id = await lobby(service)
    await service.join(game_id, BO, None)
    with pytest.raises(NotHost):
        await service.cancel(game_id, Actor(BO.user_id))
    game = await service.cancel(game_id, Actor(BO.user_id, can_moderate=True))
    assert game.status is GameStatus.CANCELLED
    with pytest.raises(GameFinished, match="cancelled"):
        await service.cancel(game_id, HOST)
    assert await service.current_game(1) is None
    await lobby(service)


async def test_two_joins_for_the_last_seat_seat_one(service: GameService) -> None:
    """On PostgreSQL the second join waits for the first's hold on the game, then sees
    its seats: one is refused, and nobody seated is dropped."""
    game = await service.create_lobby(kind="claim", guild_id=10, channel_id=1, host=PLAYERS[0])
    for player in PLAYERS[1:3]:
        await service.join(game.id, player, None)
    for _ in range(5):
        tries = [service.join(game.id, PLAYERS[3], None), service.join(game.id, PLAYERS[4], None)]
        results = await asyncio.gather(*tries, return_exceptions=True)
        seated = [r for r in results if not isinstance(r, BaseException)]
        assert len(seated) == 1 and any(isinstance(r, LobbyFull) for r in results)
        final = await service.game(game.id)
        assert [s.user_id for s in final.seats] == [p.user_id for p in PLAYERS[:3]] + [
            seated[0].seats[-1].user_id
        ]
        await service.leave(game.id, Actor(seated[0].seats[-1].user_id), None)
