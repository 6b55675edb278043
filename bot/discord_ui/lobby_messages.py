"""A game's lobby message in its channel: its seats and buttons while it is open, a note
once it started or closed, brought up to the game wherever it is."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot.discord_ui import game_notes
from bot.discord_ui.card_layout import layout, stripped
from bot.discord_ui.conversations import Conversations
from bot.discord_ui.game_messages import GameMessages, Recorded
from bot.discord_ui.lean_requests import edit_message
from bot.discord_ui.lobby_card import lobby_card
from bot.discord_ui.message_hooks import MessageHooks
from bot.discord_ui.public_languages import PublicLanguages
from bot.discord_ui.table_cards import followed
from bot.service import GuildSettingsService
from bot.storage import Game, GameStatus
from i18n import Language, language


@dataclass(eq=False)
class LobbyMessages:
    """A game's lobby message in its channel, brought up to the game."""

    settings: GuildSettingsService
    languages: PublicLanguages
    places: GameMessages
    hooks: MessageHooks
    conversations: Conversations

    async def message(self, game: Game) -> tuple[dict[str, Any], Language]:
        """The lobby message as the game stands, and the server's language it is in: its
        seats and the features' controls while open (told whether the server allows
        computer players; in a conversation, where the game goes on if the message stops
        following it), a note once the game started or closed. One read of the server's
        settings serves both."""
        settings = await self.settings.get(game.guild_id)
        lang = self.languages.chosen(settings, game.guild_id)
        if game.language is not None:
            lang = language(game.language)
        if game.status is GameStatus.LOBBY:
            rows = await self.hooks.lobby_rows(game, lang, settings.bots_allowed)
            added = await self.hooks.lobby_lines(game, lang)
            notes = await self.hooks.seat_notes(game, lang)
            card = lobby_card(game, lang, rows=rows, added=added, seat_notes=notes)
            if game.interaction_only:
                card = followed(card, lang)
        else:
            card = lobby_card(game, lang, game_notes.lobby_note(game, lang))
        return {"view": layout(card)}, lang

    async def show(self, game: Game) -> Recorded:
        """Brings the lobby message up to the game. One whose id was never recorded (it
        went out just before a failure or a stop) is found in the channel, so that no
        second lobby is posted beside it; a lost open lobby is posted afresh. A lobby
        closed before its game began takes its thread with it, where the bot may. A
        conversation's lobby is edited where its token allows, else left as it is."""
        became_table = game.lobby_message_id is not None and (
            game.lobby_message_id == game.turn_message_id
        )
        if game.status is not GameStatus.LOBBY and became_table:
            return {}  # the table shows the game
        if game.interaction_only:
            # Its one message, through its token while that lasts; never posted anew.
            content, _ = await self.message(game)
            await self.conversations.edit(game, **content)
            return {}
        gone: Recorded = {}
        never_played = game.status is GameStatus.CANCELLED and game.started_at is None
        if never_played and game.thread_id is not None and await self.places.delete_thread(game):
            gone, game = {"thread_id": None}, replace(game, thread_id=None)
        content, _ = await self.message(game)
        if await self.places.edit_lobby(game, **content):
            return gone
        unrecorded = await self.places.unrecorded_lobbies(game)
        if unrecorded:
            newest, *older = unrecorded
            client = self.places.client
            for message in older:
                await edit_message(client, message.channel.id, message.id, **stripped(message))
            await edit_message(client, newest.channel.id, newest.id, **content)
            return gone | {"lobby_message_id": newest.id}
        if game.status is not GameStatus.LOBBY:
            return gone
        return {"lobby_message_id": (await self.places.post_lobby(game, **content)).id}
