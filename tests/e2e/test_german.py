"""A whole game of each kind played through the emulator by people whose Discord is in
German, on a server whose language is German: they type the commands by their German
names, and every word the bot shows them, public or private, comes from the catalogs."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.registry import REGISTERED, rules_for
from bot.storage import Game, GameStatus
from emulator import Message, User
from i18n import language
from tests.e2e.world import World, make_world
from tests.i18n_words import english_in, shown_in

# A whole game of every kind: the few end-to-end runs on PostgreSQL too.
pytestmark = pytest.mark.both_databases

GERMAN = language("de")
COMMANDS = tuple(game.command for game in REGISTERED)


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    world = await make_world(tmp_path, 2, database=database_target, locale="de")
    try:
        yield world
    finally:
        await world.stop_bots()
        await world.discord.close()


def texts(message: Message) -> list[str]:
    """Everything a message shows in words: content, texts, pictures' descriptions,
    buttons, menus."""
    return [text for text in [message.content, *shown_in(message.components)] if text]


def seen(world: World) -> set[str]:
    """Every text on every message in the channel now, ephemeral ones included."""
    return {text for message in world.channel.messages for text in texts(message)}


def person_to_act(world: World, game: Game) -> User | None:
    """The first human who may act now (``None`` while only computer players may)."""
    seats = rules_for(game.kind).to_act(game.state)
    people = [game.seats[s].user_id for s in seats if game.seats[s].user_id is not None]
    return None if not people else world.user(people[0] or 0)


async def act(world: World, user: User, rng: random.Random) -> None:
    """``user`` presses something enabled on the game's newest message with buttons; in
    a game with hands, on their own private message."""
    public = next(m for m in reversed(world.channel.messages) if m.buttons() and not m.ephemeral)
    message = public
    mine = [c for c in public.buttons() if ":mine:" in str(c.get("custom_id"))]
    if mine:
        opened = await world.discord.answer(
            await world.discord.click(user, public, mine[0]["custom_id"])
        )
        message = await world.discord.wait_for_message(
            world.channel,
            lambda m: m.interaction_id == opened.id and not m.loading and m.components_v2,
        )
    enabled = [c for c in message.buttons() if not c.get("disabled")]
    component = rng.choice(enabled)
    if component["type"] == 2:
        await world.discord.answer(await world.discord.click(user, message, component["custom_id"]))
    else:
        value = rng.choice(component["options"])["value"]
        await world.discord.answer(
            await world.discord.select(user, message, None, value, custom_id=component["custom_id"])
        )


@pytest.mark.parametrize("command", COMMANDS)
async def test_a_whole_game_in_german(world: World, command: str) -> None:
    await world.start_bot()
    host, guest, outsider = world.players
    rng = random.Random(7)
    new = GERMAN._("new")
    assert new != "new"
    lobby = (await world.command(host, f"{command} {new}")).response_message
    assert lobby is not None and not lobby.ephemeral
    assert lobby.button_labels() == [
        GERMAN.pgettext("lobby button", action) for action in ("Join", "Leave", "Start", "Cancel")
    ]
    await world.click(guest, lobby, GERMAN.pgettext("lobby button", "Join"))
    await world.click(host, lobby, GERMAN.pgettext("lobby button", "Start"))
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    game_id = game.id
    shown = seen(world)
    for _ in range(3000):
        game = await world.settled(game_id)
        if game.status is GameStatus.FINISHED:
            break
        person = person_to_act(world, game)
        if person is None:
            await world.discord.wait_until(lambda: world.bots[0].table.locks.busy(game_id))
            continue
        await act(world, person, rng)
        shown |= seen(world)
    else:
        raise AssertionError("the game did not finish")
    await world.discord.wait_until(lambda: any(GERMAN._("Ratings") in text for text in seen(world)))
    # What one person alone asks for, in their language: a refusal, the rules, the ladder.
    asked = [
        f"{command} {GERMAN._('rules')}",
        f"{command} {GERMAN._('leaderboard')}",
        f"{command} {GERMAN._('stats')}",
        f"{command} {GERMAN._('history')}",
        f"{command} {GERMAN._('settings')}",
        f"{command} {GERMAN._('board')}",
    ]
    for typed in asked:
        await world.command(outsider, typed)
    shown |= seen(world)
    assert english_in(shown) == {}
    assert any("Bo" in text for text in shown)
