"""The sandbox page in a real headless Chromium: a whole game by clicking, as one person
playing two members against a computer player."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser, Locator, Page, expect

from tests.sandbox.conftest import ARTIFACTS


@pytest.fixture
async def page(browser: Browser, sandbox_url: str) -> AsyncIterator[Page]:
    page = await browser.new_page(viewport={"width": 1280, "height": 900})
    await page.goto(sandbox_url)
    await expect(page.locator("#members li")).to_have_count(5)
    await expect(page.locator("#live")).to_have_class("online")
    yield page
    await page.close()


async def act_as(page: Page, name: str) -> None:
    await page.locator("#members li", has_text=name).click()
    await expect(page.locator("#members li.active")).to_contain_text(name)


async def slash(page: Page, text: str) -> None:
    box = page.locator("#command")
    await box.fill(text)
    await box.press("Enter")
    await expect(box).to_have_value("")


async def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def messages(page: Page) -> Locator:
    return page.locator("#messages article")


async def test_command_names_are_completed_in_the_message_box(page: Page) -> None:
    box = page.locator("#command")
    await box.fill("/claimit s")
    suggestions = page.locator("#suggestions li")
    await expect(suggestions).to_have_text(
        [re.compile("/claimit settings"), re.compile("/claimit stats")]
    )
    await box.press("ArrowDown")
    await expect(page.locator("#suggestions li.selected")).to_contain_text("/claimit stats")
    await box.press("Tab")
    await expect(box).to_have_value("/claimit stats ")
    await expect(page.locator("#option-hint")).to_contain_text("user:@member")
    await box.fill("/claimit new bots:9")
    await box.press("Enter")
    await expect(page.locator("#composer-error")).to_contain_text("bots is from 0 to 4")
    await expect(messages(page)).to_have_count(0)


async def test_a_whole_game_by_clicking_with_a_second_member_and_a_bot(page: Page) -> None:
    await act_as(page, "Ann")
    await slash(page, "/claimit new")
    await expect(messages(page).last.locator("button", has_text="Join")).to_be_visible()
    # By its id: after the start, the last message is the first turn's.
    lobby = page.locator(
        f'#messages article[data-id="{await messages(page).last.get_attribute("data-id")}"]'
    )
    await shoot(page, "1-lobby")

    await act_as(page, "Bo")
    await lobby.locator("button", has_text="Join").click()
    await expect(lobby).to_contain_text("Bo")
    await act_as(page, "Ann")
    await lobby.locator("select").first.select_option(label="Add a computer player: easy")
    await expect(lobby).to_contain_text("Bot 1 (easy)")
    await lobby.locator("button", has_text="Start").click()
    await expect(lobby.locator("button")).to_have_count(0)
    await shoot(page, "2-started")

    rng = random.Random(5)
    refused = False
    clicks = 0
    for _ in range(1000):
        last = messages(page).last
        if await last.locator(".title", has_text="game over").count():
            break
        turn = page.locator("#messages article:has(button:enabled)").last
        if not await turn.count():
            await page.wait_for_timeout(50)
            continue
        mover = (await turn.locator(".content .mention").first.inner_text()).removeprefix("@")
        if not refused:
            await check_out_of_turn_refusal(page, turn, mover)
            refused = True
        if (await page.locator("#members li.active").inner_text()).split()[0] != mover:
            await act_as(page, mover)
        # By its id: once the turn ends, the message has no buttons to be found by.
        turn = page.locator(f'#messages article[data-id="{await turn.get_attribute("data-id")}"]')
        board = turn.locator("img.board")
        before = await board.get_attribute("src")
        buttons = turn.locator("button:enabled")
        labels = await buttons.all_inner_texts()
        choice = pick(labels, rng)
        await turn.locator("button:enabled", has_text=choice).first.click()
        # Every click is answered with a freshly rendered board.
        await expect(board).not_to_have_attribute("src", before or "")
        clicks += 1
        if clicks == 3:
            await shoot(page, "3-playing")
    else:
        raise AssertionError("the game did not finish")
    result = messages(page).last
    await expect(result.locator("pre")).to_contain_text("mine claims spaces")
    await expect(result).to_contain_text("Ratings")
    await expect(result.locator("img.board")).to_be_visible()
    await shoot(page, "4-game-over")
    assert clicks >= 4


def pick(labels: list[str], rng: random.Random) -> str:
    """A random placement, or stop (half the time, once allowed) or roll."""
    names = [label.split("\n")[-1].strip() for label in labels]
    if not any("Roll" in n for n in names):
        return rng.choice(names)
    if any("Stop" in n for n in names) and rng.random() < 0.5:
        return "Stop & claim"
    return "Roll"


async def check_out_of_turn_refusal(page: Page, turn: Locator, mover: str) -> None:
    other = "Bo" if mover == "Ann" else "Ann"
    await act_as(page, other)
    await turn.locator("button", has_text="Roll").click()
    refusal = page.locator("#messages article.ephemeral", has_text="not yours")
    await expect(refusal).to_have_count(1)
    await expect(refusal).to_contain_text(f"It's {mover}'s turn")
    await expect(refusal).to_contain_text("Only you can see this")
    await shoot(page, "refusal-seen-by-the-other-member")
    await act_as(page, mover)
    await expect(page.locator("#messages article.ephemeral", has_text="not yours")).to_have_count(0)
