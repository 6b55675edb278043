"""Whether a game's players hold secrets is what the protocol says of its rules, asked
of each game's class once."""

from __future__ import annotations

from bot.games.registry import GAMES
from bot.games.rules import HiddenInformation, hides


def test_only_a_game_whose_players_hold_secrets_hides() -> None:
    told = {kind: hides(rules) for kind, rules in GAMES.items()}
    assert told == {kind: isinstance(rules, HiddenInformation) for kind, rules in GAMES.items()}
    assert told["claim"] and not told["claimit"]
    assert not hides(object())
