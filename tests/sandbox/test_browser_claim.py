"""A whole game of Claim in the sandbox page, in a real headless Chromium: one person plays
both seats of a 2-player game as two members, from ``/claim new`` to the result. The lobby
becomes the game's one table. Each member presses **My hand** once (the first to act on
the ping that tells them, the other on the table while waiting) and plays every decision
from that one private message, which the bot edits as the game goes: their hand as a
picture and, exactly while they must decide, a button per card (those they may not play
greyed out) or per choice.

Whenever the page acts as one member, none of the other's private messages is in it: not
their ids, pictures or buttons. The emulator, which knows whom each private message is
for, is the judge of that.

The bot's dice come from a seeded generator and the test's picks from another: the same
clicks replay the same game."""

from __future__ import annotations

import asyncio
import io
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image
from playwright.async_api import Browser, Locator, Page, Route, expect

from emulator import Message
from emulator.components import IS_COMPONENTS_V2
from emulator.model import EPHEMERAL, LOADING, Attachment, snowflake
from sandbox.server_world import CHANNEL_ID
from tests.sandbox.conftest import Sandbox, put_message
from tests.sandbox.pages import (
    CONTROLS,
    DESKTOP,
    PHONE,
    PICTURE,
    act_as,
    acting_as,
    by_id,
    fitted,
    loaded_width,
    messages,
    new_lobby,
    open_page,
    pings,
    public,
    shoot,
    start_from_lobby,
)

pytestmark = pytest.mark.browser

DICE_SEED = 1
"""The bot's dice (the deal, who goes first): a game with every kind of choice in a hand."""
CHOICES_SEED = 4
"""The test's own picks among the cards a hand offers."""
FACTIONS = "seers,automatons,raccoons"
"""Added to Goblins and Knights: a Seer's win offers prizes to take, an Automaton's an
automatic trick both members discard to at once, Raccoons a loot choice."""
GAME = "Claim #1"
MY_HAND = 'button[data-custom-id^="claim:mine:"]'
SEAT_BUTTONS = 'button[data-custom-id^="claim:seat:"]'
HANDS = f"#messages article.ephemeral:has(.heading:text-is('Your hand · {GAME}'))"
MOST_MOVES = 200


@dataclass
class Played:
    """What the test did, to show that the game used what it is about."""

    moves: int = 0
    hands: int = 0
    """Hand messages opened (**My hand** pressed)."""
    greyed: int = 0
    """Card buttons shown disabled (the follow rule) in the hands played from."""
    switches: int = 0
    intents: set[str] = field(default_factory=set)
    """What the buttons pressed did: ``play``, ``take``, ``discard``, ``loot``."""


@dataclass(frozen=True)
class Table:
    page: Page
    sandbox: Sandbox


@pytest.fixture
def dice_seed() -> int:
    return DICE_SEED


@pytest.fixture
def table(page: Page, sandbox: Sandbox) -> Table:
    return Table(page, sandbox)


