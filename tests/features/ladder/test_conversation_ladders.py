"""Ladders of their own: a conversation's games (a group DM's, a server's the bot is not
in) count on that conversation's ladder, which its ``leaderboard``, ``stats`` and
``history`` show there, and never on a server's, not even a server its players share
with the bot, nor the very server a foreign one becomes when the bot is added to it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.features.ladder.discord.handlers import Ladder
from bot.service import GameService, Where
from bot.storage import ConversationKind, Game
from bot.storage.opening import open_database
from emulator import Channel, Guild, User
from emulator.model import snowflake
from tests.e2e.group_dms import InGroupDm
from tests.e2e.service_games import played_through
from tests.e2e.world import ephemeral_answer, make_world, title_of

pytestmark = pytest.mark.e2e

GROUP_NAME = "game night"
SHOWN_AS = 1_500_000_000_000_000_777
"""The id of each game's message in its conversation, as its answers made it."""


@dataclass
class Places(InGroupDm):
    """Ann (who installed the app to her account) and Bo: a game played to its end in
    their group DM, and one in Elsewhere, a server of theirs the bot is not in; both
    share the world's server with the bot too."""

    elsewhere: Guild
    far: Channel
    scope: int
    """Elsewhere's conversation's."""


@pytest.fixture
async def places(tmp_path: Path) -> AsyncIterator[Places]:
    world = await make_world(tmp_path)
    async with world:
        discord = world.discord
        ann, bo = world.players[:2]
        group = discord.add_group_dm(ann, [bo], GROUP_NAME)
        elsewhere = discord.add_guild("Elsewhere", bo, bot_member=False)
        discord.add_member(elsewhere, ann)
        far = discord.add_channel(elsewhere, "games")
        discord.install_to_user(ann)
        database = await open_database(world.database)
        try:
            service = GameService(database, dice=random.Random(4), clock=world.clock.now)
            records = service.conversations
            private = await records.private_scope(group.id, ConversationKind.GROUP_DM, GROUP_NAME)
            await _played(service, private, Where(0, group.id), ann, bo)
            scope = await records.server_scope(elsewhere.id, far.id, snowflake(), "#games")
            await _played(service, scope, Where(elsewhere.id, far.id), ann, bo)
        finally:
            await database.close()
        await world.start_bot()
        yield Places(world, group, elsewhere, far, scope)


async def _played(service: GameService, scope: int, here: Where, host: User, guest: User) -> Game:
    """A rated Claim It! game of ``host`` and ``guest`` at ``here``, played to its end and
    shown there (as its lobby's answers and the presses on it would)."""
    game = await played_through(service, scope, here, host, guest)
    await service.messages.mark_shown(
        game.id, game.version, {"lobby_message_id": SHOWN_AS, "turn_message_id": SHOWN_AS}
    )
    return game


def ladder_lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if "game ·" in line]


async def test_a_group_dm_game_counts_on_its_own_ladder_and_not_on_a_shared_server(
    places: Places,
) -> None:
    world, ann, bo = places.world, places.ann, places.bo
    board = await world.command(ann, "claimit leaderboard", where=places.group)
    assert board.response_message is not None
    assert title_of(board.response_message) == f"Claim It! ladder of *{GROUP_NAME}*"
    lines = ladder_lines(ephemeral_answer(board))
    assert len(lines) == 2 and all("1 game" in line for line in lines)
    assert any(ann.name in line for line in lines) and any(bo.name in line for line in lines)
    stats = ephemeral_answer(await world.command(ann, "claimit stats", where=places.group))
    assert "Rating **" in stats and "**Games** 1 game" in stats
    history = ephemeral_answer(await world.command(ann, "claimit history", where=places.group))
    link = f"https://discord.com/channels/@me/{places.group.id}/{SHOWN_AS}"
    assert f"[final message]({link})" in history and GROUP_NAME in history

    # The server Ann and Bo share with the bot knows nothing of it.
    assert "Nobody is on this server's ladder yet" in ephemeral_answer(
        await world.command(bo, "claimit leaderboard")
    )
    assert "You haven't finished" in ephemeral_answer(await world.command(ann, "claimit stats"))


async def test_a_foreign_servers_ladder_stays_its_own_after_the_bot_joins_it(
    places: Places,
) -> None:
    world, ann = places.world, places.ann
    board = await world.command(ann, "claimit leaderboard", where=places.far)
    assert board.response_message is not None
    assert title_of(board.response_message) == r"Claim It! ladder of *\#games*"
    assert len(ladder_lines(ephemeral_answer(board))) == 2
    history = ephemeral_answer(await world.command(ann, "claimit history", where=places.far))
    link = f"https://discord.com/channels/{places.elsewhere.id}/{places.far.id}/{SHOWN_AS}"
    assert f"[final message]({link})" in history

    await world.discord.add_bot(places.elsewhere)
    await world.handled()
    # Now the server's own ladder answers there: empty, the games before kept apart.
    assert "Nobody is on this server's ladder yet" in ephemeral_answer(
        await world.command(ann, "claimit leaderboard", where=places.far)
    )
    kept = await world.bots[0].parts.get(Ladder).ladder.leaderboard(places.scope, "claimit", ann.id)
    assert kept.players == 2
