"""Acting in the sandbox page as a person would, for the browser tests of every game."""

from __future__ import annotations

import asyncio
import re
import socket
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from aiohttp import web
from playwright.async_api import Browser, Locator, Page, Route, ViewportSize, expect
from playwright.async_api import Error as PlaywrightError

from emulator import DiscordEmulator, User
from render.common.palette import PLAYERS
from sandbox.server_world import VOICE_CHANNEL_ID, populate
from sandbox.web import SandboxPage

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "sandbox"

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}

PLAYS = (
    "button:enabled:not([data-custom-id*=':follow:']):not([data-custom-id*=':takeback:'])"
    ":not([data-custom-id*=':board:']):not([data-custom-id$=':learn'])"
    ":not([data-custom-id$=':rules'])"
)
"""The enabled buttons that play a move: not **Follow**, **Take back** nor **Open the
board**, which a table being played may have (a take-back makes no move, and stays as it
was; the board opens beside the channel), nor 🎓 **Learn to play** under the rules, nor
a lobby's **How to play** (the rules, to the presser alone)."""


DEFAULT_VIEWPORT: ViewportSize = {"width": 1280, "height": 720}
"""Playwright's size for a page that is given none."""

_SPARE: dict[Browser, list[Page]] = {}
"""Pages a test has left, blank, for the next: a new page costs Chromium a renderer
process of its own (twice the CPU of going to the sandbox in a page it has)."""


@asynccontextmanager
async def page_with_board(
    emulator: DiscordEmulator, board: web.Application, sock: socket.socket
) -> AsyncIterator[tuple[str, SandboxPage]]:
    """The sandbox's page over ``emulator``, started, its ``/activity/`` the test's own
    ``board`` served on ``sock``; its address, and itself. Both stop at the end."""
    runner = web.AppRunner(board, access_log=None)
    await runner.setup()
    await web.SockSite(runner, sock).start()
    page = SandboxPage(emulator, populate(emulator))
    page.board_port = sock.getsockname()[1]
    try:
        yield await page.start(), page
    finally:
        await page.close()
        await runner.cleanup()


@asynccontextmanager
async def page_at(
    browser: Browser, url: str, viewport: ViewportSize | None = None
) -> AsyncIterator[Page]:
    """A page of the browser's at ``url`` (its default size unless ``viewport``), left blank
    afterwards however the test ends: nothing of it (what the page stored, a route, the
    mouse over a message) reaches the next test that takes it."""
    # A spare page's context may have been closed since (the ``browser`` fixture closes
    # the contexts of pages a test opened from it, a popup's).
    spare = _SPARE[browser] = [p for p in _SPARE.get(browser, []) if not p.is_closed()]
    page = spare.pop() if spare else await browser.new_page()
    kept = False
    try:
        await page.set_viewport_size(viewport or DEFAULT_VIEWPORT)
        await page.goto(url)
        yield page
        kept = await _blank(page)
    finally:
        if kept:
            spare.append(page)
        else:
            await page.close()


async def _blank(page: Page) -> bool:
    """Leaves the page as new, if it can be (a closed or crashed page can't)."""
    if page.is_closed():
        return False
    try:
        await page.unroute_all(behavior="ignoreErrors")
        await page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        await page.mouse.move(0, 0)
        await page.goto("about:blank")
    except PlaywrightError:
        return False
    return True


def is_spare(page: Page) -> bool:
    """Whether the page waits, blank, for a test to take it."""
    return any(page in pages for pages in _SPARE.values())


@asynccontextmanager
async def open_page(
    browser: Browser, url: str, viewport: ViewportSize, acting_as: str | None = None
) -> AsyncIterator[Page]:
    """The sandbox's page once its members are listed and it is live (``page_at``), acting
    as the member ``acting_as`` names, if it names one."""
    async with page_at(browser, url, viewport) as page:
        await expect(page.locator("#members li")).to_have_count(5)
        await expect(page.locator("#live")).to_have_class("online")
        if acting_as is not None:
            await act_as(page, acting_as)
        yield page


def member(emulator: DiscordEmulator, name: str) -> User:
    """The sandbox's member called ``name``."""
    return next(u for u in emulator.users.values() if u.name == name)


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


async def say(page: Page, text: str) -> None:
    """Says ``text`` in the open channel as the member acted as (the box chats when the text
    has no leading slash), once the page shows it."""
    await slash(page, text)
    await expect(chat(page).last).to_have_text(text)


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


def public(page: Page) -> Locator:
    """The messages everyone in the channel sees (not those only the member sees)."""
    return page.locator("#messages article:not(.ephemeral)")


def chat(page: Page) -> Locator:
    """What members said in the channel: their messages' text (the bot's are cards)."""
    return page.locator("#messages article:not(.ephemeral) > .body > .content")


def pings(page: Page) -> Locator:
    """The bot's messages telling someone it is their turn (a game's table mentions
    nobody)."""
    return page.locator("#messages article:not(.ephemeral):has(.v2 .mention)")


def tables(page: Page, game: str) -> Locator:
    """The public messages that show the game called ``game`` ("Claim It! #1"): its table,
    or its result once it is over. A game has one at any moment."""
    heading = page.locator(".heading", has_text=re.compile(rf"^{re.escape(game)}( · |$)"))
    return public(page).filter(has=heading)


