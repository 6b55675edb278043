"""Names made of markdown and pings format nothing and ping nobody, in every kind of
message a game makes: its lobby, every step of its table (the small-print lines under it
included: the log, the last round's caller), its pings, its result, the log and the
ladder's answers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.games.escaping import escaped
from emulator import Message
from tests.e2e.world import World, is_game_over, make_world, pick_button

HOSTILE = ("**Ann** @here", "__Bo__ `x` ||y|| ~~z~~ <@&1>")


def said(message: Message) -> list[str]:
    """What a message says in markdown: its content and its text displays."""
    return [message.content, *message.text_displays()]


def unformatted(texts: list[str]) -> None:
    for text in texts:
        for name in HOSTILE:
            assert name not in text, text
        assert "@here" not in text, text


async def play(world: World, command: str, rng: random.Random) -> list[str]:
    """A whole game between the two hostile names; everything said along the way."""
    ann, bo = world.players[:2]
    seen: list[str] = []
    lobby = await world.answered(ann, f"{command} new")
    await world.click(bo, lobby, "Join")
    assert escaped(HOSTILE[1]) in "\n".join(said(lobby))
    seen += said(lobby)
    await world.click(ann, lobby, "Start")
    for _ in range(3000):
        table = world.table()
        seen += [text for message in world.channel.messages for text in said(message)]
        if is_game_over(table):
            break
        mover = await world.mover()
        clicked = await world.click(mover, table, pick_button(table, rng, 0.3))
        if clicked.response_message is not None:
            seen += said(clicked.response_message)
    else:
        raise AssertionError("the game did not finish")
    for asked in ("log", "history", "leaderboard", "stats"):
        answer = await world.answered(ann, f"{command} {asked}")
        seen += said(answer)
    return seen


@pytest.mark.parametrize("command", ["claimit", "nuggets"])
async def test_hostile_names_format_nothing_in_any_message(tmp_path: Path, command: str) -> None:
    world = await make_world(tmp_path, players=2)
    for user, name in zip(world.players, HOSTILE, strict=False):
        user.name = name
    await world.start_bot()
    async with world:
        seen = await play(world, command, random.Random(4))
    unformatted(seen)
    if command == "claimit":
        assert any("Last round:" in text for text in seen), "the caller's line was shown"
