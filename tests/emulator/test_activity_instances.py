"""The app's Activity as Discord runs it: one instance per launch per place, shared by
everyone who launches or joins it there while it lives, ended by the last to leave;
the sandbox hears of each launch as it happens; an Activity's server checks an instance
with the bot's token (``GET /applications/{app}/activity-instances/{instance}``), which
answers Discord's ``EmbeddedActivityInstance`` or its 404."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import pytest

from emulator import ActivityInstance, ActivityLaunch, Channel, DiscordEmulator
from emulator.model import DISCORD_EPOCH_MS, last_snowflake
from tests.emulator.places import THREADS, start_thread
from tests.emulator.rest import Place
from tests.emulator.test_oauth2 import token_of

NOT_FOUND = {"message": "404: Not Found", "code": 0}
UNAUTHORIZED = {"message": "401: Unauthorized", "code": 0}


async def thread_in(place: Place) -> Channel:
    """A thread the bot starts in the place's channel."""
    await place.emulator.set_bot_permissions(place.channel, THREADS)
    _, thread = await start_thread(place)
    return thread


async def get_instance(
    emulator: DiscordEmulator,
    instance_id: str,
    authorization: str | None = None,
    app: int | None = None,
) -> tuple[int, dict[str, Any]]:
    """Get Application Activity Instance, with the bot's token unless told otherwise."""
    path = f"/applications/{app or emulator.application_id}/activity-instances/{instance_id}"
    headers = {"Authorization": authorization or f"Bot {emulator.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{emulator.api_url}{path}", headers=headers) as response,
    ):
        return response.status, await response.json()


async def test_who_launches_in_a_channel_shares_one_instance(place: Place) -> None:
    emulator = place.emulator
    ann, channel = place.user, place.channel
    guild = emulator.guilds[channel.guild_id]
    bo = emulator.add_user("Bo")
    emulator.add_member(guild, bo)
    # Ids only grow, across every emulator in the process: one made after another test
    # moved its clock hours on carries that later time.
    before = max(emulator.clock.now(), ((last_snowflake() >> 22) + DISCORD_EPOCH_MS) / 1000)

    instance = await emulator.launch_activity(channel.id, ann.id)
    location = f"gc-{guild.id}-{channel.id}"
    assert instance.id == f"i-{instance.launch_id}-{location}"
    # A snowflake of the launch's time.
    made = ((instance.launch_id >> 22) + DISCORD_EPOCH_MS) / 1000
    assert before - 1 <= made <= max(before, emulator.clock.now()) + 1
    joined = await emulator.launch_activity(channel.id, bo.id)
    again = await emulator.launch_activity(channel.id, ann.id)
    assert joined is instance and again is instance
    assert instance.users == [ann.id, bo.id]
    assert emulator.activity_instance(instance.id) is instance
    assert emulator.channel_activity(channel.id) is instance

    status, body = await get_instance(emulator, instance.id)
    assert (status, body) == (
        200,
        {
            "application_id": str(emulator.application_id),
            "instance_id": instance.id,
            "launch_id": str(instance.launch_id),
            "location": {
                "id": location,
                "kind": "gc",
                "channel_id": str(channel.id),
                "guild_id": str(guild.id),
            },
            "users": [str(ann.id), str(bo.id)],
        },
    )
    assert [(launch.user_id, launch.channel_id) for launch in emulator.activity_launches] == [
        (ann.id, channel.id),
        (bo.id, channel.id),
        (ann.id, channel.id),
    ]
    assert {launch.instance_id for launch in emulator.activity_launches} == {instance.id}


async def test_the_last_to_leave_ends_it_and_the_next_launch_is_new(place: Place) -> None:
    emulator = place.emulator
    ann, channel = place.user, place.channel
    bo = emulator.add_user("Bo")
    emulator.add_member(emulator.guilds[channel.guild_id], bo)
    first = await emulator.launch_activity(channel.id, ann.id)
    await emulator.launch_activity(channel.id, bo.id)

    await emulator.leave_activity(first.id, ann.id)
    assert (await get_instance(emulator, first.id))[1]["users"] == [str(bo.id)]
    await emulator.leave_activity(first.id, ann.id)  # a page saying so twice
    await emulator.leave_activity(first.id, bo.id)
    assert emulator.activity_instance(first.id) is None
    assert emulator.channel_activity(channel.id) is None
    assert await get_instance(emulator, first.id) == (404, NOT_FOUND)
    await emulator.leave_activity(first.id, bo.id)

    second = await emulator.launch_activity(channel.id, bo.id)
    assert second.id != first.id and second.launch_id > first.launch_id
    assert second.users == [bo.id]


