"""Voice channels as Discord has them, seen through discord.py: members joining, moving
and leaving (VOICE_STATE_UPDATE, with the GUILD_VOICE_STATES intent only, and in
GUILD_CREATE), the voice channel's chat holding messages, commands and clicks as a text
channel's, Set Voice Channel Status with its limit and permissions, the Activity
launched in voice, and all of it kept across a restart."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import pytest

from emulator import Channel, Guild, RateLimits, User, Window
from emulator.gateway import GUILD_VOICE_STATES_INTENT
from emulator.world import VOICE_BOT_PERMISSIONS
from tests.emulator.kept_worlds import keeping
from tests.emulator.places import Listener, listening
from tests.emulator.rest import Bot, Place

VOICE = discord.Intents(guilds=True, voice_states=True, guild_messages=True)
NO_VOICE = discord.Intents(guilds=True, guild_messages=True)
STATUS = VOICE_BOT_PERMISSIONS | discord.Permissions(
    set_voice_channel_status=True, manage_channels=True
)
"""What the bot needs to set a voice channel's status without being connected to it."""
MISSING_PERMISSIONS = (403, {"code": 50013, "message": "Missing Permissions"})


def server(place: Place) -> Guild:
    return place.emulator.guilds[place.channel.guild_id]


def voice_channel(place: Place, name: str = "Lounge", **kwargs: Any) -> Channel:
    return place.emulator.add_voice_channel(server(place), name, **kwargs)


def member(place: Place, name: str) -> User:
    user = place.emulator.add_user(name)
    place.emulator.add_member(server(place), user)
    return user


async def set_status(place: Place, channel: Channel, status: object) -> tuple[int, Any]:
    return await place.call("PUT", f"/channels/{channel.id}/voice-status", {"status": status})


def test_the_intent_is_discords() -> None:
    assert discord.Intents(voice_states=True).value == GUILD_VOICE_STATES_INTENT


async def test_joining_moving_and_leaving_follow_in_discord_pys_cache(place: Place) -> None:
    lounge, tables = voice_channel(place), voice_channel(place, "Tables")
    ann = place.user
    async with listening(place, VOICE) as client:
        guild = client.get_guild(server(place).id)
        assert guild is not None

        await place.emulator.join_voice(ann, lounge)
        _, joined = await client.next("VOICE_STATE_UPDATE")
        assert joined["guild_id"] == str(server(place).id)
        assert (joined["channel_id"], joined["user_id"]) == (str(lounge.id), str(ann.id))
        assert joined["member"]["user"]["id"] == str(ann.id)
        assert not any(joined[k] for k in ("deaf", "mute", "self_deaf", "self_mute"))
        assert joined["session_id"] and joined["request_to_speak_timestamp"] is None
        present = guild.get_member(ann.id)
        assert present is not None and present.voice is not None
        assert present.voice.channel is not None and present.voice.channel.id == lounge.id
        assert server(place).voice_states == {ann.id: lounge.id}

        await place.emulator.join_voice(ann, tables)
        _, moved = await client.next("VOICE_STATE_UPDATE")
        assert moved["channel_id"] == str(tables.id)
        present = guild.get_member(ann.id)
        assert present is not None and present.voice is not None
        assert present.voice.channel is not None and present.voice.channel.id == tables.id
        assert place.emulator.in_voice(tables) == [ann] and place.emulator.in_voice(lounge) == []

        # Joining where they are already changes nothing, and says nothing.
        await place.emulator.join_voice(ann, tables)
        await place.emulator.leave_voice(ann, server(place))
        _, left = await client.next("VOICE_STATE_UPDATE")
        assert (left["channel_id"], left["user_id"]) == (None, str(ann.id))
        gone = client.get_channel(tables.id)
        assert isinstance(gone, discord.VoiceChannel) and gone.members == []
        assert server(place).voice_states == {}


async def test_only_a_bot_with_the_intent_hears_voice(place: Place) -> None:
    lounge = voice_channel(place)
    async with listening(place, VOICE) as hearing, listening(place, NO_VOICE) as deaf:
        await place.emulator.join_voice(place.user, lounge)
        await hearing.next("VOICE_STATE_UPDATE")
        # One server event to both: the one without the intent heard nothing before it.
        await place.emulator.say(place.user, place.channel, "marker")
        await deaf.next("MESSAGE_CREATE")
        assert not [e for e in deaf.seen() if e[0] == "VOICE_STATE_UPDATE"]
        guild = deaf.get_guild(server(place).id)
        assert guild is not None and guild.get_member(place.user.id) is None


