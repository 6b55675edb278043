"""A Discord server on the emulator with the real bot in it, and how players act there."""

from __future__ import annotations

import asyncio
import contextlib
import io
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from aiohttp import web
from PIL import Image
from PIL.GifImagePlugin import GifImageFile

from bot.activity.server import ActivityServer
from bot.activity.serving import board_served
from bot.discord_ui.client import GameBot, use_discord_at
from bot.discord_ui.face_drawing import acting, to_ping
from bot.discord_ui.table_asks import On
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.service import Actor
from bot.settings import Settings
from bot.storage import Game, GameStatus
from bot.storage.game_values import Level
from emulator import (
    DEFAULT_BOT_PERMISSIONS,
    Channel,
    DiscordEmulator,
    Guild,
    Interaction,
    Message,
    User,
)
from engine.claimit import MAX_PLAYERS, MIN_PLAYERS
from render.claimit import geometry
from tests.clock import ManualClock
from tests.new_sqlite import new_sqlite
from tests.quick_limits import QUICK_LIMITS

CALLBACK = "POST /interactions/{id}/{token}/callback"
THREAD_PERMISSIONS = DEFAULT_BOT_PERMISSIONS | discord.Permissions(
    create_public_threads=True, send_messages_in_threads=True
)
"""What the bot needs besides its defaults to give each game a thread."""
TITLES = {"claimit": "Claim It!", "nuggets": "Gold Nuggets", "claim": "Claim"}
"""Each game's command, and its name as its messages title it."""
RESPONSE_DEADLINE = 15.0
"""Seconds Discord waits for an interaction's first response here, on its clock (its own
is 3 s). The bot, the emulated Discord and the test share one process and one loop, on a
machine CI may keep busy with two burners beside three workers: there a process gets
about two fifths of a core, and a loop starved that long, not the bot, would miss 3 s.
The bot's own deferral (after 1.5 s of its loop) is tested with its pause shortened
(``test_a_slow_board_is_deferred_then_edited_in``), Discord's deadline by the emulator's
tests, an answer not waiting out a rate limit by the order ``test_rate_limits`` sees;
the time to an answer is measured by ``bench.e2e``."""
DEFER_AFTER = RESPONSE_DEADLINE / 2
"""Seconds of its loop the bot waits here before it defers an answer (its own is 1.5 s,
``interaction_answers.DEFER_AFTER``), scaled as Discord's deadline is: a loop starved on
a busy machine would otherwise defer what a test means to see answered at once, and the
test read an answer still to come. Deferral itself is tested with no wait at all."""


