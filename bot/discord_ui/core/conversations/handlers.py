"""A conversation's message when its token runs out, and **🔄 Show it here**.

In a conversation (a group DM, a DM between users, a server the bot is not in) the bot
edits its game's one message only through the token of the last interaction that showed
it, for 15 minutes (``bot.discord_ui.conversations``). A game played on the board
renews no token (its **Open the board** answers with no message), so the message would
stop following the game without a word. Before the token's last edit it is edited one
last time to say so: the game as it stands, the time it stopped, that the game goes on
on the board, and only **▶️ Open the board** and **🔄 Show it here**, whose press shows
the game there again through its fresh token, which the message then follows.

Tokens and lapses are rows (``conversation_tokens``): a process that starts looks at
once, lapsing a message whose token still lasts and only marking one whose token ran out
while it was down (its footer says where the game goes on, ``table_cards.FOLLOWS``).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any

import discord

from bot.background.looks import Looks
from bot.discord_ui import game_notes
from bot.discord_ui.card_layout import Card, Rows, edited
from bot.discord_ui.context import Context
from bot.discord_ui.conversations import Conversations
from bot.discord_ui.core.conversations.controls import ShowHere
from bot.discord_ui.interaction_answers import in_time, update_clicked
from bot.discord_ui.interactions import actor_of
from bot.discord_ui.limits import EDIT_WITHIN
from bot.discord_ui.lobby_card import lobby_card
from bot.discord_ui.part import LookingPart
from bot.storage import Game, GameStatus
from bot.storage.records import ConversationToken
from i18n import Language

log = logging.getLogger(__name__)

LAPSE_LEAD = 10.0
"""Seconds before a token's last edit (``EDIT_WITHIN`` after it was given) its message is
lapsed: a look wakes late by a busy event loop's turn and a database read, and a lapse
made a moment past the last edit would find the token too old to show it."""
NAP = 20.0
"""Seconds between looks when nothing is due here sooner: a press answered in another
process (a group DM's come on shard 0, its games' work on their scope's shard) keeps its
token without waking this one, which sees it at its next look, long before it is due."""
BOARD_BUTTON = "{kind}:board:{game}"
"""The custom_id of **▶️ Open the board** (the board's part draws it under a lobby and a
table of a conversation), the one control a lapsed message keeps beside 🔄."""


class ConversationMessages(LookingPart):
    """Each conversation game's message, lapsed before its token runs out (``looks``),
    and shown again by **🔄 Show it here**."""

    looks: Lapses

    controls = (ShowHere,)
    in_conversations = True

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.lobbies = context.lobbies
        self.hooks = context.hooks
        self.leases = context.leases
        self.conversations: Conversations = context.conversations
        self.looks = Lapses(self, self.conversations.kept)

    async def show_here(self, interaction: discord.Interaction, button: ShowHere) -> None:
        """The game as it stands (its lobby, table or result) on the pressed message,
        answered through the press, whose token the message follows from now on."""
        actor = actor_of(interaction, button.kind)
        async with self.games.held(button.game, interaction):
            game = await self.service.game_for(button.game, actor)
            await update_clicked(interaction, **await in_time(interaction, self._standing(game)))
            pressed = interaction.message
            if pressed is not None:
                await self.conversations.keep(game, pressed.id, interaction)

    async def _standing(self, game: Game) -> dict[str, Any]:
        """The message as the game stands, with its controls."""
        if game.state is None:
            content, _ = await self.lobbies.message(game)
            return content
        lang = await self.languages.of_game(game)
        last = await self.service.history.last_outcome(game.id)
        return edited(await self.games.card(game, lang.say(game_notes.AS_IT_STANDS), last, lang))

    async def lapse(self, due: ConversationToken) -> None:
        """The message of ``due`` shows the game one last time, saying it stopped
        following it (nothing is sent where the token is too old by now, after a stop:
        the message's footer says it); a game over has nothing more to follow."""
        async with self.games.held(due.game_id, admitted=True):
            kept = await self.service.conversations.token_of(due.game_id)
            if kept is None or kept.lapsed or kept.token != due.token:
                return  # a press meanwhile: the message follows its token now
            game = await self.service.game(due.game_id)
            if not game.status.is_open:
                await self.service.conversations.drop_token(game.id, kept.message_id)
                return
            if self.clock.now() - kept.given_at > EDIT_WITHIN:
                log.info("game %s's message stopped following it while the bot was away", game.id)
            elif not await self.conversations.edit(game, **edited(await self._lapsed(game))):
                log.info("game %s's message stopped following it unsaid", game.id)
            await self.service.conversations.mark_lapsed(kept)

    async def _lapsed(self, game: Game) -> Card:
        """The game as it stands under the words saying the message stopped following it,
        with only **▶️ Open the board** and **🔄 Show it here**."""
        lang = await self.languages.of_game(game)
        if game.status is GameStatus.LOBBY:
            seated = lobby_card(
                game,
                lang,
                added=await self.hooks.lobby_lines(game, lang),
                seat_notes=await self.hooks.seat_notes(game, lang),
            )
            # Its footer tells how to join, with a button the lapse takes away.
            card = replace(seated, footer=None)
            rows = await self.hooks.lobby_rows(game, lang, bots_allowed=False)
        else:
            last = await self.service.history.last_outcome(game.id)
            card = await self.games.card(game, lang.say(game_notes.AS_IT_STANDS), last, lang)
            rows = card.rows
        time = f"<t:{int(self.clock.now())}:t>"
        return replace(
            card,
            note=lang._(
                "⏸ This message stopped following the game at {time} (Discord lets me "
                "update it for 15 minutes after a press here). The game goes on on the board.",
                time=time,
            ),
            rows=(*_board_buttons(game, rows), (_show_here(game, lang),)),
            below=None,
        )


def _board_buttons(game: Game, rows: Rows) -> Rows:
    """The row of **▶️ Open the board** among ``rows``, if the board is served."""
    board = BOARD_BUTTON.format(kind=game.kind, game=game.id)
    return tuple(kept for row in rows if (kept := tuple(i for i in row if _custom_id(i) == board)))


def _custom_id(item: discord.ui.Item[Any]) -> str | None:
    return item.custom_id if isinstance(item, discord.ui.DynamicItem) else None


def _show_here(game: Game, lang: Language) -> ShowHere:
    return ShowHere(game.kind, game.id, label=lang._("Show it here"))


class Lapses(Looks):
    """Lapses each message of this process's shards' conversation games whose token is
    about to run out, the oldest first; ``moved`` is set when a token is kept (the
    next lapse may come sooner)."""

    what = "looking for conversation messages to lapse"

    def __init__(self, part: ConversationMessages, moved: asyncio.Event) -> None:
        super().__init__(part.clock, moved)
        self.part = part

    async def look(self) -> float:
        now = self.clock.now()
        records = self.part.service.conversations
        for kept in await records.due(self.part.leases.shards, now):
            lapses_at = kept.given_at + EDIT_WITHIN - LAPSE_LEAD
            if lapses_at > now:
                return min(lapses_at, now + NAP)
            await self.part.lapse(kept)
        return now + NAP
