"""The sandbox page in a real headless Chromium: a whole game by clicking, as one person
playing two members against a computer player, in the game's own thread; a whole game
with the members chatting between turns, the one table always at the bottom; and a game
on a phone's screen."""

from __future__ import annotations

import io
import math
import random
import re
from urllib.parse import urlsplit

import pytest
from PIL import Image
from playwright.async_api import Browser, Locator, Page, expect

from render.common.palette import PLAYERS
from sandbox.server_world import CHANNEL_NAME
from tests.sandbox.conftest import Sandbox
from tests.sandbox.pages import (
    PHONE,
    PICTURE,
    PLAYS,
    act_as,
    acting_as,
    at_the_bottom,
    by_id,
    chat,
    controls_in_view,
    fitted,
    follow_to_final,
    loaded_width,
    messages,
    mover,
    new_lobby,
    next_turn,
    open_page,
    picture_changed,
    pings,
    public,
    say,
    shoot,
    slash,
    start_from_lobby,
    tables,
    the_table,
)

pytestmark = pytest.mark.browser

GAME = "Claim It! #1"
DICE_SEED = 6
"""The bot's dice for the whole game in its thread: the shortest game of the first eight
seeds (66 clicks; the others took 72 to 132, and unseeded dice any of those), and the same
game every run."""

NEAR = 25
"""Colours closer than this (CIE76 ΔE) to a player's look like that player's."""


async def click_a_move(page: Page, turn: Locator, rng: random.Random) -> None:
    """Clicks a move and waits for the board it brings."""
    board = turn.locator(PICTURE)
    before = await board.get_attribute("src")
    labels = await turn.locator(PLAYS).all_inner_texts()
    await turn.locator(PLAYS, has_text=pick(labels, rng)).first.click()
    await picture_changed(page, await turn.get_attribute("data-id"), before)


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


@pytest.mark.long(seconds=15)
@pytest.mark.parametrize("dice_seed", [DICE_SEED])
async def test_a_whole_game_in_its_thread_by_clicking_with_a_second_member_and_a_bot(
    page: Page, sandbox: Sandbox
) -> None:
    await act_as(page, "Ann")
    await slash(page, "/server settings threads:true")
    settings = messages(page).last
    await expect(settings).to_contain_text("a thread per game")
    await expect(settings).not_to_contain_text("missing")
    lobby = await new_lobby(page, "/claimit new")
    await expect(lobby.locator(".thread-link")).to_contain_text(GAME)
    await shoot(page, "desktop-1-lobby")

    await act_as(page, "Bo")
    await lobby.locator("button", has_text="Join").click()
    # Bo's seat, not the bot's name ("Game Bot"): the host's menu must be the one after
    # the join, or the sandbox refuses it as a menu no longer on the message.
    await expect(lobby).to_contain_text("Bo · ")
    await act_as(page, "Ann")
    await lobby.locator("select").first.select_option(label="Add a computer player: easy")
    await expect(lobby).to_contain_text("Bot 1 (easy)")
    await lobby.locator("button", has_text="Start").click()
    # The lobby stays in the channel, saying where the game went; the table is there.
    await expect(lobby.locator("button")).to_have_count(0)
    await lobby.locator(".thread-link a").click()
    await expect(page.locator("#channel-name")).to_have_text(GAME)
    await expect(page.locator("#channels li.thread.active")).to_contain_text(GAME)
    table = await the_table(page, GAME)
    await shoot(page, "desktop-2-started-in-its-thread")

    rng = random.Random(5)
    refused = False
    clicks = 0
    while (turn := await next_turn(page)) is not None:
        # One table all game long, edited in place: no message per turn.
        assert await turn.get_attribute("data-id") == await table.get_attribute("data-id")
        assert await pings(page).count() <= 1
        # The newest buttons are where the player looks, without scrolling.
        await controls_in_view(turn)
        to_move = await mover(turn)
        if not refused:
            await check_out_of_turn_refusal(page, turn, to_move)
            refused = True
        if await acting_as(page) != to_move:
            await act_as(page, to_move)
        if clicks == 3:
            await fitted(page, sandbox.emulator, turn, "claimit-table")
        await click_a_move(page, turn, rng)
        clicks += 1
        if clicks == 3:
            await shoot(page, "desktop-3-playing")
        assert clicks < 1000, "the game did not finish"
    # The table became the result; it is all the game left in its thread.
    result = table
    await expect(result.locator(".heading")).to_have_text(f"{GAME} · game over")
    await expect(public(page)).to_have_count(1)
    await expect(result).to_contain_text("largest mine")
    await expect(result).to_contain_text("Ratings")
    await expect(result.locator(PICTURE)).to_be_in_viewport()
    await shoot(page, "desktop-4-game-over")
    await fitted(page, sandbox.emulator, result, "claimit-result")
    assert clicks >= 4

    await check_final_board_link(page, await result.get_attribute("data-id"))
    await check_stats_show_the_members_avatar(page)
    await check_avatars_wear_no_players_colour(page)


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
    await expect(refusal).to_be_in_viewport(ratio=1)
    await shoot(page, "desktop-refusal-seen-by-the-other-member")
    await act_as(page, mover)
    await expect(page.locator("#messages article.ephemeral", has_text="not yours")).to_have_count(0)


