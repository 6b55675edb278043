"""Many concurrent games through the local Discord emulator, with the real bot in its own
process (or several).

    python -m bench.e2e [--games 50] [--seconds 30] [--think 0.6] [--game claimit|nuggets]
                        [--backend sqlite|postgresql] [--processes 1] [--limits both|on|off]

Each game is played by its two players in its own channel (Claim It!, Gold Nuggets and
Claim in turn at the tables, or only the game named), the channels spread over servers
in every one of the bot's shards: the players wait a random think time (mean --think
seconds; 0.6 offers about 75 actions/s from 50 games), click, and wait for the answer.
Claim's players play from their own hands (**My hand**), which the bot keeps up to
date: whoever's hand offers a move presses one of its cards or choices. A click
the bot answers after Discord's 3 s gets no answer (Discord refuses it): it counts as
slower than any answer, and the players go on from what the channel shows. Each game
lives in its one table message (the lobby becomes it; whoever is to act is named on it,
as a person reads it). Prints the backend and process count, the actions per second,
the p50/p99 time from a click to the bot's first answer, and where the CPU went (this
process is the emulator and every player, on the same machine as the bot; a bot's
figure includes its picture processes). It also prints the pictures the bot made per
click and how many of them were the same as one it had made before (it logs both on
stopping), and a profile of each bot process (``bench.profile``: py-spy's samples of
its busy threads, by the project's function they were in and by the function running).

It also prints, per game kind, the bot's REST requests per game action: the channel's
posts, edits and deletes (Discord's channel rate limits count these; it allows about 5
posts per 5 s in a channel), and apart from them the interactions' answers and the
webhook requests on their tokens (answers' edits, follow-ups); and the most requests
the bot made in one channel in any 5 seconds, posts alone and all of them.

The emulator rate-limits the bot as Discord does (``emulator.rate_limits``), and
discord.py waits out a bucket in real seconds: whether the bot keeps within Discord's
limits, and what they cost, shows only with them on. ``--limits both`` (the default)
plays the same workload twice, first with the limits off and then on, each with a bot
and database of its own, reports each run, and ends with the click p99 of both and
their ratio; ``--limits on`` or ``off`` plays one. Each run also prints the table's lag
behind the game: for every move, the time from its commit (the bot's move log) to its
table first showing it or a later one (a move skipped because a newer one came while
the table waited on Discord counts as shown with it), p50 and p99, a move never shown
counted as slower than any. Which moves a table showed when is read from the tables'
messages, looked at every 20 ms (``TableWatch``), by their headline and log lines;
the tables get ``SETTLE`` seconds after the last click to catch up. With the limits on
it prints, from the emulator's request log (from the first click on): the requests
answered 429 (the goal is none), by route; the most posts, edits and deletes one
channel had in any 5 seconds (each a bucket of about 5 per 5 s per channel; a sliding
window can hold up to twice a bucket, which resets at fixed times) and of the three
together; and the requests that share the bot's global 50 a second (all but the
interaction callbacks and webhooks), per move committed and in the busiest second
(where the channels' peaks are within their buckets, a 429 is the global limit's).
The default size (50 games for 30 s, each run) takes about two minutes for both runs
on 2 cores; ``--seconds 10`` makes a quicker check.

The two setups: one bot process on a SQLite file (the default), running all the bot's
shards; or ``--backend postgresql --processes N``, N bot processes of two shards each
sharing one PostgreSQL database (a throwaway cluster started for the run, without
fsync), which more than one process needs. The bot processes share the machine's cores
for their picture processes (``CLAIMIT_RENDER_PROCESSES``: the cores divided by the bot
processes). ``--games 200`` and ``--games 200 --backend
postgresql --processes 2`` compare them at 200 concurrent games. The bot processes and
the cluster stop with the bench, on Ctrl-C or an error too.
Targets (issue 32): 200 concurrent games at >= 250 actions/s with p99 <= 250 ms, on one
process with SQLite and on two with PostgreSQL; 50 games with p99 <= 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import functools
import math
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import web

from bench.profile import Profile, Sampler, summary
from bench.usage import CpuWatch, LoopLag
from bot.discord_ui.game_log import LOG_LINES, line
from bot.games.limits import ELLIPSIS
from bot.service import GameService
from bot.storage.opening import open_database
from emulator import (
    DISCORD_RATE_LIMITS,
    Channel,
    DiscordEmulator,
    Guild,
    Interaction,
    LoggedRequest,
    Message,
    RateLimits,
    User,
    Window,
)
from emulator.rate_limits import RATE_LIMITED
from i18n import language
from tests import processes
from tests.postgres_cluster import running_cluster

ROOT = Path(__file__).resolve().parents[1]
BACKENDS = ("sqlite", "postgresql")
GAMES = ("claimit", "nuggets", "claim")
SHARDS_PER_PROCESS = 2
SERVERS_PER_SHARD = 2
READY_TIMEOUT = 90.0
STOP_TIMEOUT = 15.0
NEW_GAME_TRIES = 5
TO_ACT = re.compile(r"^\S+ \*\*(.+?)\*\*: ", re.MULTILINE)
"""The table's line naming whoever is to act ("🔵 **P0a**: roll the dice.")."""
PICTURES = re.compile(r"(\d+) pictures made \((\d+) of them made before\)")
"""The bot's line on stopping, with the pictures it encoded."""
WINDOW = 5.0
"""Seconds of Discord's per-channel message rate limit (about 5 posts in 5 s)."""
LIMITS = {"on": (True,), "off": (False,), "both": (False, True)}
"""``--limits``: whether the emulator rate-limits as Discord does, in each run."""
INTERACTION_PATHS = ("/interactions/", "/webhooks/{app}/")
"""The interaction endpoints (the callback, and the webhook routes of an interaction's
token), which Discord leaves out of the bot's global 50 requests a second."""
SETTLE = WINDOW + 1
"""Seconds the tables are given after the last click to show every move: the follower
waits at most one channel window for its edit."""
POLL = 0.02
"""Seconds between looks at the tables' messages (``TableWatch``)."""
GAME_ID = re.compile(r"^\w+:(turn|pick|mine|replay):(\d+)(?::|$)")
"""A custom_id on a game's table (its result's Replay too), naming the game."""
_readers: set[asyncio.Task[None]] = set()
"""Tasks reading bot processes' logs: the event loop keeps only weak references."""


