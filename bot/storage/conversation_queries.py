"""Conversations (the places the bot is no member of) and their games' messages: each
conversation's scope, which its games keep as their ``guild_id``, and the token each
game's message there is edited through until it runs out."""

from __future__ import annotations

from bot.storage.connection import Connection, Row
from bot.storage.hand_queries import Secret
from bot.storage.records import Conversation, ConversationKind, ConversationToken
from bot.storage.row_records import read_row
from bot.storage.shards import Shards

PRIVATE = frozenset({ConversationKind.DM, ConversationKind.GROUP_DM})
"""The conversations whose scope is their channel."""


async def private_scope(
    connection: Connection, channel_id: int, kind: ConversationKind, name: str, now: float
) -> int:
    """The scope of a DM between users or a group DM: its channel's id (no server's id is
    a private channel's, and it is positive, so the shards' SQL agrees with Python on it).
    Recorded at its first game; later ones keep its name current (a group DM renamed)."""
    if kind not in PRIVATE:
        raise ValueError(f"a {kind} is no DM: its scope is minted (server_scope)")
    await connection.execute(
        "INSERT INTO conversations (scope_id, kind, guild_id, channel_id, name, created_at) "
        "VALUES (?, ?, NULL, ?, ?, ?) "
        "ON CONFLICT (scope_id) DO UPDATE SET name = excluded.name",
        (channel_id, str(kind), channel_id, name, now),
    )
    return channel_id


async def server_scope(
    connection: Connection, guild_id: int, channel_id: int, minted: int, name: str, now: float
) -> int:
    """The scope of a server the bot is not in: ``minted`` (the id of the interaction
    opening its first game, which no server has) the first time, the same one ever after.
    Never the server's own id, so that its ladder stays apart from the server's should
    the bot join it; two first games opened at once get one scope (the second insert
    waits for the first, then finds its row)."""
    await connection.execute(
        "INSERT INTO conversations (scope_id, kind, guild_id, channel_id, name, created_at) "
        "VALUES (?, 'server', ?, ?, ?, ?) "
        "ON CONFLICT (guild_id) WHERE kind = 'server' DO NOTHING",
        (minted, guild_id, channel_id, name, now),
    )
    scopes = await connection.ints(
        "SELECT scope_id FROM conversations WHERE kind = 'server' AND guild_id = ?", (guild_id,)
    )
    return scopes[0]


async def conversation(connection: Connection, scope_id: int) -> Conversation | None:
    """The conversation of ``scope_id`` (``None``: the scope is a server's own)."""
    rows = await connection.fetch(
        "SELECT scope_id, kind, guild_id, channel_id, name, created_at FROM conversations "
        "WHERE scope_id = ?",
        (scope_id,),
    )
    if not rows:
        return None
    return read_row(Conversation, rows[0])


_TOKEN_COLUMNS = "game_id, message_id, token, given_at, lapsed"


async def keep_token(connection: Connection, kept: ConversationToken) -> bool:
    """The game's message is ``kept.message_id`` and follows through ``kept.token`` now
    (not lapsed). ``False``, nothing changed, where the same message already follows
    through a newer token (two presses answered out of order)."""
    return await connection.found(
        f"INSERT INTO conversation_tokens ({_TOKEN_COLUMNS}) VALUES (?, ?, ?, ?, 0) "
        "ON CONFLICT (game_id) DO UPDATE SET message_id = excluded.message_id, "
        "token = excluded.token, given_at = excluded.given_at, lapsed = 0 "
        "WHERE conversation_tokens.message_id <> excluded.message_id "
        "OR conversation_tokens.given_at <= excluded.given_at RETURNING game_id",
        (kept.game_id, kept.message_id, Secret(kept.token), kept.given_at),
    )


async def token_of(connection: Connection, game_id: int) -> ConversationToken | None:
    """The game's message in its conversation and its token, if it has one."""
    rows = await connection.fetch(
        f"SELECT {_TOKEN_COLUMNS} FROM conversation_tokens WHERE game_id = ?", (game_id,)
    )
    return _token(rows[0]) if rows else None


async def due(connection: Connection, shards: Shards, before: float) -> list[ConversationToken]:
    """The messages of these shards' games still following through a token given at
    ``before`` or earlier (so about to run out), the oldest first."""
    where, params = shards.where("g.guild_id")
    rows = await connection.fetch(
        "SELECT t.game_id, t.message_id, t.token, t.given_at, t.lapsed "
        "FROM conversation_tokens t JOIN games g ON g.id = t.game_id "
        f"WHERE t.lapsed = 0 AND t.given_at <= ? AND {where} ORDER BY t.given_at, t.game_id",
        (before, *params),
    )
    return [_token(row) for row in rows]


async def mark_lapsed(connection: Connection, lapsed: ConversationToken) -> bool:
    """The game's message was left saying the game goes on on the board, its token
    ``lapsed.token`` running out; ``False``, nothing changed, where a newer token (a
    press meanwhile) follows it now, or another process marked it first."""
    return (
        await connection.execute(
            "UPDATE conversation_tokens SET lapsed = 1 "
            "WHERE game_id = ? AND token = ? AND lapsed = 0",
            (lapsed.game_id, Secret(lapsed.token)),
        )
        == 1
    )


async def drop_token(connection: Connection, game_id: int, message_id: int) -> bool:
    """The game's message ``message_id`` follows it no more (deleted, or the game shown
    at its end), unless another message replaced it meanwhile; whether it was dropped."""
    return (
        await connection.execute(
            "DELETE FROM conversation_tokens WHERE game_id = ? AND message_id = ?",
            (game_id, message_id),
        )
        == 1
    )


def _token(row: Row) -> ConversationToken:
    return read_row(ConversationToken, row)
