"""One bot in two processes, two of Discord's four shards each, sharing one PostgreSQL
database and one emulated Discord with servers in every shard.

Games in every server play to the end, each server's clicks answered by the process
running its shard; a process killed mid-game leaves its games to the other, which
takes over their deadlines and computer players within the lease; back, it answers
its buttons again and takes its shards back.
"""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

from bot.service import GameService
from bot.storage import Database, Game, GameStatus
from bot.storage.opening import open_database
from emulator import Channel, DiscordEmulator, Guild, User, shard_of
from tests.e2e.running_bot import BotProcess, bot_environment
from tests.e2e.world import is_game_over, lobby_with, pick_button, started, turn_or_end
from tests.postgres_cluster import Cluster
from tests.quick_limits import QUICK_LIMITS

pytestmark = pytest.mark.long(seconds=10)

SHARDS = 4
TAKEOVER = 3.0
"""Seconds of a lease here (20 by default): a takeover comes within this."""


def environment(
    emulator: DiscordEmulator, database: str, shards: str, pause: float
) -> dict[str, str]:
    """A bot process's settings: some of the shards, a short lease."""
    return bot_environment(
        emulator,
        database,
        CLAIMIT_SHARD_COUNT=str(SHARDS),
        CLAIMIT_SHARDS=shards,
        CLAIMIT_TAKEOVER_SECONDS=str(TAKEOVER),
        CLAIMIT_BOT_PAUSE=str(pause),
    )


WAIT = 60.0
"""Seconds a lobby has to show a click, far beyond a busy machine's deferral."""
KILLABLE = 0.05
"""Seconds computer players pause between steps where a process is killed mid-game, so
that the kill lands between two of them."""


@dataclass
class Server:
    guild: Guild
    channel: Channel
    players: list[User]

    @property
    def shard(self) -> int:
        return shard_of(self.guild.id, SHARDS)


@dataclass
class Bot:
    emulator: DiscordEmulator
    processes: list[BotProcess]
    servers: list[Server]
    database: Database
    service: GameService
    """The test's own view of the shared database."""

    async def command(self, user: User, channel: Channel, command: str, **options: Any) -> None:
        await self.emulator.answer(await self.emulator.slash(user, channel, command, **options))

    async def game_in(self, server: Server) -> Game:
        games = await self.service.games_here(server.channel.id)
        if games:
            return games[0]
        rows = await self.service.active_game_ids()
        raise AssertionError(f"no open game in {server.guild.name} (active: {rows})")

    async def start_game(self, server: Server, bots: int) -> Game:
        host, *others = server.players
        await self.command(host, server.channel, "claimit new", bots=bots)
        lobby = await self.emulator.wait_for_message(server.channel, lambda m: m.buttons() != [])
        for player in others:
            await self.emulator.answer(await self.emulator.click(player, lobby, "Join"))
            lobby = await self.emulator.wait_for_message(
                server.channel, functools.partial(lobby_with, player.name), timeout=WAIT
            )
        await self.emulator.answer(await self.emulator.click(host, lobby, "Start"))
        await self.emulator.wait_for_message(server.channel, started, timeout=WAIT)
        return await self.game_in(server)

    async def human_to_move(self, game_id: int) -> User | None:
        game = await self.service.game(game_id)
        if game.state is None or game.status is not GameStatus.ACTIVE:
            return None
        seat = game.seats[game.state.turn]
        return None if seat.user_id is None else self.emulator.users[seat.user_id]

    async def click_once(self, server: Server, game_id: int, rng: random.Random) -> bool:
        """The human to move clicks a button of the game's table; ``False`` once
        the game is over."""
        game = await self.service.game(game_id)
        if game.status is not GameStatus.ACTIVE:
            return False
        mover = await self.human_to_move(game_id)
        if mover is None:
            await self.service_changed(game_id, game.version)
            return True
        message = await self.emulator.wait_for_message(server.channel, turn_or_end)
        if not game.shown or not message.button_labels():
            # The table is on its way (or about to show the turn).
            await asyncio.sleep(0.01)
            return True
        await self.emulator.answer(
            await self.emulator.click(mover, message, pick_button(message, rng, 0.5))
        )
        return True

    async def service_changed(self, game_id: int, version: int) -> None:
        """Until the game moves past ``version`` and shows it (a computer player, or the
        other process)."""
        for _ in range(2000):
            game = await self.service.game(game_id)
            if (game.version > version and game.shown) or game.status is not GameStatus.ACTIVE:
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"game {game_id} stayed at version {version}")

    async def finish(self, server: Server, game_id: int, rng: random.Random) -> Game:
        while await self.click_once(server, game_id, rng):
            pass
        return await self.service.game(game_id)


@pytest.fixture
def pause() -> float:
    """Seconds the bot's computer players wait between their steps: none, unless a test
    needs room between two of them (``KILLABLE``). Paused, four games took twice as long."""
    return 0.0


