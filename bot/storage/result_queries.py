"""A finished game's results: each seat's place, win and the game's own figures."""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import MappingProxyType

from bot.storage.connection import Connection, Row
from bot.storage.records import Game, Result
from bot.storage.stored_json import json_text


async def write_results(connection: Connection, game: Game, results: list[Result]) -> None:
    """The final table; the ladder counts it separately."""
    await connection.executemany(
        "INSERT INTO results (game_id, seat, user_id, bot_level, display_name, won, place, "
        "left_game, figures) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game.id,
                r.seat,
                r.user_id,
                game.seats[r.seat].bot_level,
                r.display_name,
                int(r.won),
                r.place,
                int(r.left),
                json_text(r.figures),
            )
            for r in results
        ],
    )


_RESULT_COLUMNS = ("seat", "user_id", "display_name", "won", "place", "left_game", "figures")


def result_columns(table: str = "") -> str:
    """The columns ``read_result`` reads, qualified by ``table`` when a query joins."""
    return ", ".join(f"{table}.{c}" if table else c for c in _RESULT_COLUMNS)


def read_result(row: Row) -> Result:
    """A seat's result from a row with the columns ``result_columns`` names."""
    return Result(
        seat=row["seat"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        won=bool(row["won"]),
        place=row["place"],
        left=bool(row["left_game"]),
        figures=read_figures(row["figures"]),
    )


def read_figures(text: str) -> Mapping[str, int]:
    """A game's figures; whatever isn't a whole number (a damaged row) is left out."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return MappingProxyType({})
    if not isinstance(value, dict):
        return MappingProxyType({})
    return MappingProxyType(
        {k: v for k, v in value.items() if isinstance(v, int) and not isinstance(v, bool)}
    )


async def load_results(connection: Connection, game_id: int) -> list[Result]:
    """The finished game's table, by seat."""
    rows = await connection.fetch(
        f"SELECT {result_columns()} FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    return [read_result(row) for row in rows]
