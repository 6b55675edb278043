"""A game as storage hands it to a face, at any position, for the faces' tests (no
database)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from bot.storage import Game, GameStatus, Seat
from bot.storage.game_values import OptionValue

BIG_ID = 2**63 - 1
DEADLINE = 4_102_444_800.0


def stored(
    kind: str,
    state: Any,
    seats: tuple[Seat, ...],
    *,
    over: bool,
    options: Mapping[str, OptionValue] | None = None,
    game_id: int = BIG_ID,
    version: int = 10**9 - 1,
) -> Game:
    """The game ``kind`` at ``state`` (finished when ``over``), every id the largest
    Discord has unless given."""
    return Game(
        id=game_id,
        kind=kind,
        guild_id=BIG_ID,
        channel_id=BIG_ID,
        host_id=BIG_ID,
        status=GameStatus.FINISHED if over else GameStatus.ACTIVE,
        options=MappingProxyType(dict(options or {})),
        turn_timeout=600,
        version=version,
        seats=seats,
        state=state,
        first_seat=0,
        lobby_message_id=BIG_ID,
        turn_message_id=BIG_ID,
        created_at=1.0,
        updated_at=1.0,
        started_at=1.0,
        finished_at=2.0 if over else None,
        deadline=None if over else DEADLINE,
    )