class Refused(Exception):
    """The bot answered a command with a refusal (the channel still has a game)."""


class Table:
    """One channel, two players, game after game.

    A click the bot answers after Discord's 3 s gets no answer at all (Discord shows
    "This interaction failed"): with ``unanswered`` it is counted and the player goes on
    from what the channel shows, as a person would; without, the bench stops there.
    """

    def __init__(
        self, emulator: DiscordEmulator, channel: Channel, players: list[User], game: str
    ) -> None:
        self.emulator, self.channel, self.players = emulator, channel, players
        self.by_name = {p.name: p for p in players}
        self.game = game
        self.moves = 0
        """Clicks on the game's table: the game actions the bot's requests are counted by."""
        self.game_after = 0
        """The newest message before this game's lobby: a result after it is this game's."""
        self.restarts = 0
        """Games cancelled and started again after an answer that never came."""
        self.games = 0
        """Games started here."""
        self.cancel_answer = ""

    @property
    def in_time(self) -> float:
        """Seconds to wait for an answer: past Discord's deadline, none comes."""
        return self.emulator.response_deadline + 1

    async def new_game(self) -> None:
        """Starts a new game. When the bot misses Discord's 3 s on the way, whatever it
        left open (a lobby, a started game) keeps the channel from another: the host
        cancels it and they start again."""
        for attempt in range(NEW_GAME_TRIES):
            try:
                await self._new_game()
                self.games += 1
                return
            except (TimeoutError, Refused) as e:
                if attempt == NEW_GAME_TRIES - 1:
                    raise RuntimeError(
                        f"no new game in {self.channel.name} of server {self.channel.guild_id} "
                        f"after {NEW_GAME_TRIES} tries: {e!r}; the last cancel's answer: "
                        f"{self.cancel_answer!r}"
                    ) from e
            await self.restart()

    async def restart(self) -> None:
        """The host cancels the channel's game (if any)."""
        self.restarts += 1
        with contextlib.suppress(TimeoutError):
            command = await self.emulator.slash(
                self.players[0], self.channel, f"{self.game} cancel"
            )
            answer = (await self.emulator.answer(command, self.in_time)).response_message
            self.cancel_answer = "" if answer is None else answer.content

    async def _new_game(self) -> None:
        host, guest = self.players
        self.game_after = max((m.id for m in self.channel.messages), default=0)
        before = {m.id for m in self.channel.messages}
        command = await self.emulator.slash(host, self.channel, f"{self.game} new")
        lobby = (await self.emulator.answer(command, self.in_time)).response_message
        if lobby is None or lobby.loading:
            # A deferred answer ("thinking…"): the lobby comes as a message of its own.
            lobby = await self.emulator.wait_for_message(
                self.channel, lambda m: m.id not in before and "Join" in m.button_labels(), 30
            )
        elif not lobby.buttons():
            raise Refused(lobby.content)
        await self.emulator.answer(await self.emulator.click(guest, lobby, "Join"), self.in_time)
        # The host presses Start on the lobby that shows the guest (an answer put off
        # under load edits it a little later): a Start from before is refused as stale.
        await self.emulator.wait_for_message(
            self.channel, lambda m: m is lobby and guest.name in _words(m), self.in_time
        )
        await self.emulator.answer(await self.emulator.click(host, lobby, "Start"), self.in_time)
        # The lobby has become the game's table.
        await self.latest()

    def _to_act(self, message: Message) -> User | None:
        """Whoever the table names to act now, if it is one of this table's players."""
        named = TO_ACT.search(_words(message))
        return None if named is None else self.by_name.get(named[1])

    async def latest(self) -> Message:
        """The game's table as it stands: with someone to act, or the result."""
        return await self.emulator.wait_for_message(
            self.channel,
            lambda m: (
                m.id > self.game_after
                and m.visible_to is None
                and (_is_result(m) or (bool(m.buttons()) and self._to_act(m) is not None))
            ),
            timeout=30,
        )

    async def play(
        self,
        until: float,
        think: float,
        rng: random.Random,
        record: Callable[[float], None],
        unanswered: Callable[[], None] | None = None,
    ) -> None:
        await self.new_game()
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(0, 2 * think))
            # Read afresh: after a slow (deferred) answer or none at all, the table may
            # show something else than when it was last clicked.
            try:
                message = await self.latest()
            except TimeoutError:
                # The table never came to offer a turn (the bot missed Discord's 3 s
                # with it): the game can't go on here.
                await self.restart()
                await self.new_game()
                continue
            if _is_result(message):
                await self.new_game()
                continue
            await self.move(message, rng, record, unanswered)

    async def move(
        self,
        table: Message,
        rng: random.Random,
        record: Callable[[float], None],
        unanswered: Callable[[], None] | None,
    ) -> None:
        """Whoever the table names presses one of its buttons."""
        mover = self._to_act(table)
        assert mover is not None
        labels = table.button_labels()
        if "Roll" in labels:
            stop_enabled = not table.button("Stop & claim").get("disabled")
            choice = "Stop & claim" if stop_enabled and rng.random() < 0.4 else "Roll"
        else:
            choice = rng.choice(labels)
        await self.click(mover, table, choice, record, unanswered)

    async def click(
        self,
        player: User,
        message: Message,
        button: str,
        record: Callable[[float], None],
        unanswered: Callable[[], None] | None,
    ) -> Interaction | None:
        """``player`` presses ``button`` (a label or a custom_id); the answered click, or
        None if none came in Discord's time."""
        start = time.monotonic()
        click = await self.emulator.click(player, message, button)
        self.moves += 1
        try:
            await self.emulator.answer(click, timeout=self.in_time)
        except TimeoutError:
            if unanswered is None:
                raise RuntimeError(
                    f"no answer to {button!r} ({click.data.get('custom_id')}) in "
                    f"{self.channel.name} of server {self.channel.guild_id}: {click.errors}"
                ) from None
            unanswered()
            return None
        record(time.monotonic() - start)
        return click


