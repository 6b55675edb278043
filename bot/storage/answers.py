"""People's yes-or-no answers to what was asked of them (a rematch offer, a take-back
request): one answer a person, read back in the order they were given. Each feature
keeps them in a table of its own, made alike: the asked thing's key, ``user_id``, the
answer, and ``answered_at``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from bot.storage.connection import Connection

Answers = Mapping[int, bool]
"""Each person who answered, in the order they did: ``True`` for yes."""


def no_answers() -> Answers:
    """The answers to what nobody answered yet."""
    return MappingProxyType({})


@dataclass(frozen=True)
class AnswerTable:
    """A feature's table of answers."""

    table: str
    keys: tuple[str, ...]
    """The columns holding what was asked (a game's, and its request's number)."""
    said: str
    """The column holding the answer, true for yes."""

    async def answers(self, connection: Connection, key: tuple[int, ...]) -> Answers:
        """The answers to what ``key`` names."""
        rows = await connection.fetch(
            f"SELECT user_id, {self.said} FROM {self.table} WHERE {self._where} "
            "ORDER BY answered_at, user_id",
            key,
        )
        return MappingProxyType({int(row["user_id"]): bool(row[self.said]) for row in rows})

    async def record(
        self, connection: Connection, key: tuple[int, ...], user_id: int, yes: bool, now: float
    ) -> None:
        """``user_id``'s answer to what ``key`` names, in place of one they gave before."""
        await connection.upsert(
            self.table,
            {**dict(zip(self.keys, key, strict=True)), "user_id": user_id},
            **{self.said: int(yes)},
            answered_at=now,
        )

    async def forget(self, connection: Connection, key: tuple[int, ...]) -> None:
        """The answers to what ``key`` names, gone (it is asked anew)."""
        await connection.execute(f"DELETE FROM {self.table} WHERE {self._where}", key)

    @property
    def _where(self) -> str:
        return " AND ".join(f"{column} = ?" for column in self.keys)
