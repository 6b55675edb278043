"""Discord's rate limits, as the emulator enforces them: the headers and the 429s look
like Discord's to the byte, a refused request changes nothing, the emulator's clock
empties every window, and real discord.py paces itself by them."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, replace
from typing import Any

import aiohttp
import discord
import pytest
from multidict import CIMultiDictProxy

from emulator import DEFAULT_BOT_PERMISSIONS, Channel, Interaction, Message, Window
from tests.emulator.rest import Bot, Place

SEND = "POST /channels/{channel}/messages"
EDIT = "PATCH /channels/{channel}/messages/{message}"
HOUR = 3600.0
RATE_LIMITED = {"message": "You are being rate limited.", "global": False, "code": 0}


@dataclass
class Reply:
    status: int
    headers: CIMultiDictProxy[str]
    body: Any
    """The JSON, or the text of an answer that is none."""


async def call(
    place: Place,
    method: str,
    path: str,
    payload: dict[str, Any] | None = None,
    token: str | None = None,
) -> Reply:
    """One request under /api/v10 as the bot (or with ``token``), with all of its answer."""
    headers = {"Authorization": f"Bot {token or place.emulator.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(
            method, place.emulator.api_url + path, json=payload, headers=headers
        ) as response,
    ):
        if response.content_type == "application/json":
            body = await response.json()
        else:
            body = await response.text()
        return Reply(response.status, response.headers, body)


def messages_path(channel: Channel) -> str:
    return f"/channels/{channel.id}/messages"


async def post(place: Place, channel: Channel, content: str = "x") -> Reply:
    return await call(place, "POST", messages_path(channel), {"content": content})


async def edit(place: Place, message: Message, content: str) -> Reply:
    path = f"/channels/{message.channel_id}/messages/{message.id}"
    return await call(place, "PATCH", path, {"content": content})


def another_channel(place: Place, name: str = "other") -> Channel:
    guild = place.emulator.guilds[place.channel.guild_id]
    return place.emulator.add_channel(guild, name, DEFAULT_BOT_PERMISSIONS)


def interaction_now(place: Place, message: Message | None = None) -> Interaction:
    """``place.interaction``, made now on the emulator's clock (which a test may have
    moved on): a slash command, or a click on ``message``."""
    interaction = place.interaction(message)
    interaction.created_at = place.emulator.clock.now()
    return interaction


async def old_message(place: Place, channel: Channel | None = None) -> Message:
    """A message of the bot's in ``channel`` (the place's), an hour and a second old."""
    reply = await post(place, channel or place.channel, "old")
    assert reply.status == 200, reply.body
    place.emulator.clock.advance(HOUR + 1)
    return place.emulator.messages[int(reply.body["id"])]


def limit(place: Place, **figures: Any) -> None:
    """Changes figures of the running emulator's rate limits."""
    limits = place.emulator.rate_limits
    assert limits is not None
    place.emulator.rate_limits = replace(limits, **figures)


async def test_a_limited_route_answers_with_its_bucket_on_the_emulators_clock(
    place: Place,
) -> None:
    place.emulator.clock.advance(1000)
    # The emulator's clock runs on from there: the reset is 5 s after the moment the
    # request was answered, whenever in the request that was.
    before = place.emulator.clock.now()
    reply = await post(place, place.channel)
    after = place.emulator.clock.now()
    assert reply.status == 200
    headers = reply.headers
    assert (headers["X-RateLimit-Limit"], headers["X-RateLimit-Remaining"]) == ("5", "4")
    assert headers["X-RateLimit-Reset-After"] == "5.000"
    reset = float(headers["X-RateLimit-Reset"])
    assert before + 5 - 0.001 <= reset <= after + 5 + 0.001
    assert reset > time.time() + 900
    other = await post(place, another_channel(place))
    assert other.headers["X-RateLimit-Remaining"] == "4"
    assert other.headers["X-RateLimit-Bucket"] == headers["X-RateLimit-Bucket"]
    message = place.emulator.messages[int(reply.body["id"])]
    edited = await edit(place, message, "y")
    assert edited.headers["X-RateLimit-Bucket"] != headers["X-RateLimit-Bucket"]
    read = await call(place, "GET", messages_path(place.channel))
    assert read.status == 200 and "X-RateLimit-Limit" not in read.headers