class ClaimTable(Table):
    """A table of Claim, whose players act from their own hands: each keeps the hand they
    opened with **My hand**, which the bot keeps up to date, and presses a card on it
    when it offers some; whoever has no hand that follows the game opens one."""

    def __init__(
        self, emulator: DiscordEmulator, channel: Channel, players: list[User], game: str
    ) -> None:
        super().__init__(emulator, channel, players, game)
        self.hands: dict[int, Message] = {}
        """Each player's hand, by user id."""

    async def new_game(self) -> None:
        self.hands.clear()
        await super().new_game()

    async def latest(self) -> Message:
        return await self.emulator.wait_for_message(
            self.channel,
            lambda m: (
                m.id > self.game_after
                and m.visible_to is None
                and (_is_result(m) or HAND_BUTTON in m.button_labels())
                and not m.mentions
            ),
            timeout=30,
        )

    async def move(
        self,
        table: Message,
        rng: random.Random,
        record: Callable[[float], None],
        unanswered: Callable[[], None] | None,
    ) -> None:
        open_hands = {hand.id for hand in self.hands.values()}
        try:
            hand = await self.emulator.wait_for_message(
                self.channel, functools.partial(_offers_a_move, open_hands), timeout=HAND_WAIT
            )
        except TimeoutError:
            # Nobody's hand offers a move: the one to act has none open, or it went
            # stale. Everyone without a hand opens one, as they would on the table.
            for player in self.players:
                if player.id not in self.hands or not _offered(self.hands[player.id]):
                    opened = await self.click(player, table, HAND_BUTTON, record, unanswered)
                    if opened is not None:
                        self.hands[player.id] = await self._hand(opened)
            return
        player = next(p for p in self.players if self.hands.get(p.id) is hand)
        choice = str(rng.choice(_offered(hand))["custom_id"])
        await self.click(player, hand, choice, record, unanswered)

    async def _hand(self, opened: Interaction) -> Message:
        return await self.emulator.wait_for_message(
            self.channel,
            lambda m: m.interaction_id == opened.id and not m.loading and m.components_v2,
            timeout=30,
        )


HAND_BUTTON = "My hand"
HAND_WAIT = 2.0
"""Seconds a player waits for their open hand to offer a move before opening another."""


def _offers_a_move(hands: set[int], message: Message) -> bool:
    return message.id in hands and bool(_offered(message))


def _offered(message: Message) -> list[dict[str, object]]:
    return [b for b in message.buttons() if not b.get("disabled") and "custom_id" in b]


def tables_in(emulator: DiscordEmulator, guild: Guild, count: int, games: list[str]) -> list[Table]:
    """``count`` channels of the server, each with two members to play ``games`` in turn."""
    return tables_over(emulator, [guild], count, games)


def tables_over(
    emulator: DiscordEmulator, guilds: Sequence[Guild], count: int, games: list[str]
) -> list[Table]:
    """``count`` channels taken from the servers in turn, each with two members of its
    server to play ``games`` in turn."""
    tables = []
    for index in range(count):
        guild = guilds[index % len(guilds)]
        players = [emulator.add_user(f"P{index}a"), emulator.add_user(f"P{index}b")]
        for player in players:
            emulator.add_member(guild, player)
        channel = emulator.add_channel(guild, f"table-{index}")
        game = games[index % len(games)]
        kind = ClaimTable if game == "claim" else Table
        tables.append(kind(emulator, channel, players, game))
    return tables


def _words(message: Message) -> str:
    return "\n".join(message.text_displays())


def _is_result(message: Message) -> bool:
    return "game over" in _words(message)


CHANNEL_ROUTES = {
    "POST /channels/{channel}/messages": "posts",
    "PATCH /channels/{channel}/messages/{message}": "edits",
    "DELETE /channels/{channel}/messages/{message}": "deletes",
}
"""The bot's requests on a channel's messages, which Discord's channel limits count."""
TOKEN_ROUTES = {
    "POST /interactions/{id}/{token}/callback": "answers",
    "PATCH /webhooks/{app}/{token}/messages/{message}": "answer edits",
    "POST /webhooks/{app}/{token}": "follow-ups",
    "DELETE /webhooks/{app}/{token}/messages/{message}": "answer deletes",
}
"""The bot's requests through an interaction's token (its own limits, not the channel's)."""


@dataclass
class Requests:
    """The bot's requests on messages, as the emulator receives them: (when, what, channel).

    Watched through the emulator's fault hook, which asks a fault's condition about every
    request on its route: this one notes the request and fails none."""

    emulator: DiscordEmulator
    seen: list[tuple[float, str, int]] = field(default_factory=list)

    def watch(self) -> None:
        for route, what in {**CHANNEL_ROUTES, **TOKEN_ROUTES}.items():
            self.emulator.fail(
                route, 500, times=sys.maxsize, when=functools.partial(self._saw, what)
            )

    def _saw(self, what: str, request: web.Request) -> bool:
        if "channel" in request.match_info:
            channel: int | None = int(request.match_info["channel"])
        else:
            interaction = self.emulator.interactions.get(request.match_info["token"])
            channel = None if interaction is None else interaction.channel.id
        if channel is not None:
            self.seen.append((time.monotonic(), what, channel))
        return False


