"""The sandbox page moves the sandbox's time on (Discord's and the bot's together), so that
what the bot does hours later happens at once: here, a lobby nobody started closes. Only
the page may move it. And a message sent silently (a turn's notice in quiet hours) bears
the mark Discord gives it."""

from __future__ import annotations

import aiohttp
import pytest
from playwright.async_api import Browser, expect

from emulator.components import IS_COMPONENTS_V2
from emulator.model import SUPPRESS_NOTIFICATIONS
from tests.sandbox.conftest import Sandbox, put_message
from tests.sandbox.pages import DESKTOP, by_id, new_lobby, open_page

pytestmark = pytest.mark.browser

CLOSED = "Nobody started this game in time, so the lobby closed itself."


async def test_moving_the_clock_on_closes_a_lobby_nobody_started(
    browser: Browser, sandbox: Sandbox
) -> None:
    async with open_page(browser, sandbox.url, DESKTOP, acting_as="Ann") as page:
        lobby = await new_lobby(page, "/claimit new")
        time = page.locator("#sandbox-time")
        await expect(time).not_to_contain_text("moved on")
        # A lobby waits 30 minutes for its start.
        await page.locator("#clock-moves button", has_text="+1 hour").click()
        await expect(lobby).to_contain_text(CLOSED)
        await expect(lobby.locator("button", has_text="Join")).to_have_count(0)
        await expect(time).to_contain_text("(moved on 1 h)")
        assert sandbox.emulator.clock.ahead == 3600


async def test_only_the_page_moves_the_clock_and_only_on(bare_page: Sandbox) -> None:
    async with aiohttp.ClientSession() as session:
        for body, origin, status in [
            ({"seconds": 3600}, "http://evil.example", 403),
            ({"seconds": -3600}, bare_page.url, 400),
            ({"seconds": "3600"}, bare_page.url, 400),
            ({"seconds": True}, bare_page.url, 400),
            ({"seconds": 365 * 86400}, bare_page.url, 400),
        ]:
            async with session.post(
                f"{bare_page.url}/api/clock", json=body, headers={"Origin": origin}
            ) as response:
                assert response.status == status, body
        assert bare_page.emulator.clock.ahead == 0
        async with session.post(
            f"{bare_page.url}/api/clock", json={"seconds": 600}, headers={"Origin": bare_page.url}
        ) as response:
            assert response.status == 200
            assert (await response.json())["ahead"] == 600
        assert bare_page.emulator.clock.ahead == 600


@pytest.mark.parametrize(("member", "said"), [("Ann", "Sent silently"), ("Cy", "Lautlos gesendet")])
async def test_a_message_sent_silently_is_marked(
    browser: Browser, bare_page: Sandbox, member: str, said: str
) -> None:
    card = [{"type": 17, "components": [{"type": 10, "content": "Your turn"}]}]
    silent = put_message(
        bare_page, flags=IS_COMPONENTS_V2 | SUPPRESS_NOTIFICATIONS, components=card
    )
    loud = put_message(bare_page, flags=IS_COMPONENTS_V2, components=card)
    async with open_page(browser, bare_page.url, DESKTOP, acting_as=member) as page:
        mark = by_id(page, str(silent.id)).locator(".silent")
        await expect(mark).to_be_visible()
        await expect(mark).to_have_attribute("aria-label", said)
        await expect(by_id(page, str(loud.id)).locator(".silent")).to_have_count(0)
