"""Opening a game: ``new`` posts its lobby (in a thread of its own where the server
wants one); the lobby's buttons and menus seat players and computer players, start
the game or cancel it, and its **How to play** shows whoever presses it the rules."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from functools import partial

import discord

from bot.discord_ui.card_layout import Rows
from bot.discord_ui.commanded_game import cannot_post
from bot.discord_ui.components import selected
from bot.discord_ui.conversations import place_of
from bot.discord_ui.core.lobby.controls import (
    BotSelect,
    HowToPlay,
    LobbyAction,
    LobbyButton,
    lobby_rows,
)
from bot.discord_ui.core.turns.commands import show_rules
from bot.discord_ui.interactions import actor_of, player_of, reader
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.part import Part
from bot.discord_ui.table_asks import On
from bot.games.faces import face_for
from bot.service.errors import NotOnTheMenu
from bot.storage import Game
from bot.storage.game_values import Options
from i18n import Language


class Lobbies(Part, Adds):
    """New games: ``new`` posts a lobby, whose buttons and menus seat its players."""

    controls = (LobbyButton, BotSelect, HowToPlay)
    in_conversations = True

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
        asked: Sequence[object] = (),
    ) -> None:
        """``/<game> new``: a lobby for a new game here (in a thread of its own where the server
        wants one), with any computer players asked for seated at once, and what the host
        asked of the features with their options (``asked``: each feature's own kind of
        request, such as a minimum reliability for joining, or a private table's guests)."""
        place = place_of(interaction)
        if place.interaction_only:
            # The answer needs no permission there (nor has the bot any to post); the
            # game speaks its host's language, the conversation having no settings.
            scope = await self.context.conversations.scope(interaction)
            assert scope is not None
            speaks, reached_in = reader(interaction), place.guild_id
        else:
            if await cannot_post(interaction):
                return
            assert interaction.guild_id is not None
            scope, reached_in = interaction.guild_id, None
            speaks = await self.languages.of_server(interaction.guild_id)
        # Held from before the lobby is saved: a catch-up meanwhile would post it too.
        async with self.games.opening():
            game = await self.service.create_lobby(
                kind=kind,
                guild_id=scope,
                channel_id=place.channel_id,
                host=player_of(interaction),
                options=options,
                turn_timeout=turn_timeout,
                bots=bots,
                bot_level=bot_level,
                language=speaks.code,
                asked=asked,
                reached_in=reached_in,
            )
            await self.games.announce(game, interaction)

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
        service = self.service
        changing: Callable[[], Awaitable[Game]]
        if action is LobbyAction.ADD_BOT:
            changing = partial(service.add_bot, game_id, actor, None, selected(interaction))
        elif action is LobbyAction.REMOVE_BOT:
            seat = _menu_number(selected(interaction))
            changing = partial(service.remove_bot, game_id, actor, None, seat)
        elif action is LobbyAction.JOIN:
            changing = partial(service.join, game_id, player_of(interaction), None, actor.where)
        elif action is LobbyAction.LEAVE:
            changing = partial(service.leave, game_id, actor, None)
        elif action is LobbyAction.START:
            changing = partial(service.start, game_id, actor, version)
        else:
            changing = partial(service.cancel, game_id, actor, version)
        on = On.LOBBY if pressed.shown else On.ELSEWHERE
        await self.games.change(game_id, changing, on, interaction)

    async def how_to_play(self, interaction: discord.Interaction, pressed: HowToPlay) -> None:
        """**How to play**: the rules, to the presser alone, with what the features add
        under them (🎓 **Learn to play**), as ``/<game> rules`` answers; the lobby is left
        as it is."""
        await show_rules(interaction, face_for(pressed.kind))


def _menu_number(value: str) -> int:
    """A menu option's number (a seat); anything else was never one of its options."""
    if not re.fullmatch(r"-?[0-9]{1,3}", value):
        raise NotOnTheMenu()
    return int(value)
