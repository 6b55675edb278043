"""A private table seats its host and whom they invited, nobody else."""

from __future__ import annotations

from collections.abc import Sequence

from bot.features.invitations import queries as invitation_queries
from bot.features.invitations.service import Guestlist, add_invitations, require_invited
from bot.service.game_hooks import GameHooks
from bot.storage.connection import Connection
from bot.storage.records import Game


class InvitationHooks(GameHooks):
    """A new lobby's guest list kept, a seat refused to anyone not on it, and a private
    table told to the others as a lobby not open to all."""

    async def lobby_opened(
        self, connection: Connection, game: Game, asked: Sequence[object], now: float
    ) -> None:
        for guests in asked:
            if isinstance(guests, Guestlist) and (guests.private or guests.invited):
                await invitation_queries.make_private(connection, game.id, now)
                await add_invitations(connection, game, game.host_id, guests.invited, now)

    async def open_to_all(self, connection: Connection, game: Game) -> bool:
        return not await invitation_queries.is_private(connection, game.id)

    async def seat_wanted(
        self, connection: Connection, game: Game, user_id: int, open_to_all: bool
    ) -> None:
        await require_invited(connection, game, user_id)
