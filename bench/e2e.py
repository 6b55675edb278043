"""Many concurrent games through the local Discord emulator, with the real bot in its own
process (or several).

    python -m bench.e2e [--games 50] [--seconds 30] [--think 0.6]
                        [--game claimit|nuggets|claim] [--backend sqlite|postgresql]
                        [--processes 1] [--limits both|on|off] [--floor]
                        [--profile wall|cpu] [--idle 200,1000]

Each game is played by its two players in its own channel (Claim It!, Gold Nuggets and
Claim in turn at the tables, or only the game named), the channels spread over servers
in every one of the bot's shards: the players wait a random think time (mean --think
seconds; 0.6 offers about 75 actions/s from 50 games), click, and wait for the answer
(``bench.players``); each table's host thinks before opening its first game too, so
that the tables do not all open in the run's first second. Claim's players play from
their own hands (**My hand**), which the bot keeps up to date: whoever's hand offers a
move presses one of its cards or choices.
A click the bot answers after Discord's 3 s gets no answer (Discord refuses it): it
counts as slower than any answer, and the players go on from what the channel shows.
Each game lives in its one table message (the lobby becomes it; whoever is to act is
named on it, as a person reads it). Prints the backend and process count, the actions
per second, the p50/p99 time from a click to the bot's first answer, and where the CPU
went after the run's warm-up (``warm_up``: its first ``WARM_UP`` seconds and as many
clicks as games, the same for the floor; this process is the emulator and every
player, on the same machine as the bot; a bot's figure includes its picture
processes), with the bot's CPU per action: its CPU seconds after the warm-up (its
picture processes' included, and apart) over the clicks in that time; and apart from
it, the bot's start-up CPU: its processes' CPU seconds from their start to the
warm-up's end (imports, connecting, the first pictures' palettes, caches filled on
first use), which would otherwise weigh on a short run's figure. It also prints what
the bot counted itself over the run, read from each bot process's metrics endpoint at
its start and its end (``bench.bot_metrics``; each process serves it on a free port):
its moves, its answers' time from their arrival, the pictures made per click and the
time waited for each kind (median), the database's transactions per click and their
time, and Discord's answers by status (429s by route) and refusals by code; with how
many pictures were the same as one made before (the bot logs it on stopping). And a
profile of each bot process after the warm-up: by default (``--profile wall``)
``bench.profile``'s, py-spy's samples of its busy threads, by the project's function
they were in and by the function running; with ``--profile cpu``, its CPU time by
yappi's CPU clock inside the process (``bench.cpu_profiled``, which starts the process
under yappi, and ``bench.cpu_layers``): its share by layer (discord.py, aiohttp, the
bot's Discord layer, the database, faces and words, …), the garbage collector's, and
the functions with the most own CPU time; its picture processes' CPU apart, not
profiled. yappi costs the profiled processes several times their CPU: a run under it
gives where the CPU went, not how much.

No wait of the players ends the run: one that runs out (an answer, a lobby, a table
offering a turn, a hand that never comes) is printed under "unanswered" by game, step
(the button or command) and what was waited for, with a few of its channels, and the
players go on (they look at the table afresh, open their hand again, or cancel the game
and start another). A My hand answered with words instead of a hand (the game ended
while its table still offered the button) is counted with the words.

It also prints, per game kind, the bot's REST requests per game action
(``bench.discord_requests``): the channel's posts, edits and deletes (Discord's channel
rate limits count these; it allows about 5 posts per 5 s in a channel), and apart from them
the interactions' answers and the webhook requests on their tokens (answers' edits,
follow-ups); and the most requests the bot made in one channel in any 5 seconds, posts
alone and all of them. And the bot's memory: the RSS of its processes with their picture
processes (``bench.memory``), sampled every 5 s, after the first minute and at the end,
and the growth between the two in percent (``--seconds 600`` for a long run), with the
most PSS they held (each shared page split between the processes sharing it).

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
messages, looked at every 20 ms (``bench.table_watch``), by their headline and log
lines; the tables get ``SETTLE`` seconds after the last click to catch up. With the
limits on it prints, from the emulator's request log (from the first click on): the
requests answered 429 (the goal is none), by route; the most posts, edits and deletes
one channel had in any 5 seconds (each a bucket of about 5 per 5 s per channel; a
sliding window can hold up to twice a bucket, which resets at fixed times) and of the
three together; and the requests that share the bot's global 50 a second (all but the
interaction callbacks and webhooks), per move committed and in the busiest second
(where the channels' peaks are within their buckets, a 429 is the global limit's).
The default size (50 games for 30 s, each run) takes about two minutes for both runs
on 2 cores; ``--seconds 10`` makes a quicker check.

``--floor`` plays each run's workload again (the same games, seconds, think time, seed
and limits) against the floor (``bench.floor_bot``): a bot of discord.py alone, in a
process of its own started and measured as the bot's, with no engine, database or
drawing, that answers the same clicks with the same messages' shapes and the same
requests per action, uploading the bot's own pictures of each kind (``bench.floor``
takes its rates and pictures from the bot's run), on the bot's event loop (uvloop's
where it is installed). It reports the floor's run as the bot's (its profile too), then
the bot's CPU per action after the warm-up, the floor's and their ratio, both's start-up
CPU, the most memory each held (RSS, then PSS) and their ratios, and both's requests
per action side by side; with ``--limits both``, once per setting. A starved run
(``bench.starved``: a click unanswered, an interaction answered after Discord's 3 s, a
game started again for want of an answer, a wait that ran out) says so under its
figures, and a comparison with a starved side, or whose requests of one kind per action
are more than 1.5× the other side's, prints "not a result" and why in place of its
ratios.

``--idle 200,1000`` plays nothing: it opens that many games and leaves them waiting on
people (``bench.idle_games``: a lobby in four, the other games started, Claim's hands
open) and prints the bot's RSS with no game and at each count, once the bot has gone
quiet, and what each game beyond the first count added.

The two setups: one bot process on a SQLite file (the default), running all the bot's
shards; or ``--backend postgresql --processes N``, N bot processes of two shards each
sharing one PostgreSQL database (a throwaway cluster started for the run, without
fsync), which more than one process needs (``bench.bot_processes``; the floor runs as
many processes on the same shards, with no database). The bot processes share the
machine's cores for their picture processes (``CLAIMIT_RENDER_PROCESSES``: the cores
divided by the bot processes). ``--games 200`` and ``--games 200 --backend postgresql
--processes 2`` compare them at 200 concurrent games. The bot's (or the floor's)
processes, py-spy and the cluster stop with the bench, on Ctrl-C or an error too
(``bench.e2e_world``). Targets (issue 32): 200 concurrent games at >= 250 actions/s
with p99 <= 250 ms, on one process with SQLite and on two with PostgreSQL; 50 games
with p99 <= 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import importlib.util
import random
import signal
import sys
import time
from collections.abc import Callable

from bench.bot_metrics import scrape
from bench.bot_processes import BACKENDS, SHARDS_PER_PROCESS, Setup, refusal
from bench.cpu_layers import CpuProfile, CpuRecorder
from bench.discord_requests import Budget, requests_by_kind
from bench.e2e_report import Figures, compare, compare_floor, report
from bench.e2e_world import world
from bench.floor import plan_of
from bench.floor_plan import Plan
from bench.idle_games import idle
from bench.memory import MemoryWatch
from bench.profile import Profile, Sampler
from bench.table_watch import SETTLE, TableWatch, lags_of
from bench.usage import CpuWatch, LoopLag
from emulator import DISCORD_RATE_LIMITS, RateLimits

GAMES = ("claimit", "nuggets", "claim")
LIMITS = {"on": (True,), "off": (False,), "both": (False, True)}
"""``--limits``: whether the emulator rate-limits as Discord does, in each run."""
PROFILES = ("wall", "cpu")
"""``--profile``: py-spy's samples of the busy threads (``bench.profile``), or yappi's
CPU clock inside the processes (``bench.cpu_profiled``, ``bench.cpu_layers``)."""
SEED = 5
"""The players' seed: the floor's run plays the bot's workload again."""
WARM_UP = 10.0
"""Seconds at a run's start left out of its CPU figures (a quarter of a shorter run):
a process's first pictures make its palettes, and its first answers fill caches."""
LOOK_EVERY = 0.05
"""Seconds between looks at the clicks while a run warms up."""


