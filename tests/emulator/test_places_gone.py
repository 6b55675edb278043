"""Places gone, as Discord has them go: a deleted message (MESSAGE_DELETE), a deleted
channel with its threads and their messages (CHANNEL_DELETE alone, discord.py dropping
the threads itself), a deleted thread (THREAD_DELETE); afterwards every request about a
gone channel or thread is 404 10003 Unknown Channel, an interaction's webhook included,
and no member can act there."""

from __future__ import annotations

import pytest

from emulator.model import EPHEMERAL
from tests.emulator.places import GUILDS, THREADS, listening, post, thread_heard
from tests.emulator.rest import Bot, Place

UNKNOWN_CHANNEL = (404, {"code": 10003, "message": "Unknown Channel"})
BUTTONS = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]


@pytest.fixture
def place(place: Place) -> Place:
    place.channel.bot_permissions = THREADS
    return place


def every_route(channel_id: int, message_id: int) -> list[tuple[str, str, dict[str, str] | None]]:
    message = f"/channels/{channel_id}/messages/{message_id}"
    return [
        ("GET", f"/channels/{channel_id}", None),
        ("POST", f"/channels/{channel_id}/messages", {"content": "hi"}),
        ("GET", f"/channels/{channel_id}/messages", None),
        ("GET", message, None),
        ("PATCH", message, {"content": "edited"}),
        ("DELETE", message, None),
        ("POST", f"{message}/threads", {"name": "t"}),
    ]


async def test_a_deleted_message_is_heard_gone_and_unknown(place: Place) -> None:
    async with listening(place, GUILDS) as client:
        message = await place.post({"content": "bye"})
        await place.emulator.delete_message(message)
        _, deleted = await client.next("MESSAGE_DELETE")
        assert deleted == {
            "id": str(message.id),
            "channel_id": str(place.channel.id),
            "guild_id": str(place.channel.guild_id),
        }
    path = f"/channels/{place.channel.id}/messages/{message.id}"
    for method in ("GET", "PATCH", "DELETE"):
        status, body = await place.call(method, path, {"content": "x"})
        assert (status, body["code"]) == (404, 10008)
    with pytest.raises(ValueError, match="deleted already"):
        await place.emulator.delete_message(message)


async def test_a_deleted_channel_takes_its_threads_and_messages_with_one_event(
    place: Place,
) -> None:
    emulator = place.emulator
    async with thread_heard(place) as (client, starter, thread):
        _, in_thread = await post(place, thread, "turn 1")
        await client.next("MESSAGE_CREATE")
        await emulator.delete_channel(place.channel)
        name, data = await client.next("CHANNEL_DELETE", "THREAD_DELETE")
        assert (name, data["id"]) == ("CHANNEL_DELETE", str(place.channel.id))
        # One more event: by then anything sent before it has arrived.
        other = emulator.add_channel(emulator.guilds[thread.guild_id], "other", THREADS)
        await emulator.delete_channel(other)
        rest = [name for name, _ in [*client.seen(), await client.next("CHANNEL_DELETE")]]
        assert "THREAD_DELETE" not in rest
        # discord.py drops a gone channel's threads itself, as its own thread_delete.
        assert client.threads_deleted == [thread.id]
        assert client.get_channel(place.channel.id) is None
        assert client.get_channel(thread.id) is None
    assert place.channel.id not in emulator.channels and thread.id not in emulator.channels
    assert starter.deleted and starter.id not in emulator.messages
    assert int(in_thread["id"]) not in emulator.messages
    for channel, message in ((place.channel.id, starter.id), (thread.id, int(in_thread["id"]))):
        for method, path, payload in every_route(channel, message):
            assert await place.call(method, path, payload) == UNKNOWN_CHANNEL, (method, path)


async def test_a_deleted_thread_is_thread_delete_and_its_parent_stays(place: Place) -> None:
    async with thread_heard(place) as (client, _, thread):
        await place.emulator.delete_channel(thread)
        _, data = await client.next("THREAD_DELETE")
        assert data == {
            "id": str(thread.id),
            "guild_id": str(thread.guild_id),
            "parent_id": str(place.channel.id),
            "type": 11,
        }
        assert client.get_channel(thread.id) is None
        assert client.get_channel(place.channel.id) is not None
    assert await post(place, thread) == UNKNOWN_CHANNEL
    assert (await post(place, place.channel))[0] == 200
    with pytest.raises(ValueError, match="deleted"):
        await place.emulator.delete_channel(thread)


async def test_an_interactions_webhook_is_unknown_channel_once_its_channel_is_gone(
    place: Place,
) -> None:
    hand = place.interaction()
    assert (await place.respond(hand, 4, {"content": "your hand", "flags": EPHEMERAL}))[0] == 200
    thinking = place.interaction()
    assert (await place.respond(thinking, 5, {}))[0] == 200
    fresh = place.interaction()
    await place.emulator.delete_channel(place.channel)
    for interaction in (hand, thinking):
        webhook = place.webhook(interaction)
        original = f"{webhook}/messages/@original"
        for method, path, payload in (
            ("PATCH", original, {"content": "your new hand"}),
            ("GET", original, None),
            ("DELETE", original, None),
            ("POST", webhook, {"content": "more"}),
        ):
            assert await place.call(method, path, payload) == UNKNOWN_CHANNEL, (method, path)
    assert await place.respond(fresh, 4, {"content": "late"}) == UNKNOWN_CHANNEL
    assert fresh.response_type is None


async def test_no_member_can_act_where_the_channel_is_gone(place: Place, bot: Bot) -> None:
    emulator = place.emulator
    emulator.commands[None] = [{"id": "1", "name": "ping", "type": 1, "options": []}]
    menu = await place.post({"content": "menu", "components": BUTTONS})
    await emulator.delete_channel(place.channel)
    for act in (
        emulator.say(place.user, place.channel, "hello?"),
        emulator.slash(place.user, place.channel, "ping"),
        emulator.click(place.user, menu, "Go"),
        emulator.delete_message(menu),
        emulator.delete_channel(place.channel),
    ):
        with pytest.raises(ValueError, match="not in the emulated Discord"):
            await act
