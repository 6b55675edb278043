"""Lessons on the board, in the sandbox page with the real bot, its real Activity page and
Discord's SDK, in a real headless Chromium: 🎓 Learn to play in the board's list of games;
a lesson played there by clicking its board (the space the step points at lit), the
taught move praised, another explained with Try again, and every step's words said in the
live region for a screen reader; on a desktop in English, on a phone in German."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import FrameLocator, Page, ViewportSize, expect

from bot.games import lesson_play
from i18n import english, language
from tests.sandbox.conftest import Sandbox
from tests.sandbox.pages import PHONE, act_as
from tests.sandbox.test_browser_activity import board, consent, member
from tests.sandbox.test_browser_board_icons import EMOJI

pytestmark = pytest.mark.browser

LIT = re.compile(r"(^| )lit( |$)")


async def launched(
    page: Page, sandbox: Sandbox, name: str, viewport: ViewportSize | None = None
) -> FrameLocator:
    """``name``'s board, opened from the channel's launcher on its list of games (the page
    set to ``viewport`` first, if given)."""
    who = member(sandbox.emulator, name)
    await act_as(page, name)
    if viewport is not None:
        await page.set_viewport_size(viewport)
    await page.locator("#launch-activity").click()
    await consent(page, who, "Authorize")
    return board(page, who)


async def test_a_lesson_is_played_on_the_board_on_a_desktop(page: Page, sandbox: Sandbox) -> None:
    frame = await launched(page, sandbox, "Ann")
    places = frame.locator(".list--places")
    await expect(places.locator("h2")).to_have_text("Learn and practise")
    await expect(places.locator(".listing")).to_have_count(3)
    lesson = lesson_play.lesson("claimit")
    first, second = lesson.steps[0], lesson.steps[1]
    entry = places.locator(".listing", has_text=english().say(lesson.title))
    learn = entry.get_by_role("button", name="Learn to play")
    await expect(learn.locator("img.emoji")).to_be_visible()
    await learn.click()

    await expect(frame.locator("#heading")).to_have_text(english().say(lesson.title))
    said = frame.locator(".place__said")
    await expect(said).to_have_text(english().say(first.say))
    await expect(frame.locator(".place__progress")).to_have_text(f"Step 1 of {len(lesson.steps)}")
    live = frame.locator("#live")
    await expect(live).to_have_text(english().say(first.say))

    await frame.locator(f'[data-focus="choice:{first.taught}"]').click()
    await expect(said).to_contain_text(english().say(first.praise))
    # Its mark is a picture, as every emoji the board draws.
    await expect(said.locator("p").first.locator("img.emoji")).to_have_count(1)
    await expect(said).to_contain_text(english().say(second.say))
    await expect(live).to_contain_text(english().say(second.say))
    # The step points at its space on the board.
    for token in second.lit:
        await expect(frame.locator(f'[data-token="{token}"]')).to_have_class(LIT)
    await expect(frame.locator(".lit")).to_have_count(len(second.lit))

    # Another placement: the judge's words, and Try again.
    other = frame.locator(f'.ci-place:not([data-focus="choice:{second.taught}"])').first
    await other.click()
    await expect(said).to_contain_text("was better by")
    assert not EMOJI.search(await said.inner_text()), "marks are pictures, not emoji"
    await expect(frame.locator(".ci-place")).to_have_count(0)
    await frame.get_by_role("button", name="Try again").click()
    await expect(said).to_have_text(english().say(second.say))
    await frame.locator(f'.ci-place[data-focus="choice:{second.taught}"]').click()
    await expect(said).to_contain_text(english().say(second.praise))

    # Back in the list, the lesson says where she is.
    await frame.locator('[data-focus="back"]').click()
    await expect(entry).to_contain_text(f"Step 3 of {len(lesson.steps)}")
    await expect(entry.get_by_role("button", name="Resume")).to_be_visible()
    assert not await page.locator("#messages .message").filter(has_text="Step").count()


async def test_a_lesson_is_played_on_the_board_on_a_phone_in_german(
    page: Page, sandbox: Sandbox
) -> None:
    german = language("de")
    frame = await launched(page, sandbox, "Cy", PHONE)
    lesson = lesson_play.lesson("nuggets")
    first = lesson.steps[0]
    entry = frame.locator(".list--places .listing", has_text=german.say(lesson.title))
    await entry.get_by_role("button", name=german._("Learn to play")).click()

    said = frame.locator(".place__said")
    await expect(said).to_have_text(german.say(first.say))
    await expect(frame.locator("#live")).to_have_text(german.say(first.say))
    await frame.locator(f'[data-focus="choice:{first.taught}"]').click()
    await expect(said).to_contain_text(german.say(first.praise))
    following = lesson.steps[1]
    await expect(frame.locator("#live")).to_contain_text(german.say(following.say))
    # The roll's dice the step points at.
    await expect(frame.locator(".die.lit")).to_have_count(len(following.lit))
    # The board in words, for a screen reader.
    await frame.get_by_role("button", name=german._("Board as text")).click()
    await expect(frame.locator("#board-text")).to_be_visible()
    width = await frame.locator("body").evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "nothing wider than the phone"
