"""Threads as Discord keeps them: the inactivity a thread was started with, archiving
itself once idle on the emulator's clock, unarchived by a message, locked by moderators;
what the bot and members may do in archived and locked threads; each change a
THREAD_UPDATE, heard by discord.py; and all of it kept in a saved state."""

from __future__ import annotations

import json
from pathlib import Path

import discord
import pytest

from emulator import DEFAULT_BOT_PERMISSIONS, Channel, state
from emulator.model import EPHEMERAL
from emulator.rest_channels import MOST_ACTIVE_THREADS
from tests.emulator.kept_worlds import keeping
from tests.emulator.places import GUILDS, THREADS, listening, post, start_thread, thread_heard
from tests.emulator.rest import Bot, Place

HOUR = 3600.0
PING = {"id": "1", "name": "ping", "type": 1, "options": []}
BUTTONS = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]


@pytest.fixture
def place(place: Place) -> Place:
    """The place, where the bot may start threads and talk in them."""
    place.channel.bot_permissions = THREADS
    return place


async def test_a_thread_archives_itself_after_the_duration_it_was_started_with(
    place: Place,
) -> None:
    _, daily = await start_thread(place)
    _, hourly = await start_thread(place, auto_archive_duration=60)
    for thread, duration in ((daily, 1440), (hourly, 60)):
        status, shown = await place.call("GET", f"/channels/{thread.id}")
        assert status == 200
        assert shown["thread_metadata"] == {
            "archived": False,
            "auto_archive_duration": duration,
            "archive_timestamp": shown["thread_metadata"]["create_timestamp"],
            "locked": False,
            "create_timestamp": shown["thread_metadata"]["create_timestamp"],
        }
    emulator = place.emulator
    await emulator.pass_time(59 * 60)
    assert not hourly.archived
    # A message is activity: the hour starts again from it.
    assert (await post(place, hourly))[0] == 200
    await emulator.pass_time(59 * 60)
    assert not hourly.archived
    posted_at = hourly.last_activity
    await emulator.pass_time(61)
    assert hourly.archived
    assert hourly.archive_timestamp == posted_at + HOUR
    assert not daily.archived
    await emulator.pass_time(23 * HOUR)
    assert daily.archived


@pytest.mark.parametrize(
    ("duration", "code"),
    [
        (30, "BASE_TYPE_CHOICES"),
        (1441, "BASE_TYPE_CHOICES"),
        (0, "BASE_TYPE_CHOICES"),
        ("60", "NUMBER_TYPE_COERCE"),
        (True, "NUMBER_TYPE_COERCE"),
    ],
)
async def test_a_duration_discord_does_not_allow_is_refused(
    place: Place, duration: object, code: str
) -> None:
    message = await place.post({"content": "a"})
    status, body = await place.call(
        "POST",
        f"/channels/{place.channel.id}/messages/{message.id}/threads",
        {"name": "t", "auto_archive_duration": duration},
    )
    assert (status, body["code"]) == (400, 50035)
    assert body["errors"]["auto_archive_duration"]["_errors"][0]["code"] == code
    assert place.emulator.threads_of(place.channel) == []


async def test_discord_py_hears_a_thread_archive_itself_and_a_message_unarchive_it(
    place: Place,
) -> None:
    async with listening(place, GUILDS) as client:
        _, thread = await start_thread(place, auto_archive_duration=60)
        assert client.get_channel(thread.id) is not None
        await place.emulator.pass_time(HOUR)
        _, update = await client.next("THREAD_UPDATE")
        assert update["id"] == str(thread.id)
        assert update["thread_metadata"]["archived"] is True
        # discord.py keeps active threads only.
        assert client.get_channel(thread.id) is None

        status, sent = await post(place, thread, "back")
        assert status == 200
        events = [await client.next("THREAD_UPDATE", "MESSAGE_CREATE") for _ in range(2)]
        assert [name for name, _ in events] == ["THREAD_UPDATE", "MESSAGE_CREATE"]
        assert events[0][1]["thread_metadata"]["archived"] is False
        assert events[1][1]["id"] == sent["id"]
        assert not thread.archived
        revived = client.get_channel(thread.id)
        assert isinstance(revived, discord.Thread) and not revived.archived


async def test_a_bot_that_connects_is_given_the_active_threads_only(place: Place) -> None:
    _, active = await start_thread(place)
    _, archived = await start_thread(place)
    await place.emulator.archive_thread(archived)
    async with listening(place, GUILDS) as client:
        assert isinstance(client.get_channel(active.id), discord.Thread)
        assert client.get_channel(archived.id) is None


