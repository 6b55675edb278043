"""Whole games on the board, in the sandbox page, in a real headless Chromium: Ann and Bo,
each in a tab of their own acting as them (two people at two computers), start a 2-player
game in the channel, both open the board from its table, and play it to its end mostly by
clicking on their boards: Claim It!'s placements on its board and Roll and Stop beside
the dice, Gold Nuggets' set-asides beside the roll (some from its menu) and Take, Claim's
cards in the hand. Every fifth move is made in the channel instead: with the table's
buttons and menus, or in Claim with the **My hand** message's.

After every move each board shows it: the same last moves, the headline its viewer
should read, exactly the choices its viewer has (none while the game waits for another),
only its viewer's own hand, and the move said in the others' live region. At the end
each board shows the result, and the channel's table is the game over, as after buttons
alone.

In Claim, Ed (a third member) opens the board from the channel's launcher (🚀) and
watches the game from its list: his board shows what everyone may see, and never a hand,
nor anything to choose.

The bot's dice come from a seeded generator, and the test's picks from another: the same
clicks replay the same game. Whole games of Claim It! and Gold Nuggets between two
people are long (the first seeds tried gave 164 and 159 moves, 40 and 35 s here), so
their seeds and the players' ways make short ones (``claim_it``, ``gold_nuggets``), found
by playing the same picks on the games' engines with the bot's dice; Claim's 2-player
game is always its 26 tricks."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Frame, Locator, Page, expect

from emulator import User
from tests.sandbox.conftest import Sandbox, started
from tests.sandbox.pages import (
    DESKTOP,
    PLAYS,
    act_as,
    by_id,
    new_lobby,
    public,
    start_from_lobby,
    the_table,
)

pytestmark = pytest.mark.browser

JSON = dict[str, Any]
WAIT_MS = 10_000
"""A safety net for a hang: every wait is for the page to change."""
CHANNEL_EVERY = 5
"""Every fifth move is made in the channel, the others on the board."""
MOST_MOVES = 300
"""Far beyond any game here: a game that stops ending fails instead of looping."""

PROBE = """
if (location.pathname.startsWith('/activity/')) {
  window.boardShown = null;
  window.boardRefused = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      // The first listener: the page's own, added after it, draws the game in the same
      // task, so the game is noted once that task is over.
      this.addEventListener('message', (event) => {
        let message;
        try {
          message = JSON.parse(event.data);
        } catch {
          return;
        }
        setTimeout(() => {
          if (message.type === 'game') window.boardShown = message;
          if (message.type === 'refused') window.boardRefused.push(message.text);
        });
      });
    }
  };
}
"""
"""Run in each tab's frames before their own scripts: in the board's, it notes the game
the bot sent once the board has drawn it (the page shows no version, so the test could
not tell a board that has drawn a move from one that has yet to), and every refusal."""


@dataclass
class Member:
    """A member in a tab of their own, with their board open in it once ``frame`` is."""

    name: str
    user: User
    page: Page
    frame: Frame | None = None

    @property
    def board(self) -> Frame:
        assert self.frame is not None, f"{self.name} has no board open"
        return self.frame

    async def shown(self, after: int = -1) -> JSON:
        """The game as the board has drawn it, once that is a version after ``after``:
        looked for every 20 ms, as a whole game's every move waits for it."""
        handle = await self.board.wait_for_function(
            """(after) => {
                const shown = window.boardShown;
                return shown !== null && shown.game.version > after && shown;
            }""",
            arg=after,
            polling=20,
            timeout=WAIT_MS,
        )
        shown: JSON = await handle.json_value()
        return shown

    async def refused(self) -> list[str]:
        texts: list[str] = await self.board.evaluate("() => window.boardRefused")
        return texts


