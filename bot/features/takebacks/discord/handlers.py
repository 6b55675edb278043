"""Take-backs: **Take back** under a game's table (where the game allows them, as its
server chose when it started) takes back the presser's last move. When that move showed
nothing and nobody has acted since, or nobody else plays, it is done at once and the
table shows the game as it stood; otherwise a request is posted where the game is
played, pinging every other player, who answer it.

A request ends with the game's turn: once the game is shown at a newer version,
whichever process shows it ends the request. Requests clean up after themselves: one
that expired goes at once, one refused or granted once the game has moved on (the table
says what a grant undid). A request's message is owed while it is asked and has none,
and posted once (``OwedPosts``), a stop between its asking and its post included.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.discord_ui.card_layout import Line, Rows, edited, sent
from bot.discord_ui.context import Context
from bot.discord_ui.game_events import GameEnded
from bot.discord_ui.interaction_answers import acknowledge, pressed_gone, tell, update_clicked
from bot.discord_ui.interactions import actor_of, reader
from bot.discord_ui.lean_requests import Posted, edit_message
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.owed_messages import Owed
from bot.discord_ui.part import Part
from bot.features.takebacks import TAKE_BACK
from bot.features.takebacks.discord.controls import (
    Answer,
    TakebackAnswer,
    TakebackButton,
)
from bot.features.takebacks.discord.request_card import (
    allowance_words,
    headline,
    request_card,
)
from bot.features.takebacks.queries import Takeback
from bot.features.takebacks.service import Allowed, TakebackNow, TakebackService
from bot.features.takebacks.states import TakebackState
from bot.storage import Game, GameStatus
from bot.storage.shards import Shards
from i18n import Language

log = logging.getLogger(__name__)


class Takebacks(Part, Adds):
    """Moves taken back, with the other players' consent."""

    controls = (TakebackButton, TakebackAnswer)
    board_actions = (TAKE_BACK.name,)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.takebacks = context.service.part(TakebackService)

    async def lobby_lines(self, game: Game, lang: Language) -> Sequence[Line]:
        """Whether the game will allow take-backs, as the server and its seats say now."""
        words = allowance_words(await self.takebacks.takeback_allowance(game), lang)
        return (Line(lang._("Take-backs"), words, inline=True),)

    async def table_rows(self, game: Game, lang: Language) -> Rows:
        """**Take back**, under a game's table where take-backs are allowed."""
        if await self.takebacks.takeback_allowance(game) != Allowed.YES:
            return ()
        return ((TakebackButton(game.kind, game.id, game.version, label=lang._("Take back")),),)

    async def resumed(self, shards: Shards) -> None:
        """Each request of ``shards``' games a stop left asked without its message is
        posted."""
        for game_id, number in await self.takebacks.unposted_takebacks(shards):
            await self.context.owed.post(self._owed(await self.takebacks.takeback(game_id, number)))

    async def take_back(self, interaction: discord.Interaction, button: TakebackButton) -> None:
        """**Take back**: done at once and shown on the table, or a request posted where
        the game is played."""
        assert interaction.channel_id is not None
        actor = actor_of(interaction, button.kind)
        async with self.games.held(button.game, interaction):
            now = await self.takebacks.take_back(
                button.game, actor, interaction.channel_id, button.seen(button.version)
            )
            if now.undid:
                lang = await self.languages.of_game(now.game)
                await tell(interaction, reader(interaction)._("You took your last move back."))
                await self.games.show_afresh(now.game, headline(now, lang))
                return
            await acknowledge(interaction)
        await self.context.owed.post(self._owed(now))

    async def board_acted(
        self, action: str, game_id: int, made: Callable[[], Awaitable[object]]
    ) -> None:
        """**Take back** on the board: shown as its press under the table (the game as it
        stood, or the request posted where the game is played)."""
        async with self.games.held(game_id):
            now = await made()
            assert isinstance(now, TakebackNow)
            if now.undid:
                lang = await self.languages.of_game(now.game)
                await self.games.show_afresh(now.game, headline(now, lang))
                return
        await self.context.owed.post(self._owed(now))

    def _owed(self, now: TakebackNow) -> Owed:
        """The request's message, owed while it is asked and has none."""
        takeback = now.takeback
        game_id, number = takeback.game_id, takeback.number

        async def place() -> int:
            return takeback.channel_id

        async def compose() -> dict[str, Any] | None:
            latest = await self.takebacks.takeback(game_id, number)
            if latest.takeback.state is not TakebackState.ASKED:
                return None
            if latest.takeback.message_id is not None:
                return None
            return sent(request_card(latest, await self.languages.of_game(latest.game)))

        async def recorded(message: Posted, made_before: bool) -> None:
            self.context.places.posted(message.channel_id, message.id)
            await self.takebacks.takeback_shown(game_id, number, message.id)
            # Answered or expired while it was being posted: it shows that.
            latest = await self.takebacks.takeback(game_id, number)
            if latest.takeback.state is not TakebackState.ASKED or latest.takeback.answers:
                await self._shown_ended(latest, message.id)

        async def refused(error: discord.HTTPException) -> None:
            log.info("game %s's take-back %s has nowhere to go: %s", game_id, number, error)

        key = f"takeback:{game_id}:{number}"
        return Owed(key, now.game.guild_id, place, compose, recorded, refused)

    async def answer(self, interaction: discord.Interaction, button: TakebackAnswer) -> None:
        """An answer on a request: it shows it, and the table the game as it stood once
        everyone agreed."""
        actor = actor_of(interaction, button.kind)
        agreed = button.answer is Answer.AGREE
        async with self.games.held(button.game, interaction):
            now = await self.takebacks.answer_takeback(button.game, button.number, actor, agreed)
            lang = await self.languages.of_game(now.game)
            card = request_card(now, lang)
            pressed = interaction.message
            shown = button.shown and pressed is not None
            if shown and pressed is not None:
                try:
                    await update_clicked(interaction, **edited(card))
                except discord.NotFound as error:
                    # The game moved on as it was pressed, and its move deleted the request.
                    if not pressed_gone(interaction, error):
                        raise
                    log.info("game %s's take-back was gone as it was answered", button.game)
                    shown = False
                else:
                    if now.takeback.message_id is None:
                        await self.takebacks.takeback_shown(button.game, button.number, pressed.id)
            elif now.takeback.message_id is not None:
                await self._shown_ended(now, now.takeback.message_id)
            if now.expired:
                await tell(
                    interaction,
                    reader(interaction)._(
                        "The game moved on since this was asked, so the request expired."
                    ),
                )
            elif not shown:
                await tell(interaction, reader(interaction)._("Your answer counts."))
            if now.undid:
                await self.games.show_afresh(now.game, headline(now, lang))

    async def game_shown(self, game: Game) -> None:
        """A request asked at an older version of the game (or in a game now over)
        expires, and its message goes; one that ended before the game moved on (refused,
        granted) goes too."""
        if game.status is GameStatus.LOBBY:
            return
        if (
            game.status is GameStatus.ACTIVE
            and await self.takebacks.takeback_allowance(game) != Allowed.YES
        ):
            return
        for now in await self.takebacks.expire_takebacks(game):
            await self._clear(game, now.takeback)
        for ended in await self.takebacks.takebacks_ended_before(game):
            await self._clear(game, ended)

    async def game_ended(self, ended: GameEnded) -> None:
        """A request still asked when its game ended expires."""
        await self.game_shown(ended.game)

    async def _shown_ended(self, now: TakebackNow, message_id: int) -> None:
        """The request's message, brought up to it; one deleted meanwhile stays gone."""
        card = request_card(now, await self.languages.of_game(now.game))
        try:
            await edit_message(self.client, now.takeback.channel_id, message_id, **edited(card))
        except discord.HTTPException as error:
            log.info("game %s's take-back could not be shown: %s", now.game.id, error)

    async def _clear(self, game: Game, takeback: Takeback) -> None:
        """A request that is over leaves the channel: its message is deleted where the
        game is played, and recorded so."""
        if takeback.message_id is None:
            return
        await self.context.places.delete(game, takeback.message_id)
        await self.takebacks.takeback_shown(takeback.game_id, takeback.number, None)