@pytest.mark.long(seconds=26)
async def test_a_whole_claim_game_played_from_one_open_hand_each(table: Table) -> None:
    page = table.page
    board = await open_game(page)
    played = Played()
    hands = await open_both_hands(table, board, played)

    rng = random.Random(CHOICES_SEED)
    shot = False
    while acting := await to_act(board):
        to_move = acting[0]
        assert await pings(page).count() <= 1
        if await acting_as(page) != to_move:
            await act_as(page, to_move)
            played.switches += 1
            await check_only_own_private_messages(table, to_move)
        # The one hand they opened, playable now that they must decide.
        hand = hands[to_move]
        await expect(page.locator(HANDS)).to_have_count(1)
        await expect(hand.locator(f"{SEAT_BUTTONS}:enabled").first).to_be_visible()
        greyed = await check_the_hand(table, hand, to_move)
        played.greyed += greyed
        if greyed and not shot:
            await shoot_on_a_phone(table, hand, board)
            shot = True
        played.intents.add(await play_from_hand(page, hand, board, rng))
        played.moves += 1
        still = await to_act(board)
        if still and to_move not in still:
            # Their part is done until the game comes back to them.
            await expect(hand.locator("button")).to_have_count(0)
            await expect(hand.locator(".container .text").first).to_contain_text(
                "Not your turn: waiting for"
            )
        assert played.moves < MOST_MOVES, "the game did not finish"

    # The table became the result; the ping went with the last turn.
    result = board
    await expect(result.locator(".heading")).to_have_text(f"{GAME} · game over")
    await expect(result).to_contain_text("Ratings")
    await expect(result.locator(PICTURE)).to_be_in_viewport()
    assert await loaded_width(result.locator(PICTURE)) > 0
    await expect(page.locator(f"#messages {MY_HAND}")).to_have_count(0)
    await expect(public(page)).to_have_count(1)
    for member in ("Ann", "Bo"):
        if await acting_as(page) != member:
            await act_as(page, member)
        # Each hand says the game is over, with nothing left to press.
        await expect(hands[member]).to_contain_text("game is over")
        await expect(hands[member].locator("button")).to_have_count(0)
        await check_only_own_private_messages(table, member)
    await shoot(page, "claim-3-game-over")
    await fitted(page, table.sandbox.emulator, result, "claim-result")

    emulator = table.sandbox.emulator
    for member in ("Ann", "Bo"):
        me = next(u.id for u in emulator.users.values() if u.name == member)
        opened = [m for m in emulator.channels[CHANNEL_ID].messages if m.visible_to == me]
        assert len(opened) <= 2, (member, len(opened))
    assert played.hands == 2, played
    # 2 players: 13 tricks in each phase, a card each.
    assert played.moves >= 52, played
    assert played.switches >= 10, played
    assert played.greyed > 0, played
    # Should the deal change, another DICE_SEED brings every kind of choice again.
    assert played.intents == {"play", "take", "discard", "loot"}, played


async def open_game(page: Page) -> Locator:
    """Ann opens a lobby, Bo joins, Ann starts: the lobby becomes the table, with **My
    hand**."""
    await act_as(page, "Ann")
    lobby = await new_lobby(page, f"/claim new factions:{FACTIONS}")
    await act_as(page, "Bo")
    await lobby.locator("button", has_text="Join").click()
    await expect(lobby.locator("button", has_text="Start")).to_be_enabled()
    await act_as(page, "Ann")
    board = await start_from_lobby(lobby, GAME)
    await expect(board.locator(MY_HAND)).to_have_count(1)
    await shoot(page, "claim-0-first-table")
    return board


async def open_both_hands(table: Table, board: Locator, played: Played) -> dict[str, Locator]:
    """The member to act opens **My hand** on the ping that tells them (it names them and
    links to the table); the other opens theirs on the table while waiting: they see their
    cards and nothing to press, and the first member then sees none of it."""
    page = table.page
    (first,) = await to_act(board)
    other = "Bo" if first == "Ann" else "Ann"
    if await acting_as(page) != first:
        await act_as(page, first)
    ping = pings(page)
    await expect(ping).to_have_count(1)
    await expect(ping.locator(".mention")).to_have_text(f"@{first}")
    await expect(
        ping.locator(f'a[data-message="{await board.get_attribute("data-id")}"]')
    ).to_have_text(GAME)
    hands = {first: await open_hand(page, ping)}
    assert await owner(table, hands[first]) == first

    await act_as(page, other)
    hand = await open_hand(page, board)
    await expect(hand.locator(".container .text").first).to_contain_text(
        f"Not your turn: waiting for {first}"
    )
    await expect(hand.locator("button")).to_have_count(0)
    assert await loaded_width(hand.locator(PICTURE)) > 0
    assert await owner(table, hand) == other
    hands[other] = hand
    played.hands += 2
    await act_as(page, first)
    await expect(hand).to_have_count(0)
    await check_only_own_private_messages(table, first)
    return hands


