"""What the database holds, as typed values."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.claimit import GameState


class GameStatus(StrEnum):
    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def is_open(self) -> bool:
        return self in (GameStatus.LOBBY, GameStatus.ACTIVE)


@dataclass(frozen=True)
class Seat:
    seat: int
    user_id: int | None
    """The Discord user; ``None`` for a computer player."""
    bot_level: str | None
    display_name: str
    color: int

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class Game:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: GameStatus
    variant: bool
    turn_timeout: int | None
    version: int
    seats: tuple[Seat, ...]
    state: GameState | None
    """The position; ``None`` until the game starts."""
    first_seat: int | None
    lobby_message_id: int | None
    turn_message_id: int | None
    created_at: float
    updated_at: float
    started_at: float | None
    finished_at: float | None
    turn_deadline: float | None
    broken: str | None = None
    """Why the saved position cannot be read; such a game can only be cancelled."""

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True)
class Move:
    seq: int
    seat: int
    action: str
    """The action in the engine's JSON form."""
    dice: tuple[int, int, int] | None
    at: float


@dataclass(frozen=True)
class Result:
    seat: int
    user_id: int | None
    won: bool
    largest_mine: int
    claims: int
    spaces: int


@dataclass(frozen=True)
class PlayerRecord:
    guild_id: int
    user_id: int
    display_name: str
    games: int
    wins: int
    best_mine: int
    claims: int
    last_played: float | None
