"""Reliability through Discord, in every game: a finished game raises the record shown
beside a name in the next lobby; leaving a game and a seat taken over after time-outs
lower it; a moderator's cancel doesn't; a host's minimum and the server's refuse a join
below them in plain words (an admin sets the server's, nobody else may), across a
restart; ``/… stats`` shows it; and on PostgreSQL two processes count a game once."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_ui.table_asks import On
from bot.features.reliability.service import ReliabilityService
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.service import Actor
from bot.storage import Game, GameStatus
from bot.storage.game_values import Level
from emulator import Message, User
from tests.e2e.world import World, describe, ephemeral_answer, line_value, make_world, running_world
from tests.postgres_cluster import Cluster

pytestmark = pytest.mark.e2e

GROUPS = ("claimit", "nuggets", "claim")


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    async with running_world(tmp_path, players=4, database=database_target) as world:
        yield world


async def play(world: World, game_id: int, quiet: frozenset[int] = frozenset()) -> Game:
    """Plays the game on as its people, each the move a computer player would make, but
    the ``quiet`` ones, whose turns run out, until it is over or one of them was taken
    over; the game then."""
    bot = world.bots[0]
    rng = random.Random(5)
    for _ in range(5000):
        game = await world.settled(game_id)
        if game.status is not GameStatus.ACTIVE or any(
            seat.left_user_id in quiet for seat in game.seats
        ):
            return game
        rules = rules_for(game.kind)
        acting = [game.seats[s] for s in rules.to_act(game.state)]
        mover = next((s for s in acting if s.user_id and s.user_id not in quiet), None)
        if mover is not None:
            intent = rules.decide(game.state, mover.seat, Level.NORMAL, rng)

            async def change(
                moved: Game = game, user: int | None = mover.user_id, intent: str = intent
            ) -> Outcome:
                return await bot.service.turns.act(moved.id, Actor(user), None, intent)

            await bot.table.move(game.id, change, On.TABLE)
        elif any(s.user_id in quiet for s in acting):
            world.advance(game.turn_timeout + 1)
        else:
            # A computer player's step, at the table's pace.
            await asyncio.sleep(0.01)
    raise AssertionError("the game did not end")


async def lobby(world: World, host: User, group: str, reliability: int | None = None) -> Message:
    if reliability is None:
        created = await world.command(host, f"{group} new")
    else:
        created = await world.command(host, f"{group} new", reliability=reliability)
    message = created.response_message
    assert message is not None and not message.ephemeral
    return message


async def current(world: World) -> Game:
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    return game


async def join_refused(world: World, player: User, lobby: Message, button: str = "Join") -> str:
    """What ``player`` is told on pressing ``button`` on ``lobby``, which leaves them out
    of it."""
    answer = ephemeral_answer(await world.click(player, lobby, button))
    assert player.name not in describe(lobby)
    return answer


def seated(message: Message, name: str) -> str:
    """The lobby's line of a seated person, with its notes."""
    return next(line for line in describe(message).splitlines() if f"{name}" in line)


