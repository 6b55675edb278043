"""The daily summary, for players who chose it: one direct message a day at their hour in
their own time zone (18:00 in Berlin is 17:00 UTC, in New York 23:00), listing the games
waiting for them, in place of the day before's; none on a day no game waits; never twice,
a restart in between or not; no ping or notice at each turn, but a direct message shortly
before a turn of theirs runs out. Quiet hours: a turn reaches the player without a sound
(Discord's @silent), a ping in the channel names them without notifying them, before a
restart and after."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_ui.face_drawing import to_ping
from emulator import Message, User
from tests.e2e.days import DAY, HOUR, kept, notices, start_two, to_noon, until_turn_of
from tests.e2e.world import World, describe, ephemeral_answer, note_of, running_world

SILENT = 1 << 12
"""Discord's SUPPRESS_NOTIFICATIONS message flag (@silent)."""


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    async with running_world(tmp_path, 4, database=database_target, synced=True) as world:
        yield world


def next_at(world: World, hour: int, zone: str) -> float:
    """The next moment the clocks of ``zone`` show ``hour`` o'clock."""
    here = zoneinfo.ZoneInfo(zone)
    now = dt.datetime.fromtimestamp(world.clock.now(), here)
    at = now.replace(hour=hour, minute=0, second=0, microsecond=0)
    if at <= now:
        at = (now + dt.timedelta(days=1)).replace(hour=hour, minute=0, second=0, microsecond=0)
    return at.timestamp()


def turn_pings(world: World) -> list[Message]:
    """The channel's pings, including one that names its players without notifying them."""
    return [m for m in world.channel.visible() if "it's your turn in" in describe(m)]


def summaries(world: World, user: User) -> list[Message]:
    return [m for m in notices(world, user) if "Your games today" in describe(m)]


async def test_a_summary_a_day_at_the_players_own_hour(world: World) -> None:
    ann, bo, cy = world.players[0], world.players[1], world.players[2]
    to_noon(world)
    await world.command(ann, "my settings", notify="summary", time_zone="Europe/Berlin")
    asked = ephemeral_answer(await world.command(bo, "my settings", notify="summary"))
    assert "Which time zone are you in?" in asked, "asked once, when it matters"
    told = ephemeral_answer(await world.command(bo, "my settings", time_zone="America/New_York"))
    assert "America/New_York" in told and "Which time zone" not in told
    second = world.discord.add_channel(world.guild, "more-games")
    annes = await start_two(world, ann, cy)
    bos = await start_two(world, bo, cy, where=second)
    annes = await until_turn_of(world, annes, ann)
    bos = await until_turn_of(world, bos, bo)
    # Their turns reach them in no other way.
    assert kept(world, ann) == [] and kept(world, bo) == []
    everyone_pinged = [m for where in (world.channel, second) for m in world.pings(where)]
    assert not any({ann.id, bo.id} & set(ping.mentions) for ping in everyone_pinged)

    # 18:00 in Berlin: Ann's. The bot is down at the hour, and sends it when it is back.
    berlin = next_at(world, 18, "Europe/Berlin")
    world.advance(berlin - world.clock.now() - 60)
    await world.stop_bots()
    world.advance(120)
    await world.start_bot()
    dm = world.discord.dm_with(ann)
    first = await world.discord.wait_for_message(dm, lambda m: "Your games today" in describe(m))
    assert "1 game waits for you." in describe(first)
    assert f"Claim It! #1](https://discord.com/channels/{world.guild.id}/{world.channel.id}/" in (
        describe(first)
    )
    assert "on **Prospectors**" in describe(first) or "on Prospectors" in describe(first)
    assert summaries(world, bo) == []
    # 18:00 in New York: Bo's (six hours later, but for the weeks when only one of
    # the two has changed its clocks).
    new_york = next_at(world, 18, "America/New_York")
    assert 5 * HOUR <= new_york - berlin <= 6 * HOUR
    world.advance(new_york - world.clock.now() + 1)
    await world.discord.wait_for_message(
        world.discord.dm_with(bo), lambda m: "Your games today" in describe(m)
    )
    assert len(summaries(world, ann)) == 1, "once, the restart notwithstanding"

    # A day later, Ann's new one takes the old one's place; once she has moved, none
    # comes, and the old one goes.
    world.advance(berlin + DAY - world.clock.now() + 1)
    await world.discord.wait_for_message(
        dm, lambda m: "Your games today" in describe(m) and m is not first
    )
    # The new one is posted first, then the old one goes.
    await world.discord.wait_until(lambda: first.deleted)
    assert len([m for m in summaries(world, ann) if not m.deleted]) == 1
    # Her turn ends (she stops once she placed, unless her roll busts).
    await world.click(ann, world.table(), "Roll")
    while ann.id in to_ping(annes := await world.settled(annes.id)):
        labels = world.table().button_labels()
        await world.click(ann, world.table(), next((b for b in labels if "Stop" in b), labels[0]))
    world.advance(DAY)
    await world.discord.wait_until(lambda: all(m.deleted for m in summaries(world, ann)))
    assert len(summaries(world, ann)) == 2


