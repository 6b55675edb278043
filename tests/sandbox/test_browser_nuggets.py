"""A whole Gold Nuggets game in the sandbox page, in a real headless Chromium: as one
person playing two members against a computer player, from ``/nuggets new`` to the result,
with the one-click buttons and the menu of every set-aside (or of whom to take from).

The bot's dice come from a seeded generator, and the computer player decides from the game
alone: the same clicks replay the same game, so the game reaches a menu every run."""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass, field

import pytest
from PIL.GifImagePlugin import GifImageFile
from playwright.async_api import Locator, Page, expect

from sandbox.server_world import CHANNEL_NAME
from tests.sandbox.conftest import Sandbox
from tests.sandbox.pages import (
    PICTURE,
    PLAYS,
    act_as,
    acting_as,
    controls_in_view,
    fitted,
    follow_to_final,
    loaded_width,
    mover,
    new_lobby,
    next_turn,
    pings,
    public,
    roll_and_take,
    shoot,
    slash,
    start_from_lobby,
    the_table,
)

pytestmark = [pytest.mark.browser, pytest.mark.long(seconds=28)]

DICE_SEED = 7
"""The bot's dice: a game that offers the set-aside menu on a person's turn."""
CHOICES_SEED = 3
"""The test's own picks among the moves offered."""
GAME = "Gold Nuggets #1"
MENU = "select:enabled"
CONTROLS = f"{PLAYS}, select:enabled"


@dataclass
class Played:
    """What the test did, to show that the game used every kind of control."""

    buttons: int = 0
    menus: list[str] = field(default_factory=list)
    """Each menu used, by its name in the custom_id (``aside``, ``steal``)."""


@pytest.fixture
def dice_seed() -> int:
    return DICE_SEED


async def test_a_whole_gold_nuggets_game_with_buttons_and_menus(
    page: Page, sandbox: Sandbox
) -> None:
    await check_the_page_offers_every_game(page)
    await check_the_rules_are_only_for_the_asker(page)

    game = await open_lobby(page)
    rng = random.Random(CHOICES_SEED)
    played = Played()
    refused = False
    while (turn := await next_turn(page)) is not None:
        # The lobby became the one table, edited in place all game long.
        assert await turn.get_attribute("data-id") == await game.get_attribute("data-id")
        assert await pings(page).count() <= 1
        await controls_in_view(turn)
        await expect(turn.locator(PICTURE)).to_be_visible()
        to_move = await mover(turn)
        menu = turn.locator(MENU)
        if await menu.count() and not played.menus:
            await fitted(page, sandbox.emulator, turn, "nuggets-table")
        if not refused and await menu.count():
            await check_a_pick_out_of_turn_is_refused(page, turn, to_move)
            refused = True
        if await acting_as(page) != to_move:
            await act_as(page, to_move)
        if await menu.count() and (not played.menus or rng.random() < 0.5):
            played.menus.append(await pick_from_menu(page, menu.first, rng))
            if len(played.menus) == 1:
                await shoot(page, "nuggets-2-picked-from-the-menu")
        else:
            await click_a_button(page, turn, rng)
            played.buttons += 1
        assert played.buttons + len(played.menus) < 1000, "the game did not finish"

    # The table became the result, and it is all the game left in the channel.
    result = await the_table(page, GAME)
    assert await result.get_attribute("data-id") == await game.get_attribute("data-id")
    await expect(result.locator(".heading")).to_have_text(f"{GAME} · game over")
    await expect(public(page)).to_have_count(1)
    await expect(result).to_contain_text(re.compile(r"1\. .+: \d+ nuggets"))
    await expect(result).to_contain_text("Ratings")
    await expect(result.locator(PICTURE)).to_be_in_viewport()
    assert await loaded_width(result.locator(PICTURE)) > 0
    # The controls left in the channel replay the game or offer to play it again.
    left = page.locator(f"#messages article :is({CONTROLS})")
    await expect(left).to_have_count(3)
    await expect(left).to_have_text(["🎞️ Replay", "📊 What decided it", "🔁 Rematch"])
    await shoot(page, "nuggets-3-game-over")
    await fitted(page, sandbox.emulator, result, "nuggets-result")
    assert played.buttons >= 10
    assert "aside" in played.menus, played.menus

    await check_the_final_table_link(page, await result.get_attribute("data-id"))
    await check_the_replay_plays_and_is_shared(page, result)


async def check_the_replay_plays_and_is_shared(page: Page, result: Locator) -> None:
    """Replay shows the asker alone "preparing…", which becomes the animation: Chromium
    decodes it as an animated GIF of many frames. Share posts it in the channel."""
    await result.locator("button", has_text="Replay").click()
    mine = page.locator("#messages article.ephemeral", has_text="Replay · Gold Nuggets #1")
    await expect(mine.or_(page.locator("article.ephemeral", has_text="Preparing"))).to_be_visible()
    await expect(mine).to_be_visible()
    animation = mine.locator(PICTURE)
    await expect(animation).to_have_attribute("src", re.compile(r"replay\.gif"))
    assert await loaded_width(animation) > 0
    src = await animation.get_attribute("src")
    assert src is not None
    gif = GifImageFile(io.BytesIO(await (await page.request.get(src)).body()))
    assert gif.n_frames > 10, gif.n_frames
    # It plays: the picture on the page changes by itself from its first step.
    first = await animation.screenshot()
    for _ in range(100):
        if await animation.screenshot() != first:
            break
    else:
        raise AssertionError("the replay's first step never gave way to the next")
    await shoot(page, "nuggets-4-replay")
    await mine.locator("button", has_text="Share in the channel").click()
    shared = public(page).filter(has_text="Shared by")
    await expect(shared).to_have_count(1)
    await expect(shared.locator(PICTURE)).to_have_attribute("src", re.compile(r"replay\.gif"))
    assert await loaded_width(shared.locator(PICTURE)) > 0