async def check_final_board_link(page: Page, final: str | None) -> None:
    """/claimit history's link to the final message opens it here, not on discord.com."""
    await page.locator("#channels li", has_text=CHANNEL_NAME).click()
    await expect(page.locator("#channel-name")).to_have_text(CHANNEL_NAME)
    await follow_to_final(page, "/claimit history", "final message", final, GAME)
    assert page.url.startswith("http://127.0.0.1")
    await shoot(page, "desktop-5-final-board-from-history")


async def check_stats_show_the_members_avatar(page: Page) -> None:
    """/claimit stats' thumbnail, an avatar on Discord's CDN, comes from the emulator, and
    is the picture the page shows for the member."""
    await slash(page, "/claimit stats")
    thumbnail = messages(page).last.locator("img.thumbnail")
    assert await loaded_width(thumbnail) > 0
    own = page.locator("#members li.active img.avatar")
    address, avatar = await thumbnail.get_attribute("src"), await own.get_attribute("src")
    assert address is not None and avatar is not None
    assert urlsplit(address).path == urlsplit(avatar).path
    assert urlsplit(address).hostname == "127.0.0.1"
    await shoot(page, "desktop-6-stats")


async def check_avatars_wear_no_players_colour(page: Page) -> None:
    avatars = [
        *await page.locator("#members .avatar").all(),
        messages(page).first.locator(".avatar"),
        messages(page).last.locator("img.thumbnail"),
    ]
    for avatar in avatars:
        assert await loaded_width(avatar) > 0
        pixels = Image.open(io.BytesIO(await avatar.screenshot())).convert("RGB").tobytes()
        colours = {(pixels[i], pixels[i + 1], pixels[i + 2]) for i in range(0, len(pixels), 3)}
        near = [
            (rgb, player.name)
            for rgb in colours
            for player in PLAYERS
            if delta_e(rgb, player.color) < NEAR
        ]
        assert not near, near


