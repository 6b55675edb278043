"""A database of version 19 (as its release made it, on SQLite and PostgreSQL) upgrades
with every player's way to be invited and to hear of the games they follow kept, now
settings their features declare, and every other setting of theirs as it was; a player
who chose neither reads the defaults, and has no row of them."""

from __future__ import annotations

from pathlib import Path

from bot.service.feature_registry import discovered, player_settings_of
from bot.service.player_settings import PlayerSettingsService
from bot.storage import Database, Notify, PlayerSettings, QuietHours
from bot.storage.connection import Connection
from bot.storage.opening import open_database
from bot.storage.records import Away
from tests.bot.released_schema import postgres_holding, sqlite_holding
from tests.postgres_cluster import Cluster

BOTH, PLAIN, ROUNDS, BY_DM = 1, 2, 3, 4
SETTINGS_ROW = (
    "INSERT INTO player_settings (user_id, notify, locale, locale_chosen, time_zone, "
    "summary_hour, summary_due, quiet_from, quiet_until, away_since, away_until, "
    "invitations, following) VALUES ({})"
)
ROWS = [
    (BOTH, "dm", "de", 1, "Europe/Berlin", 18, None, 22, 7, None, None, "dm", "rounds"),
    (PLAIN, "channel", "en-US", 0, None, 18, None, None, None, None, None, "ping", "end"),
    (ROUNDS, "summary", "de", 0, "Asia/Tokyo", 7, 5000.0, None, None, None, None, "ping", "rounds"),
    (BY_DM, "both", "en-GB", 1, None, 18, None, None, None, 100.0, 9000.0, "dm", "end"),
]


def chosen(player: PlayerSettings) -> tuple[str, str]:
    """How ``player`` is invited and hears of the games they follow, as the features that
    declare the two settings read them (found as the core finds them)."""
    declared = {setting.name: setting for setting in player_settings_of(discovered()).settings}
    return declared["invitations"].of(player), declared["following"].of(player)


async def declared_rows(database: Database) -> set[tuple[int, str, str]]:
    async def reading(connection: Connection) -> set[tuple[int, str, str]]:
        rows = await connection.fetch("SELECT user_id, name, value FROM declared_player_settings")
        return {(int(row["user_id"]), row["name"], row["value"]) for row in rows}

    return await database.read(reading)


async def check_upgraded(target: str) -> None:
    database = await open_database(target)
    try:
        assert await declared_rows(database) == {
            (BOTH, "invitations", '"dm"'),
            (BOTH, "following", '"rounds"'),
            (ROUNDS, "following", '"rounds"'),
            (BY_DM, "invitations", '"dm"'),
        }, "the defaults need no row"
        players = PlayerSettingsService(database, lambda: 10_000.0)
        both = await players.get(BOTH)
        assert (both.notify, both.locale, both.locale_chosen) == (Notify.DM, "de", True)
        assert (both.time_zone, both.quiet) == ("Europe/Berlin", QuietHours(22, 7))
        assert chosen(both) == ("dm", "rounds")
        plain = await players.get(PLAIN)
        assert (plain.notify, plain.locale, plain.declared) == (Notify.CHANNEL, "en-US", {})
        assert chosen(plain) == ("ping", "end")
        rounds = await players.get(ROUNDS)
        assert (rounds.notify, rounds.summary_hour, rounds.time_zone) == (
            Notify.SUMMARY,
            7,
            "Asia/Tokyo",
        )
        assert chosen(rounds) == ("ping", "rounds")
        by_dm = await players.get(BY_DM)
        assert (by_dm.notify, by_dm.away) == (Notify.BOTH, Away(100.0, 9000.0))
        assert chosen(by_dm) == ("dm", "end")
        changed = await players.choose(BOTH, "de", declared={"invitations": "ping"})
        assert chosen(changed) == ("ping", "rounds") and changed.time_zone == "Europe/Berlin"
        again = await PlayerSettingsService(database, lambda: 10_000.0).get(BOTH)
        assert again == changed
    finally:
        await database.close()


async def test_a_sqlite_file_of_version_19_keeps_every_player_setting(tmp_path: Path) -> None:
    await check_upgraded(await sqlite_holding(tmp_path / "old.sqlite3", 19, [(SETTINGS_ROW, ROWS)]))


async def test_a_postgresql_database_of_version_19_keeps_every_player_setting(
    postgres: Cluster,
) -> None:
    await check_upgraded(
        await postgres_holding(await postgres.new_database(), 19, [(SETTINGS_ROW, ROWS)])
    )
