"""Where a conversation game is recorded (a DM between users, a group DM, a server the bot
is not in), on both databases: its ``guild_id`` is a scope no server has (a (group) DM's
channel, a server's minted once however many first games open at once, then reused),
its ``reached_in`` the real place, which alone a ``Where`` may name; each game's message
follows through the token kept for it until it is marked lapsed or dropped; the scopes
fall in the shards in SQL as in Python; and a database of the version before gains it
all, its games unchanged."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service import Actor, GameService, Where
from bot.service.errors import NotHere
from bot.storage import ConversationKind, ConversationToken, Database, GameStatus
from bot.storage.opening import open_database
from bot.storage.shards import Shards, shard_of
from tests.bot.fixtures import ANN, BO
from tests.bot.released_schema import stepped_on
from tests.postgres_cluster import Cluster

GROUP_DM = 1_187_000_000_000_000_001
"""A group DM's channel: a snowflake, as Discord's are."""
FOREIGN = 1_187_000_000_000_000_100
"""A server the bot is not in."""
FOREIGN_CHANNEL = 1_187_000_000_000_000_101
FIRST_ASK, SECOND_ASK = 1_300_000_000_000_000_001, 1_300_000_000_000_000_002
"""The ids of two interactions opening the foreign server's first games at once."""


async def test_a_group_dms_scope_is_its_channel_and_keeps_its_name_current(
    service: GameService,
) -> None:
    records = service.conversations
    kind = ConversationKind.GROUP_DM
    assert await records.private_scope(GROUP_DM, kind, "Ann, Bo, Cy") == GROUP_DM
    first = await records.conversation(GROUP_DM)
    assert await records.private_scope(GROUP_DM, kind, "Friday games") == GROUP_DM
    again = await records.conversation(GROUP_DM)
    assert first is not None and again is not None
    assert (first.kind, first.guild_id, first.channel_id) == (kind, None, GROUP_DM)
    assert (first.name, again.name) == ("Ann, Bo, Cy", "Friday games")
    assert again.created_at == first.created_at
    with pytest.raises(ValueError, match="minted"):
        await records.private_scope(FOREIGN, ConversationKind.SERVER, "#games")
    assert await records.conversation(FOREIGN) is None


async def test_a_foreign_servers_scope_is_minted_once_never_its_id_and_reused(
    service: GameService,
) -> None:
    records = service.conversations
    # Two first games opened at once (on PostgreSQL, on two connections): one scope.
    scopes = await asyncio.gather(
        records.server_scope(FOREIGN, FOREIGN_CHANNEL, FIRST_ASK, "#games"),
        records.server_scope(FOREIGN, FOREIGN_CHANNEL + 1, SECOND_ASK, "#more-games"),
    )
    scope = scopes[0]
    assert list(scopes) == [scope, scope]
    assert scope in (FIRST_ASK, SECOND_ASK) and scope != FOREIGN
    assert (
        await records.server_scope(FOREIGN, FOREIGN_CHANNEL + 2, 1_300_000_000_000_000_003, "#x")
        == scope
    )
    recorded = await records.conversation(scope)
    assert recorded is not None
    assert (recorded.kind, recorded.guild_id) == (ConversationKind.SERVER, FOREIGN)
    assert await records.conversation(FOREIGN) is None
    # Another server the bot is not in has a scope of its own.
    other = await records.server_scope(
        FOREIGN + 1, FOREIGN_CHANNEL + 3, 1_300_000_000_000_000_004, "#y"
    )
    assert other not in (scope, FOREIGN + 1)
    # The scope numbers the server's games, all of them.
    lobbies = [
        await service.create_lobby(
            kind="claimit",
            guild_id=scope,
            channel_id=channel,
            host=ANN,
            reached_in=FOREIGN,
        )
        for channel in (FOREIGN_CHANNEL, FOREIGN_CHANNEL + 1)
    ]
    assert [lobby.number for lobby in lobbies] == [1, 2]


