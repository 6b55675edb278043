"""The app installed to a user's account: its commands follow the user into servers the
bot is not in (and the bot's own, and its DM), where their ``integration_types`` and
``contexts`` allow, and nowhere else (``CommandUnavailable``, as a client offers no
such command); the interaction names the installs that authorized it, as discord.py
reads them; in a server the bot is not in, the bot hears nothing and reaches nothing but
through the interaction; and a user who installed the app takes its DMs without a
server shared with the bot."""

from __future__ import annotations

import discord
import pytest

from emulator import (
    ActivityInstance,
    CommandUnavailable,
    User,
)
from emulator.installs import ALWAYS_IN_ANSWERS, ANSWER_PERMISSIONS
from tests.emulator.friends import COMMANDS, Friends, heard, received, sync
from tests.emulator.places import (
    MISSING_ACCESS,
    WAIT,
    Listener,
    Route,
    all_missing_access,
    message_routes,
    thread_route,
)
from tests.emulator.rest import Answer, Place


async def test_a_user_installed_command_runs_in_a_server_the_bot_is_not_in(
    friends: Friends, client: Listener
) -> None:
    emulator = friends.emulator
    emulated, seen, raw = await received(client, emulator.slash(friends.ann, friends.far, "play"))
    assert raw["authorizing_integration_owners"] == {"1": str(friends.ann.id)}
    assert (raw["context"], raw["guild_id"], raw["guild"]["id"]) == (
        0,
        str(friends.elsewhere.id),
        str(friends.elsewhere.id),
    )
    assert seen.context.guild and not seen.context.private_channel
    assert seen.is_user_integration() and not seen.is_guild_integration()
    assert seen.guild_id == friends.elsewhere.id and client.get_guild(seen.guild_id) is None
    assert isinstance(seen.channel, discord.TextChannel) and seen.channel.id == friends.far.id
    assert isinstance(seen.user, discord.Member) and seen.user.id == friends.ann.id
    # No bot there: what an answer may use, as far as Ann may (Attach Files and Embed
    # Links always).
    assert seen.app_permissions == ALWAYS_IN_ANSWERS

    await seen.response.send_message("a table for four")
    await emulator.answer(emulated, WAIT)
    assert [m.content for m in friends.far.visible(friends.bo.id)] == ["a table for four"]
    await seen.edit_original_response(content="a table for three")
    assert friends.far.messages[0].content == "a table for three"
    assert friends.far.messages[0].authorizing_owners == {"1": str(friends.ann.id)}
    assert await heard(friends, client) == []


async def test_anyone_in_the_server_presses_the_answer_there(
    friends: Friends, client: Listener
) -> None:
    emulator, far = friends.emulator, friends.far
    emulated, seen, _ = await received(client, emulator.slash(friends.ann, far, "play"))
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Join", custom_id="join"))
    await seen.response.send_message("lobby", view=view)
    (lobby,) = far.messages
    press, pressed, raw = await received(client, emulator.click(friends.bo, lobby, "Join"))
    assert press.token != emulated.token
    assert (raw["guild_id"], raw["member"]["user"]["id"]) == (
        str(friends.elsewhere.id),
        str(friends.bo.id),
    )
    assert raw["authorizing_integration_owners"] == {"1": str(friends.ann.id)}
    assert not pressed.is_user_integration()
    await pressed.response.edit_message(content="lobby: Bo joined")
    assert lobby.content == "lobby: Bo joined"
    with pytest.raises(ValueError, match="not a member of Elsewhere"):
        await emulator.click(friends.cy, lobby, "Join")
    # What changes there is not the bot's to hear.
    await emulator.set_member_permissions(friends.elsewhere, friends.bo, discord.Permissions())
    await emulator.remove_member(friends.elsewhere, friends.bo)
    await emulator.say(friends.ann, far, "bye Bo")
    assert await heard(friends, client) == []


async def test_installs_decide_where_a_command_is_offered(
    friends: Friends, client: Listener
) -> None:
    emulator = friends.emulator
    ann, bo, far, group = friends.ann, friends.bo, friends.far, friends.group
    dm = emulator.dm_with(ann)
    refused = [
        # The server install reaches only the bot's servers and its DM.
        (ann, far, "host"),
        (ann, group, "host"),
        # A subcommand is its command's.
        (ann, far, "game new"),
        (ann, group, "game new"),
        # Bo has not installed the app: nothing of it follows him.
        (bo, far, "play"),
        (bo, group, "play"),
        (bo, emulator.dm_with(bo), "mine"),
        # Installed, but not allowed in a group DM.
        (ann, group, "mine"),
    ]
    for user, channel, command in refused:
        with pytest.raises(CommandUnavailable):
            await emulator.slash(user, channel, command)
    with pytest.raises(CommandUnavailable):
        await emulator.autocomplete(bo, group, "pick", "what", "a")
    assert emulator.interactions == {}

    for channel, context, owners in (
        (friends.place.channel, 0, {"1": str(ann.id)}),
        (dm, 1, {"1": str(ann.id)}),
    ):
        emulated, seen, raw = await received(client, emulator.slash(ann, channel, "mine"))
        assert (raw["context"], raw["authorizing_integration_owners"]) == (context, owners)
        assert emulated.owners == owners
    assert seen.context.dm_channel and seen.is_user_integration()
    # Bo's own server commands still reach him where the bot is.
    emulator.add_member(emulator.guilds[friends.place.channel.guild_id], bo)
    emulated, _, raw = await received(client, emulator.slash(bo, friends.place.channel, "host"))
    guild_id = str(friends.place.channel.guild_id)
    assert raw["authorizing_integration_owners"] == {"0": guild_id}


