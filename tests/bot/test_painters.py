"""The picture processes: a game's pictures are made in one of them, the same as in a
thread; one that dies is replaced; they stop with the last bot that uses them."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.games.painters import Painters
from engine.claimit import GameState
from i18n import english
from render.claim import pictures as claim_pictures
from render.claim.gallery import hand_views, table_views
from render.claimit import View
from render.claimit.pictures import render_board
from render.gold_nuggets.gallery import views as nuggets_views
from render.gold_nuggets.pictures import render_table
from render.league.gallery import views as league_views
from render.league.standings import render_standings
from tests import processes

ROOT = Path(__file__).resolve().parents[2]

STATE = GameState.new(3, first=0)
VIEW = View(names=("Ann", "Bo", "Cy"))


@pytest.fixture
async def painters() -> AsyncIterator[Painters]:
    painters = Painters(least=2)
    await painters.start(2)
    yield painters
    await painters.stop()


async def test_a_picture_made_in_a_process_is_the_one_made_here(painters: Painters) -> None:
    assert painters.processes == 2
    assert await painters.paint(7, render_board, STATE, VIEW, ("game", 7)) == render_board(
        STATE, VIEW
    )
    figures = await painters.figures()
    assert figures.pictures == 1 and figures.missed > 0
    await painters.paint(7, render_board, STATE, VIEW, ("game", 7))
    assert (await painters.figures()).again == 1, "the game's last picture, kept there"


async def test_each_game_keeps_to_one_process(painters: Painters) -> None:
    here = os.getpid()
    first = {await painters.paint(game, os.getpid) for game in (0, 2, 4, 6)}
    second = {await painters.paint(game, os.getpid) for game in (1, 3, 5)}
    assert len(first) == len(second) == 1
    assert first != second and here not in first | second


class Unloadable:
    """Pickled here, but can't be loaded where it goes (a class gone from the code there,
    say)."""

    def __reduce__(self) -> tuple[object, tuple[()]]:
        return (_refused, ())


def _refused() -> None:
    raise LookupError("not in this process's code")


async def test_a_picture_its_process_cannot_load_is_refused_and_the_process_goes_on(
    painters: Painters,
) -> None:
    worker = await painters.paint(0, os.getpid)
    with pytest.raises(LookupError, match="not in this process's code"):
        await painters.paint(0, len, [Unloadable()])
    assert await painters.paint(0, os.getpid) == worker


async def test_a_process_that_died_is_replaced(painters: Painters) -> None:
    dead = await painters.paint(1, os.getpid)
    os.kill(dead, signal.SIGKILL)
    assert await painters.paint(1, render_board, STATE, VIEW) == render_board(STATE, VIEW)
    assert await painters.paint(1, os.getpid) != dead


async def test_a_process_is_renewed_after_its_pictures() -> None:
    painters = Painters(renew_after=4, least=2)
    await painters.start(2)
    try:
        first, second = await painters.paint(0, os.getpid), await painters.paint(1, os.getpid)
        picture = render_board(STATE, VIEW)
        # The first process's first life is half as long: the two are not renewed at once.
        assert await painters.paint(0, render_board, STATE, VIEW, ("game", 0)) == picture
        await painters.renewals()
        renewed = await painters.paint(0, os.getpid)
        assert renewed not in (first, second)
        with pytest.raises(ProcessLookupError):
            os.kill(first, 0)
        assert await painters.paint(1, os.getpid) == second, "not yet renewed"
        assert (await painters.figures()).pictures == 1, "the old process's, counted"
        # The game's album stayed with the old process: its next picture is drawn whole.
        before = await painters.figures()
        assert await painters.paint(0, render_board, STATE, VIEW, ("game", 0)) == picture
        after = await painters.figures()
        assert after.pictures == 2 and after.again == 0 and after.found == before.found
        for _ in range(2):  # the second process's fourth picture
            await painters.paint(1, os.getpid)
        await painters.renewals()
        assert await painters.paint(1, os.getpid) != second
    finally:
        await painters.stop()


async def test_a_renewal_under_way_is_finished_before_the_processes_stop() -> None:
    painters = Painters(renew_after=1)
    await painters.start(1)
    first = await painters.paint(0, os.getpid)
    await painters.stop()
    assert painters.processes == 0
    with pytest.raises(ProcessLookupError):
        os.kill(first, 0)
    await painters.start(1)
    try:
        assert await painters.paint(0, os.getpid) != first
    finally:
        await painters.stop()


async def test_a_successor_that_cannot_start_leaves_its_predecessor(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    painters = Painters(renew_after=2)
    await painters.start(1)
    try:
        first = await painters.paint(0, os.getpid)
        with monkeypatch.context() as broken:
            # An interpreter that ends at once: its successor is gone before it is up.
            broken.setattr(sys, "executable", shutil.which("false"))
            await painters.paint(0, os.getpid)  # the second: a successor is started
            await painters.renewals()
        assert "a picture process could not start (PainterGone)" in caplog.text
        assert await painters.paint(0, os.getpid) == first
        await painters.paint(0, os.getpid)  # two more: another successor, which starts
        await painters.renewals()
        assert await painters.paint(0, os.getpid) != first
    finally:
        await painters.stop()


async def test_the_last_bot_to_stop_stops_the_processes() -> None:
    painters = Painters()
    await painters.start(1)
    await painters.start(1)  # a second bot in the same process
    worker = await painters.paint(0, os.getpid)
    await painters.stop()
    assert painters.processes == 1
    os.kill(worker, 0)  # still running
    await painters.stop()
    assert painters.processes == 0
    with pytest.raises(ProcessLookupError):
        os.kill(worker, 0)


# The gone loop's end of each socket is collected unclosed: only that loop could close it.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_processes_a_gone_event_loop_never_stopped_are_ended_not_asked() -> None:
    """A bot of an earlier event loop that never stopped (a test that failed before its
    bot's stop) left processes whose answers only that loop could read: the next start,
    on another loop, ends them and draws with its own."""
    painters = Painters()

    async def left_running() -> int:
        await painters.start(1)
        return await painters.paint(0, os.getpid)

    worker = asyncio.run(left_running())
    os.kill(worker, 0)  # still running, with nobody to read its answers

    async def next_bot() -> int:
        await painters.start(0)
        try:
            return await asyncio.wait_for(painters.paint(0, os.getpid), 10)
        finally:
            await painters.stop()

    assert asyncio.run(next_bot()) == os.getpid()
    assert painters.processes == 0
    with pytest.raises(ProcessLookupError):
        os.kill(worker, 0)


async def test_without_processes_pictures_are_made_in_a_thread() -> None:
    painters = Painters()
    await painters.start(0)
    try:
        assert await painters.paint(3, os.getpid) == os.getpid()
    finally:
        await painters.stop()


async def test_a_stop_signal_to_the_whole_group_leaves_the_processes_to_the_bot(
    painters: Painters,
) -> None:
    worker = await painters.paint(0, os.getpid)
    for number in (signal.SIGTERM, signal.SIGINT):
        os.kill(worker, number)
    assert await painters.paint(0, os.getpid) == worker


OWNER = """
import asyncio, os
from bot.games.painters import Painters

async def main():
    painters = Painters()
    await painters.start(2)
    print(*[await painters.paint(key, os.getpid) for key in (0, 1)], flush=True)
    await asyncio.sleep(3600)

if __name__ == "__main__":
    asyncio.run(main())
"""


@asynccontextmanager
async def bot_running(
    tmp_path: Path, source: str
) -> AsyncIterator[tuple[asyncio.subprocess.Process, list[int]]]:
    """A bot's process running ``source``, and the process ids its first line names;
    killed at the end."""
    script = tmp_path / "owner.py"
    script.write_text(source)
    owner = await processes.start(
        sys.executable, str(script), cwd=ROOT, stdout=asyncio.subprocess.PIPE
    )
    try:
        assert owner.stdout is not None
        yield owner, [int(pid) for pid in (await owner.stdout.readline()).split()]
    finally:
        await processes.stop(owner, signal.SIGKILL)


async def test_the_processes_end_when_the_bot_is_killed(tmp_path: Path) -> None:
    async with bot_running(tmp_path, OWNER) as (owner, workers):
        assert len(workers) == 2
        os.kill(owner.pid, signal.SIGKILL)
        await owner.wait()
        # Orphaned, they belong to init (or a subreaper), which reaps them once they end.
        async with asyncio.timeout(30):
            while any(_running(pid) for pid in workers):
                await asyncio.sleep(0.05)


ALONE = """
import asyncio, os
from pathlib import Path
from bot.games.painters import Painters

def parent(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[1]
    except OSError:
        return None  # a process of the machine's that ended while /proc was listed

async def main():
    painters = Painters()
    await painters.start(1)
    worker = await painters.paint(0, os.getpid)
    mine = [pid for pid in os.listdir("/proc") if pid.isdigit() and parent(pid) == str(os.getpid())]
    print(worker, *mine, flush=True)
    await painters.stop()

if __name__ == "__main__":
    asyncio.run(main())
"""


async def test_a_picture_process_is_the_bot_s_only_child(tmp_path: Path) -> None:
    """No resource tracker of multiprocessing's beside it: a process of 13 MiB for
    nothing the picture processes use."""
    async with bot_running(tmp_path, ALONE) as (owner, (worker, *children)):
        assert children == [worker]
        assert await owner.wait() == 0


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"


DRAWING_ONLY = {"bot", "bot.games", "bot.games.picture_process", "bot.games.free_memory"}
"""The bot's modules a picture process imports: its own, none of the bot's other code."""


async def test_a_process_that_drew_every_kind_imports_only_what_drawing_needs() -> None:
    painters = Painters()
    await painters.start(1)
    try:
        lang = english()
        await painters.paint(0, render_board, STATE, VIEW, ("game", 0))
        await painters.paint(0, render_table, next(nuggets_views())[1], ("game", 1))
        await painters.paint(0, claim_pictures.render_table, next(table_views(lang))[1])
        await painters.paint(0, claim_pictures.render_hand, next(hand_views(lang))[1])
        await painters.paint(0, render_standings, next(league_views())[1])
        # A builtin: asking it brings no module of the test's into the process.
        modules: list[str] = await painters.paint(0, eval, "[*__import__('sys').modules]")
    finally:
        await painters.stop()
    assert {name for name in modules if name.split(".")[0] == "bot"} == DRAWING_ONLY
    assert "render.common.png" in modules
    unneeded = (
        "asyncio",
        "prometheus_client",
        "multiprocessing",
        "ctypes.util",
        "hashlib",
        "_hashlib",
    )
    assert [name for name in modules if name.startswith(unneeded)] == []
    # Only the engine whose states a picture is drawn from (a Claim It! board's).
    assert "engine.claim" not in modules and "engine.gold_nuggets" not in modules
    assert [name for name in modules if name.endswith(".gallery")] == []


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def spin(seconds: float) -> int:
    """A picture that takes ``seconds`` of the process's CPU; its process's id."""
    until = time.thread_time() + seconds
    while time.thread_time() < until:
        pass
    return os.getpid()


async def drawing(painters: Painters, clock: Clock, seconds: float) -> set[int]:
    """Pictures of ``seconds`` of CPU in all over a window of the clock's (1 s), then one
    more, which counts the window; the processes that drew them."""
    drew = {await painters.paint(game, spin, seconds / 4) for game in range(4)}
    clock.now += 1.0
    await painters.paint(0, os.getpid)
    await painters.resized()
    return drew


async def test_one_process_draws_while_it_keeps_up_more_while_pictures_take_more() -> None:
    clock = Clock()
    painters = Painters(window=1.0, shrink_after=600.0, clock=clock)
    await painters.start(2)
    try:
        assert painters.processes == 1, "an idle bot holds one"
        await drawing(painters, clock, 0.3)
        assert painters.processes == 1, "a third of a core: it keeps up"
        await drawing(painters, clock, 0.7)
        assert painters.processes == 2, "most of a core: another starts"
        assert len(await drawing(painters, clock, 0.1)) == 2, "the games are shared"
        # Ten minutes in which one process would have kept up: the second ends.
        clock.now += 600.0
        await painters.paint(0, render_board, STATE, VIEW, ("game", 0))
        await painters.resized()
        assert painters.processes == 1
        assert (await painters.figures()).pictures == 1
        await drawing(painters, clock, 0.7)
        assert painters.processes == 2, "and it grows again"
        # Busy enough that one process alone would not keep up: the second stays.
        for _ in range(3):
            clock.now += 300.0
            await drawing(painters, clock, 0.5)
        assert painters.processes == 2
    finally:
        await painters.stop()
    assert painters.processes == 0
