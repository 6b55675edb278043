"""What the board tells and draws on a phone, where it is the whole screen, in the sandbox
page with the real bot, its real Activity page and Discord's SDK: the odds of the next roll
as the channel's table gives them; a Gold Nuggets roll said in words (the live region and
Last moves), never as emoji; the choices' icons as pictures from the board's own origin, so
that a device without an emoji font shows them too; and names without stray symbols."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.async_api import FrameLocator, Page, ViewportSize, expect

from tests.sandbox.conftest import Sandbox
from tests.sandbox.pages import (
    DESKTOP,
    PHONE,
    act_as,
    new_lobby,
    slash,
    start_from_lobby,
)
from tests.sandbox.test_browser_activity import board, consent, member, open_the_board

pytestmark = pytest.mark.browser

CLAIM_IT_DICE = 3
"""The bot's dice for the Claim It! board: the Gold Nuggets game turned to after it is
Ann's to begin, so nothing happens in it by itself. Drawn by the system, it was the
computer player's in half the runs, whose moves the board then said now and then before
the test looked (the board opening while they were made)."""
NUGGETS_DICE = 1
"""The bot's dice for the Gold Nuggets board: Ann's first roll offers set-asides. Seven
dice bust one roll in 111, with nothing to set aside: drawn by the system, they failed the
test now and then."""

EMOJI = re.compile("[\u2190-\u21ff\u2300-\u27bf\u2b00-\u2bff\ufe0f\U0001f000-\U0001faff]")
"""Characters a device draws from an emoji font (arrows, symbols, pictographs, keycaps)."""
# Each picture is waited for (``decode``: loaded and drawable, or refused): one the board
# has just drawn may still be on its way, which ``complete`` would read as not drawn.
ICONS = """() => Promise.all([...document.querySelectorAll('.emoji')].map(async (icon) => ({
  tag: icon.tagName,
  src: icon.getAttribute('src') && new URL(icon.getAttribute('src'), document.baseURI).href,
  drawn: await (icon.decode ? icon.decode().then(() => icon.naturalWidth > 0, () => false) : false),
  page: location.origin,
})))"""


async def icons_are_our_pictures(frame: FrameLocator) -> int:
    """Every icon on the board is a picture from the board's own origin, drawn (once it
    has loaded): the number of them."""
    shown = await frame.locator("body").evaluate(ICONS)
    for icon in shown:
        assert icon["tag"] == "IMG", icon
        assert urlsplit(icon["src"]).netloc == urlsplit(icon["page"]).netloc, icon
        assert icon["drawn"], icon
    return len(shown)


async def anns_board(
    page: Page,
    sandbox: Sandbox,
    command: str,
    title: str,
    viewport: ViewportSize | None = None,
) -> FrameLocator:
    """Ann's board of the table ``command`` starts from a new lobby (the page first set to
    ``viewport``, if given), once she has authorized it and it shows the game."""
    ann = member(sandbox.emulator, "Ann")
    await act_as(page, "Ann")
    table = await start_from_lobby(await new_lobby(page, command), title)
    if viewport is not None:
        await page.set_viewport_size(viewport)
    await open_the_board(page, table)
    await consent(page, ann, "Authorize")
    frame = board(page, ann)
    await expect(frame.locator("#heading")).to_contain_text(title)
    return frame


@pytest.mark.parametrize("dice_seed", [CLAIM_IT_DICE])
async def test_a_claim_it_board_on_a_phone_gives_the_odds_and_draws_its_icons(
    page: Page, sandbox: Sandbox
) -> None:
    frame = await anns_board(page, sandbox, "/claimit new bots:1", "Claim It! #1", PHONE)

    odds = frame.locator(".odds")
    await expect(odds).to_contain_text("Chance the next roll busts:")
    await expect(frame.locator('[data-focus="choice:roll"] img.emoji')).to_be_visible()
    # Roll's, Stop's and the Take back action's.
    assert await icons_are_our_pictures(frame) == 3
    await expect(frame.get_by_role("button", name="Board as text", exact=True)).to_be_visible()

    await frame.locator('[data-focus="choice:roll"]').click()
    await frame.locator('.ci-place[data-focus="choice:A"]').click()
    await expect(odds).to_contain_text("Stopping now keeps 1 mark.")

    # Cancelled with a roll waiting, the board offers nowhere to place it.
    await frame.locator('[data-focus="choice:roll"]').click()
    await expect(frame.locator("#live")).to_contain_text("Ann rolled")
    await page.set_viewport_size(DESKTOP)
    await slash(page, "/claimit cancel")
    await expect(frame.locator(".status--cancelled")).to_be_visible()
    await expect(frame.locator(".ci-option")).to_have_count(0)
    await expect(frame.locator(".ci-place")).to_have_count(0)

    # In the list, her own game is hers to play, not to watch; and the board of another
    # game does not keep saying what happened in this one.
    await frame.locator('[data-focus="back"]').click()
    await start_from_lobby(await new_lobby(page, "/nuggets new bots:1"), "Gold Nuggets #1")
    listing = frame.locator(".listing", has_text="Gold Nuggets #1")
    await expect(listing.locator('[data-focus^="watch:"]')).to_have_text("Play")
    await listing.locator('[data-focus^="watch:"]').click()
    await expect(frame.locator("#heading")).to_contain_text("Gold Nuggets #1")
    await expect(frame.locator("#live")).to_have_text("")

    # The words shown before signing in come with the page's settings, in its language.
    said = await frame.locator("body").evaluate(
        "() => fetch('api/config?locale=de-AT').then((answer) => answer.json())"
    )
    assert said["lang"] == "de"
    assert said["words"]["signing_in"] == "Anmeldung bei Discord …"


@pytest.mark.parametrize("dice_seed", [NUGGETS_DICE])
async def test_a_gold_nuggets_roll_is_said_in_words_on_the_board(
    page: Page, sandbox: Sandbox
) -> None:
    frame = await anns_board(page, sandbox, "/nuggets new bots:1", "Gold Nuggets #1")
    await expect(frame.locator(".odds")).to_contain_text("Chance the next roll busts:")

    await frame.locator('[data-focus="choice:roll"]').click()
    live = frame.locator("#live")
    await expect(live).to_contain_text("Ann rolled ")
    said = await live.inner_text()
    assert not EMOJI.search(said), said
    assert re.search(r"rolled (\d+ (lassos?|nuggets?)|\d+× [2-5])", said), said
    assert said.strip() in await frame.locator(".happened .log").inner_text()

    sets = frame.get_by_role("group", name="Dice to set aside")
    await expect(sets).to_be_visible()
    assert await frame.get_by_role("group", name="Your choices").count() <= 1
    # The set-asides draw their dice: the only icon is the Take back action's.
    assert await icons_are_our_pictures(frame) == 1
    await sets.locator("button").first.click()
    await expect(frame.locator(".odds")).to_contain_text("Taking now:")
    assert await icons_are_our_pictures(frame) >= 2


async def test_claim_s_cards_draw_their_faction_from_the_board_s_own_pictures(
    page: Page, sandbox: Sandbox
) -> None:
    frame = await anns_board(page, sandbox, "/claim new bots:1", "Claim #1")
    cards = frame.locator(".cl-hand svg.card")
    await expect(cards).to_have_count(13)
    drawn = await frame.locator("body").evaluate(
        """async () => {
          const cards = [...document.querySelectorAll('.cl-hand svg.card')];
          const hrefs = cards.map((card) => card.querySelector('image')?.getAttribute('href'));
          const answers = await Promise.all(
            hrefs.map((href) => href && fetch(href).then((a) => a.headers.get('content-type'))),
          );
          return {
            hrefs: hrefs.map((href) => href && new URL(href, document.baseURI).origin),
            types: answers,
            texts: cards.flatMap((card) => [...card.querySelectorAll('text')])
              .map((text) => text.textContent),
            page: location.origin,
          };
        }"""
    )
    assert drawn["hrefs"] == [drawn["page"]] * 13, drawn
    assert set(drawn["types"]) == {"image/svg+xml"}, drawn
    assert not any(EMOJI.search(text) for text in drawn["texts"]), drawn
    await icons_are_our_pictures(frame)
