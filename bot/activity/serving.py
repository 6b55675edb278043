"""The Activity served beside a running bot: over its game service, its channel's live table,
its Discord client, and the other processes' changes on a shared database. The features
take part through what they declare (their board actions), and the one that opens the
board from a table through what it is (``OpensBoards``): this names none of them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Protocol, runtime_checkable

from bot.activity.actions import BoardActions
from bot.activity.feature_parts import FeatureParts
from bot.activity.identity import DiscordIdentity
from bot.activity.launched_boards import Launches
from bot.activity.live_boards import LiveBoards
from bot.activity.page_build import built_page
from bot.activity.page_files import Page
from bot.activity.places import BoardPlaces
from bot.activity.server import ActivityServer
from bot.discord_ui.client import GameBot
from bot.discord_ui.live_table import LiveTable
from bot.discord_ui.part import Parts
from bot.discord_ui.table_asks import On
from bot.games.outcome import Outcome
from bot.service import feature_registry
from bot.storage import game_queries
from bot.storage.database import Database, Listener
from bot.storage.records import Game

log = logging.getLogger(__name__)

LISTEN_AGAIN_SECONDS = 5.0
"""How soon a dropped listener for the other processes' changes is made again."""


class OpenBoards(Protocol):
    """The boards this process serves, told what Discord says of their viewers' places."""

    async def departed(self, guild_id: int, user_id: int) -> None:
        """The user left the server, or was removed."""
        ...

    async def permissions_changed(self, guild_id: int) -> None:
        """A channel's overwrites or a role changed in the server."""
        ...


@runtime_checkable
class OpensBoards(Protocol):
    """A Discord part that opens the board from a game (a button under its table): the
    launches it keeps, and the open boards it tells of Discord's events about their
    viewers' places."""

    @property
    def launches(self) -> Launches:
        """Which game each member last opened the board from."""
        ...

    def serve(self, boards: OpenBoards | None) -> None:
        """The boards this process serves from now on (``None``: none)."""
        ...


class _ChannelTable:
    """A board's change made through the channel's live table, shown there as after a press
    nobody made in the channel: the table, pings, hands and notices follow; a feature's
    action, as its Discord part shows it (``Part.board_acted``)."""

    def __init__(self, table: LiveTable, parts: Parts) -> None:
        self._table = table
        self._parts = parts

    async def move(self, game_id: int, made: Callable[[], Awaitable[Outcome]]) -> Outcome:
        return await self._table.move(game_id, made, On.TABLE)

    async def change(self, game_id: int, made: Callable[[], Awaitable[Game]]) -> Game:
        # Nobody's press: the lobby's own message shows the change (becoming the table
        # at a start).
        return await self._table.change(game_id, made, On.LOBBY)

    async def act(self, game_id: int, action: str, made: Callable[[], Awaitable[object]]) -> None:
        await self._parts.board_acted(action, game_id, made)


async def _listening(database: Database, boards: LiveBoards, launches: Launches | None) -> None:
    """Hears the other processes' changes and launches for as long as the Activity is
    served, listening again after the connection dropped (every board pushed anew then:
    what was said meanwhile is lost, a launch too: that board stays on its game)."""
    listener: Listener | None = None
    try:
        while True:
            if listener is None or not listener.listening:
                if listener is not None:
                    await listener.close()
                    listener = None
                try:
                    heard = {game_queries.CHANGED: boards.heard}
                    if launches is not None:
                        heard[launches.notice] = launches.heard
                    listener = await database.listen(heard)
                except Exception as error:
                    log.info("the board doesn't hear other processes' changes now: %r", error)
                else:
                    if listener is None:
                        return  # nobody else shares the database
                    boards.everything_changed()
            await asyncio.sleep(LISTEN_AGAIN_SECONDS)
    finally:
        if listener is not None:
            await listener.close()


@contextlib.asynccontextmanager
async def board_served(bot: GameBot) -> AsyncIterator[ActivityServer | None]:
    """The Activity, while the bot runs, where its settings serve it (``None`` otherwise);
    ``bot`` has logged in (its service and table are made)."""
    settings = bot.settings
    if settings.activity_port is None:
        yield None
        return
    page = Page.read(await asyncio.to_thread(built_page))
    openers = [part for part in bot.parts if isinstance(part, OpensBoards)]
    # The launch button's own: what it records, the boards open here hear at once.
    launches = openers[0].launches if openers else None
    features = feature_registry.discovered()
    server = ActivityServer(
        bot.service,
        DiscordIdentity(
            bot,
            settings.client_secret,
            bot.service.clock,
            bot.metrics,
            processes=lambda: bot.pace_grants.processes,
        ),
        _ChannelTable(bot.table, bot.parts),
        page,
        FeatureParts(
            launches,
            BoardActions(bot.service, feature_registry.board_actions_of(features)),
            BoardPlaces(bot.service, feature_registry.board_places_of(features)),
        ),
    )
    port = await server.start(settings.activity_host, settings.activity_port)
    log.info("the Activity is served at http://%s:%d/", settings.activity_host, port)
    for opener in openers:
        opener.serve(server)
    listening = asyncio.create_task(_listening(bot.service.database, server.boards, launches))
    try:
        yield server
    finally:
        listening.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listening
        for opener in openers:
            opener.serve(None)
        await server.stop()