async def test_the_sixth_message_in_five_seconds_is_refused_in_its_channel_alone(
    place: Place,
) -> None:
    for remaining in "43210":
        assert (await post(place, place.channel)).headers["X-RateLimit-Remaining"] == remaining
    before = place.snapshot()
    refused = await post(place, place.channel, "sixth")
    assert refused.status == 429
    assert {k: v for k, v in refused.body.items() if k != "retry_after"} == RATE_LIMITED
    assert 0 < refused.body["retry_after"] <= 5
    assert float(refused.headers["X-RateLimit-Reset-After"]) == refused.body["retry_after"]
    assert refused.headers["Retry-After"] == "5"
    assert refused.headers["X-RateLimit-Remaining"] == "0"
    assert refused.headers["X-RateLimit-Scope"] == "user"
    assert refused.headers["Via"] == "1.1 google"
    assert "X-RateLimit-Global" not in refused.headers
    assert place.snapshot() == before
    assert (await post(place, another_channel(place))).status == 200
    place.emulator.clock.advance(5)
    assert (await post(place, place.channel, "sixth")).status == 200


async def test_edits_and_deletes_have_buckets_of_their_own(place: Place) -> None:
    posts = [await post(place, place.channel) for _ in range(5)]
    message = place.emulator.messages[int(posts[0].body["id"])]
    edits = [await edit(place, message, f"edit {n}") for n in range(6)]
    assert [e.status for e in edits] == [200] * 5 + [429]
    assert message.content == "edit 4"
    path = f"/channels/{place.channel.id}/messages/{message.id}"
    # A delete the route refuses (the message is gone) counts all the same.
    deletes = [await call(place, "DELETE", path) for _ in range(6)]
    assert [d.status for d in deletes] == [204, 404, 404, 404, 404, 429]
    assert deletes[0].headers["X-RateLimit-Reset-After"] == "1.000"
    hashes = {r.headers["X-RateLimit-Bucket"] for r in (posts[0], edits[0], deletes[0])}
    assert len(hashes) == 3


async def test_an_interactions_webhook_routes_share_a_bucket_of_five_per_two_seconds(
    place: Place,
) -> None:
    interaction = place.interaction()
    answered = await call(
        place,
        "POST",
        f"/interactions/{interaction.id}/{interaction.token}/callback",
        {"type": 4, "data": {"content": "first"}},
    )
    assert answered.status == 204 and "X-RateLimit-Limit" not in answered.headers
    webhook = place.webhook(interaction)
    replies = [
        await call(place, "POST", webhook, {"content": "follow-up"}),
        await call(place, "POST", webhook, {"content": "follow-up"}),
        await call(place, "GET", f"{webhook}/messages/@original"),
        await call(place, "PATCH", f"{webhook}/messages/@original", {"content": "edited"}),
        await call(place, "POST", webhook, {"content": "follow-up"}),
    ]
    assert [r.status for r in replies] == [200] * 5
    assert [r.headers["X-RateLimit-Remaining"] for r in replies] == ["4", "3", "2", "1", "0"]
    assert len({r.headers["X-RateLimit-Bucket"] for r in replies}) == 1
    assert replies[0].headers["X-RateLimit-Reset-After"] == "2.000"
    count = len(place.channel.messages)
    refused = await call(place, "DELETE", f"{webhook}/messages/@original")
    assert refused.status == 429 and refused.headers["X-RateLimit-Scope"] == "user"
    assert len(place.channel.visible(None)) == count
    other = place.interaction()
    assert (await place.respond(other, 4, {"content": "x"}))[0] == 200
    assert (await call(place, "POST", place.webhook(other), {"content": "y"})).status == 200
    place.emulator.clock.advance(2)
    assert (await call(place, "DELETE", f"{webhook}/messages/@original")).status == 204