@dataclass
class KindRequests:
    """One game kind's requests: per game action, and the busiest channel's 5 seconds."""

    moves: int
    games: int
    counts: collections.Counter[str]
    peak_posts: int
    peak_channel: int
    """The most posts, and the most posts, edits and deletes, in one channel in any
    ``WINDOW`` seconds."""


def peak(times: list[float], window: float = WINDOW) -> int:
    """The most of ``times`` within any ``window`` seconds."""
    times = sorted(times)
    most, first = 0, 0
    for last, at in enumerate(times):
        while at - times[first] >= window:
            first += 1
        most = max(most, last - first + 1)
    return most


def requests_by_kind(requests: Requests, tables: Sequence[Table]) -> dict[str, KindRequests]:
    kinds: dict[str, KindRequests] = {}
    by_channel: dict[int, list[tuple[float, str]]] = collections.defaultdict(list)
    for at, what, channel in requests.seen:
        by_channel[channel].append((at, what))
    for table in tables:
        kind = kinds.setdefault(table.game, KindRequests(0, 0, collections.Counter(), 0, 0))
        kind.moves += table.moves
        kind.games += table.games
        seen = by_channel.get(table.channel.id, [])
        kind.counts.update(what for _, what in seen)
        posts = [at for at, what in seen if what == "posts"]
        on_channel = [at for at, what in seen if what in CHANNEL_ROUTES.values()]
        kind.peak_posts = max(kind.peak_posts, peak(posts))
        kind.peak_channel = max(kind.peak_channel, peak(on_channel))
    return kinds


def channel_peaks(log: Iterable[LoggedRequest], since: float) -> dict[str, int]:
    """The most requests one channel had in any ``WINDOW`` seconds from ``since``, by
    kind (posts, edits, deletes: each a bucket of Discord's per channel) and of the three
    together (``"all"``). A request answered 429 was refused, not made: it is left out."""
    times: dict[tuple[str, int], list[float]] = collections.defaultdict(list)
    for request in log:
        what = CHANNEL_ROUTES.get(request.route)
        if what is None or request.channel is None:
            continue
        if request.at >= since and request.status != RATE_LIMITED:
            times[what, request.channel].append(request.at)
            times["all", request.channel].append(request.at)
    peaks = dict.fromkeys([*CHANNEL_ROUTES.values(), "all"], 0)
    for (what, _), ats in times.items():
        peaks[what] = max(peaks[what], peak(ats))
    return peaks


def outside_interactions(log: Iterable[LoggedRequest], since: float) -> list[float]:
    """When each request from ``since`` that counts against the bot's global 50 a second
    was made: all but the interaction endpoints', and those answered 429 (refused, not
    made)."""
    return [
        request.at
        for request in log
        if request.at >= since
        and request.status != RATE_LIMITED
        and not request.route.split(" ", 1)[1].startswith(INTERACTION_PATHS)
    ]


@dataclass(frozen=True)
class Shown:
    """A game's message as its channel showed it from ``at`` (the emulator's clock)."""

    at: float
    texts: tuple[str, ...]
    """Its text displays."""
    final: bool
    """Whether it is the game's result (it has the Replay button), which shows every move."""


class TableWatch:
    """Every state of the tables' messages as their channels showed them, so that which
    moves a table showed when can be worked out afterwards (``moves_shown``): each
    channel's public messages are looked at every ``POLL`` seconds, and a changed one is
    noted with the time of its change (``edited_at``). A state replaced within one look
    is missed: its moves count as shown by the next (at most ``POLL`` late)."""

    def __init__(self, channels: Sequence[Channel]) -> None:
        self.channels = channels
        self.shown: dict[int, list[Shown]] = collections.defaultdict(list)
        """Per game id, its messages' states, oldest first."""
        self._counted = {channel.id: 0 for channel in channels}
        self._live: dict[int, list[Message]] = {channel.id: [] for channel in channels}
        self._noted: dict[int, float] = {}
        """Per message id, when it last changed as last noted."""

    async def watch(self) -> None:
        """Looks until cancelled."""
        while True:
            self.look()
            await asyncio.sleep(POLL)

    def look(self) -> None:
        for channel in self.channels:
            counted = self._counted[channel.id]
            live = [m for m in self._live[channel.id] if not m.deleted]
            if counted < len(channel.messages):
                live += [m for m in channel.messages[counted:] if m.visible_to is None]
                self._counted[channel.id] = len(channel.messages)
            self._live[channel.id] = live
            for message in live:
                changed = message.created_at if message.edited_at is None else message.edited_at
                if self._noted.get(message.id) != changed:
                    self._noted[message.id] = changed
                    self._note(message, changed)

    def _note(self, message: Message, at: float) -> None:
        games = [
            found
            for button in message.buttons()
            if (found := GAME_ID.match(str(button.get("custom_id", "")))) is not None
        ]
        if games:
            final = any(found[1] == "replay" for found in games)
            self.shown[int(games[0][2])].append(Shown(at, tuple(message.text_displays()), final))


def moves_shown(shown: Shown, lines: Sequence[str], at_least: int) -> int | None:
    """How many of a game's moves (``lines``: each one's line in the game's log) its
    message ``shown`` shows, ``at_least`` as many as it showed before; None for one that
    shows no move (a lobby, the first turn) or matches none.

    A table says its newest move under its title (the headline) and, as its log ("-# "
    lines), the ``LOG_LINES`` lines before it; a result shows every move."""
    if shown.final:
        return len(lines)
    log, rest = [], []
    for text in shown.texts:
        for said in text.split("\n"):
            if said.startswith("-# "):
                log.append(said.removeprefix("-# "))
            else:
                rest.append(said)
    words = " ".join(" ".join(rest).split())
    for count in range(max(at_least, 1), len(lines) + 1):
        newest = lines[count - 1].removesuffix(ELLIPSIS)
        if log == lines[max(0, count - 1 - LOG_LINES) : count - 1] and newest in words:
            return count
    return None


