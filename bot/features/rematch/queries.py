"""A finished game's rematch: the offer (where it is shown, who made it, until when it
stands, the game it started) and each player's answer to it."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.features.rematch.states import RematchState
from bot.storage.answers import Answers, AnswerTable, no_answers
from bot.storage.connection import Connection, Row
from bot.storage.row_records import read_row
from bot.storage.shards import Shards


@dataclass(frozen=True)
class RematchOffer:
    """A finished game's rematch, as offered and answered."""

    game_id: int
    channel_id: int
    """Where the offer is shown: the finished game's channel or thread."""
    message_id: int | None
    """The message showing the offer, once posted."""
    offered_by: int
    offered_at: float
    expires_at: float
    state: RematchState
    new_game_id: int | None
    answers: Answers = field(default_factory=no_answers)
    """Each player who answered: ``True`` for yes."""
    version: int = 0
    """Each change of the offer or its answers counts one."""
    shown: int = 0
    """The version its message shows."""

    @property
    def accepted(self) -> tuple[int, ...]:
        """The players who said yes, in the order they did."""
        return tuple(user for user, yes in self.answers.items() if yes)

    @property
    def declined(self) -> tuple[int, ...]:
        """The players who said no."""
        return tuple(user for user, yes in self.answers.items() if not yes)

    def open_at(self, now: float) -> bool:
        """Whether the offer still stands at ``now``."""
        return self.state is RematchState.OPEN and now < self.expires_at


ANSWERS = AnswerTable("rematch_answers", ("game_id",), "accepted")

COLUMNS = (
    "game_id, channel_id, message_id, offered_by, offered_at, expires_at, state, new_game_id, "
    "version, shown"
)


async def rematch_offer(connection: Connection, game_id: int) -> RematchOffer | None:
    """The game's rematch offer with its answers, if one was made."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM rematch_offers WHERE game_id = ?", (game_id,)
    )
    if not rows:
        return None
    return _offer(rows[0], await ANSWERS.answers(connection, (game_id,)))


def _offer(row: Row, answers: Answers) -> RematchOffer:
    return read_row(RematchOffer, row, answers=answers)


async def open_offer(connection: Connection, offer: RematchOffer) -> None:
    """Makes ``offer`` the game's, in place of an earlier one that ended, its answers
    forgotten (its message to be posted anew)."""
    await ANSWERS.forget(connection, (offer.game_id,))
    await connection.execute(
        f"INSERT INTO rematch_offers ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 0) "
        "ON CONFLICT (game_id) DO UPDATE SET channel_id = excluded.channel_id, "
        "message_id = excluded.message_id, offered_by = excluded.offered_by, "
        "offered_at = excluded.offered_at, expires_at = excluded.expires_at, "
        "state = excluded.state, new_game_id = excluded.new_game_id, "
        "version = rematch_offers.version + 1, shown = 0",
        (
            offer.game_id,
            offer.channel_id,
            offer.message_id,
            offer.offered_by,
            offer.offered_at,
            offer.expires_at,
            offer.state.value,
            offer.new_game_id,
        ),
    )


async def answer(
    connection: Connection, game_id: int, user_id: int, accepted: bool, now: float
) -> None:
    """Records a player's answer to the game's offer."""
    await ANSWERS.record(connection, (game_id,), user_id, accepted, now)
    await connection.execute(
        "UPDATE rematch_offers SET version = version + 1 WHERE game_id = ?", (game_id,)
    )


async def end_offer(
    connection: Connection, game_id: int, state: RematchState, new_game_id: int | None = None
) -> bool:
    """Ends the game's open offer as ``state`` (``STARTED``: the game it started);
    ``False`` when it was no longer open."""
    return await connection.found(
        "UPDATE rematch_offers SET state = ?, new_game_id = ?, version = version + 1 "
        "WHERE game_id = ? AND state = 'open' RETURNING game_id",
        (state.value, new_game_id, game_id),
    )


async def set_offer_message(
    connection: Connection, game_id: int, message_id: int, version: int
) -> None:
    """Where the game's offer is shown, and the version it shows there (a message shows
    what an edit made later, never less)."""
    await connection.execute(
        f"UPDATE rematch_offers SET message_id = ?, shown = {connection.greatest('shown', '?')} "
        "WHERE game_id = ?",
        (message_id, version, game_id),
    )


async def offers_behind(connection: Connection, shards: Shards) -> list[int]:
    """The games of ``shards`` whose offer's message is not posted yet, or shows less than
    it became."""
    where, params = shards.where("g.guild_id")
    return await connection.ints(
        "SELECT o.game_id FROM rematch_offers o JOIN games g ON g.id = o.game_id "
        f"WHERE (o.message_id IS NULL OR o.shown < o.version) AND {where} ORDER BY o.game_id",
        params,
    )


async def lapsed_offers(connection: Connection, now: float) -> list[int]:
    """The games whose open offer's time has run out."""
    return await connection.ints(
        "SELECT game_id FROM rematch_offers WHERE state = 'open' AND expires_at <= ? "
        "ORDER BY expires_at",
        (now,),
    )


async def next_lapse(connection: Connection) -> float | None:
    """When the next open offer's time runs out, if one is open."""
    rows = await connection.fetch(
        "SELECT MIN(expires_at) AS soonest FROM rematch_offers WHERE state = 'open'", ()
    )
    soonest = rows[0]["soonest"] if rows else None
    return None if soonest is None else float(soonest)
