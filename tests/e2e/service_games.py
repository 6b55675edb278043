"""A game played to its end straight through the service, as a normal computer player
would play each seat: for the tests of what the finished game shows (a ladder, a list),
not of how it is played."""

from __future__ import annotations

import random

from bot.games.registry import rules_for
from bot.service import Actor, GameService, Player, Where
from bot.storage import Game, GameStatus
from bot.storage.game_values import Level
from emulator import User


async def played_through(
    service: GameService,
    scope: int,
    here: Where,
    host: User,
    guest: User,
    kind: str = "claimit",
    seed: int = 3,
) -> Game:
    """A game of ``kind`` between ``host`` and ``guest`` at ``here``, kept under ``scope``
    (a server's own id, or a conversation's: then reached in ``here``'s server, 0 for a
    DM or group DM), played to its end."""
    lobby = await service.create_lobby(
        kind=kind,
        guild_id=scope,
        channel_id=here.channel_id,
        host=Player(host.id, host.name),
        reached_in=None if scope == here.guild_id else here.guild_id,
    )
    lobby = await service.join(lobby.id, Player(guest.id, guest.name), None, here)
    game = await service.start(lobby.id, Actor(host.id, where=here), lobby.version)
    rules, rng = rules_for(kind), random.Random(seed)
    while game.status is GameStatus.ACTIVE:
        assert game.state is not None
        seat = rules.to_act(game.state)[0]
        intent = rules.decide(game.state, seat, Level.NORMAL, rng)
        mover = Actor(game.seats[seat].user_id, where=here)
        game = (await service.turns.act(game.id, mover, None, intent)).game
    return game