@pytest.fixture
async def bot(postgres: Cluster, pause: float) -> AsyncIterator[Bot]:
    url = await postgres.new_database()
    emulator = DiscordEmulator(max_concurrency=SHARDS, rate_limits=QUICK_LIMITS)
    await emulator.start()
    servers = []
    for n in range(SHARDS):
        players = [emulator.add_user(f"P{n}-{k}") for k in range(2)]
        # Ids with the shard in the bits Discord takes it from: a server per shard.
        guild = emulator.add_guild(f"Server {n}", players[0], id=((1024 + n) << 22) | 7)
        emulator.add_member(guild, players[1])
        servers.append(Server(guild, emulator.add_channel(guild, "games"), players))
    processes = [
        BotProcess(environment(emulator, url, "0-1", pause=pause)),
        BotProcess(environment(emulator, url, "2-3", pause=pause)),
    ]
    database = await open_database(url)
    try:
        await asyncio.gather(*(p.start() for p in processes))
        await emulator.wait_for_shards(SHARDS)
        yield Bot(emulator, processes, servers, database, GameService(database))
    finally:
        await asyncio.gather(*(p.stop() for p in processes if p.running), return_exceptions=True)
        await database.close()
        await emulator.close()


async def test_games_in_every_server_play_to_the_end_across_two_processes(bot: Bot) -> None:
    assert sorted(s.shard for s in bot.servers) == list(range(SHARDS))
    games = await asyncio.gather(*(bot.start_game(s, bots=1) for s in bot.servers))
    finished = await asyncio.gather(
        *(
            bot.finish(server, game.id, random.Random(n))
            for n, (server, game) in enumerate(zip(bot.servers, games, strict=True))
        )
    )
    for game in finished:
        assert game.status is GameStatus.FINISHED
        assert await bot.service.history.replay(game.id) == game.state
        assert len(await bot.service.history.results(game.id)) == 3
    # Each game leaves its one table, showing the result, and no ping behind.
    for server in bot.servers:
        await bot.emulator.wait_until(functools.partial(only_the_result, server.channel), 30)


def only_the_result(channel: Channel) -> bool:
    left = [m for m in channel.visible() if m.author.bot]
    return (
        len(left) == 1
        and is_game_over(left[0])
        and left[0].button_labels() == ["Replay", "What decided it", "Rematch"]
    )


async def holder(bot: Bot, shard: int) -> tuple[str, bool]:
    """Who holds a shard's lease, and whether as a stand-in."""
    [(name, standing_in)] = await bot.database.read(
        lambda connection: connection.fetch(
            "SELECT holder, stand_in FROM shard_leases WHERE shard = ?", (shard,)
        )
    )
    return str(name), bool(standing_in)


@pytest.mark.parametrize("pause", [KILLABLE], ids=["paused"])
async def test_a_killed_process_leaves_its_games_to_the_other_until_it_is_back(bot: Bot) -> None:
    first, second = bot.processes
    mine = [s for s in bot.servers if s.shard in (0, 1)]
    computers, clock = mine[0], mine[1]
    rng = random.Random(3)
    # One game waits on its computer players, the other on a human whose deadline is
    # about to pass.
    playing = await bot.start_game(computers, bots=2)
    waiting = await bot.start_game(clock, bots=1)
    while (await bot.human_to_move(playing.id)) is not None:
        await bot.click_once(computers, playing.id, rng)
    while (await bot.human_to_move(waiting.id)) is None:
        game = await bot.service.game(waiting.id)
        await bot.service_changed(waiting.id, game.version)
    await first.kill()
    said = len(second.lines)
    at_kill = await bot.service.game(playing.id)
    deadline_game = await bot.service.game(waiting.id)
    moves_before = len(await bot.service.history.moves(waiting.id))
    await bot.database.write(
        lambda connection: connection.execute(
            "UPDATE games SET deadline = 1 WHERE id = ?", (deadline_game.id,)
        )
    )
    # Discord keeps the command for the killed process's session, which nothing resumes:
    # back, the process identifies anew, and the command is never delivered.
    unheard = await bot.emulator.slash(computers.players[0], computers.channel, "claimit rules")

    await second.logged(r"standing in for shards \[0, 1\]", since=said)
    assert (await holder(bot, 0))[1] is True
    # The computer players move on there, and the deadline is handled there, once.
    await bot.service_changed(playing.id, at_kill.version)
    await bot.service_changed(waiting.id, deadline_game.version)
    assert deadline_game.state is not None
    late = deadline_game.state.turn
    moves = await bot.service.history.moves(waiting.id)
    assert moves[moves_before].seat == late
    after_deadline = await bot.service.game(waiting.id)
    # Handled twice, the seat would have two time-outs in a row (and a computer player).
    assert after_deadline.seats[late].timeouts == 1
    assert after_deadline.deadline is not None and after_deadline.deadline > 1

    said = len(second.lines)
    # Back with no pause: its computer players' steps need no room for a kill any more,
    # and paused they were two thirds of the time the games took to play on.
    first.environment = {**first.environment, "CLAIMIT_BOT_PAUSE": "0"}
    await first.start()
    # Back, it answers its servers' buttons at once and has its shards back.
    answered = await bot.emulator.answer(
        await bot.emulator.slash(computers.players[0], computers.channel, "claimit rules")
    )
    assert answered.response_message is not None
    assert unheard.response_type is None
    await second.logged(r"shards \[0, 1\] are another process's now", since=said)
    assert (await holder(bot, 0))[1] is False
    finished = await bot.finish(computers, playing.id, rng)
    assert finished.status is GameStatus.FINISHED
    # No move was made twice: the log replays to the final position.
    assert await bot.service.history.replay(playing.id) == finished.state
    await bot.finish(clock, waiting.id, rng)
    assert (
        await bot.service.history.replay(waiting.id) == (await bot.service.game(waiting.id)).state
    )