def table_lags(commits: Sequence[float], shown: Iterable[tuple[float, int]]) -> list[float]:
    """Per move of a game (``commits``: when each was committed, in order), the seconds
    from its commit to its table first showing it or a later one (``shown``: when the
    table showed how many moves); ``math.inf`` for one never shown."""
    first: list[float] = []
    """When the table first showed at least ``n + 1`` moves."""
    for at, count in sorted(shown):
        first += [at] * (count - len(first))
    return [
        first[move] - committed if move < len(first) else math.inf
        for move, committed in enumerate(commits)
    ]


async def lags_of(database: str, shown: Mapping[int, Sequence[Shown]]) -> list[float]:
    """``table_lags`` of every move of the games shown: when each move was committed is the
    bot's move log's, and which moves each state of a table showed, its lines'."""
    opened = await open_database(database)
    try:
        service = GameService(opened)
        lags: list[float] = []
        for game_id, states in shown.items():
            game = await service.game(game_id)
            lang = language(game.language)
            lines = [
                line(game, outcome, lang) for outcome in await service.history.outcomes(game_id)
            ]
            counts: list[tuple[float, int]] = []
            for state in states:
                count = moves_shown(state, lines, counts[-1][1] if counts else 0)
                if count is not None:
                    counts.append((state.at, count))
            lags += table_lags([move.at for move in await service.history.moves(game_id)], counts)
        return lags
    finally:
        await opened.close()


