"""The bot's DMs as Discord has them: Create DM opens or returns the one DM channel with a
user (type 1, in no server), so discord.py's ``create_dm`` and ``send`` work; a user who
takes no DMs from the bot (or shares no server with it any more) refuses its messages
with 50007; the messages are kept, heard on shard 0 only with the DIRECT_MESSAGES intent,
and saved with the rest of the world."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from emulator import state
from emulator.message_events import DIRECT_MESSAGES_INTENT
from tests.emulator.kept_worlds import keeping, reloaded
from tests.emulator.places import listening
from tests.emulator.rest import Answer, Place

DMS = discord.Intents(dm_messages=True)
GUILD_ONLY = discord.Intents(guilds=True, guild_messages=True)


async def open_dm(place: Place, user_id: int) -> Answer:
    return await place.call("POST", "/users/@me/channels", {"recipient_id": str(user_id)})


def test_the_intent_is_discords() -> None:
    assert discord.Intents(dm_messages=True).value == DIRECT_MESSAGES_INTENT


async def test_create_dm_opens_the_one_dm_channel_with_a_user(place: Place) -> None:
    status, first = await open_dm(place, place.user.id)
    assert status == 200
    assert first["type"] == 1 and "guild_id" not in first
    (recipient,) = first["recipients"]
    assert (recipient["id"], recipient["username"]) == (str(place.user.id), "Ann")
    assert (await open_dm(place, place.user.id))[1]["id"] == first["id"]
    dm = place.emulator.dm_with(place.user)
    assert dm.id == int(first["id"]) and dm.is_dm and dm.recipient_id == place.user.id
    assert dm not in place.emulator.guilds[place.channel.guild_id].channels.values()
    assert await open_dm(place, 12345) == (404, {"code": 10013, "message": "Unknown User"})


async def test_discord_py_sends_a_dm_and_hears_it_with_direct_messages(place: Place) -> None:
    async with (
        listening(place, DMS) as client,
        listening(place, GUILD_ONLY) as deaf,
    ):
        channel = await client.create_dm(discord.Object(place.user.id))
        sent = await channel.send("your hand: ♠A")
        dm = place.emulator.dm_with(place.user)
        assert [m.content for m in dm.visible(place.user.id)] == ["your hand: ♠A"]
        assert place.emulator.messages[sent.id].channel_id == dm.id == channel.id
        _, heard = await client.next("MESSAGE_CREATE")
        assert heard["id"] == str(sent.id) and "guild_id" not in heard

        said = await place.emulator.say(place.user, dm, "thanks")
        _, heard = await client.next("MESSAGE_CREATE")
        # A DM's content is the bot's without the Message Content intent.
        assert (heard["id"], heard["content"]) == (str(said.id), "thanks")

        await place.emulator.delete_message(said)
        assert (await client.next("MESSAGE_DELETE"))[1] == {
            "id": str(said.id),
            "channel_id": str(dm.id),
        }
        # One guild event to both: the one without the intent heard nothing before it.
        await place.emulator.say(place.user, place.channel, "marker")
        await deaf.next("MESSAGE_CREATE")
        assert not [e for e in deaf.seen() if e[0].startswith("MESSAGE")]
    with pytest.raises(ValueError, match="not in the bot's DM"):
        await place.emulator.say(place.emulator.add_user("Bo"), dm, "hi")


async def test_a_user_who_takes_no_dms_refuses_the_bots_messages(place: Place) -> None:
    emulator = place.emulator
    _, opened = await open_dm(place, place.user.id)
    path = f"/channels/{opened['id']}/messages"
    refused = (403, {"code": 50007, "message": "Cannot send messages to this user"})
    emulator.close_dms(place.user)
    assert (await open_dm(place, place.user.id))[0] == 200
    assert await place.call("POST", path, {"content": "hi"}) == refused
    emulator.open_dms(place.user)
    assert (await place.call("POST", path, {"content": "hi"}))[0] == 200
    await emulator.remove_member(emulator.guilds[place.channel.guild_id], place.user)
    assert await place.call("POST", path, {"content": "again"}) == refused
    assert [m.content for m in emulator.dm_with(place.user).messages] == ["hi"]


async def test_the_bot_deletes_only_its_own_dm_messages(place: Place) -> None:
    dm = place.emulator.dm_with(place.user)
    theirs = await place.emulator.say(place.user, dm, "hello")
    status, mine = await place.call("POST", f"/channels/{dm.id}/messages", {"content": "hi"})
    assert status == 200
    base = f"/channels/{dm.id}/messages"
    status, body = await place.call("DELETE", f"{base}/{theirs.id}")
    assert (status, body["code"]) == (403, 50003)
    assert (await place.call("DELETE", f"{base}/{mine['id']}"))[0] == 204
    status, history = await place.call("GET", base)
    assert status == 200 and [m["content"] for m in history] == ["hello"]  # type: ignore[index]


async def test_dms_are_kept_in_the_saved_state(tmp_path: Path) -> None:
    first, _ = await keeping(tmp_path)
    ann = first.add_user("Ann", id=1_000_000_000_000_000_101)
    first.add_guild("G", ann)
    place = Place(first, ann, first.dm_with(ann))
    await place.post({"content": "kept"})
    first.close_dms(ann)

    async with reloaded(first, tmp_path) as again:
        saved = state.read(tmp_path)
        assert saved is not None and list(saved.dms) == [ann.id]
        dm = again.dm_with(again.users[ann.id])
        assert dm.id == place.channel.id and dm is again.channels[dm.id]
        assert [m.content for m in dm.messages] == ["kept"]
        assert again.users[ann.id].dms_open is False
