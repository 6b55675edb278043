"""Game records and outcomes of Gold Nuggets for the face's tests (no database), and random
games played through the platform's rules."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from bot.games.gold_nuggets.game import NUGGETS, set_intent, take_intent
from bot.games.outcome import Outcome
from bot.games.rules import Step
from bot.storage import Game, Seat
from bot.storage.game_values import Level
from engine.gold_nuggets import Action, GameState, Phase, TimeOut
from tests.games.stored import BIG_ID, stored

NAMES = ("Ann", "*Bo*", "@everyone", "_Zoë_", "\\" * 32)
"""A plain name, names markdown would change or that would ping, the longest there is."""


def seats(players: int, bots: int = 0) -> tuple[Seat, ...]:
    """``players`` seats, the last ``bots`` of them computer players."""
    return tuple(
        Seat(n, None, Level.NORMAL, NAMES[n], n)
        if n >= players - bots
        else Seat(n, BIG_ID - n, None, NAMES[n], n)
        for n in range(players)
    )


def table(state: GameState, *, bots: int = 0, version: int = 10**9 - 1) -> Game:
    """A game of Gold Nuggets at ``state``, as storage would hand it over."""
    return stored(
        "nuggets",
        state,
        seats(state.players, bots),
        over=state.phase is Phase.OVER,
        version=version,
    )


def outcome(before: GameState, action: Action, *, bots: int = 0) -> Outcome:
    """The outcome of ``action`` played by the seat to move, as the service reports it."""
    seat = before.turn
    step = NUGGETS.apply(before, seat, action)
    return Outcome(table(step.state, bots=bots), before, seat, action, step.events, step.turn_over)


@dataclass(frozen=True)
class Played:
    before: GameState
    seat: int
    intent: str
    action: Action
    step: Step[GameState]


def random_intent(state: GameState, rng: random.Random) -> str:
    """Any intent the position allows, chosen at random (rolling on a little more often)."""
    if state.phase is Phase.SET_ASIDE:
        return set_intent(rng.choice(state.pending_choices()))
    takes = [take_intent(None)]
    if state.can_steal:
        takes += [take_intent(seat) for seat in state.opponents()]
    if state.phase is Phase.TAKE:
        return rng.choice(takes)
    if state.phase is Phase.ROLL or rng.random() < 0.6:
        return "roll"
    return rng.choice(takes)


def random_game(rng: random.Random, players: int, time_outs: float = 0.05) -> Iterator[Played]:
    """A whole game of random legal moves, with the odd time-out, through ``NUGGETS``."""
    state = NUGGETS.start(players, rng.randrange(players), {}, None)
    while not NUGGETS.is_over(state):
        (seat,) = NUGGETS.to_act(state)
        if rng.random() < time_outs:
            intent, action = "", NUGGETS.time_out(state, seat)
            assert action == TimeOut()
        else:
            intent = random_intent(state, rng)
            action = NUGGETS.action(state, seat, intent, rng)
        step = NUGGETS.apply(state, seat, action)
        yield Played(state, seat, intent, action, step)
        state = step.state
