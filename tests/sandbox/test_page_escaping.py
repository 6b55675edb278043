"""What a message holds reaches the page's HTML only escaped: a bot (or anyone who can post
through it) must not be able to add attributes or handlers to the page."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Browser, expect

from bot.emulator import Message
from bot.emulator.model import snowflake
from bot.sandbox.server_world import CHANNEL_ID
from tests.sandbox.conftest import Sandbox


def put_message(sandbox: Sandbox, **parts: Any) -> Message:
    """A message posted as if by the bot, without the bot: nothing checks what it holds."""
    emulator = sandbox.emulator
    message = Message(snowflake(), CHANNEL_ID, emulator.bot, **parts)
    emulator.channels[CHANNEL_ID].messages.append(message)
    emulator.messages[message.id] = message
    return message


def button(style: Any, label: str) -> list[dict[str, Any]]:
    return [
        {
            "type": 1,
            "components": [{"type": 2, "style": style, "label": label, "custom_id": label}],
        }
    ]


async def test_crafted_colours_and_button_styles_inject_nothing(
    browser: Browser, sandbox: Sandbox
) -> None:
    # Apart: a click hands its message to the bot, and discord.py refuses a colour that is
    # not a number.
    coloured = put_message(
        sandbox,
        embeds=[
            {"title": "Crafted", "color": 'red;background:url(x)" onmouseover="window.pwned=1'}
        ],
    )
    styled = put_message(sandbox, components=button('1" onclick="window.pwned=1', "Crafted"))
    plain = put_message(
        sandbox, embeds=[{"title": "Plain", "color": 0x3BA55C}], components=button(4, "Plain")
    )
    page = await browser.new_page()
    await page.goto(sandbox.url)

    embed = page.locator(f'#messages article[data-id="{coloured.id}"] .embed')
    crafted = page.locator(f'#messages article[data-id="{styled.id}"] button')
    await embed.hover()
    await crafted.click()
    assert await page.evaluate("typeof window.pwned") == "undefined"
    assert await page.locator("#messages [onclick], #messages [onmouseover]").count() == 0
    await expect(embed).to_have_attribute("style", "border-left-color:#4e5058")
    await expect(crafted).to_have_class("style-2")

    article = page.locator(f'#messages article[data-id="{plain.id}"]')
    await expect(article.locator("button")).to_have_class("style-4")
    await expect(article.locator(".embed")).to_have_css("border-left-color", "rgb(59, 165, 92)")
    await page.close()
