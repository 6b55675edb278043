"""A tournament's match ends only by its play, or by a moderator."""

from __future__ import annotations

from bot.features.tournaments import match_queries as tournament_match_queries
from bot.features.tournaments.errors import TournamentGameCancel
from bot.service.game_hooks import GameHooks
from bot.service.game_loading import Actor
from bot.storage.connection import Connection
from bot.storage.records import Game


class TournamentHooks(GameHooks):
    """A tournament's match refused to anyone cancelling it but a moderator."""

    async def cancelling(self, connection: Connection, game: Game, actor: Actor) -> None:
        # A tournament's organiser hosts its every match: they might void a game they
        # are losing, or a rival's; and its players host none.
        if actor.can_moderate:
            return
        if await tournament_match_queries.of_game(connection, game.id) is not None:
            raise TournamentGameCancel()
