"""Options typed in the page's message box, offered as Discord's box offers them: after a
command, its options not given yet, by what is typed of their name; in an option with
fixed choices, its choices, by what is typed of them; each picked with the arrows and
Enter, Tab or a click. The line under the box names the options without listing every
choice."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.app_commands import Choice
from playwright.async_api import Browser, Page, expect

from tests.sandbox.conftest import Sandbox, bot_offering
from tests.sandbox.pages import DESKTOP, open_page

pytestmark = pytest.mark.browser

HOURS = [f"{hour}:00" for hour in range(24)]
NOTIFY = ["ping", "direct message", "daily summary"]


def commands(tree: app_commands.CommandTree[discord.Client]) -> None:
    """``/my settings``, as the bot's own has them: how a turn finds you and the hour of
    your summary, each a fixed choice, and a note in words."""
    group = app_commands.Group(name="my", description="Your own settings")

    notify_choices = [Choice(name=name, value=name.split()[0]) for name in NOTIFY]
    hour_choices = [Choice(name=name, value=str(n)) for n, name in enumerate(HOURS)]

    @group.command(name="settings", description="How your turns find you")
    @app_commands.describe(
        notify="How your turn finds you", hour="When your summary comes", note="Anything"
    )
    @app_commands.choices(notify=notify_choices, hour=hour_choices)
    async def settings(
        interaction: discord.Interaction,
        notify: Choice[str] | None = None,
        hour: Choice[str] | None = None,
        note: str | None = None,
    ) -> None:
        said = [notify and notify.value, hour and hour.value, note]
        await interaction.response.send_message(" ".join(map(str, said)))

    tree.add_command(group)


@pytest_asyncio.fixture(loop_scope="session")
async def page(browser: Browser, bare_page: Sandbox) -> AsyncIterator[Page]:
    async with (
        bot_offering(bare_page, commands) as sandbox,
        open_page(browser, sandbox.url, DESKTOP) as page,
    ):
        yield page


async def test_options_and_their_choices_are_offered_as_they_are_typed(page: Page) -> None:
    box = page.locator("#command")
    offered = page.locator("#suggestions li")
    hint = page.locator("#option-hint")
    await box.fill("/my settings ")
    await expect(offered.locator(".name")).to_have_text(["notify", "hour", "note"])
    await expect(offered.locator(".description")).to_have_text(
        ["How your turn finds you", "When your summary comes", "Anything"]
    )
    await expect(hint).to_have_text("Options: notify:…  hour:…  note:text")
    await box.press_sequentially("h")
    await expect(offered.locator(".name")).to_have_text(["hour"])
    await box.press("Enter")
    await expect(box).to_have_value("/my settings hour:")
    await expect(offered).to_have_text(HOURS)
    await expect(hint).to_have_text("hour: When your summary comes")
    await box.press_sequentially("2")
    await expect(offered).to_have_text([h for h in HOURS if "2" in h])
    await box.press("ArrowDown")
    await expect(page.locator("#suggestions li.selected")).to_have_text("12:00")
    await box.press("Enter")
    await expect(box).to_have_value("/my settings hour:12:00 ")
    # The hour is given: the options left are offered, and Enter now sends.
    await expect(offered.locator(".name")).to_have_text(["notify", "note"])
    await offered.filter(has_text="notify").click()
    await expect(box).to_have_value("/my settings hour:12:00 notify:")
    await expect(offered).to_have_text(NOTIFY)
    await box.press_sequentially("d")
    await expect(offered).to_have_text(["direct message", "daily summary"])
    await box.press("Enter")
    await expect(box).to_have_value("/my settings hour:12:00 notify:direct message ")
    await box.press("Enter")
    await expect(box).to_have_value("")
    await expect(page.locator("#messages")).to_contain_text("direct 12 None")


async def test_a_choice_typed_whole_is_sent_with_enter(page: Page) -> None:
    box = page.locator("#command")
    await box.fill("/my settings notify:ping")
    await expect(page.locator("#suggestions li")).to_have_text(["ping"])
    await box.press("Enter")
    await expect(box).to_have_value("")
    await expect(page.locator("#messages")).to_contain_text("ping None None")
