"""The fast Claim bench's core on short games: four players each press as soon as their
hand offers a move, against the real bot in its own process, with the local Discord's
rate limits kept on in windows a hundred times shorter (``QUICK_LIMITS``). Only facts
are checked (the bench prints the times): every game ends, no press its hand offered is
refused as someone else's turn, nothing is answered 429, and each channel keeps to its
buckets. The buckets' arithmetic is checked on a small made-up request log too."""

from __future__ import annotations

import collections
import math

import pytest

from bench.fast_claim import bucket_peaks, run
from emulator import DISCORD_RATE_LIMITS, LoggedRequest, Window
from tests.quick_limits import QUICK_LIMITS

GAMES = 2
"""Games at once, a channel each: a show of one that the other's pictures slow down
meets its players' next presses."""
THINK = 0.002
"""Seconds a player thinks: they press as soon as their hand offers a move, so that a
hand shown late meets a press at once."""


@pytest.mark.e2e
async def test_fast_games_end_with_every_offered_press_taken_within_discords_limits() -> None:
    figures = await run(GAMES, THINK, math.inf, QUICK_LIMITS)
    assert figures.finished == GAMES
    assert figures.committed == len(figures.of_kind("applied"))
    assert figures.budget.rate_limited == 0, figures.budget.refused
    for what, (peak, window) in figures.buckets.items():
        # A bucket's window resets at fixed times: a sliding one holds up to twice it.
        assert peak <= 2 * window.limit, (what, peak, window)
    # Each press came from a hand offering it at that moment: the hand said it was the
    # presser's turn.
    refused = collections.Counter((p.player, p.refusal) for p in figures.of_kind("not your turn"))
    assert not refused, f"{refused.total()} of {len(figures.presses)} presses: {dict(refused)}"


POST = "POST /channels/{channel}/messages"
EDIT = "PATCH /channels/{channel}/messages/{message}"
DELETE = "DELETE /channels/{channel}/messages/{message}"

LOG = [
    LoggedRequest(-1.0, POST, 1, 200),  # before the first click: left out
    *(LoggedRequest(at, POST, 1, 200) for at in (0.0, 1.0, 2.0, 3.0, 4.9)),
    LoggedRequest(4.95, POST, 1, 429),  # refused: not made
    LoggedRequest(5.0, POST, 1, 200),  # 0.0 has left the window
    *(LoggedRequest(at, DELETE, 1, 204) for at in (0.0, 0.5, 0.99, 1.0)),
    *(LoggedRequest(at, EDIT, 2, 200) for at in (10.0, 11.0)),
    LoggedRequest(12.0, "POST /interactions/{id}/{token}/callback", 2, 204),
]


def test_each_kind_is_counted_in_its_own_buckets_window_per_channel() -> None:
    limits = DISCORD_RATE_LIMITS
    assert bucket_peaks(LOG, 0.0, limits) == {
        "posts": (5, Window(5, 5.0)),
        "edits": (2, Window(5, 5.0)),
        "deletes": (3, Window(5, 1.0)),
    }