@asynccontextmanager
async def tab(browser: Browser, sandbox: Sandbox, name: str) -> AsyncIterator[Member]:
    """A tab of its own, acting as ``name``, closed afterwards with its context (the
    probe goes with it). Its motion is reduced, as some players' is: a click waits for
    a card's hover lift to settle otherwise, which every move of Claim paid."""
    context = await browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    try:
        await context.add_init_script(PROBE)
        page = await context.new_page()
        await page.goto(sandbox.url)
        await expect(page.locator("#live")).to_have_class("online")
        await act_as(page, name)
        user = next(u for u in sandbox.emulator.users.values() if u.name == name)
        yield Member(name, user, page)
    finally:
        await context.close()


def viewer(member: Member) -> Locator:
    return member.page.locator(f'#viewers .viewer[data-member="{member.user.id}"]')


async def consent(member: Member) -> None:
    dialog = viewer(member).locator(".consent")
    await dialog.locator("button", has_text="Authorize").click()
    await expect(dialog).to_have_count(0)


async def frame_of(member: Member) -> Frame:
    handle = await viewer(member).locator("iframe").element_handle()
    assert handle is not None
    frame = await handle.content_frame()
    assert frame is not None
    return frame


async def open_the_board(member: Member, table_id: str | None) -> None:
    """The member opens the board from the table's **Open the board**: it shows the game."""
    await by_id(member.page, table_id).locator("button", has_text="Open the board").click()
    await consent(member)
    member.frame = await frame_of(member)
    await member.shown()


async def watch_from_the_launcher(member: Member, title: str) -> None:
    """The member opens the Activity from the channel's launcher (no game pressed): its
    list of the channel's games, from which they watch ``title``."""
    await member.page.locator("#launch-activity").click()
    await consent(member)
    member.frame = await frame_of(member)
    listing = member.board.locator(".listing", has_text=title)
    await listing.locator('button[data-focus^="watch:"]').click()
    await member.shown()


def plain(text: str) -> str:
    """A line without its **bold** marks, as the board's text reads."""
    return re.sub(r"\*\*(.+?)\*\*", r"\1", text)


def offered(shown: JSON) -> list[str]:
    """The intents the board offers its viewer: the buttons that may be pressed, and
    every option of a menu."""
    intents: list[str] = []
    for control in shown["board"]["choices"]:
        if control["type"] == "menu":
            intents += [option["intent"] for option in control["options"]]
        elif control["enabled"]:
            intents.append(control["intent"])
    return intents


SEEN = """() => ({
    headline: document.getElementById('game-headline')?.textContent ?? null,
    happened: [...document.querySelectorAll('.happened li')].map((li) => li.textContent),
    result: [...document.querySelectorAll('.result li')].map((li) => li.textContent),
    rematch: document.querySelectorAll('.result button').length,
    choices: [
        ...[...document.querySelectorAll('main [data-focus^="choice:"]')]
            .filter((b) => !b.disabled).map((b) => b.dataset.focus.slice('choice:'.length)),
        ...[...document.querySelectorAll('main [data-focus^="option:"]')]
            .map((b) => b.dataset.focus.split(':').slice(2).join(':')),
    ],
    menus: document.querySelectorAll('main .menu').length,
    hands: document.querySelectorAll('main .cl-hand').length,
    spectating: document.querySelector('main .spectating') !== null,
    live: document.getElementById('live').textContent,
})"""
"""What a board shows, read at once: the intents its buttons play (a menu's options too,
shown or not), and what its live region says."""


async def check_the_board(member: Member, shown: JSON) -> JSON:
    """The board shows the game it was sent (drawn by now: ``Member.shown``): its
    headline, its last moves, exactly the choices its viewer has, and only their own
    hand. Returns what it shows."""
    seen: JSON = await member.board.evaluate(SEEN)
    game, board = shown["game"], shown["board"]
    assert seen["headline"] == plain(game["headline"]), (member.name, seen)
    assert seen["happened"] == [plain(line) for line in game["happened"]], (member.name, seen)
    # A menu's option that is a button too is shown once, as the button.
    assert sorted(seen["choices"]) == sorted(set(offered(shown))), (member.name, seen)
    assert board["own"] is None or board["own"]["name"] == member.name, board["own"]
    return seen


