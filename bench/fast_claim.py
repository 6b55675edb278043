"""A fast 4-player Claim game through the local Discord emulator, with the real bot in its
own process and Discord's own rate limits.

    python -m bench.fast_claim [--games 1] [--think 0.5] [--seconds 600]

Each game (``--games``, each in a channel of its own) is played by four people, who each
open their hand (**My hand**) once and play from it as the bot keeps it up to date: as
soon as their hand offers them a move, they think a random time (from half to one and a
half times ``--think`` seconds, 0.25–0.75 s by default) and press one of the cards or
choices it offers *then* (the bot may have changed it meanwhile), wait for the answer
and look again. Each player is a task of their own, so those who decide at the same
time press at the same time. A hand that offers nothing for ``OFFER_WAIT`` seconds
while the game goes on is opened again (it stopped following the game). The game ends
at its result, or at ``--seconds``.

The emulator limits the bot as Discord does (``DISCORD_RATE_LIMITS``: about 5 posts and
5 edits per 5 s in a channel, not quickened), and discord.py waits out a bucket in real
seconds: the question is whether the game still goes at its players' speed, and its
table lags the game by at most one channel's wait (``bot.background.table_follower``).
It prints the moves committed (the bot's move log) and moves per second; the time from a
press to the bot's first answer, p50 and p99 (a press not answered in Discord's 3 s
counts as slower than any); the presses refused, as not the presser's turn, as stale, or
otherwise, with the bot's exact words; how long a hand took to offer its player a move
after another player's move (that move's answer to the hand's edit), p50, p99 and mean,
which is what the players wait for besides their thinking; the table's lag behind the
game, p50 and p99
(``bench.table_watch``'s ``TableWatch``: a move's commit to its table first showing it or a
later one); and from the emulator's request log, the requests answered 429 (the goal is
none), the most posts, edits and deletes one channel had in any 5 s (``bench.discord_requests``'
``Budget``), and the most in each bucket's own window beside the bucket (a bucket's
window resets at fixed times, so a sliding window can hold up to twice its limit
without a 429).

Every press comes from a hand that offered it at that moment, so a press refused as not
the presser's turn means their hand showed them a turn that wasn't theirs.
``tests/bench/test_fast_claim.py`` plays two games with the limits quickened, the
players pressing as soon as they are offered a move, and checks that none is, that
nothing was answered 429, and that the channels kept to their buckets. The bot stops
with the bench, on Ctrl-C or an error too.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import functools
import math
import random
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.bot_processes import BotProcess, bot_environment
from bench.discord_requests import CHANNEL_ROUTES, WINDOW, Budget, peak
from bench.e2e_report import ms
from bench.figures import percentile
from bench.players import HAND_BUTTON
from bench.table_watch import GAME_ID, SETTLE, TableWatch, lags_of
from bot.discord_ui.core.hands.handlers import MOVED_ON_PRIVATELY
from bot.service.errors import BoardMovedOn, NotYourTurn
from emulator import (
    DISCORD_RATE_LIMITS,
    Channel,
    DiscordEmulator,
    Interaction,
    LoggedRequest,
    Message,
    RateLimits,
    User,
    Window,
)
from emulator.rate_limits import RATE_LIMITED
from i18n import english
from tests.e2e.players import SETTLED, offered, press, said_to
from tests.e2e.world import describe, is_game_over, note_of

NAMES = ("Ann", "Bo", "Cy", "Di")
"""The four players at each table (numbered after the first table)."""
OFFER_WAIT = 20.0
"""Seconds a player waits for their hand to offer a move before opening it again: far
more than three other players' moves and a hand's edit take, so only a hand that
stopped following the game comes to it."""
STALE = frozenset(english().say(words) for words in (MOVED_ON_PRIVATELY, BoardMovedOn().words))
"""The bot's answers to a press on something the game has moved on from."""
BUCKETS = {"posts": "send", "edits": "edit", "deletes": "delete"}
"""Each of a channel's kinds of request (``CHANNEL_ROUTES``) by its bucket in
``RateLimits``."""


