"""Game records and outcomes of Claim It! for the face's tests (no database)."""

from __future__ import annotations

from bot.games.claimit.game import CLAIMIT
from bot.games.outcome import Outcome
from bot.storage import Game, Result, Seat
from bot.storage.game_values import Level
from engine.claimit import Action, GameState, Phase
from tests.games.stored import BIG_ID, stored

NAMES = ("Anke", "*Björn*", "_Zoë_", "Ольга", "\\" * 32)
"""A plain name, names markdown would change, the longest there is (no English words: the
German texts are searched for them)."""


def seats(players: int, bots: int = 0) -> tuple[Seat, ...]:
    """``players`` seats, the last ``bots`` of them computer players (named as the service
    names them)."""
    return tuple(
        Seat(n, None, Level.HARD, f"Bot {n + 1} (hard)", n)
        if n >= players - bots
        else Seat(n, BIG_ID - n, None, NAMES[n], n)
        for n in range(players)
    )


def table(state: GameState, *, bots: int = 0, variant: bool = False) -> Game:
    """A game of Claim It! at ``state``, as storage would hand it over."""
    return stored(
        "claimit",
        state,
        seats(state.players, bots),
        over=state.phase is Phase.OVER,
        options={"variant": variant},
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
