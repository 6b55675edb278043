"""What a Components V2 message holds reaches the page's HTML only escaped, however deep in
its tree: text, descriptions, labels, addresses, colours and sizes add no markup, attribute
or handler to the page."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Browser, expect

from emulator.components import IS_COMPONENTS_V2
from emulator.model import Attachment, snowflake
from tests.sandbox.conftest import Sandbox, put_message
from tests.sandbox.pages import DESKTOP, page_at
from tests.sandbox.test_page_v2 import png

ATTACK = '"><img src=x onerror="window.pwned=1"><b onmouseover="window.pwned=1">'
ATTRIBUTE = 'x" onerror="window.pwned=1" onload="window.pwned=1'
HANDLERS = "#messages [onclick], #messages [onerror], #messages [onload], #messages [onmouseover]"


def crafted_button(label: str) -> dict[str, Any]:
    return {
        "type": 2,
        "style": '1" onclick="window.pwned=1',
        "label": label,
        "custom_id": ATTACK,
        "emoji": {"name": ATTACK},
    }


CRAFTED_FILE = f"a{ATTACK}.txt"
TREE: list[dict[str, Any]] = [
    {
        "type": 17,
        "accent_color": 'red;background:url(x)" onmouseover="window.pwned=1',
        "spoiler": 'true" onclick="window.pwned=1',
        "components": [
            {"type": 10, "content": ATTACK},
            {
                "type": 12,
                "items": [
                    {
                        "media": {"url": ATTRIBUTE, "width": ATTRIBUTE, "height": 2},
                        "description": ATTACK,
                    },
                    {"media": {"url": "attachment://board.png"}, "description": ATTRIBUTE},
                ],
            },
            {"type": 14, "divider": ATTRIBUTE, "spacing": ATTRIBUTE},
            {
                "type": 9,
                "components": [{"type": 10, "content": ATTACK}],
                "accessory": {"type": 11, "media": {"url": ATTRIBUTE}, "description": ATTACK},
            },
            {
                "type": 9,
                "components": [{"type": 10, "content": "Press"}],
                "accessory": crafted_button(ATTACK),
            },
            {"type": 13, "file": {"url": f"attachment://{CRAFTED_FILE}"}},
            {
                "type": 1,
                "components": [
                    crafted_button(ATTACK),
                    {
                        "type": 3,
                        "custom_id": ATTACK,
                        "placeholder": ATTACK,
                        "options": [{"label": ATTACK, "value": ATTACK, "description": ATTACK}],
                    },
                ],
            },
        ],
    }
]


async def test_crafted_parts_of_a_v2_message_inject_nothing(
    browser: Browser, bare_page: Sandbox
) -> None:
    message = put_message(
        bare_page,
        flags=IS_COMPONENTS_V2,
        components=TREE,
        attachments=[
            Attachment(snowflake(), "board.png", png(80, 70), "image/png"),
            Attachment(snowflake(), CRAFTED_FILE, b"rules", "text/plain"),
        ],
    )
    async with page_at(browser, bare_page.url, DESKTOP) as page:
        article = page.locator(f'#messages article[data-id="{message.id}"]')
        container = article.locator(".container")
        await expect(container).to_have_count(1)
        # The avatar, two gallery pictures and the thumbnail: nothing more.
        pictures = article.locator("img")
        await expect(pictures).to_have_count(4)
        await page.wait_for_function(
            "() => [...document.querySelectorAll('#messages img')].every((i) => i.complete)"
        )
        for text in await container.locator(".text").all():
            await text.hover()
        for pressable in await container.locator("button").all():
            await pressable.hover()
        assert await page.evaluate("typeof window.pwned") == "undefined"
        assert await page.locator(HANDLERS).count() == 0
        assert await article.locator("b, .spoiler").count() == 0

        # What was sent shows as text, and attributes hold exactly what was sent.
        await expect(container).to_have_class("container")
        assert await container.get_attribute("style") is None
        await expect(container.locator(".text")).to_have_text([ATTACK, ATTACK, "Press"])
        gallery = container.locator(".gallery img")
        await expect(gallery.first).to_have_attribute("alt", ATTACK)
        await expect(gallery.first).to_have_attribute("src", ATTRIBUTE)
        assert await gallery.first.get_attribute("width") is None
        await expect(gallery.last).to_have_attribute("alt", ATTRIBUTE)
        thumbnail = container.locator("img.thumbnail")
        await expect(thumbnail).to_have_attribute("alt", ATTACK)
        await expect(thumbnail).to_have_attribute("src", ATTRIBUTE)
        await expect(container.locator(".separator")).to_have_class("separator divider")
        await expect(container.locator(".file a")).to_have_text(CRAFTED_FILE)
        await expect(container.locator(".file a")).to_have_attribute("download", CRAFTED_FILE)
        buttons = container.locator("button")
        await expect(buttons).to_have_text([f"{ATTACK} {ATTACK}", f"{ATTACK} {ATTACK}"])
        for pressable in await buttons.all():
            await expect(pressable).to_have_class("style-2")
            await expect(pressable).to_have_attribute("data-custom-id", ATTACK)
        menu = container.locator("select")
        await expect(menu).to_have_attribute("data-custom-id", ATTACK)
        await expect(menu.locator("option")).to_have_text([ATTACK, f"{ATTACK} — {ATTACK}"])
        await expect(menu.locator("option").last).to_have_attribute("value", ATTACK)
