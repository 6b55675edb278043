"""Every game the platform hosts, found by its declaration (``bot.games.registration``):
each package under ``bot/games/`` declares its ``GAME``, and nothing else lists them.
Loading it registers each game's rules with storage (``bot.storage.game_forms``), which
reads and writes every game's row through them.

``python -m bot.games.registry`` prints each game's folder name, one per line, in
order (the catalog script reads them).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from types import MappingProxyType, ModuleType
from typing import cast

import bot.games
from bot.games.registration import Registration
from bot.games.rules import AnyRules
from bot.storage.game_forms import UnknownGame, register


class NotAGame(TypeError):
    """A package under ``bot/games/`` that declares no ``GAME``."""


def discovered(games: ModuleType) -> tuple[Registration, ...]:
    """The registrations of the packages in ``games``, in the order games are listed."""
    found = []
    for module in pkgutil.iter_modules(games.__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{games.__name__}.{module.name}")
        game = getattr(package, "GAME", None)
        if not isinstance(game, Registration):
            raise NotAGame(f"{package.__name__} declares no GAME = Registration(...)")
        found.append(game)
    return tuple(sorted(found, key=lambda game: game.position))


REGISTERED: tuple[Registration, ...] = discovered(bot.games)
"""Every game, in the order games are listed."""

REGISTRATIONS: Mapping[str, Registration] = MappingProxyType(
    {game.kind: game for game in REGISTERED}
)

GAMES: Mapping[str, AnyRules] = MappingProxyType(
    {game.kind: cast(AnyRules, game.load(game.rules)) for game in REGISTERED}
)
for kind, rules in GAMES.items():
    register(kind, rules)


def registration_for(kind: str) -> Registration:
    """The registration of the game ``kind``, refused (``UnknownGame``) for any other."""
    try:
        return REGISTRATIONS[kind]
    except KeyError:
        raise UnknownGame(f"no game is called {kind!r}") from None


def rules_for(kind: str) -> AnyRules:
    """The rules of the game ``kind``, refused (``UnknownGame``) for any other."""
    return GAMES[registration_for(kind).kind]


if __name__ == "__main__":
    for registered in REGISTERED:
        print(registered.domain)