@dataclass(frozen=True)
class Press:
    """A player's press on their hand, and how the bot answered it."""

    player: str
    seconds: float
    """From the press to the bot's first answer; ``math.inf`` if none came in time."""
    refusal: str
    """The bot's words to the presser when it changed nothing: its private answer, or the
    note over the hand shown afresh; "" when the move was made."""
    kind: str
    """``applied``, ``not your turn``, ``stale``, ``other`` (a refusal of another kind), or
    ``unanswered``."""


class FastTable:
    """One channel, four players, one game of Claim, played from the players' hands."""

    def __init__(self, emulator: DiscordEmulator, channel: Channel, players: list[User]) -> None:
        self.emulator, self.channel, self.players = emulator, channel, players
        self.game_id = 0
        self.lobby_id = 0
        self.presses: list[Press] = []
        self.opens: list[float] = []
        """Each **My hand**'s time to its first answer."""
        self.reopened = 0
        """Hands opened again after offering nothing for ``OFFER_WAIT``."""
        self.hand_lags: list[float] = []
        """Per move a hand newly offered after another player's move, the seconds from
        that move (its answer, on the emulator's clock) to the hand's edit offering it:
        how long the bot kept the next player from moving."""
        self._last_move: tuple[float, User] | None = None
        """When the newest move was answered, and whose it was."""
        self.not_your_turn = {
            english().say(NotYourTurn(player.name).words): player.name for player in players
        }

    @property
    def in_time(self) -> float:
        """Seconds to wait for an answer: past Discord's deadline, none comes."""
        return self.emulator.response_deadline + 1

    async def start(self) -> None:
        """``/claim new``; the other three join, the host starts."""
        host, *guests = self.players
        command = await self.emulator.slash(host, self.channel, "claim new")
        await self.emulator.answer(command, self.in_time)
        lobby = await self.emulator.wait_for_message(
            self.channel, lambda m: "Join" in m.button_labels(), SETTLED
        )
        self.lobby_id = lobby.id
        for guest in guests:
            await self.emulator.answer(await self.emulator.click(guest, lobby, "Join"), SETTLED)
        # A Start from before the last join shows would be refused as stale.
        await self.emulator.wait_for_message(
            self.channel,
            lambda m: m is lobby and all(p.name in describe(m) for p in self.players),
            SETTLED,
        )
        await self.emulator.answer(await self.emulator.click(host, lobby, "Start"), SETTLED)
        table = await self.emulator.wait_for_message(self.channel, self._is_table, SETTLED)
        found = GAME_ID.match(str(table.button(HAND_BUTTON)["custom_id"]))
        assert found is not None
        self.game_id = int(found[2])

    def _is_table(self, message: Message) -> bool:
        """The game's table: public, with **My hand**, pinging nobody (a ping has the
        button too)."""
        return (
            message.id >= self.lobby_id
            and message.visible_to is None
            and not message.mentions
            and HAND_BUTTON in message.button_labels()
        )

    def over(self) -> bool:
        """Whether the channel shows the game's result."""
        return any(
            is_game_over(m)
            for m in reversed(self.channel.messages)
            if m.id >= self.lobby_id and m.visible_to is None and not m.deleted
        )

    async def play(self, player: User, think: float, until: float, rng: random.Random) -> None:
        """``player`` plays from their hand until the game is over (or ``until``)."""
        hand = await self.open_hand(player)
        mark = f"claim:seat:{self.game_id}:"
        seen: set[str] = set()
        while not self.over():
            left = until - time.monotonic()
            if left <= 0:
                return
            try:
                await self.emulator.wait_until(
                    functools.partial(self._to_decide, hand, mark), min(OFFER_WAIT, left)
                )
            except TimeoutError:
                if time.monotonic() < until:
                    self.reopened += 1
                    hand = await self.open_hand(player)
                continue
            if self.over():
                return
            offers = {custom_id for custom_id, _ in offered(hand, mark)}
            if offers != seen:
                seen = offers
                self._offered(player, hand)
            await asyncio.sleep(rng.uniform(think / 2, think * 3 / 2))
            # What the hand offers now: the bot may have shown it afresh meanwhile.
            choices = offered(hand, mark)
            if choices and not self.over():
                await self.press(player, hand, rng.choice(choices))

    def _offered(self, player: User, hand: Message) -> None:
        """Notes how far behind another player's move ``hand`` came to offer a new one."""
        if self._last_move is not None and self._last_move[1] is not player:
            shown = hand.created_at if hand.edited_at is None else hand.edited_at
            self.hand_lags.append(max(0.0, shown - self._last_move[0]))

    def _to_decide(self, hand: Message, mark: str) -> bool:
        """Whether the game is over or ``hand`` offers a move."""
        return self.over() or bool(offered(hand, mark))

    async def open_hand(self, player: User) -> Message:
        """``player`` presses **My hand** on the table; their hand, once its picture is in."""
        table = await self.emulator.wait_for_message(self.channel, self._is_table, SETTLED)
        start = time.monotonic()
        opening = await self.emulator.click(player, table, HAND_BUTTON)
        await self.emulator.answer(opening, self.in_time)
        self.opens.append(time.monotonic() - start)
        return await self.emulator.wait_for_message(
            self.channel,
            lambda m: m.interaction_id == opening.id and not m.loading and m.components_v2,
            SETTLED,
        )

    async def press(self, player: User, hand: Message, choice: tuple[str, str | None]) -> None:
        start = time.monotonic()
        pressed = await press(self.emulator, player, hand, choice)
        if pressed is None:
            raise RuntimeError(f"{player.name}'s press was not delivered: the bot left Discord")
        try:
            await self.emulator.answer(pressed, self.in_time)
        except TimeoutError:
            self.presses.append(Press(player.name, math.inf, "", "unanswered"))
            return
        seconds = time.monotonic() - start
        refusal = await self._refusal(pressed, hand)
        if not refusal:
            kind = "applied"
            self._last_move = (pressed.responded_at or 0.0, player)
        elif refusal in self.not_your_turn:
            kind = "not your turn"
        elif refusal in STALE:
            kind = "stale"
        else:
            kind = "other"
        self.presses.append(Press(player.name, seconds, refusal, kind))

    async def _refusal(self, pressed: Interaction, hand: Message) -> str:
        """What the bot said to the presser instead of making the move ("" if it made it):
        a refusal in words of its own, or the hand shown afresh with a note over it."""
        if pressed.response_type == 7:
            said = said_to(self.emulator, pressed)
            return said[0] if said else note_of(hand)
        # Put off (the game was busy, or the answer slow): the words or the hand follow.
        answered = pressed.responded_at or 0.0

        def known() -> tuple[str] | None:
            said = said_to(self.emulator, pressed)
            if said:
                return (said[0],)
            if hand.edited_at is not None and hand.edited_at >= answered:
                return (note_of(hand),)
            return None

        found = await self.emulator.wait_until(known, SETTLED)
        assert found is not None
        return found[0]


