"""Take-backs: which a game allows (as its server chose when it started), each request to
undo moves (who asked, which moves, at which version of the game, where it is shown, how
it ended), each player's answer to it, and the dice of each point of a game where a roll
was taken back."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from bot.features.takebacks.settings import TakebackMode
from bot.features.takebacks.states import TakebackState
from bot.storage.answers import Answers, AnswerTable, no_answers
from bot.storage.connection import Connection, Row
from bot.storage.row_records import read_row
from bot.storage.shards import Shards


@dataclass(frozen=True)
class Takeback:
    """A request to take moves back, as asked and answered (a free one is granted as it
    is made)."""

    game_id: int
    number: int
    """Its number among the game's take-backs, from 1."""
    asked_by: int
    seat: int
    first_seq: int
    """The first move it undoes (the asker's last), by its number in the log."""
    last_seq: int
    """The last move it undoes: the game's last when it was asked."""
    version: int
    """The game's version it was asked at: it expires once the game moves on."""
    revealed: bool
    """Whether the moves undone showed anything (dice, a card)."""
    channel_id: int
    message_id: int | None
    asked_at: float
    ended_at: float | None
    state: TakebackState
    answers: Answers = field(default_factory=no_answers)
    """Each player who answered: ``True`` for agreed."""

    @property
    def undone(self) -> int:
        """How many moves it undoes."""
        return self.last_seq - self.first_seq + 1


ANSWERS = AnswerTable("takeback_answers", ("game_id", "number"), "agreed")

COLUMNS = (
    "game_id, number, asked_by, seat, first_seq, last_seq, version, revealed, channel_id, "
    "message_id, asked_at, ended_at, state"
)


async def takeback(connection: Connection, game_id: int, number: int) -> Takeback | None:
    """One of the game's take-backs with its answers."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM takebacks WHERE game_id = ? AND number = ?", (game_id, number)
    )
    return await _with_answers(connection, rows[0]) if rows else None


async def latest(connection: Connection, game_id: int) -> Takeback | None:
    """The game's newest take-back, if it had one."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM takebacks WHERE game_id = ? ORDER BY number DESC LIMIT 1",
        (game_id,),
    )
    return await _with_answers(connection, rows[0]) if rows else None


async def granted(connection: Connection, game_id: int) -> list[Takeback]:
    """The game's take-backs that undid moves, in order (without their answers)."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM takebacks WHERE game_id = ? AND state = 'granted' ORDER BY number",
        (game_id,),
    )
    return [_takeback(row, no_answers()) for row in rows]


async def asked_before(connection: Connection, version: int, game_id: int) -> list[int]:
    """The numbers of the game's requests still asked at a version before ``version``."""
    return await connection.ints(
        "SELECT number FROM takebacks WHERE game_id = ? AND state = 'asked' AND version < ?",
        (game_id, version),
    )


async def add(connection: Connection, asked: Takeback) -> None:
    """A new take-back, numbered ``asked.number``."""
    await connection.execute(
        f"INSERT INTO takebacks ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            asked.game_id,
            asked.number,
            asked.asked_by,
            asked.seat,
            asked.first_seq,
            asked.last_seq,
            asked.version,
            int(asked.revealed),
            asked.channel_id,
            asked.message_id,
            asked.asked_at,
            asked.ended_at,
            str(asked.state),
        ),
    )


async def next_number(connection: Connection, game_id: int) -> int:
    """The number the game's next take-back gets."""
    rows = await connection.fetch(
        "SELECT COALESCE(MAX(number), 0) + 1 AS next FROM takebacks WHERE game_id = ?",
        (game_id,),
    )
    return int(next(iter(rows))["next"])


async def answer(
    connection: Connection, game_id: int, number: int, user_id: int, agreed: bool, now: float
) -> None:
    """A player's answer to a request."""
    await ANSWERS.record(connection, (game_id, number), user_id, agreed, now)


async def end(
    connection: Connection, game_id: int, number: int, state: TakebackState, now: float
) -> bool:
    """Ends a request that is still asked; whether this did."""
    return await connection.found(
        "UPDATE takebacks SET state = ?, ended_at = ? "
        "WHERE game_id = ? AND number = ? AND state = 'asked' RETURNING number",
        (str(state), now, game_id, number),
    )


async def set_message(
    connection: Connection, game_id: int, number: int, message_id: int | None
) -> None:
    """The request is shown in ``message_id`` (``None``: its message was cleared away)."""
    await connection.execute(
        "UPDATE takebacks SET message_id = ? WHERE game_id = ? AND number = ?",
        (message_id, game_id, number),
    )


