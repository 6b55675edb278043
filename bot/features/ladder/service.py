"""Each server's ladder: the leaderboard, stats and history, and recounting a server.

A game is counted once, in the transaction that finishes it (``count_game``, the
ladder's hook). Recounting a server clears its records and counts every finished game
again, oldest first, with the same function, so it arrives at the same ladder.
"""

from __future__ import annotations

import functools
import logging
import math
from dataclasses import dataclass

from bot.features.ladder import queries as ladder_queries
from bot.features.ladder.counting import count_game
from bot.games.registry import rules_for
from bot.service.feature_service import FeatureService
from bot.service.game_parts import turn_figures
from bot.storage import game_queries, move_queries, rating_queries
from bot.storage.connection import Connection
from bot.storage.ratings import Rating
from bot.storage.records import FinishedGame, LadderEntry, PlayerRecord, RatingChange
from bot.storage.sqlite import scratch_database, scratch_transaction

log = logging.getLogger(__name__)

PAGE_SIZE = 10
TREND_GAMES = 10
"""A trend shows how the rating moved over a player's last ten rated games."""
HISTORY_GAMES = 10


@dataclass(frozen=True)
class Leaderboard:
    """One page of a server's ladder of a game, with the caller's own line when it is elsewhere."""

    entries: list[LadderEntry]
    page: int
    """1 for the top ten."""
    pages: int
    players: int
    """Everyone on the ladder (players with a rated game here)."""
    caller: LadderEntry | None
    """The caller's own line when it is not on this page."""


@dataclass(frozen=True)
class PlayerStats:
    """A player's record in a server, with their place and how their rating went."""

    record: PlayerRecord
    place: int | None
    """On the ladder; ``None`` before their first rated game."""
    players: int
    trend: list[Rating]
    """Their rating after each of their last rated games, oldest first (one more than
    ``TREND_GAMES``, so that the first shows where the trend starts)."""


class LadderService(FeatureService):
    """The servers' ladders: pages, stats, history, dice, and a recompute from the stored
    games (each finished game is counted as it ends, by the ladder's hook)."""

    async def leaderboard(
        self, guild_id: int, kind: str, caller_id: int, page: int = 1
    ) -> Leaderboard:
        """A page of the server's ladder of a game; a page past the end shows the last one."""

        async def reading(connection: Connection) -> Leaderboard:
            players = await ladder_queries.ladder_size(connection, guild_id, kind)
            pages = max(1, math.ceil(players / PAGE_SIZE))
            shown = min(max(page, 1), pages)
            entries = await ladder_queries.ladder_page(
                connection, guild_id, kind, (shown - 1) * PAGE_SIZE, PAGE_SIZE
            )
            caller = None
            if all(e.user_id != caller_id for e in entries):
                caller = await _entry(connection, guild_id, kind, caller_id)
            return Leaderboard(entries, shown, pages, players, caller)

        return await self._db.read(reading)

    async def stats(self, guild_id: int, kind: str, user_id: int) -> PlayerStats | None:
        """A player's record of a game in this server; ``None`` if they never finished one
        here."""

        async def reading(connection: Connection) -> PlayerStats | None:
            record = await ladder_queries.player_record(connection, guild_id, kind, user_id)
            if record is None:
                return None
            place = await ladder_queries.ladder_place(connection, guild_id, kind, user_id)
            players = await ladder_queries.ladder_size(connection, guild_id, kind)
            trend = await ladder_queries.recent_ratings(
                connection, guild_id, kind, user_id, TREND_GAMES + 1
            )
            return PlayerStats(record, place, players, trend)

        return await self._db.read(reading)

    async def dice(self, guild_id: int, kind: str) -> list[int]:
        """How often each face of the game's dice (``GameRules.dice``) came up in the
        server's finished games, in that order."""
        faces = rules_for(kind).dice
        return await self._db.read(
            lambda connection: ladder_queries.dice_rolled(connection, guild_id, kind, faces)
        )

    async def history(
        self, guild_id: int, kind: str, limit: int = HISTORY_GAMES
    ) -> list[FinishedGame]:
        """The server's last finished games of ``kind``, newest first."""
        return await self._db.read(
            lambda connection: ladder_queries.recent_games(connection, guild_id, kind, limit)
        )

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        """What a finished game did to each human's rating."""
        return await self._db.read(
            lambda connection: rating_queries.rating_changes(connection, game_id)
        )

    async def recompute(self, guild_id: int, kind: str) -> int:
        """Rebuilds a server's ladder of a game from its finished games; returns how many
        it counted.

        The games are counted apart, on a scratch database in memory with the same
        code that counts a finishing game, while the file's writer stays free; one
        short write then swaps the ladder in and counts on top of it whatever game
        finished in the meantime."""
        games = await self._db.read(
            lambda connection: ladder_queries.finished_games(connection, guild_id, kind)
        )
        unrated = await self._db.read(
            lambda connection: ladder_queries.unrated_games(connection, guild_id, kind)
        )
        async with scratch_database() as scratch:
            async with scratch_transaction(scratch):
                await ladder_queries.add_game_stubs(scratch, games)
                for game_id in unrated:
                    await rating_queries.mark_unrated(scratch, game_id)
                for game in games:
                    await count_game(scratch, game)
            ladder = await ladder_queries.ladder_rows(scratch, guild_id, kind)
            counted = await ladder_queries.counted_flags(scratch)

        async def swapping(connection: Connection) -> int:
            await connection.lock("ladder", guild_id, kind)
            await ladder_queries.forget_ladder(connection, guild_id, kind)
            await ladder_queries.put_ladder_rows(connection, ladder)
            await ladder_queries.set_counted_flags(connection, counted)
            since = games[-1].finish_seq if games else 0
            later = await ladder_queries.finished_games(connection, guild_id, kind, after=since)
            for game in later:
                await count_game(connection, game)
            return len(later)

        return len(games) + await self._db.write(swapping)

    async def count_old_games(self) -> int:
        """Counts finished games from before the ladder existed: fills in their turn
        figures from the move logs, then rebuilds the servers they were played in."""
        uncounted = await self._db.read(
            lambda connection: ladder_queries.uncounted_games(connection)
        )
        for _, _, game_id in uncounted:
            await self._db.write(functools.partial(_fill_turn_figures, game_id=game_id))
        for guild_id, kind in sorted({(guild, kind) for guild, kind, _ in uncounted}):
            await self.recompute(guild_id, kind)
        if uncounted:
            log.info("counted %d finished games from before the ladder", len(uncounted))
        return len(uncounted)


async def _entry(
    connection: Connection, guild_id: int, kind: str, user_id: int
) -> LadderEntry | None:
    place = await ladder_queries.ladder_place(connection, guild_id, kind, user_id)
    record = await ladder_queries.player_record(connection, guild_id, kind, user_id)
    if place is None or record is None or record.rating is None:
        return None
    return LadderEntry(
        place,
        user_id,
        record.display_name,
        record.rating,
        record.games,
        record.wins,
        record.figures,
        record.rated_games,
    )


async def _fill_turn_figures(connection: Connection, *, game_id: int) -> None:
    game = await game_queries.load_game(connection, game_id)
    assert game is not None
    try:
        figures = turn_figures(game, await move_queries.load_moves(connection, game_id))
    except Exception as e:
        # Damaged data costs only the turn figures; the result still counts.
        log.warning("game %s: move log unreadable (%s), no turn figures", game_id, e)
        return
    await ladder_queries.add_result_figures(connection, game_id, figures)