@dataclass
class World:
    discord: DiscordEmulator
    guild: Guild
    channel: Channel
    players: list[User]
    database: str
    """A SQLite file or a PostgreSQL URL."""
    bots: list[GameBot] = field(default_factory=list)
    clock: ManualClock = field(default_factory=ManualClock)
    """The bot's time: deadlines pass when a test advances it."""

    async def start_bot(
        self,
        seed: int = 1,
        *,
        member_events: bool = False,
        dice: random.Random | None = None,
        shards: tuple[int, frozenset[int]] | None = None,
        metrics_port: int | None = None,
        board: bool = False,
    ) -> GameBot:
        """The bot, its dice drawn from ``random.Random(seed)`` unless ``dice`` is given;
        with ``shards`` (how many in all, which of them), one of its processes; with
        ``metrics_port``, serving its figures and health there (0: on a free port); with
        ``board``, serving its Activity on a free port (``boards``)."""
        settings = Settings(
            discord_token=self.discord.token,
            database=self.database,
            bot_pause=0,
            member_events=member_events,
            # Pictures in threads: the tests start many bots, and the picture processes
            # have tests of their own.
            render_processes=0,
            shard_count=None if shards is None else shards[0],
            shards=None if shards is None else shards[1],
            metrics_port=metrics_port,
            activity_port=0 if board else None,
            client_secret=self.discord.client_secret if board else None,
        )
        bot = GameBot(
            settings,
            dice=random.Random(seed) if dice is None else dice,
            clock=self.clock,
            guild_ready_timeout=0.05,
        )
        try:
            await bot.login(self.discord.token)
            served = await self._served.enter_async_context(board_served(bot))
            if served is not None:
                self.boards.append(served)
            connecting = asyncio.create_task(bot.connect())
            self._tasks.append(connecting)
            await ready_or_failed(bot, connecting)
        except BaseException:
            # What it started (its picture processes, its metrics endpoint) stops too.
            await bot.close()
            raise
        self.bots.append(bot)
        return bot

    async def start_two_processes(self) -> None:
        """The bot as two processes, one for each of two shards, both connected."""
        await self.start_bot(shards=(2, frozenset({0})))
        await self.start_bot(shards=(2, frozenset({1})))
        await self.discord.wait_for_shards(2)

    async def stop_bots(self) -> None:
        await self._served.aclose()
        self.boards.clear()
        for bot in self.bots:
            await bot.close()
        for task in self._tasks:
            await task
        self.bots.clear()
        self._tasks.clear()

    def __post_init__(self) -> None:
        self._tasks: list[asyncio.Task[None]] = []
        self._served = contextlib.AsyncExitStack()
        self.boards: list[ActivityServer] = []
        """The Activities the bots serve (``start_bot``'s ``board``), in their order."""

    async def __aenter__(self) -> World:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        """Stops its bots and its Discord, however the test ended."""
        await self.stop_bots()
        await self.discord.close()

    def advance(self, seconds: float) -> None:
        """Moves time on for the bot and for Discord alike (a message's age, a token's)."""
        self.clock.advance(seconds)
        self.discord.clock.advance(seconds)

    async def command(
        self, user: User, command: str, /, *, where: Channel | None = None, **options: Any
    ) -> Interaction:
        """Runs a slash command; ``options`` may include one named ``user``."""
        interaction = await self.discord.slash(user, where or self.channel, command, **options)
        return await self.answered_in_full(await self.discord.answer(interaction))

    async def answered_in_full(self, interaction: Interaction) -> Interaction:
        """The command once its answer is out, where the bot deferred it first (on a busy
        machine, past 1.5 s of its loop): its ``response_message`` is then the answer a
        person sees, as after an answer in time: its "thinking..." filled in, or, where
        the bot deleted it, the public message it posted in the channel instead."""
        thinking = interaction.response_message
        if interaction.response_type != 5 or thinking is None:
            return interaction
        await self.discord.wait_until(lambda: thinking.deleted or not thinking.loading)
        if thinking.deleted:
            interaction.response_message = next(
                m
                for m in interaction.channel.visible()
                if m.id > interaction.id and m.author.id == self.discord.bot.id
            )
        return interaction

    async def answered(
        self, user: User, command: str, /, *, where: Channel | None = None, **options: Any
    ) -> Message:
        """The message the bot answered a slash command with (a lobby, a refusal, …)."""
        message = (await self.command(user, command, where=where, **options)).response_message
        assert message is not None
        return message

    async def refusal(self, interaction: Interaction) -> str:
        """The plain words only the presser sees (the answer, or a follow-up after a
        deferral)."""
        answer = await self.discord.wait_for_message(
            interaction.channel,
            lambda m: m.interaction_id == interaction.id and m.ephemeral and bool(m.content),
        )
        assert answer.visible_to == interaction.user.id
        return answer.content

    async def click(self, user: User, message: Message, button: str) -> Interaction:
        """A click, once it is answered and every change it made is shown (a test of what
        players see meanwhile clicks through ``discord``)."""
        clicked = await self.discord.answer(await self.discord.click(user, message, button))
        await self.quiet()
        return clicked

    async def select(
        self, user: User, message: Message, placeholder: str, value: str
    ) -> Interaction:
        picked = await self.discord.answer(
            await self.discord.select(user, message, placeholder, value)
        )
        await self.quiet()
        return picked

    async def select_users(
        self, user: User, message: Message, placeholder: str, picked: list[User]
    ) -> Interaction:
        """People picked in a user menu, once it is answered and its changes are shown."""
        chose = await self.discord.answer(
            await self.discord.select_users(user, message, placeholder, picked)
        )
        await self.quiet()
        return chose

    def deleted_as_answered(self, message: Message) -> None:
        """``message`` is deleted the moment the bot first answers a press on it, as a move
        made meanwhile (on this process or another), or a moderator, deletes it."""

        def deleting(request: web.Request) -> bool:
            pressed = self.discord.interactions.get(request.match_info.get("token", ""))
            if pressed is not None and pressed.message is message:
                message.deleted = True
            return False

        self.discord.fail(CALLBACK, 500, when=deleting)

    async def handled(self) -> None:
        """Until every click and command so far has run to its end: what a handler does
        after its answer (recording the message it posted, say) too."""
        for bot in self.bots:
            await bot.work.idle()

    async def quiet(self) -> None:
        """Until no game is being changed and every change made so far is shown: a move
        is answered while its game is held, and the rest follows once it is let go."""
        for bot in self.bots:
            table = bot.table
            while busy := [
                *table.locks.held(),
                *table.follower.following(),
                *table.hands.follower.following(),
            ]:
                for game_id in busy:
                    async with table.locks.hold(game_id):
                        pass
                    await table.follower.settled(game_id)
                    await table.hands.follower.settled(game_id)

    async def start_game(self, players: int, command: str = "claimit") -> Message:
        """Lobby, joins and start as players do it, with the game's command group
        (``/claimit new``, ``/nuggets new``); returns the game's table, which the lobby
        message has become."""
        host, *others = self.players[:players]
        created = await self.command(host, f"{command} new")
        lobby = created.response_message
        assert lobby is not None and not lobby.ephemeral
        assert lobby.button_labels() == ["Join", "Leave", "Start", "Cancel", "How to play"]
        for player in others:
            await self.click(player, lobby, "Join")
        assert all(p.name in describe(lobby) for p in self.players[:players])
        await self.click(host, lobby, "Start")
        assert "Join" not in lobby.button_labels()
        return lobby

    async def new_game(self, players: int, command: str = "claimit") -> Game:
        """A game started here as players start one (``start_game``)."""
        await self.start_game(players, command)
        return await self.game_here()

    async def claim_started(self) -> tuple[Message, Game, int, User]:
        """A two-player Claim game started here: its table, the game, the seat to act and
        the person in it."""
        table = await self.start_game(2, command="claim")
        game = await self.game_here()
        assert game.state is not None
        (seat,) = game.state.to_act()
        return table, game, seat, self.user(game.seats[seat].user_id or 0)

    async def game_here(self, where: Channel | None = None) -> Game:
        """The game running here (there must be one)."""
        game = await self.bots[0].service.current_game((where or self.channel).id)
        assert game is not None, "no game here"
        return game

    async def human_to_move(self, where: Channel | None = None) -> User | None:
        """The (first) person to act in the game here; ``None`` while a computer player
        moves or when no game is running."""
        game = await self.bots[0].service.current_game((where or self.channel).id)
        if game is None or game.state is None:
            return None
        people = to_ping(game)
        return self.user(people[0]) if people else None

    async def mover(self, where: Channel | None = None) -> User:
        """The person to act in the game here (there must be one)."""
        user = await self.human_to_move(where)
        assert user is not None, "nobody is to act"
        return user

    def table(self, where: Channel | None = None) -> Message:
        """The game's table here: the newest of the bot's cards with a title."""
        return next(
            m
            for m in reversed((where or self.channel).visible())
            if m.author.id == self.discord.bot.id and not m.ephemeral and title_of(m)
        )

    def place_of(self, game: Game) -> Channel:
        """The channel or thread a game is played in."""
        return self.discord.channels[game.place_id]

    def every_interaction_answered(self) -> None:
        """Every click and command so far had its first response within Discord's deadline
        here (``RESPONSE_DEADLINE``), and nothing the bot sent about it was refused."""
        for interaction in self.discord.interactions.values():
            assert interaction.errors == []
            seconds = interaction.response_seconds
            assert seconds is not None and seconds < RESPONSE_DEADLINE

    def pings(self, where: Channel | None = None) -> list[Message]:
        """The bot's messages here that ping someone (a turn's ping)."""
        return [m for m in (where or self.channel).visible() if m.mentions]

    def user(self, user_id: int) -> User:
        return next(u for u in self.players if u.id == user_id)

    async def settled(self, game_id: int) -> Game:
        """The game once every change made so far is on its messages and recorded: a
        change holds the game's lock until its show is wanted, and the followers show it
        (the table and ping, and apart from them the live hands; and whatever it set
        going, a computer player's move) afterwards."""
        while True:
            for bot in self.bots:
                table = bot.table
                async with table.locks.hold(game_id):
                    pass
                await table.follower.settled(game_id)
                await table.hands.follower.settled(game_id)
            async with contextlib.AsyncExitStack() as held:
                for bot in self.bots:
                    await held.enter_async_context(bot.table.locks.hold(game_id))
                    await held.enter_async_context(bot.table.displays.hold(game_id))
                followers = [(b.table.follower, b.table.hands.follower) for b in self.bots]
                if any(f.busy(game_id) for pair in followers for f in pair):
                    continue
                game = await self.bots[0].service.game(game_id)
                if game.shown or len(self.bots) == 1:
                    return game
            # A change made by a process that doesn't hold the game's shard is shown by
            # the one that does once the database tells it so, and nothing is under way
            # in either until then: it is caught up there now, as the database's word
            # would have it caught up (which then finds it shown).
            (holder,) = [bot for bot in self.bots if bot.leases.holds(game.guild_id)]
            await holder.table.catch_up(game_id)

    async def shown_and_heard(self, game_id: int) -> Game:
        """The game once ``settled``, and what its shows told every bot's event followers
        heard: a show that is heard only after the next move finds the game past it and
        tells nothing (notices of rounds over catch up at once, the latest alone)."""
        game = await self.settled(game_id)
        for bot in self.bots:
            await bot.events.idle()
        return game

    async def played_out(self, game: Game, *, each_shown: bool = True) -> Game:
        """The game of people alone played to its end through the first bot, each
        person's move the one a computer player would make: each move made and shown
        through its table, and what its show told (a follower's notice of a round's end)
        heard before the next, or (not ``each_shown``, where only the end matters) made by
        the service and the end alone shown, as after a restart."""
        bot = self.bots[0]
        rules = rules_for(game.kind)
        rng = random.Random(11)
        for _ in range(3000):
            game = await (
                self.shown_and_heard(game.id) if each_shown else bot.service.game(game.id)
            )
            if game.status is GameStatus.FINISHED:
                if not each_shown:
                    async with bot.table.held(game.id):
                        await bot.table.show_afresh(game)
                    game = await self.settled(game.id)
                return game
            people = [s for s in rules.to_act(game.state) if not game.seats[s].is_bot]
            if not people:
                # A computer player (one who took a seat over) moves once the game shows.
                async with bot.table.held(game.id):
                    await bot.table.show_afresh(game)
                while bot.table.computer.busy:
                    await self.settled(game.id)
                    await asyncio.sleep(0)
                continue
            seat = people[0]
            user = game.seats[seat].user_id
            intent = rules.decide(game.state, seat, Level.NORMAL, rng)
            moved = game

            async def change(
                moved: Game = moved, user: int | None = user, intent: str = intent
            ) -> Outcome:
                return await bot.service.turns.act(moved.id, Actor(user), None, intent)

            if each_shown:
                await bot.table.move(moved.id, change, On.TABLE)
            else:
                await change()
        raise AssertionError(f"game {game.id} was not over after 3000 moves")

    async def result(self, where: Channel | None = None) -> Message:
        """The result of the game of people alone here, played out where only its end
        matters (``played_out`` without showing each move)."""
        game = await self.bots[0].service.current_game((where or self.channel).id)
        assert game is not None, "no game is running here"
        await self.played_out(game, each_shown=False)
        return self.table(where)

    def busy(self, game_id: int, bot: GameBot | None = None) -> bool:
        """Whether the game is being changed or shown (by ``bot``, or the first): a
        computer player's move shows as this while its table is brought up to date."""
        table = (bot or self.bots[0]).table
        followers = (table.follower, table.hands.follower)
        return table.locks.busy(game_id) or any(f.busy(game_id) for f in followers)

    def latest_with_buttons(self, where: Channel | None = None) -> Message:
        return next(m for m in reversed((where or self.channel).visible()) if m.buttons())

    async def finish(self, rng: random.Random, where: Channel | None = None) -> Message:
        """Every human still seated clicks when it is their turn, until the game is over."""
        for _ in range(3000):
            message = await self.discord.wait_for_message(where or self.channel, turn_or_end)
            if is_game_over(message):
                return message
            # A seat just taken over shows its old buttons until the computer's first step
            # (which may land while the database is asked).
            mover = await self.human_to_move(where)
            if mover is None or not moves(message):
                await asyncio.sleep(0.01)
                continue
            await self.click(mover, message, pick_button(message, rng, 0.5))
        raise AssertionError(f"the game did not finish: {await self.stuck(message, where)}")

    async def stuck(self, message: Message, where: Channel | None = None) -> str:
        """What a game that stopped moving looks like: its row, who is to act, what its
        table shows, and whether the bot is still at work on it."""
        game = await self.bots[0].service.current_game((where or self.channel).id)
        if game is None:
            return f"no game running; the table says {describe(message)[:200]!r}"
        table = self.bots[0].table
        to_act = [(seat.seat, seat.user_id, seat.is_bot) for seat in acting(game)]
        return (
            f"game {game.id} {game.status} at version {game.version} (shown "
            f"{game.shown_version}), to act {to_act}; "
            f"its table ({message.id}) says {describe(message)[:200]!r} with "
            f"{message.button_labels()}; busy: computer players {table.computer.busy}, "
            f"follower {table.follower.busy(game.id)}, lock {table.locks.busy(game.id)}"
        )