async def warm_up(seconds: float, games: int, clicks: Callable[[], int]) -> None:
    """Returns once a run of ``seconds`` playing ``games`` games has warmed up: after
    ``WARM_UP`` seconds (a quarter of a shorter run) and as many ``clicks`` as games, so
    that a slow start (players thinking 5 s before their first clicks) is not taken for
    a warm one; half-way through the run at the latest."""
    began = time.monotonic()
    await asyncio.sleep(min(WARM_UP, seconds / 4))
    while clicks() < games and time.monotonic() - began < seconds / 2:
        await asyncio.sleep(LOOK_EVERY)


async def run(
    setup: Setup,
    games: int,
    seconds: float,
    think: float,
    kinds: list[str],
    limits: RateLimits | None,
    floor: Plan | None = None,
    profile: str = "wall",
) -> Figures:
    """One run against the bot, or against the floor with the plan ``floor`` (from the
    bot's run of the same workload), its processes profiled as ``profile`` says
    (``PROFILES``)."""
    async with contextlib.AsyncExitStack() as stack:
        played = await world(stack, setup, games, kinds, limits, floor, profile == "cpu")
        emulator, tables = played.emulator, played.tables
        latencies: list[float] = []
        unanswered = 0

        def no_answer() -> None:
            nonlocal unanswered
            unanswered += 1

        rng = random.Random(SEED)
        cpu, lag, memory = CpuWatch(played.watched()), LoopLag(), MemoryWatch(played.pids())
        recorders: dict[str, Sampler | CpuRecorder] = {}
        for process in played.processes:
            assert process.process is not None
            if process.profile is not None:
                recorders[process.name] = CpuRecorder(process.process.pid, process.profile)
            else:
                recorders[process.name] = sampler = Sampler(process.process.pid)
                stack.push_async_callback(sampler.stop)
        # The bot's figures count the setup too (the games' lobbies, their starts): the
        # run's are what they grew by from here.
        urls = [process.metrics for process in played.processes if process.metrics]
        counted_before = await scrape(urls) if urls else None
        start = time.monotonic()
        since = emulator.clock.now()
        # Watched against the floor too, which has no moves to lag behind: the bench's
        # work, and so what it takes of the cores, stays the same.
        tables_shown = TableWatch([table.channel for table in tables])
        watching = asyncio.create_task(tables_shown.watch())
        stack.callback(watching.cancel)
        warmed, warm_for = 0, 0.0  # the clicks and seconds before the CPU figures'

        def clicks() -> int:
            return len(latencies) + unanswered

        async def warm() -> None:
            nonlocal warmed, warm_for
            await warm_up(seconds, games, clicks)
            cpu.start()
            warmed, warm_for = clicks(), time.monotonic() - start
            for recorder in recorders.values():
                await recorder.start()

        lag.start()
        memory.start()
        stack.push_async_callback(memory.stop)
        stack.push_async_callback(lag.stop)

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

        playing, warming = asyncio.create_task(play()), asyncio.create_task(warm())
        # A bot that dies mid-run would otherwise show only as 30 s click time-outs.
        endings = [asyncio.create_task(process.exited()) for process in played.processes]
        try:
            await asyncio.wait([playing, *endings], return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (playing, warming, *endings):
                task.cancel()
            await asyncio.wait([playing, warming, *endings])
        ended = [task.result() for task in endings if not task.cancelled()]
        if ended:
            raise RuntimeError("\n".join(ended))
        if playing.exception() is not None:
            for process in played.processes:
                print(f"{process.name} last logged:\n{process.tail()}", file=sys.stderr)
        playing.result()
        warming.result()
        elapsed = time.monotonic() - start
        cpu.stop()
        # All at once: yappi's stretch in each process ends with the CPU figures'.
        recorded = await asyncio.gather(*(recorder.stop() for recorder in recorders.values()))
        profiles: dict[str, Profile | CpuProfile | str] = {
            name: recorder.problem if result is None else result
            for (name, recorder), result in zip(recorders.items(), recorded, strict=True)
        }
        await lag.stop()
        growth = await memory.stop()
        lags: list[float] = []
        if played.database is not None:
            # The last moves' tables, behind by up to a channel's window, catch up.
            await asyncio.sleep(SETTLE)
            tables_shown.look()
            lags = await lags_of(played.database, tables_shown.shown)
        # Before the bot stops: what it counted of the run, by its own figures.
        counted = None
        if counted_before is not None:
            counted = (await scrape(urls)).since(counted_before)
        budget = None if limits is None else Budget.of(emulator, limits, since)
        requests = requests_by_kind(played.requests, tables)
        plan = floor if floor is not None else plan_of(tables, requests, SEED)
    late = sum(1 for i in emulator.interactions.values() if i.errors)
    made = [process.pictures() for process in played.processes]
    refusals: collections.Counter[str] = collections.Counter()
    for table in tables:
        refusals.update(table.refusals)
    return Figures(
        "bot" if floor is None else "floor",
        [process.name for process in played.processes],
        latencies,
        unanswered,
        elapsed,
        late,
        sum(t.restarts for t in tables),
        len(played.servers),
        cpu,
        lag,
        requests,
        profiles,
        None if None in made else (sum(m[0] for m in made if m), sum(m[1] for m in made if m)),
        lags,
        budget,
        [finding for table in tables for finding in table.findings],
        refusals,
        growth,
        plan,
        counted,
        warm_for,
        warmed,
        profile,
    )


async def main(
    setup: Setup,
    games: int,
    seconds: float,
    think: float,
    kinds: list[str],
    limits: str,
    floor: bool,
    idle_counts: list[int],
    profile: str = "wall",
) -> None:
    main_task = asyncio.current_task()
    assert main_task is not None
    # The bot processes and the database go with the bench, however it is stopped (a
    # shell that starts it in the background leaves it no Ctrl-C of Python's own).
    for number in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(number, main_task.cancel)
    if idle_counts:
        await idle(setup, idle_counts, kinds)
        return
    runs, floors = [], []
    for limited in LIMITS[limits]:
        rate_limits = DISCORD_RATE_LIMITS if limited else None
        figures = await run(setup, games, seconds, think, kinds, rate_limits, None, profile)
        report(setup, figures, games, think, kinds)
        runs.append(figures)
        if floor:
            assert figures.plan is not None
            against = await run(
                setup, games, seconds, think, kinds, rate_limits, figures.plan, profile
            )
            report(setup, against, games, think, kinds)
            floors.append((figures, against))
            compare_floor([floors[-1]])
    if len(runs) == 2:
        compare(*runs)
        compare_floor(floors)


def counts(value: str) -> list[int]:
    """``--idle``'s counts of games, "200,1000"."""
    try:
        found = sorted({int(part) for part in value.split(",") if part.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError(f"not counts of games: {value!r}") from None
    if not found or found[0] < 1:
        raise argparse.ArgumentTypeError(f"counts of games are 1 or more: {value!r}")
    return found


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
    parser.add_argument(
        "--floor",
        action="store_true",
        help="after each run, play the same workload against the floor (bench.floor_bot)",
    )
    parser.add_argument(
        "--profile",
        choices=PROFILES,
        default="wall",
        help="how each process is profiled after the warm-up: py-spy's samples of its busy "
        "threads (wall), or yappi's CPU clock inside it, by layer (cpu; needs yappi)",
    )
    parser.add_argument(
        "--idle",
        type=counts,
        default=[],
        metavar="COUNTS",
        help="instead of playing: the bot's RSS at these counts of idle games (200,1000)",
    )
    arguments = parser.parse_args()
    problem = refusal(arguments.backend, arguments.processes)
    if problem is not None:
        parser.error(problem)
    if arguments.idle and (arguments.floor or arguments.profile == "cpu"):
        parser.error("--idle measures the bot's memory alone: leave out --floor and --profile")
    if arguments.profile == "cpu" and importlib.util.find_spec("yappi") is None:
        parser.error("--profile cpu needs yappi: pip install yappi (the test extra has it)")
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
                arguments.floor,
                arguments.idle,
                arguments.profile,
            )
        )
    except (KeyboardInterrupt, asyncio.CancelledError):
        sys.exit("stopped; the bot processes and the database are gone")
