"""Games judged in processes of their own: the same report as judged in a thread, each
process's share of the decisions and of the luck put back in order, and the processes
ended with the bot (and after a while without a report asked for); a stop cancels the
work waiting and lets the work under way end."""

from __future__ import annotations

import asyncio
import multiprocessing
import random

import pytest

from bench.analysis import played as seeded_game
from bot.features.analysis import judging
from bot.features.analysis.judging import Judging
from bot.games.analysis import Played
from bot.games.registry import analyst_for
from bot.service.game_reports import Asker, Urgency
from bot.storage import game_values
from engine.gold_nuggets import GameState, Phase, apply
from engine.gold_nuggets.bots import Level, action_of, decide
from tests.bot.held_judges import HeldWeighing
from tests.games.claim.test_analysis import played as claim_game


def played(seed: int) -> list[Played]:
    """A game of computer players of every level, as the analysis reads it."""
    choices, dice = random.Random(seed), random.Random(seed + 1)
    state = GameState.new(3)
    moves = []
    levels = list(Level)
    while state.phase is not Phase.OVER:
        action = action_of(decide(state, levels[state.turn], choices), state, dice)
        moves.append(Played(state, state.turn, action))
        state = apply(state, action).state
    return moves


async def test_processes_judge_as_a_thread_does_and_end_when_asked() -> None:
    nuggets = played(5)
    claim = claim_game(3)[:30]
    in_thread = await Judging(0).analysis("claim", 2, claim, seed=1)
    pool = Judging(2)
    try:
        in_processes = await pool.analysis("claim", 2, claim, seed=1)
        assert len(multiprocessing.active_children()) == 2, "Claim's decisions are shared"
        whole_game = await pool.analysis("nuggets", 3, nuggets, seed=1)
    finally:
        await pool.stop()
    assert in_processes.decisions == in_thread.decisions
    assert in_processes.fortunes == in_thread.fortunes, "the luck weighed beside them"
    moves = [d.move for d in in_processes.decisions]
    assert moves == sorted(moves) and len(moves) > 4
    assert in_processes.seconds > 0
    assert {d.seat for d in whole_game.decisions} == {0, 1, 2}
    assert {f.kind.value for f in whole_game.fortunes} == {"roll"}
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("kind", ["nuggets", "claimit"])
def test_a_dice_game_s_luck_in_parts_interleaved_is_its_whole(kind: str) -> None:
    moves = seeded_game(kind, [game_values.Level.EASY, game_values.Level.NORMAL], 3)
    analyst = analyst_for(kind)
    whole = analyst.luck(moves, 1)
    parts = [analyst.luck(moves, 1, part, 2) for part in range(2)]
    assert len(whole) > 2
    assert [parts[i % 2][i // 2] for i in range(len(whole))] == whole
    assert sum(map(len, parts)) == len(whole)


async def test_the_processes_end_after_a_while_without_a_report() -> None:
    pool = Judging(1, idle=0.0)
    try:
        await pool.analysis("nuggets", 3, played(2)[:30], seed=1)
        assert pool.running
        # The idle timer is due at once: it runs within the loop's next rounds.
        for _ in range(3):
            await asyncio.sleep(0)
        assert not pool.running, "ended once idle"
    finally:
        await pool.stop()
    assert multiprocessing.active_children() == []


async def test_a_judging_process_that_died_is_replaced_and_the_game_judged_again() -> None:
    moves = played(4)[:40]
    pool = Judging(1)
    try:
        first = await pool.analysis("nuggets", 3, moves, seed=1)
        for child in multiprocessing.active_children():
            child.kill()
            child.join(5)
        again = await pool.analysis("nuggets", 3, moves, seed=1)
    finally:
        await pool.stop()
    assert again.decisions == first.decisions
    assert again.fortunes == first.fortunes and first.fortunes
    assert multiprocessing.active_children() == []


async def test_positions_are_weighed_in_a_judging_process_as_in_a_thread() -> None:
    positions = [(move.before, move.seat) for move in played(6)[:30]]
    in_thread = await Judging(0).weighed("nuggets", positions)
    pool = Judging(1)
    try:
        in_a_process = await pool.weighed("nuggets", positions)
        assert pool.running, "weighed in the judges' process"
        for child in multiprocessing.active_children():
            child.kill()
            child.join(5)
        again = await pool.weighed("nuggets", positions[:2])
    finally:
        await pool.stop()
    assert in_a_process == in_thread and any(found is not None for found in in_thread)
    assert again == in_thread[:2], "a dead judge is replaced and the positions weighed again"
    assert multiprocessing.active_children() == []


async def test_a_stop_cancels_the_work_waiting_and_lets_the_work_under_way_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    judge = HeldWeighing()
    monkeypatch.setattr(judging, "weighed_part", judge)
    monkeypatch.setattr(judging, "THREADS", 1)
    judges = Judging(0)
    try:
        running = asyncio.create_task(
            judges.weighed("nuggets", [(None, 0)], Asker(1, 1, Urgency.HINT))
        )
        assert await judge.start() == "nuggets"
        waiting = asyncio.create_task(
            judges.weighed("claim", [(None, 0)], Asker(2, 2, Urgency.HINT))
        )
        while not judges.share.waiting:
            await asyncio.sleep(0)
        stopping = asyncio.create_task(judges.stop())
        with pytest.raises(asyncio.CancelledError):
            await waiting
        assert not stopping.done(), "the stop waits for the weighing under way"
        judge.let_go()
        (weighed,) = await running
        assert weighed is not None
        await stopping
        assert judge.idle() and not judges.running, "the waiting one never started"
    finally:
        judge.let_go(100)
