"""Moments a newcomer met, as the bot words and draws them, on the sandbox page at a
desktop's width and a phone's, in English and German: a cancelled table (every game),
a result decided by a tie-break, and a replay stepped through (every game). Each fits
the screen without scrolling sideways, gives its picture its description as alt text,
and leaves a screenshot in test-artifacts/sandbox."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from typing import Any

import pytest
import pytest_asyncio
from playwright.async_api import Browser, Locator, Page, expect

from bot.discord_ui import face_drawing, game_notes
from bot.discord_ui.card_layout import Card, layout
from bot.discord_ui.components import GameButton
from bot.discord_ui.core.step_through.cards import step_card
from bot.discord_ui.part import features_parts
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.registry import REGISTERED, rules_for
from bot.storage import GameStatus, RatingChange, Seat
from bot.storage.ratings import Rating
from emulator.model import Attachment, snowflake
from i18n import Language, language
from tests.games.stored import stored
from tests.games.test_contract import Playout, play, results
from tests.layouts import IS_COMPONENTS_V2, components
from tests.sandbox.conftest import Sandbox, put_message
from tests.sandbox.pages import DESKTOP, fitted, page_at

pytestmark = pytest.mark.browser

LANGS = pytest.mark.parametrize("lang", [language("en"), language("de")], ids=["en", "de"])
TIED_CLAIMIT = 5
"""A seed of a three-player Claim It! game whose first two are level on their largest
mine (found by playing seeds through the rules)."""
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


def seats(players: int) -> tuple[Seat, ...]:
    return tuple(Seat(n, 1000 + n, None, NAMES[n], n) for n in range(players))


def outcome_of(kind: str, playout: Playout, index: int) -> Outcome:
    move = playout.moves[index]
    rules = rules_for(kind)
    table = seats(playout.players)
    over = rules.is_over(move.after)
    game = stored(kind, move.after, table, over=over, options=playout.options, game_id=7)
    outcome = Outcome(
        game, move.before, move.seat, move.action, move.step.events, move.step.turn_over
    )
    if not over:
        return outcome
    finals = results(rules, move.after, table)
    changes = tuple(
        RatingChange(
            final.user_id or 0,
            final.display_name,
            Rating(25.0, 4.0),
            Rating(27.0 if final.won else 24.0 - final.place / 4, 3.8),
            12,
        )
        for final in finals
    )
    return replace(outcome, results=finals, rating_changes=changes)


def played(kind: str, seed: int) -> Playout:
    """A game of ``kind`` for three, played at random from ``seed``."""
    return play(rules_for(kind), 3, random.Random(seed))


def every_game_played(seed: int) -> Iterator[tuple[str, Playout]]:
    """Each game's kind, with a game of it ``played`` from ``seed``."""
    for game in REGISTERED:
        yield game.kind, played(game.kind, seed)


def replay_button(kind: str, game: int, lang: Language) -> GameButton[Any]:
    """The button under a finished game's result that replays it: the one of the
    features' buttons naming a game that a player sees as "Replay"."""
    replays = [
        control
        for declaration in features_parts()
        for control in declaration.part.controls
        if issubclass(control, GameButton) and control.look.label == "Replay"
    ]
    assert len(replays) == 1, replays
    return replays[0](kind, game, label=lang._("Replay"))


def shown(sandbox: Sandbox, card: Card) -> int:
    """The card put in the channel as the bot would post it; its message's id."""
    files = [] if card.image is None else [card.image]
    message = put_message(
        sandbox,
        tell_pages=True,
        flags=IS_COMPONENTS_V2,
        components=components(layout(card)),
        attachments=[
            Attachment(snowflake(), image.filename, image.png, "image/png") for image in files
        ],
    )
    return message.id


@pytest_asyncio.fixture(loop_scope="session")
async def page(browser: Browser, bare_page: Sandbox) -> AsyncIterator[Page]:
    async with page_at(browser, bare_page.url, DESKTOP) as page:
        yield page


async def on_page(page: Page, message_id: int) -> Locator:
    message = page.locator(f'#messages article[data-id="{message_id}"]')
    await expect(message).to_be_visible()
    return message


@LANGS
async def test_a_cancelled_table_of_every_game(
    page: Page, bare_page: Sandbox, lang: Language
) -> None:
    for kind, playout in every_game_played(11):
        outcome = outcome_of(kind, playout, len(playout.moves) // 2)
        cancelled = replace(outcome.game, status=GameStatus.CANCELLED)
        card = await face_drawing.closed(
            cancelled, game_notes.cancelled(cancelled, "Ann", lang), lang
        )
        message = await on_page(page, shown(bare_page, card))
        words = lang._("This game was cancelled by {player}. It counts for nobody.", player="Ann")
        await expect(message).to_contain_text(words)
        await expect(message.locator("button, select")).to_have_count(0)
        await fitted(page, bare_page.emulator, message, f"cancelled-{kind}-{lang.code}")


@LANGS
async def test_a_result_decided_by_a_tie_break(
    page: Page, bare_page: Sandbox, lang: Language
) -> None:
    playout = played("claimit", TIED_CLAIMIT)
    outcome = outcome_of("claimit", playout, len(playout.moves) - 1)
    level = sorted(outcome.results, key=lambda r: r.place)[:2]
    assert level[0].figures["largest_mine"] == level[1].figures["largest_mine"]
    face = face_for("claimit")
    replay = replay_button("claimit", outcome.game.id, lang)
    card = face_drawing.drawn(
        await face.result(outcome, face.happened(outcome, lang), lang), ((replay,),)
    )
    message = await on_page(page, shown(bare_page, card))
    await expect(message).to_contain_text("level on" if lang.code == "en" else "gleichauf")
    await fitted(page, bare_page.emulator, message, f"tied-result-{lang.code}")


@LANGS
async def test_a_replay_stepped_through_in_every_game(
    page: Page, bare_page: Sandbox, lang: Language
) -> None:
    for kind, playout in every_game_played(12):
        outcomes = [outcome_of(kind, playout, n) for n in range(len(playout.moves))]
        replay = face_for(kind).replay(outcomes[-1].game, outcomes, lang)
        step = replay.chapters[2].step + 1
        title = f"{face_for(kind).title} #7"
        png = replay.still(replay.steps[step])
        card = step_card(replay, step, png, kind, 7, title, lang)
        message = await on_page(page, shown(bare_page, card))
        await expect(message.locator("button")).to_have_count(4)
        await expect(message.locator("select")).to_have_count(1)
        await expect(message).to_contain_text(replay.chapters[2].name)
        await fitted(page, bare_page.emulator, message, f"step-through-{kind}-{lang.code}")
