"""What a change of a game requires before it is made: the version its asker saw, the game
open, started, due, in its lobby, theirs to host or to move. Each refusal is a
``ServiceError`` in plain words."""

from __future__ import annotations

import logging
from typing import Any

from bot.games.registry import registration_for
from bot.games.rules import hides
from bot.games.shared_words import game_name
from bot.service.errors import (
    AlreadyStarted,
    BoardMovedOn,
    ChannelBusy,
    GameBroken,
    GameFinished,
    NotHost,
    NotInGame,
    NotStarted,
    NotYourTurn,
)
from bot.service.game_loading import Actor, game_rules
from bot.storage.records import Game, GameStatus, Seat

log = logging.getLogger(__name__)


def check_version(game: Game, version: int | None) -> None:
    """``None`` is a request that does not depend on what the caller saw (a slash command)."""
    if version is not None and version != game.version:
        raise BoardMovedOn()


def require_open(game: Game) -> None:
    """Refuses a change to a game that is over or cancelled."""
    if not game.status.is_open:
        raise GameFinished(cancelled=game.status is GameStatus.CANCELLED)


def busy(game: Game, here: int, threads: bool) -> ChannelBusy:
    """The refusal of a new game in ``here`` (a channel or thread), where ``game`` is
    played; ``threads``: whether the server gives new games threads of their own."""
    name = game_name(registration_for(game.kind).name, game)
    return ChannelBusy(name, game.channel_id, its_thread=game.thread_id == here, threads=threads)


def require_due(game: Game, now: float) -> None:
    """Refuses a time-out before the game's deadline."""
    if game.deadline is None or game.deadline > now:
        raise BoardMovedOn()


def require_lobby(game: Game, version: int | None) -> None:
    """Refuses a lobby's change once the game started, or on a lobby version it has moved past."""
    require_open(game)
    if game.status is not GameStatus.LOBBY:
        raise AlreadyStarted()
    check_version(game, version)


def require_host(game: Game, actor: Actor) -> None:
    """Refuses what only the host may do, asked by anyone else."""
    if actor.user_id != game.host_id:
        host = game.seat_of(game.host_id)
        raise NotHost(host.display_name if host else None)


def playing(game: Game) -> Any:
    """The position of a running game, refused for a lobby, an ended game or a damaged one."""
    require_open(game)
    if game.status is GameStatus.LOBBY:
        raise NotStarted()
    if game.broken is not None:
        log.warning("game %s is damaged: %s", game.id, game.broken)
        raise GameBroken(None)
    assert game.state is not None
    return game.state


def check_decision(game: Game, state: Any, seat: Seat, key: int) -> None:
    """Refuses a hand's press made on a decision the seat has moved past."""
    rules = game_rules(game)
    if not hides(rules) or rules.decision_key(state, seat.seat) != key:
        raise BoardMovedOn()


def seat_to_move(game: Game, state: Any, actor: Actor) -> Seat:
    """The seat ``actor`` acts for now (a computer player's, for the system), refused for anyone
    not to act."""
    acting = [game.seats[n] for n in game_rules(game).to_act(state)]
    if not acting:
        raise GameFinished(cancelled=False)
    if actor.user_id is None:
        bot = next((s for s in acting if s.is_bot), None)
        if bot is not None:
            return bot
        raise NotYourTurn(acting[0].display_name)
    seat = game.seat_of(actor.user_id)
    if seat is None:
        raise NotInGame()
    if seat not in acting:
        raise NotYourTurn(acting[0].display_name)
    return seat
