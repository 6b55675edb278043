"""Whose turn the page reads for Follow turns: the game played in the open channel itself
before any started from it into a thread, whatever the server's threads setting became
meanwhile; in a game's thread, that game's."""

from __future__ import annotations

from typing import Any

import aiohttp

from emulator import Interaction, User
from sandbox.server_world import CHANNEL_ID
from tests.sandbox.conftest import Sandbox


def member(sandbox: Sandbox, name: str) -> User:
    return next(u for u in sandbox.emulator.users.values() if u.name == name)


async def answered(sandbox: Sandbox, interaction: Interaction) -> Interaction:
    await sandbox.emulator.answer(interaction)
    assert interaction.errors == []
    return interaction


async def to_act(sandbox: Sandbox, viewer: User, channel: int) -> list[str]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(
            f"{sandbox.url}/api/channel", params={"user": str(viewer.id), "channel": str(channel)}
        ) as response,
    ):
        assert response.status == 200, await response.text()
        view: dict[str, Any] = await response.json()
    return list(view["to_act"])


async def test_whose_turn_is_the_channels_own_game_after_threads_are_switched_on(
    sandbox: Sandbox,
) -> None:
    emulator = sandbox.emulator
    channel = emulator.channels[CHANNEL_ID]
    ann, bo, cy = member(sandbox, "Ann"), member(sandbox, "Bo"), member(sandbox, "Cy")

    # A lobby in a thread of its own, from when the server gave games threads...
    await answered(sandbox, await emulator.slash(ann, channel, "server settings", threads=True))
    await answered(sandbox, await emulator.slash(ann, channel, "claimit new"))
    await emulator.wait_until(lambda: bool(emulator.threads_of(channel)), 10)
    (thread,) = emulator.threads_of(channel)
    # ...then a game played in the channel itself, threads switched off and on again midway.
    await answered(sandbox, await emulator.slash(ann, channel, "server settings", threads=False))
    lobby = await answered(sandbox, await emulator.slash(bo, channel, "nuggets new"))
    assert lobby.response_message is not None
    await answered(sandbox, await emulator.click(cy, lobby.response_message, "Join"))
    await answered(sandbox, await emulator.click(bo, lobby.response_message, "Start"))
    ping = await emulator.wait_for_message(channel, lambda m: bool(m.mentions), 10)
    await answered(sandbox, await emulator.slash(ann, channel, "server settings", threads=True))

    (mover,) = ping.mentions
    assert await to_act(sandbox, ann, channel.id) == [str(mover)]
    assert await to_act(sandbox, ann, thread.id) == [], "the thread's game is a lobby"
