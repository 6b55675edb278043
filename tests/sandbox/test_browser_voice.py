"""The voice channel and the group DM on the sandbox page, in Chromium: a click joins voice
and shows the member under the channel, its chat takes messages and commands, a click
leaves, and its status shows under it; the group DM is listed for its members alone, and
a command the app doesn't offer there is refused in plain words under the box."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands
from playwright.async_api import Browser, expect

from sandbox.server_world import GROUP_DM_ID, VOICE_CHANNEL_ID
from tests.sandbox.conftest import Sandbox, bot_offering
from tests.sandbox.pages import DESKTOP, act_as, open_page, say, shoot, slash
from tests.sandbox.test_page_voice import commands

pytestmark = pytest.mark.browser


def game_night(tree: app_commands.CommandTree[discord.Client]) -> None:
    """``commands``, and a game's ``/claimit new`` with its ``voice`` option."""
    commands(tree)
    group = app_commands.Group(name="claimit", description="Claim It!")

    @group.command(name="new", description="Open a lobby")
    async def new(interaction: discord.Interaction, voice: bool = False) -> None:
        await interaction.response.send_message(f"a lobby for those in voice: {voice}")

    tree.add_command(group)


async def test_a_member_joins_voice_plays_in_its_chat_and_leaves(
    browser: Browser, bare_page: Sandbox
) -> None:
    emulator = bare_page.emulator
    voice = emulator.channels[VOICE_CHANNEL_ID]
    async with (
        bot_offering(bare_page, game_night),
        open_page(browser, bare_page.url, DESKTOP, acting_as="Bo") as page,
    ):
        channel = page.locator(f'#voice li[data-channel="{VOICE_CHANNEL_ID}"]')
        in_voice = page.locator("#voice li.in-voice")
        await expect(channel).to_contain_text("🔊 game-night")
        await expect(in_voice).to_have_count(0)
        await channel.get_by_role("button", name="Join voice").click()
        await expect(in_voice).to_have_text(["Bo"])
        await act_as(page, "Ann")
        await channel.get_by_role("button", name="Join voice").click()
        await expect(in_voice).to_have_text(["Bo", "Ann"])
        assert [u.name for u in emulator.in_voice(voice)] == ["Bo", "Ann"]

        await channel.locator(".voice-name").click()
        await expect(page.locator("#channel-kind")).to_have_text("🔊")
        await expect(page.locator("#channel-name")).to_have_text("game-night")
        await expect(page.locator("#launch-activity")).to_be_visible()
        await expect(page.locator("#empty")).to_have_text(
            "No messages yet. Say hello, or join voice with your friends and start a game "
            "night here: /claimit new voice:true."
        )
        await say(page, "ready when you are")
        await slash(page, "/roll")
        await expect(page.locator("#messages")).to_contain_text(f"rolled in {VOICE_CHANNEL_ID}")
        await slash(page, "/claimit new voice:true")
        await expect(page.locator("#messages")).to_contain_text("a lobby for those in voice: True")
        await shoot(page, "voice-channel")

        await channel.get_by_role("button", name="Leave voice").click()
        await expect(in_voice).to_have_text(["Bo"])
        # Leaving voice leaves its chat open, as on Discord.
        await expect(page.locator("#channel-name")).to_have_text("game-night")
        # The channel's status, as the bot sets it during a game, shows under its name.
        voice.voice_status = "Claim It! #1 · Ann's turn"
        for changed in emulator.on_change:
            changed()
        await expect(page.locator("#voice li.voice-status")).to_have_text(voice.voice_status)


async def test_the_group_dm_shows_for_its_members_and_refuses_what_isnt_offered_there(
    browser: Browser, bare_page: Sandbox
) -> None:
    async with (
        bot_offering(bare_page, commands),
        open_page(browser, bare_page.url, DESKTOP, acting_as="Di") as page,
    ):
        group = page.locator(f'#dms li[data-channel="{GROUP_DM_ID}"]')
        await expect(page.locator("#channels li")).to_have_count(1)
        await expect(group).to_have_count(0)
        await act_as(page, "Ann")
        await expect(group).to_have_text("👥 Bo, Cy")
        await group.click()
        await expect(page.locator("#channel-kind")).to_have_text("👥")
        await expect(page.locator("#command")).to_have_attribute(
            "placeholder", "Message Bo, Cy, or type / for commands"
        )
        await say(page, "game tonight?")
        await page.locator("#command").fill("/")
        await expect(page.locator("#suggestions li .name")).to_have_text(["/wave", "/mine"])
        await page.locator("#command").fill("/roll")
        await page.locator("#command").press("Enter")
        await expect(page.locator("#composer-error")).to_have_text(
            "/roll isn't offered in this group DM: the app offers it in servers only."
        )
        await shoot(page, "group-dm")
        # Di, switched to, is taken back to the server's channel: the group DM isn't hers.
        await act_as(page, "Di")
        await expect(group).to_have_count(0)
        await expect(page.locator("#channel-name")).to_have_text("games")