def check_only_public(shown: JSON, seen: JSON) -> None:
    """A spectator's board: everything everyone may see, nothing of a hand, nothing to
    press."""
    assert shown["game"]["you"] is None
    assert shown["board"]["own"] is None and not shown["board"]["own_words"]
    assert shown["board"]["choices"] == []
    assert seen["spectating"], seen
    assert (seen["hands"], seen["menus"], seen["choices"]) == (0, 0, []), seen


async def click_on_the_board(member: Member, intent: str) -> bool:
    """Clicks the board's button for ``intent``: a choice, or an option of its menu,
    opened first. Returns whether it was a menu's."""
    frame = member.board
    button = frame.locator(f'[data-focus="choice:{intent}"]')
    if await button.count():
        await button.click()
        return False
    option = frame.locator(f'[data-focus^="option:"][data-focus$=":{intent}"]')
    name = (await option.get_attribute("data-focus") or "").split(":")[1]
    toggle = frame.locator(f'[data-focus="menu:{name}"]')
    # A menu left open stays open on the game's next push.
    if await toggle.get_attribute("aria-expanded") != "true":
        await toggle.click()
    await option.click()
    return True


async def press_in_the_channel(member: Member, table: Locator, shown: JSON, intent: str) -> bool:
    """Plays ``intent`` with the channel's controls of the version the board shows: the
    table's button or menu, or Claim's hand message's button. Returns whether it was a
    menu."""
    game = shown["game"]
    if game["kind"] == "claim":
        await press_in_my_hand(member, table, shown, intent)
        return False
    of_version = f"{game['id']}:{game['version']}:"
    button = table.locator(f'button[data-custom-id="{game["kind"]}:turn:{of_version}{intent}"]')
    pick = f"{game['kind']}:pick:{of_version}"
    menu = table.locator(f'select[data-custom-id^="{pick}"]:has(option[value="{intent}"])')
    # There once the channel's table is this version's, which may come after the board.
    await expect(button.or_(menu).first).to_be_visible()
    if await button.count():
        await button.click()
        return False
    await menu.select_option(value=intent)
    return True


MY_HAND = 'button[data-custom-id^="claim:mine:"]'


async def press_in_my_hand(member: Member, table: Locator, shown: JSON, intent: str) -> None:
    """Claim's choice from the member's own **My hand** message, opened the first time:
    its button for what their seat decides now (its key)."""
    page = member.page
    hand = page.locator("#messages article.ephemeral").filter(
        has=page.locator(".heading", has_text=re.compile("^Your hand"))
    )
    if not await hand.count():
        await table.locator(MY_HAND).click()
        await expect(hand).to_have_count(1)
    seat = f"claim:seat:{shown['game']['id']}:{shown['board']['key']}:{intent}"
    await hand.locator(f'button[data-custom-id="{seat}"]').click()


Choose = Callable[[JSON, list[str], random.Random], str]
"""A player's pick: the game as their board shows it, the intents it offers, the picks'
generator."""


@dataclass(frozen=True)
class Play:
    """A game, and how it is played here."""

    command: str
    title: str
    choose: Choose
    dice: int
    """The bot's dice's seed."""
    picks: int
    """The seed of the players' picks (and of who acts, when both may)."""


@dataclass
class Tally:
    """What the players did."""

    on_board: int = 0
    in_channel: int = 0
    menus_on_board: int = 0
    menus_in_channel: int = 0
    intents: set[str] = field(default_factory=set)
    """What the moves were, by the intents' first word (``roll``, ``set``, ``play``)."""


