"""A player's reliability as a number: new players at the neutral 80 %, finishing raising
it, an abandonment lowering it more, finished games bringing it back, and the whole
percentage shown (and judged) rounded down."""

from __future__ import annotations

import pytest

from bot.features.reliability.queries import ReliabilityRecord
from bot.features.reliability.service import NEUTRAL, Reliability, percent, share


def record(finished: int = 0, abandoned: int = 0) -> ReliabilityRecord:
    return ReliabilityRecord(finished + abandoned, finished, abandoned)


def test_a_new_player_is_new_at_the_neutral_value() -> None:
    new = Reliability(ReliabilityRecord())
    assert new.is_new and new.percent == 80 and share(new.record) == NEUTRAL
    started_only = Reliability(ReliabilityRecord(started=3))
    assert started_only.is_new and started_only.percent == 80
    assert not Reliability(record(finished=1)).is_new
    assert not Reliability(record(abandoned=1)).is_new


def test_five_finished_games_climb_from_80_to_100_and_stay() -> None:
    assert [percent(record(finished=n)) for n in range(8)] == [80, 84, 88, 92, 96, 100, 100, 100]


def test_an_abandonment_weighs_three_games_and_finished_games_bring_it_back() -> None:
    assert percent(record(abandoned=1)) == 45
    assert [percent(record(finished=n, abandoned=1)) for n in (1, 5, 10, 20, 30, 50)] == [
        48,
        62,
        76,
        86,
        90,
        94,
    ]
    assert percent(record(finished=10, abandoned=10)) == 25
    assert percent(record(abandoned=5)) == 0


@pytest.mark.parametrize("finished", range(0, 120, 7))
@pytest.mark.parametrize("abandoned", range(0, 40, 3))
def test_finishing_raises_and_leaving_lowers_more_above_a_quarter(
    finished: int, abandoned: int
) -> None:
    now = share(record(finished, abandoned))
    raised = share(record(finished + 1, abandoned)) - now
    lowered = now - share(record(finished, abandoned + 1))
    assert raised >= 0 and lowered >= 0
    assert raised > 0 or (abandoned == 0 and finished >= 5)
    assert lowered > 0 or now == 0
    if now > 0.25:
        assert lowered > raised


def test_the_whole_percentage_is_rounded_down() -> None:
    # 3.2 / 7 = 45.7 %: shown, and judged, as 45.
    assert percent(record(abandoned=1)) == 45
    # 29 / 32 = 90.6 %
    assert percent(record(finished=29, abandoned=1)) == 90
