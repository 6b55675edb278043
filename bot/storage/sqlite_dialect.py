"""How SQL is spelled for SQLite, the same for its read and write connections."""

from __future__ import annotations


class SQLiteDialect:
    backend = "sqlite"
    for_update = ""  # one write transaction at a time holds the whole file

    async def lock(self, *key: str | int) -> None:
        """Nothing to do: a write transaction already holds the whole file."""

    def differs(self, left: str, right: str) -> str:
        # The spelling of the games_not_shown index, which SQLite only uses for a query
        # that says it the same way.
        return f"{left} IS NOT {right}"

    def same(self, left: str, right: str) -> str:
        return f"{left} IS {right}"

    clock = "((julianday('now') - 2440587.5) * 86400.0)"

    def greatest(self, left: str, right: str) -> str:
        return f"MAX({left}, {right})"

    def json_merged(self, column: str) -> str:
        return f"json_patch({column}, ?)"

    async def notify(self, channel: str) -> None:
        """Nobody to tell: a SQLite file is one process's."""