async def test_the_global_limit_counts_every_route_but_the_interaction_endpoints(
    place: Place,
) -> None:
    # Stopped: the window must not end between the requests, however long they take.
    place.emulator.clock.stop()
    limit(place, global_requests=Window(3, 1.0))
    assert [(await call(place, "GET", "/users/@me")).status for _ in range(2)] == [200, 200]
    assert (await post(place, place.channel)).status == 200
    refused = await call(place, "GET", "/users/@me")
    assert refused.status == 429
    assert refused.body == {**RATE_LIMITED, "global": True, "retry_after": pytest.approx(1, 0.1)}
    assert refused.headers["X-RateLimit-Global"] == "true"
    assert refused.headers["X-RateLimit-Scope"] == "global"
    assert refused.headers["Via"] == "1.1 google"
    assert "X-RateLimit-Bucket" not in refused.headers
    assert (await post(place, place.channel)).status == 429
    assert len(place.channel.messages) == 1
    interaction = place.interaction()
    assert (await place.respond(interaction, 4, {"content": "a"}))[0] == 200
    assert (await call(place, "POST", place.webhook(interaction), {"content": "b"})).status == 200
    place.emulator.clock.advance(1)
    assert (await call(place, "GET", "/users/@me")).status == 200


async def test_the_global_limit_is_the_token_s_over_every_connection(place: Place) -> None:
    """A bot of several processes sends on several connections: Discord counts them all
    against its token's one limit, and another token's apart."""
    place.emulator.clock.stop()
    limit(place, global_requests=Window(4, 1.0))
    token = f"Bot {place.emulator.token}"
    # A connection each, kept open (HTTP keep-alive), as each process keeps its own.
    processes = [aiohttp.ClientSession(headers={"Authorization": token}) for _ in range(3)]
    try:

        async def me(session: aiohttp.ClientSession) -> int:
            async with session.get(f"{place.emulator.api_url}/users/@me") as answer:
                return answer.status

        statuses = [await me(session) for session in processes * 2]
        # Another token (a user's, here an unknown one: refused, but not for the rate).
        assert (await call(place, "GET", "/users/@me", token="another")).status == 401
        assert statuses == [200] * 4 + [429] * 2
        place.emulator.clock.advance(1.0)
        assert [await me(session) for session in processes] == [200] * 3
    finally:
        await asyncio.gather(*(session.close() for session in processes))
    log = list(place.emulator.requests)
    assert [r.sender for r in log] == [token] * 6 + ["Bot another"] + [token] * 3
    assert all(r.global_limit for r in log)
    interaction = place.interaction()
    await place.respond(interaction, 4, {"content": "a"})
    assert not place.emulator.requests[-1].global_limit


async def test_an_old_message_takes_three_edits_per_six_seconds_in_its_channel(
    place: Place,
) -> None:
    elsewhere = another_channel(place)
    old_elsewhere = await old_message(place, elsewhere)
    old = await old_message(place)
    assert [(await edit(place, old, f"edit {n}")).status for n in range(3)] == [200] * 3
    refused = await edit(place, old, "fourth")
    assert refused.status == 429
    assert refused.body == {
        "message": "Maximum number of edits to messages older than 1 hour reached. "
        "Try again later.",
        "retry_after": pytest.approx(6, abs=0.5),
        "global": False,
        "code": 30046,
    }
    assert refused.headers["Retry-After"] == "6"
    assert refused.headers["Via"] == "1.1 google"
    # The route's bucket, with edits left: the limit is a sub-limit of it.
    assert refused.headers["X-RateLimit-Remaining"] == "2"
    assert old.content == "edit 2"
    young = place.emulator.messages[int((await post(place, place.channel, "young")).body["id"])]
    assert (await edit(place, young, "edited")).status == 200
    assert (await edit(place, old_elsewhere, "edited")).status == 200
    place.emulator.clock.advance(6)
    assert (await edit(place, old, "fourth")).status == 200
    assert old.content == "fourth"