async def play_to_the_end(
    players: list[Member], watchers: list[Member], table_id: str | None, play: Play
) -> Tally:
    """Plays the game, on the boards and every ``CHANNEL_EVERY``th move in the channel,
    until it is over; after each move every board, the ``watchers``' too, shows it."""
    rng = random.Random(play.picks)
    tally = Tally()
    everyone = [*players, *watchers]
    shown = {member.name: await member.shown() for member in everyone}
    moves = 0
    while (game := shown[players[0].name]["game"])["status"] != "finished":
        acting = [seat["name"] for seat in game["seats"] if seat["acting"]]
        name = rng.choice(acting)
        mover = next(member for member in players if member.name == name)
        mine = shown[mover.name]
        intent = play.choose(mine, offered(mine), rng)
        tally.intents.add(intent.split("=")[0])
        moves += 1
        if moves % CHANNEL_EVERY == 0:
            table = by_id(mover.page, table_id)
            tally.menus_in_channel += await press_in_the_channel(mover, table, mine, intent)
            tally.in_channel += 1
        else:
            tally.menus_on_board += await click_on_the_board(mover, intent)
            tally.on_board += 1
        moved = await mover.shown(game["version"])
        for member in everyone:
            shown[member.name] = moved if member is mover else await member.shown(game["version"])
        after = moved["game"]
        for member in everyone:
            # Every board shows the same version: nobody else moved meanwhile.
            assert shown[member.name]["game"]["version"] == after["version"], member.name
            seen = await check_the_board(member, shown[member.name])
            if member is not mover and after["status"] != "finished":
                # The others hear of the move in their board's live region.
                assert plain(after["happened"][-1]) in seen["live"], (member.name, seen)
            if member in watchers:
                check_only_public(shown[member.name], seen)
        assert moves < MOST_MOVES, "the game did not finish"
    for member in everyone:
        assert await member.refused() == [], member.name
    return tally


async def check_the_end(
    players: list[Member], watchers: list[Member], table_id: str | None, play: Play
) -> None:
    """Every board shows the result (the players' with Rematch); the channel's table is
    the game over, as after buttons alone: the result, and nothing left to press but
    Replay, What decided it and Rematch."""
    shown = await players[0].shown()
    result = [plain(line) for line in shown["game"]["result"]]
    assert re.fullmatch(r".+ wins!|Shared win: .+!", result[0]), result
    for member in [*players, *watchers]:
        seen = await member.board.evaluate(SEEN)
        assert seen["headline"] == "The game is over.", (member.name, seen)
        assert seen["result"] == result, (member.name, seen)
        assert seen["rematch"] == (member in players), (member.name, seen)
    for member in players:
        page = member.page
        table = await the_table(page, play.title)
        assert await table.get_attribute("data-id") == table_id
        await expect(table.locator(".heading")).to_have_text(f"{play.title} · game over")
        await expect(table).to_contain_text("Ratings")
        await expect(public(page)).to_have_count(1)
        await expect(table.locator(f"{PLAYS}, select:enabled")).to_have_text(
            ["🎞️ Replay", "📊 What decided it", "🔁 Rematch"]
        )


async def start_a_game(players: list[Member], play: Play) -> str | None:
    """Ann opens a lobby in the channel, Bo joins it from his tab, Ann starts: the lobby
    becomes the table."""
    ann, bo = players
    lobby = await new_lobby(ann.page, play.command)
    lobby_id = await lobby.get_attribute("data-id")
    await by_id(bo.page, lobby_id).locator("button", has_text="Join").click()
    await expect(lobby.locator("button", has_text="Start")).to_be_enabled()
    await start_from_lobby(lobby, play.title)
    return lobby_id


