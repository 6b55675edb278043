"""Finished games' seats as a report writes them (``analysis_seats``), for tests of a
player's form over games."""

from __future__ import annotations

from bot.storage import Database
from bot.storage.connection import Connection
from bot.storage.game_values import Level


async def judged(
    database: Database,
    games: list[int],
    figures: dict[int, tuple[int, float, float]],
    computer: tuple[Level, int, float] | None = None,
) -> None:
    """Each of ``games`` judged: each person's seat of it as ``figures`` says (decisions,
    chance lost, luck), as the report writes it, and with ``computer`` a computer
    player's seat beside them."""

    async def writing(connection: Connection) -> None:
        for game_id in games:
            seats = await connection.fetch(
                "SELECT seat, user_id FROM results WHERE game_id = ?", (game_id,)
            )
            for row in seats:
                decisions, lost, luck = figures[int(row["user_id"])]
                await connection.execute(
                    "INSERT INTO analysis_seats (game_id, seat, user_id, level, decisions, "
                    "chance_lost, luck, result) VALUES (?, ?, ?, NULL, ?, ?, ?, 0.5)",
                    (game_id, int(row["seat"]), int(row["user_id"]), decisions, lost, luck),
                )
            if computer is not None:
                level, decisions, lost = computer
                await connection.execute(
                    "INSERT INTO analysis_seats (game_id, seat, user_id, level, decisions, "
                    "chance_lost, luck, result) VALUES (?, 4, NULL, ?, ?, ?, 0, 0)",
                    (game_id, level.value, decisions, lost),
                )

    await database.write(writing)