async def ready_or_failed(bot: GameBot, connecting: asyncio.Task[None]) -> None:
    """Until ``bot`` is ready; a connection that ends before (refused, or broken) fails
    the start with its own error rather than leaving the test waiting for ever."""
    ready = asyncio.create_task(bot.wait_until_ready())
    await asyncio.wait({ready, connecting}, return_when=asyncio.FIRST_COMPLETED)
    if not ready.done():
        ready.cancel()
        connecting.result()
        raise ConnectionError("the bot's connection ended before it was ready")


@asynccontextmanager
async def running_world(
    tmp_path: Path,
    players: int = 3,
    bot_permissions: discord.Permissions | None = None,
    *,
    member_events: bool = False,
    database: str | None = None,
    locale: str | None = None,
    synced: bool = False,
) -> AsyncIterator[World]:
    """A world with the bot started in it, torn down afterwards (``make_world`` says what
    the arguments mean)."""
    world = await make_world(
        tmp_path, players, bot_permissions, database=database, locale=locale, synced=synced
    )
    await world.start_bot(member_events=member_events)
    async with world:
        yield world


async def make_world(
    tmp_path: Path,
    players: int = 3,
    bot_permissions: discord.Permissions | None = None,
    *,
    response_deadline: float = RESPONSE_DEADLINE,
    database: str | None = None,
    locale: str | None = None,
    synced: bool = False,
    max_concurrency: int = 1,
) -> World:
    """``database`` is a SQLite file or a PostgreSQL URL; a new file by default. With
    ``locale`` (``de``), the server and its players use Discord in that language. A
    ``synced`` world's bot tells the time Discord does (a test of days moves both with
    ``advance``); else the bot's clock starts at a fixed moment of its own."""
    emulator = DiscordEmulator(
        response_deadline=response_deadline,
        rate_limits=QUICK_LIMITS,
        max_concurrency=max_concurrency,
    )
    await emulator.start()
    use_discord_at(emulator.base_url)
    users = [
        emulator.add_user(name, locale=locale) for name in ("Ann", "Bo", "Cy", "Di", "Ed")[:players]
    ]
    guild = emulator.add_guild("Prospectors", users[0], locale=locale)
    for user in users[1:]:
        emulator.add_member(guild, user)
    outsider = emulator.add_user("Outsider", locale=locale)
    emulator.add_member(guild, outsider)
    if bot_permissions is None:
        channel = emulator.add_channel(guild, "claim-it")
    else:
        channel = emulator.add_channel(guild, "claim-it", bot_permissions)
    if database is None:
        # A second world on the same folder is the same bot started again.
        path = tmp_path / "bot.sqlite3"
        database = str(path) if path.exists() else await new_sqlite(path)
    world = World(emulator, guild, channel, [*users, outsider], database)
    if synced:
        world.clock = ManualClock(emulator.clock.now())
    return world


