"""Where the page keeps the reader: at the newest message while pictures load and messages
arrive, or where they scrolled up to, until they jump back. And its icon."""

from __future__ import annotations

import io

from PIL import Image
from playwright.async_api import Browser, Page, expect

from emulator import Message
from emulator.model import Attachment, snowflake
from sandbox.web import picture_size
from tests.sandbox.conftest import Sandbox, put_message
from tests.sandbox.pages import DESKTOP, hold_pictures, page_at

WIDTH, HEIGHT = 800, 700


def png(width: int, height: int, kind: str = "PNG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (70, 72, 78)).save(out, kind)
    return out.getvalue()


BOARD = png(WIDTH, HEIGHT)
ROLL = [
    {
        "type": 1,
        "components": [{"type": 2, "style": 1, "label": "Roll", "custom_id": "roll"}],
    }
]


def board_message(sandbox: Sandbox, turn: int, *, tell_pages: bool = False) -> Message:
    return put_message(
        sandbox,
        tell_pages=tell_pages,
        content=f"Turn {turn}",
        embeds=[{"title": f"Turn {turn}", "image": {"url": "attachment://board.png"}}],
        attachments=[Attachment(snowflake(), "board.png", BOARD, "image/png")],
        components=ROLL,
    )


async def next_frames(page: Page) -> None:
    """Until the page has drawn twice: whatever a resize would move has moved."""
    await page.evaluate(
        "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
    )


def test_a_pictures_size_is_read_from_its_header() -> None:
    assert picture_size(png(123, 45)) == (123, 45)
    assert picture_size(png(640, 860, "GIF")) == (640, 860)
    assert picture_size(BOARD[:20]) is None
    assert picture_size(b"GIF89a") is None
    assert picture_size(b"JFIF" + BOARD[4:]) is None


async def test_the_newest_message_stays_in_view_until_the_reader_scrolls_up(
    browser: Browser, bare_page: Sandbox
) -> None:
    for turn in range(5):
        board_message(bare_page, turn)
    last = board_message(bare_page, 5)
    async with page_at(browser, "about:blank", DESKTOP) as page:
        # The pictures are held back: the view is placed before any of them has arrived.
        pictures_may_come = await hold_pictures(page)
        # Not until "load": the page's messages, pictures held, may be in by then.
        await page.goto(bare_page.url, wait_until="domcontentloaded")
        buttons = page.locator(f'#messages article[data-id="{last.id}"] .components')
        await expect(buttons).to_be_in_viewport(ratio=1)
        boards = page.locator("img.board")
        await expect(boards).to_have_count(6)
        placed = await boards.evaluate_all(
            "images => images.map((i) => [i.complete, i.getBoundingClientRect().width,"
            " i.getBoundingClientRect().height])"
        )
        for complete, width, height in placed:
            assert not complete
            assert abs(height - width * HEIGHT / WIDTH) < 1, (width, height)

        pictures_may_come.set()
        await page.wait_for_function(
            "() => [...document.querySelectorAll('img.board')].every((i) => i.naturalWidth > 0)"
        )
        await next_frames(page)
        await expect(buttons).to_be_in_viewport(ratio=1)

        box = page.locator("#messages")
        await box.evaluate("(box) => { box.scrollTop -= 700; }")
        jump = page.locator("#jump")
        await expect(jump).to_be_visible()
        scrolled_to = await box.evaluate("(box) => box.scrollTop")
        newer = board_message(bare_page, 6, tell_pages=True)
        arrived = page.locator(f'#messages article[data-id="{newer.id}"]')
        await expect(arrived).to_have_count(1)
        await next_frames(page)
        assert await box.evaluate("(box) => box.scrollTop") == scrolled_to
        await expect(arrived).not_to_be_in_viewport()

        await jump.click()
        await expect(arrived.locator(".components")).to_be_in_viewport(ratio=1)
        await expect(jump).to_be_hidden()
        newest = board_message(bare_page, 7, tell_pages=True)
        await expect(
            page.locator(f'#messages article[data-id="{newest.id}"] .components')
        ).to_be_in_viewport(ratio=1)


async def test_the_page_has_an_icon(browser: Browser, bare_page_url: str) -> None:
    async with page_at(browser, bare_page_url) as page:
        width = await page.evaluate(
            """() => new Promise((resolve) => {
              const icon = new Image();
              icon.onload = () => resolve(icon.naturalWidth);
              icon.onerror = () => resolve(0);
              icon.src = document.querySelector("link[rel=icon]").href;
            })"""
        )
        assert width > 0
