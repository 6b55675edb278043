"""A game's thread before its table comes there: the page says what comes and where new
games start, never to start one in it, which the bot refuses."""

from __future__ import annotations

from playwright.async_api import Browser, expect

from sandbox.server_world import CHANNEL_ID
from tests.sandbox.conftest import Sandbox
from tests.sandbox.pages import DESKTOP, open_page
from tests.sandbox.test_page_turns import answered, member


async def test_a_private_tables_empty_thread_says_its_table_comes_there(
    browser: Browser, sandbox: Sandbox
) -> None:
    emulator = sandbox.emulator
    channel = emulator.channels[CHANNEL_ID]
    ann, bo = member(sandbox, "Ann"), member(sandbox, "Bo")
    await answered(sandbox, await emulator.slash(ann, channel, "server settings", threads=True))
    await answered(sandbox, await emulator.slash(ann, channel, "claimit new", invite=bo))
    await emulator.wait_until(lambda: bool(emulator.threads_of(channel)), 10)
    (thread,) = emulator.threads_of(channel)
    # Ann's refusal is hers alone: the thread stays empty for Bo.
    refused = await answered(sandbox, await emulator.slash(ann, thread, "claimit new"))
    assert refused.response_message is not None
    assert "a thread holds one game" in refused.response_message.content

    async with open_page(browser, sandbox.url, DESKTOP, acting_as="Bo") as page:
        await page.locator(f'#channels li[data-channel="{thread.id}"]').click()
        empty = page.locator("#empty")
        await expect(empty).to_contain_text(
            f"This thread is {thread.name}'s: its table comes here once the game starts."
        )
        await expect(empty).to_contain_text(f"new games start from #{channel.name}.")
        await expect(empty).not_to_contain_text("start a game here")
