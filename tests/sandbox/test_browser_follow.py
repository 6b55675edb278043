"""The sandbox page on a phone, one person playing every seat: with Follow turns pressed the
page acts as whoever must act as soon as each turn passes, so a turn takes only its moves'
taps; and emoji come from the page's own font, whatever fonts the machine has."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser, Page, expect

from tests.sandbox.pages import (
    DESKTOP,
    PHONE,
    PICTURE,
    act_as,
    by_id,
    messages,
    mover,
    open_page,
    slash,
    start_from_lobby,
    the_table,
)

pytestmark = pytest.mark.browser

GAME = "Claim It! #1"
MOVES = 10
"""Enough for several turns of each player."""


@pytest.fixture
async def page(browser: Browser, sandbox_url: str) -> AsyncIterator[Page]:
    page = await open_page(browser, sandbox_url, DESKTOP)
    yield page
    await page.close()


async def test_following_turns_on_a_phone_a_turn_takes_only_its_moves(page: Page) -> None:
    await act_as(page, "Ann")
    await slash(page, "/claimit new")
    await expect(messages(page).last.locator("button", has_text="Join")).to_be_visible()
    lobby = by_id(page, await messages(page).last.get_attribute("data-id"))
    await act_as(page, "Bo")
    await lobby.locator("button", has_text="Join").click()
    await act_as(page, "Ann")
    await start_from_lobby(lobby, GAME)

    await page.set_viewport_size(PHONE)
    follow = page.locator("#follow-turns")
    await expect(follow).to_be_in_viewport(ratio=1)
    await expect(follow).to_have_attribute("aria-pressed", "false")
    await follow.click()
    await expect(follow).to_have_attribute("aria-pressed", "true")
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    rng = random.Random(3)
    players: set[str] = set()
    for _ in range(MOVES):
        table = await the_table(page, GAME)
        to_move = await mover(table)
        players.add(to_move)
        # Nobody was chosen by hand: the page acts as whoever the table asks.
        await expect(page.locator("#acting-as")).to_have_text(f"as {to_move}")
        before = await table.locator(PICTURE).get_attribute("src")
        labels = [
            t.split("\n")[-1] for t in await table.locator("button:enabled").all_inner_texts()
        ]
        wanted = "Stop & claim" if "Stop & claim" in labels and rng.random() < 0.6 else None
        choice = wanted or ("Roll" if "Roll" in labels else rng.choice(labels))
        await table.locator("button:enabled", has_text=choice).first.click()
        await expect(table.locator(PICTURE)).not_to_have_attribute("src", before or "")
    assert players == {"Ann", "Bo"}, "the turn passed, and the page with it"

    # Pressed again, it stops: the page stays with the member it acts as.
    await follow.click()
    await expect(follow).to_have_attribute("aria-pressed", "false")


async def test_emoji_come_from_the_pages_own_font(browser: Browser, bare_page_url: str) -> None:
    page = await browser.new_page(viewport=PHONE)
    try:
        await page.goto(bare_page_url)
        faces = await page.evaluate(
            "document.fonts.load('16px Twemoji', '🎲🟥🎞️').then((found) => found.length)"
        )
        assert faces == 1, "the page's emoji font loaded from the page itself"
        assert await page.evaluate("document.fonts.check('16px Twemoji', '🎲')")
        family = await page.evaluate("getComputedStyle(document.body).fontFamily")
        assert family.startswith('Twemoji, "gg sans"'), family
        # Text keeps its own font: the emoji font covers emoji alone.
        assert (
            await page.evaluate(
                "document.fonts.load('16px Twemoji', 'Ann 42').then((found) => found.length)"
            )
            == 0
        )
    finally:
        await page.close()
