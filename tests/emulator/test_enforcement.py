"""The emulator refuses what Discord refuses, even where discord.py would send it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from bot.discord_ui.client import use_discord_at
from emulator import Channel, DiscordEmulator, User


@pytest.fixture
async def emulator() -> AsyncIterator[DiscordEmulator]:
    emulator = DiscordEmulator(response_deadline=0.3, max_attachment_bytes=1000)
    await emulator.start()
    use_discord_at(emulator.base_url)
    yield emulator
    await emulator.close()


def setup(emulator: DiscordEmulator, **permissions: bool) -> tuple[User, Channel]:
    user = emulator.add_user("Ann")
    guild = emulator.add_guild("G", user)
    granted = discord.Permissions(view_channel=True, **permissions)
    return user, emulator.add_channel(guild, "c", granted)


async def post(
    emulator: DiscordEmulator, path: str, payload: dict[str, Any], token: str | None = None
) -> tuple[int, dict[str, Any]]:
    headers = {"Authorization": f"Bot {token or emulator.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(emulator.api_url + path, json=payload, headers=headers) as response,
    ):
        assert response.headers["Content-Type"] == "application/json"
        return response.status, await response.json()


async def test_component_limits_are_enforced(emulator: DiscordEmulator) -> None:
    _, channel = setup(emulator, send_messages=True)
    button = {"type": 2, "style": 1, "label": "x", "custom_id": "a"}
    cases = [
        [{"type": 1, "components": [dict(button, custom_id=str(i))]} for i in range(6)],
        [{"type": 1, "components": [dict(button, custom_id=str(i)) for i in range(6)]}],
        [{"type": 1, "components": [dict(button, label="x" * 81)]}],
        [{"type": 1, "components": [dict(button, custom_id="x" * 101)]}],
        [{"type": 1, "components": [button, button]}],
    ]
    for components in cases:
        status, body = await post(
            emulator, f"/channels/{channel.id}/messages", {"components": components}
        )
        assert (status, body["code"]) == (400, 50035)
    assert channel.messages == []


async def test_the_bots_channel_permissions_are_enforced(emulator: DiscordEmulator) -> None:
    _, silent = setup(emulator)
    status, body = await post(emulator, f"/channels/{silent.id}/messages", {"content": "hi"})
    assert (status, body["code"]) == (403, 50013)


async def test_a_wrong_token_is_unauthorized(emulator: DiscordEmulator) -> None:
    status, _ = await post(emulator, "/channels/1/messages", {}, token="nope")
    assert status == 401


async def test_attachments_over_the_size_limit_and_without_permission_are_refused(
    emulator: DiscordEmulator,
) -> None:
    _, channel = setup(emulator, send_messages=True, attach_files=True)
    _, no_files = setup(emulator, send_messages=True)
    for target, data, expected in ((channel, b"x" * 1001, 413), (no_files, b"x", 403)):
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps({"content": "f"}))
        form.add_field("files[0]", data, filename="f.png")
        async with (
            aiohttp.ClientSession() as session,
            session.post(
                f"{emulator.api_url}/channels/{target.id}/messages",
                data=form,
                headers={"Authorization": f"Bot {emulator.token}"},
            ) as response,
        ):
            assert response.status == expected


async def test_a_first_response_after_the_deadline_is_an_unknown_interaction(
    emulator: DiscordEmulator,
) -> None:
    user, channel = setup(emulator, send_messages=True)
    client = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.01)
    tree = app_commands.CommandTree(client)
    failures: list[BaseException] = []

    @tree.command(name="slow", description="answers too late")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.5)
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as e:
            failures.append(e)

    await client.login(emulator.token)
    task = asyncio.create_task(client.connect())
    try:
        await client.wait_until_ready()
        await tree.sync()
        interaction = await emulator.slash(user, channel, "slow")
        while not failures:  # the late answer's refusal reaches the command
            await asyncio.sleep(0.01)
        assert interaction.response_type is None
        assert interaction.errors == ["first response after the deadline"]
        assert [getattr(f, "code", None) for f in failures] == [10062]
    finally:
        await client.close()
        await task


async def test_an_ephemeral_message_is_seen_only_by_its_user(emulator: DiscordEmulator) -> None:
    user, channel = setup(emulator, send_messages=True)
    other = emulator.add_user("Bo")
    client = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.01)
    tree = app_commands.CommandTree(client)

    @tree.command(name="secret", description="private answer")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("just you", ephemeral=True)

    await client.login(emulator.token)
    task = asyncio.create_task(client.connect())
    try:
        await client.wait_until_ready()
        await tree.sync()
        answered = await emulator.answer(await emulator.slash(user, channel, "secret"))
        assert answered.response_message is not None
        assert [m.content for m in channel.visible(user.id)] == ["just you"]
        assert channel.visible(other.id) == []
    finally:
        await client.close()
        await task