def ephemeral_answer(interaction: Interaction) -> str:
    """The words only the person who asked sees (the content, or the card's text)."""
    message = interaction.response_message
    assert message is not None and message.ephemeral
    assert message.visible_to == interaction.user.id
    return message.content or describe(message)


async def shared_post(world: World, shared: Interaction) -> Message:
    """The message a press of Share posted in the channel: the one its private answer
    ("thinking…" until the post is made) links to, the link ending it in any language."""
    answer = shared.response_message
    assert answer is not None
    await world.discord.wait_until(lambda: not answer.loading)
    said = ephemeral_answer(shared)
    message_id = int(said.rsplit("/", 1)[1])
    (post,) = [m for m in world.channel.messages if m.id == message_id]
    assert not post.ephemeral and not post.deleted
    return post


TEXT_DISPLAY = 10


def describe(message: Message) -> str:
    """A message's words: its text displays, or "" without any."""
    return "\n".join(message.text_displays())


def note_of(message: Message) -> str:
    """A card's line above its container (who is pinged, what just happened), "" without."""
    return next((c["content"] for c in message.components if c.get("type") == TEXT_DISPLAY), "")


def title_of(message: Message) -> str:
    """A card's title (its heading), or "" without one."""
    for text in message.text_displays():
        if text.startswith("### "):
            return text.removeprefix("### ").split("\n", 1)[0]
    return ""


