"""Whether an end-to-end run's figures are a result: what went unanswered in a run, and
requests per action far from the other side's."""

from __future__ import annotations

import collections

from bench.discord_requests import KindRequests
from bench.starved import lopsided, starvation, verdict


def kind(moves: int, **counts: int) -> KindRequests:
    return KindRequests(moves, 0, 1, 0, collections.Counter(counts), 0, 0)


def test_a_run_that_answered_everything_in_time_is_not_starved() -> None:
    assert starvation(0, 0, 0, 0) == []


def test_each_thing_left_unanswered_starves_a_run() -> None:
    assert starvation(3, 1, 0, 0) == [
        "3 clicks unanswered",
        "1 interaction answered after Discord's 3 s",
    ]
    assert starvation(0, 0, 2, 1) == ["2 games started again", "1 wait ran out"]


def test_requests_more_than_half_again_the_others_per_action_are_lopsided() -> None:
    floor = {"claim": kind(100, answers=100, edits=40)}
    # 59 edits against 40 is within 1.5×; 61 is beyond it.
    assert lopsided({"claim": kind(100, answers=100, edits=59)}, floor) == []
    assert lopsided({"claim": kind(100, answers=100, edits=61)}, floor) == [
        "claim edits 0.61 the bot, 0.40 the floor"
    ]
    # The floor far above the bot counts too.
    assert lopsided({"claim": kind(100, answers=100, edits=20)}, floor) == [
        "claim edits 0.20 the bot, 0.40 the floor"
    ]


def test_answers_put_off_and_followed_up_are_lopsided_from_none() -> None:
    floor = {"claimit": kind(200, answers=200)}
    assert lopsided({"claimit": kind(100, answers=100, **{"follow-ups": 30})}, floor) == [
        "claimit follow-ups 0.30 the bot, 0.00 the floor"
    ]


def test_a_few_requests_in_a_short_run_are_not_looked_at() -> None:
    # 0.04 against none per action: below what is noticed, whatever the ratio.
    floor = {"nuggets": kind(100, answers=100)}
    assert lopsided({"nuggets": kind(100, answers=100, deletes=4)}, floor) == []


def test_a_kind_one_side_did_not_play_is_not_compared() -> None:
    assert lopsided({"claim": kind(10, edits=10)}, {"claim": kind(0)}) == []
    assert lopsided({"claim": kind(10, edits=10)}, {}) == []


def test_the_verdict_names_every_side_starved_and_every_lopsided_request() -> None:
    assert verdict([], [], []) is None
    assert verdict(["3 clicks unanswered"], [], []) == (
        "not a result: the bot's run was starved (3 clicks unanswered)"
    )
    assert verdict(["1 wait ran out"], ["2 clicks unanswered"], ["claim edits 0.9, 0.4"]) == (
        "not a result: the bot's run was starved (1 wait ran out); the floor's run was "
        "starved (2 clicks unanswered); their requests per action differ by more than 1.5× "
        "(claim edits 0.9, 0.4)"
    )
