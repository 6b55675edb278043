"""The sandbox page in a real headless Chromium, as Cy, a member whose Discord is in
German: the commands are offered and typed by their German names, and a whole game of
Claim It! is played in German once the server's admin sets the games' language."""

from __future__ import annotations

import random
import re

import pytest
from playwright.async_api import Locator, Page, expect

from i18n import language
from tests.sandbox.pages import (
    PICTURE,
    PLAYS,
    act_as,
    by_id,
    messages,
    picture_changed,
    shoot,
    slash,
)

pytestmark = [pytest.mark.browser, pytest.mark.long(seconds=10)]

GERMAN = language("de")
DICE_SEED = 2
"""The bot's dice: the shortest game of the first six seeds (33 clicks; the others took
42 to 68, and unseeded dice any of those), and the same game every run."""


async def next_turn_or_end(page: Page) -> Locator | None:
    """The message to act on next, or None once the (German) result is out."""
    over = GERMAN._("{game} · game over", game="Claim It! #1")
    turn = page.locator(f"#messages article:has({PLAYS})")
    result = page.locator("#messages article .heading", has_text=over)
    await turn.or_(result).first.wait_for()
    if await result.count():
        return None
    # Pinned by its id: once clicked it may lose its buttons and still be this message.
    return by_id(page, await turn.last.get_attribute("data-id"))


@pytest.fixture
def dice_seed() -> int:
    return DICE_SEED


async def test_a_german_member_plays_a_whole_game_in_german(page: Page) -> None:
    await act_as(page, "Cy")
    await expect(page.locator("#members li.active")).to_contain_text("de")
    new = GERMAN._("new")
    box = page.locator("#command")
    await box.fill("/claimit ")
    await expect(page.locator("#suggestions li").first).to_be_visible()
    await expect(page.locator("#suggestions")).to_contain_text(f"/claimit {new}")
    await expect(page.locator("#suggestions")).to_contain_text(
        GERMAN._("Open a lobby for a new game here")
    )
    await box.fill("")

    # The server speaks English until its admin chooses German for its games.
    await act_as(page, "Ann")
    await slash(page, "/server settings language:de")
    await expect(messages(page).last).to_contain_text("German")

    await act_as(page, "Cy")
    await slash(page, f"/claimit {new} bots:1")
    start = GERMAN.pgettext("lobby button", "Start")
    await expect(messages(page).last.locator("button", has_text=start)).to_be_visible()
    lobby = by_id(page, await messages(page).last.get_attribute("data-id"))
    await expect(lobby.locator("button", has_text=start)).to_be_enabled()
    await expect(lobby).to_contain_text(GERMAN._("Turn time"))
    # When the lobby closes, as Discord writes a timestamp: in its reader's language.
    await expect(lobby.locator("time").first).to_have_text(re.compile(r"^in \d+ Minuten$"))
    await lobby.locator("button", has_text=start).click()
    # The lobby is the table now: no Start, and whoever goes first (Cy or the computer).
    await expect(lobby.locator("button", has_text=start)).to_have_count(0)
    await expect(lobby).not_to_contain_text(GERMAN._("Turn time"))
    await shoot(page, "german-1-started")

    rng = random.Random(3)
    clicks = 0
    while (turn := await next_turn_or_end(page)) is not None:
        buttons = turn.locator(PLAYS)
        before = await turn.locator(PICTURE).get_attribute("src")
        await buttons.nth(rng.randrange(await buttons.count())).click()
        await picture_changed(page, await turn.get_attribute("data-id"), before)
        clicks += 1
        assert clicks < 1000, "the game did not finish"
    result = messages(page).last
    await expect(result).to_contain_text(GERMAN._("Ratings"))
    await expect(result).not_to_contain_text("Ratings")
    await expect(result).not_to_contain_text("game over")
    await shoot(page, "german-2-game-over")

    # What only Cy sees is German too, and the English member reads English.
    await slash(page, f"/claimit {GERMAN._('rules')}")
    german = page.locator("#messages article.ephemeral", has_text="Claim-Marker")
    await expect(german).to_contain_text("Nur du kannst das sehen")
    await act_as(page, "Bo")
    await expect(german).to_have_count(0)
    await slash(page, "/claimit rules")
    await expect(
        page.locator("#messages article.ephemeral", has_text="stake claims")
    ).to_be_visible()
