"""Every message a feature owes for something past, across a SIGKILL of the real bot's
process at the moment it is posted: cut off before Discord makes it, or just after
(Discord made it, and the bot never recorded it). Started again, the bot posts what is
still owed under the same nonce: each message arrives once, never twice, never lost.

A fault of the local Discord (``fail``, its ``when`` sending SIGKILL to the bot's whole
process group as the post arrives) picks the moment, and ``made`` whether Discord made
the message first. What the scenes need that a person can't do quickly (a month gone
by, a tournament due) is written into the bot's database before it starts."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from bot.features.following.service import FollowService
from bot.features.rematch.service import RematchService
from bot.features.seasons.service import SEASON_MIN_GAMES
from bot.features.tournaments.service import TournamentService
from bot.games.faces import face_for, faces
from bot.service import Actor, GameService, GuildSettingsService, Player
from bot.storage import Database
from bot.storage.opening import open_database
from bot.storage.records import PingMode
from emulator import Channel, DiscordEmulator, Interaction, Message, User
from tests.bot.fixtures import new_tournament, play_to_the_end, random_press
from tests.clock import ManualClock
from tests.e2e.running_bot import BotProcess, bot_environment
from tests.e2e.world import THREAD_PERMISSIONS, describe, lobby_with, started, title_of
from tests.quick_limits import QUICK_LIMITS

pytestmark = [pytest.mark.slow, pytest.mark.long(seconds=3)]

POST = "POST /channels/{channel}/messages"
CALLBACK = "POST /interactions/{id}/{token}/callback"
WAIT = 60.0
"""Seconds anything the bot owes may take to arrive, far beyond a busy machine's."""
WHEN = ("before", "after")
"""Killed as the post arrives: before Discord makes the message, or once it has."""


@dataclass
class Scene:
    """One server on the local Discord, the real bot in a process of its own on a SQLite
    file, and the people."""

    emulator: DiscordEmulator
    channel: Channel
    people: dict[str, User]
    database: Path
    bot: BotProcess

    async def start(self) -> None:
        await self.bot.start()

    def kill_at(self, route: str, where: Callable[[web.Request], bool], *, made: bool) -> None:
        """The next request on ``route`` that ``where`` accepts kills the bot (its whole
        process group at once: SIGKILL): before Discord makes what it asks, or just after
        when ``made``."""
        bot = self.bot

        def kill() -> None:
            assert bot.process is not None
            os.killpg(bot.process.pid, signal.SIGKILL)

        self.emulator.fail(route, 503, when=where, made=made, then=kill)

    async def killed_and_back(self) -> None:
        """Once the fault has killed it: the bot started again."""
        assert await self.bot.exited() == -signal.SIGKILL
        await self.bot.start()

    async def act(self, sending: Coroutine[Any, Any, Interaction]) -> Interaction:
        """A command or press, once the bot has answered it."""
        return await self.emulator.answer(await sending, WAIT)

    async def command(self, user: str, command: str, **options: Any) -> Interaction:
        return await self.act(
            self.emulator.slash(self.people[user], self.channel, command, **options)
        )

    async def message(
        self, check: Callable[[Message], bool], where: Channel | None = None
    ) -> Message:
        return await self.emulator.wait_for_message(where or self.channel, check, WAIT)

    def direct(self, user: str) -> Channel:
        return self.emulator.dm_with(self.people[user])

    def into(self, channel: Channel) -> Callable[[web.Request], bool]:
        return lambda request: request.match_info.get("channel") == str(channel.id)

    @asynccontextmanager
    async def opened(self) -> AsyncIterator[Database]:
        """The bot's database, opened by the test (before the bot starts)."""
        database = await open_database(self.database)
        try:
            yield database
        finally:
            await database.close()

    async def all_sent(self, prefix: str, count: int) -> None:
        """Until ``count`` messages whose key starts with ``prefix`` are recorded sent (and
        none of them is owed any more)."""

        def sent() -> int:
            with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True) as connection:
                rows = connection.execute(
                    "SELECT COUNT(*) FROM owed_messages WHERE key LIKE ? AND sent_at IS NOT NULL",
                    (prefix + "%",),
                ).fetchone()
            return int(rows[0])

        try:
            async with asyncio.timeout(WAIT):
                while sent() < count:
                    await asyncio.sleep(0.05)
        except TimeoutError:
            said = self.bot.log()
            raise AssertionError(f"{sent()} of {count} sent; the bot said:\n{said}") from None


