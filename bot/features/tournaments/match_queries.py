"""A tournament's matches as stored: each round's matches with the games they became (and
their places, as the tournament counts them), each player's byes, who left a match's
game, and the games that count on no ladder."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.connection import Connection, marks
from bot.storage.records import GameStatus
from bot.storage.row_records import read_row


@dataclass(frozen=True)
class Match:
    """One match of one round: its players in seat order and the game it became (none
    until its game is made), with that game's status and places as they now stand."""

    round: int
    match_no: int
    players: tuple[int, ...]
    game_id: int | None
    status: GameStatus | None
    places: tuple[int, ...] | None
    """The places of ``players``, once the game finished; ``None`` otherwise."""
    number: int | None
    """The game's number in its server (``/<game> replay number:``)."""
    thread_id: int | None
    lobby_message_id: int | None


async def byes(connection: Connection, tournament_id: int) -> dict[int, list[int]]:
    """Each player's rounds with a bye."""
    rows = await connection.fetch(
        "SELECT user_id, round FROM tournament_seats WHERE tournament_id = ? "
        "AND table_no IS NULL ORDER BY round",
        (tournament_id,),
    )
    had: dict[int, list[int]] = {}
    for row in rows:
        had.setdefault(int(row["user_id"]), []).append(int(row["round"]))
    return had


async def matches(connection: Connection, tournament_id: int) -> list[Match]:
    """Every match of the tournament, round by round, with its game as it stands."""
    rows = await connection.fetch(
        "SELECT t.round, t.table_no AS match_no, t.game_id, g.status, g.number, g.thread_id, "
        "g.lobby_message_id FROM tournament_tables t LEFT JOIN games g ON g.id = t.game_id "
        "WHERE t.tournament_id = ? ORDER BY t.round, t.table_no",
        (tournament_id,),
    )
    seats = await connection.fetch(
        "SELECT round, table_no, user_id FROM tournament_seats WHERE tournament_id = ? "
        "AND table_no IS NOT NULL ORDER BY round, table_no, seat",
        (tournament_id,),
    )
    players: dict[tuple[int, int], list[int]] = {}
    for row in seats:
        players.setdefault((int(row["round"]), int(row["table_no"])), []).append(
            int(row["user_id"])
        )
    places = await connection.fetch(
        "SELECT r.game_id, r.seat, r.place, r.left_game FROM results r JOIN tournament_tables t "
        "ON t.game_id = r.game_id WHERE t.tournament_id = ? ORDER BY r.game_id, r.seat",
        (tournament_id,),
    )
    by_game: dict[int, list[tuple[int, bool]]] = {}
    for row in places:
        by_game.setdefault(int(row["game_id"]), []).append(
            (int(row["place"]), bool(row["left_game"]))
        )
    found = []
    for row in rows:
        placed = leavers_last(by_game[row["game_id"]]) if row["game_id"] in by_game else None
        finished = row["status"] == GameStatus.FINISHED
        found.append(
            read_row(
                Match,
                row,
                players=tuple(players.get((row["round"], row["match_no"]), ())),
                places=tuple(placed) if finished and placed else None,
            )
        )
    return found


def leavers_last(results: Sequence[tuple[int, bool]]) -> list[int]:
    """The places a tournament counts, seat by seat, from each seat's place and whether its
    player left: whoever left places last (a computer player finished for them, and the
    ladder, too, ranks a leaver last), the others as they finished among themselves."""
    stayed = [place for place, left in results if not left]
    last = len(stayed) + 1
    return [last if left else 1 + sum(other < place for other in stayed) for place, left in results]


async def set_match_game(
    connection: Connection, tournament_id: int, round_: int, match_no: int, game_id: int
) -> bool:
    """The match's game; ``False`` if it had one already."""
    return await connection.found(
        "UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ? AND round = ? "
        "AND table_no = ? AND game_id IS NULL RETURNING table_no",
        (game_id, tournament_id, round_, match_no),
    )


async def of_game(connection: Connection, game_id: int) -> tuple[int, int, int] | None:
    """The tournament, round and match the game is played for, if any."""
    rows = await connection.fetch(
        "SELECT tournament_id, round, table_no FROM tournament_tables WHERE game_id = ?",
        (game_id,),
    )
    if not rows:
        return None
    row = rows[0]
    return int(row["tournament_id"]), int(row["round"]), int(row["table_no"])


async def played_for(connection: Connection, game_ids: Sequence[int]) -> dict[int, tuple[str, int]]:
    """The tournament's name and the round each of these games was played for, if any."""
    if not game_ids:
        return {}
    rows = await connection.fetch(
        "SELECT t.game_id, n.name, t.round FROM tournament_tables t "
        f"JOIN tournaments n ON n.id = t.tournament_id WHERE t.game_id IN ({marks(game_ids)})",
        tuple(game_ids),
    )
    return {int(row["game_id"]): (str(row["name"]), int(row["round"])) for row in rows}


async def left_players(connection: Connection, tournament_id: int) -> list[tuple[int, int]]:
    """Each player who left a seat in one of the tournament's games (a computer player
    took it over), with the round of the first such game."""
    rows = await connection.fetch(
        "SELECT s.left_user_id AS user_id, MIN(t.round) AS round FROM tournament_tables t "
        "JOIN seats s ON s.game_id = t.game_id WHERE t.tournament_id = ? "
        "AND s.left_user_id IS NOT NULL GROUP BY s.left_user_id",
        (tournament_id,),
    )
    return [(int(row["user_id"]), int(row["round"])) for row in rows]
