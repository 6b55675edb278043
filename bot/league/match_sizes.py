"""How many tables a round of a tournament has, and of which sizes."""

from __future__ import annotations

from bot.league.points import FEWEST_TABLE_SIZE


def table_sizes(players: int, table_size: int, fewest: int) -> tuple[tuple[int, ...], bool]:
    """The sizes of a round's tables, largest first, and whether one player sits out
    with a bye.

    ``players`` sit at as few tables of at most ``table_size`` as hold them, filled as
    evenly as possible (sizes differ by one at most: 7 at tables of 3 are 3, 2, 2).
    When that leaves a table under ``fewest`` (the game's minimum), one player has a
    bye and the others are split again (9 at tables of 2: four tables and a bye). A
    count no split fits even then (5 at tables of exactly 4) is refused."""
    if not FEWEST_TABLE_SIZE <= fewest <= table_size:
        raise ValueError(f"tables of {fewest} to {table_size} players")
    if players < 0:
        raise ValueError(f"{players} players")
    sizes = _even_split(players, table_size)
    if not sizes or sizes[-1] >= fewest:
        return sizes, False
    sizes = _even_split(players - 1, table_size)
    if not sizes or sizes[-1] >= fewest:
        return sizes, True
    raise ValueError(f"{players} players fit no tables of {fewest} to {table_size}, even less one")


def _even_split(players: int, table_size: int) -> tuple[int, ...]:
    # The fewest tables that hold everyone give the smallest table its most players.
    tables = -(-players // table_size)
    if not tables:
        return ()
    base, larger = divmod(players, tables)
    return (base + 1,) * larger + (base,) * (tables - larger)