async def unposted(connection: Connection, shards: Shards) -> list[tuple[int, int]]:
    """(game, number) of ``shards``' requests still asked whose message is not posted."""
    where, params = shards.where("g.guild_id")
    rows = await connection.fetch(
        "SELECT t.game_id, t.number FROM takebacks t JOIN games g ON g.id = t.game_id "
        f"WHERE t.state = 'asked' AND t.message_id IS NULL AND {where} "
        "ORDER BY t.game_id, t.number",
        params,
    )
    return [(int(row["game_id"]), int(row["number"])) for row in rows]


async def ended_before(connection: Connection, game_id: int, version: int) -> list[Takeback]:
    """The game's requests that ended and were asked before ``version``, whose message is
    still there (without their answers)."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM takebacks WHERE game_id = ? AND state <> 'asked' "
        "AND version < ? AND message_id IS NOT NULL ORDER BY number",
        (game_id, version),
    )
    return [_takeback(row, no_answers()) for row in rows]


async def keep_mode(connection: Connection, game_id: int, mode: TakebackMode) -> None:
    """The take-backs ``game_id`` allows, as its server chose when it started."""
    await connection.execute(
        "INSERT INTO takeback_rules (game_id, mode) VALUES (?, ?) ON CONFLICT (game_id) DO NOTHING",
        (game_id, str(mode)),
    )


async def mode_of(connection: Connection, game_id: int) -> TakebackMode | None:
    """The take-backs the game allows, kept as it started (``None``: it started before
    games kept them)."""
    rows = await connection.fetch("SELECT mode FROM takeback_rules WHERE game_id = ?", (game_id,))
    return TakebackMode(rows[0]["mode"]) if rows else None


async def keep_dice(connection: Connection, game_id: int, ply: int, seat: int, draws: str) -> None:
    """The chance ``seat`` drew at a point of the game (``ply`` moves standing before it),
    kept for when it acts there again. What was kept stays; draws that carry on from it
    (a roll asking for more dice than the one kept) are kept after it, so that taking a
    move back again never draws them afresh."""
    rows = await connection.fetch(
        "SELECT draws FROM takeback_dice WHERE game_id = ? AND ply = ? AND seat = ?",
        (game_id, ply, seat),
    )
    kept = [list(row) for row in json.loads(str(rows[0]["draws"]))] if rows else None
    if kept is None:
        await connection.execute(
            "INSERT INTO takeback_dice (game_id, ply, seat, draws) VALUES (?, ?, ?, ?)",
            (game_id, ply, seat, draws),
        )
        return
    drawn = [list(draw) for draw in json.loads(draws)]
    if len(drawn) > len(kept) and drawn[: len(kept)] == kept:
        await connection.execute(
            "UPDATE takeback_dice SET draws = ? WHERE game_id = ? AND ply = ? AND seat = ?",
            (draws, game_id, ply, seat),
        )


async def dice_here(connection: Connection, game_id: int) -> dict[int, str]:
    """The chance kept for the game's present point (as many moves standing as now), if
    a roll made there was taken back."""
    rows = await connection.fetch(
        "SELECT seat, draws FROM takeback_dice WHERE game_id = ? AND ply = "
        "(SELECT COUNT(*) FROM moves WHERE game_id = ? AND NOT EXISTS "
        "(SELECT 1 FROM takebacks t WHERE t.game_id = moves.game_id AND t.state = 'granted' "
        "AND moves.seq BETWEEN t.first_seq AND t.last_seq))",
        (game_id, game_id),
    )
    return {int(row["seat"]): str(row["draws"]) for row in rows}


async def move_draws(connection: Connection, game_id: int, first_seq: int) -> dict[int, str]:
    """The chance each move from ``first_seq`` on drew, by its number in the log."""
    rows = await connection.fetch(
        "SELECT seq, draws FROM moves WHERE game_id = ? AND seq >= ? AND draws IS NOT NULL",
        (game_id, first_seq),
    )
    return {int(row["seq"]): str(row["draws"]) for row in rows}


async def _with_answers(connection: Connection, row: Row) -> Takeback:
    key = (int(row["game_id"]), int(row["number"]))
    return _takeback(row, await ANSWERS.answers(connection, key))


def _takeback(row: Row, answers: Answers) -> Takeback:
    return read_row(Takeback, row, answers=answers)
