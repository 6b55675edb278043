"""Private messages (hands) of games with secrets: **My hand** shows a player their own
message, whose buttons play what only they may see."""

from __future__ import annotations

import logging

import discord

from bot.discord_ui import presenter
from bot.discord_ui.cards import Card
from bot.discord_ui.interactions import actor_of, reader
from bot.discord_ui.surfaces import reveal, update_private
from bot.discord_ui.table import GameTable, Recorded
from bot.games.faces import face_for
from bot.service import Outcome, ServiceError
from bot.service.errors import BoardMovedOn
from bot.storage import Game
from i18n import Language, Message

log = logging.getLogger(__name__)

MOVED_ON_PRIVATELY = Message(
    "The game has moved on since that was shown, so nothing changed. Here it is as it stands."
)


class Hands:
    def __init__(self, table: GameTable) -> None:
        self.table = table

    async def open_private(self, interaction: discord.Interaction, kind: str, game_id: int) -> None:
        game, seat = await self.table.service.seat_for(game_id, actor_of(interaction, kind))
        await reveal(interaction, self._private(game, seat.seat, reader(interaction)))

    async def private_button(
        self, interaction: discord.Interaction, kind: str, game_id: int, key: int, intent: str
    ) -> None:
        actor = actor_of(interaction, kind)

        async def change() -> Outcome:
            return await self.table.service.act(game_id, actor, None, intent, key=key)

        async def show(outcome: Outcome) -> Recorded:
            # The presser's own message first: it is the answer Discord waits for.
            mine = reader(interaction)
            await update_private(
                interaction, self._private(outcome.game, outcome.seat, mine, outcome)
            )
            surface = self.table.places.surface(outcome.game)
            return await self.table.present(
                surface, outcome, await self.table.outcome_language(outcome)
            )

        try:
            await self.table.change(game_id, change, show, interaction)
        except BoardMovedOn:
            # What the message offered is gone; what there is to decide now is shown instead.
            game, seat = await self.table.service.seat_for(game_id, actor)
            mine = reader(interaction)
            await update_private(
                interaction, self._private(game, seat.seat, mine), mine.say(MOVED_ON_PRIVATELY)
            )

    async def _private(
        self, game: Game, seat: int, lang: Language, last: Outcome | None = None
    ) -> Card:
        """A seat's private message as the game stands, with what the last move showed it
        (``last``, or else the move log's)."""
        if last is None:
            try:
                last = await self.table.service.last_outcome(game.id)
            except Exception:
                log.warning("game %s's last move can't be replayed", game.id, exc_info=True)
        shown = await face_for(game.kind).private(game, seat, last, lang)
        if shown is None:
            raise NothingHidden()
        return presenter.private(game, shown)


class NothingHidden(ServiceError):
    """A private message asked of a game that has none (only a hand-made button can)."""

    def __init__(self) -> None:
        super().__init__(
            Message("Nothing is hidden in this game: everything is on the game message.")
        )