async def to_act(board: Locator) -> list[str]:
    """The members the table asks to act, in its order: those named where it says to open
    **My hand** (both at first in an automatic trick, then whoever has not discarded); none
    once the game is over."""
    if await board.locator(".heading", has_text="game over").count():
        return []
    description = await board.locator(".container .text").first.inner_text()
    (prompt,) = [p for p in description.split("\n\n") if "My hand" in p]
    named = re.findall(r"\b(Ann|Bo)\b", prompt)
    assert named, prompt
    # Nobody is mentioned on the table: a ping of its own tells them.
    await expect(board.locator(".mention")).to_have_count(0)
    return named


async def open_hand(page: Page, message: Locator) -> Locator:
    """Presses **My hand** on ``message``; the private message that answers, once its hand
    has come (a slow picture shows "thinking…" in its place first)."""
    hands = page.locator(HANDS)
    before = await hands.count()
    await message.locator(MY_HAND).click()
    await expect(hands).to_have_count(before + 1)
    hand = by_id(page, await hands.last.get_attribute("data-id"))
    await expect(hand).to_contain_text("Only you can see this")
    await expect(hand.locator(".loading")).to_have_count(0)
    return hand


async def owner(table: Table, hand: Locator) -> str:
    """Whom the emulator shows this private message to."""
    message = table.sandbox.emulator.messages[int(await hand.get_attribute("data-id") or 0)]
    assert message.ephemeral and message.visible_to is not None
    return table.sandbox.emulator.users[message.visible_to].name


async def check_the_hand(table: Table, hand: Locator, member: str) -> int:
    """The member's own hand, with its picture, the table's choices as buttons, each
    enabled exactly when the bot allows it (several Goblin 0s share a label: buttons are
    told apart by custom_id). Returns how many are greyed out."""
    assert await owner(table, hand) == member
    await expect(hand.locator(".heading")).to_have_text(f"Your hand · {GAME}")
    assert await loaded_width(hand.locator(PICTURE)) > 0
    await expect(hand.locator(CONTROLS).first).to_be_in_viewport()
    message = table.sandbox.emulator.messages[int(await hand.get_attribute("data-id") or 0)]
    wanted = {str(b["custom_id"]): bool(b.get("disabled")) for b in message.buttons()}
    assert wanted and not all(wanted.values()), wanted
    shown = hand.locator(SEAT_BUTTONS)
    await expect(shown).to_have_count(len(wanted))
    assert set(await custom_ids(shown)) == set(wanted)
    for custom_id, disabled in wanted.items():
        button = hand.locator(f'button[data-custom-id="{custom_id}"]')
        if disabled:
            await expect(button).to_be_disabled()
        else:
            await expect(button).to_be_enabled()
    await check_only_own_private_messages(table, member)
    return sum(wanted.values())


async def play_from_hand(page: Page, hand: Locator, board: Locator, rng: random.Random) -> str:
    """Presses one of the hand's enabled buttons, by custom_id; the hand changes in place
    (the same message, edited, without that button), no other hand comes, and the table
    shows the move, edited in place. Returns what was done (``play``, ``take``,
    ``discard``, ``loot``)."""
    enabled = await custom_ids(hand.locator(f"{SEAT_BUTTONS}:enabled"))
    assert enabled
    custom_id = rng.choice(sorted(enabled))
    picture = await hand.locator(PICTURE).get_attribute("src")
    drawn = await board.locator(PICTURE).get_attribute("src")
    await hand.locator(f'button[data-custom-id="{custom_id}"]').click()
    # Waited for as the page changes (an assertion looks again only after 100 ms).
    await hand.locator(f'[data-custom-id="{custom_id}"]').first.wait_for(state="detached")
    await expect(hand.locator(".time")).to_contain_text("(edited)")
    await expect(hand.locator(PICTURE)).not_to_have_attribute("src", picture or "")
    await expect(page.locator(HANDS)).to_have_count(1)
    await expect(board.locator(PICTURE)).not_to_have_attribute("src", drawn or "")
    return custom_id.rsplit(":", 1)[-1].split("=", 1)[0]


async def custom_ids(buttons: Locator) -> list[str]:
    ids: list[str] = await buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.customId)")
    return ids


