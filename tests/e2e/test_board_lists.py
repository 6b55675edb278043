"""The board's games list says what there is where it is opened, through the real bot and
the emulated Discord: after a game finished in a channel, it lists that game (newest
first, after any still open), which opens on its result, rather than saying the channel
has no games yet; in a group DM it says so (its words name a conversation, never a
channel), lists the group DM's finished games too, and offers the player's drills, which
work there end to end: served, answered, and pointing to where the game's replay is."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from bot.service import Player, Where
from bot.storage import ConversationKind
from emulator import User
from tests.e2e.board_viewer import BoardViewer, connected, in_the_places, place_answer, signed_in
from tests.e2e.group_dms import InGroupDm
from tests.e2e.service_games import played_through
from tests.e2e.world import World
from tests.features.drills.test_board_drills import drilled

pytestmark = pytest.mark.e2e

Frame = dict[str, Any]


async def listing(viewer: BoardViewer, wanted: Any, after: int = 0) -> Frame:
    """The first games list from the ``after``-th frame on that is ``wanted``."""
    return await viewer.wait_for(lambda f: f["type"] == "games" and wanted(f), after)


async def test_a_channels_list_shows_its_finished_games_after_those_open(
    board_world: World, session: aiohttp.ClientSession
) -> None:
    world = board_world
    ann, bo = world.players[:2]
    viewer = await in_the_places(world, session, ann)
    empty = await listing(viewer, lambda f: True)
    assert empty["games"] == [] and empty["conversation"] is False

    service = world.bots[0].service
    here = Where(world.guild.id, world.channel.id)
    first = await played_through(service, world.guild.id, here, ann, bo, "nuggets")
    second = await played_through(service, world.guild.id, here, bo, ann, "nuggets")
    # What there was, newest first.
    both = [(second.id, "finished"), (first.id, "finished")]
    shown = await listing(viewer, lambda f: [(g["id"], g["status"]) for g in f["games"]] == both)
    assert all(g["seated"] and not g["can_join"] for g in shown["games"])

    # A lobby opened since comes first; the finished ones after it.
    count = len(viewer.frames)
    lobby = await service.create_lobby(
        kind="claimit",
        guild_id=world.guild.id,
        channel_id=world.channel.id,
        host=Player(bo.id, bo.name),
    )
    three = [(lobby.id, "lobby"), *both]
    await listing(viewer, lambda f: [(g["id"], g["status"]) for g in f["games"]] == three, count)

    # A finished game opens on its result.
    await viewer.send(type="watch", game=second.id)
    result = await viewer.game()
    assert result["game"]["status"] == "finished" and result["game"]["result"]


class GroupDm(InGroupDm):
    """Ann (who installed the app) and Bo's group DM, its board launched there."""

    async def board(self, session: aiohttp.ClientSession, user: User) -> BoardViewer:
        world = self.world
        instance = (await world.discord.launch_activity(self.group.id, user.id)).id
        token = await signed_in(world.discord, world.boards[0], user, session)
        viewer = await connected(world.boards[0], session, token, instance)
        await viewer.wait_for(lambda f: f["type"] == "places")
        return viewer


@pytest.fixture
def friends(board_world: World) -> GroupDm:
    """Ann (who installed the app) and Bo's group DM, in a world whose bot serves the
    board."""
    ann, bo = board_world.players[:2]
    group = board_world.discord.add_group_dm(ann, [bo], "game night")
    board_world.discord.install_to_user(ann)
    return GroupDm(board_world, group)


async def test_a_group_dms_list_names_it_and_shows_its_finished_games(
    friends: GroupDm, session: aiohttp.ClientSession
) -> None:
    world, ann, bo = friends.world, friends.ann, friends.bo
    service = world.bots[0].service
    scope = await service.conversations.private_scope(
        friends.group.id, ConversationKind.GROUP_DM, "game night"
    )
    game = await played_through(service, scope, Where(0, friends.group.id), ann, bo, "nuggets")
    elsewhere = await played_through(
        service, world.guild.id, Where(world.guild.id, world.channel.id), ann, bo, "nuggets"
    )
    viewer = await friends.board(session, ann)
    shown = await listing(viewer, lambda f: True)
    assert shown["conversation"] is True
    assert [(g["id"], g["status"]) for g in shown["games"]] == [(game.id, "finished")]
    assert elsewhere.id not in [g["id"] for g in shown["games"]]


async def test_drills_on_a_group_dms_board_are_served_and_answered(
    friends: GroupDm, session: aiohttp.ClientSession
) -> None:
    world, ann = friends.world, friends.ann
    drill = await drilled(world, ann, "claimit")
    viewer = await friends.board(session, ann)
    places = next(f for f in viewer.frames if f["type"] == "places")
    (entry,) = [p for p in places["places"] if p["place"] == "drills"]
    assert entry["key"] == "claimit" and entry["note"] == "1 due today"
    asked = await place_answer(viewer, "drills", key="claimit", ask="open")
    assert asked["type"] == "place" and asked["key"] == f"{drill.id}.0"
    worst = drill.weighed.worths[-1][0]
    answered = await place_answer(
        viewer, "drills", key=asked["key"], ask=f"pick:{worst}", version=drill.version
    )
    assert answered["type"] == "place", answered
    said = " ".join(answered["said"])
    assert "The best was" in said and "/claimit replay" in said, "its game is the server's"
    assert (await listing(viewer, lambda f: True))["conversation"] is True
