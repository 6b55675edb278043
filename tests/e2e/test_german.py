"""A whole game of each kind played through the emulator by people whose Discord is in
German, on a server whose language is German: they type the commands by their German
names, and every word the bot shows them, public or private, comes from the catalogs.

On SQLite only: the words are the same on either database, and whole games of every kind
play on PostgreSQL in ``test_processes`` (two bots sharing one)."""

from __future__ import annotations

import functools
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_ui.face_drawing import to_ping
from bot.games.faces import face_for
from bot.games.registry import REGISTERED
from bot.storage import GameStatus
from emulator import Message, User
from i18n import language
from tests.e2e.world import World, describe, make_world, title_of
from tests.i18n_words import english_in, shown_in

GERMAN = language("de")
COMMANDS = tuple(game.command for game in REGISTERED)


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    world = await make_world(tmp_path, 2, database=database_target, locale="de")
    async with world:
        yield world


def texts(message: Message) -> list[str]:
    """Everything a message shows in words: content, texts, pictures' descriptions,
    buttons, menus."""
    return [text for text in [message.content, *shown_in(message.components)] if text]


def watch(world: World, shown: set[str]) -> None:
    """Every text any message in the channel shows from now on, as each change lands:
    the table is edited in place, so what it said a move ago is gone a move later."""

    def look() -> None:
        shown.update(text for message in world.channel.messages for text in texts(message))

    world.discord.on_change.append(look)
    look()


def changed(table: Message, before: str, message: Message) -> bool:
    return message is table and describe(message) != before


async def act(world: World, user: User, rng: random.Random) -> None:
    """``user`` presses something enabled on the game's table; in a game with hands, on
    their own private message."""
    public = world.table()
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
    shown: set[str] = set()
    watch(world, shown)
    new = GERMAN._("new")
    assert new != "new"
    lobby = (await world.command(host, f"{command} {new}")).response_message
    assert lobby is not None and not lobby.ephemeral
    assert lobby.button_labels() == [
        GERMAN.pgettext("lobby button", action)
        for action in ("Join", "Leave", "Start", "Cancel", "How to play")
    ]
    await world.click(guest, lobby, GERMAN.pgettext("lobby button", "Join"))
    await world.click(host, lobby, GERMAN.pgettext("lobby button", "Start"))
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    game_id = game.id
    # The lobby became the table, titled by the game's number on this server.
    name = f"{face_for(game.kind).title} #1"
    assert world.table() is lobby and title_of(lobby) == name
    # Whoever begins is pinged, in German, with a link to the table.
    game = await world.settled(game_id)
    (ping,) = world.pings()
    (first,) = to_ping(game)
    assert ping.mentions == [first]
    assert describe(ping).startswith(f"<@{first}>") and f"[{name}](" in describe(ping)
    moves = 0
    for _ in range(3000):
        game = await world.settled(game_id)
        if game.status is GameStatus.FINISHED:
            break
        people = to_ping(game)
        if not people:
            # A computer player's step shows on the table.
            table = world.table()
            await world.discord.wait_for_message(
                world.channel, functools.partial(changed, table, describe(table))
            )
            continue
        await act(world, world.user(people[0]), rng)
        moves += 1
        if moves == 4:
            # The whole log so far, to one person, in their language.
            told = await world.command(outsider, f"{command} {GERMAN._('log')}")
            assert told.response_message is not None and told.response_message.ephemeral
        if moves == 6:
            # Long since anyone moved: whoever is to act is pinged again, in German.
            world.clock.advance(120)
    else:
        raise AssertionError("the game did not finish")
    await world.discord.wait_until(lambda: any(GERMAN._("Ratings") in text for text in shown))
    assert GERMAN._("{game} · game over", game=name) == title_of(world.table())
    # The log under the table and the pings were shown (and read for English).
    assert any(text.startswith("-# ") for text in shown)
    assert len([m for m in world.channel.messages if m.mentions and not m.ephemeral]) >= 2
    # What one person alone asks for, in their language: a refusal, the rules, the ladder.
    asked = [
        f"{command} {GERMAN._('rules')}",
        f"{command} {GERMAN._('leaderboard')}",
        f"{command} {GERMAN._('stats')}",
        f"{command} {GERMAN._('history')}",
        f"{command} {GERMAN._('settings')}",
        f"{command} {GERMAN._('board')}",
        f"{command} {GERMAN._('log')}",
    ]
    for typed in asked:
        await world.command(outsider, typed)
    leaks = english_in(shown)
    assert leaks == {}, "\n".join(f"{sorted(found)} in {said!r}" for said, found in leaks.items())
    assert any("Bo" in text for text in shown)