@asynccontextmanager
async def scene(tmp_path: Path, **settings: str) -> AsyncIterator[Scene]:
    emulator = DiscordEmulator(rate_limits=QUICK_LIMITS)
    await emulator.start()
    owner = emulator.add_user("Ann")
    guild = emulator.add_guild("Prospectors", owner)
    people = {"Ann": owner}
    for name in ("Bo", "Cy", "Di", "Ed"):
        people[name] = emulator.add_user(name)
        emulator.add_member(guild, people[name])
    channel = emulator.add_channel(guild, "games", THREAD_PERMISSIONS)
    database = tmp_path / "bot.sqlite3"
    environment = bot_environment(emulator, str(database), **settings)
    bot = BotProcess(environment)
    try:
        yield Scene(emulator, channel, people, database, bot)
    finally:
        if bot.running:
            await bot.kill()
        await emulator.close()


def dms(scene: Scene, user: str, says: str) -> list[Message]:
    """The bot's direct messages to ``user`` that say ``says`` (deleted since or not)."""
    return [m for m in scene.direct(user).messages if says in describe(m)]


async def two_played(scene: Scene) -> Message:
    """Ann and Bo's Claim It! game, started here; its table."""
    lobby = (await scene.command("Ann", "claimit new")).response_message
    assert lobby is not None
    await scene.act(scene.emulator.click(scene.people["Bo"], lobby, "Join"))
    lobby = await scene.message(lambda m: lobby_with("Bo", m))
    await scene.act(scene.emulator.click(scene.people["Ann"], lobby, "Start"))
    return await scene.message(started)


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


@pytest.mark.parametrize("when", WHEN)
async def test_every_invitation_reaches_its_invitee_once(tmp_path: Path, when: str) -> None:
    async with scene(tmp_path) as here:
        await here.start()
        lobby = (await here.command("Ann", "claimit new", private=True)).response_message
        assert lobby is not None
        invitees = ["Bo", "Cy", "Di", "Ed"]
        here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.emulator.select_users(
            here.people["Ann"], lobby, "Invite players…", [here.people[n] for n in invitees]
        )
        await here.killed_and_back()

        def asked(name: str) -> list[Message]:
            mention = f"<@{here.people[name].id}>"
            return [m for m in here.channel.messages if mention in describe(m)]

        await here.bot.logged("posting again what a stopped process left unrecorded")
        await here.all_sent("invitation:", len(invitees))
        assert [len(asked(name)) for name in invitees] == [1, 1, 1, 1]


async def finished_at(service: GameService, here: Scene, *, shown: bool) -> None:
    """A game of Ann's and Bo's played to its end here, in the bot's database: ``shown``,
    the bot posts nothing of it; else its result is posted as the bot starts."""
    ann, bo = (Player(here.people[n].id, n) for n in ("Ann", "Bo"))
    game = await service.create_lobby(
        kind="claimit", guild_id=here.channel.guild_id, channel_id=here.channel.id, host=ann
    )
    game = await service.join(game.id, bo, game.version)
    game = await service.start(game.id, Actor(ann.user_id), game.version)
    over = await play_to_the_end(service, game, random.Random(game.id))
    if shown:
        await service.messages.mark_shown(over.id, over.version)


async def test_a_rematch_that_started_as_the_bot_was_killed_says_so_and_links_to_it(
    tmp_path: Path,
) -> None:
    """Bo's yes, the last, started the new game; the bot was killed before it could answer
    him or show the offer: started again, the new game has its one table, and the offer
    says it started and links to it, its buttons gone."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            await finished_at(GameService(database), here, shown=False)
        await here.start()
        result = await here.message(lambda m: "game over" in describe(m))
        await here.act(here.emulator.click(here.people["Ann"], result, "Rematch"))
        offer = await here.message(lambda m: "wants a rematch" in describe(m))
        bo = here.people["Bo"]
        here.kill_at(CALLBACK, lambda request: True, made=False)
        await here.emulator.click(bo, offer, "Yes, again")
        await here.killed_and_back()
        table = await here.message(lambda m: "Claim It! #2" in describe(m) and started(m))
        await here.emulator.wait_until(lambda: f"/{table.id})" in describe(offer), WAIT)
        assert "The rematch of Claim It! #1 has started: [Claim It! #2](" in describe(offer)
        assert offer.button_labels() == []
        tables = [m for m in here.channel.visible() if "Claim It! #2" in describe(m)]
        assert [m for m in tables if started(m)] == [table]


@pytest.mark.parametrize("when", WHEN)
async def test_a_rematch_offer_is_posted_once(tmp_path: Path, when: str) -> None:
    """Ann presses Rematch under the result, and the bot is killed as the offer goes out;
    started again, the offer is there once, and Bo's yes on it starts the game."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            await finished_at(GameService(database), here, shown=False)
        await here.start()
        result = await here.message(lambda m: "game over" in describe(m))
        here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.emulator.click(here.people["Ann"], result, "Rematch")
        await here.killed_and_back()
        await here.all_sent("rematch-offer:", 1)
        (offer,) = [m for m in here.channel.visible() if "wants a rematch" in describe(m)]
        assert f"<@{here.people['Bo'].id}>" in describe(offer)
        await here.act(here.emulator.click(here.people["Bo"], offer, "Yes, again"))
        await here.message(lambda m: "Claim It! #2" in describe(m) and started(m))