@contextlib.asynccontextmanager
async def connected(
    place: Place, intents: discord.Intents
) -> AsyncIterator[tuple[Listener, dict[str, Any]]]:
    """A connected bot with these intents, and the GUILD_CREATE it was sent."""
    client = Listener(intents)
    await client.login(place.emulator.token)
    task = asyncio.create_task(client.connect())
    try:
        await client.wait_until_ready()
        (created,) = [data for name, data in client.seen() if name == "GUILD_CREATE"]
        yield client, created
    finally:
        await client.close()
        await task


async def test_guild_create_lists_who_is_in_voice(place: Place) -> None:
    lounge = voice_channel(place)
    bo = member(place, "Bo")
    await place.emulator.join_voice(place.user, lounge)
    async with (
        connected(place, VOICE) as (client, created),
        connected(place, NO_VOICE) as (
            deaf,
            unheard,
        ),
    ):
        (state,) = created["voice_states"]
        # GUILD_CREATE's voice states lack guild_id (and the member, among members).
        assert "guild_id" not in state and "member" not in state
        assert (state["user_id"], state["channel_id"]) == (str(place.user.id), str(lounge.id))
        listed = {m["user"]["id"] for m in created["members"]}
        assert listed == {str(place.emulator.bot.id), str(place.user.id)}
        guild = client.get_guild(server(place).id)
        assert guild is not None
        ann = guild.get_member(place.user.id)
        assert ann is not None and ann.voice is not None and ann.voice.channel is not None
        assert ann.voice.channel.id == lounge.id
        assert guild.get_member(bo.id) is None

        assert unheard["voice_states"] == [] and len(unheard["members"]) == 1
        without = deaf.get_guild(server(place).id)
        assert without is not None and without.get_member(place.user.id) is None


async def test_voice_where_the_bot_is_not_reaches_it_when_it_joins(place: Place) -> None:
    emulator, ann = place.emulator, place.user
    elsewhere = emulator.add_guild("H", ann, bot_member=False)
    lounge = emulator.add_voice_channel(elsewhere, "Lounge")
    async with listening(place, VOICE) as client:
        await emulator.join_voice(ann, lounge)
        await emulator.add_bot(elsewhere)
        name, joined = await client.next("VOICE_STATE_UPDATE", "GUILD_CREATE")
        assert name == "GUILD_CREATE"
        assert [s["user_id"] for s in joined["voice_states"]] == [str(ann.id)]
        guild = client.get_guild(elsewhere.id)
        assert guild is not None
        present = guild.get_member(ann.id)
        assert present is not None and present.voice is not None
        assert present.voice.channel is not None and present.voice.channel.id == lounge.id


async def test_only_a_member_who_sees_it_joins_a_voice_channel(place: Place) -> None:
    emulator, lounge = place.emulator, voice_channel(place)
    stranger = emulator.add_user("Cy")
    blind = member(place, "Di")
    await emulator.set_member_permissions(server(place), blind, discord.Permissions.none())
    with pytest.raises(ValueError, match="not a member"):
        await emulator.join_voice(stranger, lounge)
    with pytest.raises(ValueError, match="not a member"):
        await emulator.join_voice(emulator.bot, lounge)
    with pytest.raises(ValueError, match="can't see"):
        await emulator.join_voice(blind, lounge)
    with pytest.raises(ValueError, match="no voice channel"):
        await emulator.join_voice(place.user, place.channel)
    with pytest.raises(ValueError, match="not in voice"):
        await emulator.leave_voice(place.user, server(place))
    with pytest.raises(ValueError, match="not a member"):
        await emulator.leave_voice(stranger, server(place))
    assert server(place).voice_states == {}


async def test_a_member_leaving_the_server_or_a_channel_deleted_ends_their_voice(
    place: Place,
) -> None:
    emulator, lounge, tables = place.emulator, voice_channel(place), voice_channel(place, "T")
    bo = member(place, "Bo")
    await emulator.join_voice(place.user, lounge)
    await emulator.join_voice(bo, tables)
    async with listening(place, VOICE) as client:
        await emulator.remove_member(server(place), bo)
        _, left = await client.next("VOICE_STATE_UPDATE")
        assert (left["user_id"], left["channel_id"]) == (str(bo.id), None)
        await emulator.delete_channel(lounge)
        _, cut = await client.next("VOICE_STATE_UPDATE")
        assert (cut["user_id"], cut["channel_id"]) == (str(place.user.id), None)
        await client.next("CHANNEL_DELETE")
    assert server(place).voice_states == {}


