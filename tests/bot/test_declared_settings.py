"""A server setting and a player setting are read and checked the one way (``Declared``):
a value kept is read by its declaration, one no longer readable (a setting changed its
kind, a choice withdrawn, a damaged row) is the default, and a setting no feature
declares is refused by name."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from bot.features.following.settings import FOLLOWING, Following
from bot.features.takebacks.settings import TAKEBACKS, TakebackMode
from bot.service.declared_settings import DeclaredSettings, FeatureSettings
from bot.storage import GuildSettings, PlayerSettings


def test_a_server_and_a_player_setting_read_what_is_kept_or_else_their_default() -> None:
    for kept, read in (("always", TakebackMode.ALWAYS), ("sometimes", TakebackMode.UNRATED)):
        settings = GuildSettings(declared=MappingProxyType({"takebacks": kept}))
        assert TAKEBACKS.of(settings) is read, kept
    for kept, followed in (("rounds", Following.ROUNDS), ("weekly", Following.END)):
        chosen = PlayerSettings(declared=MappingProxyType({"following": kept}))
        assert FOLLOWING.of(chosen) is followed, kept
    assert TAKEBACKS.of(GuildSettings()) is TakebackMode.UNRATED
    assert FOLLOWING.of(PlayerSettings()) is Following.END
    assert TAKEBACKS.kept_as(["always"]) is TakebackMode.UNRATED
    assert FOLLOWING.kept_as(["rounds"]) is Following.END


def test_a_server_setting_no_feature_declares_is_refused_by_name() -> None:
    declared = DeclaredSettings((FeatureSettings((TAKEBACKS,)),))
    assert declared.changed(GuildSettings(), {"takebacks": "never"}) == {"takebacks": "never"}
    assert declared.changed(GuildSettings(), {"takebacks": None}) == {}, "None keeps it"
    with pytest.raises(KeyError, match="no feature declares a server setting 'font'"):
        declared.changed(GuildSettings(), {"font": "serif"})
