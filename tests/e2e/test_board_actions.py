"""The actions features add to the board, through the real bot, the emulated Discord and
the board's socket as its page speaks to it: a feature's folder alone declares one (what
it is called, to whom it is offered, what it does in its service's transaction, how its
Discord part shows it), and the board lists it to those it is offered to and takes it;
**Take back** is one of them, the asking side of a take-back as under the table; what
isn't offered, or isn't an action at all, is refused and changes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from emulator import User
from tests.e2e.board_viewer import BoardViewer, opened_from_the_table
from tests.e2e.test_board import offered, refused_text
from tests.e2e.world import World, describe, make_world
from tests.features.takebacks.test_takebacks import (
    acting,
    person,
    playing,
    request_in,
    rolled_and_chosen,
)
from tests.features_beside import features_beside

pytestmark = pytest.mark.e2e

WAVING = '''"""Waving: a wave on the board, to the others of a game being played, once each."""

from bot.service.board_actions import Asked, BoardAction, Offered
from bot.service.feature_registry import DiscordPart, Feature
from bot.service.feature_service import FeatureService
from bot.service.game_loading import load_for
from bot.storage.records import Game, GameStatus
from i18n import Message


class WavingService(FeatureService):
    def __init__(self, core):
        super().__init__(core)
        self.waved = {}

    async def offered(self, game: Game, user_id: int) -> Offered:
        if game.status is not GameStatus.ACTIVE or game.seat_of(user_id) is None:
            return Offered.NOT
        waved = (game.id, user_id) in self.waved
        return Offered.DISABLED if waved else Offered.ENABLED

    async def wave(self, asked: Asked) -> Asked:
        async def waving(connection, note):
            game = await load_for(connection, asked.game_id, asked.actor)
            self.waved[game.id, asked.actor.user_id] = game.version

        await self._change(waving)
        return asked


FEATURE = Feature(
    service=WavingService,
    board_actions=(
        BoardAction(
            name="wave",
            label=Message("Wave"),
            service=WavingService,
            offered=WavingService.offered,
            act=WavingService.wave,
            icon="👋",
        ),
    ),
    discord=DiscordPart(),
)
'''

WAVING_PART = '''"""Its Discord part: a wave from the board is said in the channel."""

from bot.discord_ui.part import Declaration, Part


class Waves(Part):
    board_actions = ("wave",)

    async def board_acted(self, action, game_id, made):
        asked = await made()
        channel = self.context.client.get_partial_messageable(asked.channel_id)
        await channel.send(f"<@{asked.actor.user_id}> waves from the board")


PART = Declaration(Waves)
'''


@pytest.fixture
async def waving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[World]:
    """A board world whose bot has one feature more, put beside the bot's own: Waving."""
    waving = {"__init__.py": WAVING, "discord/__init__.py": WAVING_PART}
    with features_beside(tmp_path / "features", {"waving": waving}):
        world = await make_world(tmp_path, players=3)
        await world.start_bot(board=True)
        async with world:
            yield world


@pytest.fixture
def world(board_world: World) -> World:
    return board_world


async def opened(world: World, session: aiohttp.ClientSession, user: User) -> BoardViewer:
    """``user``'s board, opened with **Open the board** under the table, on its game."""
    viewer = await opened_from_the_table(world, session, user)
    await viewer.wait_for(lambda f: f["type"] == "game")
    return viewer


def asked(frame: dict[str, Any], action: object, **other: Any) -> dict[str, Any]:
    """The action asked for on the game ``frame`` shows, as the page sends it."""
    game = frame["game"]
    said = {"type": "action", "action": action, "game": game["id"], "version": game["version"]}
    return said | other


