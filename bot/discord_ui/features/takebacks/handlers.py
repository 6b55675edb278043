"""Take-backs: **Take back** under a game's table (where its server allows them) takes
back the presser's last move. When that move showed nothing and nobody has acted since,
or nobody else plays, it is done at once and the table shows the game as it stood;
otherwise a request is posted where the game is played, which every other player answers.
A request ends with the game's turn: once the game is shown at a newer version, whichever
process shows it ends the request and its message says so.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.discord_ui.card_layout import Line, Rows, edited, sent
from bot.discord_ui.context import Context
from bot.discord_ui.feature import Feature
from bot.discord_ui.features.takebacks.controls import (
    Answer,
    TakebackAnswer,
    TakebackButton,
)
from bot.discord_ui.features.takebacks.request_card import (
    allowance_words,
    headline,
    request_card,
)
from bot.discord_ui.game_events import GameEnded
from bot.discord_ui.interaction_answers import announce, tell, update_clicked
from bot.discord_ui.interactions import actor_of, reader
from bot.service.takeback_changes import Allowed, TakebackNow, allowed
from bot.storage import Game
from i18n import Language

log = logging.getLogger(__name__)


class Takebacks(Feature):
    """Moves taken back, with the other players' consent."""

    controls = (TakebackButton, TakebackAnswer)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.client = context.client
        self.settings = context.settings

    async def _allowance(self, game: Game) -> str:
        return allowed(game, await self.settings.get(game.guild_id))

    async def lobby_lines(self, game: Game, lang: Language) -> Sequence[Line]:
        """Whether the game will allow take-backs, as the server and its seats say now."""
        words = allowance_words(await self._allowance(game), lang)
        return (Line(lang._("Take-backs"), words, inline=True),)

    async def table_rows(self, game: Game, lang: Language) -> Rows:
        """**Take back**, under a game's table where take-backs are allowed."""
        if await self._allowance(game) != Allowed.YES:
            return ()
        return ((TakebackButton(game.kind, game.id, game.version, label=lang._("Take back")),),)

    async def take_back(self, interaction: discord.Interaction, button: TakebackButton) -> None:
        """**Take back**: done at once and shown on the table, or a request posted where
        the game is played."""
        assert interaction.channel_id is not None
        actor = actor_of(interaction, button.kind)
        async with self.games.held(button.game, interaction):
            now = await self.service.take_back(
                button.game, actor, interaction.channel_id, button.seen(button.version)
            )
            lang = await self.languages.of_game(now.game)
            if now.undid:
                await tell(interaction, reader(interaction)._("You took your last move back."))
                await self.games.show_afresh(now.game, headline(now, lang))
                return
            message = await announce(interaction, **sent(request_card(now, lang)))
        await self.service.takeback_shown(button.game, now.takeback.number, message.id)
        # Answered or expired while it was being posted: it shows that.
        latest = await self.service.takeback(button.game, now.takeback.number)
        if latest.takeback.state is not now.takeback.state or latest.takeback.answers:
            await self._edit(latest, message.id)

    async def answer(self, interaction: discord.Interaction, button: TakebackAnswer) -> None:
        """An answer on a request: it shows it, and the table the game as it stood once
        everyone agreed."""
        actor = actor_of(interaction, button.kind)
        agreed = button.answer is Answer.AGREE
        async with self.games.held(button.game, interaction):
            now = await self.service.answer_takeback(button.game, button.number, actor, agreed)
            lang = await self.languages.of_game(now.game)
            card = request_card(now, lang)
            pressed = interaction.message
            if button.shown and pressed is not None:
                await update_clicked(interaction, **edited(card))
                if now.takeback.message_id is None:
                    await self.service.takeback_shown(button.game, button.number, pressed.id)
            elif now.takeback.message_id is not None:
                await self._edit(now, now.takeback.message_id)
            if now.expired:
                await tell(
                    interaction,
                    reader(interaction)._(
                        "The game moved on since this was asked, so the request expired."
                    ),
                )
            elif not (button.shown and pressed is not None):
                await tell(interaction, reader(interaction)._("Your answer counts."))
            if now.undid:
                await self.games.show_afresh(now.game, headline(now, lang))

    async def game_shown(self, game: Game) -> None:
        """A request asked at an older version of the game (or in a game now over)
        expires, and its message says so."""
        for now in await self.service.expire_takebacks(game):
            if now.takeback.message_id is not None:
                await self._edit(now, now.takeback.message_id)

    async def game_ended(self, ended: GameEnded) -> None:
        """A request still asked when its game ended expires."""
        await self.game_shown(ended.game)

    async def _edit(self, now: TakebackNow, message_id: int) -> None:
        """The request's message, brought up to it; one deleted meanwhile stays gone."""
        card = request_card(now, await self.languages.of_game(now.game))
        channel = self.client.get_partial_messageable(now.takeback.channel_id)
        try:
            await channel.get_partial_message(message_id).edit(**edited(card))
        except discord.HTTPException as error:
            log.info("game %s's take-back could not be shown: %s", now.game.id, error)
