"""What the page writes itself, as Discord's client writes it for the member it shows the
channel as: timestamps (``<t:…>``) in each of Discord's styles, in the member's language
and their own time zone, and the words around messages ("Only you can see this",
"(edited)") in their language."""

from __future__ import annotations

import time

import pytest
from playwright.async_api import Browser, expect

from tests.sandbox.conftest import Sandbox, put_message
from tests.sandbox.pages import DESKTOP, by_id, open_page

pytestmark = pytest.mark.browser

MOMENT = 1_795_816_740
"""Friday 27 November 2026, 21:59 UTC: 16:59 in New York (Ann's), 22:59 in Berlin (Cy's)."""
STYLES = "tTdDfF"
SHOWN = {
    "Ann": [
        "4:59 PM",
        "4:59:00 PM",
        "11/27/2026",
        "November 27, 2026",
        "November 27, 2026 4:59 PM",
        "Friday, November 27, 2026 4:59 PM",
        "November 27, 2026 4:59 PM",
        "in 2 days",
        "3 hours ago",
        "in a day",
        "a few seconds ago",
    ],
    "Cy": [
        "22:59",
        "22:59:00",
        "27.11.2026",
        "27. November 2026",
        "27. November 2026 22:59",
        "Freitag, 27. November 2026 22:59",
        "27. November 2026 22:59",
        "in 2 Tagen",
        "vor 3 Stunden",
        "in einem Tag",
        "vor ein paar Sekunden",
    ],
}
"""Each style of ``MOMENT``, then no style (f), then times relative to now (R), as each
member's Discord shows them."""
WORDS = {
    "Ann": ("👁 Only you can see this", "(edited)"),
    "Cy": ("👁 Nur du kannst das sehen", "(bearbeitet)"),
}


@pytest.mark.parametrize("member", ["Ann", "Cy"])
async def test_timestamps_in_every_style_in_the_readers_language_and_zone(
    browser: Browser, bare_page: Sandbox, member: str
) -> None:
    now = int(time.time())
    stamps = [f"<t:{MOMENT}:{style}>" for style in STYLES] + [f"<t:{MOMENT}>"]
    away = [2 * 86400 + 3600, -(3 * 3600 + 60), 30 * 3600, -10]
    stamps += [f"<t:{now + seconds}:R>" for seconds in away]
    message = put_message(bare_page, content="\n".join(stamps))
    async with open_page(browser, bare_page.url, DESKTOP, acting_as=member) as page:
        await expect(by_id(page, str(message.id)).locator("time")).to_have_text(SHOWN[member])


@pytest.mark.parametrize("member", ["Ann", "Cy"])
async def test_the_words_around_messages_are_in_the_readers_language(
    browser: Browser, bare_page: Sandbox, member: str
) -> None:
    reader = next(u for u in bare_page.emulator.users.values() if u.name == member)
    private = put_message(bare_page, content="Yours alone.", visible_to=reader.id)
    edited = put_message(bare_page, content="Changed.", edited_at=time.time())
    async with open_page(browser, bare_page.url, DESKTOP, acting_as=member) as page:
        only_you, changed = WORDS[member]
        await expect(by_id(page, str(private.id)).locator(".only-you")).to_have_text(only_you)
        await expect(by_id(page, str(edited.id)).locator(".time")).to_contain_text(changed)