async def test_both_installs_authorize_where_both_reach(friends: Friends, client: Listener) -> None:
    emulator, ann = friends.emulator, friends.ann
    guild_id = str(friends.place.channel.guild_id)
    _, seen, raw = await received(client, emulator.slash(ann, friends.place.channel, "play"))
    assert raw["authorizing_integration_owners"] == {"0": guild_id, "1": str(ann.id)}
    assert seen.is_guild_integration() and seen.is_user_integration()
    assert seen.app_permissions == emulator.permissions_in(friends.place.channel)
    _, seen, raw = await received(client, emulator.slash(ann, emulator.dm_with(ann), "play"))
    assert raw["authorizing_integration_owners"] == {"0": "0", "1": str(ann.id)}
    assert raw["context"] == 1 and seen.context.dm_channel


async def test_the_bot_reaches_a_server_it_is_not_in_only_through_the_interaction(
    friends: Friends, client: Listener
) -> None:
    emulator, place, far = friends.emulator, friends.place, friends.far
    emulated, seen, _ = await received(client, emulator.slash(friends.ann, far, "play"))
    await seen.response.send_message("lobby")
    answer = friends.far.messages[0]
    member: Route = ("GET", f"/guilds/{friends.elsewhere.id}/members/{friends.bo.id}", None)
    await all_missing_access(place, [*message_routes(answer), thread_route(answer), member])
    assert [m.content for m in far.messages] == ["lobby"] and not answer.edited_at
    # The interaction's own webhook does reach there.
    await seen.followup.send("and a follow-up")
    assert [m.content for m in far.messages] == ["lobby", "and a follow-up"]
    assert emulated.errors == []


async def test_an_interaction_only_a_user_install_authorizes_has_five_follow_ups(
    friends: Friends, client: Listener
) -> None:
    emulator = friends.emulator
    _, seen, _ = await received(client, emulator.slash(friends.ann, friends.group, "play"))
    await seen.response.send_message("lobby")
    for n in range(5):
        await seen.followup.send(f"turn {n}")
    with pytest.raises(discord.HTTPException) as refused:
        await seen.followup.send("one more")
    assert (refused.value.status, refused.value.code) == (400, 40094)
    assert len(friends.group.messages) == 6
    # A server install lifts the cap.
    _, seen, _ = await received(client, emulator.slash(friends.ann, friends.place.channel, "play"))
    await seen.response.send_message("lobby")
    for n in range(6):
        await seen.followup.send(f"turn {n}")


async def open_dm(place: Place, user: User) -> Answer:
    return await place.call("POST", "/users/@me/channels", {"recipient_id": str(user.id)})


async def test_a_user_who_installed_the_app_takes_its_dms_without_a_shared_server(
    friends: Friends,
) -> None:
    emulator, place = friends.emulator, friends.place
    cy = friends.cy
    status, opened = await open_dm(place, cy)
    assert status == 200
    path = f"/channels/{opened['id']}/messages"
    refused = (403, {"code": 50007, "message": "Cannot send messages to this user"})
    assert await place.call("POST", path, {"content": "your turn"}) == refused
    emulator.install_to_user(cy)
    assert (await place.call("POST", path, {"content": "your turn"}))[0] == 200
    emulator.close_dms(cy)
    assert await place.call("POST", path, {"content": "again"}) == refused
    assert [m.content for m in emulator.dm_with(cy).messages] == ["your turn"]


async def test_a_server_the_bot_leaves_keeps_its_members_for_their_installs(
    friends: Friends, client: Listener
) -> None:
    emulator, channel = friends.emulator, friends.place.channel
    guild = emulator.guilds[channel.guild_id]
    await emulator.remove_bot(guild)
    assert guild.id in emulator.foreign_guilds and channel.id not in emulator.channels
    with pytest.raises(CommandUnavailable):
        await emulator.slash(friends.ann, channel, "host")
    _, seen, raw = await received(client, emulator.slash(friends.ann, channel, "play"))
    assert raw["authorizing_integration_owners"] == {"1": str(friends.ann.id)}
    # Ann owns the server: all an answer may use.
    assert seen.app_permissions == ANSWER_PERMISSIONS
    assert await friends.place.call("GET", f"/channels/{channel.id}") == MISSING_ACCESS


async def test_the_entry_point_is_offered_where_its_contexts_and_installs_allow(
    friends: Friends,
) -> None:
    emulator, place = friends.emulator, friends.place
    launcher = {"name": "Launch", "type": 4, "handler": 2, "integration_types": [0, 1]}
    await sync(place, [*COMMANDS, {**launcher, "contexts": [0, 1]}])
    with pytest.raises(CommandUnavailable):
        await emulator.use_entry_point(friends.ann, friends.group)
    with pytest.raises(CommandUnavailable):
        await emulator.use_entry_point(friends.bo, friends.far)
    assert emulator.channel_activity(friends.group.id) is None
    # Installed to Ann: Discord launches it for her where the bot is not.
    opened = await emulator.use_entry_point(friends.ann, friends.far)
    assert isinstance(opened, ActivityInstance)
    assert opened.id.endswith(f"gc-{friends.elsewhere.id}-{friends.far.id}")
    assert emulator.channel_activity(friends.far.id) is opened
