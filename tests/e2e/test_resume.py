"""Clicks and commands that reach the bot late: its gateway connection dropped, members
acted meanwhile, and Discord replayed what they did once discord.py had resumed the
session.

A click replayed within Discord's 3 seconds is answered as any other. One replayed after
them is still applied if what it was pressed on is still current, though Discord
refuses its answer (10062 "Unknown interaction"): everyone sees the move on the table
all the same, and the refusal is one log line, never a traceback. A click whose game
moved on meanwhile changes nothing, a button pressed twice counts once, and a command
replayed late still does what it was asked.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from typing import Any, NamedTuple

import discord
import pytest
from discord.gateway import DiscordWebSocket

from bot.games.claim.game import intent_of
from bot.storage import Game, GameStatus
from emulator import Interaction, Message, User
from engine.claim import ClaimState, legal_actions
from tests.e2e.test_claim import open_hand, private_intents
from tests.e2e.world import RESPONSE_DEADLINE, World, describe, note_of

LATE = RESPONSE_DEADLINE + 2.0
"""Seconds Discord's clock moves on while the bot is away: past the time a click has to
be answered in."""
TURN = 600
"""The server's default turn time, in seconds."""
TABLE_GAMES = ["claimit", "nuggets"]
"""The games played by clicking on the table; Claim is played from each player's hand."""
GAMES = [*TABLE_GAMES, "claim"]
TOO_LATE = "first response after the deadline"
"""What the emulated Discord notes on an interaction whose answer it refused as too late."""
TURN_ID = re.compile(r"^[a-z]+:(turn|mine):")
"""The custom_id of a turn's button, or of Claim's **My hand**."""
MOVED_ON = "The game has moved on since that button was shown. Use the newest game message."


class Network:
    """The bot's network to Discord's gateway. While it is down, discord.py's every try to
    reconnect waits (REST still goes through): what happens on the bot's shard meanwhile
    is kept for its session, and replayed in order once the session is resumed."""

    def __init__(self, world: World, monkeypatch: pytest.MonkeyPatch) -> None:
        self._world = world
        self._up = asyncio.Event()
        self._up.set()
        connect = DiscordWebSocket.from_client

        async def from_client(
            cls: type[DiscordWebSocket], /, client: discord.Client, **params: Any
        ) -> DiscordWebSocket:
            await self._up.wait()
            return await connect(client, **params)

        monkeypatch.setattr(DiscordWebSocket, "from_client", classmethod(from_client))

    @asynccontextmanager
    async def down(self, code: int | None = 4000) -> AsyncIterator[None]:
        """The bot's connection drops (closed with ``code``, or cut without a close frame
        for ``None``) and stays down for the block; afterwards, until the bot has
        resumed its session."""
        self._up.clear()
        try:
            await self._world.discord.drop_connections(code)
            assert not self._world.discord.connected
            yield
        finally:
            self.up()
        await self._world.discord.wait_for_resume()

    def up(self) -> None:
        self._up.set()


class Log(logging.Handler):
    """The log's lines from INFO up, as they come, which a test may wait for."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []
        self._loop = asyncio.get_running_loop()
        self._more = asyncio.Event()

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        # Lines come from worker threads too (the database's, the pictures').
        self._loop.call_soon_threadsafe(self._more.set)

    def about(self, interaction: Interaction) -> list[str]:
        """The lines that name the interaction."""
        return [r.getMessage() for r in self.records if str(interaction.id) in r.getMessage()]

    def tracebacks(self) -> list[str]:
        """The lines with a traceback, and errors."""
        return [r.getMessage() for r in self.records if r.exc_info or r.levelno >= logging.ERROR]

    async def line_about(self, interaction: Interaction) -> None:
        """Until a line names the interaction."""
        async with asyncio.timeout(10):
            while not self.about(interaction):
                self._more.clear()
                await self._more.wait()


@pytest.fixture
def network(world: World, monkeypatch: pytest.MonkeyPatch) -> Iterator[Network]:
    """After ``world``, whose bot is connected by then; up again before the bot stops."""
    network = Network(world, monkeypatch)
    yield network
    network.up()


@pytest.fixture
async def log(caplog: pytest.LogCaptureFixture) -> AsyncIterator[Log]:
    """What the bot (and discord.py) log from INFO up, where a refused answer is noted."""
    caplog.set_level(logging.INFO)  # and back afterwards
    log = Log()
    logging.getLogger().addHandler(log)
    try:
        yield log
    finally:
        logging.getLogger().removeHandler(log)


def custom_ids(message: Message) -> list[str]:
    return [str(c.get("custom_id")) for c in message.buttons()]


def versions(message: Message) -> set[int]:
    """The game versions a table's turn buttons play (``<kind>:turn:<game>:<version>:…``)."""
    return {int(c.split(":")[3]) for c in custom_ids(message) if c.split(":")[1] == "turn"}


