"""Every game the platform hosts, by kind (the rules half; ``bot.games.faces`` lists
their faces in Discord). A new game is a line here and one in ``faces``."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from bot.games.claim.game import CLAIM
from bot.games.claimit.game import CLAIMIT
from bot.games.gold_nuggets.game import NUGGETS
from bot.games.rules import AnyRules

GAMES: Mapping[str, AnyRules] = MappingProxyType(
    {game.kind: game for game in (CLAIMIT, NUGGETS, CLAIM)}
)


class UnknownGame(LookupError):
    """A kind no registered game has (a row from a newer bot, or a damaged one)."""


def rules_for(kind: str) -> AnyRules:
    try:
        return GAMES[kind]
    except KeyError:
        raise UnknownGame(f"no game is called {kind!r}") from None
