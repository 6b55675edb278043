"""The end-to-end bench's report of what its players met: the waits that ran out, by
game, step and wait; the bot's CPU per action; and ``--idle``'s counts."""

from __future__ import annotations

import argparse
import asyncio
import collections
import dataclasses
import time

import pytest

from bench.e2e import counts, warm_up
from bench.e2e_report import Figures, floor_ratio, memory_ratio, report_findings
from bench.memory import MIB, Growth
from bench.players import ANSWER, Finding
from bench.usage import CpuWatch, LoopLag, Share


def figures(
    findings: list[Finding], latencies: list[float], unanswered: int = 0, warmed: int = 0
) -> Figures:
    # After a warm-up of 10 s, 1.5 cores for 10 s, 1 of them the bot's own process; 4 s
    # of CPU before.
    cpu = CpuWatch({})
    cpu.shares, cpu.wall = [Share("bot", 1.5)], 10.0
    cpu.own, cpu.at_start = {"bot": 10.0}, {"bot": 4.0}
    return Figures(
        "bot",
        ["bot"],
        latencies,
        unanswered,
        10.0,
        0,
        0,
        4,
        cpu,
        LoopLag(),
        {},
        {},
        None,
        [],
        None,
        findings,
        collections.Counter({"This game is over.": 2}),
        None,
        None,
        None,
        10.0,
        warmed,
    )


def test_the_waits_that_ran_out_are_counted_by_game_step_and_wait(
    capsys: pytest.CaptureFixture[str],
) -> None:
    hand = [Finding(f"table-{n}", "claim", "My hand", "the hand") for n in (5, 2, 5, 8, 11)]
    click = Finding("table-1", "claimit", "Roll", ANSWER)
    report_findings(figures([*hand, click], [0.1]))
    assert capsys.readouterr().out.splitlines() == [
        "unanswered (waits that ran out, after which the players went on): 6",
        "  5 × claim, My hand: waited in vain for the hand "
        "(in table-11, table-2, table-5 and 1 more)",
        f"  1 × claimit, Roll: waited in vain for {ANSWER} (in table-1)",
        "My hand answered with words instead of a hand (the game had ended): "
        "2 × 'This game is over.'",
    ]


def test_the_cpu_per_action_is_the_bots_cpu_seconds_over_every_click_after_the_warm_up() -> None:
    # 15 s of CPU over 4 answered clicks and 1 unanswered, after 3 in the warm-up.
    measured = figures([], [0.1, 0.2, 0.1, 0.3, 0.1, 0.1, 0.1], unanswered=1, warmed=3)
    assert measured.measured == 5
    assert measured.cpu_per_action == pytest.approx(3.0)
    assert measured.own_per_action == pytest.approx(2.0)
    assert measured.startup == pytest.approx(4.0)
    assert figures([], []).cpu_per_action is None
    assert figures([], [0.1], warmed=1).cpu_per_action is None


async def test_the_warm_up_lasts_until_as_many_clicks_as_games_or_half_the_run() -> None:
    clicks = [0]

    async def clicking() -> None:
        await asyncio.sleep(0.6)
        clicks[0] = 3

    began = time.monotonic()
    async with asyncio.TaskGroup() as group:
        group.create_task(clicking())
        # A quarter of the run (0.5 s) passes before the 3 clicks come; half of it, 1 s.
        group.create_task(warm_up(2.0, 3, lambda: clicks[0]))
    assert 0.6 <= time.monotonic() - began < 1.0
    began = time.monotonic()
    await warm_up(2.0, 4, lambda: clicks[0])
    assert time.monotonic() - began >= 1.0


def test_the_idle_counts_are_a_list_of_games() -> None:
    assert counts("1000,200") == [200, 1000]
    for wrong in ("", "0,5", "two"):
        with pytest.raises(argparse.ArgumentTypeError):
            counts(wrong)


def test_the_memory_ratios_are_of_the_most_each_held_rss_and_pss() -> None:
    bot = dataclasses.replace(
        figures([], [0.1]), memory=Growth(145 * MIB, None, 225 * MIB, 229 * MIB, 150 * MIB)
    )
    floor = dataclasses.replace(
        figures([], [0.1]), memory=Growth(46 * MIB, None, 51 * MIB, 51 * MIB, 40 * MIB)
    )
    assert memory_ratio(bot, floor) == (
        "memory at most: RSS the bot 229 MiB, the floor 51 MiB (4.5× the floor's); "
        "PSS the bot 150 MiB, the floor 40 MiB (3.8× the floor's)"
    )
    unknown = dataclasses.replace(floor, memory=Growth(46 * MIB, None, 51 * MIB, 51 * MIB))
    assert memory_ratio(bot, unknown) == (
        "memory at most: RSS the bot 229 MiB, the floor 51 MiB (4.5× the floor's)"
    )
    assert memory_ratio(bot, figures([], [0.1])) == "memory at most: not measured (no /proc)"


def test_a_starved_run_against_the_floor_is_not_a_result_and_has_no_ratio() -> None:
    bot = dataclasses.replace(
        figures([], [0.1] * 4), memory=Growth(145 * MIB, None, 225 * MIB, 229 * MIB, 150 * MIB)
    )
    floor = dataclasses.replace(
        bot, role="floor", memory=Growth(46 * MIB, None, 51 * MIB, 51 * MIB, 40 * MIB)
    )
    fed = floor_ratio(bot, floor)
    assert fed[0] == (
        "CPU per action with the rate limits off, after the warm-up: the bot 3750.0 ms, "
        "the floor 3750.0 ms (1.0× the floor's); 4 and 4 actions"
    )
    assert fed[1] == (
        "start-up CPU (from the process's start to the warm-up's end, left out of the "
        "above): the bot 4.00 s (the first 10.0 s, 0 clicks), the floor 4.00 s (the first "
        "10.0 s, 0 clicks)"
    )
    assert fed[2].endswith("PSS the bot 150 MiB, the floor 40 MiB (3.8× the floor's)")
    starved = floor_ratio(dataclasses.replace(bot, unanswered=2, restarts=1), floor)
    assert starved[0].startswith(
        "CPU per action with the rate limits off, after the warm-up: not a result: the "
        "bot's run was starved (2 clicks unanswered, 1 game started again for want of an "
        "answer); measured the bot"
    )
    assert "×" not in starved[0]
    assert starved[2] == (
        "memory at most: RSS the bot 229 MiB, the floor 51 MiB; PSS the bot 150 MiB, "
        "the floor 40 MiB (no ratio: not a result)"
    )
