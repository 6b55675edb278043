"""Games in a conversation, through the real bot and the emulated Discord: in a group DM
(the bot in no server its members share) or a server the bot is not in, the app
installed to the host's account opens the lobby as the command's answer, which becomes
the table and the result, one message all along, edited only through the tokens of the
presses on it (the bot may post nothing there, nor read it); a move nobody pressed for,
once the last token is too old, asks nothing of Discord and counts as shown."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui import interaction_answers, table_updates
from bot.discord_ui.limits import TOKEN_LIFETIME
from bot.discord_ui.table_asks import On
from bot.games.registry import rules_for
from bot.service import Actor
from bot.storage import GameStatus
from bot.storage.game_values import Level
from emulator import Channel, Message, User
from tests.e2e.world import World, describe, is_game_over, make_world

pytestmark = pytest.mark.e2e

MINUTE = 60.0


@dataclass
class Friends:
    """Gus, Hal and Ivy, who share no server with the bot, in a group DM; Gus installed
    the app to his account."""

    world: World
    gus: User
    hal: User
    ivy: User
    group: Channel

    def requests(self, since: int, where: int | None = None) -> list[tuple[str, int]]:
        """The bot's requests to Discord since ``since`` in ``where`` (the group DM)."""
        place = self.group.id if where is None else where
        return [
            (r.route, r.status)
            for r in list(self.world.discord.requests)[since:]
            if r.channel == place
        ]

    async def lobby(self, where: Channel | None = None, **options: Any) -> Message:
        """Gus's lobby, opened with his user-installed command."""
        return await self.world.answered(
            self.gus, "nuggets new", where=where or self.group, **options
        )

    async def started(self, where: Channel | None = None) -> Message:
        """Gus's game with Hal and Ivy, started from its lobby: its one message."""
        world = self.world
        lobby = await self.lobby(where)
        assert not lobby.ephemeral and lobby.button_labels()[:2] == ["Join", "Leave"]
        await world.click(self.hal, lobby, "Join")
        await world.click(self.ivy, lobby, "Join")
        await world.click(self.gus, lobby, "Start")
        assert "Join" not in lobby.button_labels()
        return lobby