async def test_a_clock_moved_alone_archives_at_the_next_request(place: Place) -> None:
    _, thread = await start_thread(place, auto_archive_duration=60)
    place.emulator.clock.advance(HOUR + 5)
    assert not thread.archived
    status, shown = await place.call("GET", f"/channels/{thread.id}")
    assert status == 200 and shown["thread_metadata"]["archived"] is True
    assert thread.archive_timestamp == thread.last_activity + HOUR


async def test_moderators_archive_lock_unlock_and_unarchive_with_thread_updates(
    place: Place,
) -> None:
    emulator = place.emulator
    async with thread_heard(place) as (client, _, thread):
        cached = client.get_channel(thread.id)
        assert isinstance(cached, discord.Thread)
        expected = [(False, True), (True, True), (True, False), (False, False)]
        for action, (archived, locked) in zip(
            (
                emulator.lock_thread,
                emulator.archive_thread,
                emulator.unlock_thread,
                emulator.unarchive_thread,
            ),
            expected,
            strict=True,
        ):
            await action(thread)
            _, update = await client.next("THREAD_UPDATE")
            metadata = update["thread_metadata"]
            assert (metadata["archived"], metadata["locked"]) == (archived, locked)
            assert (thread.archived, thread.locked) == (archived, locked)
        assert cached.locked is True
        unarchived = client.get_channel(thread.id)
        assert isinstance(unarchived, discord.Thread)
        assert (unarchived.archived, unarchived.locked) == (False, False)
        # Closed and locked at once ("Close & Lock"): one THREAD_UPDATE.
        await emulator.lock_thread(thread, archive=True)
        _, update = await client.next("THREAD_UPDATE")
        metadata = update["thread_metadata"]
        assert (metadata["archived"], metadata["locked"]) == (True, True)
        assert (thread.archived, thread.locked) == (True, True)
    with pytest.raises(ValueError, match="no thread"):
        await emulator.archive_thread(place.channel)


async def test_a_locked_thread_refuses_the_bot_unless_it_manages_threads(place: Place) -> None:
    _, thread = await start_thread(place)
    status, earlier = await post(place, thread, "before")
    assert status == 200
    await place.emulator.lock_thread(thread)
    before = [m.content for m in thread.messages]
    assert await post(place, thread) == (403, {"code": 160005, "message": "Thread is locked"})
    path = f"/channels/{thread.id}/messages/{earlier['id']}"
    status, refused = await place.call("PATCH", path, {"content": "edited"})
    assert (status, refused["code"]) == (403, 160005)
    assert [m.content for m in thread.messages] == before
    # Deleting stays allowed while the thread is active.
    assert (await place.call("DELETE", path))[0] == 204
    # Closed too, it can't be unarchived by the bot's message: refused as archived.
    await place.emulator.archive_thread(thread)
    assert await post(place, thread) == (403, {"code": 50083, "message": "Thread is archived"})
    assert thread.archived and [m.content for m in thread.messages] == before

    await place.emulator.set_bot_permissions(
        place.channel, THREADS | discord.Permissions(manage_threads=True)
    )
    await place.emulator.archive_thread(thread)
    status, sent = await post(place, thread, "moderating")
    assert status == 200
    # A moderator's message unarchives a locked thread, which stays locked.
    assert (thread.archived, thread.locked) == (False, True)
    path = f"/channels/{thread.id}/messages/{sent['id']}"
    assert (await place.call("PATCH", path, {"content": "edited"}))[0] == 200


async def test_an_archived_thread_refuses_edits_but_lets_the_bot_delete(place: Place) -> None:
    _, thread = await start_thread(place)
    sent = [(await post(place, thread, str(n)))[1]["id"] for n in range(3)]
    await place.emulator.archive_thread(thread)
    path = f"/channels/{thread.id}/messages/{{}}"
    moderating = THREADS | discord.Permissions(manage_threads=True)
    for permissions in (THREADS, moderating):
        await place.emulator.set_bot_permissions(place.channel, permissions)
        status, body = await place.call("PATCH", path.format(sent[0]), {"content": "x"})
        assert (status, body) == (403, {"code": 50083, "message": "Thread is archived"})
    assert (await place.call("DELETE", path.format(sent[0])))[0] == 204
    assert thread.archived

    await place.emulator.set_bot_permissions(place.channel, THREADS)
    await place.emulator.lock_thread(thread)
    status, body = await place.call("DELETE", path.format(sent[1]))
    assert (status, body["code"]) == (403, 50083)
    await place.emulator.set_bot_permissions(place.channel, moderating)
    assert (await place.call("DELETE", path.format(sent[1])))[0] == 204
    assert [m.content for m in thread.visible()] == ["2"]


