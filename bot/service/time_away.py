"""A player away, as their games see it: each seat carries its player's time away as its
server limits it, and what the server chose meanwhile (the clock waits for them, or a
computer player plays their turns); a turn that waits on someone away keeps the time it
had left, and gets it back when they are."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.games.registry import rules_for
from bot.service.player_times import DAY
from bot.storage.records import AwayMode, Game, GuildSettings, PlayerSettings, Seat


def seat_away(seat: Seat, player: PlayerSettings, server: GuildSettings, now: float) -> Seat:
    """``seat`` as its player's time away makes it in its server: away until the end of the
    day they chose, or the server's most days after they left, whichever comes first (and
    not at all once that has passed)."""
    away = player.away
    until = None if away is None else min(away.until, away.since + server.away_days * DAY)
    if until is None or until <= now:
        return replace(seat, away_until=None, away_stand_in=False)
    return replace(seat, away_until=until, away_stand_in=server.away_mode is AwayMode.STAND_IN)


def waits_on_away(game: Game, state: Any, now: float) -> bool:
    """Whether the game at ``state`` waits on someone away whose clock the server stops."""
    if state is None or game.status.is_open is False:
        return False
    seats = [game.seats[n] for n in rules_for(game.kind).to_act(state)]
    return any(not seat.is_bot and seat.away_at(now) and not seat.away_stand_in for seat in seats)


def new_turn_clock(game: Game, state: Any, now: float) -> dict[str, Any]:
    """The clock of a turn beginning ``now``: its whole time, kept while whoever it waits on
    is away."""
    if waits_on_away(game, state, now):
        return {"deadline": None, "paused_left": float(game.turn_timeout)}
    return {"deadline": now + game.turn_timeout, "paused_left": None}


def turn_clock_left(game: Game, state: Any, now: float, left: float) -> dict[str, Any]:
    """The clock of a turn that comes back (a take-back) with ``left`` seconds of its
    time, kept while whoever it waits on is away."""
    if waits_on_away(game, state, now):
        return {"deadline": None, "paused_left": left}
    return {"deadline": now + left, "paused_left": None}


def clock_as_away_is(game: Game, now: float) -> dict[str, Any]:
    """The clock's changes once someone's time away began or ended (its seats as they now
    are): stopped with the time left kept, or going again with it; none when it stays as
    it is."""
    waiting = waits_on_away(game, game.state, now)
    if waiting and game.deadline is not None:
        return {"deadline": None, "paused_left": max(game.deadline - now, 0.0)}
    if not waiting and game.paused_left is not None:
        return {"deadline": now + game.paused_left, "paused_left": None}
    return {}


def stands_in(seat: Seat, now: float) -> bool:
    """Whether a computer player plays this human's turns now (they are away, and their
    server chose so)."""
    return not seat.is_bot and seat.away_at(now) and seat.away_stand_in
