"""Which of Discord's shards a process works for, and the games that belong to them.

Discord puts each server in shard ``(guild_id >> 22) % shard_count``; a game
belongs to its server's shard.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage.connection import marks


def shard_of(guild_id: int, count: int) -> int:
    """The shard a server's events come on, as Discord computes it from the server's id."""
    return (guild_id >> 22) % count


@dataclass(frozen=True)
class Shards:
    """The shards one process handles, of how many in all."""

    count: int
    ids: frozenset[int]

    @classmethod
    def every(cls, count: int = 1) -> Shards:
        """Every shard of ``count``: one process handling all of them."""
        return cls(count, frozenset(range(count)))

    @property
    def complete(self) -> bool:
        """Whether this process handles every shard."""
        return len(self.ids) == self.count

    def holds(self, guild_id: int) -> bool:
        """Whether this process handles the server's shard."""
        return shard_of(guild_id, self.count) in self.ids

    def where(self, column: str = "guild_id") -> tuple[str, tuple[Any, ...]]:
        """A SQL condition (with its parameters) true for the rows of these shards."""
        if self.complete:
            return "1 = 1", ()
        if not self.ids:
            return "1 = 0", ()
        return f"(({column} >> 22) % ?) IN ({marks(self.ids)})", (self.count, *sorted(self.ids))


EVERY = Shards.every()
"""One process that works for every server."""