async def test_a_summary_player_is_written_to_before_their_turn_runs_out(world: World) -> None:
    ann, cy = world.players[0], world.players[2]
    to_noon(world)
    await world.command(ann, "my settings", notify="summary", time_zone="Europe/Berlin")
    game = await start_two(world, ann, cy)
    game = await until_turn_of(world, game, ann)
    assert game.deadline is not None
    # Twelve hours before her two days run out (a quarter of them).
    world.advance(game.deadline - 12 * HOUR - world.clock.now() + 1)
    reminder = await world.discord.wait_for_message(
        world.discord.dm_with(ann), lambda m: "⏰ Your turn ends" in note_of(m)
    )
    assert f"<t:{int(game.deadline)}:R>" in note_of(reminder)
    assert not any(ann.id in ping.mentions for ping in world.pings())
    assert reminder.button_labels(), "the turn can be played from it"


async def test_quiet_hours_tell_without_a_sound(world: World) -> None:
    ann, bo = world.players[0], world.players[1]
    to_noon(world)
    await world.command(ann, "server settings", pings="always")
    await world.command(
        ann,
        "my settings",
        notify="dm",
        time_zone="Europe/Berlin",
        quiet_from="22",
        quiet_until="7",
    )
    await world.command(
        bo, "my settings", time_zone="Europe/Berlin", quiet_from="22", quiet_until="7"
    )
    game = await start_two(world, ann, bo)
    for hour, quiet in ((23, True), (9, False), (6, True), (10, False)):
        if hour == 6:
            await world.stop_bots()
            await world.start_bot()
        # Whoever is to move hands the turn over at this hour of Berlin's.
        game = await world.settled(game.id)
        world.advance(next_at(world, hour, "Europe/Berlin") - world.clock.now() + 60)
        mover = world.user(to_ping(game)[0])
        other = bo if mover is ann else ann
        game = await until_turn_of(world, game, other)
        if other is ann:
            (notice,) = kept(world, ann)
            assert bool(notice.flags & SILENT) is quiet, (hour, notice.flags)
        else:
            (ping,) = turn_pings(world)
            assert f"<@{bo.id}>" in describe(ping)
            assert (bo.id in ping.mentions) is not quiet, (hour, ping.mentions)
    shown = ephemeral_answer(await world.command(ann, "my settings"))
    assert "22:00–07:00: your turn reaches you then without a sound" in shown
    off = ephemeral_answer(await world.command(ann, "my settings", quiet_from="off"))
    assert "**Quiet hours** none" in off
    half = ephemeral_answer(await world.command(ann, "my settings", quiet_until="8"))
    assert "quiet hours need both an hour to start and one to end" in half
