"""A bot process stops the way hosts expect: SIGTERM (systemd, ``docker stop``) and SIGINT
(Ctrl-C) both stop it gracefully, even when it was started with SIGINT ignored (as a
non-interactive shell starts a background job).

Stopped in the middle of a burst of clicks in all three games, every click is either
applied and shown, or not applied and answered (the bot says it is restarting), or,
once the bot has left the gateway, not delivered at all; the process exits 0 after one
log line; with PostgreSQL the other process takes its shards over at once, long before
their leases would run out.
"""

from __future__ import annotations

import asyncio
import random
import signal
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage import GameStatus
from bot.storage.opening import open_database
from emulator import DiscordEmulator
from tests.e2e.players import Table, lay_out, move, start_game
from tests.e2e.running_bot import BotProcess, bot_environment
from tests.e2e.world import ephemeral_answer, running_world
from tests.postgres_cluster import Cluster

pytestmark = [pytest.mark.slow, pytest.mark.long(seconds=4)]

SHARDS = 4
LEASE = 600.0
"""The longest lease there is: a takeover that comes before it ends came from the stop."""
RESTARTING = "I'm restarting right now, so nothing changed"


@dataclass
class Click:
    game_id: int
    version: int
    outcome: str
    """``applied``, ``refused`` (the bot is restarting), or ``undelivered`` (the bot had
    left the gateway: Discord tells the member that the interaction failed)."""
    after_stop: bool


