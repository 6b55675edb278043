"""A feature's service that runs something of its own ends it when the bot stops: only the
services that define ``stop`` are called, and analysis's judges (which hints and drills
weigh with too) end with its service, whatever front ends the bot has."""

from __future__ import annotations

import pytest

from bot.features.analysis.judging import Judging
from bot.features.analysis.service import AnalysisService
from bot.service import GameService
from bot.service.feature_service import FeatureService
from tests.features.analysis.test_judging import played


async def test_only_the_services_that_run_something_are_stopped(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    stopped: list[str] = []

    async def base_stop(self: FeatureService) -> None:
        stopped.append(f"base {type(self).__name__}")

    async def analysis_stop(self: AnalysisService) -> None:
        stopped.append("analysis")

    monkeypatch.setattr(FeatureService, "stop", base_stop)
    monkeypatch.setattr(AnalysisService, "stop", analysis_stop)
    await service.stop_features()
    assert stopped == ["analysis"]


async def test_the_judges_end_with_the_analysis_service(service: GameService) -> None:
    reports = service.part(AnalysisService)
    assert isinstance(reports.judging, Judging)
    positions = [(move.before, move.seat) for move in played(6)[:2]]
    await service.reports.weighed("nuggets", positions)
    assert reports.judging.running
    await service.stop_features()
    assert not reports.judging.running