@pytest.fixture
async def friends(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[Friends]:
    world = await make_world(tmp_path, players=3, synced=True)
    await world.start_bot()
    async with world:
        discord = world.discord
        gus, hal, ivy = (discord.add_user(name) for name in ("Gus", "Hal", "Ivy"))
        world.players.extend([gus, hal, ivy])
        group = discord.add_group_dm(gus, [hal, ivy], "game night")
        discord.install_to_user(gus)
        yield Friends(world, gus, hal, ivy, group)
    warnings = [r for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING]
    assert warnings == []


async def test_the_lobby_is_the_answer_and_becomes_the_table_and_the_result(
    friends: Friends,
) -> None:
    world, group = friends.world, friends.group
    asked = len(world.discord.requests)
    table = await friends.started()
    game = await world.game_here(group)
    assert game.interaction_only and game.reached_in == 0 and game.guild_id == group.id
    assert game.thread_id is None
    # The table follows through the tokens of fresh presses, minutes apart.
    rng = random.Random(3)
    for _ in range(3):
        world.advance(10 * MINUTE)
        mover = await world.mover(group)
        before = describe(table)
        await world.click(mover, table, next(iter(table.button_labels())))
        assert describe(table) != before
    result = await world.finish(rng, where=group)
    assert result is table and is_game_over(table)
    assert [m.id for m in group.visible()] == [table.id]
    assert (await world.settled(game.id)).status is GameStatus.FINISHED
    # Only what works here: no rematch, report or replay, which post in a channel (and
    # this bot serves no board, whose button would be the one left).
    assert table.button_labels() == []
    # Nothing but answers and their webhooks: no post, read or delete refused there.
    assert [r for r in friends.requests(asked) if r[1] >= 400] == []
    assert not any(
        route.startswith(("POST /channels", "GET /channels"))
        for route, _ in friends.requests(asked)
    )


async def test_a_german_host_s_lobby_speaks_german(friends: Friends) -> None:
    world = friends.world
    world.discord.add_user(friends.gus.name, friends.gus.id, locale="de")
    lobby = await world.answered(friends.gus, "nuggets neu", where=friends.group)
    assert lobby.button_labels()[0] == "Beitreten"
    game = await world.game_here(friends.group)
    assert game.language == "de"


async def test_a_deferred_lobby_is_a_public_follow_up_that_follows_the_game(
    friends: Friends, monkeypatch: pytest.MonkeyPatch
) -> None:
    world, group = friends.world, friends.group
    answer = interaction_answers.announce

    async def slow(interaction: Any, **content: Any) -> Any:
        # As when the lobby takes longer than ``DEFER_AFTER``: "thinking…" first.
        await interaction_answers.acknowledge(interaction)
        return await answer(interaction, **content)

    monkeypatch.setattr(table_updates, "announce", slow)
    # As Discord has it (not as ``World.command`` reads a deferred answer for a test).
    asked = await world.discord.answer(await world.discord.slash(friends.gus, group, "nuggets new"))
    await world.handled()
    assert asked.response_type == 5
    (lobby,) = group.visible()
    assert lobby.interaction_id == asked.id and not lobby.ephemeral
    assert lobby is not asked.response_message
    await world.click(friends.hal, lobby, "Join")
    assert friends.hal.name in describe(lobby)
    await world.click(friends.gus, lobby, "Start")
    assert "Join" not in lobby.button_labels()
    assert [m.id for m in group.visible()] == [lobby.id]


async def test_a_move_after_the_last_token_ran_out_asks_nothing_and_counts_as_shown(
    friends: Friends,
) -> None:
    world, group = friends.world, friends.group
    # A turn longer than the tokens' lifetime: the clock moved past it would time the
    # turn out, behind the test's back, as its move's show is recorded.
    lobby = await friends.lobby(bots=1, turn_timeout=60)
    await world.click(friends.gus, lobby, "Start")
    game = await world.settled((await world.game_here(group)).id)
    world.advance(TOKEN_LIFETIME + MINUTE)
    game = await world.settled(game.id)
    asked = len(world.discord.requests)
    bot = world.bots[0]
    rules = rules_for(game.kind)
    assert game.state is not None
    (seat,) = rules.to_act(game.state)
    intent = rules.decide(game.state, seat, Level.NORMAL, random.Random(1))

    async def change() -> Any:
        return await bot.service.turns.act(game.id, Actor(friends.gus.id), None, intent)

    # As the board moves (no press, no token): the computer player then moves too.
    await bot.table.move(game.id, change, On.TABLE)
    # ``settled`` sees a computer player's move once it is made, not while it is weighed:
    # on a busy machine the move (and its show) could come after the check below.
    while bot.table.computer.busy:
        await world.settled(game.id)
        await asyncio.sleep(0)
    moved = await world.settled(game.id)
    assert moved.version > game.version
    assert friends.requests(asked) == []
    assert await bot.service.messages.games_not_shown() == []


async def test_a_game_in_a_server_without_the_bot_plays_the_same(friends: Friends) -> None:
    world = friends.world
    elsewhere = world.discord.add_guild("Elsewhere", friends.gus, bot_member=False)
    for user in (friends.hal, friends.ivy):
        world.discord.add_member(elsewhere, user)
    far = world.discord.add_channel(elsewhere, "games")
    asked = len(world.discord.requests)
    table = await friends.started(far)
    game = await world.game_here(far)
    assert game.reached_in == elsewhere.id and game.guild_id != elsewhere.id
    mover = await world.mover(far)
    before = describe(table)
    await world.click(mover, table, next(iter(table.button_labels())))
    assert describe(table) != before
    assert [m.id for m in far.visible()] == [table.id]
    assert [r for r in friends.requests(asked, far.id) if r[1] >= 400] == []


async def test_a_lobby_discord_made_private_is_cancelled_and_its_host_told(
    friends: Friends, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = friends.world
    answer = interaction_answers.announce

    async def private(interaction: Any, **content: Any) -> Any:
        # As Discord answers where Use External Apps is off for the host: for them alone.
        return await answer(interaction, **content, ephemeral=True)

    monkeypatch.setattr(table_updates, "announce", private)
    asked = await world.command(friends.gus, "nuggets new", where=friends.group)
    await world.handled()
    told = await world.refusal(asked)
    assert told.startswith("This server lets apps installed to your account answer only you")
    assert await world.bots[0].service.games_here(friends.group.id) == []
    lobby = asked.response_message
    assert lobby is not None and lobby.ephemeral and not lobby.buttons()
    assert await world.bots[0].service.messages.games_not_shown() == []


async def test_board_brings_a_new_message_that_follows_and_cancel_closes_it(
    friends: Friends,
) -> None:
    world, group = friends.world, friends.group
    old = await friends.started()
    asked = await world.command(friends.gus, "nuggets board", where=group)
    await world.handled()
    table = asked.response_message
    assert table is not None and not table.ephemeral and table is not old
    # The old message lost its buttons through its token; the new one plays.
    assert old.buttons() == [] and table.buttons()
    mover = await world.mover(group)
    before = describe(table)
    await world.click(mover, table, next(iter(table.button_labels())))
    assert describe(table) != before
    game = await world.game_here(group)
    await world.command(friends.gus, "nuggets cancel", where=group)
    await world.handled()
    assert (await world.settled(game.id)).status is GameStatus.CANCELLED
    assert "cancelled" in describe(table) and not any(
        label in ("Roll", "Stop") for label in table.button_labels()
    )
    assert [m.id for m in group.visible()] == [old.id, table.id]


async def test_leave_and_cancel_on_the_lobby_update_it_through_their_presses(
    friends: Friends,
) -> None:
    world = friends.world
    lobby = await friends.lobby()
    await world.click(friends.hal, lobby, "Join")
    left = await world.click(friends.hal, lobby, "Leave")
    assert left.response_type == 7 and friends.hal.name not in describe(lobby)
    cancelled = await world.click(friends.gus, lobby, "Cancel")
    assert cancelled.response_type == 7 and "Join" not in lobby.button_labels()
    assert await world.bots[0].service.games_here(friends.group.id) == []


async def test_a_hand_opens_in_a_group_dm_and_its_move_shows_on_the_message(
    friends: Friends,
) -> None:
    world, group = friends.world, friends.group
    lobby = await world.answered(friends.gus, "claim new", where=group)
    await world.click(friends.hal, lobby, "Join")
    await world.click(friends.gus, lobby, "Start")
    mover = await world.mover(group)
    opened = await world.discord.answer(await world.discord.click(mover, lobby, "My hand"))
    hand = await world.discord.wait_for_message(
        group, lambda m: m.interaction_id == opened.id and not m.loading and m.components_v2
    )
    assert hand.ephemeral and hand.visible_to == mover.id
    before = describe(lobby)
    playable = [
        b for b in hand.buttons() if ":seat:" in str(b.get("custom_id")) and not b.get("disabled")
    ]
    await world.discord.answer(
        await world.discord.click(mover, hand, str(playable[0]["custom_id"]))
    )
    await world.settled((await world.game_here(group)).id)
    assert describe(lobby) != before
    assert [m.id for m in group.visible()] == [lobby.id]


async def test_an_option_of_a_feature_that_plays_in_servers_only_is_refused(
    friends: Friends,
) -> None:
    """A private table's invitations and a friendly game's hints are a server's: asked in
    the group DM, the host is told so, and no lobby is made."""
    world, group = friends.world, friends.group
    for option, said in (("private", "/nuggets new private:"), ("hints", "/nuggets new hints:")):
        asked = await world.command(friends.gus, "nuggets new", where=group, **{option: True})
        assert await world.refusal(asked) == (
            f"{said} works only in a server I'm in, so nothing happened."
        )
    assert await world.bots[0].service.games_here(group.id) == []
