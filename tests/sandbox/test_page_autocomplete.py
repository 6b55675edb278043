"""An option that asks the bot for choices, typed in the page's message box: the page asks
as the member it acts as, where it is (the channel, or their DM with the bot), no more
often than Discord's client, and lists the bot's choices in the member's language under
the box; a choice picked shows its name there and sends its value. In a DM only the
commands allowed there are offered; it all fits a phone."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.app_commands import Choice
from playwright.async_api import Browser, Page, expect

from emulator.model import AUTOCOMPLETE
from tests.emulator.test_autocomplete import cities_starting
from tests.sandbox.conftest import Sandbox, bot_offering
from tests.sandbox.pages import DESKTOP, PHONE, open_page, shoot
from tests.sandbox.test_page_dms import written_to

pytestmark = pytest.mark.browser


def commands(tree: app_commands.CommandTree[discord.Client]) -> None:
    """``/travel to city:``, in servers and DMs, whose city asks the bot (Berlin has a
    German name), answered with where the member goes; ``/host game:``, in servers only."""
    group = app_commands.Group(name="travel", description="Go places")

    @group.command(name="to", description="Go somewhere")
    async def to(interaction: discord.Interaction, city: str) -> None:
        await interaction.response.send_message(f"off to {city}")

    @to.autocomplete("city")
    async def cities(interaction: discord.Interaction, typed: str) -> list[Choice[str]]:
        return cities_starting(typed, Choice(name="N'Djamena", value="Africa/Ndjamena"))

    @app_commands.command(name="host", description="Host a game")
    @app_commands.guild_only()
    async def host(interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(game)

    tree.add_command(group)
    tree.add_command(host)


@pytest_asyncio.fixture(loop_scope="session")
async def travel_bot(bare_page: Sandbox) -> AsyncIterator[Sandbox]:
    """The page, with a bot of its own connected that offers ``commands``."""
    async with bot_offering(bare_page, commands) as sandbox:
        yield sandbox


def asked(sandbox: Sandbox) -> list[str]:
    """What each autocomplete sent the bot had typed, in order."""
    return [
        option["value"]
        for i in sandbox.emulator.interactions.values()
        if i.type == AUTOCOMPLETE
        for option in i.data["options"][0]["options"]
        if option.get("focused")
    ]


async def typed(page: Page, before: str, keys: str) -> None:
    """``before`` in the box at once, then ``keys`` typed one by one after it."""
    box = page.locator("#command")
    await box.fill(before)
    await box.press_sequentially(keys)


async def test_a_member_picks_one_of_the_bots_choices_in_their_language(
    browser: Browser, travel_bot: Sandbox
) -> None:
    async with open_page(browser, travel_bot.url, DESKTOP, acting_as="Cy") as page:
        suggestions = page.locator("#suggestions li")
        await page.locator("#command").fill("/")
        await expect(suggestions.locator(".name")).to_have_text(["/travel to", "/host"])
        await typed(page, "/travel to city:", "ber")
        await expect(suggestions).to_have_text(["Berlin (Deutschland)", "Bern"])
        # Asked at the first keystroke and once the typing paused, not at each.
        assert asked(travel_bot)[0] == ""
        assert asked(travel_bot)[-1] == "ber" and len(asked(travel_bot)) < 4
        await shoot(page, "autocomplete-desktop")
        await page.locator("#command").press("ArrowDown")
        await expect(page.locator("#suggestions li.selected")).to_have_text("Bern")
        await page.locator("#command").press("ArrowUp")
        await suggestions.first.click()
        await expect(page.locator("#command")).to_have_value(
            "/travel to city:Berlin (Deutschland) "
        )
        await expect(page.locator("#suggestions")).to_be_hidden()
        await page.locator("#command").press("Enter")
        await expect(page.locator("#command")).to_have_value("")
        await expect(page.locator("#messages")).to_contain_text("off to Europe/Berlin")

        # A name that would not read back whole goes in quoted; Enter picks the first.
        await typed(page, "/travel to city:", "n")
        await expect(suggestions).to_have_text(["N'Djamena"])
        await page.locator("#command").press("Enter")
        await expect(page.locator("#command")).to_have_value('/travel to city:"N\'Djamena" ')
        await page.locator("#command").press("Enter")
        await expect(page.locator("#messages")).to_contain_text("off to Africa/Ndjamena")


async def test_in_a_dm_on_a_phone_only_its_commands_and_their_choices_are_offered(
    browser: Browser, travel_bot: Sandbox
) -> None:
    dm, _ = written_to(travel_bot, "Ann")
    async with open_page(browser, travel_bot.url, DESKTOP, acting_as="Ann") as page:
        await page.locator(f'#dms li[data-channel="{dm}"]').click()
        await expect(page.locator("#channel-name")).to_have_text("Game Bot")
        await page.set_viewport_size(PHONE)
        box = page.locator("#command")
        await expect(box).to_have_attribute(
            "placeholder", "Message @Game Bot, or type / for commands"
        )
        await box.fill("/")
        await expect(page.locator("#suggestions li .name")).to_have_text(["/travel to"])
        await typed(page, "/travel to city:", "o")
        await expect(page.locator("#suggestions li")).to_have_text(["Oslo"])
        list_box = await page.locator("#suggestions").bounding_box()
        assert list_box is not None and list_box["x"] + list_box["width"] <= PHONE["width"]
        assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        await shoot(page, "autocomplete-phone")
        await box.press("Enter")
        await expect(box).to_have_value("/travel to city:Oslo ")
        await box.press("Enter")
        await expect(box).to_have_value("")
        await expect(page.locator("#messages")).to_contain_text("off to Europe/Oslo")
        assert travel_bot.emulator.messages[max(travel_bot.emulator.messages)].channel_id == int(dm)
        await box.fill("/host game:claimit")
        await box.press("Enter")
        await expect(page.locator("#composer-error")).to_have_text(
            "/host isn't offered in your DM with Game Bot: the app offers it in servers only."
        )
