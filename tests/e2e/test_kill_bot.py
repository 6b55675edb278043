"""The real bot, in its own process, killed (SIGKILL) at random moments while people
play several games against the emulated Discord (and chat in between, so that tables
move to the bottom of their channels too), and started again each time.

No acknowledged action is lost: every click the bot answered by showing its result
is in the move log, as the move that the clicked version led to. No game is left
without its one table: once the last restart has caught up, every game's table shows
the version the database holds and its last move, with the buttons of whoever is to
act (or its result, once over). No game has a second table or a second ping left in
its channel, nor a ping once it is over. Every game replays from its move log.

    CLAIMIT_KILL_CYCLES=120 .venv/bin/pytest tests/e2e/test_kill_bot.py

runs the long version (the suite runs a few cycles).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import sqlite3
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.games.faces import face_for
from bot.service import GameService
from bot.storage import Game, GameStatus
from bot.storage.opening import open_database
from emulator import Channel, DiscordEmulator, Interaction, Message, User
from i18n import english
from tests.e2e.running_bot import BotProcess, bot_environment
from tests.e2e.world import describe, moves, pick_button, title_of
from tests.quick_limits import QUICK_LIMITS

pytestmark = [pytest.mark.slow, pytest.mark.long(seconds=25)]

CYCLES = int(os.environ.get("CLAIMIT_KILL_CYCLES", "8"))
"""Kills in the suite's run: each lands at a random moment among six tables' clicks, so
eight already kill the bot mid-click, mid-show and mid-catch-up; the long run is for
the rare timings."""
TABLES = 6
ANSWERING = 60.0
"""Seconds the restarted bot has to answer the clicks a kill waits for: a bot that
answers none in that time fails the test."""
CHAT = 0.03
"""The chance that someone at a table says something before a click: the next change
then moves the table to the bottom."""
TURN_BUTTON = re.compile(r"claimit:turn:(\d+):(\d+):(\w+)")
GAME_BUTTON = re.compile(r"claimit:(?:turn|lobby):(\d+):(\d+):\w+")
ROLLED = re.compile(r"rolled (\d)·(\d)·(\d)")
TABLE_TITLE = re.compile(r"Claim It! (?:· game |#)(\d+)")
PING_OF = re.compile(r"it's your turn in \[Claim It! #(\d+)\]")
"""Which game a table or a ping is about: its number, which in this test's one server
playing one kind of game is also its id."""


@dataclass
class Click:
    """A click on a turn button the bot answered by showing what it did."""

    game: int
    version: int
    action: str
    dice: tuple[int, ...] | None


@dataclass
class Table:
    channel: Channel
    host: User
    guest: User
    acknowledged: list[Click] = field(default_factory=list)
    first_versions: dict[int, int] = field(default_factory=dict)
    """Each game's version when its first turn was shown: moves count from there."""


class Bot:
    """The bot's process: started, killed, started again."""

    def __init__(self, emulator: DiscordEmulator, database: Path) -> None:
        self.process = BotProcess(bot_environment(emulator, str(database)))
        self.up = asyncio.Event()
        self.gone = asyncio.Event()

    async def start(self) -> None:
        await self.process.start()
        self.gone.clear()
        self.up.set()

    async def kill(self) -> None:
        self.up.clear()
        assert await self.process.kill() == -signal.SIGKILL
        self.gone.set()

    async def stop(self) -> None:
        assert await self.process.stop() == 0, self.process.log()


async def act(
    emulator: DiscordEmulator, bot: Bot, sending: Coroutine[Any, Any, Interaction]
) -> Interaction | None:
    """A command or click, once answered; ``None`` if the bot died first (Discord would
    tell the member that the interaction failed)."""
    try:
        interaction = await sending
    except (RuntimeError, ConnectionError):
        if bot.up.is_set():
            raise
        return None  # sent just as the bot died
    answer = asyncio.ensure_future(emulator.answer(interaction))
    killed = asyncio.ensure_future(bot.gone.wait())
    await asyncio.wait({answer, killed}, return_when=asyncio.FIRST_COMPLETED)
    killed.cancel()
    if answer.done():
        return interaction
    answer.cancel()
    return None


