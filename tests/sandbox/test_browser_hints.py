"""💡 Hint on the board, in the sandbox page with the real bot, its real Activity page and
Discord's SDK, in a real headless Chromium: in a Claim game opened with hints, the player
to act has a real button with a plain label, **Hint**; pressed, its answer shows beside
the choices (each option in the report's words, the best marked with a picture) and is
said in the live region for a screen reader, while the channel shows nothing of it; on a
desktop in English, on a phone in German."""

from __future__ import annotations

import gc
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import FrameLocator, Page, ViewportSize, expect

from bot.activity.live_boards import LiveBoards
from bot.games.faces import face_for
from i18n import Language, english, language
from sandbox.server_world import CHANNEL_ID
from tests.sandbox.conftest import Sandbox, started
from tests.sandbox.pages import PHONE, act_as, new_lobby, public, start_from_lobby
from tests.sandbox.test_browser_activity import board, consent, member, open_the_board

pytestmark = pytest.mark.browser

DICE_SEED = 1
"""The bot's dice (the deal, who goes first): the player leads the first trick, so the
hint they ask for weighs every card in their hand. Where the computer player leads, the
player may hold one card they can follow with, and a hint has nothing to weigh (refused
in words, as it should be): on random dice, one game in seven or so."""


@pytest_asyncio.fixture(loop_scope="session")
async def sandbox(tmp_path: Path) -> AsyncIterator[Sandbox]:
    async with started(tmp_path, dice=random.Random(DICE_SEED)) as sandbox:
        yield sandbox


async def hinted_board(
    page: Page, name: str, sandbox: Sandbox, lang: Language, viewport: ViewportSize | None = None
) -> FrameLocator:
    """``name``'s board on a Claim game of theirs against a computer player, opened with
    hints as they type it, in their language (``viewport``: the page's, if given)."""
    await act_as(page, name)
    if viewport is not None:
        await page.set_viewport_size(viewport)
    lobby = await new_lobby(page, f"/claim {lang._('new')} bots:1 {lang._('hints')}:true")
    table = await start_from_lobby(lobby, f"{face_for('claim').title} #1")
    await open_the_board(page, table)
    who = member(sandbox.emulator, name)
    await consent(page, who, "Authorize")
    return board(page, who)


async def hint_shown(page: Page, frame: FrameLocator, lang: Language) -> None:
    """Once the computer player has moved, if it was first: **Hint**, a button with a plain
    label and its picture, answered beside the choices and in the live region."""
    hint = frame.get_by_role("button", name=lang._("Hint"), exact=True)
    await expect(hint).to_be_enabled()
    await expect(hint.locator("img.emoji")).to_have_count(1)
    assert await hint.evaluate("(button) => button.tagName") == "BUTTON"
    await hint.click()

    title = lang._("💡 Hint: your options as the judge weighs them")
    answer = frame.locator(".game__actions .answer")
    heading = answer.locator("h2")
    await expect(heading).to_have_text(title.removeprefix("💡 "))
    best = answer.locator("p").first
    # The marks are pictures, not emoji (a card's own emoji is its name's).
    for marked, mark in ((heading, "💡"), (best, "⭐")):
        await expect(marked.locator("> img.emoji")).to_have_count(1)
        assert mark not in await marked.inner_text(), "a mark as an emoji"
    await expect(answer).to_contain_text(
        lang._("Only you see this. The hints each player asked show in the result.")
    )
    live = frame.locator("#live")
    await expect(live).to_contain_text(title.removeprefix("💡 "))
    await expect(live).to_contain_text((await best.inner_text()).strip())
    # The asker's alone: the channel shows nothing of it.
    await expect(public(page).filter(has_text=title)).to_have_count(0)


async def test_a_hint_on_the_board_on_a_desktop(page: Page, sandbox: Sandbox) -> None:
    frame = await hinted_board(page, "Ann", sandbox, english())
    await hint_shown(page, frame, english())


async def test_a_hint_on_the_board_on_a_phone_in_german(page: Page, sandbox: Sandbox) -> None:
    german = language("de")
    frame = await hinted_board(page, "Cy", sandbox, german, PHONE)
    await hint_shown(page, frame, german)
    await expect(frame.locator(".answer h2")).not_to_have_text(
        "Hint: your options as the judge weighs them"
    )
    width = await frame.locator("body").evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "nothing wider than the phone"


async def test_a_hint_pressed_as_the_board_is_pushed_anew(page: Page, sandbox: Sandbox) -> None:
    """A push of the game as it stands, come while **Hint** is held down (a push comes any
    time: on a busy machine, between a test's press and its release), leaves the press a
    click: the board is drawn anew once the button is let go, not from under it."""
    frame = await hinted_board(page, "Ann", sandbox, english())
    hint = frame.get_by_role("button", name=english()._("Hint"), exact=True)
    await expect(hint).to_be_enabled()
    await hint.hover()
    await page.mouse.down()
    # The sandbox's bot runs in this process: its boards (those Ann watches on, not an
    # earlier test's left to the collector), pushed anew as after a change.
    ann = member(sandbox.emulator, "Ann").id
    (boards,) = [
        each
        for each in gc.get_objects()
        if isinstance(each, LiveBoards) and each.of(ann, CHANNEL_ID)
    ]
    (watcher,) = boards.of(ann, CHANNEL_ID)
    assert watcher.watching is not None
    boards.changed(watcher.watching)
    await boards._pushing[watcher.watching]
    # Sent after the push: the page ignores a pong it didn't ask for.
    await watcher.say({"type": "pong"})
    await page.mouse.up()
    title = english()._("💡 Hint: your options as the judge weighs them")
    await expect(frame.locator(".game__actions .answer h2")).to_have_text(title.removeprefix("💡 "))
