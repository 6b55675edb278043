"""The way one press and one board move take through the bot's own code, counted.

    python -m bench.press_path

Starts the real bot against the local Discord (in this process, as the end-to-end tests
do), opens a Claim It! game and presses **Roll** on its table, then again with ten
features that add nothing put beside the bot's (a feature costs a press only where it
takes part); then, in a game of its own, makes a move from a player's board (the
Activity's connection). While each runs,
from the press (or the socket's message) to the game shown in the channel, every call
into a function of the bot (``bot/``) is noted in order, a coroutine resumed counting as
a call as it is one for the interpreter, and what the bench itself asks of the bot (is
the game shown yet?) left out. Prints, for each: the stops (each time the way
enters a file other than the one it is in), the returns among them (a stop into a file it
had already left) and the files it entered. The bot's background loops run meanwhile and
may add a stop or two; the figures are for comparing two versions of the code run
alike, not for their last unit.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

import aiohttp

from bot.service import feature_registry
from tests.e2e.board_viewer import move_of, opened_from_the_table
from tests.e2e.world import World, make_world
from tests.features_beside import features_beside

BOT = str(Path(__file__).resolve().parents[1] / "bot") + "/"


@dataclass(frozen=True)
class Way:
    """The files a way entered, in order, a file once for each stay."""

    stays: tuple[str, ...]

    @property
    def stops(self) -> int:
        return len(self.stays) - 1

    @property
    def returns(self) -> int:
        return sum(1 for at, file in enumerate(self.stays) if file in self.stays[:at])

    @property
    def files(self) -> int:
        return len(set(self.stays))


async def traced(action: Callable[[], Awaitable[object]]) -> Way:
    """The bot's files ``action`` passes through, each stay once."""
    stays: list[str] = []
    bench = asyncio.current_task()

    def noted(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call" or asyncio.current_task() is bench:
            return
        file = frame.f_code.co_filename
        if file.startswith(BOT) and (not stays or stays[-1] != file):
            stays.append(file)

    sys.setprofile(noted)
    try:
        await action()
    finally:
        sys.setprofile(None)
    return Way(tuple(Path(file).relative_to(Path(BOT).parent).as_posix() for file in stays))


@asynccontextmanager
async def world_with_a_board(folder: Path) -> AsyncIterator[World]:
    folder.mkdir()
    world = await make_world(folder, players=2)
    await world.start_bot(board=True)
    async with world:
        yield world


async def a_press(world: World) -> Way:
    """**Roll** pressed on a Claim It! table, until the channel shows the roll."""
    table = await world.start_game(2)
    game = await world.game_here()
    mover = await world.mover()
    await world.quiet()

    async def press() -> None:
        await world.click(mover, table, "Roll")
        await world.settled(game.id)

    return await traced(press)


async def a_board_move(world: World, session: aiohttp.ClientSession) -> Way:
    """The first move a Claim It! player's board offers, made there, until the channel
    shows it."""
    game = await world.new_game(2)
    viewer = await opened_from_the_table(world, session, await world.mover())
    sent = move_of(await viewer.game())
    await world.quiet()

    async def move() -> None:
        await viewer.send(**sent)
        await viewer.game(version=game.version + 1)
        await world.settled(game.id)

    way = await traced(move)
    await viewer.socket.close()
    return way


def said(name: str, way: Way) -> str:
    return f"{name}: {way.stops} stops, {way.returns} returns, {way.files} files"


EMPTY_FEATURES = 10
"""Features that add nothing, put beside the bot's for a second Roll press: a feature
costs a press only where it takes part in it."""
EMPTY_PART = '''"""Its Discord part, which adds nothing."""

from bot.discord_ui.part import Declaration, Part


class Nothing(Part):
    """Adds nothing."""


PART = Declaration(Nothing)
'''


def empty_features(count: int) -> dict[str, dict[str, str]]:
    """``count`` feature folders declaring a feature and a Discord part that add nothing."""
    declared = (
        '"""Adds nothing."""\n\nfrom bot.service.feature_registry import DiscordPart, Feature\n\n'
    )
    return {
        f"empty_{number}": {
            "__init__.py": declared + "FEATURE = Feature(discord=DiscordPart())\n",
            "discord/__init__.py": EMPTY_PART,
        }
        for number in range(count)
    }


async def main() -> None:
    feature_registry.discovered()
    with tempfile.TemporaryDirectory() as folder:
        async with world_with_a_board(Path(folder) / "press") as world:
            press = await a_press(world)
        with features_beside(Path(folder) / "empty", empty_features(EMPTY_FEATURES)):
            async with world_with_a_board(Path(folder) / "beside") as world:
                beside = await a_press(world)
        async with (
            world_with_a_board(Path(folder) / "board") as world,
            aiohttp.ClientSession() as session,
        ):
            move = await a_board_move(world, session)
    print(said("Roll pressed on the table", press))
    print(
        said(f"the same with {EMPTY_FEATURES} empty features beside the bot's", beside)
        + f" ({beside.stops - press.stops:+d})"
    )
    print(said("a move made on the board", move))


if __name__ == "__main__":
    asyncio.run(main())
