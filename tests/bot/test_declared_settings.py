"""A server setting and a player setting are read and checked the one way (``Declared``):
a value kept is read by its declaration, one no longer readable (a setting changed its
kind, a choice withdrawn, a damaged row) is the default, and a setting no feature
declares is refused by name."""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType

import pytest

from bot.service.declared_player_settings import player_choice
from bot.service.declared_settings import DeclaredSettings, FeatureSettings, one_of, switch
from bot.storage import GuildSettings, PlayerSettings


class Pace(StrEnum):
    CALM = "calm"
    BRISK = "brisk"


PACE = one_of("pace", "How fast a server's games go", {Pace.CALM: "calm", Pace.BRISK: "brisk"})
"""A server setting of no feature's: the core needs none to keep and read one."""
SHADE = player_choice(
    "shade",
    "The shade of your cards",
    "Shade",
    {Pace.CALM: ("light", ""), Pace.BRISK: ("dark", "")},
)
"""A player setting of no feature's."""


def test_a_server_and_a_player_setting_read_what_is_kept_or_else_their_default() -> None:
    for kept, read in (("brisk", Pace.BRISK), ("sometimes", Pace.CALM)):
        settings = GuildSettings(declared=MappingProxyType({"pace": kept}))
        assert PACE.of(settings) is read, kept
        chosen = PlayerSettings(declared=MappingProxyType({"shade": kept}))
        assert SHADE.of(chosen) is read, kept
    assert PACE.of(GuildSettings()) is Pace.CALM
    assert SHADE.of(PlayerSettings()) is Pace.CALM
    assert PACE.kept_as(["brisk"]) is Pace.CALM
    assert SHADE.kept_as(["brisk"]) is Pace.CALM


def test_a_server_setting_no_feature_declares_is_refused_by_name() -> None:
    declared = DeclaredSettings((FeatureSettings((PACE,)),))
    assert declared.changed(GuildSettings(), {"pace": "brisk"}) == {"pace": "brisk"}
    assert declared.changed(GuildSettings(), {"pace": None}) == {}, "None keeps it"
    with pytest.raises(KeyError, match="no feature declares a server setting 'font'"):
        declared.changed(GuildSettings(), {"font": "serif"})


def test_a_switch_is_kept_as_given_and_a_kept_value_no_switch_is_its_default() -> None:
    sound = switch("sound", "Whether a server's games make a sound", default=True)
    declared = DeclaredSettings((FeatureSettings((sound,)),))
    assert declared.changed(GuildSettings(), {"sound": False}) == {"sound": False}
    assert sound.kind is bool
    for kept, read in ((False, False), (True, True), ("off", True), (0, True)):
        assert sound.of(GuildSettings(declared=MappingProxyType({"sound": kept}))) is read, kept
