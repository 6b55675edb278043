"""A lobby stays one live lobby after a failure, in every game: caught up after Discord
refused the answer to a click, it keeps its buttons; posted but not recorded (the
database failed just then, or the bot stopped), it is found again rather than posted a
second time, so no old lobby keeps live buttons once the game has started."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from bot.games.registry import REGISTERED
from bot.storage import Game
from emulator import Message
from tests.e2e.world import World, describe, running_world

CALLBACK = "POST /interactions/{id}/{token}/callback"
COMMANDS = tuple(game.command for game in REGISTERED)
LOBBY_BUTTONS = ["Join", "Leave", "Start", "Cancel", "How to play"]


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as world:
        yield world


def with_lobby_buttons(world: World) -> list[Message]:
    return [m for m in world.channel.visible() if ":lobby:" in str(m.buttons())]


async def caught_up(world: World) -> None:
    """Once the reconciler's retry (a second later, on the bot's clock) is done."""
    world.clock.advance(2)
    await world.bots[0].table.reconciler.idle.wait()


async def is_the_games_lobby(world: World, lobby: Message) -> None:
    """``lobby`` is the message the channel's game is recorded as shown in."""
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and game.shown and game.lobby_message_id == lobby.id


async def start_from(world: World, lobby: Message) -> None:
    ann, bo = world.players[:2]
    if "Bo" not in describe(lobby):
        await world.click(bo, lobby, "Join")
    started = await world.click(ann, lobby, "Start")
    assert started.response_type == 7, started.errors
    assert with_lobby_buttons(world) == []


async def lobby_not_recorded(
    world: World, monkeypatch: pytest.MonkeyPatch, command: str
) -> Message:
    """A lobby opened by ``command`` whose message's id failed to be recorded."""
    failed = fail_recording_once(world, monkeypatch)
    lobby = await world.answered(world.players[0], f"{command} new")
    await failed.wait()
    return lobby


def fail_recording_once(world: World, monkeypatch: pytest.MonkeyPatch) -> asyncio.Event:
    """The next record of where a game's messages are fails (a full disk, say); the event
    is set once it has."""
    places = world.bots[0].service.messages
    record = places.mark_shown
    failed = asyncio.Event()

    async def fails_once(
        game_id: int,
        version: int,
        message_ids: Mapping[str, int | None] = MappingProxyType({}),
        *,
        turn_posted_late: bool = False,
    ) -> None:
        if not failed.is_set():
            failed.set()
            raise OSError("disk full")
        await record(game_id, version, message_ids, turn_posted_late=turn_posted_late)

    monkeypatch.setattr(places, "mark_shown", fails_once)
    return failed


@pytest.mark.parametrize("command", COMMANDS)
async def test_a_lobby_caught_up_after_a_refused_answer_keeps_its_buttons(
    world: World, command: str
) -> None:
    ann, bo = world.players[:2]
    lobby = await world.answered(ann, f"{command} new")
    world.discord.fail(CALLBACK, 400)
    joined = await world.click(bo, lobby, "Join")
    assert joined.response_message is not None
    assert "counted" in joined.response_message.content
    await caught_up(world)
    assert "Bo" in describe(lobby)
    assert lobby.button_labels() == LOBBY_BUTTONS
    await is_the_games_lobby(world, lobby)
    await start_from(world, lobby)


async def retried(world: World, lobby: Message) -> None:
    """The reconciler's retry, which records the lobby as the game's."""
    await caught_up(world)
    await is_the_games_lobby(world, lobby)


async def restarted(world: World, lobby: Message) -> None:
    """Stopped before the reconciler's retry (the lobby's id still not recorded), then
    started again."""
    await world.stop_bots()
    await world.start_bot()
    await world.bots[0].table.reconciler.idle.wait()


@pytest.mark.parametrize("recover", [retried, restarted], ids=["retried", "restarted"])
@pytest.mark.parametrize("command", COMMANDS)
async def test_a_lobby_whose_message_was_not_recorded_is_found_again(
    world: World,
    command: str,
    monkeypatch: pytest.MonkeyPatch,
    recover: Callable[[World, Message], Awaitable[None]],
) -> None:
    lobby = await lobby_not_recorded(world, monkeypatch, command)
    await recover(world, lobby)
    assert with_lobby_buttons(world) == [lobby]
    await start_from(world, lobby)


async def test_a_catch_up_while_a_lobby_is_being_opened_waits_for_its_command(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A catch-up that reads the new game as soon as it is saved, before its command has
    answered (another process's news of unshown games, a shard taken over), waits for the
    command instead of posting the lobby too: one lobby, the command's answer."""
    table = world.bots[0].table
    service = world.bots[0].service
    waiting = asyncio.get_running_loop().create_future()
    settled = table.openings.settled

    async def settling() -> None:
        if not waiting.done():
            waiting.set_result(None)
        await settled()

    monkeypatch.setattr(table.openings, "settled", settling)
    create = service.create_lobby
    catch_ups: list[asyncio.Future[None]] = []

    async def saved_then_caught_up(**lobby: Any) -> Game:
        game = await create(**lobby)
        catch_up = asyncio.ensure_future(table.catch_up(game.id))
        catch_ups.append(catch_up)
        # The catch-up goes as far as it can before the command goes on.
        await asyncio.wait({catch_up, waiting}, return_when=asyncio.FIRST_COMPLETED)
        return game

    monkeypatch.setattr(service, "create_lobby", saved_then_caught_up)
    lobby = await world.answered(world.players[0], "claimit new")
    await asyncio.gather(*catch_ups)
    assert with_lobby_buttons(world) == [lobby]
    await is_the_games_lobby(world, lobby)