def bot_environment(
    emulator: DiscordEmulator,
    database: str,
    shard_count: int | None = None,
    shards: str | None = None,
    processes: int = 1,
) -> dict[str, str]:
    """The bot's settings; ``processes`` bot processes on this machine share its cores
    for their pictures, as docs/operating.md advises."""
    cores = len(os.sched_getaffinity(0))
    environment = {
        **os.environ,
        "DISCORD_TOKEN": emulator.token,
        "CLAIMIT_DATABASE": database,
        "CLAIMIT_DISCORD_URL": emulator.base_url,
        "CLAIMIT_LOG_LEVEL": "INFO",
        "CLAIMIT_RENDER_PROCESSES": str(max(1, cores // processes)),
    }
    # Never the shell's own shard settings: they would describe another bot.
    for name, value in (("CLAIMIT_SHARD_COUNT", shard_count), ("CLAIMIT_SHARDS", shards)):
        environment.pop(name, None)
        if value is not None:
            environment[name] = str(value)
    return environment


class BotProcess:
    """``python -m bot`` in a process of its own. Its log is read all along, since a
    pipe nobody reads fills up and then blocks the bot's next log line; the last lines
    are kept to show why it stopped."""

    def __init__(self, name: str, environment: dict[str, str]) -> None:
        self.name = name
        self.environment = environment
        self.process: asyncio.subprocess.Process | None = None
        self.lines: collections.deque[str] = collections.deque(maxlen=40)
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.process = await processes.start(
            sys.executable,
            "-m",
            "bot",
            cwd=ROOT,
            env=self.environment,
            stderr=asyncio.subprocess.PIPE,
        )
        stderr = self.process.stderr
        assert stderr is not None
        async with asyncio.timeout(READY_TIMEOUT):
            while True:
                line = await stderr.readline()
                if not line:
                    raise RuntimeError(f"{self.name} exited before it was ready:\n{self.tail()}")
                self.lines.append(line.decode(errors="replace"))
                if b"claimit ready" in line:
                    break
        self._reader = asyncio.create_task(self._read_on(stderr))
        _readers.add(self._reader)
        self._reader.add_done_callback(_readers.discard)

    async def _read_on(self, stderr: asyncio.StreamReader) -> None:
        while line := await stderr.readline():
            self.lines.append(line.decode(errors="replace"))

    def tail(self) -> str:
        return "".join(self.lines)

    async def exited(self) -> str:
        """Once the process has ended (by itself): what it last logged."""
        assert self.process is not None
        code = await self.process.wait()
        return f"{self.name} exited with code {code}:\n{self.tail()}"

    async def stop(self) -> None:
        """As a supervisor stops the bot (SIGTERM: it finishes what runs, closes its
        database and sessions), or killed if it takes too long."""
        if self.process is not None:
            await processes.stop(self.process, within=STOP_TIMEOUT)
        if self._reader is not None:
            # Its last lines (what it made, on stopping) are read before the log is.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._reader), STOP_TIMEOUT)

    def pictures(self) -> tuple[int, int] | None:
        """The pictures it made, and how many of them it had made before, as its last
        line said when it stopped."""
        found = [(int(m[1]), int(m[2])) for line in self.lines if (m := PICTURES.search(line))]
        return found[-1] if found else None


async def start_bot(emulator: DiscordEmulator, database: Path) -> asyncio.subprocess.Process:
    """One bot process on a SQLite file, running every shard, once it is ready."""
    bot = BotProcess("the bot", bot_environment(emulator, str(database)))
    await bot.start()
    assert bot.process is not None
    return bot.process


@dataclass(frozen=True)
class Setup:
    backend: str
    processes: int

    @property
    def shard_count(self) -> int:
        return SHARDS_PER_PROCESS * self.processes

    def shards_of(self, index: int) -> str | None:
        """``CLAIMIT_SHARDS`` of the ``index``-th process; ``None`` (all of them) when
        it is the only one."""
        if self.processes == 1:
            return None
        first = SHARDS_PER_PROCESS * index
        return f"{first}-{first + SHARDS_PER_PROCESS - 1}"

    def process_names(self) -> list[str]:
        if self.processes == 1:
            return ["bot"]
        return [f"bot {n + 1}" for n in range(self.processes)]

    def __str__(self) -> str:
        backend = "PostgreSQL" if self.backend == "postgresql" else "SQLite"
        if self.processes == 1:
            return f"{backend}, 1 bot process running all {self.shard_count} shards"
        return (
            f"{backend}, {self.processes} bot processes with {SHARDS_PER_PROCESS} of the "
            f"{self.shard_count} shards each"
        )


def refusal(backend: str, processes: int) -> str | None:
    """Why the bench can't run this setup, if it can't."""
    if processes < 1:
        return f"--processes must be 1 or more, not {processes}"
    if processes > 1 and backend != "postgresql":
        return (
            f"--processes {processes} needs --backend postgresql: several bot processes "
            "share one PostgreSQL database, and a SQLite file is one process's"
        )
    return None


@dataclass
class Figures:
    latencies: list[float]
    unanswered: int
    """Clicks without an answer in Discord's 3 s (a later one is refused)."""
    elapsed: float
    late: int
    """Interactions of any kind (commands too) the bot answered after Discord's 3 s."""
    restarts: int
    servers: int
    cpu: CpuWatch
    lag: LoopLag
    requests: dict[str, KindRequests]
    """Per game kind, the bot's requests on its tables' channels."""
    profiles: dict[str, Profile | str]
    """Each bot process's profile, or why there is none."""
    pictures: tuple[int, int] | None
    """The pictures the bot processes encoded from starting to stopping, and how many of
    them each had encoded before."""
    table_lags: list[float]
    """Per move committed, the seconds until its table showed it (``table_lags``)."""
    budget: Budget | None
    """What the bot took of Discord's rate limits; None with the limits off (the emulator
    logs requests only while they are on)."""


@dataclass(frozen=True)
class Budget:
    """The bot's requests from the first click on, from the emulator's request log."""

    rate_limited: int
    """Requests answered 429."""
    refused: collections.Counter[str]
    """The requests answered 429, by route."""
    peaks: dict[str, int]
    """``channel_peaks``."""
    outside: int
    """How many ``outside_interactions`` there were."""
    outside_peak: int
    """The most of them in any window of the global limit (``global_limit``)."""
    global_limit: Window
    """The bot's global limit the emulator held it to."""
    cut: bool
    """Whether the log lost its oldest requests (it keeps ``maxlen``)."""

    @classmethod
    def of(cls, emulator: DiscordEmulator, limits: RateLimits, since: float) -> Budget:
        log = emulator.requests
        cut = len(log) == log.maxlen and log[0].at > since
        outside = outside_interactions(log, since)
        return cls(
            emulator.rate_limited,
            collections.Counter(r.route for r in log if r.status == RATE_LIMITED),
            channel_peaks(log, since),
            len(outside),
            peak(outside, limits.global_requests.seconds),
            limits.global_requests,
            cut,
        )


def hold_cluster() -> None:
    """The body of ``PostgresCluster``'s process: starts a throwaway cluster, writes a
    new database's URL and the postmaster's pid, and stops the cluster once its standard
    input closes."""
    with running_cluster() as cluster:
        url = asyncio.run(cluster.new_database())
        print(url, cluster.postmaster or 0, flush=True)
        sys.stdin.read()


class PostgresCluster:
    """A throwaway PostgreSQL cluster held by a process of its own, in a session of its
    own: Ctrl-C in a terminal reaches the whole foreground process group, and would
    stop ``pg_ctl start`` half way, leaving a server nobody stops. The cluster goes when
    that process's standard input closes: when the bench ends, however it ends."""

    def __init__(self) -> None:
        self.process: asyncio.subprocess.Process | None = None
        self.url = ""
        self.postmaster: int | None = None

    async def start(self) -> None:
        self.process = await processes.start(
            sys.executable,
            "-c",
            "from bench.e2e import hold_cluster; hold_cluster()",
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert self.process.stdout is not None
        async with asyncio.timeout(READY_TIMEOUT):
            line = (await self.process.stdout.readline()).decode().split()
        if len(line) != 2:
            raise RuntimeError("the PostgreSQL cluster did not start (its error is above)")
        self.url, self.postmaster = line[0], int(line[1]) or None

    async def stop(self) -> None:
        process = self.process
        if process is None:
            return
        assert process.stdin is not None
        process.stdin.close()
        try:
            await asyncio.wait_for(processes.ended(process), STOP_TIMEOUT)
        except TimeoutError:
            await processes.stop(process, signal.SIGKILL)
            if self.postmaster is not None:
                # Its holder was killed before it stopped it: PostgreSQL's immediate stop.
                with contextlib.suppress(ProcessLookupError):
                    os.kill(self.postmaster, signal.SIGQUIT)


async def run(
    setup: Setup,
    games: int,
    seconds: float,
    think: float,
    kinds: list[str],
    limits: RateLimits | None,
) -> Figures:
    async with contextlib.AsyncExitStack() as stack:
        # Discord lets this many shards identify together; at the default of 1 each of
        # a process's shards would wait 5 s for the one before.
        emulator = DiscordEmulator(max_concurrency=16, rate_limits=limits)
        await emulator.start()
        stack.push_async_callback(emulator.close)
        requests = Requests(emulator)
        requests.watch()
        owner = emulator.add_user("Owner")
        # Discord finds a server's shard in the bits above 22 of its id: consecutive
        # values there go round every shard.
        servers = [
            emulator.add_guild(f"Bench {k}", owner, id=((1024 + k) << 22) | 7)
            for k in range(SERVERS_PER_SHARD * setup.shard_count)
        ]
        tables = tables_over(emulator, servers, games, kinds)
        watched: dict[str, tuple[int, bool]] = {}
        cluster = PostgresCluster()
        if setup.backend == "postgresql":
            stack.push_async_callback(cluster.stop)
            await cluster.start()
            database = cluster.url
        else:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            database = str(folder / "bench.sqlite3")
        bots = [
            BotProcess(
                name,
                bot_environment(
                    emulator,
                    database,
                    setup.shard_count,
                    setup.shards_of(index),
                    setup.processes,
                ),
            )
            for index, name in enumerate(setup.process_names())
        ]
        for bot in bots:
            stack.push_async_callback(bot.stop)
        async with asyncio.TaskGroup() as starting:
            for bot in bots:
                starting.create_task(bot.start())
        await emulator.wait_for_shards(setup.shard_count)
        for bot in bots:
            assert bot.process is not None
            # With its picture processes.
            watched[bot.name] = (bot.process.pid, True)
        if cluster.postmaster is not None:
            watched["PostgreSQL"] = (cluster.postmaster, True)

        latencies: list[float] = []
        unanswered = 0

        def no_answer() -> None:
            nonlocal unanswered
            unanswered += 1

        rng = random.Random(5)
        cpu, lag = CpuWatch(watched), LoopLag()
        samplers = {}
        for bot in bots:
            assert bot.process is not None
            samplers[bot.name] = sampler = Sampler(bot.process.pid)
            stack.push_async_callback(sampler.stop)
        start = time.monotonic()
        since = emulator.clock.now()
        tables_shown = TableWatch([table.channel for table in tables])
        watching = asyncio.create_task(tables_shown.watch())
        stack.callback(watching.cancel)
        cpu.start()
        lag.start()
        for sampler in samplers.values():
            await sampler.start()

        async def play() -> None:
            async with asyncio.TaskGroup() as tables_playing:
                for table in tables:
                    tables_playing.create_task(
                        table.play(
                            start + seconds,
                            think,
                            random.Random(rng.random()),
                            latencies.append,
                            no_answer,
                        )
                    )

        playing = asyncio.create_task(play())
        # A bot that dies mid-run would otherwise show only as 30 s click time-outs.
        endings = [asyncio.create_task(bot.exited()) for bot in bots]
        try:
            await asyncio.wait([playing, *endings], return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (playing, *endings):
                task.cancel()
            await asyncio.wait([playing, *endings])
        ended = [task.result() for task in endings if not task.cancelled()]
        if ended:
            raise RuntimeError("\n".join(ended))
        if playing.exception() is not None:
            for bot in bots:
                print(f"{bot.name} last logged:\n{bot.tail()}", file=sys.stderr)
        playing.result()
        elapsed = time.monotonic() - start
        cpu.stop()
        await lag.stop()
        profiles: dict[str, Profile | str] = {}
        for name, sampler in samplers.items():
            profile = await sampler.stop()
            profiles[name] = sampler.problem if profile is None else profile
        # The last moves' tables, behind by up to a channel's window, catch up.
        await asyncio.sleep(SETTLE)
        tables_shown.look()
        lags = await lags_of(database, tables_shown.shown)
        budget = None if limits is None else Budget.of(emulator, limits, since)
    late = sum(1 for i in emulator.interactions.values() if i.errors)
    restarts = sum(t.restarts for t in tables)
    made = [bot.pictures() for bot in bots]
    return Figures(
        latencies,
        unanswered,
        elapsed,
        late,
        restarts,
        len(servers),
        cpu,
        lag,
        requests_by_kind(requests, tables),
        profiles,
        None if None in made else (sum(m[0] for m in made if m), sum(m[1] for m in made if m)),
        lags,
        budget,
    )


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds != math.inf else "none in Discord's 3 s"


def percentile(ordered: list[float], fraction: float) -> float:
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def clicks(figures: Figures) -> list[float]:
    """Every click's time to its answer, fastest first: a click left unanswered counts as
    slower than any answer, not as no click."""
    return sorted(figures.latencies) + [math.inf] * figures.unanswered


def report(setup: Setup, figures: Figures, games: int, think: float, kinds: list[str]) -> None:
    ordered = clicks(figures)
    limits = "on (Discord's)" if figures.budget is not None else "off"
    if not figures.latencies:
        print(f"rate limits {limits}: no click was answered in the time given")
        return
    rate = len(figures.latencies) / figures.elapsed
    p50, p99 = statistics.median_low(ordered), percentile(ordered, 0.99)
    print(
        f"{games} concurrent games ({', '.join(kinds)}) for {figures.elapsed:.0f} s, "
        f"think time mean {think} s, the emulator's rate limits {limits}"
    )
    print(
        f"bot: {setup}; the tables in {figures.servers} servers, {SERVERS_PER_SHARD} in each shard"
    )
    print(
        f"{setup.backend}, {setup.processes} process{'es' if setup.processes > 1 else ''}: "
        f"{rate:.1f} actions/s, p50 {ms(p50)}, p99 {ms(p99)} "
        f"({len(ordered)} clicks measured, {figures.unanswered} of them unanswered)"
    )
    print(
        "targets: 200 games >= 250 actions/s with p99 <= 250 ms; 50 games p99 <= 100 ms; "
        f"slowest answer {ms(max(figures.latencies))}"
    )
    print(
        f"interactions answered after Discord's 3 s (refused): {figures.late}; "
        f"games cancelled and started again for want of an answer: {figures.restarts}"
    )
    shares = figures.cpu.shares
    listed = ", ".join(f"{s.name} {'?' if s.cores is None else f'{s.cores:.2f}'}" for s in shares)
    busy, cores = figures.cpu.machine_busy, os.cpu_count() or 1
    if busy is None:
        machine = "?"
    else:
        others = busy * cores - sum(s.cores or 0 for s in shares)
        machine = f"{busy:.0%} busy ({max(0.0, others):.2f} cores for other work)"
    print(
        f"CPU over the run, in cores: {listed}; the machine's {cores} cores {machine}, "
        f"load average {os.getloadavg()[0]:.1f} at the end"
    )
    report_requests(figures.requests)
    report_limits(figures)
    clicked = sum(kind.moves for kind in figures.requests.values())
    if figures.pictures is None:
        print("pictures made: the bot did not say (it did not stop as it should)")
    elif clicked:
        made, again = figures.pictures
        print(
            f"pictures made: {made}, {made / clicked:.2f} per click (new games' lobbies and "
            f"results included); the same picture made again: {again}"
        )
    for name, profile in figures.profiles.items():
        if isinstance(profile, str):
            print(f"{name}: no profile ({profile})")
        else:
            print("\n".join(summary(f"where {name}'s CPU went", profile)))
    if figures.lag.lags:
        lags = sorted(figures.lag.lags)
        print(
            f"bench's event loop late by p50 {ms(statistics.median(lags))}, "
            f"p99 {ms(percentile(lags, 0.99))} (in every click's time above)"
        )


def report_requests(kinds: dict[str, KindRequests]) -> None:
    """Per game kind: the bot's requests per game action, and its busiest channel's 5 s."""
    print(
        f"the bot's requests per game action (a click on a table), and the most in one "
        f"channel in any {WINDOW:.0f} s (Discord allows about 5 posts per {WINDOW:.0f} s "
        "in a channel):"
    )
    for name, kind in kinds.items():
        if not kind.moves:
            print(f"  {name}: no game action")
            continue

        def per(*whats: str, kind: KindRequests = kind) -> str:
            return f"{sum(kind.counts[w] for w in whats) / kind.moves:.2f}"

        print(
            f"  {name} ({kind.moves} actions, {kind.games} games): channel posts "
            f"{per('posts')}, edits {per('edits')}, deletes {per('deletes')}; through "
            f"interactions: answers {per('answers')}, their edits {per('answer edits')}, "
            f"follow-ups {per('follow-ups')}, deletes {per('answer deletes')}; peak in "
            f"{WINDOW:.0f} s in one channel: {kind.peak_posts} posts, {kind.peak_channel} "
            "posts, edits and deletes"
        )


def report_limits(figures: Figures) -> None:
    """How far the tables lag behind the game, and what the bot took of Discord's rate
    limits (with them on)."""
    lags = sorted(figures.table_lags)
    budget = figures.budget
    if lags:
        unshown = lags.count(math.inf)
        print(
            f"the table's lag behind the game (a move's commit to its table first showing "
            f"it or a later one): p50 {ms(statistics.median_low(lags))}, p99 "
            f"{ms(percentile(lags, 0.99))} over {len(lags)} moves ({unshown} not shown "
            f"{SETTLE:.0f} s after the last click)"
        )
    if budget is None:
        return
    peaks, glob = budget.peaks, budget.global_limit
    per_move = f", {budget.outside / len(lags):.2f} per move" if lags else ""
    refused = "".join(f"; {route} {n}" for route, n in budget.refused.most_common())
    print(f"rate limits: {budget.rate_limited} requests answered 429 (goal 0){refused}")
    print(
        f"  the most one channel had in any {WINDOW:.0f} s: {peaks['posts']} posts, "
        f"{peaks['edits']} edits, {peaks['deletes']} deletes, {peaks['all']} of the three "
        f"(Discord's buckets allow about 5 posts and 5 edits per {WINDOW:.0f} s in a channel)"
    )
    print(
        f"  requests under the bot's global limit (all but the interactions' callbacks and "
        f"webhooks): {budget.outside}{per_move}, at most {budget.outside_peak} in any "
        f"{glob.seconds:g} s (the limit: {glob.limit})"
    )
    if budget.cut:
        print(
            "  (the emulator's request log filled up and lost its oldest requests: the "
            "figures above count only what it kept)"
        )


def compare(unlimited: Figures, limited: Figures) -> None:
    """The click time the rate limits cost: p99 with them off and on, the same workload."""
    off, on = (percentile(clicks(f) or [math.inf], 0.99) for f in (unlimited, limited))
    ratio = f"{on / off:.2f}×" if math.isfinite(off) and math.isfinite(on) else "—"
    print(f"click p99: rate limits off {ms(off)}, on {ms(on)} ({ratio} with them on)")


async def main(
    setup: Setup, games: int, seconds: float, think: float, kinds: list[str], limits: str
) -> None:
    main_task = asyncio.current_task()
    assert main_task is not None
    # The bot processes and the database go with the bench, however it is stopped (a
    # shell that starts it in the background leaves it no Ctrl-C of Python's own).
    for number in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(number, main_task.cancel)
    runs = []
    for limited in LIMITS[limits]:
        figures = await run(
            setup, games, seconds, think, kinds, DISCORD_RATE_LIMITS if limited else None
        )
        report(setup, figures, games, think, kinds)
        runs.append(figures)
    if len(runs) == 2:
        compare(*runs)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument(
        "--think", type=float, default=0.6, help="mean seconds between a player's clicks"
    )
    parser.add_argument("--game", choices=GAMES, help="only this game")
    parser.add_argument(
        "--backend", choices=BACKENDS, default="sqlite", help="the bot's database (sqlite)"
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help=f"bot processes, {SHARDS_PER_PROCESS} shards each; more than 1 needs postgresql",
    )
    parser.add_argument(
        "--limits",
        choices=sorted(LIMITS),
        default="both",
        help="the emulator's Discord rate limits: on, off, or a run with each (both)",
    )
    arguments = parser.parse_args()
    problem = refusal(arguments.backend, arguments.processes)
    if problem is not None:
        parser.error(problem)
    kinds = [arguments.game] if arguments.game else list(GAMES)
    try:
        asyncio.run(
            main(
                Setup(arguments.backend, arguments.processes),
                arguments.games,
                arguments.seconds,
                arguments.think,
                kinds,
                arguments.limits,
            )
        )
    except (KeyboardInterrupt, asyncio.CancelledError):
        sys.exit("stopped; the bot processes and the database are gone")
