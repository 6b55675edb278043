"""An emulator keeps its world in a folder (``keep_state``) and a new one takes it up: the
bot's user, servers, channels, threads and messages with their attachments; new ids come
after the old ones; a kill mid-write leaves the previous state."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from emulator import DEFAULT_BOT_PERMISSIONS, Channel, DiscordEmulator, Message, state
from emulator.model import Attachment, snowflake, snowflakes_after
from tests.emulator.kept_worlds import keeping
from tests.emulator.rest import Place

THREADS = DEFAULT_BOT_PERMISSIONS | discord.Permissions(
    create_public_threads=True, send_messages_in_threads=True
)
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
BUTTONS = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]


@contextlib.asynccontextmanager
async def connected(emulator: DiscordEmulator) -> AsyncIterator[None]:
    """A bot on the gateway, as starting a thread needs."""
    client = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.01)
    await client.login(emulator.token)
    task = asyncio.create_task(client.connect())
    try:
        await client.wait_until_ready()
        yield
    finally:
        await client.close()
        await task


def lay_out(emulator: DiscordEmulator) -> Place:
    """The same server at every start, as the sandbox lays out its own."""
    ann = emulator.add_user("Ann", id=1_000_000_000_000_000_101)
    guild = emulator.add_guild("G", ann, id=1_000_000_000_000_000_001)
    emulator.add_member(guild, emulator.add_user("Bo", id=1_000_000_000_000_000_102))
    return Place(
        emulator, ann, emulator.add_channel(guild, "c", THREADS, id=1_000_000_000_000_000_002)
    )


async def upload(place: Place, channel: Channel, payload: dict[str, Any]) -> Message:
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps({**payload, "attachments": [{"id": 0}]}))
    form.add_field("files[0]", PNG, filename="board.png", content_type="image/png")
    headers = {"Authorization": f"Bot {place.emulator.token}"}
    url = f"{place.emulator.api_url}/channels/{channel.id}/messages"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, data=form, headers=headers) as r,
    ):
        body = await r.json()
    assert r.status == 200, body
    return place.emulator.messages[int(body["id"])]


def world(emulator: DiscordEmulator) -> list[Any]:
    """Everything the emulator keeps, by value."""
    return [
        (emulator.bot, emulator.application_id),
        sorted((u.id, u.name, u.bot) for u in emulator.users.values()),
        [
            (
                g.id,
                g.name,
                g.owner_id,
                {u: p.value for u, p in g.member_permissions.items()},
                g.system_channel_id,
                g.joined_at,
            )
            for g in emulator.guilds.values()
        ],
        [
            (c.id, c.guild_id, c.name, c.bot_permissions.value, c.type, c.parent_id, c.owner_id)
            for c in emulator.channels.values()
        ],
        {c.id: c.messages for c in emulator.channels.values()},
    ]


async def test_a_new_emulator_takes_up_the_world_where_it_was(
    tmp_path: Path, closing: list[DiscordEmulator]
) -> None:
    folder = tmp_path / "discord"
    first, loaded = await keeping(folder)
    assert not loaded
    place = lay_out(first)
    await first.set_system_channel(first.guilds[place.channel.guild_id], place.channel)
    lobby = await place.post({"content": "<@1000000000000000102> lobby", "components": BUTTONS})
    board = await upload(
        place,
        place.channel,
        {"embeds": [{"title": "board", "image": {"url": "attachment://board.png"}}]},
    )
    async with connected(first):
        status, _ = await place.call(
            "POST", f"/channels/{place.channel.id}/messages/{lobby.id}/threads", {"name": "game 1"}
        )
    assert status == 201
    (thread,) = first.threads_of(place.channel)
    in_thread = await upload(place, thread, {"content": "turn 1", "nonce": "n1"})
    status, _ = await place.call(
        "PATCH", f"/channels/{place.channel.id}/messages/{board.id}", {"content": "edited"}
    )
    assert status == 200
    gone = await place.post({"content": "deleted"})
    await first.delete_message(gone)
    private = place.interaction()
    assert (await place.respond(private, 4, {"content": "only Ann", "flags": 64}))[0] == 200
    # Still "thinking…" when the process stops: its interaction is gone after a restart.
    thinking = place.interaction()
    assert (await place.respond(thinking, 5, {}))[0] == 200
    expected = world(first)
    await first.close()

    second, loaded = await keeping(folder)
    closing.append(second)
    assert loaded
    again = lay_out(second)
    assert again.channel is second.channels[place.channel.id]
    assert world(second) == [
        *expected[:4],
        {
            place.channel.id: [lobby, board],
            thread.id: [in_thread],
        },
    ]
    assert second.messages[board.id].attachments[0].data == PNG
    assert second.messages[in_thread.id].channel_id == thread.id
    newest = max(
        [*second.messages, *(a.id for m in second.messages.values() for a in m.attachments)]
    )
    assert (await again.post({"content": "after"})).id > newest


async def test_saving_goes_on_after_a_save_that_failed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, closing: list[DiscordEmulator]
) -> None:
    failed, written = threading.Event(), threading.Event()
    write = state.write

    def failing_once(folder: Path, snapshot: state.Snapshot) -> None:
        if not failed.is_set():
            failed.set()
            raise RuntimeError("a fault in saving itself")
        write(folder, snapshot)
        written.set()

    monkeypatch.setattr(state, "write", failing_once)
    emulator, _ = await keeping(tmp_path)
    closing.append(emulator)
    place = lay_out(emulator)
    await place.post({"content": "first"})
    await asyncio.to_thread(failed.wait)
    await place.post({"content": "then"})
    await asyncio.to_thread(written.wait)
    saved = state.read(tmp_path)
    assert saved is not None
    assert [m.content for m in messages(saved)] == ["first", "then"]


async def test_changes_are_saved_while_it_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, closing: list[DiscordEmulator]
) -> None:
    written = threading.Event()
    write = state.write

    def noting(folder: Path, snapshot: state.Snapshot) -> None:
        write(folder, snapshot)
        written.set()

    monkeypatch.setattr(state, "write", noting)
    emulator, _ = await keeping(tmp_path)
    closing.append(emulator)
    message = await lay_out(emulator).post({"content": "saved"})
    await asyncio.to_thread(written.wait)
    saved = state.read(tmp_path)
    assert saved is not None
    assert [m.content for m in messages(saved)] == ["saved"]
    assert saved.last_snowflake >= message.id


async def test_a_kill_mid_write_leaves_the_previous_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = await keeping(tmp_path)
    place = lay_out(first)
    await upload(place, place.channel, {"content": "kept"})
    await first.close()
    before = (tmp_path / state.STATE).read_bytes()

    later = DiscordEmulator()
    channel = lay_out(later).channel
    board = Attachment(snowflake(), "board.png", PNG, "image/png")
    channel.messages.append(
        Message(snowflake(), channel.id, later.bot, "lost", attachments=[board])
    )
    replace = os.replace

    def killed_at_the_state(source: Path, target: Path) -> None:
        if Path(target).name == state.STATE:
            raise Killed
        replace(source, target)

    monkeypatch.setattr(os, "replace", killed_at_the_state)
    with pytest.raises(Killed):
        state.write(tmp_path, state.capture(state.World(later.bot, later.users, later.guilds, 0)))
    monkeypatch.undo()
    assert (tmp_path / state.STATE).read_bytes() == before
    assert (tmp_path / state.ATTACHMENTS / str(board.id)).exists()
    assert (tmp_path / (state.STATE + ".tmp")).exists()

    again, _ = await keeping(tmp_path)
    place = lay_out(again)
    assert [m.content for m in place.channel.messages] == ["kept"]
    await place.post({"content": "then"})
    await again.close()
    assert not (tmp_path / (state.STATE + ".tmp")).exists()
    left = {p.name for p in (tmp_path / state.ATTACHMENTS).iterdir()}
    assert left == {str(a.id) for m in again.messages.values() for a in m.attachments}


@pytest.mark.parametrize(
    "damaged",
    [
        b'{"format": 1, "bot": ',
        b"\xff\xfe not UTF-8",
        b"[]",
        b'{"format": 1, "bot": {"id": "1", "name": "b", "bot": true}, "users": {}}',
        b"[" * 100_000,
    ],
    ids=["cut short", "not UTF-8", "a list", "users not a list", "nested too deep"],
)
async def test_a_state_that_cant_be_read_is_set_aside(
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    closing: list[DiscordEmulator],
    damaged: bytes,
) -> None:
    folder = tmp_path / "discord"
    for attempt in (1, 2):
        folder.mkdir()
        (folder / state.STATE).write_bytes(damaged)
        emulator, loaded = await keeping(folder)
        closing.append(emulator)
        assert not loaded
        # Set aside each time under a name of its own, however quickly it happens again.
        assert len(list(tmp_path.glob("discord.unreadable-*"))) == attempt
    aside = next(tmp_path.glob("discord.unreadable-*"))
    assert (aside / state.STATE).read_bytes() == damaged
    assert "can't be read" in caplog.text


def test_laying_out_the_same_server_again_keeps_it() -> None:
    emulator = DiscordEmulator()
    place = lay_out(emulator)
    guild = emulator.guilds[place.channel.guild_id]
    assert emulator.add_user("Ann", id=place.user.id) is place.user
    assert emulator.add_guild("G2", place.user, id=guild.id) is guild
    assert guild.name == "G2"
    quiet = discord.Permissions(view_channel=True)
    assert emulator.add_channel(guild, "c", quiet, id=place.channel.id) is place.channel
    assert place.channel.bot_permissions == quiet
    assert len(emulator.users) == 2 and len(guild.channels) == 1
    other = emulator.add_guild("H", place.user)
    with pytest.raises(ValueError, match="another server"):
        emulator.add_channel(other, "c", id=place.channel.id)
    with pytest.raises(ValueError, match="bot"):
        emulator.add_user("Claim It!", id=emulator.bot.id)


def test_new_ids_come_after_those_taken_up_even_from_a_clock_behind() -> None:
    ahead = snowflake() + (5 << 22)
    snowflakes_after(ahead)
    assert snowflake() > ahead


class Killed(BaseException):
    """The process ending where it stands."""


def messages(world: state.World) -> list[Message]:
    return [m for g in world.guilds.values() for c in g.channels.values() for m in c.messages]
