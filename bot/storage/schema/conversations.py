"""Conversations: the places a game is played that the bot is no member of (a DM between
users, a group DM, a server the bot was not added to), reached only through the
interactions of the app installed to someone's account. Each has a scope, which its
games keep as their ``guild_id`` (what settings, numbers, shards and ladders are keyed
by) and which is never a server's; each game's message there is followed through the
token of the interaction that last showed it."""

from __future__ import annotations

from sqlalchemy import Column, Index, Text

from bot.storage.schema.columns import (
    Id,
    a_time,
    an_id,
    flag,
    game_table,
    key,
    one_of,
    table,
    where,
)

# A (group) DM's scope is its channel's id; a server's is minted once, from the id of the
# interaction that opened its first game, and found again by the server's id.
conversations = table(
    "conversations",
    key("scope_id"),
    one_of("kind", ("dm", "group_dm", "server")),
    # The server's own id (kind 'server'); NULL for a (group) DM.
    Column("guild_id", Id),
    # Where it was first met (for a (group) DM, the place itself).
    an_id("channel_id"),
    # What notices call it: a group DM's name or members, a server's "#channel".
    Column("name", Text, nullable=False),
    a_time("created_at"),
    since=28,
)
# One scope per server, however many first games open there at once.
Index(
    "conversations_of_guild",
    conversations.c.guild_id,
    unique=True,
    **where(conversations.c.kind == "server"),
)

# A game's one message in its conversation, edited only through the token of the last
# interaction that showed it (Discord lets a token edit for 15 minutes). ``given_at`` is
# the bot's clock when that interaction came; ``lapsed``, the message was left saying
# that the game goes on on the board.
conversation_tokens = game_table(
    "conversation_tokens",
    an_id("message_id"),
    Column("token", Text, nullable=False),
    a_time("given_at"),
    flag("lapsed", default=False),
    since=28,
)
# The tokens still followed, which the lapse looks through oldest first: those alone.
Index(
    "conversation_tokens_due",
    conversation_tokens.c.given_at,
    **where(conversation_tokens.c.lapsed == 0),
)