async def test_an_interactions_answers_in_a_locked_thread_are_refused(place: Place) -> None:
    _, thread = await start_thread(place)
    interaction = Place(place.emulator, place.user, thread).interaction()
    assert (await place.respond(interaction, 5, {}))[0] == 200
    await place.emulator.lock_thread(thread)
    webhook = place.webhook(interaction)
    for method, path in (("POST", webhook), ("PATCH", f"{webhook}/messages/@original")):
        status, body = await place.call(method, path, {"content": "late"})
        assert (status, body) == (403, {"code": 50083, "message": "Thread is archived"})
    assert interaction.response_message is not None and interaction.response_message.loading
    assert (await place.call("GET", f"{webhook}/messages/@original"))[0] == 200

    # A webhook takes 5 requests in 2 seconds.
    await place.emulator.pass_time(2)
    await place.emulator.unlock_thread(thread)
    await place.emulator.archive_thread(thread)
    status, body = await place.call("POST", webhook, {"content": "answer"})
    assert (status, body["code"]) == (403, 50083)
    await place.emulator.unarchive_thread(thread)
    assert (await place.call("POST", webhook, {"content": "answer"}))[0] == 200
    # A follow-up after that is a new message, and unarchives the thread it goes into.
    await place.emulator.archive_thread(thread)
    status, body = await place.call("POST", webhook, {"content": "more", "flags": EPHEMERAL})
    assert status == 200 and not thread.archived


async def test_members_act_in_threads_as_their_client_lets_them(place: Place, bot: Bot) -> None:
    emulator = place.emulator
    emulator.commands[None] = [PING]
    bo = emulator.add_user("Bo")
    emulator.add_member(emulator.guilds[place.channel.guild_id], bo)
    _, thread = await start_thread(place)
    status, menu = await place.call(
        "POST", f"/channels/{thread.id}/messages", {"content": "menu", "components": BUTTONS}
    )
    assert status == 200
    message = emulator.messages[int(menu["id"])]

    await emulator.archive_thread(thread)
    with pytest.raises(ValueError, match="archived"):
        await emulator.slash(bo, thread, "ping")
    # The member's client unarchives the thread before it sends the click.
    await emulator.click(bo, message, "Go")
    assert not thread.archived

    await emulator.lock_thread(thread)
    for act in (emulator.click(bo, message, "Go"), emulator.click(place.user, message, "Go")):
        with pytest.raises(ValueError, match="locked"):
            await act
    with pytest.raises(ValueError, match="locked"):
        await emulator.say(bo, thread, "let me in")
    with pytest.raises(ValueError, match="locked"):
        await emulator.slash(bo, thread, "ping")
    # The server's owner manages threads: they may still talk and run commands there.
    await emulator.archive_thread(thread)
    await emulator.say(place.user, thread, "closing")
    assert (thread.archived, thread.locked) == (False, True)
    assert (await emulator.slash(place.user, thread, "ping")).channel is thread


async def test_a_threads_state_is_kept_and_an_older_state_reads_back(tmp_path: Path) -> None:
    first, _ = await keeping(tmp_path)
    user = first.add_user("Ann")
    place = Place(first, user, first.add_channel(first.add_guild("G", user), "c", THREADS))
    _, thread = await start_thread(place, auto_archive_duration=4320)
    assert (await post(place, thread, "turn 1"))[0] == 200
    await first.lock_thread(thread)
    await first.pass_time(3 * 24 * HOUR)
    expected = (True, True, 4320, thread.archive_timestamp, thread.last_activity)
    await first.close()

    def kept(channel: object) -> tuple[object, ...]:
        return tuple(
            getattr(channel, f)
            for f in (
                "archived",
                "locked",
                "auto_archive_duration",
                "archive_timestamp",
                "last_activity",
            )
        )

    saved = state.read(tmp_path)
    assert saved is not None
    (guild,) = saved.guilds.values()
    assert kept(guild.channels[thread.id]) == expected

    # As a state saved before threads, the bot's role and DMs were kept has it.
    document = json.loads((tmp_path / state.STATE).read_text())
    del document["dms"], document["guilds"][0]["bot_role"]
    for saved_user in (document["bot"], *document["users"]):
        del saved_user["dms_open"]
    for channel in document["guilds"][0]["channels"]:
        for name in (
            "recipient_id",
            "archived",
            "locked",
            "auto_archive_duration",
            "archive_timestamp",
            "last_activity",
        ):
            del channel[name]
    (tmp_path / state.STATE).write_text(json.dumps(document))
    older = state.read(tmp_path)
    assert older is not None
    assert older.dms == {} and all(u.dms_open for u in older.users.values())
    (guild,) = older.guilds.values()
    assert guild.bot_role_permissions == DEFAULT_BOT_PERMISSIONS
    old = guild.channels[thread.id]
    assert kept(old)[:4] == (False, False, 1440, old.created_at)
    # Its inactivity counts from its last message kept.
    assert old.last_activity == old.messages[-1].created_at > old.created_at


