"""The bot's memory with many games waiting on people (``bench.e2e --idle 200,1000``):
games are opened and left without a click, and the bot's RSS (its picture processes
included, ``bench.memory``) is read once it has gone quiet, at each count in turn.

One game in ``LOBBY_EVERY`` is left a lobby (its host alone in it); the others are
started and wait for their first move, Claim's players with their hands open (which the
bot keeps following). A game that can't be opened in time counts as a finding and the
next one is opened all the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence

from bench.bot_processes import Setup
from bench.e2e_world import world
from bench.memory import MIB, tree_rss
from bench.players import ANSWER, Answers, ClaimTable, Lost, Table
from bench.usage import tree_cpu_seconds

LOBBY_EVERY = 4
"""One game in this many stays a lobby."""
AT_ONCE = 20
"""Games opened at the same time."""
OPENING = 600.0
"""Seconds the games of one count have to open."""
QUIET = 0.05
"""The bot's share of a core under which it counts as quiet (its timers alone)."""
QUIET_WITHIN = 60.0
"""Seconds the bot has to go quiet after the games are opened."""
IDLE_SECONDS = 10.0
"""Seconds over which a quiet bot's CPU is measured: what its waiting games cost."""


async def open_game(table: Table, index: int, until: float) -> None:
    """Opens a lobby (one game in ``LOBBY_EVERY``) or a game waiting for its first move."""
    if index % LOBBY_EVERY == LOBBY_EVERY - 1:
        command = await table.emulator.slash(table.players[0], table.channel, f"{table.game} new")
        with contextlib.suppress(Lost):
            await table.within(
                f"/{table.game} new", ANSWER, table.emulator.answer(command, table.in_time)
            )
        return
    if await table.new_game(until) and isinstance(table, ClaimTable):
        with contextlib.suppress(Lost):
            opened = await table.within("the table", "the table", table.latest())
            await table.open_hands(opened, Answers(lambda _: None, lambda: None))


async def open_games(tables: Sequence[Table], indexes: range, until: float) -> None:
    """Opens the games of ``tables`` at ``indexes``, ``AT_ONCE`` at a time."""
    limit = asyncio.Semaphore(AT_ONCE)

    async def one(index: int) -> None:
        async with limit:
            await open_game(tables[index], index, until)

    async with asyncio.TaskGroup() as opening:
        for index in indexes:
            opening.create_task(one(index))


async def quiet(pids: Sequence[int]) -> float:
    """Waits (at most ``QUIET_WITHIN``) until the processes use less than ``QUIET`` of a
    core over a second; the seconds it took."""
    start = time.monotonic()
    while time.monotonic() - start < QUIET_WITHIN:
        before = _cpu_seconds(pids)
        await asyncio.sleep(1.0)
        if _cpu_seconds(pids) - before < QUIET:
            break
    return time.monotonic() - start


async def idle_cpu(pids: Sequence[int]) -> float:
    """The processes' share of a core over ``IDLE_SECONDS``."""
    before, began = _cpu_seconds(pids), time.monotonic()
    await asyncio.sleep(IDLE_SECONDS)
    return (_cpu_seconds(pids) - before) / (time.monotonic() - began)


def _cpu_seconds(pids: Sequence[int]) -> float:
    """The processes' CPU seconds so far, their children's included."""
    return sum(tree_cpu_seconds(pid) or 0.0 for pid in pids)


async def idle(setup: Setup, counts: Sequence[int], kinds: list[str]) -> None:
    """Opens games up to each of ``counts`` in turn and prints the bot's RSS at each."""
    async with contextlib.AsyncExitStack() as stack:
        played = await world(stack, setup, max(counts), kinds, None)
        pids = played.pids()
        await quiet(pids)
        first, first_cpu = tree_rss(pids), await idle_cpu(pids)
        print(
            f"idle games ({', '.join(kinds)}; one in {LOBBY_EVERY} a lobby, the others "
            f"started and waiting for their first move): bot: {setup}"
        )
        if first is not None:
            print(
                f"  the bot's RSS (picture processes included), no game: {first / MIB:.0f} MiB; "
                f"CPU {100 * first_cpu:.1f}% of a core"
            )
        opened, sizes = 0, []
        for count in sorted(counts):
            begun = time.monotonic()
            await open_games(played.tables, range(opened, count), begun + OPENING)
            took = time.monotonic() - begun
            waited = await quiet(pids)
            opened = count
            size, cpu = tree_rss(pids), await idle_cpu(pids)
            tables = played.tables[:count]
            started = sum(table.games for table in tables)
            hands = sum(len(t.hands) for t in tables if isinstance(t, ClaimTable))
            lost = sum(len(table.findings) for table in tables)
            if size is None:
                print(f"  {count} idle games: the bot is gone")
                return
            sizes.append((count, size))
            print(
                f"  {count} idle games: {size / MIB:.0f} MiB ({started} started, "
                f"{count - started} lobbies, {hands} Claim hands open; opened in {took:.1f} s, "
                f"quiet {waited:.0f} s later; {lost} waits ran out); CPU while they wait "
                f"{100 * cpu:.1f}% of a core"
            )
        if len(sizes) > 1 and sizes[-1][0] > sizes[0][0]:
            (fewer, small), (more, large) = sizes[0], sizes[-1]
            print(
                f"  each idle game beyond the first {fewer}: "
                f"{(large - small) / (more - fewer) / 1024:.0f} KiB"
            )