async def test_each_place_has_its_own_instance(place: Place) -> None:
    """A thread is a place of its own, in its server (a ``gc`` location named by the
    thread's id); the bot's DM with a member is a private one (``pc``)."""
    emulator = place.emulator
    ann, channel = place.user, place.channel
    thread = await thread_in(place)
    in_channel = await emulator.launch_activity(channel.id, ann.id)
    in_thread = await emulator.launch_activity(thread.id, ann.id)
    assert in_thread.id == f"i-{in_thread.launch_id}-gc-{channel.guild_id}-{thread.id}"
    assert in_thread is not in_channel
    assert emulator.channel_activity(thread.id) is in_thread

    dm = emulator.dm_with(ann)
    in_dm = await emulator.launch_activity(dm.id, ann.id)
    assert in_dm.id == f"i-{in_dm.launch_id}-pc-{dm.id}"
    status, body = await get_instance(emulator, in_dm.id)
    assert status == 200
    assert body["location"] == {"id": f"pc-{dm.id}", "kind": "pc", "channel_id": str(dm.id)}


async def test_only_a_member_of_a_place_launches_there(place: Place) -> None:
    emulator = place.emulator
    stranger = emulator.add_user("Stranger")
    with pytest.raises(ValueError, match="is not in channel"):
        await emulator.launch_activity(place.channel.id, stranger.id)
    with pytest.raises(ValueError, match="is not in channel"):
        await emulator.launch_activity(emulator.dm_with(place.user).id, stranger.id)
    with pytest.raises(ValueError, match="no channel"):
        await emulator.launch_activity(1, place.user.id)
    with pytest.raises(ValueError, match="no channel"):
        await emulator.launch_activity(place.channel.id, 1)
    assert emulator.activity_launches == []


async def test_an_instance_ends_with_its_channel(place: Place) -> None:
    emulator = place.emulator
    thread = await thread_in(place)
    instance = await emulator.launch_activity(thread.id, place.user.id)
    await emulator.delete_channel(thread)
    assert emulator.activity_instance(instance.id) is None
    assert await get_instance(emulator, instance.id) == (404, NOT_FOUND)


async def test_the_sandbox_hears_of_each_launch_as_it_happens(place: Place) -> None:
    emulator = place.emulator
    told: list[int] = []
    emulator.on_change.append(lambda: told.append(len(emulator.activity_launches)))
    waiting = asyncio.create_task(emulator.wait_until(lambda: emulator.activity_launches[-1:]))
    await asyncio.sleep(0)
    instance = await emulator.launch_activity(place.channel.id, place.user.id)
    (launch,) = await asyncio.wait_for(waiting, 5)
    assert launch == ActivityLaunch(
        place.user.id, place.channel.id, instance.id, emulator.activity_launches[0].at
    )
    assert told == [1]
    await emulator.leave_activity(instance.id, place.user.id)
    assert told == [1, 1], "a leave is a change too"


async def test_the_instance_route_answers_only_the_bot_about_its_own_app(place: Place) -> None:
    emulator = place.emulator
    instance = await emulator.launch_activity(place.channel.id, place.user.id)
    assert await get_instance(emulator, "i-1-gc-2-3") == (404, NOT_FOUND)
    assert await get_instance(emulator, instance.id, app=1234) == (404, NOT_FOUND)
    assert await get_instance(emulator, instance.id, "Bot guessed") == (401, UNAUTHORIZED)
    # A user's own token, as the Activity's client holds it, is no bot's (security BotToken).
    user_token = await token_of(place)
    assert await get_instance(emulator, instance.id, f"Bearer {user_token}") == (
        401,
        UNAUTHORIZED,
    )
    assert (await get_instance(emulator, instance.id))[0] == 200


def test_an_instance_id_reads_as_the_docs_example() -> None:
    """Multiplayer Experience, "Using the Activity Instance API"."""
    instance = ActivityInstance(1276580072400224306, 912954213460484116, 912952092627435520)
    assert instance.id == "i-1276580072400224306-gc-912952092627435520-912954213460484116"
