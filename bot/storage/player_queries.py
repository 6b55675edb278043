"""A player's own settings, across servers (how their turn reaches them, their time zone,
quiet hours and time away, and the settings the features declare), their daily summary,
and the direct messages telling them it is their turn (one per game)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from bot.storage.connection import Connection, Row
from bot.storage.records import (
    DEFAULT_SUMMARY_HOUR,
    Away,
    DailySummary,
    Notify,
    PlayerSettings,
    QuietHours,
    TurnNotice,
)
from bot.storage.row_records import read_row
from bot.storage.shards import Shards
from bot.storage.stored_json import kept_text, kept_value

_SETTINGS = (
    "notify, locale, dms_closed, locale_chosen, time_zone, summary_hour, quiet_from, "
    "quiet_until, away_since, away_until"
)


async def player_settings(connection: Connection, user_id: int) -> PlayerSettings:
    """The player's settings (the defaults for one who never chose any); a value that no
    longer means anything reads as the default."""
    rows = list(
        await connection.fetch(
            f"SELECT {_SETTINGS} FROM player_settings WHERE user_id = ?", (user_id,)
        )
    )
    declared = {
        row["name"]: kept_value(row["value"])
        for row in await connection.fetch(
            "SELECT name, value FROM declared_player_settings WHERE user_id = ?", (user_id,)
        )
    }
    settings = _settings(rows[0]) if rows else PlayerSettings()
    return replace(settings, declared=MappingProxyType(declared))


def _settings(row: Row) -> PlayerSettings:
    try:
        notify = Notify(row["notify"])
    except ValueError:
        notify = Notify.CHANNEL
    locale = row["locale"] if isinstance(row["locale"], str) else None
    zone = row["time_zone"] if isinstance(row["time_zone"], str) else None
    hour = row["summary_hour"]
    start, end = row["quiet_from"], row["quiet_until"]
    quiet = None if start is None or end is None else QuietHours(int(start), int(end))
    since, until = row["away_since"], row["away_until"]
    away = None if since is None or until is None else Away(float(since), float(until))
    return PlayerSettings(
        notify,
        locale,
        bool(row["dms_closed"]),
        bool(row["locale_chosen"]),
        zone,
        int(hour) if isinstance(hour, int) else DEFAULT_SUMMARY_HOUR,
        quiet,
        away,
    )


async def save_choices(
    connection: Connection,
    user_id: int,
    settings: PlayerSettings,
    summary_due: float | None,
    declared: Mapping[str, str],
) -> None:
    """What the player chose: how their turn reaches them, in which language, their time
    zone, summary hour and quiet hours (their time away is ``set_away``'s), and the
    ``declared`` settings they chose now, by name; choosing anew tries their direct
    messages again. ``summary_due``: when their next daily summary is due, if they chose
    one."""
    quiet = settings.quiet
    await connection.execute(
        "INSERT INTO player_settings (user_id, notify, locale, dms_closed, locale_chosen, "
        "time_zone, summary_hour, quiet_from, quiet_until, summary_due) "
        "VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
        "notify = excluded.notify, locale = excluded.locale, dms_closed = 0, "
        "locale_chosen = excluded.locale_chosen, "
        "time_zone = excluded.time_zone, summary_hour = excluded.summary_hour, "
        "quiet_from = excluded.quiet_from, quiet_until = excluded.quiet_until, "
        "summary_due = excluded.summary_due",
        (
            user_id,
            settings.notify.value,
            settings.locale,
            int(settings.locale_chosen),
            settings.time_zone,
            settings.summary_hour,
            None if quiet is None else quiet.start,
            None if quiet is None else quiet.end,
            summary_due,
        ),
    )
    await connection.executemany(
        "INSERT INTO declared_player_settings (user_id, name, value) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id, name) DO UPDATE SET value = excluded.value",
        [(user_id, name, kept_text(value)) for name, value in sorted(declared.items())],
    )


async def follow_locale(connection: Connection, user_id: int, locale: str) -> None:
    """The player's Discord is in ``locale`` now: their direct messages follow it, unless
    they chose a language (a player who never chose anything has their row from here)."""
    await connection.execute(
        "INSERT INTO player_settings (user_id, locale) VALUES (?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale "
        "WHERE player_settings.locale_chosen = 0 AND (player_settings.locale IS NULL "
        "OR player_settings.locale <> excluded.locale)",
        (user_id, locale),
    )


async def set_away(connection: Connection, user_id: int, away: Away | None) -> None:
    """The player is away as ``away`` says (``None``: not away)."""
    await connection.execute(
        "INSERT INTO player_settings (user_id, away_since, away_until) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET away_since = excluded.away_since, "
        "away_until = excluded.away_until",
        (user_id, None if away is None else away.since, None if away is None else away.until),
    )


async def set_dms_closed(connection: Connection, user_id: int) -> bool:
    """Notes that the player's direct messages refused the bot; ``True`` the first time."""
    changed = await connection.execute(
        "UPDATE player_settings SET dms_closed = 1 WHERE user_id = ? AND dms_closed = 0",
        (user_id,),
    )
    return changed == 1


async def away_seats(connection: Connection, user_id: int) -> list[tuple[int, int, float | None]]:
    """The player's seats in open games, as (game, server, away until as the seat says)."""
    rows = await connection.fetch(
        "SELECT g.id, g.guild_id, s.away_until FROM games g JOIN seats s ON s.game_id = g.id "
        "WHERE s.user_id = ? AND g.status IN ('lobby', 'active') ORDER BY g.id",
        (user_id,),
    )
    return [
        (int(row["id"]), int(row["guild_id"]), _number_or_none(row["away_until"])) for row in rows
    ]


def _number_or_none(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) else None


async def aways_over(connection: Connection, now: float, shards: Shards) -> list[int]:
    """Open games of these shards where someone's time away has ended."""
    where, params = shards.where("g.guild_id")
    return await connection.ints(
        "SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id "
        f"WHERE g.status IN ('lobby', 'active') AND s.away_until <= ? AND {where} "
        "ORDER BY g.id",
        (now, *params),
    )


async def next_away_over(connection: Connection, after: float, shards: Shards) -> float | None:
    """When the earliest time away still to come in these shards' open games ends."""
    where, params = shards.where("g.guild_id")
    rows = list(
        await connection.fetch(
            "SELECT MIN(s.away_until) AS earliest FROM games g JOIN seats s "
            "ON s.game_id = g.id WHERE g.status IN ('lobby', 'active') "
            f"AND s.away_until > ? AND {where}",
            (after, *params),
        )
    )
    return _number_or_none(rows[0]["earliest"])


async def summaries_due(connection: Connection, now: float) -> list[DailySummary]:
    """The daily summaries due now, the earliest first."""
    rows = await connection.fetch(
        "SELECT user_id, summary_due, summary_channel_id, summary_message_id "
        "FROM player_settings WHERE summary_due <= ? ORDER BY summary_due",
        (now,),
    )
    return [
        DailySummary(
            int(row["user_id"]),
            float(row["summary_due"]),
            row["summary_channel_id"],
            row["summary_message_id"],
        )
        for row in rows
    ]


async def next_summary(connection: Connection, after: float) -> float | None:
    """When the earliest daily summary still to come is due."""
    rows = list(
        await connection.fetch(
            "SELECT MIN(summary_due) AS earliest FROM player_settings WHERE summary_due > ?",
            (after,),
        )
    )
    return _number_or_none(rows[0]["earliest"])


async def take_summary(connection: Connection, user_id: int, due: float, then: float) -> bool:
    """Takes the summary due at ``due`` to be sent (the next is due ``then``); ``False``
    when another process took it, or the player chose otherwise meanwhile."""
    changed = await connection.execute(
        "UPDATE player_settings SET summary_due = ? WHERE user_id = ? AND summary_due = ?",
        (then, user_id, due),
    )
    return changed == 1


async def keep_summary(
    connection: Connection, user_id: int, channel_id: int | None, message_id: int | None
) -> None:
    """The player's last daily summary is now this message (``None``: none is kept)."""
    await connection.execute(
        "UPDATE player_settings SET summary_channel_id = ?, summary_message_id = ? "
        "WHERE user_id = ?",
        (channel_id, message_id, user_id),
    )


async def turn_notices(connection: Connection, game_id: int) -> list[TurnNotice]:
    """The game's turn notices kept in its players' direct messages."""
    rows = await connection.fetch(
        "SELECT user_id, channel_id, message_id FROM turn_notices WHERE game_id = ? "
        "ORDER BY user_id",
        (game_id,),
    )
    return [read_row(TurnNotice, row, game_id=game_id) for row in rows]


async def keep_turn_notice(connection: Connection, notice: TurnNotice) -> None:
    """The player's turn notice for the game is now this message."""
    await connection.execute(
        "INSERT INTO turn_notices (game_id, user_id, channel_id, message_id) "
        "VALUES (?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET "
        "channel_id = excluded.channel_id, message_id = excluded.message_id",
        (notice.game_id, notice.user_id, notice.channel_id, notice.message_id),
    )


async def forget_turn_notice(connection: Connection, game_id: int, message_id: int) -> None:
    """The notice is gone (deleted, or found gone)."""
    await connection.execute(
        "DELETE FROM turn_notices WHERE game_id = ? AND message_id = ?", (game_id, message_id)
    )
