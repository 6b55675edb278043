"""What a change of a game writes: the note of what its transaction wrote, and the
compare-and-set save of the game's row on the version the change was worked out on."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.games.outcome import Outcome
from bot.service.errors import BoardMovedOn
from bot.storage import game_queries
from bot.storage.connection import Connection
from bot.storage.records import Game

T = TypeVar("T")


@dataclass
class Written:
    """What a transaction wrote to a game's row: its id, its new version and the time,
    and the move it made, if it made one."""

    game_id: int | None = None
    version: int = 0
    updated_at: float = 0.0
    move: Outcome | None = None


Change = Callable[[Connection, Written], Coroutine[Any, Any, T]]
"""A change of a game, in its write transaction (``Database.write``'s body), noting what
it wrote."""


class Overtaken(BoardMovedOn):
    """The game's row is no longer at the version a change was worked out on."""


async def save_game(
    connection: Connection, note: Written, game: Game, now: float, **changes: Any
) -> None:
    """Writes ``game`` one version on with ``changes``, refused (``Overtaken``) when its
    row has moved on since it was read, and notes what was written."""
    if not await game_queries.update_game(connection, game, now, **changes):
        raise Overtaken()
    note.game_id, note.version, note.updated_at = game.id, game.version + 1, now
    await game_queries.announce_changed(connection, game.id, note.version)
