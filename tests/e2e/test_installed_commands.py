"""The app installed to a user's account: the games' commands reach that user's group DMs
and the servers the bot is not in, where each not made for them is refused in plain words
before any work (the games played there are ``test_conversation_games``), with nothing
written and nothing asked of Discord but the answer; ``/server`` stays in servers the bot
is in, and ``/my`` reaches the bot's DM of a user who shares no server with it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from emulator import Channel, CommandUnavailable, Guild
from tests.e2e.group_dms import InGroupDm, game_night
from tests.e2e.world import ephemeral_answer

SERVER_ONLY = "{command} works only in a server I'm in, so nothing happened."


@dataclass
class Friends(InGroupDm):
    """The world's Ann, Bo and Cy in a group DM, and Ann and Bo in a server the bot is
    not in; Ann installed the app to her account, Bo did not."""

    elsewhere: Guild
    far: Channel


@pytest.fixture
async def friends(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[Friends]:
    async with game_night(tmp_path, caplog, board=False) as (world, group):
        ann, bo = world.players[:2]
        elsewhere = world.discord.add_guild("Elsewhere", bo, bot_member=False)
        world.discord.add_member(elsewhere, ann)
        far = world.discord.add_channel(elsewhere, "games")
        yield Friends(world, group, elsewhere, far)


async def test_a_game_command_in_a_group_dm_is_refused_and_changes_nothing(
    friends: Friends,
) -> None:
    world, ann = friends.world, friends.ann
    service = world.bots[0].service
    asked = len(world.discord.requests)
    for command in ("claimit settings", "nuggets drills", "claim recompute"):
        for where in (friends.group, friends.far):
            answer = ephemeral_answer(await world.command(ann, command, where=where))
            assert answer == SERVER_ONLY.format(command=f"/{command}"), (command, where.name)
    await world.handled()
    assert await service.current_game(friends.group.id) is None
    assert await service.current_game(friends.far.id) is None
    assert await service.games_of_user(ann.id) == []
    # Only the answers: no REST call into places the bot is not in (403 50001 there).
    assert [r.status for r in list(world.discord.requests)[asked:] if r.status >= 400] == []
    # A new game in its server is as it was.
    await world.new_game(2)


async def test_a_refusal_in_a_conversation_speaks_the_askers_language(friends: Friends) -> None:
    world, bo = friends.world, friends.bo
    world.discord.add_user(bo.name, bo.id, locale="de")
    world.discord.install_to_user(bo)
    answer = ephemeral_answer(await world.command(bo, "claimit einstellungen", where=friends.group))
    assert answer == (
        "/claimit einstellungen funktioniert nur auf einem Server, auf dem ich bin, daher ist "
        "nichts passiert."
    )


async def test_my_commands_in_a_server_without_the_bot_point_to_the_dm(
    friends: Friends,
) -> None:
    answer = ephemeral_answer(
        await friends.world.command(friends.ann, "my settings", where=friends.far)
    )
    assert answer == (
        "/my settings works only in a server I'm in or in a direct message with me, so "
        "nothing happened."
    )


async def test_commands_are_offered_only_where_their_installs_and_contexts_reach(
    friends: Friends,
) -> None:
    world, ann, bo = friends.world, friends.ann, friends.bo
    for command in ("server settings", "tournament list", "my settings", "my games"):
        with pytest.raises(CommandUnavailable):
            await world.discord.slash(ann, friends.group, command)
    with pytest.raises(CommandUnavailable):
        await world.discord.slash(ann, friends.far, "server settings")
    # Bo didn't install the app: it has nothing for him where the bot isn't.
    for where in (friends.group, friends.far):
        with pytest.raises(CommandUnavailable):
            await world.discord.slash(bo, where, "claimit new")
    # In the bot's server, the server's install answers for everyone.
    await world.command(bo, "claimit rules")


async def test_my_settings_in_the_dm_of_a_user_who_shares_no_server_with_the_bot(
    friends: Friends,
) -> None:
    world = friends.world
    flo = world.discord.add_user("Flo")
    world.discord.install_to_user(flo)
    asked = await world.command(flo, "my settings", where=world.discord.dm_with(flo))
    assert asked.owners.get("1") == str(flo.id)
    answer = ephemeral_answer(asked)
    assert "Saved" not in answer and "works only" not in answer
    saved = ephemeral_answer(
        await world.command(flo, "my settings", where=world.discord.dm_with(flo), notify="dm")
    )
    assert "Saved." in saved


async def test_a_command_refused_in_a_conversation_offers_nothing_as_one_types(
    friends: Friends,
) -> None:
    world, ann = friends.world, friends.ann
    typing = ("my settings", "time_zone", "Berlin")
    assert await world.discord.autocomplete(ann, world.channel, *typing) != []
    assert await world.discord.autocomplete(ann, friends.far, *typing) == []
