"""Private tables: a lobby only its host's invitees may join, and each invitation (who
was asked, by whom, where the invitation was sent and what they answered). An
invitation of an open lobby without a message is owed its invitee."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.storage.connection import Connection, Row
from bot.storage.row_records import read_row
from bot.storage.shards import Shards


class Answer(StrEnum):
    """What an invitee said."""

    ASKED = "asked"
    """Nothing yet."""
    ACCEPTED = "accepted"
    DECLINED = "declined"


@dataclass(frozen=True)
class Invitation:
    """One person invited to a private table."""

    game_id: int
    user_id: int
    name: str
    """Their name in the server as they were invited, shown on the lobby."""
    invited_by: int
    invited_at: float
    answer: Answer
    by_dm: bool
    """Sent to their direct messages (else pinged where the table is)."""
    channel_id: int | None
    """Where the invitation was sent, once it was."""
    message_id: int | None
    ended: bool
    """Its message says the lobby is over (its buttons gone)."""

    @property
    def sent(self) -> bool:
        """Whether its message is out."""
        return self.message_id is not None


COLUMNS = (
    "game_id, user_id, name, invited_by, invited_at, answer, by_dm, channel_id, message_id, ended"
)


def _invitation(row: Row) -> Invitation:
    return read_row(Invitation, row)


async def is_private(connection: Connection, game_id: int) -> bool:
    """Whether only the host's invitees may join the game."""
    return await connection.found("SELECT 1 FROM private_tables WHERE game_id = ?", (game_id,))


async def make_private(connection: Connection, game_id: int, now: float) -> None:
    """Only the host's invitees may join the game from now on."""
    await connection.execute(
        "INSERT INTO private_tables (game_id, made_at) VALUES (?, ?) "
        "ON CONFLICT (game_id) DO NOTHING",
        (game_id, now),
    )


async def open_to_all(connection: Connection, game_id: int) -> bool:
    """Anyone may join the game from now on; ``False`` when anyone could already."""
    changed = await connection.execute("DELETE FROM private_tables WHERE game_id = ?", (game_id,))
    return changed == 1


async def invitations(connection: Connection, game_id: int) -> list[Invitation]:
    """The game's invitations, in the order they were made."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM private_invitations WHERE game_id = ? ORDER BY invited_at, user_id",
        (game_id,),
    )
    return [_invitation(row) for row in rows]


async def invitation(connection: Connection, game_id: int, user_id: int) -> Invitation | None:
    """``user_id``'s invitation to the game, if they have one."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM private_invitations WHERE game_id = ? AND user_id = ?",
        (game_id, user_id),
    )
    found = list(rows)
    return _invitation(found[0]) if found else None


async def invite(
    connection: Connection,
    game_id: int,
    user_id: int,
    name: str,
    invited_by: int,
    now: float,
    by_dm: bool,
) -> None:
    """Invites ``user_id`` (not invited yet) to the game; the invitation is sent later."""
    await connection.execute(
        "INSERT INTO private_invitations (game_id, user_id, name, invited_by, invited_at, "
        "answer, by_dm, ended) VALUES (?, ?, ?, ?, ?, 'asked', ?, 0)",
        (game_id, user_id, name, invited_by, now, int(by_dm)),
    )


async def answer(
    connection: Connection, game_id: int, user_id: int, said: Answer, now: float
) -> None:
    """Records the invitee's answer."""
    await connection.execute(
        "UPDATE private_invitations SET answer = ?, answered_at = ? "
        "WHERE game_id = ? AND user_id = ?",
        (said.value, now, game_id, user_id),
    )


async def by_ping(connection: Connection, game_id: int, user_id: int) -> None:
    """The invitation goes by a ping where the table is (the invitee's direct messages
    refused it)."""
    await connection.execute(
        "UPDATE private_invitations SET by_dm = 0 WHERE game_id = ? AND user_id = ?",
        (game_id, user_id),
    )


async def set_sent(
    connection: Connection,
    game_id: int,
    user_id: int,
    channel_id: int,
    message_id: int,
    by_dm: bool,
) -> None:
    """Where the invitation was sent."""
    await connection.execute(
        "UPDATE private_invitations SET channel_id = ?, message_id = ?, by_dm = ? "
        "WHERE game_id = ? AND user_id = ?",
        (channel_id, message_id, int(by_dm), game_id, user_id),
    )


async def set_ended(connection: Connection, game_id: int, user_id: int) -> None:
    """The invitation's message says the lobby is over."""
    await connection.execute(
        "UPDATE private_invitations SET ended = 1 WHERE game_id = ? AND user_id = ?",
        (game_id, user_id),
    )


async def games_with_live_invitations(connection: Connection, shards: Shards) -> list[int]:
    """The games of ``shards`` with an invitation whose message does not yet say the
    lobby is over."""
    where, params = shards.where("g.guild_id")
    return await connection.ints(
        "SELECT DISTINCT i.game_id FROM private_invitations i "
        f"JOIN games g ON g.id = i.game_id WHERE i.ended = 0 AND {where} ORDER BY i.game_id",
        params,
    )


async def has_live_invitations(connection: Connection, game_id: int) -> bool:
    """Whether an invitation to the game does not yet say its lobby is over (by the
    table's key, whichever process sent it)."""
    return await connection.found(
        "SELECT 1 FROM private_invitations WHERE game_id = ? AND ended = 0 LIMIT 1", (game_id,)
    )
