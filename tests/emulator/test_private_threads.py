"""Private threads as Discord has them: a member starts one and adds others, the bot
hears of it once added (THREAD_CREATE, type 12), Get Thread Member says who is in it
(404 10007 for anyone else), only its members act there, and discord.py works out a
member's permissions in a channel from their roles as the emulator grants them."""

from __future__ import annotations

import discord
import pytest

from tests.emulator.places import listening
from tests.emulator.rest import Place

GUILDS = discord.Intents(guilds=True)
PING = {"id": "1", "name": "ping", "type": 1, "options": []}


async def test_only_a_private_threads_members_are_in_it_and_act_there(place: Place) -> None:
    emulator = place.emulator
    guild = emulator.guilds[place.channel.guild_id]
    bo, cy = emulator.add_user("Bo"), emulator.add_user("Cy")
    emulator.add_member(guild, bo)
    emulator.add_member(guild, cy)
    emulator.commands[None] = [PING]
    async with listening(place, GUILDS) as client:
        thread = await emulator.start_private_thread(place.channel, "ours", place.user, [bo])
        _, created = await client.next("THREAD_CREATE")
        assert created["type"] == 12 and created["id"] == str(thread.id)
        seen = client.get_channel(thread.id)
        assert isinstance(seen, discord.Thread) and seen.is_private()
        assert seen.parent_id == place.channel.id
        path = f"/channels/{thread.id}/thread-members"
        status, member = await place.call("GET", f"{path}/{bo.id}")
        assert status == 200 and member["user_id"] == str(bo.id) and member["id"] == str(thread.id)
        status, refused = await place.call("GET", f"{path}/{cy.id}")
        assert (status, refused["code"]) == (404, 10007)
        await seen.fetch_member(place.user.id)
        with pytest.raises(discord.NotFound):
            await seen.fetch_member(cy.id)
        with pytest.raises(ValueError, match="not in private thread"):
            await emulator.say(cy, thread, "let me in")
        with pytest.raises(ValueError, match="not in private thread"):
            await emulator.slash(cy, thread, "ping")
        await emulator.say(bo, thread, "hi")
        await emulator.leave_thread(thread, bo)
        status, _ = await place.call("GET", f"{path}/{bo.id}")
        assert status == 404
        status, wrong = await place.call("GET", f"/channels/{place.channel.id}/thread-members/1")
        assert (status, wrong["code"]) == (400, 50024)


async def test_discord_py_works_out_a_members_permissions_from_their_own_role(
    place: Place,
) -> None:
    emulator = place.emulator
    guild = emulator.guilds[place.channel.guild_id]
    bo = emulator.add_user("Bo")
    emulator.add_member(guild, bo, discord.Permissions(send_messages=True))
    cy = emulator.add_user("Cy")
    emulator.add_member(guild, cy)
    async with listening(place, GUILDS) as client:
        channel = client.get_channel(place.channel.id)
        assert isinstance(channel, discord.TextChannel)
        members = {user.id: await channel.guild.fetch_member(user.id) for user in (bo, cy)}
        assert not channel.permissions_for(members[bo.id]).view_channel
        assert channel.permissions_for(members[cy.id]).view_channel
        assert channel.permissions_for(channel.guild.me) == emulator.permissions_in(place.channel)
