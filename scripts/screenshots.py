"""The documentation's screenshots, made from the product itself: this plays games in the
sandbox (the real bot against the local Discord emulator) in a headless Chromium and writes
the pictures the docs show into ``docs/images/``, so that they follow the product and
nobody makes them by hand.

Run it from the repository's root after a change that shows (a card's text, a board, the
page)::

    .venv/bin/python -m scripts.screenshots            # into docs/images/
    .venv/bin/python -m scripts.screenshots --out /tmp/pictures

It starts its own sandbox in this process, on a free port, with its database in a temporary
directory (never the sandbox's own ``claimit-sandbox.sqlite3``); the bot's dice and the
script's own picks are seeded, so every run plays the same games (only the times shown
on the page change, and the position of the day, which the server's day picks). It
needs Chromium: Debian's ``chromium-headless-shell`` (which ``scripts/test.sh``
installs) or ``chromium``, else Playwright's own. It stops the browser and the sandbox
on its way out, also on an error or Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import io
import json
import math
import random
import re
import signal
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PIL import Image, ImageSequence
from playwright.async_api import (
    Browser,
    FrameLocator,
    Locator,
    Page,
    Route,
    ViewportSize,
    async_playwright,
    expect,
)

from bot.games.analysis import Weighed
from bot.settings import Settings
from bot.storage.opening import open_database
from emulator import DISCORD_RATE_LIMITS, DiscordEmulator, Message
from emulator.cdn import DISCORD_CDN
from i18n import language
from render.common.palette import PLAYERS
from sandbox.run import sandbox_running
from sandbox.server_world import CHANNEL_NAME, GROUP_DM_ID
from scripts import unpictured_moves
from tests.sandbox.pages import acting_as, gathered_in_voice, roll_and_take, slash

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "docs" / "images"
CHROMIUMS = (Path("/usr/bin/chromium-headless-shell"), Path("/usr/bin/chromium"))
"""Debian's Chromiums, the lighter first (the same Blink, without a browser's window)."""

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
WHOLE_PAGE: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}

PICTURES: tuple[str, ...] = (
    "lobby.png",
    "claimit-table.png",
    "claimit-result.png",
    "nuggets-table.png",
    "claim-table.png",
    "claim-hand.png",
    "phone.png",
    "sandbox.png",
    "board-claimit.png",
    "board-nuggets.png",
    "board-claim.png",
    "stats.png",
    "leaderboard.png",
    "season-leaderboard.png",
    "settings.png",
    "replay.png",
    "replay-steps.png",
    "analysis.png",
    "rematch-offer.png",
    "reliability.png",
    "follow-dm.png",
    "german.png",
    "dm-notice.png",
    "dm-notice-phone.png",
    "my-games.png",
    "my-games-phone.png",
    "private-lobby.png",
    "takeback-request.png",
    "tournament-signup.png",
    "tournament-standings.png",
    "lesson.png",
    "lesson-phone.png",
    "board-lesson.png",
    "drill-question.png",
    "drill.png",
    "drill-costs.png",
    "board-drill.png",
    "my-drills.png",
    "hint.png",
    "voice-night.png",
    "group-dm.png",
    "daily-post.png",
    "daily-answer.png",
    "daily-month.png",
)
"""Every file the script writes, each named in the docs."""

CLAIMIT_DICE = 2
"""The bot's dice for Claim It! (Ann, Bo and a computer player): a game of about 60 rolls
whose table offers three placements or more once the members have had two turns each."""
NUGGETS_DICE = 7
"""Gold Nuggets: offers the set-aside menu on the person's turn (as the browser test's)."""
CLAIM_DICE = 1
"""Claim: a deal in which a hand soon has to follow suit, so that some cards are greyed
out (as the browser test's)."""
MY_GAMES_DICE = 1
"""The two games Bo plays with Ann once he chose direct messages (Gold Nuggets in a
thread, then Claim It! in the channel): who begins each, and their turns until his notice."""
NOTICE_TURN = 3
"""Bo's turn of Claim It! whose direct message is pictured: a few claims on the board."""
CHOICES_SEED = 3
"""The script's own picks among the moves Gold Nuggets and Claim offer."""
TOURNAMENT_DICE = 5
"""The tournament's first round: two games of Gold Nuggets, each played to its end."""
TOURNAMENT = (
    '/tournament create game:nuggets name:"Winter Cup" format:swiss starts:+1h '
    "table_size:2 rounds:2"
)
"""Ann's tournament: four members at tables of two, two Swiss rounds, starting in an hour."""
ENTRANTS = ("Ann", "Bo", "Cy", "Di")
"""Who signs up, in this order: all new to Gold Nuggets's ladder, so seeded as they came."""

LESSON_TAUGHT = ("roll",)
"""The moves Ann makes as Claim It!'s lesson teaches them: its first step's roll."""
LESSON_OTHER = "C"
"""Her move at the second step, which teaches B (the squatter that joins her two groups):
C, a squatter on the computer's side, whose cost the judge tells in spaces, her turn
still on the board."""
LESSON_MOVE = 'button[data-custom-id^="lesson:"][data-custom-id$=":{intent}"]'
"""The learner's button for ``intent`` (a lesson's custom_id ends with the move's intent)."""
DRILL_OPTIONS = 'button[data-custom-id^="drill:"]'
DRILL_OPTION = DRILL_OPTIONS + '[data-custom-id$=":{option}"]'
"""A drill's buttons, and the one answering ``option`` (a drill's custom_id ends with the
option, as the report keeps it, after the drill's id in fourth place)."""
DRILL_HINT = 'button[data-custom-id^="drillhint:"]'
"""A drill's **Show the costs**."""
HINT_DICE = 4
"""The friendly Gold Nuggets game with hints: Ann's first roll offers a few set-asides."""
HINT = 'button[data-custom-id*=":hint:"]'
VOICE_DICE = 3
"""The game night in voice: Claim It! between Ann, Bo and Ed, a few claims made by Ann's
second turn."""
IN_VOICE = ("Ann", "Bo", "Ed")
"""Who joins the voice channel, in this order; Ann hosts."""
GROUP_DM_DICE = 3
"""The game in Ann, Bo and Cy's group DM: Claim It! between Ann and Bo, a few claims made
by Ann's second turn."""

GERMAN = language("de")
PLAYS = (
    'button:enabled:not([data-custom-id*=":follow:"]):not([data-custom-id*=":takeback:"])'
    ':not([data-custom-id*=":board:"]):not([data-custom-id*=":hint:"])'
)
"""A table's buttons that play: not **Follow**, **Take back** nor **Hint**, which a table
being played may have (they make no move, and stay as they were)."""
MENUS_AND_BUTTONS = f"{PLAYS}, select:enabled"
TAKE_BACK = 'button[data-custom-id*=":takeback:"]'
MY_HAND = 'button[data-custom-id^="claim:mine:"]'
HAND_BUTTONS = 'button[data-custom-id^="claim:seat:"]'
RIGHTMOST = """(message) => {
    let right = 0;
    const texts = document.createTreeWalker(message, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    while (texts.nextNode()) {
        range.selectNodeContents(texts.currentNode);
        right = Math.max(right, range.getBoundingClientRect().right);
    }
    for (const part of message.querySelectorAll("img, button, select, .v2, .embed")) {
        right = Math.max(right, part.getBoundingClientRect().right);
    }
    return right;
}"""
"""Where a message's text, card and pictures end on the right (a paragraph's own box
spans the whole width, its words do not)."""
MESSAGE_PADDING = 16
"""The space left of a message's avatar, kept right of its card too."""
REPLAY_STEPS = 6
"""How far into the replay its picture is taken: a few moves on the board."""
REPORT_WAIT = 120_000
"""Milliseconds the report of what decided the game may take to be judged (its judging
processes yield to everything else the machine runs), and a replay's animation or a
position of the day to be drawn on a busy machine."""
CHANNEL_MARGIN = 64
"""Pixels of the channel kept free around a message pictured alone."""
SCROLLS = 5
"""How often the channel is scrolled to a message before the script gives up."""
WAIT_MS = round(unpictured_moves.WAIT_SECONDS * 1000)
"""How long a wait for the page may take (``unpictured_moves.WAIT_SECONDS``). The
waits for a move watch the page for the change itself, not at the assertions' intervals
(a tenth of a second, then longer), which would be most of a scripted click's time."""
MOST_MOVES = 500
"""Far beyond any game here: a policy that stops finishing a game fails instead of looping."""


@dataclass(frozen=True)
class Written:
    name: str
    width: int
    height: int
    size: int
    """In bytes, once optimized."""


class Camera:
    """Writes pictures into ``out``, each once its pictures have loaded, and keeps them
    small."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.written: dict[str, Written] = {}

    async def message(self, name: str, message: Locator) -> None:
        page = message.page
        before = page.viewport_size
        assert before is not None
        box, channel = await message.bounding_box(), await page.locator("#messages").bounding_box()
        assert box is not None and channel is not None
        # The channel scrolls inside the page, so a message taller than it would come out
        # cut: the window grows (never wider, so nothing wraps otherwise) until it fits,
        # with room for the "Jump to present" bar over the channel's bottom.
        room = channel["height"] - CHANNEL_MARGIN
        if box["height"] > room:
            taller = before["height"] + math.ceil(box["height"] - room)
            await page.set_viewport_size({"width": before["width"], "height": taller})
        try:
            await in_view(message)
            # Nothing hovered: a message under the mouse is shown highlighted.
            await page.mouse.move(0, 0)
            await loaded(message)
            shown = await message.bounding_box()
            assert shown is not None
            # A message spans the channel's width, its card and text only the left of it:
            # the picture ends where they do, with the margin it has on the left.
            right = await message.evaluate(RIGHTMOST) + MESSAGE_PADDING
            await page.screenshot(
                path=self._path(name),
                clip={
                    "x": shown["x"],
                    "y": shown["y"],
                    "width": min(shown["width"], right - shown["x"]),
                    "height": shown["height"],
                },
            )
        finally:
            await page.set_viewport_size(before)
            # Back to the newest message, which the page follows again from there.
            await page.locator("#messages").evaluate("(m) => { m.scrollTop = m.scrollHeight; }")
        self._optimize(name)

    async def page(self, name: str, page: Page) -> None:
        await loaded(page.locator("#messages"))
        await page.screenshot(path=self._path(name))
        self._optimize(name)

    def _path(self, name: str) -> Path:
        assert name in PICTURES, name
        return self.out / name

    def _optimize(self, name: str) -> None:
        path = self._path(name)
        with Image.open(path) as picture:
            picture.load()
            picture.save(path, optimize=True)
            size = picture.size
        self.written[name] = Written(name, *size, path.stat().st_size)


SCROLLED_TO = "(m) => { m.scrollIntoView({block: 'start'}); return m.getBoundingClientRect().y; }"
"""Scrolls the channel to a message, and says where that put it (before the page could
do anything else)."""
TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


async def in_view(message: Locator) -> None:
    """Scrolls the channel to ``message``, once the page has heard of it: the page follows
    the newest message until its scroll event says the channel was scrolled up, which
    comes with the next frame, and a message shown before then took the channel back down
    (the tournament's standings came out as the channel's header)."""
    for _ in range(SCROLLS):
        placed = await message.evaluate(SCROLLED_TO)
        await message.page.evaluate(TWO_FRAMES)
        box = await message.bounding_box()
        if box is not None and box["y"] == placed:
            return
    raise RuntimeError("the channel kept going back to its newest message")


async def loaded(scope: Locator) -> None:
    """Every picture in ``scope`` has arrived (a message answered late shows "thinking…"
    first)."""
    await expect(scope.locator(".loading")).to_have_count(0)
    widths: list[int] = await scope.locator("img").evaluate_all(
        "(imgs) => Promise.all(imgs.map((i) => i.decode().then(() => i.naturalWidth, () => 0)))"
    )
    if 0 in widths:
        raise RuntimeError(f"a picture did not load: {widths}")


# Acting in the page as a person would ---------------------------------------------------


async def open_page(browser: Browser, url: str, viewport: ViewportSize, member: str) -> Page:
    page = await browser.new_page(viewport=viewport, device_scale_factor=1)
    await page.goto(url)
    await expect(page.locator("#live")).to_have_class("online")
    await act_as(page, member)
    return page


async def act_as(page: Page, member: str) -> None:
    active = page.locator("#members li.active")
    if await active.count() and (await active.inner_text()).split()[0] == member:
        return
    if await page.locator("#sidebar").is_hidden():
        # On a phone the members are behind the menu button.
        await page.locator("#menu-button").click()
    await page.locator("#members li", has_text=member).click()
    await expect(active).to_contain_text(member)
    await expect(page.locator("#acting-as")).to_have_text(f"as {member}")


def by_id(page: Page, message_id: str | None) -> Locator:
    """A message by its id: found still when it is edited."""
    assert message_id is not None
    return page.locator(f'#messages article[data-id="{message_id}"]')


async def private_answer(page: Page, command: str, *, picking: bool = False) -> Locator:
    """What the bot answers ``command`` with, for the member acted as alone; ``picking``:
    its last option offers choices as it is typed, and Enter picks the first before a
    second Enter sends it, as on Discord (unless the choices had not come yet)."""
    private = page.locator("#messages article.ephemeral")
    before = await private.count()
    if picking:
        box = page.locator("#command")
        await box.fill(command)
        await box.press("Enter")
        if await box.input_value():
            await box.press("Enter")
        await expect(box).to_have_value("")
    else:
        await slash(page, command)
    await expect(private).to_have_count(before + 1)
    answer = by_id(page, await private.last.get_attribute("data-id"))
    await expect(answer.locator(".loading")).to_have_count(0)
    return answer


async def open_lobby(page: Page, command: str) -> Locator:
    """The lobby ``command`` opens: the message that becomes the game's table."""
    await slash(page, command)
    newest = page.locator("#messages article").last
    await expect(newest.locator("button", has_text="Join")).to_be_visible()
    return by_id(page, await newest.get_attribute("data-id"))


async def lobby_of_two(page: Page, command: str) -> Locator:
    """Ann opens the lobby ``command`` opens and Bo joins it; Ann is acted as again, as
    the host who starts it."""
    await act_as(page, "Ann")
    lobby = await open_lobby(page, command)
    await act_as(page, "Bo")
    await lobby.locator("button", has_text="Join").click()
    await expect(lobby.locator("button", has_text="Start")).to_be_enabled()
    await act_as(page, "Ann")
    return lobby


async def start(lobby: Locator) -> None:
    await lobby.locator("button", has_text="Start").click()
    await expect(lobby.locator("button", has_text="Join")).to_have_count(0)
    await expect(lobby.locator(".gallery img")).to_be_visible()


async def next_turn(table: Locator) -> bool:
    """Waits until the table offers a person something to do (True) or is the result
    (False). While a computer player moves, the table has nothing to press."""
    over = table.locator(".heading", has_text="game over")
    await table.locator(MENUS_AND_BUTTONS).or_(over).first.wait_for(timeout=WAIT_MS)
    return not await over.count()


async def press(page: Page, control: Locator) -> None:
    """Presses a button and waits for the game to move on: every control's custom_id holds
    the game's version, so the pressed one goes."""
    custom_id = await control.get_attribute("data-custom-id")
    await control.click()
    await gone(page, custom_id)


async def pick(page: Page, menu: Locator, rng: random.Random) -> None:
    """Picks one of a menu's options, and waits for the game to move on."""
    custom_id = await menu.get_attribute("data-custom-id")
    values = [
        value
        for value in await menu.locator("option:not([disabled])").evaluate_all(
            "(options) => options.map((o) => o.value)"
        )
        if value
    ]
    await menu.select_option(value=rng.choice(values))
    await gone(page, custom_id)


async def gone(page: Page, custom_id: str | None) -> None:
    """Waits until no control of ``custom_id`` is left in the channel: looked for every
    50 ms, as looking on every frame kept Chromium busy on the cores the bot needs."""
    await page.wait_for_function(
        '(id) => !document.querySelector(`#messages [data-custom-id="${CSS.escape(id)}"]`)',
        arg=custom_id,
        polling=50,
        timeout=WAIT_MS,
    )


def labels_of(texts: Sequence[str]) -> list[str]:
    return [text.split("\n")[-1].strip() for text in texts]


# The games ------------------------------------------------------------------------------


class TwoPlacements:
    """How the members play Claim It! here: roll, place on the first letter offered, stop
    once placed twice in a turn. The table is worth a picture once the members have had
    their first turns and a roll offers three placements or more."""

    def __init__(self) -> None:
        self.turns = 0
        self.placed = 0

    def move(self, table: Message, offered: list[dict[str, Any]]) -> dict[str, Any]:
        named = {unpictured_moves.label(control): control for control in offered}
        if "Roll" in named:
            if "Stop & claim" not in named:
                self.turns, self.placed = self.turns + 1, 0
            return named["Stop & claim"] if self.placed >= 2 else named["Roll"]
        self.placed += 1
        return offered[0]

    def worth_a_picture(self, table: Message) -> bool:
        offered = unpictured_moves.controls(table)
        rolling = any(unpictured_moves.label(control) == "Roll" for control in offered)
        return self.turns >= 4 and not rolling and len(offered) >= 3


async def attribute(locator: Locator, name: str) -> str:
    value = await locator.get_attribute(name)
    assert value is not None, name
    return value


async def claim_it(
    browser: Browser, page: Page, url: str, emulator: DiscordEmulator, camera: Camera
) -> None:
    """Ann opens a lobby, Bo joins and Ann adds a computer player (the lobby's picture),
    and the members play to the end (``TwoPlacements``; through Discord, not the page, but
    for the move pictured). Two members make the game count for the ladder. Then
    the result, its replay, what decided it, what Ann can ask about it, and her offer of a
    rematch. Ed follows
    the game from its start, and the direct message its end brings him is pictured."""
    lobby = await lobby_of_two(page, "/claimit new")
    await lobby.locator("select").first.select_option(label="Add a computer player: easy")
    await expect(lobby).to_contain_text("Bot 1 (easy)")
    await camera.message("lobby.png", lobby)
    await start(lobby)
    await act_as(page, "Ed")
    await lobby.locator("button", has_text="Follow").click()
    await expect(page.locator("#messages article.ephemeral", has_text="You follow")).to_be_visible()

    table = lobby
    played = emulator.messages[int(await attribute(table, "data-id"))]
    where = emulator.channels[played.channel_id]
    plan = TwoPlacements()
    rng = random.Random(CHOICES_SEED)
    shown = await unpictured_moves.play(
        emulator, where, SEATS, plan.move, rng, MOST_MOVES, until=plan.worth_a_picture
    )
    assert not unpictured_moves.is_over(shown), "the game ended before its picture"
    member = unpictured_moves.to_act(shown, SEATS)
    await act_as(page, member)
    # The page shows the table as it is now once its controls are this turn's.
    first = unpictured_moves.controls(shown)[0]["custom_id"]
    await expect(table.locator(f'[data-custom-id="{first}"]')).to_have_count(1)
    await camera.message("claimit-table.png", table)
    await on_a_phone(browser, url, camera, table, member)
    await on_the_board(browser, url, emulator, camera, "board-claimit.png", table, member)
    await unpictured_moves.play(emulator, where, SEATS, plan.move, rng, MOST_MOVES)

    await act_as(page, "Ann")
    await expect(table.locator("button")).to_have_text(
        ["🎞️ Replay", "📊 What decided it", "🔁 Rematch"]
    )
    await camera.message("claimit-result.png", table)
    await table.locator("button", has_text="Replay").click()
    replay = page.locator("#messages article.ephemeral", has_text="Replay · Claim It!")
    # The replay's animation is drawn first: seconds on a machine busy with other work.
    await expect(replay.locator(".gallery img")).to_have_attribute(
        "src", re.compile(r"\.gif"), timeout=REPORT_WAIT
    )
    await expect(replay.locator("button", has_text="Share in the channel")).to_be_visible()
    await loaded(replay)
    await steps_on(replay.locator(".gallery img"), REPLAY_STEPS)
    await camera.message("replay.png", replay)
    await replay.locator("button", has_text="Step through").click()
    stepper = page.locator("#messages article.ephemeral", has_text="Step through · Claim It!")
    # Each press waits for the step it brings, so that none is still on its way when
    # the picture is taken.
    for move in range(1, REPLAY_STEPS + 1):
        await stepper.locator("button", has_text="Next").click()
        await expect(stepper).to_contain_text(f" · Move {move} of ")
    await camera.message("replay-steps.png", stepper)
    await table.locator("button", has_text="What decided it").click()
    report = page.locator("#messages article.ephemeral", has_text="What decided it · Claim It!")
    # The game is judged now, in processes at a lower priority than anything else the
    # machine runs (a suite's other tests, say): seconds, not a page's moment.
    await expect(report.locator("button", has_text="Share in the channel")).to_be_visible(
        timeout=REPORT_WAIT
    )
    await loaded(report)
    await camera.message("analysis.png", report)

    stats = await private_answer(page, "/claimit stats")
    await expect(stats).to_contain_text("The dice in")
    await camera.message("stats.png", stats)
    leaderboard = await private_answer(page, "/claimit leaderboard")
    await camera.message("leaderboard.png", leaderboard)
    settings = await private_answer(page, "/server settings")
    await camera.message("settings.png", settings)
    monthly = await private_answer(page, "/server settings seasons:monthly")
    await expect(monthly).to_contain_text("monthly (calendar months, UTC)")
    season = await private_answer(page, "/claimit leaderboard season:current", picking=True)
    await expect(season).to_contain_text("Not ranked yet")
    await camera.message("season-leaderboard.png", season)

    await table.locator("button", has_text="Rematch").click()
    offer = page.locator("#messages article", has_text="wants a rematch")
    await expect(offer.locator("button", has_text="Yes, again")).to_be_visible()
    await camera.message("rematch-offer.png", offer)

    await act_as(page, "Ed")
    await page.locator("#dms li.dm").click()
    told = page.locator("#messages article", has_text="which you follow, is over")
    await expect(told).to_have_count(1)
    await loaded(told)
    await camera.message("follow-dm.png", told)
    await page.locator("#channels li:not(.thread)").click()
    await expect(page.locator("#channel-kind")).to_have_text("#")


async def reliable_lobby(page: Page, camera: Camera) -> None:
    """Ann and Bo finished a game (84 % each); Ann's next lobby asks for 60 %, and Bo and
    Cy (new) join it, each with their reliability after their name. Ann then cancels it,
    which leaves the channel to the next game and counts against nobody."""
    await act_as(page, "Ann")
    lobby = await open_lobby(page, "/claimit new reliability:60")
    for member in ("Bo", "Cy"):
        await act_as(page, member)
        await lobby.locator("button", has_text="Join").click()
        await expect(lobby).to_contain_text(f"{member} · ")
    await act_as(page, "Ann")
    await expect(lobby).to_contain_text("60% or more")
    await camera.message("reliability.png", lobby)
    await lobby.locator("button", has_text="Cancel").click()
    await expect(lobby.locator("button")).to_have_count(0)


async def steps_on(animation: Locator, steps: int) -> None:
    """Waits while the animation plays ``steps`` frames on (its first is the empty board,
    which shows nothing of the game): as long as the animation says they last, after which
    it must show another frame than the one it showed at first. Watched by screenshots
    instead, it kept Chromium busy for all those seconds."""
    first = await animation.screenshot()
    source = await attribute(animation, "src")
    answer = await animation.page.request.get(source)
    with Image.open(io.BytesIO(await answer.body())) as played:
        lasting = [frame.info["duration"] for frame in ImageSequence.Iterator(played)]
    await asyncio.sleep(sum(lasting[:steps]) / 1000)
    if await animation.screenshot() == first:
        raise RuntimeError("the replay does not play")


SEATS = "".join(style.emoji for style in PLAYERS)


async def mover(table: Locator) -> str:
    """Whom the table asks to act, by its prompt ("🔵 Ann: roll the dice.")."""
    words = await table.locator(".container > .text").first.inner_text()
    named = re.findall(rf"^[{SEATS}] (.+?): ", words, re.MULTILINE)
    if not named:
        raise RuntimeError(f"the table names nobody to act: {words}")
    return str(named[-1])


async def on_a_phone(
    browser: Browser, url: str, camera: Camera, table: Locator, member: str
) -> None:
    """The page as ``member`` sees it on a phone, at the table they are playing."""
    phone = await open_page(browser, url, PHONE, member)
    try:
        shown = by_id(phone, await table.get_attribute("data-id"))
        await expect(shown.locator("button:enabled").first).to_be_in_viewport()
        await camera.page("phone.png", phone)
    finally:
        await phone.close()


EMOJI_FONT = """(font) => {
    const family = `"Twemoji", ${getComputedStyle(document.body).fontFamily}`;
    const style = document.createElement("style");
    style.textContent = `
        @font-face { font-family: "Twemoji"; src: url("${font}");
            unicode-range: U+200D, U+2694, U+2699, U+26CF, U+FE0F, U+1F000-1FAFF; }
        body, button { font-family: ${family}; }`;
    document.head.append(style);
    return document.fonts.load("1em Twemoji", "🎲👺");
}"""
"""Puts the sandbox page's emoji font (Twemoji, as Discord draws emoji) first in the
board's frame, which relies on the device's own: the devices Discord runs on have one,
the machine making the pictures may not (Claim's cards showed boxes). Only for the emoji
the board shows, so that its arrows and marks stay text."""


async def on_the_board(
    browser: Browser,
    url: str,
    emulator: DiscordEmulator,
    camera: Camera,
    name: str,
    table: Locator,
    member: str,
) -> None:
    """The page as ``member`` sees it once they opened the board from ``table`` on their
    turn: the channel, and beside it the board with their choices lit up (Claim's hand
    in view). It opens in a page of its own, and is closed afterwards as a member closes
    it: the game and the pictures after it are as they were."""
    page = await open_page(browser, url, WHOLE_PAGE, member)
    try:
        # The board draws who is here with their avatars on Discord's CDN, which the
        # sandbox's Discord serves in its stead.
        async def avatar(route: Route) -> None:
            answer = await page.request.fetch(emulator.cdn_url(route.request.url))
            await route.fulfill(response=answer)

        await page.route(f"{DISCORD_CDN}/**", avatar)
        shown = by_id(page, await attribute(table, "data-id"))
        await shown.locator("button", has_text="Open the board").click()
        viewer = page.locator("#viewers .viewer:not([hidden])")
        user = next(u for u in emulator.users.values() if u.name == member)
        # Discord asks a member's consent the first time they open it.
        if not emulator.consented(user.id, str(emulator.application_id), ["identify"]):
            await viewer.locator(".consent button", has_text="Authorize").click()
        board = viewer.frame_locator("iframe")
        await expect(board.locator("#game-headline")).to_have_text("Your turn.")
        await expect(board.locator('[data-focus^="choice:"]:enabled').first).to_be_visible()
        frame = await (await viewer.locator("iframe").element_handle()).content_frame()
        assert frame is not None
        await frame.evaluate(EMOJI_FONT, "/static/twemoji.woff2")
        hand = board.locator(".cl-hand")
        if await hand.count():
            await hand.scroll_into_view_if_needed()
        await loaded(viewer)
        await camera.page(name, page)
        # Left as a member leaves it, so that the next board shows only who is there.
        instance = emulator.activity_launches[-1].instance_id
        await page.locator("#activity-close").click()
        await emulator.wait_until(
            lambda: user.id not in getattr(emulator.activity_instance(instance), "users", ()),
            WAIT_MS / 1000,
        )
    finally:
        await page.close()


async def gold_nuggets(
    browser: Browser, page: Page, url: str, emulator: DiscordEmulator, camera: Camera
) -> None:
    """Ann against a computer player, to the first time her turn offers the set-aside menu:
    rolls on while many dice are left, otherwise takes; any set-aside."""
    await act_as(page, "Ann")
    table = await open_lobby(page, "/nuggets new bots:1")
    await start(table)
    rng = random.Random(CHOICES_SEED)
    moves = 0
    while await next_turn(table):
        menu = table.locator("select:enabled")
        if await menu.count():
            await camera.message("nuggets-table.png", table)
            whole = await open_page(browser, url, WHOLE_PAGE, "Ann")
            try:
                await expect(by_id(whole, await table.get_attribute("data-id"))).to_be_visible()
                await camera.page("sandbox.png", whole)
            finally:
                await whole.close()
            await on_the_board(browser, url, emulator, camera, "board-nuggets.png", table, "Ann")
            await pick(page, menu.first, rng)
            break
        buttons = table.locator(PLAYS)
        names = labels_of(await buttons.all_inner_texts())
        await press(page, buttons.nth(nuggets_choice(names, rng)))
        moves += 1
        assert moves < MOST_MOVES, "the menu never came"
    # A channel plays one game at a time: Claim begins there once this one is cancelled.
    await private_answer(page, "/nuggets cancel")


def nuggets_pick(rng: random.Random) -> unpictured_moves.Move:
    """A menu when one is offered (a random option), else ``nuggets_choice``."""

    def move(table: Message, offered: list[dict[str, Any]]) -> dict[str, Any]:
        menus = [control for control in offered if unpictured_moves.is_menu(control)]
        if menus:
            return menus[0]
        return offered[nuggets_choice([unpictured_moves.label(c) for c in offered], rng)]

    return move


def nuggets_choice(names: list[str], rng: random.Random) -> int:
    both = roll_and_take(names)
    if both is None:
        return rng.randrange(len(names))
    roll, take, many = both
    return roll if many else take


async def claim(
    browser: Browser, page: Page, url: str, emulator: DiscordEmulator, camera: Camera
) -> None:
    """Ann and Bo, one person playing both from their hands, until a hand has cards it may
    not play (greyed out), which is pictured, and the board of the member it is; the game
    is left there."""
    table = await lobby_of_two(page, "/claim new")
    await start(table)
    await expect(table.locator(MY_HAND)).to_have_count(1)
    rng = random.Random(CHOICES_SEED)
    hands = page.locator("#messages article.ephemeral").filter(
        has=page.locator(".heading", has_text=re.compile("^Your hand"))
    )
    for moves in range(MOST_MOVES):
        await act_as(page, (await to_act(table))[0])
        if not await hands.count():
            await press_my_hand(table, hands)
        hand = by_id(page, await hands.get_attribute("data-id"))
        await expect(hand.locator(".loading")).to_have_count(0)
        playable = hand.locator(f"{HAND_BUTTONS}:enabled")
        await expect(playable.first).to_be_visible()
        greyed = await hand.locator(f"{HAND_BUTTONS}:disabled").count()
        if moves >= 4 and greyed:
            await camera.message("claim-hand.png", hand)
            await camera.message("claim-table.png", table)
            member = await acting_as(page)
            await on_the_board(browser, url, emulator, camera, "board-claim.png", table, member)
            return
        drawn = await table.locator(".gallery img").get_attribute("src")
        await press(page, playable.nth(rng.randrange(await playable.count())))
        await expect(table.locator(".gallery img")).not_to_have_attribute("src", drawn or "")
    raise RuntimeError("no hand had a card to grey out")


async def press_my_hand(table: Locator, hands: Locator) -> None:
    await table.locator(MY_HAND).click()
    await expect(hands).to_have_count(1)


async def to_act(table: Locator) -> list[str]:
    """The members the table names where it says to open **My hand**."""
    description = await table.locator(".container .text").first.inner_text()
    (prompt,) = [p for p in description.split("\n\n") if "My hand" in p]
    named = re.findall(r"\b(Ann|Bo)\b", prompt)
    assert named, prompt
    return named


async def german(page: Page, camera: Camera) -> None:
    """Cy's Discord is in German: what only Cy sees is German, here the ladder the game
    just played put Ann and Bo on (and not yet Cy)."""
    await act_as(page, "Cy")
    ladder = await private_answer(page, f"/claimit {GERMAN._('leaderboard')}")
    await camera.message("german.png", ladder)


async def direct_messages(browser: Browser, page: Page, url: str, camera: Camera) -> None:
    """Bo has his turn told by direct message (``/my settings notify:dm``) and asks there
    for his games (``/my games``), at a desktop's size and a phone's: two games with Ann,
    Gold Nuggets in a thread of its own waiting for her, and Claim It! in #games, told as
    his ``NOTICE_TURN``th turn there begins. The server pings at every turn, so that his
    notice is not held back while he plays along, and lets every game started from then on
    take moves back (a game keeps the rule it started with). The Claim game left in
    #games is cancelled first: a channel plays one game of its own."""
    await act_as(page, "Ann")
    await private_answer(page, "/claim cancel")
    await act_as(page, "Bo")
    await expect(await private_answer(page, "/my settings notify:dm")).to_contain_text(
        "direct message"
    )
    await act_as(page, "Ann")
    await private_answer(page, "/server settings threads:true pings:always")
    lobby = await lobby_of_two(page, "/nuggets new")
    thread = page.locator("#channels li.thread", has_text="Gold Nuggets")
    await expect(thread).to_have_count(1)
    await lobby.locator("button", has_text="Start").click()
    await expect(lobby.locator("button", has_text="Join")).to_have_count(0)
    await thread.click()
    await expect(page.locator("#channel-kind")).to_have_text("🧵")
    table = page.locator("#messages article", has=page.locator(".gallery img")).last
    await expect(table).to_be_visible()
    table = by_id(page, await table.get_attribute("data-id"))
    await until_turn_of("Ann", page, table, nuggets_move)

    await page.locator("#channels li:not(.thread)").click()
    await expect(page.locator("#channel-kind")).to_have_text("#")
    await expect(
        await private_answer(page, "/server settings threads:false takebacks:always")
    ).to_contain_text("in every game, with consent")
    table = await lobby_of_two(page, "/claimit new")
    await start(table)
    await until_turn_of("Bo", page, table, claim_it_move)
    for _ in range(NOTICE_TURN - 1):
        await until_turn_of("Ann", page, table, claim_it_move)
        await until_turn_of("Bo", page, table, claim_it_move)

    await act_as(page, "Bo")
    dms = page.locator("#dms li.dm")
    await dms.click()
    await expect(page.locator("#channel-name")).to_have_text("Game Bot")
    # His notices of earlier turns went as he moved.
    notice = page.locator("#messages article", has_text="Your turn in Claim It!")
    await expect(notice).to_have_count(1)
    await expect(notice.locator("button", has_text="Roll")).to_be_visible()
    notice = by_id(page, await notice.get_attribute("data-id"))
    await camera.message("dm-notice.png", notice)
    phone = await open_page(browser, url, PHONE, "Bo")
    try:
        await phone.locator("#menu-button").click()
        await phone.locator("#dms li.dm").click()
        shown = by_id(phone, await notice.get_attribute("data-id"))
        await expect(shown.locator("button:enabled").first).to_be_in_viewport()
        await camera.page("dm-notice-phone.png", phone)

        games = await private_answer(page, "/my games")
        await expect(games).to_contain_text("1 game waits for you.")
        await camera.message("my-games.png", games)
        await expect(by_id(phone, await games.get_attribute("data-id"))).to_be_in_viewport()
        await camera.page("my-games-phone.png", phone)
    finally:
        await phone.close()


async def private_table(page: Page, camera: Camera) -> None:
    """Ann opens a private Gold Nuggets table inviting Bo, and invites Di and Ed from its
    picker; Bo accepts, Di declines, Ed is still asked. The Claim It! game left in #games
    is cancelled first: a channel plays one game of its own."""
    await act_as(page, "Ann")
    await private_answer(page, "/claimit cancel")
    await slash(page, "/nuggets new invite:@Bo")
    private = page.locator("#messages article", has=page.locator("button", has_text="Open to all"))
    await expect(private).to_have_count(1)
    lobby = by_id(page, await private.get_attribute("data-id"))
    for member in ("Di", "Ed"):
        await lobby.locator("select[data-users]").select_option(label=member)
        await expect(lobby).to_contain_text(f"{member}: asked")
    for member, answer in (("Bo", "Accept"), ("Di", "Decline")):
        await act_as(page, member)
        asked = page.locator("#messages article", has_text="invites you").filter(
            has_text=f"@{member}"
        )
        await asked.locator("button", has_text=answer).click()
        await expect(lobby).to_contain_text(
            f"{member}: {'joined' if member == 'Bo' else 'declined'}"
        )
    await act_as(page, "Ann")
    await camera.message("private-lobby.png", lobby)


async def take_back(page: Page, camera: Camera) -> None:
    """In the Claim It! game left in #games, which began where every game may take moves
    back, Bo rolls and then asks to take the roll back, which Ann is asked to agree to."""
    await act_as(page, "Ann")
    await page.locator("#channels li:not(.thread)").click()
    await expect(page.locator("#channel-kind")).to_have_text("#")
    table = page.locator("#messages article", has=page.locator(".gallery img")).last
    table = by_id(page, await table.get_attribute("data-id"))
    await until_turn_of("Bo", page, table, claim_it_move)
    await act_as(page, "Bo")
    await press(page, table.locator(PLAYS, has_text="Roll"))
    await table.locator(TAKE_BACK).click()
    request = page.locator("#messages article", has_text="asks to take back")
    await expect(request.locator("button", has_text="Agree")).to_be_visible()
    await camera.message("takeback-request.png", request)


async def tournament(page: Page, emulator: DiscordEmulator, camera: Camera) -> None:
    """Ann announces a Swiss tournament of Gold Nuggets starting in an hour, and four
    members sign up with its button (the sign-up's picture). The sandbox's clock moves on
    an hour: the first round starts by itself, each table a game in a thread of #games.
    Both games are played to their end (through Discord, not the page: nothing of them is
    pictured), and the second round starts at once, by the
    standings: the announcement's standings picture with points, and the new round's
    tables."""
    await act_as(page, "Ann")
    await page.locator("#channels li:not(.thread)").click()
    await expect(page.locator("#channel-kind")).to_have_text("#")
    await slash(page, TOURNAMENT)
    made = page.locator("#messages article", has_text="Winter Cup").filter(
        has=page.locator("button", has_text="Sign up")
    )
    await expect(made).to_have_count(1)
    announcement = by_id(page, await made.get_attribute("data-id"))
    for count, member in enumerate(ENTRANTS, start=1):
        await act_as(page, member)
        await announcement.locator("button", has_text="Sign up").click()
        await expect(announcement).to_contain_text(f"Signed up: {count} of 16")
    await act_as(page, "Ann")
    await camera.message("tournament-signup.png", announcement)

    await page.locator("#clock-moves button", has_text="+1 hour").click()
    await expect(announcement).to_contain_text("Round 1 of 2")
    rng = random.Random(CHOICES_SEED)
    for table_no in (1, 2):
        name = f"round 1 · table {table_no}"
        await expect(page.locator("#channels li.thread", has_text=name)).to_have_count(1)
        thread = next(
            channel
            for channel in emulator.channels.values()
            if channel.is_thread and name in channel.name
        )
        await unpictured_moves.play(emulator, thread, SEATS, nuggets_pick(rng), rng, MOST_MOVES)
    await expect(announcement).to_contain_text("Round 2 of 2")
    await expect(announcement.locator(".gallery img")).to_be_visible()
    await camera.message("tournament-standings.png", announcement)


async def lesson(browser: Browser, page: Page, url: str, camera: Camera) -> None:
    """Ann types ``/claimit learn``, rolls as its first step teaches, and at the second
    places another squatter than the one it asks for (``LESSON_OTHER``): the judge's
    words on what that cost, with **Try again** and **Go on**, at a desktop's size and a
    phone's. The lesson's dice are its own, prepared: the sandbox's are left as they were."""
    await act_as(page, "Ann")
    step = await private_answer(page, "/claimit learn")
    await expect(step).to_contain_text("Step 1 of ")
    for intent in (*LESSON_TAUGHT, LESSON_OTHER):
        await press(page, step.locator(LESSON_MOVE.format(intent=intent)))
    await expect(step.locator("button", has_text="Try again")).to_be_visible()
    await expect(step).to_contain_text("better by")
    await camera.message("lesson.png", step)
    phone = await open_page(browser, url, PHONE, "Ann")
    try:
        shown = by_id(phone, await step.get_attribute("data-id"))
        await expect(shown.locator("button", has_text="Go on")).to_be_in_viewport()
        await camera.page("lesson-phone.png", phone)
    finally:
        await phone.close()


async def lesson_on_the_board(
    browser: Browser, url: str, emulator: DiscordEmulator, camera: Camera
) -> None:
    """Bo opens the board from the channel's launcher, presses 🎓 **Learn to play** beside
    Gold Nuggets and rolls as its first step teaches: its second step, with the dice it
    talks about lit."""
    page = await open_page(browser, url, WHOLE_PAGE, "Bo")
    try:
        board = await launched(page, emulator, "Bo")
        entry = board.locator(".list--places .listing", has_text="Gold Nuggets")
        await entry.get_by_role("button", name="Learn to play").click()
        await board.locator('[data-focus="choice:roll"]').click()
        await expect(board.locator(".place__progress")).to_contain_text("Step 2 of ")
        await expect(board.locator(".die.lit").first).to_be_visible()
        await loaded(page.locator(VIEWER))
        await camera.page("board-lesson.png", page)
        await page.locator("#activity-close").click()
    finally:
        await page.close()


VIEWER = "#viewers .viewer:not([hidden])"
"""The Activity open beside the channel."""


async def launched(page: Page, emulator: DiscordEmulator, member: str) -> FrameLocator:
    """The board ``member`` opens from the channel's app launcher, consenting as Discord
    asks the first time: its list of the channel's games and what each offers them."""
    await page.locator("#launch-activity").click()
    viewer = page.locator(VIEWER)
    user = next(u for u in emulator.users.values() if u.name == member)
    if not emulator.consented(user.id, str(emulator.application_id), ["identify"]):
        await viewer.locator(".consent button", has_text="Authorize").click()
    return viewer.frame_locator("iframe")


async def drills_of_inaccuracies(page: Page) -> None:
    """Ann and Bo have their inaccuracies become drills too (``/my settings drills``), so
    that the one game of Claim It! they play makes some: graded in chance to win, a game
    of Claim It! has its mistakes near its end if at all."""
    for member in ("Bo", "Ann"):
        await act_as(page, member)
        chosen = await private_answer(page, "/my settings drills:inaccuracies")
        await expect(chosen).to_contain_text("inaccuracies")


async def drill(page: Page, database: Path, camera: Camera) -> None:
    """Ann asks for her drills of Claim It! (``/claimit drills``): the first is a position
    of the game she played with Bo, where the judge graded her choice an inaccuracy or
    worse, with a button per option and **Show the costs**. She presses it: the drill
    again, each option's cost under it. She then answers with the best, and the answer
    says it was and when the drill comes back (sooner, as she saw the costs), with the
    step-through at that move and **Next drill**."""
    await act_as(page, "Ann")
    asked = await private_answer(page, "/claimit drills")
    await expect(asked).to_contain_text("what would you do?")
    await expect(asked.locator(DRILL_HINT)).to_be_visible()
    await camera.message("drill-question.png", asked)
    first = await attribute(asked.locator(DRILL_OPTIONS).first, "data-custom-id")
    drill_id = int(first.split(":")[3])
    kept = await kept_options(
        database, "SELECT chosen, weighed FROM drills WHERE id = ?", (drill_id,)
    )
    await asked.locator(DRILL_HINT).click()
    await expect(asked.locator(DRILL_HINT)).to_have_count(0)
    await expect(asked).to_contain_text(": the best")
    await camera.message("drill-costs.png", asked)
    await asked.locator(DRILL_OPTION.format(option=kept.best)).click()
    await expect(asked).to_contain_text("Right: that was the best.")
    await expect(asked.locator("button", has_text="Step through from move")).to_be_visible()
    await camera.message("drill.png", asked)


@dataclass(frozen=True)
class KeptOptions:
    """What the sandbox's database keeps of a drill, or of a day's position, that its
    message never tells: what its player chose in the game (an inaccuracy or worse, or it
    would be no drill), and the best."""

    chosen: str
    best: str


async def kept_options(database: Path, query: str, arguments: tuple[int, ...]) -> KeptOptions:
    """The choice in its game and the best option of the one row ``query`` reads (its
    ``chosen`` and ``weighed``)."""
    kept = await open_database(database)
    try:
        rows = await kept.read(lambda connection: connection.fetch(query, arguments))
    finally:
        await kept.close()
    weighed = Weighed.from_json(json.loads(rows[0]["weighed"]))
    return KeptOptions(str(rows[0]["chosen"]), weighed.best)


async def my_drills(page: Page, camera: Camera) -> None:
    """Ann's ``/my drills``: her drills due, being learned and known in each game, what
    her decisions cost, and her three weakest themes, each with a button serving its
    drills."""
    await act_as(page, "Ann")
    progress = await private_answer(page, "/my drills")
    await expect(progress).to_contain_text("Your weakest kinds of decision")
    await camera.message("my-drills.png", progress)


async def drill_on_the_board(
    browser: Browser, url: str, emulator: DiscordEmulator, camera: Camera
) -> None:
    """Bo opens the board from the channel's launcher and presses 🎯 **Drills** beside his
    drills of Claim It!, made from the game he played with Ann: the first, its position
    from his seat, with a button per option."""
    page = await open_page(browser, url, WHOLE_PAGE, "Bo")
    try:
        board = await launched(page, emulator, "Bo")
        entry = board.locator(".list--places .listing", has_text="Your Claim It! drills")
        await entry.get_by_role("button", name="Drills").click()
        await expect(board.locator(".place__progress")).to_contain_text("Drill 1 of ")
        await expect(board.locator(".place__said")).to_contain_text("what would you do?")
        # The board keeps the question in view, which may scroll its heading away.
        await board.locator("#heading").scroll_into_view_if_needed()
        await loaded(page.locator(VIEWER))
        await camera.page("board-drill.png", page)
        await page.locator("#activity-close").click()
    finally:
        await page.close()


async def hint(page: Page, camera: Camera) -> None:
    """Ann opens a friendly Gold Nuggets game with hints against a computer player, rolls
    at her first turn and presses 💡 **Hint**: each set-aside the roll offers her as the
    judge weighs it, to her alone. The game is left there."""
    await act_as(page, "Ann")
    table = await open_lobby(page, "/nuggets new bots:1 hints:true")
    await expect(table).to_contain_text("This game is not rated.")
    await start(table)
    await until_turn_of("Ann", page, table, nuggets_move)
    await press(page, table.locator(PLAYS, has_text="Roll"))
    assert await next_turn(table), "the game ended"
    await table.locator(HINT).click()
    answer = page.locator("#messages article.ephemeral", has_text="Hint: your options")
    await expect(answer).to_have_count(1)
    answer = by_id(page, await answer.get_attribute("data-id"))
    await expect(answer).to_contain_text("the best")
    await camera.message("hint.png", answer)


async def voice_night(page: Page, camera: Camera) -> None:
    """Ann, Bo and Ed join the voice channel with a click each; in its chat Ann opens a
    Claim It! game night, which invites the other two, who accept; she starts, and the
    game is played to her second turn: the whole page, with who is in voice and the
    channel's status under its name."""
    await gathered_in_voice(page, IN_VOICE)
    host, *guests = IN_VOICE
    await slash(page, "/claimit new voice:true")
    private = page.locator("#messages article", has=page.locator("button", has_text="Open to all"))
    await expect(private).to_have_count(1)
    lobby = by_id(page, await private.get_attribute("data-id"))
    for member in guests:
        await act_as(page, member)
        asked = page.locator("#messages article", has_text="invites you").filter(
            has_text=f"@{member}"
        )
        await asked.locator("button", has_text="Accept").click()
        await expect(lobby).to_contain_text(f"{member}: joined")
    await act_as(page, host)
    await start(lobby)
    # The invitations' answers came after the lobby, so the table moves to the bottom
    # of the chat at its next change: it is found afresh each time.
    table = page.locator("#messages article", has=page.locator(".gallery img")).last
    # Everyone's first turn is played, from whoever begins, so the board holds claims.
    await until_turn_of(guests[0], page, table, claim_it_move)
    await until_turn_of(host, page, table, claim_it_move)
    await act_as(page, host)
    await expect(page.locator("#voice li.voice-status")).to_contain_text("Ann's turn")
    await in_view(table)
    await camera.page("voice-night.png", page)


async def group_dm(page: Page, camera: Camera) -> None:
    """In Ann, Bo and Cy's group DM, where the bot is no member, Ann opens a Claim It! game
    with her command installed to her account; its answer is the lobby, Bo joins, she
    starts, and the game is played to her second turn on that one message: the whole
    page, with the group DM open in the sidebar."""
    await act_as(page, "Ann")
    await page.locator(f'#dms li[data-channel="{GROUP_DM_ID}"]').click()
    await expect(page.locator("#channel-kind")).to_have_text("👥")
    lobby = await lobby_of_two(page, "/claimit new")
    await start(lobby)
    await until_turn_of("Bo", page, lobby, claim_it_move)
    await until_turn_of("Ann", page, lobby, claim_it_move)
    await act_as(page, "Ann")
    await in_view(lobby)
    await camera.page("group-dm.png", page)


DAILY_OPEN = 'button[data-custom-id^="dailyopen:"]'
DAILY_POSTS = f"#messages article:has({DAILY_OPEN})"
"""**Answer** on a position of the day's post (its custom_id names the server and the
day), and the posts."""
DAILY_OPTIONS = 'button[data-custom-id^="dailyanswer:"]'
DAILY_OPTION = DAILY_OPTIONS + '[data-custom-id$=":{option}"]'
DAILY_MENU = 'select[data-custom-id^="dailypick:"]'
"""A day's option as a button (its custom_id ends with the option), or the menu of its
options where there are many."""
FIRST_DAY = (("Ann", True), ("Bo", False), ("Cy", True))
"""Who answers the first day's position, and whether with the best: Bo answers as it
was played in the game; Cy's Discord is in German."""


async def position_of_the_day(
    page: Page, emulator: DiscordEmulator, database: Path, camera: Camera
) -> None:
    """Ann names #games for the position of the day, at the sandbox's current hour (UTC),
    so that the day's post is due at once; the sandbox's clock moves on ten minutes, which
    wakes the bot's watch, and the post comes. Ann, Bo and Cy answer it (Bo wrongly). The
    clock moves on a day: the next post says how the first went and shows the next
    position (its picture). Ann answers it right: her answer with her streak of two days,
    and **This month**, the month's table, are pictured."""
    await act_as(page, "Ann")
    await page.locator("#channels li:not(.thread)", has_text=CHANNEL_NAME).click()
    await expect(page.locator("#channel-kind")).to_have_text("#")
    hour = dt.datetime.fromtimestamp(emulator.clock.now(), dt.UTC).hour
    named = await private_answer(
        page, f"/server settings daily_channel:#{CHANNEL_NAME} daily_hour:{hour}"
    )
    await expect(named).to_contain_text(f"{hour:02}:00 UTC")
    posts = page.locator(DAILY_POSTS)
    await page.locator("#clock-moves button", has_text="+10 min").click()
    await expect(posts).to_have_count(1, timeout=REPORT_WAIT)
    first = by_id(page, await posts.last.get_attribute("data-id"))
    for member, right in FIRST_DAY:
        await daily_answer(page, first, database, member, right=right)

    # The page draws a message's time as the member acted as reads times: Ann's.
    await act_as(page, "Ann")
    await page.locator("#clock-moves button", has_text="+1 day").click()
    await expect(posts).to_have_count(2, timeout=REPORT_WAIT)
    post = by_id(page, await posts.last.get_attribute("data-id"))
    await expect(post).to_contain_text("Last position: 3 answered, 2 right.")
    await loaded(post)
    await camera.message("daily-post.png", post)
    answer = await daily_answer(page, post, database, "Ann", right=True)
    await expect(answer).to_contain_text("Your streak: 2 days in a row answered right.")
    await camera.message("daily-answer.png", answer)
    month = page.locator("#messages article.ephemeral", has_text="Positions of the day ·")
    await post.locator("button", has_text="This month").click()
    await expect(month).to_have_count(1)
    await expect(month).to_contain_text("Your streak: 2 days")
    await camera.message("daily-month.png", by_id(page, await month.get_attribute("data-id")))


async def daily_answer(
    page: Page, post: Locator, database: Path, member: str, *, right: bool
) -> Locator:
    """``member`` presses **Answer** under the day's ``post`` and answers the position
    it opens to them: with the best (``right``), else as it was played in the game. The
    answer, as it is shown to them alone."""
    await act_as(page, member)
    private = page.locator("#messages article.ephemeral")
    before = await private.count()
    await post.locator("button", has_text="Answer").click()
    await expect(private).to_have_count(before + 1)
    opened = by_id(page, await private.last.get_attribute("data-id"))
    guild, day = (await attribute(post.locator(DAILY_OPEN), "data-custom-id")).split(":")[1:]
    kept = await kept_options(
        database,
        "SELECT chosen, weighed FROM daily_posts WHERE guild_id = ? AND day = ?",
        (int(guild), int(day)),
    )
    option = kept.best if right else kept.chosen
    button = opened.locator(DAILY_OPTION.format(option=option))
    if await button.count():
        await button.click()
    else:
        await opened.locator(DAILY_MENU).select_option(value=option)
    # Answered (in the member's language: Cy's is German) once no option is left.
    await expect(opened.locator(f"{DAILY_OPTIONS}, {DAILY_MENU}")).to_have_count(0)
    await loaded(opened)
    return opened


Move = Callable[[Page, Locator], Awaitable[None]]
"""One move of the person to act at a table."""


async def until_turn_of(member: str, page: Page, table: Locator, move: Move) -> None:
    """Plays the game at ``table`` as whoever is to act until it is ``member``'s turn."""
    for _ in range(MOST_MOVES):
        assert await next_turn(table), "the game ended"
        acting = await mover(table)
        if acting == member:
            return
        await act_as(page, acting)
        await move(page, table)
    raise RuntimeError(f"the turn never came to {member}")


async def nuggets_move(page: Page, table: Locator) -> None:
    """Takes as soon as it may, else rolls; sets aside the first choice offered."""
    buttons = table.locator(PLAYS)
    names = labels_of(await buttons.all_inner_texts())
    takes = [i for i, name in enumerate(names) if "Take" in name]
    await press(page, buttons.nth(takes[0] if takes else 0))


async def claim_it_move(page: Page, table: Locator) -> None:
    """Rolls, places on the first letter offered, and stops once placed."""
    roll = table.locator(PLAYS, has_text="Roll")
    stop = table.locator(PLAYS, has_text="Stop & claim")
    if await stop.count():
        await press(page, stop)
    elif await roll.count():
        await press(page, roll)
    else:
        await press(page, table.locator(PLAYS).first)


# Running it -----------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def sandbox(dice: random.Random) -> AsyncIterator[tuple[str, DiscordEmulator, Path]]:
    """The sandbox running in this process, on a free port, its database and channel in a
    temporary directory; yields the page's address, its Discord and its database.
    Cancelled on the way out."""
    with tempfile.TemporaryDirectory(prefix="claimit-screenshots-") as where:
        settings = replace(
            # Nothing from the environment or a .env file: those may name a real database.
            Settings.load({}, Path(where) / "none"),
            sandbox_database=str(Path(where) / "sandbox.sqlite3"),
            sandbox_port=0,
            # Computer players move at once: the script waits for a person's turn.
            bot_pause=0,
        )
        # Scripted clicks come faster than anyone plays: Discord's limits in short windows
        # keep the pictures what a person would see, without waiting out Discord's seconds
        # between them.
        emulator = DiscordEmulator(rate_limits=DISCORD_RATE_LIMITS.quicker(100))
        async with sandbox_running(settings, emulator, dice=dice) as address:
            yield address, emulator, Path(settings.sandbox_database)


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        executable = next((str(path) for path in CHROMIUMS if path.exists()), None)
        browser = await playwright.chromium.launch(executable_path=executable, headless=True)
        try:
            yield browser
        finally:
            await browser.close()


async def make_pictures(out: Path) -> list[Written]:
    """Plays the games and writes every picture in ``PICTURES`` into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    camera = Camera(out)
    dice = random.Random()
    async with sandbox(dice) as (url, emulator, database), chromium() as browser:
        page = await open_page(browser, url, DESKTOP, "Ann")
        await drills_of_inaccuracies(page)
        # Each game's dice from its own seed: changing one game leaves the others as they were.
        dice.seed(CLAIMIT_DICE)
        await claim_it(browser, page, url, emulator, camera)
        await reliable_lobby(page, camera)
        dice.seed(NUGGETS_DICE)
        await gold_nuggets(browser, page, url, emulator, camera)
        dice.seed(CLAIM_DICE)
        await claim(browser, page, url, emulator, camera)
        await german(page, camera)
        dice.seed(MY_GAMES_DICE)
        await direct_messages(browser, page, url, camera)
        await take_back(page, camera)
        await private_table(page, camera)
        dice.seed(TOURNAMENT_DICE)
        await tournament(page, emulator, camera)
        await lesson(browser, page, url, camera)
        await lesson_on_the_board(browser, url, emulator, camera)
        await drill(page, database, camera)
        await my_drills(page, camera)
        await drill_on_the_board(browser, url, emulator, camera)
        dice.seed(HINT_DICE)
        await hint(page, camera)
        dice.seed(VOICE_DICE)
        await voice_night(page, camera)
        dice.seed(GROUP_DM_DICE)
        await group_dm(page, camera)
        await position_of_the_day(page, emulator, database, camera)
    missing = set(PICTURES) - set(camera.written)
    if missing:
        raise RuntimeError(f"not written: {', '.join(sorted(missing))}")
    return [camera.written[name] for name in PICTURES]


async def until_ctrl_c(out: Path) -> list[Written]:
    """``make_pictures``, stopped by Ctrl-C (``KeyboardInterrupt``) however it ends."""
    task = asyncio.current_task()
    assert task is not None
    loop = asyncio.get_running_loop()
    stopped = asyncio.Event()

    def stop() -> None:
        stopped.set()
        task.cancel()

    def quiet(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        # Playwright leaves the lost driver's error in a future nobody awaits.
        if not (stopped.is_set() and "driver" in str(context.get("exception"))):
            loop.default_exception_handler(context)

    # In a terminal Ctrl-C reaches Playwright's driver and Chromium too, which end at
    # once: the run then fails on the lost browser before it sees the cancellation.
    loop.add_signal_handler(signal.SIGINT, stop)
    loop.set_exception_handler(quiet)
    try:
        return await make_pictures(out)
    except BaseException:
        if stopped.is_set():
            raise KeyboardInterrupt from None
        raise
    finally:
        loop.remove_signal_handler(signal.SIGINT)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scripts.screenshots",
        description="Plays games in the sandbox in headless Chromium and writes the "
        "documentation's screenshots.",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT,
        help=f"where the pictures go (default: {DEFAULT_OUT.relative_to(ROOT)})",
    )
    arguments = parser.parse_args(argv)
    began = time.monotonic()
    try:
        written = asyncio.run(until_ctrl_c(arguments.out))
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        return 130
    for picture in written:
        print(
            f"{picture.name:24} {picture.width:>5}×{picture.height:<5} "
            f"{picture.size / 1024:7.1f} KiB"
        )
    print(f"{len(written)} pictures in {arguments.out} in {time.monotonic() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
