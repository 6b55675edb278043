"""A server's seasons: each season's standings of a game, the seasons a server played,
and each season's end, owed its one announcement until that is recorded.

The rating runs on across seasons (as Board Game Arena's does); a season's standings are
what its rated games did: games played, wins, and the rating gained in it. The rating
gained is the sum of what each game did to the player's skill estimate (openskill's mu),
in the ladder's shown points (40 to one mu), not the change of the shown rating (mu - 3
sigma): that one also rises with every game as the uncertainty shrinks, which would rank
whoever played most rather than whoever played best.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime

from bot.features.seasons import queries as season_queries
from bot.features.seasons.queries import SeasonEntry
from bot.features.seasons.settings import calendar
from bot.features.seasons.windows import EPOCH, Season, Seasons
from bot.games.escaping import quoted
from bot.service.errors import ServiceError, slash
from bot.storage import settings_queries
from bot.storage.connection import Connection
from bot.storage.database import Database
from bot.storage.ratings import NEW_PLAYER, SHOWN_SCALE
from i18n import Message

SEASON_MIN_GAMES = 3
"""Rated games a player needs in a season to be ranked in it: one lucky game moves a
newcomer's rating most of all, so it would top a season otherwise."""
SHOWN_ENTRIES = 10
"""Players a season's standings show (and the asker's own line)."""
PODIUM = 3
ANNOUNCE_WITHIN = 7 * 24 * 3600.0
"""How long after its end a season's end is still announced: a bot that was down at
the end announces it when it is back, while a server that turns seasons on never gets
announcements of seasons long gone."""
NAP = 3600.0
"""Seconds between looks for ended seasons when none ends sooner: a server may have
turned seasons on meanwhile."""


@dataclass(frozen=True)
class SeasonStanding:
    """A player's place in a season, with its figures."""

    place: int
    """From 1; 0 for someone with too few games to be ranked."""
    entry: SeasonEntry

    @property
    def points(self) -> int:
        """The rating gained in the season, in the ladder's shown points."""
        return round(SHOWN_SCALE * self.entry.mu_change)

    @property
    def medalled(self) -> bool:
        """Whether it is on the podium: a medal is for rating gained, so whoever lost
        rating (or gained none) over the season ranks below it, however few played."""
        return 1 <= self.place <= PODIUM and self.points > 0


@dataclass(frozen=True)
class SeasonStandings:
    """A season's standings of a game in a server."""

    season: Season
    ranked: list[SeasonStanding]
    """The first ``SHOWN_ENTRIES`` ranked players, best first."""
    ranked_count: int
    unranked: int
    """Players with a rated game in the season but fewer than ``SEASON_MIN_GAMES``."""
    caller: SeasonStanding | None
    """The asker's own line, when they played in the season and are not shown above."""
    newcomers: list[SeasonStanding] = field(default_factory=list)
    """As many of the players not ranked yet (place 0) as fit under the ranked ones
    (``SHOWN_ENTRIES`` in all), in the same order."""

    @property
    def players(self) -> int:
        """Everyone with a rated game in the season."""
        return self.ranked_count + self.unranked


@dataclass(frozen=True)
class SeasonEnd:
    """A season of a game that ended in a server, its announcement still owed."""

    guild_id: int
    kind: str
    channel_id: int
    """Where the last rated game of it in the season was played from."""
    standings: SeasonStandings

    @property
    def key(self) -> str:
        """Names its one announcement."""
        start = int(self.standings.season.start)
        return f"season-end:{self.guild_id}:{self.kind}:{start}"


CURRENT = "current"
"""The ``season:`` value that means the season running now."""


class NoSeasons(ServiceError):
    """A season asked for in a server without seasons."""

    def __init__(self, command: str) -> None:
        super().__init__(
            Message(
                "This server has no seasons: its ladder runs on as one. Someone with "
                "Manage Server can start them with the seasons option of {settings}.",
                settings=slash(command, "settings"),
            )
        )


class NoSuchSeason(ServiceError):
    """A season typed that is no day, or one yet to come."""

    def __init__(self, asked: str) -> None:
        super().__init__(
            Message(
                "There is no season {season}: pick one from the list, or type a day in it "
                "like 2026-11-01.",
                season=quoted(asked),
            )
        )


