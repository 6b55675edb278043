"""What a feature needs of another is declared, and checked at the start: hints and drills
read analysis's reports, and a bot without analysis refuses to start, naming them."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot import command_line
from bot.discovery import declared
from bot.feature_folders import FOLDER, ORDER
from bot.service import feature_registry
from bot.service.feature_registry import Feature, Role, UnmetNeeds, check_needs


def features_but(*left_out: str) -> dict[str, Feature]:
    """The bot's features by name, without those ``left_out``."""
    every = declared(FOLDER, "FEATURE", Feature, ORDER)
    return {name: feature for name, feature in every.items() if name not in left_out}


def test_every_need_of_the_bots_features_is_met() -> None:
    check_needs(features_but())
    needing = [name for name, feature in features_but().items() if Role.REPORTS in feature.needs]
    assert needing == ["hints", "drills"]


def test_without_analysis_hints_and_drills_are_named() -> None:
    with pytest.raises(UnmetNeeds) as refused:
        check_needs(features_but("analysis"))
    assert str(refused.value) == (
        "the features can't start: hints and drills need reports, which no feature "
        "provides (put back the feature that does)"
    )


def test_one_feature_in_need_and_two_providers() -> None:
    with pytest.raises(UnmetNeeds) as refused:
        check_needs({"hints": Feature(needs=(Role.REPORTS,))})
    assert str(refused.value).startswith("the features can't start: hints needs reports,")
    twice = {
        "analysis": Feature(provides=(Role.REPORTS,)),
        "copy": Feature(provides=(Role.REPORTS,)),
    }
    with pytest.raises(UnmetNeeds, match="analysis and copy each provide reports"):
        check_needs(twice)


def test_the_bot_without_analysis_refuses_to_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def without_analysis(
        folder: object, name: str, kind: type[Feature], order: Sequence[str] = ()
    ) -> dict[str, Feature]:
        return features_but("analysis")

    monkeypatch.setattr(feature_registry, "declared", without_analysis)
    # Neither the bot nor the sandbox gets as far as its settings.
    monkeypatch.setattr(command_line, "Settings", None)
    assert command_line.main(["--sandbox"]) == 1
    assert capsys.readouterr().err == (
        "claimit: the features can't start: hints and drills need reports, which no "
        "feature provides (put back the feature that does)\n"
    )
