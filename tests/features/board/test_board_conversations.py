"""**Open the board** under a conversation's lobby (a DM or group DM) launches the board
there, on the lobby's list, through the real bot and the emulated Discord."""

from __future__ import annotations

from typing import cast

import aiohttp
import pytest

from bot.features.board.discord.controls import BoardButton
from bot.features.board.discord.handlers import Board
from bot.storage import GameStatus
from tests.e2e.test_board_conversations import ENGLISH, GroupDm, listed
from tests.e2e.test_board_conversations import friends as friends

pytestmark = pytest.mark.e2e


async def test_open_the_board_under_a_conversations_lobby_launches_it_on_the_lobbys_list(
    friends: GroupDm, session: aiohttp.ClientSession
) -> None:
    world = friends.world
    board = world.bots[0].parts.get(Board)
    lobby = await friends.lobby("claimit")
    rows = await board.lobby_rows(lobby, ENGLISH, True)
    assert [[cast(BoardButton, b).item.label for b in row] for row in rows] == [["Open the board"]]
    # A server's lobby has none: the table in the channel is where its game is played.
    await world.command(friends.ann, "claimit new")
    server_lobby = await world.game_here()
    assert await board.lobby_rows(server_lobby, ENGLISH, True) == ()

    # Pressed in the group DM (the lobby's message there is the next commit's: a press
    # crafted on a message of Bo's stands for it).
    said = await world.discord.say(friends.bo, friends.group, "shall we?")
    pressed = {"custom_id": f"claimit:board:{lobby.id}", "component_type": 2}
    clicked = await world.discord.answer(await world.discord.forge(friends.bo, said, pressed))
    assert clicked.response_type == 12
    instance = world.discord.channel_activity(friends.group.id)
    assert instance is not None and instance.users == [friends.bo.id]
    # The server's game, named by a press crafted in the group DM, is not its to open.
    crafted = {"custom_id": f"claimit:board:{server_lobby.id}", "component_type": 2}
    not_ours = await world.discord.answer(await world.discord.forge(friends.cy, said, crafted))
    assert not_ours.response_type != 12 and friends.cy.id not in instance.users
    guest = await friends.board(session, friends.bo, instance.id)
    assert await listed(guest) == [lobby.id]
    await guest.send(type="join", game=lobby.id)
    host = await friends.board(session, friends.ann)
    joined = await host.wait_for(
        lambda f: f["type"] == "games" and len(f["games"][0]["players"]) == 2
    )
    (entry,) = joined["games"]
    assert entry["can_start"]
    await host.send(type="start", game=lobby.id, version=entry["version"])
    await guest.wait_for(lambda f: f["type"] == "games" and f["games"][0]["status"] == "active")
    assert not [f for f in (*guest.frames, *host.frames) if f["type"] == "refused"]
    assert (await world.bots[0].service.game(lobby.id)).status is GameStatus.ACTIVE