def open_game(database: Path, channel: Channel) -> tuple[int, str, int, int | None] | None:
    """The channel's open game as (id, status, version, user to move), from the file."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        row = connection.execute(
            "SELECT id, status, version, state FROM games WHERE channel_id = ? "
            "AND status IN ('lobby', 'active')",
            (channel.id,),
        ).fetchone()
        if row is None:
            return None
        game_id, status, version, state = row
        mover = None
        if state is not None:
            (mover,) = connection.execute(
                "SELECT user_id FROM seats WHERE game_id = ? AND seat = ?",
                (game_id, json.loads(state)["turn"]),
            ).fetchone()
    return game_id, status, version, mover


async def play(
    emulator: DiscordEmulator, bot: Bot, table: Table, database: Path, rng: random.Random
) -> None:
    """Plays the table's games for as long as the test runs, clicking whatever the
    database says is due, on whatever message shows it."""
    players = {table.host.id: table.host, table.guest.id: table.guest}
    while True:
        await bot.up.wait()
        await asyncio.sleep(rng.uniform(0, 0.02))
        game = open_game(database, table.channel)
        if game is None:
            await act(emulator, bot, emulator.slash(table.host, table.channel, "claimit new"))
            continue
        game_id, status, version, mover = game
        message = latest_with(table.channel, f":{game_id}:{version}:")
        if message is None:
            await asyncio.sleep(0.01)  # its message is on the way (or being caught up)
            continue
        if status == "lobby":
            seated = table.guest.name in describe(message)
            user, label = (table.host, "Start") if seated else (table.guest, "Join")
            await act(emulator, bot, emulator.click(user, message, label))
            continue
        if mover not in players:
            await asyncio.sleep(0.01)
            continue
        if rng.random() < CHAT:
            await emulator.say(table.guest, table.channel, "nice one")
        if table.first_versions.get(game_id, version) >= version:
            table.first_versions[game_id] = version
        label = pick_button(message, rng, 0.35)
        custom_id = message.button(label)["custom_id"]
        click = await act(emulator, bot, emulator.click(players[mover], message, custom_id))
        if click is not None and click.response_type == 7:
            match = TURN_BUTTON.fullmatch(custom_id)
            assert match is not None
            rolled = ROLLED.search(describe(message))
            dice = tuple(map(int, rolled.groups())) if rolled and match[3] == "roll" else None
            table.acknowledged.append(Click(int(match[1]), int(match[2]), match[3], dice))


async def acknowledged(tables: list[Table], more: int) -> None:
    """Until ``more`` clicks more have been answered across the tables. The bot is killed
    after a number of clicks rather than of seconds: a loaded machine stretches seconds,
    and a run that killed after 0.05-0.8 s once saw 8 clicks answered in 8 cycles."""
    wanted = sum(len(table.acknowledged) for table in tables) + more
    while sum(len(table.acknowledged) for table in tables) < wanted:
        await asyncio.sleep(0.01)


def latest_with(channel: Channel, version: str) -> Message | None:
    """The newest message whose buttons belong to this game at this version."""
    for message in reversed(channel.visible()):
        if any(version in str(b.get("custom_id")) for b in message.buttons()):
            return message
    return None


async def test_sigkill_at_random_moments_loses_nothing_and_leaves_no_game_unshown(
    tmp_path: Path,
) -> None:
    emulator = DiscordEmulator(rate_limits=QUICK_LIMITS)
    await emulator.start()
    owner = emulator.add_user("Owner")
    guild = emulator.add_guild("Kills", owner)
    tables = []
    for n in range(TABLES):
        host, guest = emulator.add_user(f"H{n}"), emulator.add_user(f"G{n}")
        emulator.add_member(guild, host)
        emulator.add_member(guild, guest)
        tables.append(Table(emulator.add_channel(guild, f"table-{n}"), host, guest))
    database = tmp_path / "bot.sqlite3"
    bot = Bot(emulator, database)
    rng = random.Random(2026)
    await bot.start()
    players = [
        asyncio.create_task(play(emulator, bot, t, database, random.Random(rng.random())))
        for t in tables
    ]
    try:
        for _ in range(CYCLES):
            # After none to ten more clicks answered (none: mid-catch-up), and then a
            # moment in the clicks under way.
            await asyncio.wait_for(acknowledged(tables, rng.randint(0, 10)), ANSWERING)
            await asyncio.sleep(rng.uniform(0, 0.2))
            await bot.kill()
            await bot.start()
        for player in players:
            if player.done():
                player.result()  # a player that stopped early failed: show why
            player.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        await caught_up(database)
        await bot.stop()
    finally:
        for player in players:
            player.cancel()
        if bot.process.running:
            await bot.process.kill()
        await emulator.close()

    clicks = [c for t in tables for c in t.acknowledged]
    await no_acknowledged_click_lost(database, tables)
    games = await every_game_shows_its_current_version(database, emulator, tables)
    posted = [m for t in tables for m in t.channel.messages if m.author.bot]
    moved = sum(m.deleted and TABLE_TITLE.match(title_of(m)) is not None for m in posted)
    pinged = sum(bool(m.mentions) for m in posted)
    print(
        f"{CYCLES} kills, {len(clicks)} acknowledged clicks all in the log, {games} games "
        f"shown; tables moved to the bottom {moved} times, {pinged} pings"
    )


async def caught_up(database: Path) -> None:
    """Until the bot has shown every game's last change."""
    while True:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
            behind = connection.execute(
                "SELECT COUNT(*) FROM games WHERE shown_version IS NOT version"
            ).fetchone()[0]
        if not behind:
            return
        await asyncio.sleep(0.02)


