"""Drills on the board, in the sandbox page with the real bot, its real Activity page and
Discord's SDK, in a real headless Chromium: 🎯 a game's drills in the board's list with
how many are due, a drill answered there by pressing one of its options (a button in the
report's words), the answer said in the live region for a screen reader with its mark as
a picture, and the list saying how the drills stand after; on a desktop in English, on a
phone in German.

The drills are made straight in the sandbox's database, from a finished game kept as
the bot keeps one, so that no game has to be judged."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fsrs import Card, Rating, Scheduler
from playwright.async_api import FrameLocator, Page, expect

from bot.games import lesson_play
from bot.games.faces import face_for
from bot.games.option_names import option_names
from bot.storage.opening import open_database
from i18n import Language, english, language
from sandbox.server_world import GUILD_ID
from tests.features.drills.test_board_drills import decision, kept_drill
from tests.sandbox.conftest import Sandbox
from tests.sandbox.pages import PHONE
from tests.sandbox.test_browser_activity import member
from tests.sandbox.test_browser_board_icons import EMOJI
from tests.sandbox.test_browser_lessons import launched

pytestmark = pytest.mark.browser


async def a_drill(tmp_path: Path, sandbox: Sandbox, name: str, lesson_key: str) -> None:
    """A drill of ``name``'s, due now, in the sandbox's database."""
    who = member(sandbox.emulator, name)
    database = await open_database(tmp_path / "sandbox.sqlite3")
    try:
        await kept_drill(database, time.time(), GUILD_ID, (who.id, who.name), lesson_key)
    finally:
        await database.close()


def labels(lesson_key: str, lang: Language) -> dict[str, str]:
    """The drill's options (the lesson's first decision) as its buttons say them: named
    as the table marks them."""
    lesson = lesson_play.lesson(lesson_key)
    state, _, weighed = decision(lesson)
    table = lesson_play.table(lesson, state, 0, "", 0)
    options = [option for option, _ in weighed.worths]
    return option_names(table, lesson.learner, options, lang, markdown=False)


def first_good_days() -> int:
    """The days a new drill answered right waits, by the ``fsrs`` package's default model
    without its same-day steps or fuzzing (as the drills use it)."""
    card = Card()
    scheduler = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    reviewed, _ = scheduler.review_card(card, Rating.Good, card.due)
    return round((reviewed.due - card.due).total_seconds() / 86400)


async def opened(frame: FrameLocator, title: str, button: str) -> None:
    """The drills of the game ``title`` (as the list names them), opened from the list."""
    entry = frame.locator(".list--places .listing", has_text=title)
    await expect(entry).to_contain_text("1")
    drills = entry.get_by_role("button", name=button)
    await expect(drills.locator("img.emoji")).to_be_visible()
    await drills.click()


async def test_a_drill_is_answered_on_the_board_on_a_desktop(
    page: Page, sandbox: Sandbox, tmp_path: Path
) -> None:
    await a_drill(tmp_path, sandbox, "Ann", "claimit")
    frame = await launched(page, sandbox, "Ann")
    entry = frame.locator(".list--places .listing", has_text="Your Claim It! drills")
    await expect(entry).to_contain_text("1 due today")
    await opened(frame, "Your Claim It! drills", "Drills")

    await expect(frame.locator("#heading")).to_have_text("Your Claim It! drills")
    await expect(frame.locator(".place__progress")).to_have_text("Drill 1 of 1")
    said = frame.locator(".place__said")
    await expect(said).to_have_text("Game #1, move 1: what would you do?")
    await expect(frame.locator("#live")).to_have_text("Game #1, move 1: what would you do?")
    # The position from her seat: the game's own board, none of its choices pressable.
    await expect(frame.locator(".ci-place")).to_have_count(0)
    options = labels("claimit", english())
    for label in options.values():
        await expect(frame.get_by_role("button", name=label, exact=True)).to_be_visible()

    # The worst option: the best named, what hers cost, read out, its mark a picture.
    worst = list(options)[-1]
    await frame.get_by_role("button", name=options[worst], exact=True).click()
    await expect(said).to_contain_text("The best was")
    await expect(said).to_contain_text("Again tomorrow.")
    await expect(said).to_contain_text("/claimit replay")
    await expect(said).to_contain_text("That was the last drill due today.")
    await expect(said.locator("p").nth(1).locator("img.emoji")).to_have_count(1)
    assert not EMOJI.search(await said.inner_text()), "marks are pictures, not emoji"
    await expect(frame.locator("#live")).to_contain_text("The best was")
    await expect(frame.get_by_role("button", name=options[worst], exact=True)).to_have_count(0)

    # Back in the list, the drill waits for tomorrow: not due, still being learned (its
    # stability after a wrong answer far below a known drill's).
    await frame.locator('[data-focus="back"]').click()
    await expect(entry).to_contain_text("None due today · 1 learning · 0 known")
    assert not await page.locator("#messages .message").filter(has_text="drill").count()


async def test_a_drill_is_answered_on_the_board_on_a_phone_in_german(
    page: Page, sandbox: Sandbox, tmp_path: Path
) -> None:
    german = language("de")
    await a_drill(tmp_path, sandbox, "Cy", "nuggets")
    frame = await launched(page, sandbox, "Cy", PHONE)
    title = german._("Your {game} drills", game=face_for("nuggets").title)
    await opened(frame, title, german._("Drills"))

    said = frame.locator(".place__said")
    await expect(said).to_have_text("Partie #1, Zug 1: Was würdest du tun?")
    await expect(frame.locator(".place__progress")).to_have_text("Übung 1 von 1")
    lesson = lesson_play.lesson("nuggets")
    _, _, weighed = decision(lesson)
    best = labels("nuggets", german)[weighed.best]
    await frame.get_by_role("button", name=best, exact=True).click()
    await expect(said).to_contain_text("Richtig: Das war das Beste.")
    await expect(frame.locator("#live")).to_contain_text("Richtig: Das war das Beste.")
    # A first right answer is FSRS's first Good, as the package itself schedules it in
    # whole days: back in two days (not the old ladder's one).
    await expect(said).to_contain_text(f"Wieder in {first_good_days()} Tagen.")
    width = await frame.locator("body").evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "nothing wider than the phone"
