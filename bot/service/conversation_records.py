"""Conversations, for the Discord layer (which alone reads an interaction): the places the
bot is no member of (a DM between users, a group DM, a server it was not added to),
where games are played through the interactions of the app installed to someone's
account.

A conversation game is stored as any other, with two differences. Its ``guild_id`` is
its conversation's **scope** (what its settings, numbers, shard and ladder are keyed
by), which is never a server's: ``private_scope`` for a (group) DM, ``server_scope``
for a server without the bot. Its ``reached_in`` says where it really is (0 for a
(group) DM, else that server's id): pass both to ``GameService.create_lobby``, and build
every ``Where`` from the interaction as for a server game (the service compares it with
``Game.place_guild_id``). The scope never goes to Discord.

Its one message there is edited only through the token of the last interaction that
showed it: ``keep_token`` after each answer showing it, ``token_of`` to edit it,
``due``/``mark_lapsed`` for the last edit before the token runs out, ``drop_token`` when
the message is gone or follows the game no more."""

from __future__ import annotations

from collections.abc import Callable

from bot.storage import conversation_queries
from bot.storage.database import Database
from bot.storage.records import Conversation, ConversationKind, ConversationToken
from bot.storage.shards import Shards


class ConversationRecords:
    """Each conversation's scope, and the token its games' messages follow through."""

    def __init__(self, database: Database, clock: Callable[[], float]) -> None:
        self._db = database
        self._clock = clock

    async def private_scope(self, channel_id: int, kind: ConversationKind, name: str) -> int:
        """The scope of the DM between users or group DM ``channel_id`` (``kind``): the
        channel's own id. Recorded (a write) with ``name``, what notices call it, so ask
        where a game opens there; the name is kept current."""
        now = self._clock()
        return await self._db.statement(
            lambda connection: conversation_queries.private_scope(
                connection, channel_id, kind, name, now
            )
        )

    async def server_scope(self, guild_id: int, channel_id: int, minted: int, name: str) -> int:
        """The scope of ``guild_id``, a server the bot is not in: ``minted`` (the id of
        the interaction asking, a snowflake no server has) at its first game, found
        again ever after, also when two first games open at once. A write: ask once per
        server and keep it (it never changes)."""
        now = self._clock()
        return await self._db.write(
            lambda connection: conversation_queries.server_scope(
                connection, guild_id, channel_id, minted, name, now
            )
        )

    async def conversation(self, scope_id: int) -> Conversation | None:
        """The conversation of a game's ``guild_id`` (``None``: a server's own)."""
        return await self._db.read(
            lambda connection: conversation_queries.conversation(connection, scope_id)
        )

    async def keep_token(self, kept: ConversationToken) -> bool:
        """After an answer that showed the game's message (a command's response, a press
        on it answered by updating it): it follows through ``kept.token`` now. ``False``
        where the same message already follows through a newer one."""
        return await self._db.statement(
            lambda connection: conversation_queries.keep_token(connection, kept)
        )

    async def token_of(self, game_id: int) -> ConversationToken | None:
        """The game's message in its conversation and the token to edit it through
        (``None``: none follows it)."""
        return await self._db.read(
            lambda connection: conversation_queries.token_of(connection, game_id)
        )

    async def due(self, shards: Shards, before: float) -> list[ConversationToken]:
        """The messages of ``shards``' games whose token was given at ``before`` or
        earlier and which were not left saying the game goes on on the board, the oldest
        first."""
        return await self._db.read(
            lambda connection: conversation_queries.due(connection, shards, before)
        )

    async def mark_lapsed(self, lapsed: ConversationToken) -> bool:
        """The message was left saying the game goes on on the board. ``False`` where a
        newer token follows it meanwhile (the message shows that press's answer), or
        another process marked it first."""
        return await self._db.statement(
            lambda connection: conversation_queries.mark_lapsed(connection, lapsed)
        )

    async def drop_token(self, game_id: int, message_id: int) -> bool:
        """The message ``message_id`` follows the game no more (deleted, or the game
        shown at its end), unless another replaced it meanwhile."""
        return await self._db.statement(
            lambda connection: conversation_queries.drop_token(connection, game_id, message_id)
        )
