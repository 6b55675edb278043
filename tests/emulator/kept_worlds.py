"""An emulator keeping its world in a folder, as the tests of what a restart keeps start
one, before and after the restart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.discord_ui.client import use_discord_at
from emulator import DiscordEmulator


async def keeping(folder: Path) -> tuple[DiscordEmulator, bool]:
    """An emulator keeping its world in ``folder``, started, with discord.py pointed at it,
    and whether it loaded a world kept there before."""
    emulator = DiscordEmulator()
    loaded = await emulator.keep_state(folder)
    await emulator.start()
    use_discord_at(emulator.base_url)
    return emulator, loaded


@asynccontextmanager
async def reloaded(first: DiscordEmulator, folder: Path) -> AsyncIterator[DiscordEmulator]:
    """``first`` closed, which saves its world in ``folder``, and a new emulator that took
    that world up, closed once left."""
    await first.close()
    again = DiscordEmulator()
    assert await again.keep_state(folder)
    try:
        yield again
    finally:
        await again.close()