async def test_a_where_names_the_real_place_and_never_the_scope(service: GameService) -> None:
    scope = await service.conversations.server_scope(FOREIGN, FOREIGN_CHANNEL, FIRST_ASK, "#g")
    there, named_by_scope = Where(FOREIGN, FOREIGN_CHANNEL), Where(scope, FOREIGN_CHANNEL)
    lobby = await service.create_lobby(
        kind="claimit", guild_id=scope, channel_id=FOREIGN_CHANNEL, host=ANN, reached_in=FOREIGN
    )
    assert (lobby.guild_id, lobby.reached_in) == (scope, FOREIGN)
    assert lobby.interaction_only and lobby.place_guild_id == FOREIGN
    with pytest.raises(NotHere):
        await service.join(lobby.id, BO, None, named_by_scope)
    lobby = await service.join(lobby.id, BO, None, there)
    game = await service.start(lobby.id, Actor(ANN.user_id, where=there), lobby.version)
    assert game.state is not None
    mover = game.seats[game.state.turn].user_id
    with pytest.raises(NotHere):
        await service.turns.act(game.id, Actor(mover, where=named_by_scope), game.version, "roll")
    assert (await service.game(game.id)).version == game.version
    await service.turns.act(game.id, Actor(mover, where=there), game.version, "roll")

    # A group DM's game answers where Discord says it is: no server, its channel.
    private = await service.conversations.private_scope(
        GROUP_DM, ConversationKind.GROUP_DM, "Ann, Bo"
    )
    lobby = await service.create_lobby(
        kind="nuggets", guild_id=private, channel_id=GROUP_DM, host=ANN, reached_in=0
    )
    assert (lobby.guild_id, lobby.place_guild_id, lobby.interaction_only) == (GROUP_DM, 0, True)
    with pytest.raises(NotHere):
        await service.join(lobby.id, BO, None, Where(GROUP_DM, GROUP_DM))
    joined = await service.join(lobby.id, BO, None, Where(0, GROUP_DM))
    assert [seat.user_id for seat in joined.seats] == [ANN.user_id, BO.user_id]

    # A server game is where its server is, as ever.
    ours = await service.create_lobby(kind="claimit", guild_id=10, channel_id=1, host=ANN)
    assert (ours.reached_in, ours.interaction_only, ours.place_guild_id) == (None, False, 10)


async def test_a_games_token_is_kept_read_due_lapsed_and_dropped(service: GameService) -> None:
    records = service.conversations
    lobby = await service.create_lobby(
        kind="claimit", guild_id=GROUP_DM, channel_id=GROUP_DM, host=ANN, reached_in=0
    )
    assert await records.token_of(lobby.id) is None
    first = ConversationToken(lobby.id, 501, "token-1", 1000.0)
    assert await records.keep_token(first)
    assert await records.token_of(lobby.id) == first
    assert "token-1" not in repr(first)
    # A press answered later than a newer one on the same message keeps the newer token.
    newer = ConversationToken(lobby.id, 501, "token-2", 1100.0)
    assert await records.keep_token(newer)
    assert not await records.keep_token(first)
    assert await records.token_of(lobby.id) == newer

    every = Shards.every()
    assert await records.due(every, 1099.0) == []
    assert await records.due(every, 1100.0) == [newer]
    # A lapse of a token a press replaced meanwhile changes nothing.
    assert not await records.mark_lapsed(first)
    assert await records.mark_lapsed(newer)
    assert not await records.mark_lapsed(newer)
    assert await records.token_of(lobby.id) == ConversationToken(
        lobby.id, 501, "token-2", 1100.0, lapsed=True
    )
    assert await records.due(every, 5000.0) == []

    # A press brings it back; a new message (/claimit board) replaces it, an older token
    # and all.
    assert await records.keep_token(ConversationToken(lobby.id, 501, "token-3", 2000.0))
    assert await records.due(every, 2000.0) == [ConversationToken(lobby.id, 501, "token-3", 2000.0)]
    moved = ConversationToken(lobby.id, 502, "token-4", 1500.0)
    assert await records.keep_token(moved)
    assert await records.token_of(lobby.id) == moved
    # Dropping the old message's drops nothing; the message's own goes.
    assert not await records.drop_token(lobby.id, 501)
    assert await records.drop_token(lobby.id, 502)
    assert await records.token_of(lobby.id) is None
    assert await records.due(every, 5000.0) == []


