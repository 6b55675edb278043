"""Every game the platform hosts, found by its declaration (``bot.games.registration``):
each package under ``bot/games/`` declares its ``GAME`` and is found by walking the folder.
Loading it registers each game's rules with storage (``bot.storage.game_forms``), which
reads and writes every game's row through them.

``python -m bot.games.registry`` prints each game's folder name, one per line, in
order (the catalog script reads them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import cast

import bot.games
from bot.discovery import declared
from bot.games.analysis import Analyst
from bot.games.lessons import Lesson, Rule
from bot.games.registration import Registration
from bot.games.rules import AnyRules
from bot.storage.game_forms import UnknownGame, register

REGISTERED: tuple[Registration, ...] = tuple(
    declared(bot.games, "GAME", Registration, bot.games.ORDER).values()
)
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


@cache
def analyst_for(kind: str) -> Analyst:
    """The judge of the game ``kind``'s decisions, loaded the first time it is asked for
    (in the process that judges)."""
    game = registration_for(kind)
    return cast(Analyst, game.load(game.analyst))


@cache
def lessons_of() -> Mapping[str, tuple[Lesson, ...]]:
    """Every game's lessons (``bot.games.lessons``), by its kind, in the games' order;
    loaded the first time they are asked for."""
    return MappingProxyType(
        {game.kind: tuple(cast(Sequence[Lesson], game.load(game.lessons))) for game in REGISTERED}
    )


@cache
def taught_rules_of() -> Mapping[str, tuple[Rule, ...]]:
    """Every rule a real game of each game needs (``bot.games.lessons.Rule``), by its kind,
    in the games' order."""
    return MappingProxyType(
        {game.kind: tuple(cast(Sequence[Rule], game.load(game.taught))) for game in REGISTERED}
    )


if __name__ == "__main__":
    for registered in REGISTERED:
        print(registered.domain)
