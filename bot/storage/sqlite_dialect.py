"""How SQL is spelled for SQLite, the same for its read and write connections."""

from __future__ import annotations


class SQLiteDialect:
    """What SQLite writes its own way: one writer holds the whole file, so nothing is locked per
    row or game."""

    backend = "sqlite"
    for_update = ""  # one write transaction at a time holds the whole file

    async def lock(self, *key: str | int) -> None:
        """Nothing to do: a write transaction already holds the whole file."""

    def differs(self, left: str, right: str) -> str:
        """SQL for "``left`` differs from ``right``", NULLs included."""
        # The spelling of the games_not_shown index, which SQLite only uses for a query
        # that says it the same way.
        return f"{left} IS NOT {right}"

    def same(self, left: str, right: str) -> str:
        """SQL for "``left`` equals ``right``", NULLs included."""
        return f"{left} IS {right}"

    clock = "((julianday('now') - 2440587.5) * 86400.0)"

    def greatest(self, left: str, right: str) -> str:
        """SQL for the greater of two values."""
        return f"MAX({left}, {right})"

    def json_merged(self, column: str) -> str:
        """SQL merging a JSON object into ``column``'s."""
        return f"json_patch({column}, ?)"

    async def notify(self, channel: str, payload: str = "") -> None:
        """Nobody to tell: a SQLite file is one process's."""