async def no_acknowledged_click_lost(database_path: Path, tables: list[Table]) -> None:
    database = await open_database(database_path)
    try:
        service = GameService(database)
        for table in tables:
            for click in table.acknowledged:
                moves = await service.history.moves(click.game)
                seq = click.version - table.first_versions[click.game] + 1
                assert len(moves) >= seq, f"game {click.game} lost the move of {click}"
                action = json.loads(moves[seq - 1].action)
                if click.action == "roll":
                    assert "roll" in action, (click, action)
                    if click.dice is not None:
                        assert tuple(action["roll"]) == click.dice, (click, action)
                elif click.action == "stop":
                    assert action.get("stop") is True, (click, action)
                else:
                    assert "place" in action, (click, action)
    finally:
        await database.close()


async def every_game_shows_its_current_version(
    database_path: Path, emulator: DiscordEmulator, tables: list[Table]
) -> int:
    """Checks every game; returns how many there are."""
    database = await open_database(database_path)
    try:
        service = GameService(database)
        rows = await database.read(lambda connection: connection.fetch("SELECT id FROM games"))
        ids = [row[0] for row in rows]
        assert ids
        for game_id in ids:
            game = await service.game(game_id)
            assert game.shown and game.broken is None
            if game.state is not None:
                assert await service.history.replay(game_id) == game.state
            await shows(service, emulator, game)
        stale = [
            (message.id, describe(message), await service.game(game_of(message)))
            for table in tables
            for message in table.channel.visible()
            if not await is_current(service, message)
        ]
        # No lobby left beside another, and no finished game, with buttons still live.
        assert stale == [], "\n\n".join(map(repr, stale))
        for table in tables:
            one_table_and_one_ping_each(table.channel, {g: await service.game(g) for g in ids})
    finally:
        await database.close()
    return len(ids)


async def shows(service: GameService, emulator: DiscordEmulator, game: Game) -> None:
    """The game's one message is there and shows it as the database holds it: its lobby,
    its table with the last move and whoever is to act, or its result."""
    message_id = game.lobby_message_id if game.state is None else game.turn_message_id
    if game.status is GameStatus.CANCELLED and game.state is None:
        return  # a lobby closed before its start
    assert message_id is not None, game.id
    message = emulator.messages[message_id]
    assert not message.deleted, (game.id, describe(message))
    if game.status is GameStatus.FINISHED:
        assert "game over" in describe(message), game.id
        assert message.button_labels() == ["Replay", "What decided it", "Rematch"], game.id
        return
    if not game.status.is_open:
        return
    shown = [GAME_BUTTON.fullmatch(str(b.get("custom_id"))) for b in moves(message)]
    assert shown, (game.id, describe(message))
    assert all(m is not None and int(m[2]) == game.version for m in shown), game.id
    if game.state is None:
        return
    to_act = game.seats[game.state.turn]
    assert f"**{to_act.display_name}**: " in describe(message), (game.id, describe(message))
    last = await service.history.last_outcome(game.id)
    if last is not None:
        # Every applied move is on the table: the newest as its headline.
        happened = face_for(game.kind).happened(last, english())
        assert happened in describe(message), (game.id, happened, describe(message))


def one_table_and_one_ping_each(channel: Channel, games: dict[int, Game]) -> None:
    """At most one message of each game's table (its lobby having become it) and at most
    one ping of it, naming whoever is to act, in the channel; none for a game that is
    over."""
    tables: dict[int, list[int]] = {}
    pings: dict[int, list[Message]] = {}
    for message in channel.visible():
        if not message.author.bot:
            continue
        ping = PING_OF.search(describe(message) or message.content)
        if message.mentions and ping:
            pings.setdefault(int(ping[1]), []).append(message)
        elif shown := TABLE_TITLE.match(title_of(message)):
            tables.setdefault(int(shown[1]), []).append(message.id)
    doubled = {game: ids for game, ids in tables.items() if len(ids) > 1}
    assert doubled == {}, f"games with more than one table in {channel.name}: {doubled}"
    for game_id, game_pings in pings.items():
        game = games[game_id]
        assert len(game_pings) == 1, f"game {game_id} has {len(game_pings)} pings"
        assert game.status is GameStatus.ACTIVE and game.state is not None, (
            f"game {game_id} is {game.status.value} but still pings"
        )
        assert game_pings[0].mentions == [game.seats[game.state.turn].user_id], game_id


def game_of(message: Message) -> int:
    """The game whose buttons the message has; 0 without any."""
    games = {
        int(match[1])
        for b in message.buttons()
        if (match := GAME_BUTTON.fullmatch(str(b.get("custom_id"))))
    }
    if not games:
        return 0
    (game_id,) = games
    return game_id


async def is_current(service: GameService, message: Message) -> bool:
    """Whether the message's buttons (if it has any) are those of its open game's current
    lobby or table."""
    game_id = game_of(message)
    if not game_id:
        return True
    game = await service.game(game_id)
    current = game.lobby_message_id if game.state is None else game.turn_message_id
    return game.status.is_open and message.id == current
