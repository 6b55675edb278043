"""The sandbox's voice channel and group DM, through the page's API as the page uses it:
members join and leave voice with a click, shown under the channel to every member; the
voice channel's chat takes commands as a text channel does; the group DM is its members'
alone, where a command reaches the bot only if the app offers it there (else a refusal in
plain words); the Activity launches in both; bad input is refused and changes nothing;
and all of it is there again after a restart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands

from emulator import DiscordEmulator
from sandbox.server_world import CHANNEL_ID, GROUP_DM_ID, GUILD_ID, VOICE_CHANNEL_ID, populate
from tests.quick_limits import QUICK_LIMITS
from tests.sandbox.conftest import Sandbox, bot_offering
from tests.sandbox.pages import member


@pytest_asyncio.fixture(loop_scope="session")
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def post(
    session: aiohttp.ClientSession, sandbox: Sandbox, path: str, name: str, **body: Any
) -> tuple[int, dict[str, Any]]:
    """A POST as the page sends it, acting as the member called ``name``: the status and the
    JSON answer (aiohttp's own refusals, in plain text, as the ``error``)."""
    user = str(member(sandbox.emulator, name).id)
    async with session.post(
        f"{sandbox.url}{path}", json={"user": user, **body}, headers={"Origin": sandbox.url}
    ) as response:
        if response.content_type != "application/json":
            return response.status, {"error": await response.text()}
        answer: dict[str, Any] = await response.json()
        return response.status, answer


async def view(
    session: aiohttp.ClientSession, sandbox: Sandbox, name: str, channel: int
) -> tuple[int, dict[str, Any]]:
    """The page's view of ``channel`` for the member called ``name``: status and JSON."""
    params = {"user": str(member(sandbox.emulator, name).id), "channel": str(channel)}
    async with session.get(f"{sandbox.url}/api/channel", params=params) as response:
        if response.status != 200:
            return response.status, {}
        answer: dict[str, Any] = await response.json()
        return response.status, answer


async def in_voice(session: aiohttp.ClientSession, sandbox: Sandbox) -> list[str]:
    """Who the page shows in the voice channel, as Ed (who is never moved here) sees it."""
    _, seen = await view(session, sandbox, "Ed", CHANNEL_ID)
    (voice,) = seen["voice_channels"]
    assert (voice["id"], voice["name"], voice["voice"]) == (
        str(VOICE_CHANNEL_ID),
        "game-night",
        True,
    )
    return [p["name"] for p in voice["in_voice"]]


async def test_members_join_and_leave_voice_and_every_member_sees_who_is_in(
    bare_page: Sandbox, session: aiohttp.ClientSession
) -> None:
    emulator = bare_page.emulator
    voice = emulator.channels[VOICE_CHANNEL_ID]
    assert await in_voice(session, bare_page) == []
    for name in ("Bo", "Ann"):
        status, _ = await post(
            session, bare_page, "/api/voice/join", name, channel=str(VOICE_CHANNEL_ID)
        )
        assert status == 200
    assert await in_voice(session, bare_page) == ["Bo", "Ann"]
    assert [u.name for u in emulator.in_voice(voice)] == ["Bo", "Ann"]
    # Joining again where one is changes nothing.
    await post(session, bare_page, "/api/voice/join", "Bo", channel=str(VOICE_CHANNEL_ID))
    assert await in_voice(session, bare_page) == ["Bo", "Ann"]
    assert await post(session, bare_page, "/api/voice/leave", "Bo") == (200, {"ok": True})
    assert await in_voice(session, bare_page) == ["Ann"]
    await post(session, bare_page, "/api/voice/leave", "Ann")
    assert await in_voice(session, bare_page) == []


@pytest.mark.parametrize(
    ("path", "body", "status", "why"),
    [
        ("/api/voice/join", {"channel": str(CHANNEL_ID)}, 400, "Only a voice channel"),
        # Di is not in the group DM: it is not there for her.
        ("/api/voice/join", {"channel": str(GROUP_DM_ID)}, 404, "gone"),
        ("/api/voice/join", {"channel": "12"}, 404, "gone"),
        ("/api/voice/join", {"channel": None}, 404, "gone"),
        ("/api/voice/join", {"channel": str(VOICE_CHANNEL_ID), "user": "1"}, 400, "member"),
        ("/api/voice/join", {"channel": str(VOICE_CHANNEL_ID), "user": []}, 400, "member"),
        ("/api/voice/leave", {}, 400, "Di isn't in a voice channel."),
        ("/api/voice/leave", {"user": "Di"}, 400, "member"),
    ],
)
async def test_bad_input_to_the_voice_routes_is_refused_and_moves_nobody(
    bare_page: Sandbox,
    session: aiohttp.ClientSession,
    path: str,
    body: dict[str, Any],
    status: int,
    why: str,
) -> None:
    await post(session, bare_page, "/api/voice/join", "Bo", channel=str(VOICE_CHANNEL_ID))
    before = dict(bare_page.emulator.guilds[GUILD_ID].voice_states)
    di = str(member(bare_page.emulator, "Di").id)
    async with session.post(
        f"{bare_page.url}{path}", json={"user": di, **body}, headers={"Origin": bare_page.url}
    ) as response:
        assert response.status == status
        assert why in await response.text()
    assert bare_page.emulator.guilds[GUILD_ID].voice_states == before


class Waves(discord.ui.View):
    @discord.ui.button(label="Wave back")
    async def back(self, pressed: discord.Interaction, button: discord.ui.Button[Waves]) -> None:
        await pressed.response.send_message(f"{pressed.user.name} waves back")


def commands(tree: app_commands.CommandTree[discord.Client]) -> None:
    """``/roll``, in servers only as the bot's commands are today; ``/wave``, installed to
    users too and offered in group DMs, answered with a button anyone there may press;
    ``/mine``, installed to users alone."""

    @app_commands.command(name="roll", description="Roll a die")
    @app_commands.guild_only()
    async def roll(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"rolled in {interaction.channel_id}")

    @app_commands.command(name="wave", description="Wave at everyone")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def wave(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("👋", view=Waves())

    @app_commands.command(name="mine", description="Only with the app on your account")
    @app_commands.allowed_installs(guilds=False, users=True)
    @app_commands.allowed_contexts(guilds=True, private_channels=True)
    async def mine(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("yours")

    tree.add_command(roll)
    tree.add_command(wave)
    tree.add_command(mine)


@pytest_asyncio.fixture(loop_scope="session")
async def waving_bot(bare_page: Sandbox) -> AsyncIterator[Sandbox]:
    async with bot_offering(bare_page, commands) as sandbox:
        yield sandbox


async def test_a_command_typed_in_the_voice_channels_chat_reaches_the_bot(
    waving_bot: Sandbox, session: aiohttp.ClientSession
) -> None:
    emulator = waving_bot.emulator
    voice = emulator.channels[VOICE_CHANNEL_ID]
    _, seen = await view(session, waving_bot, "Cy", VOICE_CHANNEL_ID)
    assert seen["channel"]["voice"] and seen["channel"]["launcher"]
    assert seen["offered"] == ["mine", "roll", "wave"]
    status, _ = await post(
        session, waving_bot, "/api/command", "Cy", channel=str(VOICE_CHANNEL_ID), text="/roll"
    )
    assert status == 200
    answer = await emulator.wait_for_message(voice, lambda m: m.author.bot)
    assert answer.content == f"rolled in {VOICE_CHANNEL_ID}"
    said = await post(
        session, waving_bot, "/api/message", "Cy", channel=str(VOICE_CHANNEL_ID), text="hi all"
    )
    assert said == (200, {"ok": True})
    _, seen = await view(session, waving_bot, "Ed", VOICE_CHANNEL_ID)
    assert [m["content"] for m in seen["messages"]] == [answer.content, "hi all"]


async def test_the_group_dm_is_its_members_alone(
    bare_page: Sandbox, session: aiohttp.ClientSession
) -> None:
    emulator = bare_page.emulator
    group = emulator.group_dms[GROUP_DM_ID]
    assert [emulator.users[u].name for u in group.recipients] == ["Ann", "Bo", "Cy"]
    assert {emulator.users[u].name for u in emulator.user_installs} == {"Ann", "Bo", "Cy"}
    for name, others in [("Ann", "Bo, Cy"), ("Bo", "Ann, Cy"), ("Cy", "Ann, Bo")]:
        _, home = await view(session, bare_page, name, CHANNEL_ID)
        assert [(g["id"], g["name"], g["group_dm"]) for g in home["group_dms"]] == [
            (str(GROUP_DM_ID), others, True)
        ]
    assert await post(
        session, bare_page, "/api/message", "Bo", channel=str(GROUP_DM_ID), text="game tonight?"
    ) == (200, {"ok": True})
    _, seen = await view(session, bare_page, "Ann", GROUP_DM_ID)
    assert [m["content"] for m in seen["messages"]] == ["game tonight?"]
    assert seen["channel"]["launcher"]
    (said,) = group.messages

    for outsider in ("Di", "Ed"):
        _, home = await view(session, bare_page, outsider, CHANNEL_ID)
        assert home["group_dms"] == []
        assert (await view(session, bare_page, outsider, GROUP_DM_ID))[0] == 404
        status, _ = await post(
            session, bare_page, "/api/message", outsider, channel=str(GROUP_DM_ID), text="hey"
        )
        assert status == 404
        status, _ = await post(
            session, bare_page, "/api/activity/launch", outsider, channel=str(GROUP_DM_ID)
        )
        assert status == 404
        status, _ = await post(
            session, bare_page, "/api/click", outsider, message=str(said.id), custom_id="x"
        )
        assert status == 404
    assert group.messages == [said]
    assert emulator.channel_activity(GROUP_DM_ID) is None


async def test_in_the_group_dm_a_command_works_where_the_app_offers_it_and_else_is_refused(
    waving_bot: Sandbox, session: aiohttp.ClientSession
) -> None:
    """/wave, installed to the members' accounts, reaches the bot and its button works for
    another member; /roll, a server's command only, is refused in plain words (the
    emulator's ``CommandUnavailable``), and so is a command typed wrong where none fits."""
    emulator = waving_bot.emulator
    group = emulator.group_dms[GROUP_DM_ID]
    _, seen = await view(session, waving_bot, "Ann", GROUP_DM_ID)
    assert seen["offered"] == ["mine", "wave"]
    asked = len(emulator.interactions)
    assert await post(
        session, waving_bot, "/api/command", "Ann", channel=str(GROUP_DM_ID), text="/roll"
    ) == (
        400,
        {"error": "/roll isn't offered in this group DM: the app offers it in servers only."},
    )
    assert len(emulator.interactions) == asked

    status, _ = await post(
        session, waving_bot, "/api/command", "Ann", channel=str(GROUP_DM_ID), text="/wave"
    )
    assert status == 200
    waved = await emulator.wait_for_message(group, lambda m: m.content == "👋")
    (interaction,) = [i for i in emulator.interactions.values() if i.channel.id == GROUP_DM_ID]
    assert interaction.context == 2
    (button,) = waved.buttons()
    status, _ = await post(
        session,
        waving_bot,
        "/api/click",
        "Cy",
        message=str(waved.id),
        custom_id=button["custom_id"],
    )
    assert status == 200
    await emulator.wait_for_message(group, lambda m: m.content == "Cy waves back")


async def test_a_command_installed_to_users_alone_is_refused_to_a_member_without_it(
    waving_bot: Sandbox, session: aiohttp.ClientSession
) -> None:
    _, seen = await view(session, waving_bot, "Di", CHANNEL_ID)
    assert seen["offered"] == ["roll", "wave"]
    asked = len(waving_bot.emulator.interactions)
    assert await post(
        session, waving_bot, "/api/command", "Di", channel=str(CHANNEL_ID), text="/mine"
    ) == (
        400,
        {
            "error": "/mine isn't offered to Di in #games: it comes with the app installed to "
            "one's account."
        },
    )
    assert len(waving_bot.emulator.interactions) == asked


async def test_the_activity_launches_in_voice_and_in_the_group_dm_not_in_the_bots_dm(
    bare_page: Sandbox, session: aiohttp.ClientSession
) -> None:
    emulator = bare_page.emulator
    for channel in (VOICE_CHANNEL_ID, GROUP_DM_ID):
        status, launched = await post(
            session, bare_page, "/api/activity/launch", "Bo", channel=str(channel)
        )
        assert status == 200
        instance = emulator.channel_activity(channel)
        assert instance is not None and launched["instance_id"] == instance.id
    dm = emulator.dm_with(member(emulator, "Bo"))
    status, refused = await post(session, bare_page, "/api/activity/launch", "Bo", channel=dm.id)
    assert status == 400 and "group DM" in refused["error"]
    assert emulator.channel_activity(dm.id) is None


async def test_who_is_in_voice_and_the_group_dm_are_there_after_a_restart(
    tmp_path: Path,
) -> None:
    """The sandbox's world laid out again over its kept state: the same voice channel with
    the same members in it, the same group DM with its messages, the same installs."""
    first = DiscordEmulator(rate_limits=QUICK_LIMITS)
    await first.keep_state(tmp_path / "discord")
    server = populate(first)
    ann, bo = server.members[0].user, server.members[1].user
    await first.join_voice(bo, server.voice_channel)
    await first.join_voice(ann, server.voice_channel)
    await first.say(ann, server.group_dm, "same time next week?")
    await first.close()

    again = DiscordEmulator(rate_limits=QUICK_LIMITS)
    assert await again.keep_state(tmp_path / "discord")
    server = populate(again)
    assert server.voice_channel.id == VOICE_CHANNEL_ID and server.voice_channel.is_voice
    assert [u.name for u in again.in_voice(server.voice_channel)] == ["Bo", "Ann"]
    assert server.group_dm.id == GROUP_DM_ID
    assert [m.content for m in server.group_dm.messages] == ["same time next week?"]
    assert {again.users[u].name for u in again.user_installs} == {"Ann", "Bo", "Cy"}
    assert list(again.group_dms) == [GROUP_DM_ID]
    await again.close()