def delta_e(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    return math.dist(lab(a), lab(b))


def lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    """sRGB to CIELAB (D65)."""

    def linear(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = map(linear, rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


async def test_a_whole_game_with_chat_between_turns_keeps_its_one_table_at_the_bottom(
    page: Page,
) -> None:
    """Ann and Bo say something between turns: the move after it posts the table anew
    under what was said and deletes the old one, so that the game is always at the bottom
    of the channel, and only once; what they said stays. Moves with nothing said since
    edit the table in place, and /claimit board brings it down at once. A dozen moves and
    four turns' chat show all of it (the whole games of the other browser tests end with
    their result at the bottom)."""
    await act_as(page, "Ann")
    lobby = await new_lobby(page, "/claimit new")
    await act_as(page, "Bo")
    await lobby.locator("button", has_text="Join").click()
    await expect(lobby.locator("button", has_text="Start")).to_be_enabled()
    await act_as(page, "Ann")
    table = await start_from_lobby(lobby, GAME)

    rng = random.Random(8)
    said: list[str] = []
    previous = None
    moves = 0
    while moves < CHATTED_MOVES and (turn := await next_turn(page)) is not None:
        assert await turn.get_attribute("data-id") == await table.get_attribute("data-id")
        to_move = await mover(turn)
        below_chat = to_move != previous
        if below_chat:
            # A turn begins: whoever the page acts as says something first.
            said.append(f"{await acting_as(page)}: your turn, {to_move} ({len(said) + 1})")
            await say(page, said[-1])
            await expect(messages(page).last).to_have_text(re.compile(re.escape(said[-1])))
            if len(said) == 2:
                table = await brought_down(page, table)
                below_chat = False
        previous = to_move
        if await acting_as(page) != to_move:
            await act_as(page, to_move)
        table = await quick_move(page, table, rng, below_chat)
        await expect(chat(page)).to_have_text(said)
        moves += 1
        if moves == 3:
            # The table tells what happened before its headline, in small print.
            await expect(table.locator(".subtext", has_text="rolled").first).to_be_visible()

    # What was said, and the table under it (with its ping at most): no older table left.
    table = await the_table(page, GAME)
    await at_the_bottom(page, table)
    await expect(public(page)).to_have_count(len(said) + 1 + await pings(page).count())
    await expect(chat(page)).to_have_text(said)
    await shoot(page, "desktop-chat-game")
    assert len(said) >= 4 and moves == CHATTED_MOVES, (said, moves)


CHATTED_MOVES = 12


async def brought_down(page: Page, table: Locator) -> Locator:
    """/claimit board moves the table under what was said at once, deleting the old one."""
    old = await table.get_attribute("data-id")
    await slash(page, "/claimit board")
    await expect(by_id(page, old)).to_have_count(0)
    table = await the_table(page, GAME)
    await at_the_bottom(page, table)
    return table


async def quick_move(page: Page, table: Locator, rng: random.Random, below_chat: bool) -> Locator:
    """Rolls, places at random and stops at once; returns the table once it shows the move:
    posted anew at the bottom when something was said since it was (the old one gone), or
    else the same message, edited. Either way it is the channel's newest message (with
    at most its ping under it), and the only table of the game."""
    table_id = await table.get_attribute("data-id")
    before = await table.locator(PICTURE).get_attribute("src")
    labels = await table.locator(PLAYS).all_inner_texts()
    await table.locator(PLAYS, has_text=quick(labels, rng)).first.click()
    if below_chat:
        await expect(by_id(page, table_id)).to_have_count(0)
        table = await the_table(page, GAME)
    else:
        await expect(table.locator(PICTURE)).not_to_have_attribute("src", before or "")
        assert await table.get_attribute("data-id") == table_id
    await at_the_bottom(page, table)
    await expect(tables(page, GAME)).to_have_count(1)
    assert await pings(page).count() <= 1
    return table


def quick(labels: list[str], rng: random.Random) -> str:
    """Stop & claim as soon as it may be pressed, else Roll, else a placement at random."""
    names = [label.split("\n")[-1].strip() for label in labels]
    for wanted in ("Stop & claim", "Roll"):
        if any(wanted in name for name in names):
            return wanted
    return rng.choice(names)


async def test_on_a_phone_the_channel_takes_the_whole_width(
    browser: Browser, sandbox_url: str
) -> None:
    async with open_page(browser, sandbox_url, PHONE) as page:
        await expect(page.locator("#sidebar")).to_be_hidden()
        main = await page.locator("main").bounding_box()
        assert main is not None and (main["x"], main["width"]) == (0, PHONE["width"])

        await page.locator("#menu-button").click()
        await expect(page.locator("#members li", has_text="Bo")).to_be_in_viewport(ratio=1)
        await shoot(page, "phone-1-menu")
        await page.locator("#members li", has_text="Bo").click()
        await expect(page.locator("#sidebar")).to_be_hidden()
        await expect(page.locator("#acting-as")).to_have_text("as Bo")

        await slash(page, "/claimit new bots:1")
        await expect(messages(page).last.locator("button", has_text="Start")).to_be_visible()
        lobby = by_id(page, await messages(page).last.get_attribute("data-id"))
        await start_from_lobby(lobby, GAME)
        rng = random.Random(2)
        for clicks in range(4):
            turn = await next_turn(page)
            assert turn is not None
            await controls_in_view(turn)
            board = await turn.locator(PICTURE).bounding_box()
            assert board is not None and board["x"] + board["width"] <= PHONE["width"]
            assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            if clicks == 2:
                await shoot(page, "phone-2-playing")
            await click_a_move(page, turn, rng)