def text_of(message: Message) -> str:
    """A card's text under its title, or "" without one."""
    for text in message.text_displays():
        if text.startswith("### "):
            return text.split("\n", 1)[1] if "\n" in text else ""
    return ""


def line_value(message: Message, name: str) -> str:
    """The value of a card's line called ``name`` (what an embed field was)."""
    for text in message.text_displays():
        if text.startswith(f"**{name}**\n"):
            return text.split("\n", 1)[1]
    raise KeyError(f"no line {name!r} in {describe(message)!r}")


def is_game_over(message: Message) -> bool:
    return "game over" in describe(message)


def turn_or_end(message: Message) -> bool:
    """A game's message someone can act on now, or the result: not one only its reader
    sees (a lesson's), nor a welcome's lessons."""
    return not message.ephemeral and (bool(moves(message)) or is_game_over(message))


def lobby_with(name: str, message: Message) -> bool:
    """A lobby showing ``name`` among its players: a click on a lobby answered with a
    deferral (a busy machine) is shown only later, and the next click waits for it."""
    return "Start" in message.button_labels() and name in describe(message)


def started(message: Message) -> bool:
    """A game's table, once someone can act on it or it is over (a lobby's own buttons
    pass for moves)."""
    return turn_or_end(message) and "Start" not in message.button_labels()