@pytest.mark.parametrize("group", GROUPS)
async def test_finishing_leaving_time_outs_and_minimums(world: World, group: str) -> None:
    ann, bo, cy, di = world.players[:4]
    # Ann and Bo play a game to the end (only its end matters here).
    await world.start_game(2, group)
    finished = await world.played_out(await current(world), each_shown=False)
    assert finished.status is GameStatus.FINISHED
    # Ann's next lobby asks for 80 %: new players (at 80 %) pass.
    second = await lobby(world, ann, group, reliability=80)
    assert "**Reliability** 80% or more" in describe(second)
    assert "84% reliable" in seated(second, "Ann")
    for player in (cy, di):
        await world.click(player, second, "Join")
    assert "· no game ended here yet" in seated(second, "Cy")
    assert "· no game ended here yet" in seated(second, "Di")
    await world.click(ann, second, "Start")
    game = await current(world)
    # Cy leaves; Di goes quiet until a computer player takes her seat over.
    assert "left the game" in ephemeral_answer(await world.command(cy, f"{group} leave"))
    game = await play(world, game.id, quiet=frozenset({di.id}))
    assert game.seat_left_by(di.id) is not None
    # Ann, who may moderate, ends it: that counts against nobody.
    await world.command(ann, f"{group} cancel")
    # Bo's lobby asks for 60 %; the server for 50 % (only an admin may say so).
    third = await lobby(world, bo, group, reliability=60)
    refused = ephemeral_answer(await world.command(bo, "server settings", reliability=10))
    assert "Manage Server" in refused
    saved = ephemeral_answer(await world.command(ann, "server settings", reliability=50))
    assert "50% or more" in saved
    below = await join_refused(world, cy, third)
    assert below == (
        "This lobby asks for 60% reliability or more; yours is 45%. Finishing games raises it."
    )
    await world.stop_bots()
    await world.start_bot(seed=2)
    below = await join_refused(world, di, third)
    assert below.startswith("This lobby asks for 60% reliability or more; yours is 45%.")
    await world.click(ann, third, "Join")
    assert "84% reliable" in seated(third, "Ann") and "84% reliable" in seated(third, "Bo")
    assert "Cy" not in describe(third) and "Di" not in describe(third)
    await world.click(bo, third, "Cancel")
    # Cy's own lobby shows the server's minimum, which Di is below.
    fourth = await lobby(world, cy, group)
    assert "**Reliability** 50% or more" in describe(fourth)
    assert "45% reliable" in seated(fourth, "Cy")
    below = await join_refused(world, di, fourth)
    assert below == (
        "This server asks for 50% reliability or more to join a lobby; yours is 45%. "
        "Finishing games raises it."
    )
    # /stats shows it, with what it is made of.
    mine = await world.answered(ann, f"{group} stats")
    assert line_value(mine, "Reliability") == (
        "84% · of every game in this server: 2 started, 1 finished, 0 left"
    )
    theirs = await world.answered(ann, f"{group} stats", user=cy)
    assert line_value(theirs, "Reliability") == (
        "45% · of every game in this server: 1 started, 0 finished, 1 left"
    )


@pytest.mark.postgres
async def test_two_processes_count_a_game_and_a_takeover_once(
    tmp_path: Path, postgres: Cluster
) -> None:
    """Both processes watch the deadlines and show the games: Bo's seat is taken over once,
    the game ends once, and each counts once."""
    world = await make_world(tmp_path, 3, database=await postgres.new_database(), max_concurrency=2)
    async with world:
        await world.start_two_processes()
        ann, bo, cy = world.players[:3]
        await world.start_game(3, "claimit")
        game = await current(world)
        game = await play(world, game.id, quiet=frozenset({bo.id}))
        assert game.seat_left_by(bo.id) is not None
        game = await play(world, game.id)
        assert game.status is GameStatus.FINISHED
        for bot in world.bots:
            found = await bot.service.part(ReliabilityService).of_players(
                world.guild.id, [ann.id, bo.id, cy.id]
            )
            assert [
                (r.record.started, r.record.finished, r.record.abandoned)
                for r in (
                    found[ann.id],
                    found[bo.id],
                    found[cy.id],
                )
            ] == [(1, 1, 0), (1, 0, 1), (1, 1, 0)]
        next_lobby = await lobby(world, ann, "claimit")
        await world.click(bo, next_lobby, "Join")
        assert "84% reliable" in seated(next_lobby, "Ann")
        assert "45% reliable" in seated(next_lobby, "Bo")


async def test_in_german_the_lobby_and_the_refusal_speak_german(
    tmp_path: Path, database_target: str
) -> None:
    async with running_world(tmp_path, 2, database=database_target, locale="de") as world:
        ann, bo = world.players[:2]
        shown = await world.answered(ann, "claimit neu", zuverlässigkeit=90)
        assert "**Zuverlässigkeit** 90\xa0% oder mehr" in describe(shown)
        assert "· noch keine Partie hier zu Ende" in seated(shown, "Ann")
        refused = await join_refused(world, bo, shown, "Beitreten")
        assert refused == (
            "Diese Lobby verlangt eine Zuverlässigkeit von 90\xa0% oder mehr; du hast noch "
            "kein Spiel zu Ende gespielt, das zählt als 80\xa0%. Zu Ende gespielte Spiele "
            "heben sie."
        )
