"""The two servers whose whole history the tests that compare two readings of a database
(one copied, or upgraded, from the other) play, and what both tests read back of them
alike: the ladders and the servers' settings."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.features.ladder.service import LadderService
from bot.service import GameService, GuildSettingsService
from bot.storage import Database, GuildSettings, RatingChange, Result
from tests.bot.readings import Ladder, game_ids, read_ladder

HOME, AWAY = 10, 11
"""The two servers."""


@dataclass(frozen=True)
class Ladders:
    """The results and what the ladders made of them."""

    results: dict[int, list[Result]]
    rating_changes: dict[int, list[RatingChange]]
    per_game: dict[tuple[int, str], Ladder]
    """Per server and game."""


async def read_ladders(database: Database, kinds: Iterable[str]) -> Ladders:
    """Every game's results and rating changes, and both servers' ladders of ``kinds``."""
    service = GameService(database)
    ladder = service.part(LadderService)
    ids = await game_ids(database)
    return Ladders(
        results={i: await service.history.results(i) for i in ids},
        rating_changes={i: await ladder.rating_changes(i) for i in ids},
        per_game={
            (guild, kind): await read_ladder(ladder, guild, kind)
            for guild in (HOME, AWAY)
            for kind in kinds
        },
    )


async def read_settings(database: Database) -> dict[int, GuildSettings]:
    """Both servers' settings."""
    return {guild: await GuildSettingsService(database).get(guild) for guild in (HOME, AWAY)}