async def check_the_page_offers_every_game(page: Page) -> None:
    """A newcomer sees which games there are and how to start each."""
    await expect(page.locator("#empty")).to_contain_text("/claimit new or /nuggets new")
    games = page.locator("#games li")
    await expect(games).to_have_text(
        [re.compile("Claim It!"), re.compile("Gold Nuggets"), re.compile("Claim /claim")]
    )
    await expect(page.locator("#command")).to_have_attribute(
        "placeholder", re.compile("/claimit new or /nuggets new")
    )
    await games.filter(has_text="Gold Nuggets").click()
    box = page.locator("#command")
    await expect(box).to_have_value("/nuggets new ")
    await expect(page.locator("#option-hint")).to_contain_text("bots:0-4")
    await box.fill("/nu")
    await expect(page.locator("#suggestions li").first).to_contain_text("/nuggets new")
    await box.fill("/nuggets new variant:true")
    await box.press("Enter")
    await expect(page.locator("#composer-error")).to_contain_text(
        "/nuggets new has no option 'variant:true'"
    )
    await box.fill("")
    await shoot(page, "nuggets-0-empty-channel")


async def check_the_rules_are_only_for_the_asker(page: Page) -> None:
    await act_as(page, "Bo")
    await slash(page, "/nuggets rules")
    rules = page.locator("#messages article.ephemeral", has_text="All 77 nuggets")
    await expect(rules).to_contain_text("Only you can see this")
    await act_as(page, "Ann")
    await expect(rules).to_have_count(0)
    await expect(page.locator("#empty")).to_be_visible()


async def open_lobby(page: Page) -> Locator:
    """Ann opens a lobby (Start waits for a second player), Bo joins, Ann adds a computer
    player from the lobby's menu and starts: the lobby becomes the table."""
    lobby = await new_lobby(page, "/nuggets new turn_timeout:30")
    await expect(lobby).to_contain_text("30 minutes")
    await expect(lobby.locator("button", has_text="Start")).to_be_disabled()
    await expect(page.locator("#empty")).to_be_hidden()
    await act_as(page, "Bo")
    await lobby.locator("button", has_text="Join").click()
    await expect(lobby.locator("button", has_text="Start")).to_be_enabled()
    await act_as(page, "Ann")
    await lobby.locator("select").first.select_option(label="Add a computer player: easy")
    await expect(lobby).to_contain_text("Bot 1 (easy)")
    await shoot(page, "nuggets-1-lobby")
    return await start_from_lobby(lobby, GAME)


async def click_a_button(page: Page, turn: Locator, rng: random.Random) -> None:
    """Clicks one of the turn's buttons and waits until the game has moved on: every
    button's custom_id holds the game's version, so the clicked one goes."""
    buttons = turn.locator(PLAYS)
    labels = await buttons.all_inner_texts()
    index = pick(labels, rng)
    custom_id = await buttons.nth(index).get_attribute("data-custom-id")
    await buttons.nth(index).click()
    # Waited for as the page changes (an assertion looks again only after 100 ms).
    await control(page, custom_id).first.wait_for(state="detached")


def pick(labels: list[str], rng: random.Random) -> int:
    """Rolls on while many dice are left, otherwise takes; any set-aside."""
    both = roll_and_take(labels)
    if both is None:
        return rng.randrange(len(labels))
    roll, take, many = both
    return roll if many and rng.random() < 0.7 else take


async def pick_from_menu(page: Page, menu: Locator, rng: random.Random) -> str:
    """Picks one of the menu's options, each shown with what it leads to, and waits until
    the game has moved on. Returns the menu's name."""
    custom_id = await menu.get_attribute("data-custom-id")
    assert custom_id is not None
    options = menu.locator("option:not([disabled])")
    texts = await options.all_inner_texts()
    assert len(texts) >= 2, texts
    # Each option shows its description beside its label, as Discord shows it below.
    assert all(" — " in text for text in texts), texts
    index = rng.randrange(len(texts))
    value = await options.nth(index).get_attribute("value")
    await menu.select_option(value=value)
    await expect(control(page, custom_id)).to_have_count(0)
    return custom_id.rsplit(":", 1)[-1]


def control(page: Page, custom_id: str | None) -> Locator:
    return page.locator(f'#messages [data-custom-id="{custom_id}"]')


async def check_a_pick_out_of_turn_is_refused(page: Page, turn: Locator, to_move: str) -> None:
    """The other member's pick is refused to them alone, and the menu shows its
    placeholder again, ready for the player whose turn it is."""
    other = "Bo" if to_move == "Ann" else "Ann"
    await act_as(page, other)
    menu = turn.locator(MENU).first
    first = menu.locator("option:not([disabled])").first
    await menu.select_option(value=await first.get_attribute("value"))
    refusal = page.locator("#messages article.ephemeral", has_text="not yours")
    await expect(refusal).to_have_count(1)
    await expect(refusal).to_contain_text(f"It's {to_move}'s turn")
    await expect(refusal).to_contain_text("Only you can see this")
    await expect(menu).to_have_value("")
    await shoot(page, "nuggets-refusal-of-a-pick-out-of-turn")
    await act_as(page, to_move)
    await expect(refusal).to_have_count(0)


async def check_the_final_table_link(page: Page, final: str | None) -> None:
    """/nuggets history's link to the game's last message opens it here."""
    await follow_to_final(page, "/nuggets history", "final", final, CHANNEL_NAME)