@dataclass
class Burst:
    emulator: DiscordEmulator
    service: GameService
    tables: list[Table]
    stopped: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when the stop signal has been sent."""
    clicks: list[Click] = field(default_factory=list)


def settings(emulator: DiscordEmulator, database: str, shards: str | None) -> dict[str, str]:
    if shards is None:
        return bot_environment(emulator, database, CLAIMIT_TAKEOVER_SECONDS=str(LEASE))
    return bot_environment(
        emulator,
        database,
        CLAIMIT_TAKEOVER_SECONDS=str(LEASE),
        CLAIMIT_SHARD_COUNT=str(SHARDS),
        CLAIMIT_SHARDS=shards,
    )


async def play(burst: Burst, table: Table, rng: random.Random) -> None:
    """The player to move presses something the game offers, one click after another,
    until the bot is gone."""
    while True:
        game = await burst.service.game(table.game_id)
        if game.status is not GameStatus.ACTIVE:
            return
        pressed = await move(burst.emulator, table, game, rng)
        outcome = pressed.outcome
        if outcome == "answered":
            assert pressed.said.startswith(RESTARTING), pressed.said
            outcome = "refused"
        burst.clicks.append(Click(game.id, game.version, outcome, burst.stopped.is_set()))
        if outcome != "applied":
            return


async def burst_then_stop(burst: Burst, bot: BotProcess, clicks_first: int) -> int:
    """Players click in every game; once ``clicks_first`` clicks have been applied, the bot
    gets SIGTERM. Returns its exit status, once every player has stopped."""
    rng = random.Random(28)
    players = [
        asyncio.create_task(play(burst, table, random.Random(rng.random())))
        for table in burst.tables
    ]
    try:
        await burst.emulator.wait_until(
            lambda: sum(c.outcome == "applied" for c in burst.clicks) >= clicks_first, 120
        )
        await bot.signal(signal.SIGTERM)
        burst.stopped.set()
        status = await bot.exited()
        await asyncio.gather(*players)
    finally:
        for player in players:
            player.cancel()
    return status


async def check_every_click(burst: Burst) -> None:
    """Applied clicks are the games' moves, and every game shows its last one; a click
    that was not applied left its game where it was."""
    by_game: dict[int, list[Click]] = {}
    for click in burst.clicks:
        by_game.setdefault(click.game_id, []).append(click)
        assert click.outcome == "applied" or click.after_stop, click
    for table in burst.tables:
        clicks = by_game.get(table.game_id, [])
        game = await burst.service.game(table.game_id)
        applied = [c for c in clicks if c.outcome == "applied"]
        assert game.shown, f"game {game.id} is not shown"
        assert len(await burst.service.history.moves(game.id)) == len(applied), (table.kind, clicks)
        for click in clicks:
            if click.outcome != "applied":
                # Nothing came after it, so its game is still where the click found it.
                assert game.version == click.version, (table.kind, click, game.version)


def assert_one_clean_stop(bot: BotProcess) -> None:
    log = bot.log()
    assert "Traceback" not in log, log
    stops = [line for line in bot.lines if "claimit stopped" in line]
    assert len(stops) == 1, log
    assert "none cut off" in stops[0], stops[0]


async def test_sigterm_mid_burst_on_sqlite_finishes_each_click_or_refuses_it(
    emulator: DiscordEmulator, tmp_path: Path
) -> None:
    tables = lay_out(emulator, tuple(range(SHARDS)), SHARDS)
    path = str(tmp_path / "bot.sqlite3")
    bot = BotProcess(settings(emulator, path, None))
    database = await open_database(path)
    try:
        await bot.start()
        service = GameService(database)
        for table in tables:
            await start_game(emulator, service, table)
        burst = Burst(emulator, service, tables)
        assert await burst_then_stop(burst, bot, clicks_first=20) == 0, bot.log()
        assert_one_clean_stop(bot)
        await check_every_click(burst)
    finally:
        if bot.running:
            await bot.kill()
        await database.close()


async def test_sigterm_mid_burst_hands_the_shards_to_the_other_process_at_once(
    emulator: DiscordEmulator, postgres: Cluster
) -> None:
    url = await postgres.new_database()
    mine = lay_out(emulator, (0, 1), SHARDS)
    lay_out(emulator, (2, 3), SHARDS)  # the other process's servers
    stopping = BotProcess(settings(emulator, url, "0-1"))
    other = BotProcess(settings(emulator, url, "2-3"))
    database = await open_database(url)
    try:
        await other.start()
        # The first to start stands in for the shards of the other, until it starts.
        await other.logged(r"standing in for shards \[0, 1\]")
        said = len(other.lines)
        await stopping.start()
        # Taking its own shards back is heard at once, not at the next renewal.
        await asyncio.wait_for(
            other.logged(r"shards \[0, 1\] are another process's now", since=said), 10
        )
        service = GameService(database)
        for table in mine:
            await start_game(emulator, service, table)
        burst = Burst(emulator, service, mine)
        said = len(other.lines)
        assert await burst_then_stop(burst, stopping, clicks_first=20) == 0, stopping.log()
        assert_one_clean_stop(stopping)
        assert "shards 0, 1 released" in stopping.log()
        # A renewal comes every quarter lease (150 s): this is the release being heard.
        await asyncio.wait_for(other.logged(r"standing in for shards \[0, 1\]", since=said), 10)
        await check_every_click(burst)
    finally:
        for process in (stopping, other):
            if process.running:
                await process.kill()
        await database.close()


async def test_a_stopping_bot_answers_clicks_and_commands_that_it_is_restarting(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path) as world:
        table = await world.start_game(2)
        bot = world.bots[0]
        game = await bot.service.current_game(world.channel.id)
        assert game is not None
        await world.settled(game.id)
        pings = world.pings()
        bot.work.stop()
        mover = await world.human_to_move()
        assert mover is not None
        click = await world.click(mover, table, "Roll")
        assert ephemeral_answer(click).startswith(RESTARTING)
        board = await world.command(mover, "claimit board")
        assert ephemeral_answer(board).startswith(RESTARTING)
        rules = await world.command(mover, "claimit rules")
        assert ephemeral_answer(rules).startswith(RESTARTING)
        assert (await bot.service.game(game.id)).version == game.version
        # The table still offers the turn, and its ping is still there.
        assert "Roll" in table.button_labels() and world.pings() == pings