async def test_the_bot_deletes_a_thread_only_with_manage_threads(place: Place) -> None:
    """Delete Channel on a thread: 403 50013 without Manage Threads (Create Public Threads
    and Send Messages in Threads don't do), else the thread as it was, gone with
    THREAD_DELETE; a server's channel needs Manage Channels, which Manage Threads isn't."""
    async with listening(place, GUILDS) as client:
        _, thread = await start_thread(place)
        status, refused = await place.call("DELETE", f"/channels/{thread.id}")
        assert (status, refused["code"]) == (403, 50013)
        assert place.emulator.threads_of(place.channel) == [thread]
        place.channel.bot_permissions = THREADS | discord.Permissions(manage_threads=True)
        thread.bot_permissions = place.channel.bot_permissions
        status, shown = await place.call("DELETE", f"/channels/{thread.id}")
        assert status == 200 and shown["id"] == str(thread.id) and shown["type"] == 11
        assert place.emulator.threads_of(place.channel) == []
        _, payload = await client.next("THREAD_DELETE")
        assert payload["id"] == str(thread.id)
        status, gone = await place.call("GET", f"/channels/{thread.id}")
        assert (status, gone["code"]) == (404, 10003)
        status, channel = await place.call("DELETE", f"/channels/{place.channel.id}")
        assert (status, channel["code"]) == (403, 50013)


async def test_a_thread_without_a_message_is_public_or_private_with_its_own_permission(
    place: Place,
) -> None:
    path = f"/channels/{place.channel.id}/threads"
    status, public = await place.call("POST", path, {"name": "Cup · round 1", "type": 11})
    assert status == 201, public
    thread = place.emulator.channels[int(public["id"])]
    assert (thread.is_thread, thread.is_private_thread, thread.parent_id) == (
        True,
        False,
        place.channel.id,
    )
    assert public["name"] == "Cup · round 1"
    assert (await post(place, thread))[0] == 200
    # Discord's default type is a private thread, which needs its own permission.
    status, refused = await place.call("POST", path, {"name": "secret"})
    assert (status, refused["code"]) == (403, 50013)
    place.channel.bot_permissions = THREADS | discord.Permissions(create_private_threads=True)
    status, private = await place.call("POST", path, {"name": "secret"})
    assert status == 201
    assert place.emulator.channels[int(private["id"])].is_private_thread
    # Not in a thread, nor a name Discord refuses.
    status, refused = await place.call("POST", f"/channels/{thread.id}/threads", {"name": "x"})
    assert (status, refused["code"]) == (400, 50024)
    status, refused = await place.call("POST", path, {"name": "", "type": 11})
    assert (status, refused["code"]) == (400, 50035)
    place.channel.bot_permissions = DEFAULT_BOT_PERMISSIONS
    status, refused = await place.call("POST", path, {"name": "Cup", "type": 11})
    assert (status, refused["code"]) == (403, 50013)


async def test_a_server_with_its_most_active_threads_is_refused_one_more(place: Place) -> None:
    guild = place.emulator.guilds[place.channel.guild_id]
    _, first = await start_thread(place)
    filler = [
        Channel(
            first.id + n,
            guild.id,
            f"t{n}",
            first.bot_permissions,
            type=first.type,
            parent_id=place.channel.id,
        )
        for n in range(1, MOST_ACTIVE_THREADS)
    ]
    for thread in filler:
        guild.channels[thread.id] = place.emulator.channels[thread.id] = thread
    path = f"/channels/{place.channel.id}/threads"
    status, refused = await place.call("POST", path, {"name": "one more", "type": 11})
    assert (status, refused["code"]) == (400, 160006)
    # An archived thread makes room.
    filler[0].archived = True
    status, _ = await place.call("POST", path, {"name": "one more", "type": 11})
    assert status == 201
