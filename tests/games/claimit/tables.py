"""Game records and outcomes of Claim It! for the face's tests (no database)."""

from __future__ import annotations

from types import MappingProxyType

from bot.games.claimit.game import CLAIMIT
from bot.service import Outcome
from bot.storage import Game, GameStatus, Result, Seat
from engine.claimit import Action, GameState, Phase

NAMES = ("Anke", "*Björn*", "_Zoë_", "Ольга", "\\" * 32)
"""A plain name, names markdown would change, the longest there is (no English words: the
German texts are searched for them)."""
BIG_ID = 2**63 - 1
DEADLINE = 4_102_444_800.0


def seats(players: int, bots: int = 0) -> tuple[Seat, ...]:
    """``players`` seats, the last ``bots`` of them computer players (named as the service
    names them)."""
    return tuple(
        Seat(n, None, "hard", f"Bot {n + 1} (hard)", n)
        if n >= players - bots
        else Seat(n, BIG_ID - n, None, NAMES[n], n)
        for n in range(players)
    )


def table(state: GameState, *, bots: int = 0, variant: bool = False) -> Game:
    """A game of Claim It! at ``state``, as storage would hand it over."""
    over = state.phase is Phase.OVER
    return Game(
        id=BIG_ID,
        kind="claimit",
        guild_id=BIG_ID,
        channel_id=BIG_ID,
        host_id=BIG_ID,
        status=GameStatus.FINISHED if over else GameStatus.ACTIVE,
        options=MappingProxyType({"variant": variant}),
        turn_timeout=600,
        version=10**9 - 1,
        seats=seats(state.players, bots),
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


def outcome(before: GameState, action: Action, *, bots: int = 0) -> Outcome:
    """The outcome of ``action`` played by the seat to move, as the service reports it,
    with the final table when it ends the game."""
    seat = before.turn
    step = CLAIMIT.apply(before, seat, action)
    game = table(step.state, bots=bots)
    results: tuple[Result, ...] = ()
    if CLAIMIT.is_over(step.state):
        results = tuple(
            Result(
                s.seat, game.seats[s.seat].user_id, NAMES[s.seat], s.won, s.place, False, s.figures
            )
            for s in CLAIMIT.standings(step.state)
        )
    return Outcome(game, before, seat, action, step.events, step.turn_over, results=results)