async def test_a_features_folder_adds_an_action_to_the_board(
    waving: World, session: aiohttp.ClientSession
) -> None:
    world = waving
    game = await world.new_game(2, "claimit")
    ann, bo = (world.user(seat.user_id or 0) for seat in game.seats)
    cy = world.players[2]
    mine, theirs, watching = [await opened(world, session, user) for user in (ann, bo, cy)]
    frame = await mine.game()
    # Two people playing make a rated game: no take-backs there, by the server's default.
    assert frame["game"]["actions"] == [
        {"name": "wave", "label": "Wave", "icon": "👋", "tone": "secondary", "enabled": True}
    ]
    assert offered(await theirs.game()) == ["wave"]
    # Offered to the players only.
    seen = await watching.game()
    assert offered(seen) == []

    count = len(mine.frames)
    await mine.send(**asked(frame, "wave"))
    said = await world.discord.wait_for_message(
        world.channel, lambda m: "waves from the board" in m.content
    )
    assert said.content == f"<@{ann.id}> waves from the board"
    again = await mine.wait_for(
        lambda f: f["type"] == "game" and not f["game"]["actions"][0]["enabled"], count
    )
    assert offered(again) == ["wave"]
    after = await world.bots[0].service.game(game.id)
    assert after.version == game.version, "a wave changes no game"

    # Shown but not enabled, not offered, no such action, no version the game has:
    # refused, each in plain words, and nothing changes.
    count = len(mine.frames)
    await mine.send(**asked(frame, "wave"))
    assert (
        await refused_text(mine, count) == "You can't do that in this game now, so nothing changed."
    )
    count = len(watching.frames)
    await watching.send(**asked(seen, "wave"))
    assert await refused_text(watching, count) == (
        "You can't do that in this game now, so nothing changed."
    )
    for wrong in (asked(frame, "dance"), asked(frame, "wave", version="1"), asked(frame, 7)):
        count = len(theirs.frames)
        await theirs.send(**wrong)
        assert await refused_text(theirs, count) == (
            "The board asked for something the bot doesn't know."
        )
    await theirs.send(**asked(frame, "wave"))
    await world.discord.wait_for_message(
        world.channel, lambda m: m.content == f"<@{bo.id}> waves from the board"
    )
    waves = [m for m in world.channel.messages if "waves from the board" in m.content]
    assert len(waves) == 2


async def test_take_back_on_the_board_is_its_press_under_the_table(
    world: World, session: aiohttp.ClientSession
) -> None:
    game = await playing(world, "nuggets")
    first, second = person(world, game, acting(game)), person(world, game, 1 - acting(game))
    boards = {user.id: await opened(world, session, user) for user in (first, second)}
    frame = await boards[second.id].game()
    assert offered(frame) == ["takeback"]
    take_back = frame["game"]["actions"][0]
    assert take_back["label"] == "Take back" and take_back["icon"] == "↩️"
    # Refused as under the table: nothing of theirs to take back yet.
    count = len(boards[second.id].frames)
    await boards[second.id].send(**asked(frame, "takeback"))
    assert await refused_text(boards[second.id], count) == (
        "You have no move of yours to take back yet."
    )

    # A choice after the roll, which showed nothing: taken back at once, and the table
    # and every board say so.
    rolled, chosen = await rolled_and_chosen(world, game)
    asker = person(world, chosen, acting(rolled))
    board = boards[asker.id]
    shown = await board.game(version=chosen.version)
    await board.send(**asked(shown, "takeback"))
    back = await board.game(version=chosen.version + 1)
    told = back["game"]["happened"][-1]
    assert asker.name in told and "took back their last move" in told
    assert (await world.settled(game.id)).state == rolled.state
    await world.quiet()
    assert f"↩️ {asker.name} took back their last move:" in describe(world.table())

    # The roll before it showed dice: the others are asked, in a request in the channel,
    # as after a press of Take back under the table.
    await board.send(**asked(back, "takeback"))
    request = await request_in(world)
    assert f"↩️ {asker.name} asks to take back their last move:" in describe(request)
    assert request.button_labels() == ["Agree", "Refuse"]
    assert (await world.settled(game.id)).state == rolled.state
