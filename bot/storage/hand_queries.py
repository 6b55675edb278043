"""Each seat's live hand: the private message that follows its game, kept with the token
of the interaction that last showed it."""

from __future__ import annotations

from bot.storage.connection import Connection, Row
from bot.storage.records import Hand
from bot.storage.row_records import read_row


class Secret(str):
    """A value written as it is but shown as ``[token]``: the database drivers log their
    statements' parameters at DEBUG, and an interaction's token lets whoever reads it
    answer as the bot."""

    def __repr__(self) -> str:
        return "'[token]'"


_HAND_COLUMNS = "game_id, seat, user_id, message_id, token, locale, opened_at"


async def hands(connection: Connection, game_id: int) -> list[Hand]:
    """The game's live hands, by seat."""
    rows = await connection.fetch(
        f"SELECT {_HAND_COLUMNS} FROM hands WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    return [_hand(row) for row in rows]


async def renew_hand(connection: Connection, hand: Hand) -> bool:
    """Gives the seat's live hand the token of a newer interaction on the same message;
    False if that message is not the seat's live hand."""
    changed = await connection.execute(
        "UPDATE hands SET user_id = ?, token = ?, locale = ?, opened_at = ? "
        "WHERE game_id = ? AND seat = ? AND message_id = ?",
        (
            hand.user_id,
            Secret(hand.token),
            hand.locale,
            hand.opened_at,
            hand.game_id,
            hand.seat,
            hand.message_id,
        ),
    )
    return changed > 0


async def keep_hand(connection: Connection, hand: Hand) -> Hand | None:
    """Records ``hand`` as its seat's live one; returns the one it replaces, if any."""
    rows = list(
        await connection.fetch(
            f"DELETE FROM hands WHERE game_id = ? AND seat = ? RETURNING {_HAND_COLUMNS}",
            (hand.game_id, hand.seat),
        )
    )
    await connection.execute(
        f"INSERT INTO hands ({_HAND_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            hand.game_id,
            hand.seat,
            hand.user_id,
            hand.message_id,
            Secret(hand.token),
            hand.locale,
            hand.opened_at,
        ),
    )
    if not rows:
        return None
    return _hand(rows[0])


def _hand(row: Row) -> Hand:
    return read_row(Hand, row)


async def drop_hand(connection: Connection, game_id: int, seat: int, message_id: int) -> None:
    """Forgets a seat's live hand, unless a newer one (another message) replaced it
    meanwhile."""
    await connection.execute(
        "DELETE FROM hands WHERE game_id = ? AND seat = ? AND message_id = ?",
        (game_id, seat, message_id),
    )
