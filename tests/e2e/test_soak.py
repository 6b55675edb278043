"""A soak: many games at once where players vanish at random moments, by going quiet,
leaving the game, or leaving the server. Every single game must end."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage import Game, GameStatus
from emulator import Channel, User
from tests.e2e.world import World, describe, moves, pick_button, running_world

pytestmark = [pytest.mark.slow, pytest.mark.long(seconds=20)]

GAMES = 8
"""Enough for every way of vanishing (``SCHEDULE``), a lobby nobody starts (game 5) and
computer players (games 0 and 4), all at once."""
TURN = 600


@pytest.fixture
async def crowd(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    async with running_world(tmp_path, players=5, database=database_target) as world:
        yield world


async def open_games(world: World, channels: list[Channel]) -> list[tuple[Channel, Game]]:
    service = world.bots[0].service
    found = []
    for channel in channels:
        game = await service.current_game(channel.id)
        if game is not None:
            found.append((channel, game))
    return found


async def settle(world: World) -> None:
    """Until the bot has handled every passed deadline, caught up every message and no
    computer player is moving."""
    bot = world.bots[0]
    while (
        bot.table.computer.busy
        or not bot.table.reconciler.idle.is_set()
        or (await bot.service.deadlines.due_games()).due
    ):
        await asyncio.sleep(0.005)


SCHEDULE = {0: "quiet", 1: "leave", 4: "quiet", 7: "leave"}
"""Games whose player to move vanishes at the game's third click, whatever the dice:
every way of vanishing happens in every run. Any player may also vanish at random."""
SERVER_DEPARTURE_ROUND = 40


async def test_every_game_ends_however_its_players_vanish(crowd: World) -> None:
    world = crowd
    rng = random.Random(2026)
    humans = world.players[:5]
    channels = [world.discord.add_channel(world.guild, f"table-{n}") for n in range(GAMES)]
    for number, channel in enumerate(channels):
        seated = rng.sample(humans, rng.randint(2, 4))
        host, *others = seated
        lobby = await world.answered(host, "claimit new", where=channel)
        for player in others:
            await world.click(player, lobby, "Join")
        if number % 4 == 0:
            await world.select(host, lobby, "Add a computer player…", "easy")
        if number % 6 != 5:  # and a few lobbies nobody ever starts
            await world.click(host, lobby, "Start")
            # The lobby has become the game's table.
            assert "Join" not in lobby.button_labels() and "Roll" in lobby.button_labels()

    quiet: set[tuple[int, int]] = set()
    left: set[tuple[int, int]] = set()
    gone: set[int] = set()
    clicks = [0] * GAMES

    def present(user: User, game: Game) -> bool:
        here = (user.id, game.id)
        return here not in quiet and here not in left and user.id not in gone

    for round_number in range(20000):
        if round_number == SERVER_DEPARTURE_ROUND:
            # Mid-game, someone leaves the server (with games in several channels).
            leaving = rng.choice(humans)
            gone.add(leaving.id)
            await world.discord.remove_member(world.guild, leaving)
        await settle(world)
        games = await open_games(world, channels)
        if not games:
            break
        moved = False
        for channel, game in games:
            if game.status is not GameStatus.ACTIVE or game.state is None:
                continue
            user_id = game.seats[game.state.turn].user_id
            if user_id is None:
                continue
            user = world.user(user_id)
            if not present(user, game):
                continue
            buttons = [m for m in channel.visible() if moves(m)]
            if not buttons:
                continue
            number = channels.index(channel)
            clicks[number] += 1
            fate = SCHEDULE.get(number) if clicks[number] == 3 else None
            if fate is None and clicks[number] > 3:
                chance = rng.random()
                fate = "quiet" if chance < 0.006 else "leave" if chance < 0.012 else None
            if fate == "quiet":
                quiet.add((user.id, game.id))
            elif fate == "leave":
                await world.command(user, "claimit leave", where=channel)
                left.add((user.id, game.id))
            else:
                await world.click(user, buttons[-1], pick_button(buttons[-1], rng, 0.4))
            moved = True
        if not moved:
            world.clock.advance(TURN)
    else:
        raise AssertionError("games were still running after 20,000 rounds")

    service = world.bots[0].service
    assert await open_games(world, channels) == []
    assert await service.active_game_ids() == []
    statuses = []
    for channel in channels:
        for game_id in await game_ids_in(service, channel.id):
            game = await world.settled(game_id)
            statuses.append(game.status)
            assert game.status in (GameStatus.FINISHED, GameStatus.CANCELLED)
            assert game.deadline is None
            if game.state is not None:
                assert await service.history.replay(game.id) == game.state
        # Over, a game leaves no ping and nothing to press behind but a result's Replay:
        # its one table says how it ended.
        assert world.pings(channel) == [], describe(world.pings(channel)[0])
        pressable = [m.button_labels() for m in channel.visible() if m.buttons()]
        assert pressable in ([], [["Replay", "What decided it", "Rematch"]])
        assert len([m for m in channel.visible() if m.author.id == world.discord.bot.id]) == 1
    assert len(statuses) == GAMES
    assert GameStatus.FINISHED in statuses and GameStatus.CANCELLED in statuses
    assert len(quiet) >= 2 and len(left) >= 2 and gone, "every way of vanishing happened"


async def game_ids_in(service: GameService, channel_id: int) -> list[int]:
    rows = await service._db.read(
        lambda connection: connection.fetch(
            "SELECT id FROM games WHERE channel_id = ?", (channel_id,)
        )
    )
    return [int(row[0]) for row in rows]
