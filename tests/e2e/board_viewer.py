"""A member's board, as the Activity's page speaks to the bot: signed in through the
emulated Discord (its OAuth2 code, the bot's token exchange), then on the live connection,
keeping every frame it was sent."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from bot.activity.server import ActivityServer
from bot.storage import Game
from emulator import DiscordEmulator, User
from tests.e2e.world import World

WAIT = 30.0
"""A safety net for a hang: frames come as soon as a change is committed."""


async def signed_in(
    emulator: DiscordEmulator, board: ActivityServer, user: User, session: aiohttp.ClientSession
) -> str:
    """The access token the page gets for ``user``: Discord's code for them, exchanged by
    the bot."""
    code = emulator.authorize(user.id, emulator.application_id, ["identify"])
    async with session.post(f"{base(board)}/api/token", json={"code": code}) as answer:
        assert answer.status == 200, await answer.text()
        token: str = (await answer.json())["access_token"]
    return token


def base(board: ActivityServer) -> str:
    return f"http://127.0.0.1:{board.port}"


@dataclass
class BoardViewer:
    """One member's live connection to the board."""

    socket: aiohttp.ClientWebSocketResponse
    frames: list[dict[str, Any]] = field(default_factory=list)
    closed: tuple[int | None, str] | None = None
    """How the bot closed the connection (its code and reason), once it has."""
    _arrived: asyncio.Condition = field(default_factory=asyncio.Condition)

    def __post_init__(self) -> None:
        self._reading = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            message = await self.socket.receive()
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            async with self._arrived:
                self.frames.append(json.loads(message.data))
                self._arrived.notify_all()
        reason = message.extra if message.type is aiohttp.WSMsgType.CLOSE else ""
        async with self._arrived:
            self.closed = (self.socket.close_code, str(reason or ""))
            self._arrived.notify_all()

    async def send(self, **message: Any) -> None:
        await self.socket.send_str(json.dumps(message))

    async def wait_for(
        self, wanted: Callable[[dict[str, Any]], bool], after: int = 0
    ) -> dict[str, Any]:
        """The first frame from the ``after``-th on that is ``wanted``."""

        def found() -> dict[str, Any] | None:
            return next((f for f in self.frames[after:] if wanted(f)), None)

        async with asyncio.timeout(WAIT), self._arrived:
            await self._arrived.wait_for(lambda: found() is not None or self.closed is not None)
        frame = found()
        assert frame is not None, f"closed {self.closed} before a wanted frame: {self.frames}"
        return frame

    async def game(self, version: int | None = None, after: int = 0) -> dict[str, Any]:
        """The watched game as pushed (at ``version``, or any)."""
        return await self.wait_for(
            lambda f: f["type"] == "game" and (version is None or f["game"]["version"] >= version),
            after,
        )

    async def ended(self) -> tuple[int | None, str]:
        """How the bot closed the connection."""
        async with asyncio.timeout(WAIT), self._arrived:
            await self._arrived.wait_for(lambda: self.closed is not None)
        assert self.closed is not None
        return self.closed

    async def close(self) -> None:
        await self.socket.close()
        await self._reading


async def connected(
    board: ActivityServer,
    session: aiohttp.ClientSession,
    token: str,
    instance_id: str,
    locale: str = "en-US",
) -> BoardViewer:
    """The page's live connection, hello said."""
    socket = await session.ws_connect(f"{base(board)}/api/live")
    viewer = BoardViewer(socket)
    await viewer.send(type="hello", access_token=token, instance_id=instance_id, locale=locale)
    return viewer


Frame = dict[str, Any]


async def opened_from_the_table(
    world: World, session: aiohttp.ClientSession, user: User
) -> BoardViewer:
    """``user``'s board, opened with **Open the board** under the table and welcomed."""
    clicked = await world.click(user, world.table(), "Open the board")
    assert clicked.response_type == 12
    instance = world.discord.channel_activity(world.channel.id)
    assert instance is not None
    token = await signed_in(world.discord, world.boards[0], user, session)
    viewer = await connected(world.boards[0], session, token, instance.id)
    await viewer.wait_for(lambda f: f["type"] == "welcome")
    return viewer


async def in_the_places(
    world: World, session: aiohttp.ClientSession, user: User, locale: str = "en-US"
) -> BoardViewer:
    """``user``'s board in the channel's Activity, on the games list with its ways into
    the places (lessons, drills)."""
    instance = await world.discord.launch_activity(world.channel.id, user.id)
    token = await signed_in(world.discord, world.boards[0], user, session)
    viewer = await connected(world.boards[0], session, token, instance.id, locale)
    await viewer.wait_for(lambda f: f["type"] == "places")
    return viewer


async def place_answer(viewer: BoardViewer, place: str, **ask: Any) -> Frame:
    """What the board answers ``ask`` in ``place``: the place, or a refusal."""
    count = len(viewer.frames)
    await viewer.send(type="place", place=place, **ask)
    return await viewer.wait_for(lambda f: f["type"] in ("place", "refused"), count)


def move_of(frame: Frame) -> Frame:
    """The first move ``frame`` offers its viewer, as the page sends it."""
    choice = next(c for c in frame["board"]["choices"] if c["type"] == "button" and c["enabled"])
    return {
        "type": "move",
        "game": frame["game"]["id"],
        "intent": choice["intent"],
        "version": frame["game"]["version"],
        "key": frame["board"]["key"],
    }


async def played_at_random(
    viewers: dict[int, BoardViewer],
    game_id: int,
    *,
    seed: int = 3,
    keyed: bool = False,
    moved: Callable[[], Awaitable[None]] | None = None,
    **move: Any,
) -> tuple[list[tuple[Frame, Frame]], Frame]:
    """The game played to its end on its players' boards (``viewers``, by seat), each move
    a random one of the mover's enabled choices (``seed``'s), sent with ``move``'s fields
    besides (and, ``keyed``, the key of the frame it was chosen on, as the page sends it),
    ``moved`` awaited once its mover was pushed it: each choice made with the frame its
    mover was pushed after it, and the last frame."""
    rng = random.Random(seed)
    made = []
    frame = await viewers[0].game()
    while frame["game"]["status"] == "active":
        viewer = viewers[frame["game"]["to_act"][0]]
        seen = frame["game"]["version"]
        frame = await viewer.game(version=seen)
        choice = rng.choice([c for c in frame["board"]["choices"] if c["enabled"]])
        count = len(viewer.frames)
        key = {"key": frame["board"]["key"]} if keyed else {}
        await viewer.send(
            type="move", game=game_id, intent=choice["intent"], version=seen, **key, **move
        )
        frame = await viewer.game(version=seen + 1, after=count)
        made.append((choice, frame))
        if moved is not None:
            await moved()
    return made, frame


async def states_played_at_random(
    viewers: dict[int, BoardViewer], game: Game, recorded: Callable[[int], Awaitable[Game]]
) -> dict[int, Any]:
    """``game`` played to its end on its players' boards by ``played_at_random`` (seed 5,
    each move keyed as the page sends it): its state from each version on, as
    ``recorded`` (the game of an id, as stored) reads it once each move was pushed."""
    states = {game.version: game.state}

    async def record() -> None:
        after = await recorded(game.id)
        states[after.version] = after.state

    await played_at_random(viewers, game.id, seed=5, keyed=True, moved=record)
    return states
