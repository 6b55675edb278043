"""The board following its connection and its game, in the sandbox page, in a real headless
Chromium: offline, it says so (visibly and in its live region) and its choices wait until
the game is pushed again; a take-back is told, and said, as the table tells it; **Open the
board** under a new game's table turns the board already open to that game."""

from __future__ import annotations

import pytest
from playwright.async_api import FrameLocator, Locator, Page, expect

from tests.sandbox.conftest import Sandbox
from tests.sandbox.pages import act_as, new_lobby, slash, start_from_lobby, the_table
from tests.sandbox.test_browser_activity import board, consent, member, open_the_board, viewer

pytestmark = pytest.mark.browser

MOVED_ON = "The game moved on since you looked: nothing changed."
OFFLINE = "The connection is lost: the board is reconnecting. Your choices come back with it."


async def against_a_computer(page: Page, sandbox: Sandbox) -> FrameLocator:
    """Ann's board on her Claim It! game against a computer player, on her turn."""
    ann = member(sandbox.emulator, "Ann")
    await act_as(page, "Ann")
    lobby = await new_lobby(page, "/claimit new bots:1")
    table = await start_from_lobby(lobby, "Claim It! #1")
    await open_the_board(page, table)
    await consent(page, ann, "Authorize")
    shown = board(page, ann)
    await expect(shown.locator("#game-headline")).to_have_text("Your turn.")
    return shown


def choice(shown: FrameLocator, label: str) -> Locator:
    return shown.locator('button[data-focus^="choice:"]', has_text=label)


async def test_an_offline_board_says_so_and_its_choices_wait_until_it_is_back(
    page: Page, sandbox: Sandbox
) -> None:
    shown = await against_a_computer(page, sandbox)
    roll = choice(shown, "Roll")
    await expect(roll).not_to_have_attribute("aria-disabled", "true")
    moves = await shown.locator(".happened li").count()

    await page.context.set_offline(True)
    await expect(shown.locator("#offline")).to_have_text(OFFLINE)
    await expect(shown.locator("#note")).to_have_text("Reconnecting…")
    await expect(shown.locator("#live")).to_have_text(OFFLINE)
    await expect(roll).to_have_attribute("aria-disabled", "true")
    # A press while away sends nothing: the game is as it was once the board is back.
    await roll.dispatch_event("click")

    await page.context.set_offline(False)
    await expect(shown.locator("#live")).to_have_text("Connected again.")
    await expect(shown.locator("#offline")).to_have_count(0)
    await expect(shown.locator("#note")).to_be_hidden()
    await expect(roll).not_to_have_attribute("aria-disabled", "true")
    await expect(shown.locator(".happened li")).to_have_count(moves)


async def test_a_take_back_is_told_and_said_on_the_board(page: Page, sandbox: Sandbox) -> None:
    shown = await against_a_computer(page, sandbox)
    await choice(shown, "Roll").click()
    lines = shown.locator(".happened li")
    await expect(lines.last).to_contain_text("Ann rolled")
    await shown.locator(".ci-place:not([disabled])").first.click()
    await expect(lines.last).to_contain_text("Ann placed")
    before = await lines.all_inner_texts()

    table = await the_table(page, "Claim It! #1")
    # The table follows the board's move once the move is made: its Take back, pressed
    # before, is the one of the roll, refused as of a game that has moved on since.
    await expect(table).to_contain_text(before[-1])
    await table.locator("button", has_text="Take back").click()
    # In place of the move it undid, in the table's words; and said alone.
    said = f"Ann took back their last move: {before[-1]}"
    await expect(lines).to_have_text([*before[:-1], said])
    await expect(shown.locator("#live")).to_have_text(said)


async def test_open_the_board_under_a_new_game_turns_the_open_board_to_it(
    page: Page, sandbox: Sandbox
) -> None:
    shown = await against_a_computer(page, sandbox)
    await slash(page, "/claimit cancel")
    await expect(shown.locator(".status--cancelled")).to_be_visible()

    # Bo's seat, not a computer's: nothing moves by itself to take the live region's word.
    lobby = await new_lobby(page, "/nuggets new")
    await act_as(page, "Bo")
    await lobby.locator("button", has_text="Join").click()
    await expect(lobby).to_contain_text("Bo · ")
    await act_as(page, "Ann")
    table = await start_from_lobby(lobby, "Gold Nuggets #1")
    # Discord only shows the Activity running here already: the board turns to the game.
    await table.locator("button", has_text="Open the board").click()
    await expect(shown.locator("#heading")).to_have_text("Gold Nuggets #1")
    await expect(shown.locator("#live p").first).to_have_text("Gold Nuggets #1")


STALL = """
if (location.pathname.startsWith('/activity/')) {
  window.stalled = false;
  const held = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      // The first listener: while stalled, nothing reaches the page's own.
      this.addEventListener('message', (event) => {
        if (window.stalled) event.stopImmediatePropagation();
      });
    }
    send(data) {
      if (window.stalled) held.push(() => super.send(data));
      else super.send(data);
    }
    close(...args) {
      if (window.stalled) held.push(() => super.close(...args));
      else super.close(...args);
    }
  };
  window.unstall = () => {
    window.stalled = false;
    held.splice(0).forEach((sent) => sent());
  };
}
"""
"""Run in the board's frame before its own scripts: a network gone quiet without a word
(``stalled``), as a connection whose packets are lost is, nothing arriving and what is sent
held, until ``unstall`` sends it on."""


async def test_a_connection_gone_quiet_is_found_out_and_made_anew(
    page: Page, sandbox: Sandbox
) -> None:
    await page.context.add_init_script(STALL)
    await page.clock.install()
    shown = await against_a_computer(page, sandbox)
    roll = choice(shown, "Roll")
    ann = member(sandbox.emulator, "Ann")
    handle = await viewer(page, ann).locator("iframe").element_handle()
    frame = await handle.content_frame()
    assert frame is not None

    await frame.evaluate("() => { window.stalled = true; }")
    # A press the network holds, while the game moves on: Ann rolls in the channel.
    await roll.click()
    table = await the_table(page, "Claim It! #1")
    await table.locator("button", has_text="Roll").click()
    await expect(table).to_contain_text("Ann rolled")
    # Quiet for long enough, the board asks; unanswered, it gives the connection up.
    await page.clock.fast_forward(5_000)
    await page.clock.fast_forward(4_000)
    await expect(shown.locator("#offline")).to_have_text(OFFLINE)
    await expect(shown.locator("#live")).to_have_text(OFFLINE)
    await expect(roll).to_have_attribute("aria-disabled", "true")

    # Back, the held press goes out and is refused for what happened; the board is made
    # anew, on the game as it stands.
    await frame.evaluate("() => window.unstall()")
    await page.clock.fast_forward(1_000)
    await expect(shown.locator("#banner")).to_contain_text(MOVED_ON)
    await expect(shown.locator("#offline")).to_have_count(0)
    await expect(shown.locator(".happened li").last).to_contain_text("Ann rolled")
    assert await shown.locator(".happened li", has_text="Ann rolled").count() == 1
