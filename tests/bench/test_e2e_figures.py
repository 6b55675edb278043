"""The end-to-end bench's rate-limit figures, worked out from a small request log and a
few table states made up here."""

from __future__ import annotations

import math

import pytest

from bench.discord_requests import channel_peaks, outside_interactions
from bench.table_watch import Shown, moves_shown, table_lags
from emulator import LoggedRequest

POST = "POST /channels/{channel}/messages"
EDIT = "PATCH /channels/{channel}/messages/{message}"
DELETE = "DELETE /channels/{channel}/messages/{message}"
CALLBACK = "POST /interactions/{id}/{token}/callback"
ANSWER_EDIT = "PATCH /webhooks/{app}/{token}/messages/{message}"
HISTORY = "GET /channels/{channel}/messages"
COMMANDS = "PUT /applications/{app}/commands"

LOG = [
    LoggedRequest(-1.0, EDIT, 1, 200),  # before the first click: left out
    LoggedRequest(-1.0, COMMANDS, None, 200),
    *(LoggedRequest(float(at), EDIT, 1, 200) for at in range(5)),
    LoggedRequest(4.5, EDIT, 1, 429),  # refused: not made
    LoggedRequest(2.5, DELETE, 1, 204),
    LoggedRequest(5.0, EDIT, 1, 200),  # 0.0 has left the window
    LoggedRequest(10.0, POST, 1, 200),
    LoggedRequest(10.5, POST, 1, 200),
    LoggedRequest(16.0, POST, 1, 200),
    *(LoggedRequest(at, POST, 2, 200) for at in (20.0, 21.0, 22.0)),
    LoggedRequest(1.0, CALLBACK, 1, 204),
    LoggedRequest(1.5, ANSWER_EDIT, 1, 200),
    LoggedRequest(3.0, HISTORY, 1, 200),
]


def test_channel_peaks_count_each_bucket_and_all_three_in_a_sliding_window() -> None:
    assert channel_peaks(LOG, since=0.0) == {"posts": 3, "edits": 5, "deletes": 1, "all": 6}


def test_requests_outside_interactions_leave_out_callbacks_webhooks_and_429s() -> None:
    # 6 edits, 1 delete, 6 posts and the history read; the commands before the start.
    assert len(outside_interactions(LOG, since=0.0)) == 14
    assert len(outside_interactions(LOG, since=-1.0)) == 16


def test_a_move_counts_as_shown_once_its_table_shows_it_or_a_later_one() -> None:
    commits = [1.0, 2.0, 3.0, 4.0]
    # Out of order, and a first turn showing no move: the third move skips the second.
    shown = [(3.5, 3), (1.25, 0), (1.5, 1), (6.0, 2)]
    assert table_lags(commits, shown) == [0.5, 1.5, 0.5, math.inf]


LINES = ["A rolls 3.", "B rolls 5.", "A stops.", "B busts.", "A rolls 2. " + "x" * 10 + "…"]


def table(headline: str, *log: str) -> Shown:
    logged = ("\n".join(f"-# {said}" for said in log),) if log else ()
    return Shown(0.0, (f"### Game #1\n{headline}\n\nB: roll the dice.", *logged), final=False)


@pytest.mark.parametrize(
    ("shown", "at_least", "count"),
    [
        (table("The game begins."), 0, None),
        (table("A rolls 3."), 0, 1),
        (table("B busts.", "B rolls 5.", "A stops.", "A rolls 3."), 0, None),  # log out of order
        (table("B busts.", "A rolls 3.", "B rolls 5.", "A stops."), 0, 4),
        (table("B busts.", "A rolls 3.", "B rolls 5.", "A stops."), 5, None),
        # The log's line was cut to its length; the headline is whole.
        (table("A rolls 2. " + "x" * 30, "B rolls 5.", "A stops.", "B busts."), 0, 5),
        (Shown(0.0, ("A rolls 2.",), final=True), 0, 5),
    ],
)
def test_a_table_shows_the_moves_its_headline_and_log_name(
    shown: Shown, at_least: int, count: int | None
) -> None:
    assert moves_shown(shown, LINES, at_least) == count