SCOPES = (
    GROUP_DM,
    FIRST_ASK,
    1_187_000_000_004_194_303,
    (1 << 62) + (5 << 22),
    (1 << 63) - 1,
    2_000_000_000_000_000_000,
)
"""Scopes as Discord's snowflakes make them, up to the largest 64-bit one."""


async def test_shards_hold_a_scope_in_sql_as_in_python(service: GameService) -> None:
    games = {}
    for place, scope in enumerate(SCOPES):
        lobby = await service.create_lobby(
            kind="claimit", guild_id=scope, channel_id=7000 + place, host=ANN, reached_in=0
        )
        games[lobby.id] = scope
        await service.conversations.keep_token(ConversationToken(lobby.id, 9000 + place, "t", 1.0))
    for count in (2, 3, 16):
        assert len({shard_of(scope, count) for scope in SCOPES}) > 1
        for ids in (*({shard} for shard in range(count)), {0, count - 1}):
            shards = Shards(count, frozenset(ids))
            due = await service.conversations.due(shards, 1.0)
            assert {token.game_id for token in due} == {
                game_id for game_id, scope in games.items() if shards.holds(scope)
            }, (count, shards.ids)


GAME = 42
GUILD, CHANNEL = 10, 20
BEFORE = 27
"""The version before conversations (28)."""


async def test_a_database_of_the_version_before_gains_the_conversations(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Brought from the last released version to the one before conversations, holding a
    lobby: opened, it has the tables and the column, and the lobby is a server's as it was."""
    target = str(tmp_path / "before.sqlite3")
    if backend != "sqlite":
        cluster: Cluster = request.getfixturevalue("postgres")
        target = await cluster.new_database()
    await stepped_on(target, backend, BEFORE, A_LOBBY)
    database = await open_database(target)
    try:
        await _gained_the_conversations(database)
    finally:
        await database.close()


A_LOBBY = (
    "INSERT INTO games (id, guild_id, channel_id, host_id, status, created_at, "
    f"updated_at, kind, number) VALUES ({GAME}, {GUILD}, {CHANNEL}, {ANN.user_id}, "
    "'lobby', 1000, 1000, 'claimit', 1)",
    "INSERT INTO seats (game_id, seat, user_id, display_name, color, joined_at) "
    f"VALUES ({GAME}, 0, {ANN.user_id}, '{ANN.display_name}', 0, 1000)",
)
"""A lobby, as a bot of the version before conversations kept one."""


async def _gained_the_conversations(database: Database) -> None:
    service = GameService(database)
    lobby = await service.game(GAME)
    assert (lobby.status, lobby.reached_in, lobby.interaction_only) == (
        GameStatus.LOBBY,
        None,
        False,
    )
    assert lobby.place_guild_id == GUILD
    joined = await service.join(GAME, BO, None, Where(GUILD, CHANNEL))
    assert len(joined.seats) == 2
    scope = await service.conversations.private_scope(GROUP_DM, ConversationKind.DM, "Ann")
    assert scope == GROUP_DM
    game = await service.create_lobby(
        kind="claimit", guild_id=scope, channel_id=GROUP_DM, host=ANN, reached_in=0
    )
    kept = ConversationToken(game.id, 1, "t", 1.0)
    assert await service.conversations.keep_token(kept)
    assert await service.conversations.token_of(game.id) == kept
