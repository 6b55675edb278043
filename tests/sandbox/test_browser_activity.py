"""The board as Discord runs it, in the sandbox page: **Open the board** under a table
launches the app's Activity for the member who pressed it, and the page opens it beside
the channel, in a frame of the Activity served through the page's own server (Discord's
proxy) and spoken to as Discord's client speaks to it (the SDK's postMessage protocol).
The real bot, its real Activity page and Discord's real SDK, over the emulator."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.async_api import Browser, FrameLocator, Locator, Page, expect

from emulator import DiscordEmulator, User
from sandbox.server_world import CHANNEL_ID, GUILD_ID
from tests.sandbox.conftest import Sandbox
from tests.sandbox.pages import (
    DESKTOP,
    PHONE,
    act_as,
    new_lobby,
    open_page,
    start_from_lobby,
)

pytestmark = pytest.mark.browser

GAME = "Claim It! #1"
WAIT = 10.0
"""A safety net for a hang, in seconds: the emulator changes as the bot answers."""


def member(emulator: DiscordEmulator, name: str) -> User:
    return next(u for u in emulator.users.values() if u.name == name)


def viewer(page: Page, user: User) -> Locator:
    return page.locator(f'#viewers .viewer[data-member="{user.id}"]')


def board(page: Page, user: User) -> FrameLocator:
    """The member's Activity, in their viewer's frame."""
    return viewer(page, user).frame_locator("iframe")


async def a_table(page: Page) -> Locator:
    """A Claim It! game of Ann's against a computer player, being played."""
    await act_as(page, "Ann")
    lobby = await new_lobby(page, "/claimit new bots:1")
    return await start_from_lobby(lobby, GAME)


async def open_the_board(page: Page, table: Locator) -> None:
    await table.locator("button", has_text="Open the board").click()
    await expect(page.locator("#activity-pane")).to_be_visible()


async def shows_the_game(page: Page, user: User) -> None:
    """The member's board shows the game they opened it from: the page signed them in
    through Discord, and the bot's server vouched for them."""
    await expect(board(page, user).locator("#heading")).to_contain_text(GAME)


async def consent(page: Page, user: User, button: str) -> None:
    dialog = viewer(page, user).locator(".consent")
    await expect(dialog).to_contain_text("Game Bot wants to:")
    await expect(dialog).to_contain_text("know who you are (identify)")
    await dialog.locator("button", has_text=button).click()
    await expect(dialog).to_have_count(0)


def in_instance(emulator: DiscordEmulator, instance_id: str) -> list[int]:
    """Who is in the instance (nobody, once it is over)."""
    instance = emulator.activity_instance(instance_id)
    return [] if instance is None else list(instance.users)


async def test_a_member_opens_the_board_under_a_table_consenting_once(
    page: Page, sandbox: Sandbox
) -> None:
    emulator = sandbox.emulator
    ann = member(emulator, "Ann")
    table = await a_table(page)

    await open_the_board(page, table)
    (launch,) = emulator.activity_launches
    assert (launch.user_id, launch.channel_id) == (ann.id, CHANNEL_ID)
    frame = viewer(page, ann).locator("iframe")
    src = urlsplit(await frame.get_attribute("src") or "")
    query = {key: values for key, (values,) in parse_qs(src.query).items()}
    assert src.path == "/activity/"
    assert re.fullmatch(r"[0-9a-f-]{36}", query.pop("frame_id"))
    assert query == {
        "instance_id": launch.instance_id,
        "platform": "desktop",
        "guild_id": str(GUILD_ID),
        "channel_id": str(CHANNEL_ID),
        "location_id": f"gc-{GUILD_ID}-{CHANNEL_ID}",
    }
    await consent(page, ann, "Authorize")
    await shows_the_game(page, ann)
    await expect(page.locator("#activity-title")).to_have_text("Game Bot · #games")

    # Closing the pane leaves the instance, which was Ann's alone: it is over.
    await page.locator("#activity-close").click()
    await expect(page.locator("#activity-pane")).to_be_hidden()
    await emulator.wait_until(lambda: emulator.activity_instance(launch.instance_id) is None, WAIT)

    # Discord asks only once: the second time the board signs her in at once.
    await open_the_board(page, table)
    await shows_the_game(page, ann)
    await expect(viewer(page, ann).locator(".consent")).to_have_count(0)
    second = emulator.activity_launches[-1]
    assert second.instance_id != launch.instance_id
    assert in_instance(emulator, second.instance_id) == [ann.id]


async def test_cancelling_the_consent_leaves_the_board_saying_so(
    page: Page, sandbox: Sandbox
) -> None:
    emulator = sandbox.emulator
    ann = member(emulator, "Ann")
    await open_the_board(page, await a_table(page))
    await consent(page, ann, "Cancel")
    # The SDK's authorize fails with Discord's words, which the board shows; the pane
    # stays, and Ann stays in the instance until she closes it.
    await expect(board(page, ann).locator("main")).to_contain_text("access_denied")
    await expect(page.locator("#activity-pane")).to_be_visible()
    (launch,) = emulator.activity_launches
    assert in_instance(emulator, launch.instance_id) == [ann.id]
    assert not emulator.consented(ann.id, emulator.application_id, ["identify"])