def season_asked(seasons: Seasons, asked: str, now: float) -> Season | None:
    """The season ``asked`` names: ``CURRENT``, or any day in it (``2026-11-01``, as the
    list of seasons gives each); ``None`` when the server has no seasons."""
    current = seasons.at(now)
    if current is None:
        return None
    if asked.strip().lower() == CURRENT:
        return current
    try:
        day = date.fromisoformat(asked.strip())
    except ValueError:
        raise NoSuchSeason(asked) from None
    moment = datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()
    # Before the epoch no game was played, and a server's own dates begin no season there.
    if not EPOCH.timestamp() <= moment < (current.end or math.inf):
        raise NoSuchSeason(asked)
    return seasons.at(moment)


class SeasonService:
    """Each server's seasons of each game."""

    def __init__(self, database: Database, clock: Callable[[], float]) -> None:
        self._db = database
        self._clock = clock

    async def standings(
        self, guild_id: int, kind: str, season: Season, caller_id: int = 0
    ) -> SeasonStandings:
        """The season's standings of ``kind`` in the server."""
        return await self._db.read(
            lambda connection: _standings(connection, guild_id, kind, season, caller_id)
        )

    async def seasons_played(self, guild_id: int, kind: str, seasons: Seasons) -> list[Season]:
        """The server's seasons from the one of its first rated game of ``kind`` to the
        current one, newest first (the current one alone before any game; none when the
        server has no seasons)."""
        now = self._clock()
        first = await self._db.read(
            lambda connection: season_queries.first_rated_game(connection, guild_id, kind)
        )
        return seasons.between(now if first is None else min(first, now), now)

    async def ended_seasons(self) -> list[SeasonEnd]:
        """The seasons that ended lately in each server with seasons, of each game played
        in them, whose end is not announced yet, with their standings."""
        now = self._clock()
        guilds = await self._db.read(season_queries.guilds_with_seasons)
        ended = []
        for guild_id in guilds:
            ended += await self._db.read(functools.partial(_due, guild_id=guild_id, now=now))
        return ended

    async def announced(self, end: SeasonEnd) -> None:
        """The season's end is announced (or had nothing to announce: nobody was ranked)."""
        now = self._clock()
        start = end.standings.season.start
        await self._db.write(
            lambda connection: season_queries.record_announcement(
                connection, end.guild_id, end.kind, start, end.channel_id, now
            )
        )

    async def next_season_end(self) -> float:
        """When to look for ended seasons again: the soonest end of a season running now
        in any server, or after ``NAP``."""
        now = self._clock()
        guilds = await self._db.read(season_queries.guilds_with_seasons)
        soonest = now + NAP
        for guild_id in guilds:
            settings = await self._db.read(
                functools.partial(settings_queries.guild_settings, guild_id=guild_id)
            )
            current = calendar(settings).at(now)
            if current is not None and current.end is not None:
                soonest = min(soonest, current.end)
        return soonest


async def _standings(
    connection: Connection, guild_id: int, kind: str, season: Season, caller_id: int
) -> SeasonStandings:
    entries = await season_queries.season_entries(
        connection, guild_id, kind, season.start, season.end, NEW_PLAYER.mu
    )
    ranked = [e for e in entries if e.games >= SEASON_MIN_GAMES]
    standings = [SeasonStanding(place, entry) for place, entry in enumerate(ranked, start=1)]
    others = [SeasonStanding(0, e) for e in entries if e.games < SEASON_MIN_GAMES]
    shown = standings[:SHOWN_ENTRIES]
    newcomers = others[: SHOWN_ENTRIES - len(shown)]
    caller = None
    if all(s.entry.user_id != caller_id for s in (*shown, *newcomers)):
        caller = next((s for s in (*standings, *others) if s.entry.user_id == caller_id), None)
    return SeasonStandings(season, shown, len(ranked), len(others), caller, newcomers)


async def _due(connection: Connection, *, guild_id: int, now: float) -> list[SeasonEnd]:
    """The server's season that ended last, of each game with a rated game in it, unless
    announced already (or ended too long ago), with its standings."""
    settings = await settings_queries.guild_settings(connection, guild_id)
    seasons = calendar(settings)
    current = seasons.at(now)
    season = None if current is None else seasons.before(current)
    if season is None or season.end is None or now - season.end > ANNOUNCE_WITHIN:
        return []
    done = await season_queries.announced(connection, guild_id, season.start)
    channels = await season_queries.last_channels(connection, guild_id, season.start, season.end)
    return [
        SeasonEnd(
            guild_id, kind, channel_id, await _standings(connection, guild_id, kind, season, 0)
        )
        for kind, channel_id in sorted(channels.items())
        if kind not in done
    ]