def roll(message: Message) -> str:
    """The custom_id of the table's roll button (both table games begin with a roll)."""
    (found,) = [c for c in custom_ids(message) if c.endswith(":roll")]
    return found


def pictured(message: Message) -> bool:
    """Whether the message's picture came whole (a PNG's signature, at least)."""
    (board,) = [a for a in message.attachments if a.filename == "board.png"]
    return board.data.startswith(b"\x89PNG\r\n\x1a\n")


async def running(world: World) -> Game:
    """The game in the channel, once every change made so far is shown."""
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    return await world.settled(game.id)


async def moves(world: World, game: Game) -> int:
    return len(await world.bots[0].service.history.moves(game.id))


async def moved_once(world: World, before: Game) -> Game:
    """The game once every change is shown, which must be one move on from ``before``."""
    game = await world.settled(before.id)
    assert game.version == before.version + 1 and await moves(world, game) == 1
    return game


def tables(world: World) -> list[Message]:
    """The public messages that offer the game's turn: its table (a Claim ping offers
    **My hand** too, but pings someone)."""
    return [
        m
        for m in world.channel.visible()
        if not m.ephemeral and not m.mentions and any(TURN_ID.search(c) for c in custom_ids(m))
    ]


async def wait_for(world: World, condition: Callable[[], bool]) -> None:
    await world.discord.wait_until(condition, 10)


async def hand_to_play(world: World, table: Message) -> tuple[User, Message, str]:
    """Claim: the first person to act, their hand (opened before the outage) and the
    custom_id of a card they may play from it."""
    game = await running(world)
    state: ClaimState = game.state
    seat = state.to_act()[0]
    user = world.user(game.seats[seat].user_id or 0)
    hand = await open_hand(world, user, table)
    intent = intent_of(legal_actions(state, seat)[0])
    return user, hand, str(private_intents(hand)[intent]["custom_id"])


class FirstMove(NamedTuple):
    table: Message
    before: Game
    """The game as it stands before the move."""
    player: User
    """The first person to act."""
    pressed: Message
    """What they press for their first move: Claim's hand, else the table."""
    button: str
    """The custom_id they press there."""


async def first_move(world: World, kind: str) -> FirstMove:
    """A new game of ``kind`` for two, and its first move ready to be pressed."""
    table = await world.start_game(2, kind)
    before = await running(world)
    if kind == "claim":
        return FirstMove(table, before, *await hand_to_play(world, table))
    return FirstMove(table, before, await world.mover(), table, roll(table))


# A move made while the bot was away -------------------------------------------------------


@pytest.mark.parametrize("kind", TABLE_GAMES)
@pytest.mark.parametrize("late", [False, True], ids=["in time", "past its deadline"])
async def test_a_click_made_while_the_bot_was_away_is_applied_once_when_it_resumes(
    world: World, network: Network, log: Log, kind: str, late: bool
) -> None:
    table = await world.start_game(2, kind)
    before = await running(world)
    mover = await world.mover()
    async with network.down():
        click = await world.discord.click(mover, table, roll(table))
        if late:
            world.discord.clock.advance(LATE)
    if late:
        # Discord refuses its answer: everyone sees the move on the table all the same.
        await wait_for(world, lambda: versions(table) == {before.version + 1})
        assert click.errors == [TOO_LATE] and click.response_type is None
    else:
        await world.discord.answer(click, 10)
        assert click.response_type == 7 and not click.errors
    game = await moved_once(world, before)
    assert versions(table) == {game.version} and pictured(table)
    assert tables(world) == [table]
    # Discord's refusal, the one line about the click.
    assert len(log.about(click)) == (1 if late else 0), log.about(click)
    assert log.tracebacks() == []