async def test_every_old_edit_can_be_refused_for_as_long_as_a_test_wants(place: Place) -> None:
    old = await old_message(place)
    limit(place, old_edit_refusal=0.25)
    for _ in range(2):
        refused = await edit(place, old, "never")
        assert (refused.status, refused.body["code"]) == (429, 30046)
        assert refused.body["retry_after"] == 0.25
        place.emulator.clock.advance(600)
    deferred = interaction_now(place, old)
    assert (await place.respond(deferred, 6, {}))[0] == 200
    path = f"{place.webhook(deferred)}/messages/@original"
    through_webhook = await call(place, "PATCH", path, {"content": "never"})
    assert (through_webhook.status, through_webhook.body["code"]) == (429, 30046)
    assert old.content == "old"
    young = place.emulator.messages[int((await post(place, place.channel, "young")).body["id"])]
    assert (await edit(place, young, "edited")).status == 200
    limit(place, old_edit_refusal=None)
    assert (await edit(place, old, "at last")).status == 200


async def test_a_clicks_update_of_an_old_message_is_not_held_to_the_old_edits_limit(
    place: Place,
) -> None:
    old = await old_message(place)
    limit(place, old_edit_refusal=0.25)
    updated = await place.respond(interaction_now(place, old), 7, {"content": "updated"})
    assert updated[0] == 200
    assert old.content == "updated"


async def test_invalid_requests_bring_a_cloudflare_ban_until_their_window_empties(
    place: Place, bot: Bot
) -> None:
    # The ban's last second is met exactly: on a running clock, the requests between the
    # ban and the check take the loaded machine's time out of the window.
    place.emulator.clock.stop()
    limit(place, invalid_requests=Window(3, 600.0))
    guild = place.emulator.guilds[place.channel.guild_id]
    hidden = place.emulator.add_channel(guild, "hidden", discord.Permissions.none())
    assert (await post(place, place.channel)).status == 200
    assert (await call(place, "GET", "/users/@me", token="wrong")).status == 401
    assert (await post(place, hidden)).status == 403
    assert (await call(place, "GET", f"{messages_path(place.channel)}/1")).status == 404
    assert place.emulator.invalid_requests == 2
    place.emulator.fail(SEND, 429)
    assert (await post(place, place.channel)).status == 429
    assert place.emulator.invalid_requests == 3
    banned = await post(place, place.channel)
    assert banned.status == 429
    assert "Via" not in banned.headers and "Error 1015" in banned.body
    assert banned.headers["Retry-After"] == "600"
    asked = len(place.emulator.requests)
    with pytest.raises(discord.HTTPException) as given_up:
        await bot.client.get_partial_messageable(place.channel.id).send("banned")
    # Given up at the first refusal: a retry would first wait out Retry-After's 600 s.
    assert given_up.value.status == 429 and len(place.emulator.requests) == asked + 1
    assert place.emulator.invalid_requests == 3
    place.emulator.clock.advance(599)
    assert (await post(place, place.channel)).status == 429
    place.emulator.clock.advance(1)
    assert place.emulator.invalid_requests == 0
    assert (await post(place, place.channel)).status == 200
    assert len(place.channel.messages) == 2


