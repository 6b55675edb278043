"""What the tests of games played over days share: a player's direct messages from the
bot, and a player pressing something the game lets them (on its table, in their hand, or
on the turn notice in their DMs), whatever the game."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from bot.discord_ui.face_drawing import to_ping
from bot.storage import Game, GameStatus
from emulator import Channel, Message, User
from tests.e2e.world import World, moves

DAY = 24 * 3600
HOUR = 3600
TWO_DAYS = 2 * 24 * 60
"""A turn of two days, in minutes (as ``turn_timeout`` takes it)."""


def to_noon(world: World) -> None:
    """Moves the world's clocks on to the next noon, UTC: a test of hours of the day
    begins at the same one whenever it runs."""
    now = dt.datetime.fromtimestamp(world.clock.now(), dt.UTC)
    noon = now.replace(hour=12, minute=0, second=0, microsecond=0)
    if noon <= now:
        noon += dt.timedelta(days=1)
    world.advance(noon.timestamp() - world.clock.now())


def notices(world: World, user: User) -> list[Message]:
    """Every message the bot posted in the user's DMs, deleted ones included."""
    dm = world.discord.dm_with(user)
    return [m for m in dm.messages if m.author.id == world.discord.bot.id and not m.ephemeral]


def kept(world: World, user: User) -> list[Message]:
    """The bot's messages still in the user's DMs."""
    return [m for m in notices(world, user) if not m.deleted]


def choices(message: Message) -> list[tuple[dict[str, Any], str | None]]:
    """What a player may press on a message to move: each enabled button that plays, each
    menu option."""
    found: list[tuple[dict[str, Any], str | None]] = []
    for control in moves(message):
        custom_id = str(control.get("custom_id"))
        if ":mine:" in custom_id or ":takeback:" in custom_id or custom_id.startswith("my:"):
            continue
        if control.get("type") == 2 and not control.get("disabled"):
            found.append((control, None))
        elif control.get("type") == 3:
            found += [(control, str(option["value"])) for option in control["options"]]
    return found


async def press_any(world: World, user: User, message: Message, rng: random.Random) -> None:
    """``user`` presses one of the message's moves, at random."""
    control, value = rng.choice(choices(message))
    custom_id = str(control["custom_id"])
    if value is None:
        await world.click(user, message, custom_id)
    else:
        await world.discord.answer(
            await world.discord.select(user, message, None, value, custom_id=custom_id)
        )
        await world.quiet()


async def hand_of(
    world: World, user: User, table: Message, where: Channel | None = None
) -> Message:
    """``user``'s own hand, opened from the table (in ``where``, or the world's channel)."""
    opened = await world.discord.answer(await world.discord.click(user, table, "My hand"))
    return await world.discord.wait_for_message(
        where or world.channel,
        lambda m: m.interaction_id == opened.id and not m.loading and m.components_v2,
    )


async def move_on_table(world: World, game: Game, user: User, rng: random.Random) -> None:
    """``user`` makes a move of theirs from the game's table (in Claim, from their hand)."""
    where = world.place_of(game)
    table = world.table(where)
    pressed = await hand_of(world, user, table, where) if game.kind == "claim" else table
    await press_any(world, user, pressed, rng)


async def start_two(
    world: World, host: User, guest: User, kind: str = "claimit", where: Channel | None = None
) -> Game:
    """``host`` opens a game of ``kind`` with turns of two days (in ``where``, or the
    world's channel), ``guest`` joins, and the host starts it."""
    where = where or world.channel
    lobby = await world.answered(host, f"{kind} new", where=where, turn_timeout=TWO_DAYS)
    await world.click(guest, lobby, "Join")
    await world.click(host, lobby, "Start")
    game = await world.bots[0].service.current_game(where.id)
    assert game is not None
    return await world.settled(game.id)


async def until_turn_of(world: World, game: Game, who: User, seed: int = 1) -> Game:
    """The others move until it is ``who``'s turn (computer players move by themselves),
    or the game is over."""
    rng = random.Random(seed)
    for _ in range(500):
        game = await world.settled(game.id)
        people = to_ping(game)
        if who.id in people or game.status is not GameStatus.ACTIVE:
            return game
        if people:
            await move_on_table(world, game, world.user(people[0]), rng)
    raise AssertionError(f"never {who.name}'s turn")
