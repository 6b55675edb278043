"""A message sent again with the same nonce and ``enforce_nonce`` is answered with the
first one, as Discord documents for Create Message."""

from __future__ import annotations

import discord

from emulator import DEFAULT_BOT_PERMISSIONS
from tests.emulator.rest import Bot, Place


async def test_enforce_nonce_answers_with_the_first_message(place: Place) -> None:
    first = await place.post({"content": "a", "nonce": "n1", "enforce_nonce": True})
    status, again = await place.call(
        "POST",
        f"/channels/{place.channel.id}/messages",
        {"content": "b", "nonce": "n1", "enforce_nonce": True},
    )
    assert (status, again["id"], again["content"], again["nonce"]) == (
        200,
        str(first.id),
        "a",
        "n1",
    )
    assert place.channel.messages == [first]


async def test_without_enforce_nonce_or_with_another_nonce_a_message_is_new(place: Place) -> None:
    await place.post({"content": "a", "nonce": 7, "enforce_nonce": True})
    await place.post({"content": "a", "nonce": 7})
    await place.post({"content": "a", "nonce": 8, "enforce_nonce": True})
    assert len(place.channel.messages) == 3


async def test_a_nonce_is_only_held_for_a_few_minutes_and_in_its_channel(place: Place) -> None:
    first = await place.post({"content": "a", "nonce": "n", "enforce_nonce": True})
    guild = place.emulator.guilds[place.channel.guild_id]
    other = place.emulator.add_channel(guild, "other", DEFAULT_BOT_PERMISSIONS)
    status, _ = await place.call(
        "POST",
        f"/channels/{other.id}/messages",
        {"content": "a", "nonce": "n", "enforce_nonce": True},
    )
    assert status == 200 and len(other.messages) == 1
    first.created_at -= place.emulator.nonce_window + 1
    second = await place.post({"content": "a", "nonce": "n", "enforce_nonce": True})
    assert second is not first and len(place.channel.messages) == 2


async def test_discord_py_sending_twice_with_one_nonce_gets_one_message(
    place: Place, bot: Bot
) -> None:
    channel = bot.client.get_partial_messageable(place.channel.id)
    first = await channel.send("once", nonce=12345)
    second = await channel.send("once", nonce=12345)
    assert first.id == second.id
    assert [m.content for m in place.channel.messages] == ["once"]


async def test_a_direct_message_sent_twice_with_one_nonce_is_one_message(
    place: Place, bot: Bot
) -> None:
    dm = await bot.client.create_dm(discord.Object(place.user.id))
    first = await dm.send("your turn", nonce="d1.2.0")
    again = await dm.send("your turn", nonce="d1.2.0")
    assert first.id == again.id
    assert [m.content for m in place.emulator.dm_with(place.user).messages] == ["your turn"]


async def test_a_nonce_whose_message_was_deleted_is_answered_unknown_message(
    place: Place,
) -> None:
    """Discord never makes a message twice for one nonce: one made and then deleted is
    answered 10008 (discord/discord-api-docs#6647, from the author of ``enforce_nonce``)."""
    first = await place.post({"content": "a", "nonce": "n", "enforce_nonce": True})
    await place.emulator.delete_message(first)
    path = f"/channels/{place.channel.id}/messages"
    status, body = await place.call(
        "POST", path, {"content": "a", "nonce": "n", "enforce_nonce": True}
    )
    assert (status, body["code"], body["message"]) == (404, 10008, "Unknown Message")
    assert place.channel.visible() == []
    first.created_at -= place.emulator.nonce_window + 1
    again = {"content": "a", "nonce": "n", "enforce_nonce": True}
    status, _ = await place.call("POST", path, again)
    assert status == 200 and len(place.channel.visible()) == 1
