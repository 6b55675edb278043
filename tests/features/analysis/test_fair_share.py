"""The judges' time shared fairly (``bot.features.analysis.fair_share``), with work the
test holds and lets go of, and the order pieces start in recorded: a member's burst of
hints is cut at their bound at once, and another member's hint starts next; members and
games take turns, a member being judged already letting one who is not go first; hints
before reports someone asked for, before work nobody waits for; a job asked again more
urgently moves up; work under way is never cut short, and work waiting is dropped when
its asker goes or the bot stops."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from bot.features.analysis.fair_share import BOUNDS, Bound, FairShare, Job
from bot.service.game_reports import Asker, QueueFull, Urgency

ANN, BO, CY = 1, 2, 3
HINT, ASKED, BACKGROUND = Urgency.HINT, Urgency.ASKED, Urgency.BACKGROUND


class Judges:
    """Pieces of work that start when their turn comes, saying so, and end when the test
    lets them go."""

    def __init__(self, share: FairShare) -> None:
        self.share = share
        self.started: list[str] = []
        self._ends: dict[str, asyncio.Event] = {}

    def piece(self, job: Job, name: str) -> asyncio.Future[str]:
        """A piece of ``job`` named ``name``, queued."""
        self._ends[name] = asyncio.Event()
        return self.share.run(job, self._work(name))

    def ask(self, member: int | None, game: int | None, urgency: Urgency, *names: str) -> Job:
        """A new job, a piece of it per name."""
        job = self.share.opened(Asker(member, game, urgency))
        for name in names:
            self.piece(job, name)
        return job

    def _work(self, name: str) -> Callable[[], Awaitable[str]]:
        async def work() -> str:
            self.started.append(name)
            await self._ends[name].wait()
            return name

        return work

    async def end(self, name: str) -> None:
        """Lets the piece ``name`` end, and the loop run what follows."""
        assert name in self.started, f"{name} ended before it started"
        self._ends[name].set()
        await settle()


async def settle() -> None:
    """Lets every callback and task ready run (a few rounds of the loop)."""
    for _ in range(10):
        await asyncio.sleep(0)


async def test_a_burst_of_hints_stops_at_the_bound_and_another_member_s_hint_comes_next() -> None:
    assert BOUNDS[HINT] == Bound(2, 1)
    judges = Judges(FairShare(1))
    # Ann presses Hint in six games at once: two are queued, the rest refused at once.
    jobs = []
    refused = []
    for game in range(1, 7):
        try:
            jobs.append(judges.ask(ANN, game, HINT, f"ann {game}"))
        except QueueFull as full:
            refused.append((game, full.most, full.in_game))
    assert len(jobs) == 2
    assert refused == [(game, 2, False) for game in range(3, 7)], "nothing queued past two"
    assert judges.share.waiting == 1 and judges.share.busy == 1
    # Another position of a game whose hint waits: one hint a game.
    with pytest.raises(QueueFull) as same_game:
        judges.ask(ANN, 2, HINT, "ann 2 again")
    assert same_game.value.in_game
    await settle()
    assert judges.started == ["ann 1"]
    # Bo's hint comes: Ann has the judge already, so Bo's is next, before Ann's second.
    judges.ask(BO, 7, HINT, "bo 7")
    await judges.end("ann 1")
    jobs[0].close()
    assert judges.started == ["ann 1", "bo 7"]
    # Ann's room again: a hint in a third game is taken, after her second game's.
    jobs.append(judges.ask(ANN, 3, HINT, "ann 3"))
    await judges.end("bo 7")
    await judges.end("ann 2")
    jobs[1].close()
    await judges.end("ann 3")
    assert judges.started == ["ann 1", "bo 7", "ann 2", "ann 3"]


async def test_each_member_with_a_hint_waiting_gets_a_turn_before_anyone_s_second() -> None:
    """At the bound with several members: Cy's hint, asked last, starts after at most
    one piece of each other member, however many they have waiting."""
    judges = Judges(FairShare(1))
    judges.ask(ANN, 1, HINT, "ann 1")
    judges.ask(ANN, 2, HINT, "ann 2")
    judges.ask(BO, 3, HINT, "bo 3")
    judges.ask(BO, 4, HINT, "bo 4")
    judges.ask(CY, 5, HINT, "cy 5")
    order = ["ann 1", "bo 3", "cy 5", "ann 2", "bo 4"]
    for name in order:
        await settle()
        await judges.end(name)
    # Ann was served as her piece ended, Bo as his did: Cy's hint waited for the piece
    # under way as it came and for one of Bo's (who came before Cy).
    assert judges.started == order


async def test_a_member_being_judged_already_lets_one_who_is_not_go_first() -> None:
    """A pair presses Hint in four games at once, one judge each: Cy's hint, asked
    after, takes the first judge free, before the second of either of them."""
    judges = Judges(FairShare(2))
    for member, game in ((ANN, 1), (BO, 2), (ANN, 3), (BO, 4)):
        judges.ask(member, game, HINT, f"{game}")
    judges.ask(CY, 5, HINT, "cy")
    await settle()
    assert judges.started == ["1", "2"]
    await judges.end("1")
    assert judges.started == ["1", "2", "cy"]
    for name in ("2", "cy", "3", "4"):
        await judges.end(name)
    assert judges.started == ["1", "2", "cy", "3", "4"]


async def test_hints_come_before_asked_reports_before_work_nobody_waits_for() -> None:
    judges = Judges(FairShare(1))
    judges.ask(None, 9, BACKGROUND, *(f"drills {part}" for part in range(3)))
    judges.ask(BO, 8, ASKED, "bo's report")
    judges.ask(ANN, 1, HINT, "ann's hint")
    await settle()
    for name in ("drills 0", "ann's hint", "bo's report", "drills 1", "drills 2"):
        await judges.end(name)
    assert judges.started == ["drills 0", "ann's hint", "bo's report", "drills 1", "drills 2"]


async def test_games_take_turns_and_nobody_s_work_is_not_bounded() -> None:
    judges = Judges(FairShare(1))
    judges.ask(None, 1, BACKGROUND, *(f"game 1 part {part}" for part in range(4)))
    judges.ask(None, 2, BACKGROUND, *(f"game 2 part {part}" for part in range(2)))
    many = [judges.share.opened(Asker(None, game, BACKGROUND)) for game in range(10, 20)]
    assert len(many) == 10, "nobody's work has no bound"
    await settle()
    order = [
        "game 1 part 0",
        "game 2 part 0",
        "game 1 part 1",
        "game 2 part 1",
        "game 1 part 2",
        "game 1 part 3",
    ]
    for name in order:
        await judges.end(name)
    assert judges.started == order


async def test_a_member_s_reports_are_bounded_as_their_hints_are_apart() -> None:
    share = FairShare(2)
    hints = [share.opened(Asker(ANN, game, HINT)) for game in (1, 2)]
    reports = [share.opened(Asker(ANN, game, ASKED)) for game in (3, 4)]
    with pytest.raises(QueueFull):
        share.opened(Asker(ANN, 5, ASKED))
    with pytest.raises(QueueFull):
        share.opened(Asker(ANN, 5, HINT))
    # Another member has their own room; an ask closed makes room again.
    share.opened(Asker(BO, 5, HINT))
    reports[0].close()
    reports[0].close()
    share.opened(Asker(ANN, 5, ASKED))
    with pytest.raises(QueueFull):
        share.opened(Asker(ANN, 6, ASKED))
    hints[1].close()
    share.opened(Asker(ANN, 2, HINT))


async def test_a_job_asked_again_sooner_moves_up_where_its_asker_has_room() -> None:
    judges = Judges(FairShare(1))
    judges.ask(None, 1, BACKGROUND, "game 1")
    ends = judges.share.opened(Asker(None, 2, BACKGROUND))
    judges.piece(ends, "game 2 luck")
    judges.piece(ends, "game 2 decisions")
    judges.ask(None, 3, BACKGROUND, "game 3")
    # Ann has two reports waiting already: asking game 2's leaves it where it is.
    full = [judges.share.opened(Asker(ANN, game, ASKED)) for game in (7, 8)]
    assert not judges.share.raised(ends, Asker(ANN, 2, ASKED))
    assert ends.asker == Asker(None, 2, BACKGROUND)
    full[0].close()
    # Bo asks for it: it is his now, and comes before the games nobody waits for.
    assert judges.share.raised(ends, Asker(BO, 2, ASKED))
    assert not judges.share.raised(ends, Asker(CY, 2, BACKGROUND)), "never moved down"
    with pytest.raises(QueueFull):
        judges.share.opened(Asker(BO, 2, ASKED))
    await settle()
    for name in ("game 1", "game 2 luck", "game 2 decisions", "game 3"):
        await judges.end(name)
    assert judges.started == ["game 1", "game 2 luck", "game 2 decisions", "game 3"]
    ends.close()
    judges.share.opened(Asker(BO, 2, ASKED))


async def test_work_under_way_runs_to_its_end_and_work_waiting_is_dropped() -> None:
    judges = Judges(FairShare(1))
    job = judges.share.opened(Asker(ANN, 1, HINT))
    running = judges.piece(job, "running")
    waiting = judges.piece(job, "waiting")
    await settle()
    # Its asker goes: the piece under way holds its judge until it ends; the one
    # waiting never starts.
    running.cancel()
    waiting.cancel()
    judges.ask(BO, 2, HINT, "bo")
    await settle()
    assert judges.started == ["running"] and judges.share.busy == 1
    await judges.end("running")
    assert judges.started == ["running", "bo"]
    # The bot stops: what waits is cancelled, what runs ends as it would.
    later = judges.share.opened(Asker(CY, 3, HINT))
    dropped = judges.piece(later, "cy")
    judges.share.cancel_waiting()
    await settle()
    assert dropped.cancelled() and judges.share.waiting == 0
    await judges.end("bo")
    assert judges.started == ["running", "bo"] and judges.share.busy == 0


async def test_a_piece_s_failure_reaches_its_asker_and_frees_its_judge() -> None:
    share = FairShare(1)

    async def failing() -> str:
        raise ValueError("the judge failed")

    async def fine() -> str:
        return "fine"

    job = share.opened(Asker(ANN, 1, HINT))
    failed = share.run(job, failing)
    done = share.run(share.opened(Asker(BO, 2, HINT)), fine)
    with pytest.raises(ValueError, match="the judge failed"):
        await failed
    assert await done == "fine" and share.busy == 0


async def test_a_piece_dropped_just_as_a_judge_frees_never_starts() -> None:
    """The bot stops in the same moment a piece ends: the judge it frees takes none of
    the pieces just dropped."""
    judges = Judges(FairShare(1))

    async def quick() -> str:
        return "quick"

    judges.share.run(judges.share.opened(Asker(ANN, 1, HINT)), quick)
    dropped = judges.piece(judges.share.opened(Asker(BO, 2, HINT)), "bo")
    # The quick piece ends here, its judge's freeing due next in the loop; the stop's
    # dropping comes after it.
    await asyncio.sleep(0)
    judges.share.cancel_waiting()
    await settle()
    assert dropped.cancelled() and judges.started == []
    assert judges.share.busy == 0 and judges.share.waiting == 0
