"""The sandbox keeps its Discord beside its database: stopped and started again, over a new
emulator, its channel shows the game where it was, and the game plays on."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import aiohttp

from bot.settings import Settings
from emulator import Channel, DiscordEmulator, Interaction, Message, User
from sandbox.run import discord_state, run_sandbox
from sandbox.server_world import CHANNEL_ID
from tests.quick_limits import QUICK_LIMITS


@dataclass(frozen=True)
class Sandbox:
    emulator: DiscordEmulator
    url: str

    def member(self, name: str) -> User:
        return next(u for u in self.emulator.users.values() if u.name == name)

    async def page(self, method: str, path: str, **kwargs: Any) -> Any:
        async with (
            aiohttp.ClientSession() as session,
            session.request(method, self.url + path, **kwargs) as response,
        ):
            assert response.status == 200, await response.text()
            return await response.json()


@contextlib.asynccontextmanager
async def running(settings: Settings) -> AsyncIterator[Sandbox]:
    """The sandbox, in this process, over a new emulator; stopped as Ctrl-C stops it."""
    emulator = DiscordEmulator(rate_limits=QUICK_LIMITS)
    ready = asyncio.Event()
    lines: list[str] = []
    task = asyncio.create_task(
        run_sandbox(settings, announce=lines.append, ready=ready, emulator=emulator)
    )
    waiting = asyncio.create_task(ready.wait())
    await asyncio.wait([task, waiting], return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        waiting.cancel()
        task.result()
    (line,) = lines
    try:
        yield Sandbox(emulator, line.split("open ", 1)[1].split(" ", 1)[0])
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def answered(emulator: DiscordEmulator, interaction: Interaction) -> Interaction:
    await emulator.answer(interaction)
    assert interaction.errors == []
    return interaction


def shown(channel: Channel) -> list[tuple[Any, ...]]:
    """Everything a member sees of the channel's messages."""
    return [
        (
            m.id,
            m.author.id,
            m.content,
            m.embeds,
            m.components,
            [(a.id, a.filename, a.content_type, a.data) for a in m.attachments],
            m.flags,
            m.mentions,
            m.created_at,
            m.edited_at,
        )
        for m in channel.visible()
    ]


def is_ping(message: Message) -> bool:
    return bool(message.mentions)


async def test_a_restarted_sandbox_shows_its_game_and_plays_on(tmp_path: Path) -> None:
    settings = replace(
        Settings.load({}, tmp_path / "none"),
        sandbox_database=str(tmp_path / "sandbox.sqlite3"),
        sandbox_port=0,
        bot_pause=0.05,
    )
    async with running(settings) as sandbox:
        first = sandbox.emulator
        channel = first.channels[CHANNEL_ID]
        ann, bo = sandbox.member("Ann"), sandbox.member("Bo")
        created = await answered(first, await first.slash(ann, channel, "claimit new"))
        lobby = created.response_message
        assert lobby is not None
        await answered(first, await first.click(bo, lobby, "Join"))
        await answered(first, await first.click(ann, lobby, "Start"))
        ping = await first.wait_for_message(channel, is_ping, 10)
        table = first.messages[lobby.id]
        assert "Roll" in table.button_labels()
        before = shown(channel)
        bot_id = first.bot.id
    assert (discord_state(settings.sandbox_database) / "state.json").exists()

    async with running(settings) as sandbox:
        second = sandbox.emulator
        channel = second.channels[CHANNEL_ID]
        assert shown(channel) == before
        assert second.bot.id == bot_id
        (mover,) = ping.mentions
        view = await sandbox.page("GET", f"/api/channel?user={mover}&channel={channel.id}")
        assert [int(m["id"]) for m in view["messages"]] == [m[0] for m in before]

        old_ids = {m.id for m in second.messages.values()}
        roll = table.button("Roll")["custom_id"]
        await sandbox.page(
            "POST",
            "/api/click",
            json={"user": str(mover), "message": str(table.id), "custom_id": roll},
        )
        await second.wait_for_message(
            channel, lambda m: m.id == table.id and "Roll" not in m.button_labels(), 10
        )
        await second.wait_until(lambda: second.messages[ping.id].deleted, 10)
        board = await answered(
            second, await second.slash(sandbox.member("Ann"), channel, "claimit board")
        )
        assert board.response_message is not None
        assert board.response_message.id > max(old_ids)
