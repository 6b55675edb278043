"""Get Channel Messages, as Discord documents it: newest first, ``limit`` 1-100 (50
without one), one of ``before``, ``after`` or ``around``; only what any member of the
channel sees, and nothing without Read Message History. discord.py's ``history`` reads a
channel through it."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from emulator import Message
from emulator.model import EPHEMERAL, snowflake
from tests.emulator.rest import Bot, Place


def posted(place: Place, count: int) -> list[Message]:
    """``count`` messages by the bot, oldest first, put straight into the channel: their
    posting is not what is tested."""
    emulator = place.emulator
    messages = [Message(snowflake(), place.channel.id, emulator.bot, str(n)) for n in range(count)]
    for message in messages:
        place.channel.messages.append(message)
        emulator.messages[message.id] = message
    return messages


def contents(answer: object) -> list[str]:
    assert isinstance(answer, list)
    return [m["content"] for m in answer]


async def history(place: Place, query: str = "") -> tuple[int, object]:
    """The status and body, a list of messages unless refused (``Place.call`` expects an
    object)."""
    status, body = await place.call("GET", f"/channels/{place.channel.id}/messages{query}")
    return status, body


async def test_newest_first_fifty_without_a_limit(place: Place) -> None:
    posted(place, 60)
    status, body = await history(place)
    assert status == 200
    assert contents(body) == [str(n) for n in range(59, 9, -1)]
    status, body = await history(place, "?limit=3")
    assert contents(body) == ["59", "58", "57"]
    assert isinstance(body, list) and body[0]["channel_id"] == str(place.channel.id)


async def test_before_after_and_around(place: Place) -> None:
    messages = posted(place, 10)
    middle = messages[5].id
    assert contents((await history(place, f"?before={middle}&limit=3"))[1]) == ["4", "3", "2"]
    # The messages just after it, still newest first (discord.py pages on from the first).
    assert contents((await history(place, f"?after={middle}&limit=2"))[1]) == ["7", "6"]
    assert contents((await history(place, "?after=0&limit=2"))[1]) == ["1", "0"]
    assert contents((await history(place, f"?around={middle}&limit=5"))[1]) == [
        "7",
        "6",
        "5",
        "4",
        "3",
    ]
    # Half on either side of it, and it.
    assert len(contents((await history(place, f"?around={middle}&limit=4"))[1])) == 5


async def test_no_ephemeral_or_deleted_message_is_listed(place: Place) -> None:
    public = await place.post({"content": "public"})
    gone = await place.post({"content": "gone"})
    await place.emulator.delete_message(gone)
    status, _ = await place.respond(
        place.interaction(), 4, {"content": "secret", "flags": EPHEMERAL}
    )
    assert status == 200
    status, body = await history(place)
    assert status == 200 and isinstance(body, list)
    assert [m["id"] for m in body] == [str(public.id)]
    assert (
        body[0]
        == (await place.call("GET", f"/channels/{place.channel.id}/messages/{public.id}"))[1]
    )


@pytest.mark.parametrize(
    "query",
    [
        "?limit=0",
        "?limit=101",
        "?limit=ten",
        "?limit=",
        "?before=x",
        "?before=1&after=2",
        "?around=1&after=2",
    ],
)
async def test_a_bad_query_is_refused(place: Place, query: str) -> None:
    posted(place, 2)
    status, body = await history(place, query)
    assert isinstance(body, dict)
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body")


async def test_unknown_channel_missing_access_and_no_history(place: Place) -> None:
    posted(place, 2)
    status, body = await place.call("GET", "/channels/12345/messages")
    assert (status, body["code"]) == (404, 10003)
    place.channel.bot_permissions = discord.Permissions(view_channel=True, send_messages=True)
    assert await history(place) == (200, [])
    place.channel.bot_permissions = discord.Permissions(read_message_history=True)
    status, refused = await history(place)
    assert isinstance(refused, dict)
    assert (status, refused["code"], refused["message"]) == (403, 50001, "Missing Access")


async def test_only_the_bot_may_read_it(place: Place) -> None:
    posted(place, 1)
    url = f"{place.emulator.api_url}/channels/{place.channel.id}/messages"
    async with (
        aiohttp.ClientSession() as session,
        session.get(url, headers={"Authorization": "Bot another"}) as response,
    ):
        assert (response.status, (await response.json())["code"]) == (401, 0)


async def test_discord_py_reads_the_channels_history(bot: Bot, place: Place) -> None:
    messages = posted(place, 150)
    channel = bot.client.get_partial_messageable(place.channel.id)
    assert [m.content async for m in channel.history(limit=3)] == ["149", "148", "147"]
    everything = [m async for m in channel.history(limit=None)]
    assert [m.id for m in everything] == [m.id for m in reversed(messages)]
    assert all(m.author.id == place.emulator.bot.id for m in everything)
    oldest = [m.content async for m in channel.history(limit=120, oldest_first=True)]
    assert oldest == [str(n) for n in range(120)]
    around = [m.content async for m in channel.history(limit=3, around=messages[70])]
    assert around == ["71", "70", "69"]
    after = [m.content async for m in channel.history(limit=None, after=messages[140])]
    assert after == [str(n) for n in range(141, 150)]
