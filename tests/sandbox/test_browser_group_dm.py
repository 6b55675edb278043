"""A game in the group DM, in the sandbox page with the real bot, in a real headless
Chromium, hosted in English and in German: a member opens Ann, Bo and Cy's group DM in the
sidebar and types ``/claimit new`` (Cy: ``/claimit neu``), whose answer is the lobby,
in the host's language (a conversation has no server's); another joins, the host starts,
and the one message follows the moves pressed on it; ▶️ **Open the board** under it
opens the board in the group DM itself, on the game."""

from __future__ import annotations

import pytest
from playwright.async_api import Locator, Page, expect

from i18n import Message, english, language
from sandbox.server_world import GROUP_DM_ID
from tests.sandbox.conftest import Sandbox
from tests.sandbox.pages import (
    PICTURE,
    PLAYS,
    act_as,
    by_id,
    loaded_width,
    messages,
    mover,
    slash,
    start_from_lobby,
)
from tests.sandbox.test_browser_activity import board, consent, member

pytestmark = pytest.mark.browser

GAME = "Claim It! #1"
MOVES = 3
FOLLOWS = Message(
    "This message follows the game while someone presses its buttons. If it stops,"
    " ▶️ Open the board: the game goes on there."
)


async def play(page: Page, table: Locator) -> None:
    """``MOVES`` moves, each pressed by whoever the table names on its first button."""
    for _ in range(MOVES):
        await act_as(page, await mover(table))
        before = await table.locator(".container > .text").first.inner_text()
        await table.locator(PLAYS).first.click()
        await expect(table.locator(".container > .text").first).not_to_have_text(before)


@pytest.mark.parametrize(("host", "guest", "locale"), [("Ann", "Bo", "en-US"), ("Cy", "Ann", "de")])
async def test_a_game_in_the_group_dm(
    page: Page, sandbox: Sandbox, host: str, guest: str, locale: str
) -> None:
    """The host speaks their Discord's language (``locale``)."""
    words = english() if locale == "en-US" else language(locale)
    await act_as(page, host)
    await page.locator(f'#dms li[data-channel="{GROUP_DM_ID}"]').click()
    await expect(page.locator("#channel-kind")).to_have_text("👥")
    await slash(page, f"/claimit {words._('new')}")
    join = words.pgettext("lobby button", "Join")
    joining = messages(page).last.get_by_role("button", name=join, exact=True)
    await expect(joining).to_be_visible()
    lobby = by_id(page, await messages(page).last.get_attribute("data-id"))
    # The host's words: a conversation has no server whose language it would speak.
    start = words.pgettext("lobby button", "Start")
    await expect(lobby.get_by_role("button", name=start, exact=True)).to_be_disabled()
    await expect(lobby).to_contain_text(FOLLOWS.words(words))

    await act_as(page, guest)
    # The group DM stays open for its member, switched to.
    await expect(page.locator("#channel-kind")).to_have_text("👥")
    await lobby.get_by_role("button", name=join, exact=True).click()
    await expect(lobby).to_contain_text(guest)
    await act_as(page, host)
    table = await start_from_lobby(lobby, GAME, start)
    await play(page, table)
    # The board's picture arrives from Discord's CDN, in the group DM as anywhere.
    assert await loaded_width(table.locator(PICTURE)) > 0

    await act_as(page, host)
    await table.locator("button", has_text=words._("Open the board")).click()
    await expect(page.locator("#activity-pane")).to_be_visible()
    hosting = member(sandbox.emulator, host)
    await consent(page, hosting, "Authorize")
    await expect(board(page, hosting).locator("#heading")).to_contain_text(GAME)
    instance = sandbox.emulator.channel_activity(GROUP_DM_ID)
    assert instance is not None and hosting.id in instance.users, "the board opened there"
    # Discord's instance in a private channel: its location names no server.
    assert instance.location_id == f"pc-{GROUP_DM_ID}"
