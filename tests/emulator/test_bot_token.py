"""The emulator's bot token is new with each emulator: a fixed one would let anyone who
knows it (it was in this repository) log in as the bot. A world kept across restarts is
taken up under the new token, and no token is ever saved with it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import discord

from emulator import DEFAULT_BOT_PERMISSIONS, DiscordEmulator
from tests.emulator.kept_worlds import keeping
from tests.emulator.rest import Bot, Place

GUESSED = "emulated-bot-token"


async def kept(folder: Path, closing: list[DiscordEmulator]) -> Place:
    """An emulator over the world in ``folder``, with the same server laid out in it."""
    emulator, _ = await keeping(folder)
    closing.append(emulator)
    ann = emulator.add_user("Ann", id=1_000_000_000_000_000_101)
    guild = emulator.add_guild("G", ann, id=1_000_000_000_000_000_001)
    channel = emulator.add_channel(
        guild, "c", DEFAULT_BOT_PERMISSIONS, id=1_000_000_000_000_000_002
    )
    return Place(emulator, ann, channel)


async def me(emulator: DiscordEmulator, token: str) -> int:
    """The status of ``GET /users/@me`` with this token."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(
            f"{emulator.api_url}/users/@me", headers={"Authorization": f"Bot {token}"}
        ) as response,
    ):
        return response.status


def test_each_emulator_has_a_token_of_its_own() -> None:
    tokens = {DiscordEmulator().token for _ in range(3)}
    assert len(tokens) == 3
    assert all(len(token) >= 40 for token in tokens)
    assert DiscordEmulator(token="chosen").token == "chosen"


async def test_a_guessed_token_is_refused(bot: Bot, place: Place) -> None:
    """The bot fixture logged in with ``emulator.token``; nothing else gets in."""
    assert bot.client.user is not None and bot.client.user.id == place.emulator.bot.id
    assert await me(place.emulator, GUESSED) == 401
    assert await me(place.emulator, "") == 401
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(place.emulator.gateway_url) as ws,
    ):
        await ws.receive_json()
        await ws.send_json({"op": 2, "d": {"token": GUESSED, "intents": 0}})
        closed = await ws.receive()
        assert (closed.type, closed.data) == (aiohttp.WSMsgType.CLOSE, 4004)


async def test_a_kept_world_is_taken_up_under_a_new_token_never_saved(
    tmp_path: Path, closing: list[DiscordEmulator]
) -> None:
    folder = tmp_path / "discord"
    first = await kept(folder, closing)
    posted = await first.post({"content": "kept"})
    await first.emulator.close()
    saved = [p.read_bytes() for p in folder.rglob("*") if p.is_file()]
    assert saved and not any(first.emulator.token.encode() in data for data in saved)

    again = await kept(folder, closing)
    assert again.emulator.token != first.emulator.token
    assert await me(again.emulator, first.emulator.token) == 401
    client = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.01)
    await client.login(again.emulator.token)
    connection = asyncio.create_task(client.connect())
    try:
        await client.wait_until_ready()
        channel = client.get_partial_messageable(again.channel.id)
        assert [m.id async for m in channel.history(limit=5)] == [posted.id]
    finally:
        await client.close()
        await connection