def bucket_peaks(
    log: Iterable[LoggedRequest], since: float, limits: RateLimits
) -> dict[str, tuple[int, Window]]:
    """Per kind of a channel's requests (posts, edits, deletes), the most one channel had
    from ``since`` in any window of its bucket, with the bucket. A request answered 429 was
    refused, not made: it is left out."""
    windows = {what: getattr(limits, bucket) for what, bucket in BUCKETS.items()}
    times: dict[tuple[str, int], list[float]] = collections.defaultdict(list)
    for request in log:
        what = CHANNEL_ROUTES.get(request.route)
        if (
            what is not None
            and request.channel is not None
            and request.at >= since
            and request.status != RATE_LIMITED
        ):
            times[what, request.channel].append(request.at)
    peaks = dict.fromkeys(BUCKETS, 0)
    for (what, _), ats in times.items():
        peaks[what] = max(peaks[what], peak(ats, windows[what].seconds))
    return {what: (peaks[what], windows[what]) for what in BUCKETS}


@dataclass
class Figures:
    games: int
    finished: int
    elapsed: float
    """Seconds from the first table to the last result (or the cap)."""
    presses: list[Press]
    opens: list[float]
    reopened: int
    hand_lags: list[float]
    """``FastTable.hand_lags`` of every table."""
    table_lags: list[float]
    """Per move committed, the seconds until its table showed it
    (``bench.table_watch.table_lags``)."""
    budget: Budget
    buckets: dict[str, tuple[int, Window]]
    """``bucket_peaks``."""

    @property
    def refusals(self) -> collections.Counter[str]:
        """Every refusal's exact words, by how often."""
        return collections.Counter(p.refusal for p in self.presses if p.refusal)

    @property
    def committed(self) -> int:
        return len(self.table_lags)

    def of_kind(self, kind: str) -> list[Press]:
        return [p for p in self.presses if p.kind == kind]


