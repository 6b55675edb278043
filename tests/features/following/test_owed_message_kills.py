"""What a follower is owed, a game's end and each round, reaches them once however the
bot is killed as it posts it (the scenes: ``tests/e2e/test_owed_message_kills.py``)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from bot.features.following.service import FollowService
from bot.games.faces import face_for
from bot.service import Actor, GameService, Player
from tests.bot.fixtures import random_press
from tests.e2e.test_owed_message_kills import POST, WHEN, dms, scene, two_played

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.long(seconds=3)]


@pytest.mark.parametrize("when", WHEN)
async def test_a_games_end_reaches_each_follower_once(tmp_path: Path, when: str) -> None:
    async with scene(tmp_path) as here:
        await here.start()
        table = await two_played(here)
        for follower in ("Cy", "Di"):
            await here.act(here.emulator.click(here.people[follower], table, "Follow"))
        here.kill_at(POST, here.into(here.direct("Cy")), made=when == "after")
        await here.emulator.slash(here.people["Ann"], here.channel, "claimit cancel")
        await here.killed_and_back()
        await here.bot.logged("posting again what a stopped process left unrecorded")
        await here.all_sent("follow-end:", 2)
        over = "which you follow, is over"
        assert [len(dms(here, who, over)) for who in ("Cy", "Di")] == [1, 1]


@pytest.mark.parametrize("when", WHEN)
async def test_each_round_of_a_followed_game_reaches_its_follower_once(
    tmp_path: Path, when: str
) -> None:
    """Ann's game against a computer player has just ended its first round, not shown
    yet; Cy follows it round by round. The bot, started, shows it and tells Cy, and is
    killed as the notice goes out; started again, Cy has it once."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            service = GameService(database)
            ann, cy = (Player(here.people[n].id, n) for n in ("Ann", "Cy"))
            await service.players.choose(cy.user_id, "en-US", declared={"following": "rounds"})
            game = await service.create_lobby(
                kind="claimit",
                guild_id=here.channel.guild_id,
                channel_id=here.channel.id,
                host=ann,
                bots=1,
                bot_level="easy",
            )
            game = await service.start(game.id, Actor(ann.user_id), game.version)
            follows = FollowService(database, time.time)
            await follows.follow_numbered(game, cy.user_id, 0)
            rng = random.Random(4)
            while not await rounds_over(service, game.id) or game.seats[game.state.turn].is_bot:
                game = (await random_press(service, game, rng, stop_chance=1.0)).game
        here.kill_at(POST, here.into(here.direct("Cy")), made=when == "after")
        await here.start()
        await here.killed_and_back()
        await here.all_sent("follow-round:", 1)
        assert len(dms(here, "Cy", "Round 1 is over.")) == 1


async def rounds_over(service: GameService, game_id: int) -> int:
    outcomes = await service.history.outcomes(game_id)
    return face_for("claimit").rounds_over(outcomes) or 0
