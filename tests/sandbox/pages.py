"""Acting in the sandbox page as a person would, for the browser tests of every game."""

from __future__ import annotations

import asyncio
from pathlib import Path

from playwright.async_api import Browser, Locator, Page, Route, ViewportSize, expect

from emulator import DiscordEmulator
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
    await page.screenshot(path=str(_artifact(name)))


PICTURE = ".gallery img"
"""A game message's picture, in its card's media gallery."""
CONTROLS = ".v2 .row"
"""A card's rows of buttons and menus."""

_SCROLLING_SIDEWAYS = """(message) => [message, ...message.querySelectorAll("*")]
    .filter((e) => ["auto", "scroll"].includes(getComputedStyle(e).overflowX))
    .filter((e) => e.scrollWidth > e.clientWidth)
    .map((e) => e.outerHTML.slice(0, 80))"""


async def controls_in_view(message: Locator) -> None:
    """All of a message's controls are where the player looks, without scrolling."""
    rows = message.locator(CONTROLS)
    await expect(rows.first).to_be_in_viewport(ratio=1)
    await expect(rows.last).to_be_in_viewport(ratio=1)


async def fitted(page: Page, emulator: DiscordEmulator, message: Locator, name: str) -> None:
    """At a desktop's width and at a phone's, nothing on the page scrolls sideways (the
    message's text wraps, its picture and buttons fit) and the picture's alt text is the
    description the bot gave it; a screenshot of the message at each size goes to
    test-artifacts as ``name``-desktop and ``name``-phone."""
    shown = emulator.messages[int(await message.get_attribute("data-id") or 0)]
    (picture,) = shown.gallery_items()
    assert picture.description
    before = page.viewport_size
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        await page.set_viewport_size(viewport)
        await message.scroll_into_view_if_needed()
        assert await page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        assert await message.evaluate(_SCROLLING_SIDEWAYS) == [], size
        box = await message.bounding_box()
        assert box is not None and box["x"] + box["width"] <= viewport["width"], size
        await expect(message.locator(PICTURE)).to_have_attribute("alt", picture.description)
        await message.screenshot(path=str(_artifact(f"{name}-{size}")))
    if before is not None:
        await page.set_viewport_size(before)
    # Back to the newest message, which the page follows again from there.
    await page.locator("#messages").evaluate("(box) => { box.scrollTop = box.scrollHeight; }")


def _artifact(name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / f"{name}.png"


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
    over = page.locator("#messages article:last-child").locator(
        ".title, .heading", has_text="game over"
    )
    await expect(turn.or_(over).first).to_be_visible()
    if await over.count():
        return None
    return by_id(page, await turn.last.get_attribute("data-id"))


async def mover(turn: Locator) -> str:
    """Who the turn's message pings: the member to act."""
    # A classic message pings in its content, a V2 one in the text above its card.
    pings = turn.locator(".content .mention, .v2 > .text .mention")
    return (await pings.first.inner_text()).removeprefix("@")


async def loaded_width(picture: Locator) -> int:
    """The picture's width once it has arrived; 0 if it is broken."""
    width: int = await picture.evaluate("(i) => i.decode().then(() => i.naturalWidth, () => 0)")
    return width
