"""Playing: a turn's buttons and menus, ``board`` (the game again at the bottom), and a
turn or lobby whose time ran out."""

from __future__ import annotations

import logging

import discord

from bot.discord_ui import presenter
from bot.discord_ui.cards import sent
from bot.discord_ui.interactions import actor_of, deferral, reader
from bot.discord_ui.leaving.handlers import Leaving
from bot.discord_ui.surfaces import InteractionSurface, announce, tell
from bot.discord_ui.table import AS_IT_STANDS, GameTable, Recorded
from bot.games.faces import face_for
from bot.service import Outcome
from bot.service.errors import GameBroken, NoGameHere
from bot.storage import GameStatus

log = logging.getLogger(__name__)


class Turns:
    def __init__(self, table: GameTable, leaving: Leaving) -> None:
        self.table = table
        self.leaving = leaving

    async def show_board(self, interaction: discord.Interaction, kind: str) -> None:
        """Posts the game again at the bottom of the channel or thread where it was asked
        for; the old message loses its buttons."""
        found = await self.table.current(interaction, kind)
        if await self.table.cannot_post(interaction):
            return
        async with self.table.locks.hold(found.id, deferral(interaction)):
            game = await self.table.service.game(found.id)
            face = face_for(kind)
            if not game.status.is_open:
                raise NoGameHere(face.title, face.command)
            if game.status is GameStatus.LOBBY:
                content, _ = await self.table.lobby_message(game)
                message = await announce(interaction, **content)
                recorded: Recorded = {"lobby_message_id": message.id}
            else:
                lang = await self.table.public_language(game.guild_id)
                if game.state is None:
                    log.warning("game %s has no position: %s", game.id, game.broken)
                    raise GameBroken(face.command)
                board = await presenter.turn(game, lang.say(AS_IT_STANDS), None, lang)
                content = sent(board)
                if interaction.channel_id == game.place_id:
                    message = await announce(interaction, **content)
                else:
                    # Asked in the channel of a game played in its thread: it goes there.
                    message = await self.table.places.post(game, **content)
                    await tell(
                        interaction,
                        reader(interaction)._(
                            "The game is played in {place}: there it is.",
                            place=f"<#{game.place_id}>",
                        ),
                    )
                recorded = {"turn_message_id": message.id}
            try:
                await self.table.service.mark_shown(game.id, game.version, recorded)
            except Exception:
                # The board is out; its id is recorded again by the next click on it.
                log.warning("could not record game %s's new message", game.id, exc_info=True)
            # Only now, so that the game always has a message with live buttons.
            try:
                await self.table.places.strip_buttons(game)
            except discord.HTTPException:
                log.info("could not take the buttons off game %s's old message", game.id)

    async def turn_button(
        self, interaction: discord.Interaction, kind: str, game_id: int, version: int, intent: str
    ) -> None:
        actor = actor_of(interaction, kind)

        async def change() -> Outcome:
            return await self.table.service.act(game_id, actor, version, intent)

        async def show(outcome: Outcome) -> Recorded:
            surface = InteractionSurface(interaction, self.table.places.poster(outcome.game))
            recorded = await self.table.present(
                surface, outcome, await self.table.outcome_language(outcome)
            )
            # The clicked message is the game's, even one whose id was never recorded.
            clicked: Recorded = (
                {} if interaction.message is None else {"turn_message_id": interaction.message.id}
            )
            return clicked | recorded

        await self.table.change(game_id, change, show, interaction)

    async def deadline_passed(self, game_id: int, version: int) -> None:
        """A lobby nobody started closes; a quiet turn ends by itself. A player who is no
        longer in the server is not waited for: their seat goes to a computer player."""
        game = await self.table.service.game(game_id)
        if game.status is GameStatus.LOBBY:
            await self.table.change(
                game_id,
                lambda: self.table.service.expire_lobby(game_id, version),
                self.table.show_lobby,
            )
            return
        if game.state is not None:
            for seat in presenter.acting(game):
                if seat.user_id is not None and await self._gone(game.guild_id, seat.user_id):
                    await self.leaving.member_left(game.guild_id, seat.user_id)
                    return
        await self.table.change(
            game_id, lambda: self.table.service.time_out(game_id, version), self.table.show
        )

    async def _gone(self, guild_id: int, user_id: int) -> bool:
        guild = self.table.client.get_guild(guild_id)
        if guild is None:
            return False
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return True
        except discord.HTTPException:
            log.info("could not check whether %s is still in server %s", user_id, guild_id)
        return False
