"""A server's settings: how its games run, where they may, each game's default rule
options."""

from __future__ import annotations

import contextlib
import json
from types import MappingProxyType
from typing import Any

from bot.storage.connection import Connection
from bot.storage.game_forms import UnknownGame, form_for
from bot.storage.game_rows import read_options
from bot.storage.game_values import Options
from bot.storage.records import AwayMode, GuildSettings, PingMode
from bot.storage.stored_json import json_text, kept_text
from i18n import supported


async def guild_settings(connection: Connection, guild_id: int) -> GuildSettings:
    """The server's settings (the defaults for a server that never changed any); a game's
    default options that no longer fit it, or of a game no longer registered, are left
    out."""
    rows = list(
        await connection.fetch(
            "SELECT turn_timeout, lobby_timeout, threads, bots_allowed, language, "
            "move_table, ping_mode, ping_delay, away_mode, away_days "
            "FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
    )
    channels = frozenset(
        int(row["channel_id"])
        for row in await connection.fetch(
            "SELECT channel_id FROM game_channels WHERE guild_id = ?", (guild_id,)
        )
    )
    defaults: dict[str, Options] = {}
    for row in await connection.fetch(
        "SELECT kind, options FROM game_defaults WHERE guild_id = ?", (guild_id,)
    ):
        kind = row["kind"]
        try:
            form = form_for(kind)
        except UnknownGame:
            continue
        options, why = read_options(form, row["options"])
        if why is None:
            defaults[kind] = options
    declared: dict[str, Any] = {}
    for row in await connection.fetch(
        "SELECT name, value FROM declared_settings WHERE guild_id = ?", (guild_id,)
    ):
        # A damaged value is left out: its setting reads as its default.
        with contextlib.suppress(ValueError):
            declared[row["name"]] = json.loads(row["value"])
    if not rows:
        return GuildSettings(
            channels=channels,
            defaults=MappingProxyType(defaults),
            declared=MappingProxyType(declared),
        )
    row = rows[0]
    return GuildSettings(
        turn_timeout=row["turn_timeout"],
        lobby_timeout=row["lobby_timeout"],
        threads=bool(row["threads"]),
        bots_allowed=bool(row["bots_allowed"]),
        channels=channels,
        defaults=MappingProxyType(defaults),
        language=supported(row["language"]),
        move_table=bool(row["move_table"]),
        ping_mode=_ping_mode(row["ping_mode"]),
        ping_delay=int(row["ping_delay"]),
        away_mode=_away_mode(row["away_mode"]),
        away_days=int(row["away_days"]),
        declared=MappingProxyType(declared),
    )


def _ping_mode(value: str) -> PingMode:
    try:
        return PingMode(value)
    except ValueError:
        return GuildSettings.ping_mode


def _away_mode(value: str) -> AwayMode:
    try:
        return AwayMode(value)
    except ValueError:
        return GuildSettings.away_mode


async def save_guild_settings(
    connection: Connection, guild_id: int, settings: GuildSettings
) -> None:
    """Replaces the server's settings with ``settings``."""
    await connection.execute(
        "INSERT INTO guild_settings "
        "(guild_id, turn_timeout, lobby_timeout, threads, bots_allowed, language, "
        "move_table, ping_mode, ping_delay, away_mode, away_days) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
        "turn_timeout = excluded.turn_timeout, "
        "lobby_timeout = excluded.lobby_timeout, threads = excluded.threads, "
        "bots_allowed = excluded.bots_allowed, language = excluded.language, "
        "move_table = excluded.move_table, ping_mode = excluded.ping_mode, "
        "ping_delay = excluded.ping_delay, away_mode = excluded.away_mode, "
        "away_days = excluded.away_days",
        (
            guild_id,
            settings.turn_timeout,
            settings.lobby_timeout,
            int(settings.threads),
            int(settings.bots_allowed),
            settings.language,
            int(settings.move_table),
            str(settings.ping_mode),
            settings.ping_delay,
            str(settings.away_mode),
            settings.away_days,
        ),
    )
    await connection.execute("DELETE FROM game_channels WHERE guild_id = ?", (guild_id,))
    await connection.executemany(
        "INSERT INTO game_channels (guild_id, channel_id) VALUES (?, ?)",
        [(guild_id, channel_id) for channel_id in sorted(settings.channels)],
    )
    await connection.execute("DELETE FROM game_defaults WHERE guild_id = ?", (guild_id,))
    await connection.executemany(
        "INSERT INTO game_defaults (guild_id, kind, options) VALUES (?, ?, ?)",
        [
            (guild_id, kind, json_text(options))
            for kind, options in sorted(settings.defaults.items())
        ],
    )
    await connection.execute("DELETE FROM declared_settings WHERE guild_id = ?", (guild_id,))
    await connection.executemany(
        "INSERT INTO declared_settings (guild_id, name, value) VALUES (?, ?, ?)",
        [(guild_id, name, kept_text(value)) for name, value in sorted(settings.declared.items())],
    )