async def the_table(page: Page, game: str) -> Locator:
    """The game's one table, pinned by its id (a move may post it anew at the bottom)."""
    await expect(tables(page, game)).to_have_count(1)
    return by_id(page, await tables(page, game).get_attribute("data-id"))


async def new_lobby(page: Page, command: str) -> Locator:
    """The lobby the ``command`` (``/claimit new``) posts, once its Join button shows; found
    by its id, so that it stays found once it is the game's table."""
    await slash(page, command)
    await expect(messages(page).last.locator("button", has_text="Join")).to_be_visible()
    return by_id(page, await messages(page).last.get_attribute("data-id"))


async def start_from_lobby(lobby: Locator, game: str, start: str = "Start") -> Locator:
    """The host presses Start (``start``, in the server's language): the lobby message
    becomes the game's table, edited in place, with the board's picture and without the
    lobby's buttons."""
    await lobby.locator("button", has_text=start).click()
    await expect(lobby.locator(PICTURE)).to_be_visible()
    await expect(lobby.locator(".heading")).to_have_text(game)
    await expect(lobby.locator("button", has_text=start)).to_have_count(0)
    return lobby


async def picture_changed(page: Page, message_id: str | None, before: str | None) -> None:
    """Waits until the message's picture is no longer ``before``: looked for every 20 ms,
    where an assertion looks again only after 100 ms, then 250, which a whole game's every
    move paid on top of the bot's own time."""
    await page.wait_for_function(
        """([id, before]) => {
            const picture = document.querySelector(
                `#messages article[data-id="${CSS.escape(id)}"] .gallery img`);
            return picture !== null && picture.getAttribute("src") !== before;
        }""",
        arg=[message_id, before or ""],
        polling=20,
    )


def by_id(page: Page, message_id: str | None) -> Locator:
    """A message by its id: it stays found when its buttons go."""
    return page.locator(f'#messages article[data-id="{message_id}"]')


async def follow_to_final(
    page: Page, history: str, link_text: str, final: str | None, channel: str
) -> None:
    """The ``history`` command's link to a game's final message (``final``) opens it here:
    in its ``channel``, highlighted, its picture in view."""
    await slash(page, history)
    link = messages(page).last.locator("a", has_text=link_text)
    await expect(link).to_have_attribute("data-message", final or "")
    await link.click()
    await expect(page.locator("#channel-name")).to_have_text(channel)
    shown = by_id(page, final)
    await expect(shown).to_have_class(re.compile(r"\bhighlight\b"))
    await expect(shown.locator(PICTURE)).to_be_in_viewport()


async def next_turn(page: Page) -> Locator | None:
    """The game's table once it has buttons (or menus) for a person to use, or None once
    the game is over."""
    turn = page.locator(f"#messages article:has({PLAYS}, select:enabled)")
    over = public(page).locator(".title, .heading", has_text="game over")
    # Waited for as the page changes: an assertion looks again only after 100 ms, then
    # 250, which a whole game's every turn paid on top of the bot's own time.
    await turn.or_(over).first.wait_for()
    if await over.count():
        return None
    return by_id(page, await turn.last.get_attribute("data-id"))


SEATS = "".join(style.emoji for style in PLAYERS)
"""Each seat's mark, before its player's name where the table says who does what next."""


async def mover(table: Locator) -> str:
    """Whom the table asks to act, by its prompt ("🔵 Ann: roll the dice."). The table
    mentions nobody: a ping of its own tells them."""
    await expect(table.locator(".mention")).to_have_count(0)
    words = await table.locator(".container > .text").first.inner_text()
    named = re.findall(rf"^[{SEATS}] (.+?): ", words, re.MULTILINE)
    assert named, words
    return str(named[-1])


async def at_the_bottom(page: Page, table: Locator) -> None:
    """The channel's newest message is the game's table, or its ping right under it (one
    that links to it)."""
    table_id = await table.get_attribute("data-id")
    here = f'#message-list > article[data-id="{table_id}"]'
    bottom = page.locator(
        f"{here}:last-child, {here} + article:last-child:has(a[data-message='{table_id}'])"
    )
    await expect(bottom).to_have_count(1)


async def loaded_width(picture: Locator) -> int:
    """The picture's width once it has arrived; 0 if it is broken."""
    width: int = await picture.evaluate("(i) => i.decode().then(() => i.naturalWidth, () => 0)")
    return width


def roll_and_take(labels: Sequence[str]) -> tuple[int, int, bool] | None:
    """Where Roll and Take are among a Gold Nuggets turn's button ``labels``, and whether
    Roll still has four dice or more to roll; None unless both are offered."""
    rolls = [i for i, label in enumerate(labels) if "Roll" in label]
    takes = [i for i, label in enumerate(labels) if "Take" in label]
    if not rolls or not takes:
        return None
    left = re.search(r"\((\d) dic?e\)", labels[rolls[0]])
    return rolls[0], takes[0], left is not None and int(left.group(1)) >= 4


async def gathered_in_voice(page: Page, members: Sequence[str]) -> None:
    """Each of ``members`` joins the voice channel with a click, in this order, and the
    first opens its chat, acted as."""
    voice = page.locator(f'#voice li[data-channel="{VOICE_CHANNEL_ID}"]')
    for name in members:
        await act_as(page, name)
        await voice.get_by_role("button", name="Join voice").click()
    await expect(page.locator("#voice li.in-voice")).to_have_text(list(members))
    await act_as(page, members[0])
    await voice.locator(".voice-name").click()