def moves(message: Message) -> list[dict[str, Any]]:
    """The message's buttons and menus that play the game: not **Follow** nor **Take
    back**, which a table being played may have (taking back is no move: a game played
    by random clicks would never end), nor a welcome's **Learn to play** or a shared
    lesson's, nor a lobby's **How to play** (the rules, to the presser alone)."""
    return [
        c
        for c in message.buttons()
        if not any(part in str(c.get("custom_id")) for part in (":follow:", ":takeback:"))
        and not str(c.get("custom_id")).endswith((":learn", ":rules"))
        and not str(c.get("custom_id")).startswith("lessonstart:")
    ]


def move_labels(message: Message) -> list[str]:
    """The labels of the message's buttons that play the game."""
    return [str(b.get("label")) for b in moves(message) if b.get("type") == 2]


def pick_button(message: Message, rng: random.Random, stop_chance: float) -> str:
    """What a player clicks: a random placement, or stop (when allowed) or roll."""
    labels = move_labels(message)
    if "Roll" not in labels:
        return rng.choice(labels)
    stop_allowed = not message.button("Stop & claim").get("disabled")
    return "Stop & claim" if stop_allowed and rng.random() < stop_chance else "Roll"


def board_png(message: Message) -> bytes:
    (attachment,) = [a for a in message.attachments if a.filename == "board.png"]
    image = Image.open(io.BytesIO(attachment.data))
    heights = {geometry.height(players) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
    assert image.format == "PNG" and image.width == geometry.WIDTH and image.height in heights
    return attachment.data


GIF = "replay.gif"


def replay_gif(message: Message) -> GifImageFile:
    """A replay's animation, as a message carries it."""
    (attachment,) = [a for a in message.attachments if a.filename == GIF]
    image = GifImageFile(io.BytesIO(attachment.data))
    assert image.is_animated
    return image
