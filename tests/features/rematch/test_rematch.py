"""Rematch through Discord, in every game: **Rematch** under a result posts the offer
where the game was played; the players' answers show on it; once all said yes the new
game's table opens there with the same seats and the first player passed on, and the
offer says which game it became. An offer outlives a restart and lapses with the lobby
time; whoever may not is refused in plain words, and nothing changes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.features.rematch.discord.handlers import Rematches
from bot.storage import Game, GameStatus
from emulator import Message
from tests.e2e.world import (
    TITLES,
    World,
    describe,
    ephemeral_answer,
    make_world,
    running_world,
    title_of,
)
from tests.postgres_cluster import Cluster

pytestmark = pytest.mark.e2e

LOBBY_TIME = 30 * 60


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    async with running_world(tmp_path, players=3, database=database_target) as world:
        yield world


async def finished_here(world: World, group: str) -> tuple[Game, Message]:
    """A two-player game of ``group`` started here by Ann and Bo and played to its end,
    each person's move the one a computer player would make; the game and its result."""
    await world.start_game(2, group)
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    game = await world.played_out(game, each_shown=False)
    result = await world.discord.wait_for_message(
        world.channel, lambda m: f"{TITLES[group]} #{game.number} · game over" in describe(m)
    )
    await world.quiet()
    return game, result


async def offer_in(world: World, after: Message | None = None) -> Message:
    """The rematch offer the channel shows (once posted: it follows the press's answer),
    a newer one than ``after``."""
    return await world.discord.wait_for_message(
        world.channel,
        lambda m: "wants a rematch" in describe(m) and (after is None or m.id > after.id),
    )


@pytest.mark.parametrize("group", ["claimit", "nuggets", "claim"])
async def test_everyone_saying_yes_opens_the_new_game_here(world: World, group: str) -> None:
    ann, bo = world.players[:2]
    game, result = await finished_here(world, group)
    title = TITLES[group]
    assert result.button_labels() == ["Replay", "What decided it", "Rematch"]
    asked = await world.click(bo, result, "Rematch")
    assert asked.response_type == 6, "the presser's answer is the offer, posted beside"
    offer = await offer_in(world)
    said = describe(offer)
    # Whoever is yet to answer is pinged once, as it is posted.
    assert f"<@{ann.id}>" in said and f"<@{bo.id}>" not in said
    assert f"🔁 Bo wants a rematch of {title} #{game.number}: 1 of 2 said yes." in said
    assert offer.button_labels() == ["Yes, again", "No, thanks", "Start now"]
    assert "The offer lapses <t:" in said
    await world.click(ann, offer, "Yes, again")
    new_number = (game.number or 0) + 1
    # The table, not a ping beside it (a ping has no title).
    table = await world.discord.wait_for_message(
        world.channel,
        lambda m: f"{title} #{new_number}" in title_of(m) and bool(m.buttons()),
    )
    started = await world.discord.wait_for_message(
        world.channel, lambda m: m is offer and f"[{title} #{new_number}](" in describe(m)
    )
    assert f"The rematch of {title} #{game.number} has started" in describe(started)
    assert f"/{table.id})" in describe(started), "it links to the new table"
    assert offer.button_labels() == []
    opened = await world.bots[0].service.current_game(world.channel.id)
    assert opened is not None
    new = await world.settled(opened.id)
    assert new.status is GameStatus.ACTIVE and new.number == new_number
    assert [s.user_id for s in new.seats] == [s.user_id for s in game.seats]
    assert game.first_seat is not None
    assert new.first_seat == (game.first_seat + 1) % 2
    assert new.turn_message_id == table.id
    assert result.button_labels() == ["Replay", "What decided it", "Rematch"], (
        "the old result stays as it was"
    )
    again = await world.click(ann, result, "Rematch")
    assert (
        ephemeral_answer(again)
        == f"The rematch has started already: {title} #{new_number}, right here."
    )


async def test_an_offer_outlives_a_restart_and_refuses_whoever_may_not(world: World) -> None:
    ann, bo, cy = world.players[:3]
    _, result = await finished_here(world, "claimit")
    outsider = await world.click(cy, result, "Rematch")
    assert ephemeral_answer(outsider) == "Only the players of this game can play it again."
    await world.click(ann, result, "Rematch")
    offer = await offer_in(world)
    twice = await world.click(ann, offer, "Yes, again")
    assert ephemeral_answer(twice) == "You've said yes to this rematch already."
    not_host = await world.click(bo, offer, "Start now")
    assert ephemeral_answer(not_host) == "Only the host, Ann, can do that."
    assert "1 of 2 said yes" in describe(offer)
    await world.stop_bots()
    await world.start_bot(seed=2)
    await world.click(bo, offer, "Yes, again")
    await world.discord.wait_for_message(
        world.channel, lambda m: "Claim It! #2" in describe(m) and bool(m.buttons())
    )
    assert "The rematch of Claim It! #1 has started" in describe(offer)
    games = await world.bots[0].service.games_of_member(world.guild.id, ann.id)
    assert len(games) == 1


async def test_an_offer_nobody_takes_up_lapses_and_can_be_made_again(world: World) -> None:
    ann, bo = world.players[:2]
    _, result = await finished_here(world, "claimit")
    await world.click(ann, result, "Rematch")
    offer = await offer_in(world)
    await world.handled()
    world.advance(LOBBY_TIME + 1)
    await world.discord.wait_for_message(
        world.channel, lambda m: m is offer and "the offer lapsed" in describe(m)
    )
    assert offer.button_labels() == []
    await world.click(bo, result, "Rematch")
    fresh = await offer_in(world, after=offer)
    assert "🔁 Bo wants a rematch of Claim It! #1: 1 of 2 said yes." in describe(fresh)


async def test_a_no_ends_a_two_player_offer(world: World) -> None:
    ann, bo = world.players[:2]
    _, result = await finished_here(world, "nuggets")
    await world.click(ann, result, "Rematch")
    offer = await offer_in(world)
    await world.click(bo, offer, "No, thanks")
    assert "Too many said no, so there is no rematch." in describe(offer)
    assert offer.button_labels() == []
    assert await world.bots[0].service.current_game(world.channel.id) is None


EDIT = "PATCH /channels/{channel}/messages/{message}"


@pytest.mark.postgres
async def test_two_processes_lapse_an_offer_once(tmp_path: Path, postgres: Cluster) -> None:
    """Both processes look for lapsed offers: the offer ends once, shown by one of them."""
    world = await make_world(tmp_path, 2, database=await postgres.new_database(), max_concurrency=2)
    async with world:
        await world.start_two_processes()
        ann = world.players[0]
        _, result = await finished_here(world, "claimit")
        await world.click(ann, result, "Rematch")
        offer = await offer_in(world)
        await world.handled()
        asked = len(world.discord.requests)
        world.advance(LOBBY_TIME + 1)
        await world.discord.wait_for_message(
            world.channel, lambda m: m is offer and "the offer lapsed" in describe(m)
        )
        for bot in world.bots:
            await bot.events.stop()
            await bot.parts.get(Rematches).looks.stop()
        edits = [
            r
            for r in list(world.discord.requests)[asked:]
            if r.route == EDIT and r.channel == world.channel.id
        ]
        assert len(edits) == 1
