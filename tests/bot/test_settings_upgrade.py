"""A database of version 18 (as its release made it, on SQLite and PostgreSQL) upgrades
with every server's minimum reliability, take-backs and seasons kept, now settings their
features declare; a server that chose none of them reads the defaults."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from bot.service import GuildSettingsService
from bot.service.feature_registry import discovered, settings_of
from bot.storage import GuildSettings
from bot.storage.opening import open_database
from tests.bot.released_schema import postgres_holding, sqlite_holding
from tests.postgres_cluster import Cluster

CHOSEN, PLAIN, QUARTERLY = 10, 11, 12
SETTINGS_ROW = (
    "INSERT INTO guild_settings (guild_id, turn_timeout, lobby_timeout, threads, "
    "bots_allowed, min_reliability, takebacks, seasons, season_dates) VALUES ({})"
)
ROWS = [
    (CHOSEN, 600, 1800, 0, 1, 70, "always", "dates", "2026-01-01, 2026-04-15"),
    (PLAIN, 300, 1800, 1, 0, None, "unrated", "off", ""),
    (QUARTERLY, 600, 1800, 0, 1, None, "never", "quarterly", "2026-02-01"),
]


def kept(server: GuildSettings) -> tuple[object, ...]:
    """A server's minimum reliability, take-backs, seasons and season dates, as the
    features that declare them read them (found as the core finds them)."""
    declared = {setting.name: setting for setting in settings_of(discovered()).settings}
    names = ("reliability", "takebacks", "seasons", "season_dates")
    return tuple(declared[name].of(server) for name in names)


async def check_upgraded(target: str) -> None:
    database = await open_database(target)
    try:
        settings = GuildSettingsService(database)
        chosen = await settings.get(CHOSEN)
        assert kept(chosen) == (70, "always", "dates", (date(2026, 1, 1), date(2026, 4, 15)))
        plain = await settings.get(PLAIN)
        assert (plain.turn_timeout, plain.threads, plain.bots_allowed) == (300, True, False)
        assert plain.declared == {}
        assert kept(plain) == (None, "unrated", "off", ())
        quarterly = await settings.get(QUARTERLY)
        # The dates are kept for later.
        assert kept(quarterly) == (None, "never", "quarterly", (date(2026, 2, 1),))
        changed = await settings.change(CHOSEN, declared={"reliability": 0})
        assert kept(changed)[:2] == (None, "always")
    finally:
        await database.close()


async def test_a_sqlite_file_of_version_18_keeps_every_setting(tmp_path: Path) -> None:
    await check_upgraded(await sqlite_holding(tmp_path / "old.sqlite3", 18, [(SETTINGS_ROW, ROWS)]))


async def test_a_postgresql_database_of_version_18_keeps_every_setting(postgres: Cluster) -> None:
    await check_upgraded(
        await postgres_holding(await postgres.new_database(), 18, [(SETTINGS_ROW, ROWS)])
    )