async def test_a_voice_channel_as_discord_py_and_get_channel_see_it(place: Place) -> None:
    lounge = voice_channel(place)
    status, shown = await place.call("GET", f"/channels/{lounge.id}")
    assert status == 200
    assert (shown["type"], shown["bitrate"], shown["user_limit"]) == (2, 64000, 0)
    assert "status" not in shown
    async with listening(place, VOICE) as client:
        seen = client.get_channel(lounge.id)
        assert isinstance(seen, discord.VoiceChannel) and seen.name == "Lounge"
        guild = client.get_guild(server(place).id)
        assert guild is not None
        # discord.py works the bot's permissions out as the emulator does: Connect taken
        # away takes every voice permission and Manage Channels with it.
        for granted in (STATUS, STATUS & ~discord.Permissions(connect=True)):
            await place.emulator.set_bot_permissions(lounge, granted)
            await client.next("CHANNEL_UPDATE")
            assert seen.permissions_for(guild.me) == place.emulator.permissions_in(lounge)
        assert not place.emulator.permissions_in(lounge).set_voice_channel_status
        assert not place.emulator.permissions_in(lounge).manage_channels


async def test_the_voice_channels_chat_holds_messages_commands_and_clicks(
    place: Place, bot: Bot
) -> None:
    emulator, lounge = place.emulator, voice_channel(place)
    seen: list[discord.interactions.InteractionChannel | None] = []

    class Table(discord.ui.View):
        def __init__(self) -> None:
            super().__init__(timeout=None)

        @discord.ui.button(label="Sit", custom_id="sit")
        async def sit(self, interaction: discord.Interaction, _: discord.ui.Button[Table]) -> None:
            await interaction.response.edit_message(content=f"{interaction.user.name} sits")

    bot.client.add_view(Table())

    @bot.tree.command(name="table", description="opens a table")
    async def table(interaction: discord.Interaction) -> None:
        seen.append(interaction.channel)
        await interaction.response.send_message("a table", view=Table())

    await bot.tree.sync()
    command = await emulator.answer(await emulator.slash(place.user, lounge, "table"))
    (channel,) = seen
    assert channel is not None and channel.type is discord.ChannelType.voice
    assert channel.id == lounge.id
    answer = command.response_message
    assert answer is not None and answer.channel_id == lounge.id
    await emulator.answer(await emulator.click(place.user, answer, "Sit"))
    assert answer.content == "Ann sits"

    posted = await Place(emulator, place.user, lounge).post({"content": "Ann leads"})
    said = await emulator.say(place.user, lounge, "nice")
    assert [m.id for m in lounge.visible()] == [answer.id, posted.id, said.id]
    # A voice channel's chat has no threads.
    path = f"/channels/{lounge.id}/messages/{posted.id}/threads"
    await emulator.set_bot_permissions(lounge, STATUS | discord.Permissions.all_channel())
    assert await place.call("POST", path, {"name": "side"}) == (
        400,
        {"code": 50024, "message": "Cannot execute action on this channel type"},
    )


async def test_discord_py_sets_and_clears_a_voice_channels_status(place: Place) -> None:
    lounge = voice_channel(place, bot_permissions=STATUS)
    async with listening(place, VOICE) as client:
        seen = client.get_channel(lounge.id)
        assert isinstance(seen, discord.VoiceChannel)
        await seen.edit(status="Claim · trick 7 of 13")
        assert lounge.voice_status == "Claim · trick 7 of 13"
        _, updated = await client.next("VOICE_CHANNEL_STATUS_UPDATE")
        assert updated == {
            "id": str(lounge.id),
            "guild_id": str(server(place).id),
            "status": "Claim · trick 7 of 13",
        }
        await seen.edit(status=None)
        assert lounge.voice_status is None
        assert (await client.next("VOICE_CHANNEL_STATUS_UPDATE"))[1]["status"] is None

    assert await set_status(place, lounge, "x" * 500) == (204, {})
    assert lounge.voice_status == "x" * 500
    assert await set_status(place, lounge, "") == (204, {})
    assert lounge.voice_status is None


async def test_a_status_discord_refuses_changes_nothing(place: Place) -> None:
    emulator = place.emulator
    # More requests on the one channel than its bucket takes at once: the limit has a
    # test of its own.
    emulator.rate_limits = None
    lounge = voice_channel(place, bot_permissions=STATUS)
    assert await set_status(place, lounge, "kept") == (204, {})

    status, refused = await set_status(place, lounge, "x" * 501)
    assert (status, refused["code"]) == (400, 50035)
    (error,) = refused["errors"]["status"]["_errors"]
    assert error["code"] == "BASE_TYPE_MAX_LENGTH"

    without = (
        discord.Permissions(set_voice_channel_status=True),
        discord.Permissions(manage_channels=True),
        # Connect denied takes the other two with it.
        discord.Permissions(connect=True),
    )
    for taken in without:
        await emulator.set_bot_permissions(lounge, STATUS & ~taken)
        assert await set_status(place, lounge, "new") == MISSING_PERMISSIONS
    await emulator.set_bot_permissions(lounge, STATUS & ~discord.Permissions(view_channel=True))
    assert await set_status(place, lounge, "new") == (
        403,
        {"code": 50001, "message": "Missing Access"},
    )
    await emulator.set_bot_permissions(place.channel, STATUS)
    assert await set_status(place, place.channel, "new") == (
        400,
        {"code": 50024, "message": "Cannot execute action on this channel type"},
    )
    dm = emulator.dm_with(place.user)
    assert await set_status(place, dm, "new") == (
        400,
        {"code": 50003, "message": "Cannot execute action on a DM channel"},
    )
    elsewhere = emulator.add_guild("H", place.user, bot_member=False)
    unseen = emulator.add_voice_channel(elsewhere, "Lounge", STATUS)
    assert await set_status(place, unseen, "new") == (
        403,
        {"code": 50001, "message": "Missing Access"},
    )
    assert lounge.voice_status == "kept" and place.channel.voice_status is None
    assert unseen.voice_status is None


