"""The sandbox page on a phone, one person playing every seat: with Follow turns pressed the
page acts as whoever must act as soon as each turn passes, so a turn takes only its moves'
taps; and emoji come from the page's own font, whatever fonts the machine has."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops
from playwright.async_api import Browser, Page, expect

from tests.sandbox.pages import (
    PHONE,
    PICTURE,
    PLAYS,
    act_as,
    mover,
    new_lobby,
    page_at,
    start_from_lobby,
    the_table,
)

pytestmark = pytest.mark.browser

GAME = "Claim It! #1"
MOVES = 10
"""Enough for several turns of each player."""


async def test_following_turns_on_a_phone_a_turn_takes_only_its_moves(page: Page) -> None:
    await act_as(page, "Ann")
    lobby = await new_lobby(page, "/claimit new")
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
        labels = [t.split("\n")[-1] for t in await table.locator(PLAYS).all_inner_texts()]
        wanted = "Stop & claim" if "Stop & claim" in labels and rng.random() < 0.6 else None
        choice = wanted or ("Roll" if "Roll" in labels else rng.choice(labels))
        await table.locator(PLAYS, has_text=choice).first.click()
        await expect(table.locator(PICTURE)).not_to_have_attribute("src", before or "")
    assert players == {"Ann", "Bo"}, "the turn passed, and the page with it"

    # Pressed again, it stops: the page stays with the member it acts as.
    await follow.click()
    await expect(follow).to_have_attribute("aria-pressed", "false")


KEYCAPS = ("1\ufe0f\u20e3", "6\ufe0f\u20e3", "#\ufe0f\u20e3", "*\ufe0f\u20e3")
"""Keycaps as the bot writes them (a Gold Nuggets roll): digit, U+FE0F, U+20E3."""
BACKGROUND = (49, 51, 56)
DRAWN_AT = """async ([texts, family]) => {
  document.querySelectorAll(".probe").forEach((old) => old.remove());
  await document.fonts.ready;
  return texts.map((text, n) => {
    const probe = document.createElement("span");
    probe.className = "probe";
    probe.textContent = text;
    probe.style.cssText = `position: fixed; z-index: 99; left: 0; top: ${n * 48}px;
      font-size: 32px; line-height: 48px; background: rgb(49, 51, 56);
      ${family ? `font-family: ${family};` : ""}`;
    document.body.append(probe);
    return probe.getBoundingClientRect().width;
  });
}"""
"""Puts each text on the page by itself, at a whole pixel (so that the same glyphs give the
same pixels), in the page's own fonts or in ``family``; their widths."""
WHOLE_TWEMOJI = """async () => {
  const whole = new FontFace("Twemoji whole", "url(/static/twemoji.woff2)");
  document.fonts.add(await whole.load());
}"""
"""The page's emoji font without the page's unicode-range: every glyph it has, for
comparison."""


async def drawn(page: Page, texts: tuple[str, ...], family: str = "") -> list[Image.Image]:
    """What each text looks like on the page, in the page's own fonts or in ``family``: its
    ink alone (where a line puts its glyphs depends on its first font's ascent)."""
    widths = await page.evaluate(DRAWN_AT, [list(texts), family])
    assert all(width > 0 for width in widths)
    pictures = []
    for probe in await page.locator(".probe").all():
        picture = Image.open(io.BytesIO(await probe.screenshot())).convert("RGB")
        ink = ImageChops.difference(picture, Image.new("RGB", picture.size, BACKGROUND))
        pictures.append(picture.crop(ink.getbbox()))
    return pictures


def blue(picture: Image.Image) -> float:
    """How much of the picture is a keycap's blue (Twemoji's #3B88C3): none in a box drawn
    for a character no font has, nor in text."""
    data = picture.tobytes()
    pixels = [data[i : i + 3] for i in range(0, len(data), 3)]
    return sum(1 for r, g, b in pixels if b > r + 60 and b > g + 20) / len(pixels)


async def test_emoji_come_from_the_pages_own_font(browser: Browser, bare_page_url: str) -> None:
    async with page_at(browser, bare_page_url, PHONE) as page:
        faces = await page.evaluate(
            "document.fonts.load('16px Twemoji', '🎲🟥🎞️').then((found) => found.length)"
        )
        assert faces == 1, "the page's emoji font loaded from the page itself"
        assert await page.evaluate("document.fonts.check('16px Twemoji', '🎲')")
        family = await page.evaluate("getComputedStyle(document.body).fontFamily")
        assert family.startswith('Twemoji, "gg sans"'), family
        # Text keeps its own font: the emoji font covers no letter.
        assert (
            await page.evaluate(
                "document.fonts.load('16px Twemoji', 'Ann').then((found) => found.length)"
            )
            == 0
        )

        # Keycaps are drawn whole by the emoji font, as it draws them alone, whatever emoji
        # font the machine has (one split between fonts was a box), and digits alone are
        # the text font's.
        await page.evaluate(WHOLE_TWEMOJI)
        keycaps = await drawn(page, KEYCAPS)
        whole = await drawn(page, KEYCAPS, '"Twemoji whole"')
        for keycap, text, own in zip(keycaps, KEYCAPS, whole, strict=True):
            assert blue(own) > 0.3, f"Twemoji draws {text!r} as a keycap"
            assert keycap.tobytes() == own.tobytes(), f"{text!r} is drawn as Twemoji draws it"
        text_font = family.removeprefix("Twemoji, ")
        digits = ("42", "Roll 3: 1, 4, 6")
        in_page, in_text_font = await drawn(page, digits), await drawn(page, digits, text_font)
        for shown, text, expected in zip(in_page, digits, in_text_font, strict=True):
            assert blue(shown) == 0
            assert shown.tobytes() == expected.tobytes(), f"{text!r} is in the text font"
