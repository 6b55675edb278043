"""What a message holds reaches the page's HTML only escaped: a bot (or anyone who can post
through it) must not be able to add attributes or handlers to the page."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Browser, expect

from sandbox.server_world import CHANNEL_ID
from tests.sandbox.conftest import Sandbox, put_message
from tests.sandbox.pages import page_at


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
    async with page_at(browser, sandbox.url) as page:
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


async def test_crafted_picture_sizes_icons_and_links_inject_nothing(
    browser: Browser, bare_page: Sandbox
) -> None:
    attack = 'x" onerror="window.pwned=1'
    crafted = put_message(
        bare_page,
        content='[away](https://discord.com/channels/1/2/3"onclick="window.pwned=1) '
        "[gone](https://discord.com/channels/1/2/3) "
        f"[mentions](https://example.com/<#{CHANNEL_ID}>/<@1>)",
        embeds=[
            {
                "title": "Crafted",
                "image": {"url": attack, "width": '1" onload="window.pwned=1', "height": 2},
                "thumbnail": {"url": attack},
                "author": {"name": "Author", "icon_url": attack},
                "footer": {"text": "Footer", "icon_url": attack},
            }
        ],
    )
    async with page_at(browser, bare_page.url) as page:
        article = page.locator(f'#messages article[data-id="{crafted.id}"]')
        await expect(article.locator(".embed img")).to_have_count(4)
        await page.wait_for_function(
            "() => [...document.querySelectorAll('#messages .embed img')].every((i) => i.complete)"
        )
        await article.locator("a", has_text="away").hover()
        assert await page.evaluate("typeof window.pwned") == "undefined"
        handlers = page.locator("#messages [onclick], #messages [onerror], #messages [onload]")
        assert await handlers.count() == 0
        assert await article.locator("img.board").get_attribute("width") is None
        # A mention inside an address stays part of the address, not markup inside its href.
        mentions = article.locator("a", has_text="mentions")
        assert await mentions.get_attribute("class") is None
        assert await mentions.get_attribute("href") == (f"https://example.com/<#{CHANNEL_ID}>/<@1>")
        assert await article.locator("a a, a .mention").count() == 0
        # A link to a message the sandbox doesn't have says so instead of going to discord.com.
        await article.locator("a", has_text="gone").click()
        await expect(page.locator("#composer-error")).to_contain_text("isn't there")
        assert page.url.rstrip("/") == bare_page.url
