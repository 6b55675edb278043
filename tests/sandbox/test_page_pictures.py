"""Pictures on the page at the size Discord's desktop client gives them: at their own size,
scaled down (never up) to fit its room for a message's picture (550×350) or an embed's
(400×300); a shared replay's GIF within that room too; and a click on a picture shows it
larger, over the page, until a click or Escape closes it."""

from __future__ import annotations

import io
import random
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from PIL import Image
from playwright.async_api import Browser, FloatRect, Locator, Page, expect

from bot.discord_ui import face_drawing
from bot.discord_ui.part_registry import controls_drawn
from bot.games.faces import face_for
from bot.games.registry import rules_for
from emulator.components import IS_COMPONENTS_V2
from emulator.model import Attachment, snowflake
from i18n import language
from sandbox.web import picture_size
from tests.games.test_contract import play
from tests.sandbox.conftest import Sandbox, put_message
from tests.sandbox.pages import DESKTOP, loaded_width, page_at
from tests.sandbox.test_page_moments import outcome_of, shown

DRAWN = controls_drawn()
"""The controls a game's face describes, drawn by the bot's features."""

pytestmark = pytest.mark.browser

MESSAGE_ROOM = (550, 350)
EMBED_ROOM = (400, 300)
ENGLISH = language("en")


def discord_size(size: tuple[int, int], room: tuple[int, int]) -> tuple[float, float]:
    """How large Discord's desktop client shows a picture of ``size`` in ``room``."""
    scale = min(1, room[0] / size[0], room[1] / size[1])
    return size[0] * scale, size[1] * scale


def picture(width: int, height: int, kind: str = "PNG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (70, 72, 78)).save(out, kind)
    return out.getvalue()


def in_gallery(sandbox: Sandbox, name: str, data: bytes) -> str:
    """A V2 message whose one picture is ``data``, called ``name``; its id."""
    gallery = {"type": 12, "items": [{"media": {"url": f"attachment://{name}"}}]}
    message = put_message(
        sandbox,
        tell_pages=True,
        flags=IS_COMPONENTS_V2,
        components=[{"type": 17, "components": [gallery]}],
        attachments=[Attachment(snowflake(), name, data, "image/png")],
    )
    return str(message.id)


@pytest_asyncio.fixture(loop_scope="session")
async def page(browser: Browser) -> AsyncIterator[Page]:
    async with page_at(browser, "about:blank", DESKTOP) as page:
        yield page


async def on_page(page: Page, message_id: str | int, pictures: str) -> Locator:
    """The message's pictures, once they have come."""
    found = page.locator(f'#messages article[data-id="{message_id}"] {pictures}')
    await expect(found.first).to_be_visible()
    for each in await found.all():
        assert await loaded_width(each) > 0
    return found


async def box(locator: Locator) -> FloatRect:
    found = await locator.bounding_box()
    assert found is not None
    return found


async def test_the_live_table_is_as_large_as_on_discord_and_opens_larger(
    page: Page, bare_page: Sandbox
) -> None:
    playout = play(rules_for("claimit"), 2, random.Random(4))
    outcome = outcome_of("claimit", playout, len(playout.moves) // 2)
    card = await face_drawing.turn(outcome.game, "Ann rolled 4·4·5.", outcome, ENGLISH, DRAWN)
    assert card.image is not None
    size = picture_size(card.image.png)
    assert size is not None
    await page.goto(bare_page.url)
    table = await on_page(page, shown(bare_page, card), ".gallery img")
    width, height = discord_size(size, MESSAGE_ROOM)
    drawn = await box(table)
    assert drawn["width"] >= width - 1 and drawn["height"] <= height + 1, (size, drawn)

    lightbox = page.locator("#lightbox")
    larger = lightbox.locator("img")
    await expect(lightbox).to_be_hidden()
    await table.click()
    await expect(larger).to_be_visible()
    await expect(larger).to_have_attribute("src", await table.get_attribute("src") or "")
    await expect(larger).to_have_attribute("alt", card.image.description)
    opened = await box(larger)
    # At its own size, as far as the window lets it (90% of 1280×900).
    assert opened["width"] > drawn["width"] and opened["width"] <= size[0]
    assert opened["height"] <= 0.9 * DESKTOP["height"] + 1
    await page.keyboard.press("Escape")
    await expect(lightbox).to_be_hidden()
    await table.click()
    await expect(larger).to_be_visible()
    await larger.click()
    await expect(lightbox).to_be_hidden()


async def test_a_shared_replay_stays_within_its_room(page: Page, bare_page: Sandbox) -> None:
    playout = play(rules_for("claimit"), 2, random.Random(4))
    outcomes = [outcome_of("claimit", playout, n) for n in range(len(playout.moves))]
    replay = face_for("claimit").replay(outcomes[-1].game, outcomes, ENGLISH)
    gif = replay.render(replay.steps[:3], 8 << 20)
    size = picture_size(gif)
    assert size is not None
    message = in_gallery(bare_page, "replay.gif", gif)
    await page.goto(bare_page.url)
    shared = await on_page(page, message, ".gallery img")
    # Its size is known before it comes, as a PNG's is.
    await expect(shared).to_have_attribute("width", str(size[0]))
    width, height = discord_size(size, MESSAGE_ROOM)
    drawn = await box(shared)
    assert abs(drawn["width"] - width) <= 1 and drawn["height"] <= height + 1, (size, drawn)


async def test_pictures_are_never_larger_than_they_are_nor_than_discords_room(
    page: Page, bare_page: Sandbox
) -> None:
    small = in_gallery(bare_page, "small.png", picture(120, 80))
    wide = Attachment(snowflake(), "wide.png", picture(1000, 500), "image/png")
    tall = Attachment(snowflake(), "tall.png", picture(500, 1000), "image/png")
    attached = put_message(bare_page, content="Two pictures", attachments=[wide, tall])
    embedded = put_message(
        bare_page,
        embeds=[{"title": "Board", "image": {"url": "attachment://wide.png"}}],
        attachments=[wide],
    )
    await page.goto(bare_page.url)
    drawn = await box(await on_page(page, small, ".gallery img"))
    assert (drawn["width"], drawn["height"]) == (120, 80)
    pictures = await on_page(page, attached.id, ".attachment img")
    for each, size in zip(await pictures.all(), [(1000, 500), (500, 1000)], strict=True):
        drawn = await box(each)
        assert (drawn["width"], drawn["height"]) == discord_size(size, MESSAGE_ROOM)
    drawn = await box(await on_page(page, embedded.id, ".embed img.image"))
    assert (drawn["width"], drawn["height"]) == discord_size((1000, 500), EMBED_ROOM)