def lay_out(emulator: DiscordEmulator, games: int) -> list[FastTable]:
    """A server with a channel per game, four members to play in each."""
    owner = emulator.add_user("Owner")
    guild = emulator.add_guild("Fast Claim", owner)
    tables = []
    for index in range(games):
        players = [emulator.add_user(f"{name}{index or ''}") for name in NAMES]
        for player in players:
            emulator.add_member(guild, player)
        tables.append(FastTable(emulator, emulator.add_channel(guild, f"claim-{index}"), players))
    return tables


async def run(
    games: int, think: float, seconds: float, limits: RateLimits, seed: int = 5
) -> Figures:
    """Plays ``games`` games at once against a bot of its own, with ``limits``."""
    async with contextlib.AsyncExitStack() as stack:
        emulator = DiscordEmulator(rate_limits=limits)
        await emulator.start()
        stack.push_async_callback(emulator.close)
        tables = lay_out(emulator, games)
        database = str(Path(stack.enter_context(tempfile.TemporaryDirectory())) / "bench.sqlite3")
        bot = BotProcess("the bot", bot_environment(emulator, database))
        stack.push_async_callback(bot.stop)
        await bot.start()
        await emulator.wait_for_shards(1)
        async with asyncio.TaskGroup() as starting:
            for table in tables:
                starting.create_task(table.start())

        since = emulator.clock.now()
        shown = TableWatch([table.channel for table in tables])
        watching = asyncio.create_task(shown.watch())
        stack.callback(watching.cancel)
        rng = random.Random(seed)
        start = time.monotonic()

        async def play() -> None:
            async with asyncio.TaskGroup() as playing:
                for table in tables:
                    for player in table.players:
                        playing.create_task(
                            table.play(player, think, start + seconds, random.Random(rng.random()))
                        )

        playing = asyncio.create_task(play())
        # A bot that dies mid-game would otherwise show only as players waiting in vain.
        ended = asyncio.create_task(bot.exited())
        try:
            await asyncio.wait([playing, ended], return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (playing, ended):
                task.cancel()
            await asyncio.wait([playing, ended])
        if not ended.cancelled():
            raise RuntimeError(ended.result())
        if playing.exception() is not None:
            print(f"the bot last logged:\n{bot.tail()}", file=sys.stderr)
        playing.result()
        elapsed = time.monotonic() - start
        finished = sum(table.over() for table in tables)
        if finished < games:
            # The last moves' tables, behind by up to a channel's window, catch up.
            await asyncio.sleep(SETTLE * limits.send.seconds / WINDOW)
        shown.look()
        presses = [p for table in tables for p in table.presses]
        return Figures(
            games,
            finished,
            elapsed,
            presses,
            [seconds for table in tables for seconds in table.opens],
            sum(table.reopened for table in tables),
            [seconds for table in tables for seconds in table.hand_lags],
            await lags_of(database, shown.shown),
            Budget.of(emulator, limits, since),
            bucket_peaks(emulator.requests, since, limits),
        )


def _spread(seconds: Sequence[float]) -> str:
    ordered = sorted(seconds)
    if not ordered:
        return "none"
    return f"p50 {ms(statistics.median_low(ordered))}, p99 {ms(percentile(ordered, 0.99))}"


def report(figures: Figures, think: float, limits: str) -> None:
    print(
        f"{figures.games} game{'s' if figures.games > 1 else ''} of Claim, {len(NAMES)} "
        f"players each, think time {think / 2:g}–{think * 3 / 2:g} s, {limits}: "
        f"{figures.finished} finished in {figures.elapsed:.1f} s"
    )
    rate = figures.committed / figures.elapsed if figures.elapsed else 0.0
    applied = len(figures.of_kind("applied"))
    print(f"moves committed: {figures.committed} ({applied} presses applied), {rate:.2f} moves/s")
    clicks = _spread([p.seconds for p in figures.presses])
    print(
        f"presses: {len(figures.presses)}, click to first answer {clicks} "
        f"({len(figures.of_kind('unanswered'))} not answered in Discord's 3 s); "
        f"My hand: {len(figures.opens)} opened, {_spread(figures.opens)}, "
        f"{figures.reopened} opened again after offering nothing for {OFFER_WAIT:g} s"
    )
    print(
        f"refused: {len(figures.of_kind('not your turn'))} as not the presser's turn, "
        f"{len(figures.of_kind('stale'))} as stale, {len(figures.of_kind('other'))} otherwise"
    )
    for words, count in figures.refusals.most_common():
        print(f"  {count} × {words!r}")
    print(
        f"a hand's lag behind another player's move (that move's answer to the hand's edit "
        f"offering the next): {_spread(figures.hand_lags)}, mean "
        f"{ms(statistics.fmean(figures.hand_lags or [0.0]))} over {len(figures.hand_lags)} offers"
    )
    lags = figures.table_lags
    print(
        f"the table's lag behind the committed state: {_spread(lags)} over {len(lags)} moves "
        f"({lags.count(math.inf)} never shown)"
    )
    budget = figures.budget
    refused = "".join(f"; {route} {n}" for route, n in budget.refused.most_common())
    print(f"rate limits: {budget.rate_limited} requests answered 429 (goal 0){refused}")
    peaks = budget.peaks
    print(
        f"  the most one channel had in any {WINDOW:g} s: {peaks['posts']} posts, "
        f"{peaks['edits']} edits, {peaks['deletes']} deletes, {peaks['all']} of the three"
    )
    print(
        "  in each bucket's own window: "
        + ", ".join(
            f"{what} {peak} in {window.seconds:g} s (bucket {window.limit})"
            for what, (peak, window) in figures.buckets.items()
        )
        + "; a sliding window holds up to twice a bucket without a 429"
    )
    if budget.cut:
        print("  (the emulator's request log lost its oldest requests: they are not counted)")


async def main(games: int, think: float, seconds: float) -> None:
    main_task = asyncio.current_task()
    assert main_task is not None
    # The bot goes with the bench, however it is stopped.
    for number in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(number, main_task.cancel)
    figures = await run(games, think, seconds, DISCORD_RATE_LIMITS)
    report(figures, think, "Discord's rate limits (not quickened)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1, help="games at once, a channel each")
    parser.add_argument(
        "--think", type=float, default=0.5, help="mean seconds a player thinks before a press"
    )
    parser.add_argument("--seconds", type=float, default=600, help="at most this long")
    arguments = parser.parse_args()
    try:
        asyncio.run(main(arguments.games, arguments.think, arguments.seconds))
    except (KeyboardInterrupt, asyncio.CancelledError):
        sys.exit("stopped; the bot is gone")
