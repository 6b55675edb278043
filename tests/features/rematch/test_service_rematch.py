"""A finished game played again through the service: offered, answered, started once
with the same seats and computer players and the first player passed on, lapsing, and
refused in plain words to whoever may not."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.features.rematch import errors
from bot.features.rematch.service import RematchService
from bot.features.rematch.states import RematchState
from bot.service import Actor, GameService, Player
from bot.service.errors import NotHost
from bot.storage import Game, GameStatus
from bot.storage.game_values import Level
from tests.bot.fixtures import ANN, BO, CY, play_to_the_end, started_game
from tests.clock import ManualClock

pytestmark = pytest.mark.service_on_clock

LOBBY_TIME = 30 * 60


async def finished(service: GameService, players: int = 2, bots: int = 0) -> Game:
    game = await started_game(service, players, bots=bots)
    game = await play_to_the_end(service, game, random.Random(7))
    assert game.status is GameStatus.FINISHED
    return game


def actor(player: Player) -> Actor:
    return Actor(player.user_id)


async def test_everyone_saying_yes_starts_one_game_with_the_same_seats_the_first_passed_on(
    service: GameService, clock: ManualClock
) -> None:
    game = await finished(service, players=2, bots=1)
    offered = await service.part(RematchService).offer_rematch(game.id, actor(BO), game.channel_id)
    assert offered.offer.state is RematchState.OPEN and offered.started is None
    assert offered.offer.accepted == (BO.user_id,)
    assert offered.offer.expires_at == clock.now() + LOBBY_TIME
    assert offered.players == (ANN.user_id, BO.user_id)
    started = await service.part(RematchService).answer_rematch(game.id, actor(ANN), True)
    new = started.started
    assert new is not None and started.offer.state is RematchState.STARTED
    assert started.offer.new_game_id == new.id
    assert new.status is GameStatus.ACTIVE and new.kind == game.kind
    assert (new.guild_id, new.channel_id, new.thread_id) == (game.guild_id, game.channel_id, None)
    assert new.options == game.options and new.turn_timeout == game.turn_timeout
    assert game.number is not None
    assert new.host_id == game.host_id and new.number == game.number + 1
    assert [(s.user_id, s.bot_level) for s in new.seats] == [
        (s.user_id, s.bot_level) for s in game.seats
    ]
    assert game.first_seat is not None
    assert new.first_seat == (game.first_seat + 1) % len(game.seats)
    assert new.deadline is not None
    with pytest.raises(errors.RematchStarted, match=f"#{new.number}"):
        await service.part(RematchService).offer_rematch(game.id, actor(ANN), game.channel_id)


async def test_many_presses_at_once_start_exactly_one_game(service: GameService) -> None:
    game = await finished(service, players=3)
    await service.part(RematchService).offer_rematch(game.id, actor(CY), game.channel_id)
    tries = [
        service.part(RematchService).answer_rematch(game.id, actor(BO), True),
        service.part(RematchService).start_rematch(game.id, actor(ANN)),
        service.part(RematchService).answer_rematch(game.id, actor(ANN), True),
        service.part(RematchService).offer_rematch(game.id, actor(BO), game.channel_id),
    ]
    results = await asyncio.gather(*tries, return_exceptions=True)
    started = {r.started.id for r in results if not isinstance(r, BaseException) and r.started}
    assert len(started) == 1
    rematch = await service.part(RematchService).rematch(game.id)
    assert rematch is not None and rematch.started is not None
    assert rematch.started.id in started
    open_games = await service.games_of_member(game.guild_id, ANN.user_id)
    assert open_games == [rematch.started.id]


async def test_the_host_starts_with_those_who_said_yes(service: GameService) -> None:
    game = await finished(service, players=3)
    await service.part(RematchService).offer_rematch(game.id, actor(BO), game.channel_id)
    with pytest.raises(NotHost):
        await service.part(RematchService).start_rematch(game.id, actor(BO))
    said = await service.part(RematchService).answer_rematch(game.id, actor(CY), False)
    assert said.offer.state is RematchState.OPEN and said.offer.declined == (CY.user_id,)
    started = await service.part(RematchService).start_rematch(game.id, actor(ANN))
    assert started.started is not None
    assert [s.user_id for s in started.started.seats] == [ANN.user_id, BO.user_id]


async def test_too_many_declining_ends_the_offer(service: GameService) -> None:
    game = await finished(service, players=2)
    await service.part(RematchService).offer_rematch(game.id, actor(ANN), game.channel_id)
    ended = await service.part(RematchService).answer_rematch(game.id, actor(BO), False)
    assert ended.offer.state is RematchState.DECLINED and ended.started is None
    with pytest.raises(errors.RematchOver, match="Too many declined"):
        await service.part(RematchService).answer_rematch(game.id, actor(BO), True)
    again = await service.part(RematchService).offer_rematch(game.id, actor(BO), game.channel_id)
    assert again.offer.state is RematchState.OPEN and again.offer.answers == {BO.user_id: True}


async def test_an_offer_lapses_with_the_lobby_time(
    service: GameService, clock: ManualClock
) -> None:
    game = await finished(service, players=2)
    await service.part(RematchService).offer_rematch(game.id, actor(ANN), game.channel_id)
    assert await service.part(RematchService).next_rematch_lapse() == clock.now() + LOBBY_TIME
    clock.advance(LOBBY_TIME - 1)
    assert await service.part(RematchService).lapse_rematches() == []
    clock.advance(1)
    (lapsed,) = await service.part(RematchService).lapse_rematches()
    assert lapsed.game.id == game.id and lapsed.offer.state is RematchState.LAPSED
    assert await service.part(RematchService).lapse_rematches() == []
    assert await service.part(RematchService).next_rematch_lapse() is None
    with pytest.raises(errors.RematchOver, match="lapsed"):
        await service.part(RematchService).answer_rematch(game.id, actor(BO), True)


async def test_refusals_change_nothing(service: GameService) -> None:
    game = await finished(service, players=2)
    with pytest.raises(errors.NotInRematch):
        await service.part(RematchService).offer_rematch(game.id, actor(CY), game.channel_id)
    with pytest.raises(errors.RematchOver):
        await service.part(RematchService).answer_rematch(game.id, actor(BO), True)
    assert await service.part(RematchService).rematch(game.id) is None
    await service.part(RematchService).offer_rematch(game.id, actor(ANN), game.channel_id)
    with pytest.raises(errors.AlreadyAnswered, match="said yes"):
        await service.part(RematchService).offer_rematch(game.id, actor(ANN), game.channel_id)
    with pytest.raises(errors.AlreadyAnswered, match="said yes"):
        await service.part(RematchService).answer_rematch(game.id, actor(ANN), False)
    rematch = await service.part(RematchService).rematch(game.id)
    assert rematch is not None and rematch.offer.answers == {ANN.user_id: True}


async def test_only_a_game_played_to_its_end_is_played_again(service: GameService) -> None:
    running = await started_game(service, 2)
    with pytest.raises(errors.NoRematch):
        await service.part(RematchService).offer_rematch(running.id, actor(ANN), running.channel_id)
    cancelled = await service.cancel(running.id, actor(ANN))
    with pytest.raises(errors.NoRematch):
        await service.part(RematchService).offer_rematch(
            cancelled.id, actor(ANN), cancelled.channel_id
        )


async def test_a_game_opened_here_since_keeps_the_place(service: GameService) -> None:
    game = await finished(service, players=2)
    await service.create_lobby(
        kind="claimit", guild_id=game.guild_id, channel_id=game.channel_id, host=CY
    )
    await service.part(RematchService).offer_rematch(game.id, actor(ANN), game.channel_id)
    with pytest.raises(errors.RematchPlaceTaken, match="#2"):
        await service.part(RematchService).answer_rematch(game.id, actor(BO), True)
    rematch = await service.part(RematchService).rematch(game.id)
    assert rematch is not None and rematch.offer.accepted == (ANN.user_id,)


async def test_a_seat_left_to_a_computer_player_is_not_played_again(
    service: GameService,
) -> None:
    game = await started_game(service, 2, bots=0)
    game = await service.leave(game.id, actor(BO), None)
    game = await play_to_the_end(service, game, random.Random(3))
    assert [s.is_bot for s in game.seats] == [False, True]
    assert game.seats[1].bot_level is Level.NORMAL and game.seats[1].left_user_id == BO.user_id
    with pytest.raises(errors.TooFewForRematch) as refused:
        await service.part(RematchService).offer_rematch(game.id, actor(ANN), game.channel_id)
    assert str(refused.value) == (
        "A rematch needs at least 2 players, counting computer players; those who stood in "
        "for someone who left don't come along."
    )
    assert await service.part(RematchService).rematch(game.id) is None


async def test_the_host_alone_is_told_only_how_many_it_takes(service: GameService) -> None:
    game = await finished(service, players=3)
    await service.part(RematchService).offer_rematch(game.id, actor(ANN), game.channel_id)
    await service.part(RematchService).answer_rematch(game.id, actor(BO), False)
    with pytest.raises(errors.TooFewForRematch) as refused:
        await service.part(RematchService).start_rematch(game.id, actor(ANN))
    assert str(refused.value) == "A rematch needs at least 2 players, counting computer players."