async def check_only_own_private_messages(table: Table, member: str) -> None:
    """Acting as ``member``, the page holds their private messages and nobody else's: no
    other member's private message, picture or button is anywhere in it."""
    page, emulator = table.page, table.sandbox.emulator
    await expect(page.locator("#members li.active")).to_contain_text(member)
    await expect(page.locator("#acting-as")).to_have_text(f"as {member}")
    me = next(u.id for u in emulator.users.values() if u.name == member)
    private = [m for m in emulator.channels[CHANNEL_ID].messages if m.ephemeral and not m.deleted]
    mine = [m for m in private if m.visible_to == me]
    theirs = [m for m in private if m.visible_to != me]
    await expect(page.locator("#messages article.ephemeral")).to_have_count(len(mine))
    shown = await page.evaluate(
        """() => ({
          articles: [...document.querySelectorAll("#messages article")].map((a) => a.dataset.id),
          ephemeral: [...document.querySelectorAll("#messages article.ephemeral")]
            .map((a) => a.dataset.id),
          pictures: [...document.querySelectorAll("img")].map((i) => i.getAttribute("src")),
          controls: [...document.querySelectorAll("[data-custom-id]")]
            .map((c) => c.dataset.customId),
        })"""
    )
    assert set(shown["ephemeral"]) == {str(m.id) for m in mine}
    html = await page.content()
    own_controls = {str(b.get("custom_id")) for m in mine for b in m.buttons()}
    for message in theirs:
        assert str(message.id) not in shown["articles"]
        assert str(message.id) not in html
        for attachment in message.attachments:
            assert f"/{attachment.id}/" not in html
            assert not any(f"/{attachment.id}/" in (src or "") for src in shown["pictures"])
        for button in message.buttons():
            custom_id = str(button.get("custom_id"))
            if custom_id not in own_controls:
                assert custom_id not in shown["controls"]
                assert f'"{custom_id}"' not in html


async def shoot_on_a_phone(table: Table, hand: Locator, board: Locator) -> None:
    """A hand with greyed-out cards, and the table, at both sizes: the buttons wrap within
    a phone's width and no more than four rows of them hold a whole hand, each row on one
    line even on a phone."""
    await table.page.set_viewport_size(PHONE)
    lines = await hand.locator(CONTROLS).evaluate_all(
        "(rows) => rows.map((r) => new Set([...r.children].map((b) => b.offsetTop)).size)"
    )
    assert 0 < len(lines) <= 4 and set(lines) == {1}, lines
    await table.page.set_viewport_size(DESKTOP)
    await fitted(table.page, table.sandbox.emulator, hand, "claim-hand")
    await fitted(table.page, table.sandbox.emulator, board, "claim-table")


# What the page does by itself -----------------------------------------------------------


async def test_a_view_asked_for_one_member_is_not_shown_once_another_is_chosen(
    table: Table,
) -> None:
    """Switching members while the page is still loading the first one's view (a change
    came just before): that view, with the first member's hand, never shows as the
    second's; the page shows the first member until the second's view has come."""
    page, sandbox = table.page, table.sandbox
    emulator = sandbox.emulator
    turn = await open_game(page)
    await act_as(page, "Ann")
    ann_hand = await open_hand(page, turn)
    ids = {u.name: str(u.id) for u in emulator.users.values()}

    ann_asked, release_ann = asyncio.Event(), asyncio.Event()
    bo_asked, release_bo = asyncio.Event(), asyncio.Event()

    async def hold(route: Route) -> None:
        url = route.request.url
        if f"user={ids['Ann']}" in url and not release_ann.is_set():
            ann_asked.set()
            await release_ann.wait()
        elif f"user={ids['Bo']}" in url and not release_bo.is_set():
            bo_asked.set()
            await release_bo.wait()
        await route.continue_()

    await page.route("**/api/channel?*", hold)
    try:
        # Bo opens his hand (in Discord, from his own screen): the page hears of a change and
        # asks for Ann's view again.
        table_message = emulator.messages[int(await turn.get_attribute("data-id") or 0)]
        bo = emulator.users[int(ids["Bo"])]
        await emulator.answer(await emulator.click(bo, table_message, "My hand"), timeout=10)
        await asyncio.wait_for(ann_asked.wait(), 10)
        await page.locator("#members li", has_text="Bo").click()
        release_ann.set()
        # Bo's view is asked for once Ann's answer has been dealt with.
        await asyncio.wait_for(bo_asked.wait(), 10)
        active = await page.locator("#members li.active").inner_text()
        assert active.split()[0] == "Ann", active
        assert await page.locator("#acting-as").inner_text() == "as Ann"
        await expect(ann_hand).to_have_count(1)
        release_bo.set()
        await expect(page.locator("#members li.active")).to_contain_text("Bo")
        await expect(ann_hand).to_have_count(0)
        await expect(page.locator(HANDS)).to_have_count(1)
        await check_only_own_private_messages(table, "Bo")
    finally:
        # Nothing stays held, whatever happened: the page must be able to close.
        release_ann.set()
        release_bo.set()
        await page.unroute("**/api/channel?*", hold)