async def test_an_offer_made_before_a_kill_and_answered_since_shows_the_answer(
    tmp_path: Path,
) -> None:
    """The offer's message was made but the bot was killed before recording it, and Bo's
    yes (the last) came before the restart. Posted again under its nonce, Discord gives
    back the message made before, which still reads "1 of 2 said yes": it is edited to
    say the rematch started, linking to the new table, rather than taken as current."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            await finished_at(GameService(database), here, shown=False)
        await here.start()
        result = await here.message(lambda m: "game over" in describe(m))
        here.kill_at(POST, here.into(here.channel), made=True)
        await here.emulator.click(here.people["Ann"], result, "Rematch")
        await here.bot.exited()
        (offer,) = [m for m in here.channel.visible() if "wants a rematch" in describe(m)]
        assert "1 of 2 said yes" in describe(offer)
        async with here.opened() as database:
            service = GameService(database)
            over = await service.current_game(here.channel.id)
            game_id = over.id if over is not None else 1
            bo = Actor(here.people["Bo"].id)
            rematch = await service.part(RematchService).answer_rematch(game_id, bo, True)
            assert rematch.started is not None
        await here.start()
        table = await here.message(lambda m: "Claim It! #2" in describe(m) and started(m))
        await here.emulator.wait_until(lambda: f"/{table.id})" in describe(offer), WAIT)
        assert "The rematch of Claim It! #1 has started" in describe(offer)
        assert offer.button_labels() == []


@pytest.mark.parametrize("when", WHEN)
async def test_a_takeback_request_is_posted_once(tmp_path: Path, when: str) -> None:
    """Ann's and Bo's game, its first roll made: the roller presses Take back, and the bot
    is killed as the request goes out; started again, the request is there once, and the
    other player's Agree takes the roll back."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            # Pinged at once: the ping is out before the request is asked for.
            await GuildSettingsService(database).change(
                here.channel.guild_id, ping_mode=PingMode.ALWAYS, declared={"takebacks": "always"}
            )
            service = GameService(database)
            ann, bo = (Player(here.people[n].id, n) for n in ("Ann", "Bo"))
            game = await service.create_lobby(
                kind="claimit", guild_id=here.channel.guild_id, channel_id=here.channel.id, host=ann
            )
            game = await service.join(game.id, bo, game.version)
            game = await service.start(game.id, Actor(ann.user_id), game.version)
            assert game.state is not None
            roller = game.seats[game.state.turn].user_id
            assert roller is not None
            await service.turns.act(game.id, Actor(roller), None, "roll")
        (asker,) = (user for user in here.people.values() if user.id == roller)
        other = here.people["Bo" if asker.name == "Ann" else "Ann"]
        await here.start()
        table = await here.message(started)
        await here.message(lambda m: bool(m.mentions))
        here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.emulator.click(asker, table, "Take back")
        await here.killed_and_back()
        await here.all_sent("takeback:", 1)
        (request,) = [m for m in here.channel.visible() if "asks to take back" in describe(m)]
        assert f"<@{other.id}>" in describe(request)
        await here.act(here.emulator.click(other, request, "Agree"))
        await here.emulator.wait_until(lambda: request.deleted, WAIT)


@pytest.mark.parametrize("when", WHEN)
async def test_a_game_whose_channel_went_tells_each_player_once(tmp_path: Path, when: str) -> None:
    """The channel of Ann's and Bo's game is deleted, and the bot is killed as it tells
    Ann that the game ended; started again, each of them has been told once."""
    async with scene(tmp_path) as here:
        await here.start()
        await two_played(here)
        here.kill_at(POST, here.into(here.direct("Ann")), made=when == "after")
        await here.emulator.delete_channel(here.channel)
        await here.killed_and_back()
        await here.all_sent("place-gone:", 2)
        ended = "it had nowhere else to go"
        told = [
            [m for m in here.direct(who).messages if ended in m.content] for who in ("Ann", "Bo")
        ]
        assert [len(messages) for messages in told] == [1, 1]