async def test_the_requests_are_kept_with_their_route_channel_time_and_answer(
    place: Place,
) -> None:
    place.emulator.clock.advance(500)
    now = place.emulator.clock.now()
    other = another_channel(place)
    for _ in range(6):
        await post(place, place.channel)
    await post(place, other)
    await place.respond(interaction_now(place), 4, {"content": "answer"})
    await call(place, "GET", "/users/@me")
    logged = list(place.emulator.requests)
    assert [(r.route, r.channel, r.status) for r in logged] == [
        *[(SEND, place.channel.id, 200)] * 5,
        (SEND, place.channel.id, 429),
        (SEND, other.id, 200),
        ("POST /interactions/{id}/{token}/callback", place.channel.id, 200),
        ("GET /users/@me", None, 200),
    ]
    assert all(now <= r.at <= place.emulator.clock.now() for r in logged)
    assert place.emulator.rate_limited == 1


async def test_no_limits_with_rate_limits_none(place: Place) -> None:
    place.emulator.rate_limits = None
    replies = [await post(place, place.channel) for _ in range(8)]
    assert [r.status for r in replies] == [200] * 8
    assert "X-RateLimit-Limit" not in replies[0].headers
    assert list(place.emulator.requests) == []


async def test_a_fault_keeps_its_own_rate_limit_and_names_the_routes_bucket(place: Place) -> None:
    sent = await post(place, place.channel)
    place.emulator.fail(SEND, 429, retry_after=1.5)
    faulted = await post(place, place.channel)
    assert faulted.status == 429 and faulted.body["retry_after"] == 1.5
    assert faulted.headers["X-RateLimit-Reset-After"] == "1.500"
    assert faulted.headers["X-RateLimit-Bucket"] == sent.headers["X-RateLimit-Bucket"]


async def test_discord_py_paces_a_channel_by_the_headers_and_never_sees_a_429(
    place: Place, bot: Bot
) -> None:
    limit(place, send=Window(2, 0.3))
    channel = bot.client.get_partial_messageable(place.channel.id)
    started = time.monotonic()
    await asyncio.gather(*(channel.send(f"message {n}") for n in range(5)))
    assert time.monotonic() - started >= 0.6
    assert len(place.channel.messages) == 5
    sends = [r for r in place.emulator.requests if r.route == SEND]
    assert [r.status for r in sends] == [200] * 5
    assert place.emulator.rate_limited == 0


async def test_discord_py_waits_out_an_old_edit_refusal_and_edits(place: Place, bot: Bot) -> None:
    limit(place, old_edits=Window(1, 0.3))
    old = await old_message(place)
    message = bot.client.get_partial_messageable(place.channel.id).get_partial_message(old.id)
    started = time.monotonic()
    await message.edit(content="first")
    await message.edit(content="second")
    assert time.monotonic() - started >= 0.25
    assert old.content == "second"
    assert [r.status for r in place.emulator.requests if r.route == EDIT] == [200, 429, 200]


async def test_discord_py_gives_up_on_an_old_message_refused_for_good(
    place: Place, bot: Bot
) -> None:
    old = await old_message(place)
    limit(place, old_edit_refusal=0.01)
    message = bot.client.get_partial_messageable(place.channel.id).get_partial_message(old.id)
    with pytest.raises(discord.HTTPException) as refused:
        await message.edit(content="never")
    assert (refused.value.status, refused.value.code) == (429, 30046)
    assert [r.status for r in place.emulator.requests if r.route == EDIT] == [429] * 5
    assert old.content == "old"


async def test_discord_py_waits_out_the_global_limit_only_once_refused(
    place: Place, bot: Bot
) -> None:
    channels = [place.channel, another_channel(place, "b"), another_channel(place, "c")]
    limit(place, global_requests=Window(2, 0.3))
    # The login's requests began a window of the old figures: this one starts afresh.
    place.emulator.clock.advance(1)
    started = time.monotonic()
    sends = (bot.client.get_partial_messageable(c.id).send("hello") for c in channels)
    await asyncio.gather(*sends)
    assert time.monotonic() - started >= 0.25
    assert all(len(c.messages) == 1 for c in channels)
    assert [r.status for r in place.emulator.requests if r.route == SEND].count(429) == 1
