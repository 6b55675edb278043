"""What the core hands every feature as the bot starts, in one ``Context``: a few small
typed protocols over the live table, and beside them the whole game service, server
settings, database and Discord client, which are not narrowed (yet).

The core (the live table, its places, pings and hands) fulfils the protocols; a feature
names these, never the table itself, so that what it can do to a table is written down
here:

- ``Games``: change a game or make a move (saying how it shows: ``table_asks``), hold a
  game while reading it, show it, and the words and cards of its table;
- ``Places``, ``Lobbies``: where a game's messages are, and its lobby message;
- ``Languages``: which language a server's and a game's public messages speak;
- ``Hands``: a player's private hand, kept following the game;
- ``Departures``: whether someone is still in a game's server, and their seats freed
  when they are not;
- ``OwedPosts``: a message owed for something past, posted once;
- and the service, the server settings, the clock, the database, the shard leases and
  the work in flight, whole.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.background.deadlines import ShowsGames
from bot.background.stopping import WorkInFlight
from bot.clock import Clock
from bot.discord_ui.card_layout import Card
from bot.discord_ui.conversations import Conversations
from bot.discord_ui.game_messages import Recorded
from bot.discord_ui.lean_requests import Posted
from bot.discord_ui.message_hooks import MessageHooks
from bot.discord_ui.owed_messages import OwedPosts
from bot.discord_ui.replay_steps import ReplaySteps
from bot.discord_ui.table_asks import On, Shows
from bot.games.outcome import Outcome
from bot.service import Actor, GameService, GuildSettingsService
from bot.service.shard_leases import ShardLeases
from bot.storage import Database, Game
from i18n import Language


class Games(Protocol):
    """Changing and showing games: every change of a game goes through here."""

    async def change(
        self,
        game_id: int,
        made: Callable[[], Awaitable[Game]],
        shows: Shows,
        interaction: discord.Interaction | None = None,
    ) -> Game:
        """Makes a change (``made``: the service's operation with its arguments, bound) and
        shows it whole, as ``shows`` says, while holding the game (a lobby's, someone
        leaving); a refusal changed nothing and propagates."""

    async def move(
        self,
        game_id: int,
        made: Callable[[], Awaitable[Outcome]],
        on: On,
        interaction: discord.Interaction | None = None,
    ) -> Outcome:
        """Makes a move and answers whoever made it (``on``: where they pressed) while
        holding the game; the table, pings and hands follow once it is let go."""

    def changed(
        self,
        game_id: int,
        made: Callable[[], Awaitable[Game]],
        shows: Shows,
        interaction: discord.Interaction | None = None,
    ) -> AbstractAsyncContextManager[Game]:
        """As ``change``, the game still held within, for an answer of the asker's own
        drawn from the change: part of its show, whose failure is told as a show's."""

    async def announce(self, game: Game, interaction: discord.Interaction) -> None:
        """A lobby just made (while ``opening``), as its command's answer, and its thread
        where the server wants one."""

    def held(
        self,
        game_id: int,
        interaction: discord.Interaction | None = None,
        *,
        admitted: bool = False,
    ) -> AbstractAsyncContextManager[None]:
        """Holds the game and its show: nothing changes or shows it meanwhile
        (``admitted``: as background work, which a stop waits for)."""

    def opening(self) -> AbstractAsyncContextManager[None]:
        """Held by whoever makes a game and shows it, from before it is saved until it is
        shown, so that no catch-up meanwhile posts it a second time."""

    async def show_afresh(
        self, game: Game, headline: str | None = None, recorded: Recorded | None = None
    ) -> None:
        """Shows the game as it stands, while holding it, and records it shown
        (``recorded``: where its messages were moved to already)."""

    async def settle_away(self, game_id: int, user_id: int | None = None) -> None:
        """Brings the game in line with its players' time away, and shows it."""

    async def card(self, game: Game, headline: str, last: Outcome | None, lang: Language) -> Card:
        """The game's table (or result) as a card under ``headline``."""

    async def log_lines(self, game: Game, lang: Language) -> list[str]:
        """Everything that happened in the game, a line each."""

    async def relink_ping(self, game: Game, lang: Language) -> Game:
        """The game's ping links to the table where it now is."""

    async def remind_before_end(self, game: Game, lang: Language) -> Game:
        """Whoever must act is pinged afresh, saying when their turn ends."""

    def end(self, game: Game, last: Outcome | None = None) -> None:
        """The game is over and shown, or has nowhere left to be shown: the features
        following games hear that it ended, and nothing of it is kept in memory."""

    def later(self, game_id: int) -> None:
        """The game's messages are behind it: they are shown later, ever later."""


class Places(Protocol):
    """Where a game's messages are: its channel, or its thread."""

    async def post(self, game: Game, **message: Any) -> Posted:
        """Posts a message where the game is played."""

    def posted(self, channel_id: int, message_id: int) -> None:
        """The bot posted the message beside a game's (its channel's newest now)."""

    async def delete(self, game: Game, message_id: int) -> None:
        """Deletes one of the game's messages where it is played."""

    async def strip_buttons(self, game: Game) -> None:
        """Takes the controls off the game's lobby message (and its table, where apart)."""

    def deleted_by_bot(self, message_id: int) -> bool:
        """Whether the bot itself deleted this message lately."""


class Lobbies(Protocol):
    """A game's lobby message in its channel."""

    async def message(self, game: Game) -> tuple[dict[str, Any], Language]:
        """The lobby message as the game stands, and the language it is in."""

    async def show(self, game: Game) -> Recorded:
        """Brings the lobby message up to the game, saying where it now is."""


class Languages(Protocol):
    """The language each server's public messages speak."""

    async def of_server(self, guild_id: int) -> Language:
        """The server's language."""

    async def of_game(self, game: Game) -> Language:
        """The language of the game's public messages."""


class Hands(Protocol):
    """Players' private hands in games with secrets, each following the game."""

    async def own(
        self, game: Game, seat: int, lang: Language, last: Outcome | None = None
    ) -> tuple[Card, Hashable]:
        """A seat's hand as the game stands (``last``: the move that led there, else the
        move log's), and what it shows (to tell when it changed)."""

    async def answer(
        self,
        interaction: discord.Interaction,
        game: Game,
        seat: int,
        last: Outcome | None,
        note: str | None = None,
    ) -> None:
        """Shows the pressed hand as the game now stands (``note`` above it); it goes on
        following the game."""

    async def keep(
        self,
        interaction: discord.Interaction,
        game: Game,
        seat: int,
        message_id: int,
        shows: Hashable,
    ) -> None:
        """The hand shown in ``message_id`` follows the game from now on."""

    async def require_live(self, game_id: int, interaction: discord.Interaction) -> None:
        """Refuses a press in a hand a newer one replaced."""

    async def show_replaced(self, interaction: discord.Interaction) -> None:
        """Answers a press in a hand a newer one replaced: it says so."""


class Departures(Protocol):
    """Players who are no longer in a game's server."""

    async def require_member(self, game_id: int, actor: Actor) -> None:
        """Before a press from a direct message: refused when the game's server no longer
        has the presser, their seats there going to computer players."""

    async def gone(self, guild_id: int, user_id: int) -> bool:
        """Whether the user is no longer a member of the server, as Discord says."""

    async def member_left(self, guild_id: int, user_id: int) -> None:
        """Someone left the server: their seats are freed."""

    async def left(self, guild_id: int, user_id: int) -> None:
        """Discord told of someone leaving the server: their seats are freed."""


@dataclass(frozen=True)
class Context:
    """What the core hands each feature as the bot starts."""

    service: GameService
    """The only place a game changes (a feature reads through it, and changes through
    ``games``)."""
    games: Games
    places: Places
    lobbies: Lobbies
    languages: Languages
    hands: Hands
    departures: Departures
    settings: GuildSettingsService
    client: discord.Client
    clock: Clock
    database: Database
    """For a feature's own service (the ladder's, the replays')."""
    leases: ShardLeases
    """Whose each game's background work is: this process does only its shards'."""
    work: WorkInFlight
    """Work under way, which a stop waits for (and whether the bot is stopping)."""
    watched: ShowsGames
    """The games as a feature's background watch over their deadlines sees them."""
    hooks: MessageHooks
    """What the features add to messages a feature draws itself (a player's stats card,
    the players' ``/my games``)."""
    owed: OwedPosts
    """Posts a message owed for something past, once whatever happens meanwhile."""
    replays: ReplaySteps
    """Finished games' replays worked out once, for the replays' animation and the
    step-through alike."""
    conversations: Conversations
    """Each conversation's scope, and its games' messages there, shown through tokens."""
    board: bool = False
    """Whether the app's Activity (the board, ``bot.activity``) is served here."""