async def whole_game(
    browser: Browser, tmp_path: Path, play: Play, spectator: str | None = None
) -> Tally:
    """Ann and Bo play ``play`` from their boards to its end, ``spectator`` watching."""
    async with AsyncExitStack() as stack:
        sandbox = await stack.enter_async_context(started(tmp_path, dice=random.Random(play.dice)))
        players = [
            await stack.enter_async_context(tab(browser, sandbox, name)) for name in ("Ann", "Bo")
        ]
        table_id = await start_a_game(players, play)
        for member in players:
            await open_the_board(member, table_id)
        watchers = []
        if spectator is not None:
            watcher = await stack.enter_async_context(tab(browser, sandbox, spectator))
            await watch_from_the_launcher(watcher, play.title)
            watchers.append(watcher)
        tally = await play_to_the_end(players, watchers, table_id, play)
        await check_the_end(players, watchers, table_id, play)
    return tally


# The games --------------------------------------------------------------------------------


def claim_it(shown: JSON, intents: list[str], rng: random.Random) -> str:
    """Places a claim marker where it can (a squatter otherwise), anywhere; stops once six
    spaces are marked this turn (or busts trying).

    Stopping early makes a longer game, not a shorter one: the last round is called by 13
    claimed spaces, and each stop is a move (stopping after every placement, a game takes
    190 moves on average, after three 160). Pushing on to six busts often, so that games
    vary the more in length (240 moves on average): this seed's takes 89, the shortest of
    6000 seeds."""
    table = shown["board"]["table"]
    if "roll" in intents:
        marked = sum(
            1 for stack in table["board"].values() if stack[-1] == "C" or stack[-1][0] == "S"
        )
        return "stop" if "stop" in intents and marked >= 6 else "roll"
    placements = [p for p in table["placements"] if p["intent"] in intents]
    claims: list[str] = [p["intent"] for p in placements if p["marker"] == "C"]
    return rng.choice(claims or intents)


def gold_nuggets(shown: JSON, intents: list[str], rng: random.Random) -> str:
    """Takes from the centre as soon as it may; sets aside the most dice it can, but a
    quarter of the time any set-aside offered (a menu's too).

    Taking early with many dice set aside ends the game soonest (95 moves on average,
    against 150 rolling on while four dice are left); this game's 66 moves are among the
    shortest, and pick from the set-aside menu both on the board and in the channel."""
    if "take" in intents:
        return "take"
    if rng.random() < 0.25:
        return rng.choice(intents)
    most = max(len(intent) for intent in intents)
    return rng.choice([intent for intent in intents if len(intent) == most])


def claim(shown: JSON, intents: list[str], rng: random.Random) -> str:
    """Any card the hand may play, prize it may take, card it may discard."""
    return rng.choice(intents)


CLAIM_IT = Play("/claimit new", "Claim It! #1", claim_it, dice=5634, picks=3)
GOLD_NUGGETS = Play("/nuggets new", "Gold Nuggets #1", gold_nuggets, dice=529, picks=3)
CLAIM = Play("/claim new", "Claim #1", claim, dice=1, picks=4)


@pytest.mark.long(seconds=17)
async def test_a_whole_claim_it_game_on_the_board(browser: Browser, tmp_path: Path) -> None:
    tally = await whole_game(browser, tmp_path, CLAIM_IT)
    assert tally.on_board > 3 * tally.in_channel > 0, tally
    assert {"roll", "stop", "A"} <= tally.intents, tally


@pytest.mark.long(seconds=13)
async def test_a_whole_gold_nuggets_game_on_the_board(browser: Browser, tmp_path: Path) -> None:
    tally = await whole_game(browser, tmp_path, GOLD_NUGGETS)
    assert tally.on_board > 3 * tally.in_channel > 0, tally
    assert tally.menus_on_board > 0 and tally.menus_in_channel > 0, tally
    assert {"roll", "set", "take"} <= tally.intents, tally


@pytest.mark.long(seconds=17)
async def test_a_whole_claim_game_on_the_board_watched_by_a_spectator(
    browser: Browser, tmp_path: Path
) -> None:
    tally = await whole_game(browser, tmp_path, CLAIM, spectator="Ed")
    assert tally.on_board > 3 * tally.in_channel > 0, tally
    assert "play" in tally.intents, tally
