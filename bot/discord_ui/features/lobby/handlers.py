"""Opening a game: ``new`` posts its lobby (in a thread of its own where the server
wants one); the lobby's buttons and menus seat players and computer players, start
the game or cancel it."""

from __future__ import annotations

import functools
import logging
import re
from dataclasses import replace

import discord

from bot.discord_ui.card_layout import Rows
from bot.discord_ui.commanded_game import cannot_post
from bot.discord_ui.components import selected
from bot.discord_ui.context import Context
from bot.discord_ui.feature import Feature
from bot.discord_ui.features.lobby.controls import (
    BotSelect,
    LobbyAction,
    LobbyButton,
    lobby_rows,
)
from bot.discord_ui.game_messages import Recorded
from bot.discord_ui.interaction_answers import acknowledge, announce, tell, update_clicked
from bot.discord_ui.interactions import actor_of, player_of, reader
from bot.discord_ui.permissions import missing_thread_permissions
from bot.features.invitations.service import Guestlist, Invitee
from bot.features.reliability.service import LobbyMinimum
from bot.games import shared_words
from bot.games.faces import face_for
from bot.service.errors import NotOnTheMenu
from bot.storage import Game, GameStatus
from bot.storage.game_values import Options
from i18n import Language

log = logging.getLogger(__name__)


class Lobbies(Feature):
    """New games: ``new`` posts a lobby, whose buttons and menus seat its players."""

    controls = (LobbyButton, BotSelect)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.lobbies = context.lobbies
        self.settings = context.settings

    async def lobby_rows(self, game: Game, lang: Language, bots_allowed: bool) -> Rows:
        """The lobby's buttons on a row, each bot menu on a row of its own (adding one only
        where the server allows computer players)."""
        return lobby_rows(game, lang, bots_allowed)

    async def new_game(
        self,
        interaction: discord.Interaction,
        *,
        kind: str,
        options: Options,
        bots: int,
        bot_level: str,
        turn_timeout: int | None,
        min_reliability: int | None = None,
        invite: discord.User | discord.Member | None = None,
        private: bool = False,
    ) -> None:
        """``/<game> new``: a lobby for a new game here (in a thread of its own where the server
        wants one), with any computer players asked for seated at once, and the host's own
        minimum reliability for joining it; a private one (``private``, or someone to
        ``invite``) only the host's invitees may join."""
        if await cannot_post(interaction):
            return
        assert interaction.guild_id is not None and interaction.channel_id is not None
        speaks = await self.languages.of_server(interaction.guild_id)
        # Held from before the lobby is saved: a catch-up meanwhile would post it too.
        async with self.games.opening():
            game = await self.service.create_lobby(
                kind=kind,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host=player_of(interaction),
                options=options,
                turn_timeout=turn_timeout,
                bots=bots,
                bot_level=bot_level,
                language=speaks.code,
                asked=(
                    LobbyMinimum(min_reliability),
                    Guestlist(private, () if invite is None else (invitee(invite),)),
                ),
            )

            async def created() -> Game:
                return game

            show = functools.partial(self._announce, interaction, speaks)
            await self.games.change(game.id, created, show, interaction)

    async def _announce(
        self, interaction: discord.Interaction, speaks: Language, game: Game
    ) -> Recorded:
        """The new lobby, as the command's answer, and its thread where the server wants one."""
        content, _ = await self.lobbies.message(game)
        lobby = await announce(interaction, **content)
        posted = replace(game, lobby_message_id=lobby.id)
        # Still holding the game: a Join or Start pressed on the lobby at once waits
        # until its thread is recorded, so the game never starts in the channel
        # while its thread is being made.
        try:
            settings = await self.settings.get(game.guild_id)
            if settings.threads:
                await self._open_thread(interaction, posted, speaks)
        except Exception:
            # The lobby is out: a missing thread must not be reported as nothing done.
            log.warning("could not give game %s its thread", game.id, exc_info=True)
        return {"lobby_message_id": lobby.id}

    async def _open_thread(
        self, interaction: discord.Interaction, game: Game, lang: Language
    ) -> None:
        """Gives the game its own thread off the lobby message, or says why it plays here
        (to the host, in their language; the thread is named in the server's)."""
        host = reader(interaction)
        if not isinstance(interaction.channel, discord.TextChannel):
            await tell(interaction, host._("Games started inside a thread play right there."))
            return
        missing = missing_thread_permissions(interaction.app_permissions, host)
        if missing is not None:
            await tell(interaction, missing)
            return
        if game.lobby_message_id is None:
            return
        lobby = interaction.channel.get_partial_message(game.lobby_message_id)
        try:
            thread = await lobby.create_thread(
                name=shared_words.game_name(face_for(game.kind).title, game),
                auto_archive_duration=1440,
            )
        except discord.HTTPException:
            log.warning("could not start a thread for game %s", game.id, exc_info=True)
            await tell(
                interaction,
                host._("I couldn't start a thread for this game, so it runs here in the channel."),
            )
            return
        await self.service.messages.set_thread(game.id, thread.id)
        # Named, the lobby links to its thread.
        await self.lobbies.show(replace(game, thread_id=thread.id))

    async def pressed(
        self, interaction: discord.Interaction, pressed: LobbyButton | BotSelect
    ) -> None:
        """A lobby's button or menu: join, leave, add or remove a computer player, start or
        cancel; the lobby shows the result, or becomes the game's table. Pressed on a
        message that doesn't show it (a custom_id copied onto another), starting and
        cancelling are refused as on a lobby that has moved on, and the rest is shown on
        the lobby's own message, never on the one pressed."""
        game_id, version, action = pressed.game, pressed.seen(pressed.version), pressed.action
        actor = actor_of(interaction, pressed.kind)

        # Joining and leaving mean the same whatever the lobby showed; starting
        # and cancelling act on exactly the seats that were shown.
        async def change() -> Game:
            if action is LobbyAction.ADD_BOT:
                return await self.service.add_bot(game_id, actor, None, selected(interaction))
            if action is LobbyAction.REMOVE_BOT:
                seat = _menu_number(selected(interaction))
                return await self.service.remove_bot(game_id, actor, None, seat)
            if action is LobbyAction.JOIN:
                return await self.service.join(game_id, player_of(interaction), None, actor.where)
            if action is LobbyAction.LEAVE:
                return await self.service.leave(game_id, actor, None)
            if action is LobbyAction.START:
                return await self.service.start(game_id, actor, version)
            return await self.service.cancel(game_id, actor, version)

        async def show(game: Game) -> Recorded:
            if game.status is GameStatus.ACTIVE:
                return await self.games.start(game, interaction)
            if not pressed.shown:
                await acknowledge(interaction)
                return await self.lobbies.show(game)
            content, _ = await self.lobbies.message(game)
            await update_clicked(interaction, **content)
            return {}

        await self.games.change(game_id, change, show, interaction)


def invitee(user: discord.User | discord.Member) -> Invitee:
    """Someone a command's option names, as Discord resolved them: only a member of the
    server comes with member data."""
    return Invitee(user.id, user.display_name, user.bot, isinstance(user, discord.Member))


def _menu_number(value: str) -> int:
    """A menu option's number (a seat); anything else was never one of its options."""
    if not re.fullmatch(r"-?[0-9]{1,3}", value):
        raise NotOnTheMenu()
    return int(value)