def png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (70, 72, 78)).save(out, "PNG")
    return out.getvalue()


async def test_a_private_answer_thinking_then_its_hand_in_place_only_for_its_member(
    browser: Browser, bare_page: Sandbox
) -> None:
    """A hand whose picture is slow: the "thinking…" answer the bot deferred shows only to
    the member who pressed, and becomes their hand in the same place."""
    emulator = bare_page.emulator
    bo = next(u for u in emulator.users.values() if u.name == "Bo")
    thinking = put_message(bare_page, tell_pages=True, flags=EPHEMERAL | LOADING, visible_to=bo.id)
    async with open_page(browser, bare_page.url, DESKTOP, acting_as="Ann") as page:
        await expect(page.locator("#empty")).to_be_visible()
        await expect(messages(page)).to_have_count(0)

        await act_as(page, "Bo")
        shown = by_id(page, str(thinking.id))
        await expect(shown.locator(".loading")).to_have_text("Game Bot is thinking…")
        await expect(shown).to_contain_text("Only you can see this")
        await expect(shown).to_have_class("message ephemeral")

        answered(thinking)
        for changed in emulator.on_change:
            changed()
        await expect(shown.locator(".loading")).to_have_count(0)
        await expect(shown.locator(".heading")).to_have_text("Your hand · Claim #1")
        assert await loaded_width(shown.locator(PICTURE)) > 0
        button = shown.locator('button[data-custom-id="claim:seat:1:100100:play=GOB0b"]')
        await expect(button).to_be_disabled()
        await expect(
            shown.locator('button[data-custom-id="claim:seat:1:100100:play=GOB0a"]')
        ).to_be_enabled()
        await expect(messages(page)).to_have_count(1)

        await act_as(page, "Ann")
        await expect(messages(page)).to_have_count(0)
        assert str(thinking.id) not in await page.content()


def answered(message: Message) -> None:
    """The bot's follow-up fills the deferred answer: a hand with two Goblin 0s."""

    def card(custom_id: str, disabled: bool) -> dict[str, Any]:
        return {
            "type": 2,
            "style": 2 if disabled else 1,
            "label": "Goblin 0",
            "custom_id": custom_id,
            "disabled": disabled,
        }

    message.flags = EPHEMERAL | IS_COMPONENTS_V2
    message.attachments = [Attachment(snowflake(), "board.png", png(300, 120), "image/png")]
    hand = {"media": {"url": "attachment://board.png"}, "description": "Two Goblin 0s."}
    message.components = [
        {
            "type": 17,
            "components": [
                {"type": 10, "content": "### Your hand · Claim #1"},
                {"type": 12, "items": [hand]},
                {
                    "type": 1,
                    "components": [
                        card("claim:seat:1:100100:play=GOB0a", False),
                        card("claim:seat:1:100100:play=GOB0b", True),
                    ],
                },
            ],
        }
    ]