@pytest.mark.parametrize("late", [False, True], ids=["in time", "past its deadline"])
async def test_a_card_played_from_a_hand_while_the_bot_was_away_counts_once(
    world: World, network: Network, log: Log, late: bool
) -> None:
    table = await world.start_game(2, "claim")
    before = await running(world)
    player, hand, card = await hand_to_play(world, table)
    offered = custom_ids(hand)
    async with network.down():
        click = await world.discord.click(player, hand, card)
        if late:
            world.discord.clock.advance(LATE)
    if late:
        # The hand follows the game through the interaction that opened it.
        await wait_for(world, lambda: custom_ids(hand) != offered)
        assert click.errors == [TOO_LATE] and click.response_type is None
    else:
        await world.discord.answer(click, 10)
        assert click.response_type == 7 and not click.errors
    await moved_once(world, before)
    assert f"**{player.name}** leads" in describe(table), describe(table)
    assert len(log.about(click)) == (1 if late else 0), log.about(click)
    assert log.tracebacks() == []


async def test_a_hand_asked_for_too_late_is_one_log_line(
    world: World, network: Network, log: Log
) -> None:
    table = await world.start_game(2, "claim")
    player = world.players[0]
    async with network.down():
        asked = await world.discord.click(player, table, "My hand")
        world.discord.clock.advance(LATE)
    # Only the player may see their hand, and Discord takes no answer to them any more.
    await log.line_about(asked)
    await world.settled((await running(world)).id)
    assert asked.errors == [TOO_LATE] and asked.response_message is None
    assert [m for m in world.channel.messages if m.ephemeral] == []
    assert len(log.about(asked)) == 1, log.about(asked)
    assert log.tracebacks() == []


# Clicks that must not count ------------------------------------------------------------------


@pytest.mark.parametrize("kind", GAMES)
async def test_a_click_replayed_late_after_the_turn_ran_out_changes_nothing(
    world: World, network: Network, log: Log, kind: str
) -> None:
    table, before, player, pressed, button = await first_move(world, kind)
    async with network.down(code=None):
        click = await world.discord.click(player, pressed, button)
        # The turn runs out while the click waits for the bot: the time-out is the move.
        world.clock.advance(TURN)
        await wait_for(world, lambda: "time ran out" in describe(table))
        world.discord.clock.advance(LATE)
    await log.line_about(click)
    await moved_once(world, before)
    assert click.errors == [TOO_LATE] and click.response_type is None
    assert len(log.about(click)) == 1, log.about(click)
    assert "time ran out" in describe(table) and tables(world) == [table]
    assert log.tracebacks() == []


@pytest.mark.both_databases
@pytest.mark.parametrize("kind", GAMES)
async def test_a_button_pressed_twice_as_the_connection_dropped_counts_once(
    world: World, network: Network, log: Log, kind: str
) -> None:
    table, before, player, pressed, button = await first_move(world, kind)
    first = await world.discord.click(player, pressed, button)
    async with network.down():
        again = await world.discord.click(player, pressed, button)
    await world.discord.answer(first, 10)
    await world.discord.answer(again, 10)
    game = await moved_once(world, before)
    assert first.response_type == 7 and not first.errors
    # The second is answered in time too: it changed nothing.
    assert not again.errors
    if kind == "claim":
        # Checked before its hand's choice: the turn has gone on to the other player, and
        # the hand it was pressed on shows the game as it stands.
        other = next(p for p in world.players[:2] if p is not player)
        assert again.response_type == 7
        assert note_of(pressed) == f"It's {other.name}'s turn, not yours."
    else:
        assert again.response_type == 4
        refusal = again.response_message
        assert refusal is not None and refusal.ephemeral and refusal.visible_to == player.id
        assert refusal.content == MOVED_ON and versions(table) == {game.version}
    assert log.tracebacks() == []


# Commands ----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", GAMES)
async def test_a_new_game_asked_for_while_the_bot_was_away_opens_its_lobby_late(
    world: World, network: Network, log: Log, kind: str
) -> None:
    host, guest = world.players[:2]
    async with network.down():
        asked = await world.discord.slash(host, world.channel, f"{kind} new")
        world.discord.clock.advance(LATE)
    # Discord takes no answer to the command any more: the lobby is posted in the channel.
    lobby = await world.discord.wait_for_message(
        world.channel, lambda m: "Join" in m.button_labels(), 10
    )
    assert asked.errors == [TOO_LATE] and asked.response_message is None
    assert not lobby.ephemeral and lobby.interaction_id is None
    assert len(log.about(asked)) == 1, log.about(asked)
    await world.click(guest, lobby, "Join")
    game = await running(world)
    assert game.kind == kind and game.status is GameStatus.LOBBY
    assert [seat.user_id for seat in game.seats] == [host.id, guest.id]
    assert log.tracebacks() == []