@pytest.mark.parametrize("when", WHEN)
async def test_a_seasons_end_is_announced_once(tmp_path: Path, when: str) -> None:
    """A season that ended two days ago, in which Ann and Bo played enough rated games:
    the bot, started, announces its end, and is killed as the podium goes out; started
    again, it is announced once."""
    async with scene(tmp_path) as here:
        today = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
        start, end = today - timedelta(days=20), today - timedelta(days=2)
        clock = ManualClock((start + timedelta(days=5)).timestamp())
        async with here.opened() as database:
            dates = f"{start.date().isoformat()}, {end.date().isoformat()}"
            await GuildSettingsService(database).change(
                here.channel.guild_id, declared={"seasons": "dates", "season_dates": dates}
            )
            service = GameService(database, clock=clock.now)
            for _ in range(SEASON_MIN_GAMES):
                await finished_at(service, here, shown=True)
        here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.start()
        await here.killed_and_back()
        await here.all_sent("season-end:", 1)
        assert len([m for m in here.channel.messages if "🏁" in describe(m)]) == 1


@pytest.mark.parametrize("when", WHEN)
async def test_a_tournaments_round_is_told_once(tmp_path: Path, when: str) -> None:
    """A tournament due to start: the bot starts it, opens its tables and is killed as
    the round's message goes out; started again, the round is told once."""
    async with scene(tmp_path) as here:
        now = datetime.now(UTC).timestamp()
        clock = ManualClock(now - 120)
        async with here.opened() as database:
            service = GameService(database, clock=clock.now)
            people = [Player(here.people[n].id, n) for n in ("Ann", "Bo", "Cy", "Di")]
            made = await service.part(TournamentService).create_tournament(
                new_tournament(
                    here.channel.guild_id,
                    here.channel.id,
                    now - 60,
                    name="Kill Cup",
                    rounds=2,
                    match_size=2,
                    cap=4,
                ),
                people[0],
                True,
            )
            for player in people:
                await service.part(TournamentService).sign_up(made.tournament.id, player)
        here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.start()
        await here.killed_and_back()
        await here.all_sent("tournament-round:", 1)
        told = [m for m in here.channel.messages if "Round 1" in describe(m)]
        assert len(told) == 1


@pytest.mark.parametrize("when", WHEN)
async def test_a_servers_welcome_is_posted_once(tmp_path: Path, when: str) -> None:
    """A server adds the bot, and the bot is killed as its welcome goes out; started
    again (the server is one it was in, no join), it posts the welcome still owed, once,
    in the channel picked at the join."""
    async with scene(tmp_path) as here:
        await here.start()
        guild = here.emulator.add_guild("Newcomers", here.people["Ann"])
        general = here.emulator.add_channel(guild, "general")
        here.kill_at(POST, here.into(general), made=when == "after")
        await here.emulator.add_bot(guild)
        await here.killed_and_back()
        await here.bot.logged("posting again what a stopped process left unrecorded")
        await here.all_sent("welcome:", 1)
        (welcome,) = [m for m in general.messages if title_of(m) == "Thanks for adding me!"]
        assert welcome.button_labels() == [f"{face.title} · Learn to play" for face in faces()]
        with sqlite3.connect(f"file:{here.database}?mode=ro", uri=True) as connection:
            owed = connection.execute("SELECT owed FROM welcomes WHERE guild_id = ?", (guild.id,))
            assert owed.fetchall() == [(0,)]


FOLLOWUP = "POST /webhooks/{app}/{token}"
SHARED = {"analysis": "📊 What decided it · Claim It! #1", "replay": "🎞️ Replay · Claim It! #1"}
"""What each share posts, by the command that shows it privately first."""


@pytest.mark.parametrize("when", [*WHEN, "recorded"])
@pytest.mark.parametrize("shown", SHARED)
async def test_a_shared_report_or_replay_is_posted_once(
    tmp_path: Path, shown: str, when: str
) -> None:
    """Ann shares a finished game's report (or replay) in the channel, and the bot is
    killed as it posts it, just after, or once it is recorded (as it tells Ann where):
    started again, the bot itself posts what is still owed, and the channel has it once,
    which Share links from then on."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            await finished_at(GameService(database), here, shown=True)
        await here.start()
        asked = await here.command("Ann", f"claimit {shown}")
        private = asked.response_message
        assert private is not None
        await here.emulator.wait_until(lambda: "Share in the channel" in private.button_labels())
        if when == "recorded":
            here.kill_at(FOLLOWUP, lambda request: True, made=False)
        else:
            here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.emulator.click(here.people["Ann"], private, "Share in the channel")
        await here.killed_and_back()
        await here.all_sent(f"{'report' if shown == 'analysis' else 'replay'}-share:", 1)

        def posted() -> list[Message]:
            return [m for m in here.channel.messages if not m.ephemeral and title_of(m) == title]

        title = SHARED[shown]
        (post,) = posted()
        assert f"Shared by <@{here.people['Ann'].id}>." in describe(post)
        again = await here.act(
            here.emulator.click(here.people["Ann"], private, "Share in the channel")
        )
        assert again.response_message is not None
        assert again.response_message.content.endswith(f"/{here.channel.id}/{post.id}")
        assert posted() == [post]
