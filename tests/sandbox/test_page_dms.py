"""Each member's direct messages with the bot on the sandbox page (where their turn
notices come): listed for that member alone once the bot has written, opened like a
channel, at a desktop's and a phone's width; another member's are never served, and
commands not offered in DMs are refused in plain words (``test_page_autocomplete`` types
one that is offered, and one that isn't)."""

from __future__ import annotations

import aiohttp
import pytest
from playwright.async_api import Browser, expect

from emulator import Message
from emulator.model import snowflake
from tests.sandbox.conftest import Sandbox
from tests.sandbox.pages import DESKTOP, PHONE, act_as, open_page, shoot

pytestmark = pytest.mark.browser

NOTICE = "🎲 Your turn in Claim It! #1 on Sandbox, in #games."


def written_to(sandbox: Sandbox, name: str) -> tuple[str, str]:
    """A direct message from the bot to the member called ``name``: their DM's id and
    the member's."""
    emulator = sandbox.emulator
    user = next(u for u in emulator.users.values() if u.name == name)
    dm = emulator.dm_with(user)
    message = Message(snowflake(), dm.id, emulator.bot, content=NOTICE)
    dm.messages.append(message)
    emulator.messages[message.id] = message
    for changed in emulator.on_change:
        changed()
    return str(dm.id), str(user.id)


async def test_a_member_reads_their_direct_messages_and_nobody_else_does(
    browser: Browser, bare_page: Sandbox
) -> None:
    dm, ann = written_to(bare_page, "Ann")
    # Di is in no group DM either: she has no direct messages at all.
    async with open_page(browser, bare_page.url, DESKTOP, acting_as="Di") as page:
        await expect(page.locator("#dms li")).to_have_count(0)
        await expect(page.locator("#dms-heading")).to_be_hidden()
        await act_as(page, "Ann")
        entry = page.locator("#dms li.dm")
        await expect(entry).to_have_text("✉️ Game Bot")
        await entry.click()
        await expect(page.locator("#channel-name")).to_have_text("Game Bot")
        await expect(page.locator("#command")).to_have_attribute("placeholder", "Message @Game Bot")
        await expect(page.locator("#messages")).to_contain_text(NOTICE)
        await shoot(page, "direct-messages-desktop")
        await page.set_viewport_size(PHONE)
        await expect(page.locator("#messages")).to_contain_text(NOTICE)
        assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        await shoot(page, "direct-messages-phone")

    async with aiohttp.ClientSession() as session:
        info = await (await session.get(f"{bare_page.url}/api/server")).json()
        bo = next(m["id"] for m in info["members"] if m["name"] == "Bo")
        theirs = await session.get(
            f"{bare_page.url}/api/channel", params={"user": bo, "channel": dm}
        )
        assert theirs.status == 404, "another member's DMs are never served"
        mine = await (
            await session.get(f"{bare_page.url}/api/channel", params={"user": ann, "channel": dm})
        ).json()
        assert [m["content"] for m in mine["messages"]] == [NOTICE]
        refused = await session.post(
            f"{bare_page.url}/api/command",
            json={"user": ann, "channel": dm, "text": "/claimit new"},
            headers={"Origin": bare_page.url},
        )
        assert refused.status == 400
        assert (await refused.json())["error"] == (
            "The app offers no commands in your DM with Game Bot."
        )


async def test_an_empty_direct_message_invites_to_what_works_there(
    browser: Browser, sandbox: Sandbox
) -> None:
    """The notice deleted once the turn passed, the DM is empty: it says what comes there
    and which commands work there (the bot's /my), never a game's /… new, which a DM
    refuses."""
    dm, _ = written_to(sandbox, "Ann")
    emulator = sandbox.emulator
    (notice,) = emulator.channels[int(dm)].messages
    notice.deleted = True
    for changed in emulator.on_change:
        changed()
    async with open_page(browser, sandbox.url, DESKTOP, acting_as="Ann") as page:
        await page.locator("#dms li.dm").click()
        empty = page.locator("#empty")
        await expect(empty).to_be_visible()
        await expect(empty).to_contain_text("Your turns come here")
        await expect(empty).to_contain_text("here you can type /my")
        await expect(empty).not_to_contain_text(" new")
