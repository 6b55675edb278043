"""Who may press what, stale and simultaneous presses, commands, permissions, restarts."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import sys
import time
from pathlib import Path

import discord
import pytest

from bot.discord_ui import interaction_answers
from emulator import User
from render.claimit import View
from render.claimit.pictures import render_board
from tests import processes
from tests.e2e.world import (
    World,
    board_png,
    describe,
    ephemeral_answer,
    pick_button,
    running_world,
    text_of,
)

ROOT = Path(__file__).resolve().parents[2]


async def to_move(world: World) -> User:
    mover = await world.human_to_move()
    assert mover is not None
    return mover


async def current_version(world: World) -> int:
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    return game.version


async def test_a_stranger_or_a_player_off_turn_is_told_and_nothing_changes(world: World) -> None:
    turn = await world.start_game(2)
    mover = await to_move(world)
    other = next(u for u in world.players[:2] if u is not mover)
    outsider = world.players[-1]
    version = await current_version(world)
    answer = ephemeral_answer(await world.click(outsider, turn, "Roll"))
    assert answer == "You're not playing in this game."
    answer = ephemeral_answer(await world.click(other, turn, "Roll"))
    assert answer == f"It's {mover.name}'s turn, not yours."
    assert await current_version(world) == version
    assert turn.button_labels() == ["Roll", "Stop & claim", "Follow"]
    assert world.channel.visible(world.players[0].id) != world.channel.visible(outsider.id)


async def test_a_button_from_an_older_board_answers_that_the_board_moved_on(world: World) -> None:
    turn = await world.start_game(2)
    mover = await to_move(world)
    old_roll = turn.button("Roll")["custom_id"]
    await world.click(mover, turn, "Roll")
    version = await current_version(world)
    answer = ephemeral_answer(await world.click(mover, turn, old_roll))
    assert "moved on" in answer
    assert await current_version(world) == version


async def test_two_clicks_at_once_apply_one(world: World) -> None:
    turn = await world.start_game(2)
    mover = await to_move(world)
    version = await current_version(world)
    first, second = await asyncio.gather(
        world.discord.click(mover, turn, "Roll"), world.discord.click(mover, turn, "Roll")
    )
    await asyncio.gather(world.discord.answer(first), world.discord.answer(second))
    kinds = sorted(i.response_type or 0 for i in (first, second))
    assert kinds == [4, 7]
    refused = first if first.response_type == 4 else second
    assert "moved on" in ephemeral_answer(refused)
    assert await current_version(world) == version + 1


async def test_hand_made_custom_ids_are_answered_and_ignored(world: World) -> None:
    turn = await world.start_game(2)
    mover = await to_move(world)
    version = await current_version(world)
    assert "isn't one of mine" in ephemeral_answer(
        await world.click(mover, turn, "not-a-claimit-button")
    )
    missing = ephemeral_answer(await world.click(mover, turn, "claimit:turn:99999:1:roll"))
    assert missing == "That button isn't for a game played here, so nothing happened."
    assert await current_version(world) == version


async def test_the_rules_are_private_and_in_the_users_language(world: World) -> None:
    english = await world.command(world.players[1], "claimit rules")
    assert "stake claims" in ephemeral_answer(english)
    world.players[1].locale = "de"
    german = await world.command(world.players[1], "claimit regeln")
    opening = (ROOT / "bot/games/claimit/rules/de.md").read_text().split("\n")[0][:60]
    assert opening in ephemeral_answer(german)
    assert "stake claims" not in ephemeral_answer(german)


async def test_board_moves_the_table_to_the_bottom_and_its_buttons_work(world: World) -> None:
    table = await world.start_game(2)
    mover = await to_move(world)
    (game,) = await world.bots[0].service.games_here(world.channel.id)
    await world.settled(game.id)
    buttons, picture = [b["custom_id"] for b in table.buttons()], board_png(table)
    moved = (await world.command(world.players[1], "claimit board")).response_message
    assert moved is not None and not moved.ephemeral
    assert [b["custom_id"] for b in moved.buttons()] == buttons and board_png(moved) == picture
    # The old table goes once the new one is out: one table, at the bottom.
    await world.discord.wait_until(lambda: table.deleted)
    await world.settled(game.id)
    assert [m for m in world.channel.visible() if m.buttons()] == [moved]
    pings = world.pings()
    await world.click(mover, moved, "Roll")
    assert moved.buttons() and "Roll" not in moved.button_labels()
    # A ping that was left for the turn led to the table that was there.
    for ping in pings:
        assert f"/{moved.id})" in describe(ping), describe(ping)


async def test_cancel_is_for_the_host_or_a_moderator(world: World) -> None:
    table = await world.start_game(2)
    game = await world.settled((await world.bots[0].service.games_here(world.channel.id))[0].id)
    assert [p.mentions for p in world.pings()] == [[world.players[0].id]]
    refusal = await world.command(world.players[1], "claimit cancel")
    assert ephemeral_answer(refusal) == "Only the host, Ann, can do that."
    assert table.buttons()
    done = await world.command(world.players[0], "claimit cancel")
    assert ephemeral_answer(done) == "You cancelled the game."
    # The table says so, without buttons, and nobody is pinged for a game that is over.
    await world.discord.wait_until(lambda: table.buttons() == [])
    assert "cancelled" in describe(table)
    await world.settled(game.id)
    assert world.pings() == []
    assert "no Claim It! game" in ephemeral_answer(
        await world.command(world.players[0], "claimit board")
    )


async def test_a_second_game_in_the_same_channel_is_refused(world: World) -> None:
    await world.command(world.players[0], "claimit new")
    second = await world.command(world.players[1], "claimit new")
    refused = ephemeral_answer(second)
    assert "Claim It! #1 is already open in this channel" in refused
    assert "start yours in another channel; with /server settings threads, a server" in refused
    assert "have the host cancel it" in refused


async def test_a_channel_where_the_bot_cannot_attach_files_is_named_plainly(
    tmp_path: Path, database_target: str
) -> None:
    no_files = discord.Permissions(view_channel=True, send_messages=True, embed_links=True)
    async with running_world(tmp_path, bot_permissions=no_files, database=database_target) as world:
        answer = ephemeral_answer(await world.command(world.players[0], "claimit new"))
        assert "missing the Attach Files permission" in answer
        assert await world.bots[0].service.current_game(world.channel.id) is None


async def test_buttons_keep_working_after_the_bot_restarts_in_a_new_process(world: World) -> None:
    # The new process keeps real time: on the test's clock the turn's deadline would
    # have passed years ago, and the turn would time out before the click.
    world.clock.advance(time.time() - world.clock.now())
    turn = await world.start_game(2)
    mover = await to_move(world)
    await world.stop_bots()
    environment = {
        **os.environ,
        "DISCORD_TOKEN": world.discord.token,
        "CLAIMIT_DATABASE": str(world.database),
        "CLAIMIT_DISCORD_URL": world.discord.base_url,
    }
    process = await processes.start(
        sys.executable, "-m", "bot", cwd=ROOT, env=environment, stderr=asyncio.subprocess.PIPE
    )
    try:
        assert process.stderr is not None
        log = b""
        while b"claimit ready" not in log:
            line = await process.stderr.readline()
            assert line, log.decode()
            log += line
        interaction = await world.click(mover, turn, "Roll")
        assert interaction.response_type == 7
        assert "rolled" in text_of(turn)
        board_png(turn)
    finally:
        await processes.stop(process)


async def test_a_slow_board_is_deferred_then_edited_in(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    turn = await world.start_game(2)
    mover = await to_move(world)
    before = board_png(turn)
    monkeypatch.setattr(interaction_answers, "DEFER_AFTER", 0.0)
    interaction = await world.click(mover, turn, "Roll")
    assert interaction.response_type == 6
    edited = await world.discord.wait_for_message(
        world.channel, lambda m: m.id == turn.id and "rolled" in text_of(m)
    )
    assert board_png(edited) != before


async def test_every_game_has_its_own_command_group_for_servers_and_group_dms(
    world: World,
) -> None:
    commands = {command["name"]: command for command in world.discord.commands[None]}
    # Beside the games' groups, /my (a player's own across every game), /server (what a
    # server chooses for every game) and /tournament (a server's league, whatever the
    # game: the game is its option).
    assert sorted(commands) == ["claim", "claimit", "my", "nuggets", "server", "tournament"]
    server = commands.pop("server")
    assert server.get("contexts") == [0] or server.get("dm_permission") is False
    assert [o["name"] for o in server["options"]] == ["settings"]
    league = commands.pop("tournament")
    assert league.get("contexts") == [0] or league.get("dm_permission") is False
    assert [o["name"] for o in league["options"]] == ["create", "list", "show", "invite", "cancel"]
    for own in (server, league):
        assert own.get("integration_types") in (None, [0]), "installed to servers only"
    mine = commands.pop("my")
    assert mine.get("contexts") == [0, 1], "in servers and in the bot's DMs"
    assert mine.get("integration_types") == [0, 1], "installed to servers and to users"
    assert [o["name"] for o in mine["options"]] == [
        "games",
        "settings",
        "away",
        "lessons",
        "drills",
    ]
    for command in commands.values():
        # Installed to a user's account, a game's group goes with them to group DMs (and
        # to servers the bot is not in), never to the bot's own DM.
        assert command.get("contexts") == [0, 2]
        assert command.get("integration_types") == [0, 1]
        assert [o["name"] for o in command["options"]] == [
            "new",
            "rules",
            "board",
            "log",
            "cancel",
            "leave",
            "settings",
            "leaderboard",
            "stats",
            "history",
            "recompute",
            "replay",
            "analysis",
            "follow",
            "learn",
            "drills",
        ]


async def test_after_a_placement_the_board_shows_the_roll_it_used(world: World) -> None:
    turn = await world.start_game(2)
    mover = await to_move(world)
    await world.click(mover, turn, "Roll")
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and game.state is not None and game.state.dice is not None
    dice = (game.state.dice[0], game.state.dice[1], game.state.dice[2])
    await world.click(mover, turn, turn.button_labels()[0])
    game = await world.bots[0].service.game(game.id)
    assert game.state is not None and game.seats[game.state.turn].user_id == mover.id
    names = tuple(s.display_name for s in game.seats)
    used = render_board(game.state, View(names=names, rolled=dice))
    without = render_board(game.state, View(names=names))
    assert board_png(turn) == used != without


async def test_a_press_is_handed_over_once_and_discord_py_keeps_no_view(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """The bot reads every press from its custom_id itself: discord.py, which would keep
    a view of each message its buttons went out on and rebuild the whole pressed message
    before handing a press over (and log every press it can't hand over), has none."""
    caplog.set_level(logging.INFO)
    table = await world.start_game(2)
    rng = random.Random(2)
    for _ in range(6):
        mover = await world.mover()
        await world.click(mover, table, pick_button(table, rng, 0.3))
    store = world.bots[0]._connection._view_store
    assert store._dynamic_items == {} and store._views == {}
    assert not [r for r in caplog.records if r.name.startswith("discord.ui")]
