"""Faults a test injects: the answer looks like Discord's, discord.py reacts to it as to
Discord's, and the emulator's state does not change."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp
import discord
import pytest

from emulator import DEFAULT_BOT_PERMISSIONS
from tests.emulator.rest import Bot, Place

CREATE_MESSAGE = "POST /channels/{channel}/messages"


async def raw_post(place: Place, path: str, payload: dict[str, Any]) -> aiohttp.ClientResponse:
    """The whole response (headers too) to a POST under /api/v10, body already read."""
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            place.emulator.api_url + path,
            json=payload,
            headers={"Authorization": f"Bot {place.emulator.token}"},
        ) as response,
    ):
        await response.read()
        return response


@pytest.mark.parametrize("is_global", [False, True], ids=["route", "global"])
async def test_a_rate_limit_answers_exactly_like_discord(place: Place, is_global: bool) -> None:
    fault = place.emulator.fail(CREATE_MESSAGE, 429, retry_after=1.5, is_global=is_global)
    before = time.time()
    response = await raw_post(place, f"/channels/{place.channel.id}/messages", {"content": "x"})
    after = time.time()
    assert response.status == 429
    assert await response.json() == {
        "message": "You are being rate limited.",
        "retry_after": 1.5,
        "global": is_global,
        "code": 0,
    }
    headers = response.headers
    assert headers["Content-Type"] == "application/json"
    assert headers["Retry-After"] == "2"
    assert headers["X-RateLimit-Remaining"] == "0"
    assert int(headers["X-RateLimit-Limit"]) > 0
    assert float(headers["X-RateLimit-Reset-After"]) == 1.5
    assert before + 1.5 - 0.001 <= float(headers["X-RateLimit-Reset"]) <= after + 1.5 + 0.001
    assert headers["X-RateLimit-Bucket"]
    assert headers["X-RateLimit-Scope"] == ("global" if is_global else "user")
    assert headers["Via"] == "1.1 google"
    assert (fault.hits, fault.used_up.is_set()) == (1, True)
    assert place.channel.messages == []


@pytest.mark.parametrize("is_global", [False, True], ids=["route", "global"])
async def test_discord_py_waits_out_a_rate_limit_and_then_sends(
    place: Place, bot: Bot, is_global: bool
) -> None:
    fault = place.emulator.fail(CREATE_MESSAGE, 429, times=2, retry_after=0.1, is_global=is_global)
    started = time.monotonic()
    sent = await bot.client.get_partial_messageable(place.channel.id).send("hello")
    assert time.monotonic() - started >= 0.2
    assert fault.hits == 2
    assert fault.used_up.is_set()
    assert [m.id for m in place.channel.messages] == [sent.id]


async def test_rate_limited_interaction_answers_are_retried(place: Place, bot: Bot) -> None:
    callback = place.emulator.fail("POST /interactions/{id}/{token}/callback", 429)
    follow_up = place.emulator.fail("POST /webhooks/{app}/{token}", 429, times=2)
    done = asyncio.Event()

    @bot.tree.command(name="busy", description="answers through rate limits")
    async def busy(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        await interaction.followup.send("second")
        done.set()

    await bot.tree.sync()
    interaction = await place.emulator.slash(place.user, place.channel, "busy")
    await done.wait()
    assert (callback.hits, follow_up.hits) == (1, 2)
    assert interaction.errors == []
    assert [m.content for m in place.channel.messages] == ["first", "second"]


async def test_a_server_error_answers_its_status_and_changes_nothing(place: Place) -> None:
    fault = place.emulator.fail(CREATE_MESSAGE, 500)
    path = f"/channels/{place.channel.id}/messages"
    status, body = await place.call("POST", path, {"content": "x"})
    assert (status, body) == (500, {"message": "500: Internal Server Error", "code": 0})
    assert place.channel.messages == []
    assert fault.hits == 1
    status, _ = await place.call("POST", path, {"content": "x"})
    assert status == 200 and fault.hits == 1


async def test_discord_py_gives_up_on_a_503_at_once(place: Place, bot: Bot) -> None:
    place.emulator.fail(CREATE_MESSAGE, 503)
    started = time.monotonic()
    with pytest.raises(discord.DiscordServerError) as failed:
        await bot.client.get_partial_messageable(place.channel.id).send("hello")
    assert failed.value.status == 503
    assert time.monotonic() - started < 1
    assert place.channel.messages == []


async def test_discord_py_retries_a_server_error_on_a_webhook_route(place: Place, bot: Bot) -> None:
    fault = place.emulator.fail("PATCH /webhooks/{app}/{token}/messages/{message}", 502)
    done = asyncio.Event()

    @bot.tree.command(name="edit", description="answers, then edits the answer")
    async def edit(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        await interaction.edit_original_response(content="second")
        done.set()

    await bot.tree.sync()
    await place.emulator.slash(place.user, place.channel, "edit")
    await done.wait()
    assert fault.hits == 1
    assert [m.content for m in place.channel.messages] == ["second"]


async def test_a_fault_can_pick_its_requests(place: Place) -> None:
    guild = place.emulator.guilds[place.channel.guild_id]
    other = place.emulator.add_channel(guild, "other", DEFAULT_BOT_PERMISSIONS)
    fault = place.emulator.fail(
        CREATE_MESSAGE, 500, when=lambda r: r.match_info["channel"] == str(other.id)
    )
    waiting = asyncio.create_task(fault.wait())
    spared, _ = await place.call("POST", f"/channels/{place.channel.id}/messages", {"content": "a"})
    assert spared == 200 and not waiting.done()
    failed, _ = await place.call("POST", f"/channels/{other.id}/messages", {"content": "b"})
    assert failed == 500
    await waiting
    assert (fault.hits, len(place.channel.messages), other.messages) == (1, 1, [])


async def test_a_fault_names_a_route_the_emulator_has(place: Place) -> None:
    assert {
        CREATE_MESSAGE,
        "PATCH /channels/{channel}/messages/{message}",
        "POST /interactions/{id}/{token}/callback",
        "PATCH /webhooks/{app}/{token}/messages/{message}",
        "POST /webhooks/{app}/{token}",
    } <= place.emulator.routes()
    with pytest.raises(ValueError, match="no route"):
        place.emulator.fail("POST /api/v10/channels/{channel}/messages", 500)
    with pytest.raises(ValueError, match="error status"):
        place.emulator.fail(CREATE_MESSAGE, 200)


async def test_a_fault_after_the_making_keeps_what_was_made(place: Place, bot: Bot) -> None:
    fault = place.emulator.fail(CREATE_MESSAGE, 503, made=True)
    channel = bot.client.get_partial_messageable(place.channel.id)
    with pytest.raises(discord.DiscordServerError):
        await channel.send("lost answer", nonce="once")
    (made,) = place.channel.messages
    assert (made.content, fault.hits) == ("lost answer", 1)
    # Sent again under its nonce, it is answered with the message Discord made.
    again = await channel.send("lost answer", nonce="once")
    assert again.id == made.id and place.channel.messages == [made]
