"""A group DM is a place of its own, through the real bot and the emulated Discord: what
is said there names it a conversation, never a server or a channel (the ladder's
commands, a log asked for where no game was played, a second lobby); its lobby lists
only what works there (no take-backs with consent, which no button there offers); its
stats say nothing of a reliability or a report never offered there; and its history
points to what shows a game again there (its log), never to a replay it would refuse.
The same asked in the world's server still names the server."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService, Where
from bot.storage import ConversationKind
from bot.storage.opening import open_database
from tests.e2e.group_dms import InGroupDm
from tests.e2e.world import describe, ephemeral_answer, make_world
from tests.features.ladder.test_conversation_ladders import _played

pytestmark = pytest.mark.e2e

GROUP_NAME = "game night"


@pytest.fixture
async def friends(tmp_path: Path) -> AsyncIterator[InGroupDm]:
    """Ann (who installed the app to her account) and Bo's group DM; both share the
    world's server with the bot too."""
    world = await make_world(tmp_path)
    async with world:
        ann, bo = world.players[:2]
        group = world.discord.add_group_dm(ann, [bo], GROUP_NAME)
        world.discord.install_to_user(ann)
        await world.start_bot()
        yield InGroupDm(world, group)


async def said(friends: InGroupDm, command: str, *, here: bool = True) -> str:
    """What Ann is told for ``command``, in the group DM (or the world's server)."""
    world = friends.world
    where = friends.group if here else world.channel
    asked = await world.command(friends.ann, command, where=where)
    await world.handled()
    return ephemeral_answer(asked)


async def test_the_ladders_words_and_a_refused_log_name_a_conversation(
    friends: InGroupDm,
) -> None:
    stats = await said(friends, "claimit stats")
    assert stats.startswith("You haven't finished a Claim It! game in this conversation yet.")
    assert f"**The dice in {GROUP_NAME}**\n0 dice were rolled here" in stats
    board = await said(friends, "claimit leaderboard")
    assert board.startswith("Nobody is on this conversation's ladder yet:")
    history = await said(friends, "claimit history")
    assert history.startswith("No game has been played to the end in this conversation yet")
    log = await said(friends, "claimit log")
    assert log.startswith("No Claim It! game has been played in this conversation yet")
    for words in (stats, board, history, log):
        assert "server" not in words and "channel" not in words
    # In a server, the same words name the server and the channel.
    assert "in this server" in await said(friends, "claimit stats", here=False)
    assert "this server's ladder" in await said(friends, "claimit leaderboard", here=False)
    assert "in this channel" in await said(friends, "claimit log", here=False)


async def test_a_group_dms_lobby_lists_only_what_works_there(friends: InGroupDm) -> None:
    world = friends.world
    lobby = await world.answered(friends.ann, "claimit new", where=friends.group)
    assert lobby.button_labels()[:2] == ["Join", "Leave"]
    assert "Take-backs" not in describe(lobby), "no take-back is offered in a conversation"
    second = await said(friends, "claimit new")
    assert second.endswith(
        "is already open in this conversation, which holds one game at a time. "
        "Finish it, or have the host cancel it."
    )
    # In a server's channel, the lobby says whether its game will allow take-backs.
    there = await world.answered(friends.ann, "claimit new")
    assert "**Take-backs** with consent" in describe(there)


async def test_a_group_dms_stats_and_history_point_only_to_what_works_there(
    friends: InGroupDm,
) -> None:
    world, ann, bo = friends.world, friends.ann, friends.bo
    await world.stop_bots()
    database = await open_database(world.database)
    try:
        service = GameService(database, dice=random.Random(4), clock=world.clock.now)
        scope = await service.conversations.private_scope(
            friends.group.id, ConversationKind.GROUP_DM, GROUP_NAME
        )
        await _played(service, scope, Where(0, friends.group.id), ann, bo)
    finally:
        await database.close()
    await world.start_bot()

    stats = await said(friends, "claimit stats")
    assert "**Games** 1 game" in stats
    # No reliability, which nothing there asks for; a decision rate, of its games judged
    # (as its drills judge them), whose words send nobody to a report it would refuse.
    assert "Reliability" not in stats and "Decision rate" in stats
    assert "What decided it" not in stats
    history = await said(friends, "claimit history")
    assert "/claimit log" in history and "/claimit replay" not in history
    # The replay it no longer points to is refused there.
    assert "works only in a server I'm in" in await said(friends, "claimit replay")


async def test_the_rules_in_a_group_dm_offer_nothing_it_would_refuse(
    friends: InGroupDm,
) -> None:
    """Learn to play is the lessons', which a conversation doesn't offer: the rules there
    (the command's, a lobby's How to play) come without it; a server's have it."""
    world, ann, bo = friends.world, friends.ann, friends.bo
    group = friends.group
    seen = len(group.messages)
    await world.command(ann, "claimit rules", where=group)
    lobby = await world.answered(ann, "claimit new", where=group)
    await world.click(bo, lobby, "How to play")
    await world.handled()
    answers = [m for m in group.messages[seen:] if m.ephemeral]
    assert len(answers) >= 2 and "**Claim It!**" in describe(answers[0])
    assert all("Learn to play" not in m.button_labels() for m in answers)
    asked = await world.command(ann, "claimit rules")
    await world.handled()
    assert any(
        "Learn to play" in m.button_labels()
        for m in world.channel.messages
        if m.ephemeral and m.interaction_id == asked.id
    )