async def test_statuses_are_rate_limited_per_channel(place: Place) -> None:
    emulator = place.emulator
    limits = emulator.rate_limits or RateLimits()
    emulator.rate_limits = replace(limits, voice_status=Window(2, 60.0))
    lounge = voice_channel(place, bot_permissions=STATUS)
    tables = voice_channel(place, "Tables", bot_permissions=STATUS)
    assert [(await set_status(place, lounge, f"{n}"))[0] for n in range(3)] == [204, 204, 429]
    assert lounge.voice_status == "1"
    assert (await set_status(place, tables, "other"))[0] == 204
    emulator.clock.advance(60)
    assert (await set_status(place, lounge, "later"))[0] == 204


async def test_the_activity_launched_in_voice_has_its_instance_there(place: Place) -> None:
    emulator, lounge = place.emulator, voice_channel(place)
    bo = member(place, "Bo")
    await emulator.join_voice(place.user, lounge)
    instance = await emulator.launch_activity(lounge.id, place.user.id)
    assert await emulator.launch_activity(lounge.id, bo.id) is instance
    assert instance.users == [place.user.id, bo.id]
    location = instance.payload(emulator.application_id)["location"]
    assert location == {
        "id": f"gc-{server(place).id}-{lounge.id}",
        "kind": "gc",
        "channel_id": str(lounge.id),
        "guild_id": str(server(place).id),
    }
    assert emulator.channel_activity(lounge.id) is instance
    with pytest.raises(ValueError, match="not in channel"):
        await emulator.launch_activity(lounge.id, emulator.add_user("Cy").id)


async def test_voice_is_kept_across_a_restart(tmp_path: Path) -> None:
    first, _ = await keeping(tmp_path)
    ann = first.add_user("Ann", id=1_000_000_000_000_000_201)
    guild = first.add_guild("G", ann, id=1_000_000_000_000_000_202)
    lounge = first.add_voice_channel(guild, "Lounge", STATUS, id=1_000_000_000_000_000_203)
    text = first.add_channel(guild, "c", id=1_000_000_000_000_000_204)
    await first.join_voice(ann, lounge)
    place = Place(first, ann, lounge)
    assert await set_status(place, lounge, "Claim · trick 2") == (204, {})
    await place.post({"content": "kept"})
    await first.close()

    again, loaded = await keeping(tmp_path)
    assert loaded
    try:
        kept = again.channels[lounge.id]
        assert kept.is_voice and kept.voice_status == "Claim · trick 2"
        assert [m.content for m in kept.messages] == ["kept"]
        assert again.guilds[guild.id].voice_states == {ann.id: lounge.id}
        # The world as it was: its own add_voice_channel gives the same one back.
        assert again.add_voice_channel(again.guilds[guild.id], "Lounge", STATUS, lounge.id) is kept
        with pytest.raises(ValueError, match="not a voice channel"):
            again.add_voice_channel(again.guilds[guild.id], "x", id=text.id)
        async with listening(Place(again, again.users[ann.id], kept), VOICE) as client:
            found = client.get_guild(guild.id)
            assert found is not None
            member_ann = found.get_member(ann.id)
            assert member_ann is not None and member_ann.voice is not None
            assert member_ann.voice.channel is not None
            assert member_ann.voice.channel.id == lounge.id
    finally:
        await again.close()


async def test_the_gateway_never_answers_a_bot_asking_to_join_voice(place: Place) -> None:
    lounge = voice_channel(place)
    async with listening(place, VOICE) as client:
        guild = client.get_guild(server(place).id)
        assert guild is not None
        await guild.change_voice_state(channel=discord.Object(lounge.id))
        await place.emulator.say(place.user, place.channel, "marker")
        await client.next("MESSAGE_CREATE")
        assert not [e for e in client.seen() if e[0].startswith("VOICE")]
        assert server(place).voice_states == {}