async def test_each_member_has_their_own_board_kept_while_another_is_shown(
    page: Page, sandbox: Sandbox
) -> None:
    emulator = sandbox.emulator
    ann, bo = member(emulator, "Ann"), member(emulator, "Bo")
    table = await a_table(page)
    await open_the_board(page, table)
    await consent(page, ann, "Authorize")
    await shows_the_game(page, ann)
    # Marked, to tell the same frame from one loaded anew.
    await (
        viewer(page, ann)
        .locator("iframe")
        .evaluate("(frame) => { frame.contentWindow.keptAlive = true; }")
    )

    await act_as(page, "Bo")
    await expect(page.locator("#activity-pane")).to_be_hidden()
    await open_the_board(page, table)
    await consent(page, bo, "Authorize")
    await shows_the_game(page, bo)
    await expect(viewer(page, ann)).to_be_hidden()
    instance = emulator.activity_launches[-1].instance_id
    assert in_instance(emulator, instance) == [ann.id, bo.id]

    await act_as(page, "Ann")
    await expect(viewer(page, ann)).to_be_visible()
    await expect(viewer(page, bo)).to_be_hidden()
    kept = await viewer(page, ann).locator("iframe").evaluate("(f) => f.contentWindow.keptAlive")
    assert kept is True
    # Ann's board heard Bo come (ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE), and says so in
    # its words, never by a key.
    await expect(board(page, ann).locator("#here")).to_contain_text("Bo")
    await expect(board(page, ann).locator("#here")).to_contain_text("Here now: Ann, Bo")

    # Bo leaves from his own pane; Ann's board hears him go.
    await act_as(page, "Bo")
    await page.locator("#activity-close").click()
    await emulator.wait_until(lambda: in_instance(emulator, instance) == [ann.id], WAIT)
    await act_as(page, "Ann")
    await expect(board(page, ann).locator("#here")).not_to_contain_text("Bo")


async def test_a_second_tab_acting_as_another_member_has_its_own_board(
    page: Page, browser: Browser, sandbox: Sandbox
) -> None:
    emulator = sandbox.emulator
    ann, cy = member(emulator, "Ann"), member(emulator, "Cy")
    table = await a_table(page)
    table_id = await table.get_attribute("data-id")
    async with open_page(browser, sandbox.url, DESKTOP, "Cy") as other:
        await open_the_board(other, other.locator(f'#messages article[data-id="{table_id}"]'))
        await consent(other, cy, "Authorize")
        await shows_the_game(other, cy)
        # The launch was Cy's, in the other tab: this one opens nothing, even as Cy.
        await expect(page.locator("#activity-pane")).to_be_hidden()
        await act_as(page, "Cy")
        await expect(page.locator("#activity-pane")).to_be_hidden()
        await expect(page.locator("#viewers .viewer")).to_have_count(0)

        await act_as(page, "Ann")
        await open_the_board(page, table)
        await consent(page, ann, "Authorize")
        await shows_the_game(page, ann)
        await expect(other.locator("#viewers .viewer")).to_have_count(1)
        instance = emulator.activity_launches[-1].instance_id
        assert in_instance(emulator, instance) == [cy.id, ann.id]


async def test_on_a_phone_the_board_takes_the_screen_as_on_discords_app(
    page: Page, sandbox: Sandbox
) -> None:
    ann = member(sandbox.emulator, "Ann")
    table = await a_table(page)
    await page.set_viewport_size(PHONE)
    await open_the_board(page, table)
    src = await viewer(page, ann).locator("iframe").get_attribute("src") or ""
    assert parse_qs(urlsplit(src).query)["platform"] == ["mobile"]
    box = await page.locator("#activity-pane").bounding_box()
    assert box is not None and (box["x"], box["width"]) == (0, PHONE["width"])
    await consent(page, ann, "Authorize")
    await shows_the_game(page, ann)
    await page.locator("#activity-close").click()
    await expect(page.locator("#activity-pane")).to_be_hidden()


async def test_the_launcher_opens_the_channels_activity_without_a_game(
    page: Page, sandbox: Sandbox
) -> None:
    emulator = sandbox.emulator
    ann = member(emulator, "Ann")
    await act_as(page, "Ann")
    await page.locator("#launch-activity").click()
    await consent(page, ann, "Authorize")
    # No game was pressed: the board lists the channel's games.
    await expect(board(page, ann).locator("#heading")).to_have_text("Games in this channel")
    (launch,) = emulator.activity_launches
    assert (launch.user_id, launch.channel_id) == (ann.id, CHANNEL_ID)
