"""A replay's description (its alt text) reads as sentences, in every registered game."""

from __future__ import annotations

import re

import pytest

from bot.features.replays.discord.description import replay_description
from bot.games.registration import Registration
from bot.games.registry import rules_for
from bot.games.replay import Hold
from bot.storage import Result
from i18n import Language
from tests.games.test_contract import GAMES, LANGS
from tests.games.test_replay_chapters import replayed


@GAMES
@LANGS
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_replays_description_reads_as_sentences(
    game: Registration, lang: Language, seed: int
) -> None:
    """Its captions end with a stop of their own or none: the description never doubles
    one ("…are lost.; Bo rolled", "is lost.. The end")."""
    outcomes, replay = replayed(game.kind, seed, lang)
    last = outcomes[-1].game
    results = [
        Result(s.seat, s.user_id, s.display_name, st.won, st.place, False, {})
        for s, st in zip(last.seats, rules_for(game.kind).standings(last.state), strict=True)
    ]
    told = replay_description(last, "Game #1", replay.steps, results, lang)
    assert not re.search(r"[.!?]\s*[.;!?]", told), told
    assert any(step.hold is Hold.LONG for step in replay.steps)
