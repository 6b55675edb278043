"""Acting in the sandbox page as a person would, for the browser tests of every game."""

from __future__ import annotations

import asyncio

from playwright.async_api import Browser, Locator, Page, Route, ViewportSize, expect

from tests.sandbox.conftest import ARTIFACTS

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


async def open_page(browser: Browser, url: str, viewport: ViewportSize) -> Page:
    page = await browser.new_page(viewport=viewport)
    await page.goto(url)
    await expect(page.locator("#members li")).to_have_count(5)
    await expect(page.locator("#live")).to_have_class("online")
    return page


async def act_as(page: Page, name: str) -> None:
    await page.locator("#members li", has_text=name).click()
    await expect(page.locator("#members li.active")).to_contain_text(name)


async def acting_as(page: Page) -> str:
    return (await page.locator("#members li.active").inner_text()).split()[0]


async def slash(page: Page, text: str) -> None:
    box = page.locator("#command")
    await box.fill(text)
    await box.press("Enter")
    await expect(box).to_have_value("")


async def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


async def hold_pictures(page: Page) -> asyncio.Event:
    """Holds back every picture the page asks the emulator for, until the event is set."""
    may_come = asyncio.Event()

    async def hold(route: Route) -> None:
        await may_come.wait()
        await route.continue_()

    await page.route("**/attachments/**", hold)
    return may_come


def messages(page: Page) -> Locator:
    return page.locator("#messages article")


def by_id(page: Page, message_id: str | None) -> Locator:
    """A message by its id: it stays found when its buttons go."""
    return page.locator(f'#messages article[data-id="{message_id}"]')


async def next_turn(page: Page) -> Locator | None:
    """The message whose buttons (or menus) are to be used next, or None once the game is
    over."""
    turn = page.locator("#messages article:has(button:enabled, select:enabled)")
    over = page.locator("#messages article:last-child .title", has_text="game over")
    await expect(turn.or_(over).first).to_be_visible()
    if await over.count():
        return None
    return by_id(page, await turn.last.get_attribute("data-id"))


async def mover(turn: Locator) -> str:
    """Who the turn's message pings: the member to act."""
    return (await turn.locator(".content .mention").first.inner_text()).removeprefix("@")


async def loaded_width(picture: Locator) -> int:
    """The picture's width once it has arrived; 0 if it is broken."""
    width: int = await picture.evaluate("(i) => i.decode().then(() => i.naturalWidth, () => 0)")
    return width
