"""A player's own settings, across servers, and the direct messages telling them it is
their turn (one per game)."""

from __future__ import annotations

from bot.storage.connection import Connection
from bot.storage.records import Notify, PlayerSettings, TurnNotice


async def player_settings(connection: Connection, user_id: int) -> PlayerSettings:
    """The player's settings (the defaults for one who never chose any); a value that no
    longer means anything reads as the default."""
    rows = list(
        await connection.fetch(
            "SELECT notify, locale, dms_closed FROM player_settings WHERE user_id = ?",
            (user_id,),
        )
    )
    if not rows:
        return PlayerSettings()
    row = rows[0]
    try:
        notify = Notify(row["notify"])
    except ValueError:
        notify = Notify.CHANNEL
    locale = row["locale"] if isinstance(row["locale"], str) else None
    return PlayerSettings(notify, locale, bool(row["dms_closed"]))


async def set_notify(connection: Connection, user_id: int, notify: Notify, locale: str) -> None:
    """How the player's turn reaches them, their direct messages in ``locale``; choosing
    anew tries their direct messages again."""
    await connection.execute(
        "INSERT INTO player_settings (user_id, notify, locale, dms_closed) VALUES (?, ?, ?, 0) "
        "ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, "
        "locale = excluded.locale, dms_closed = 0",
        (user_id, notify.value, locale),
    )


async def set_dms_closed(connection: Connection, user_id: int) -> bool:
    """Notes that the player's direct messages refused the bot; ``True`` the first time."""
    changed = await connection.execute(
        "UPDATE player_settings SET dms_closed = 1 WHERE user_id = ? AND dms_closed = 0",
        (user_id,),
    )
    return changed == 1


async def turn_notices(connection: Connection, game_id: int) -> list[TurnNotice]:
    """The game's turn notices kept in its players' direct messages."""
    rows = await connection.fetch(
        "SELECT user_id, channel_id, message_id FROM turn_notices WHERE game_id = ? "
        "ORDER BY user_id",
        (game_id,),
    )
    return [
        TurnNotice(game_id, int(row["user_id"]), int(row["channel_id"]), int(row["message_id"]))
        for row in rows
    ]


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
