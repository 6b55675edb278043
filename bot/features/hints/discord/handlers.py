"""Hints on Discord: a lobby, a table and a result say the game has them (and what each
player asked), and 💡 **Hint** under the table answers the player to act alone, in
their own language, with each of their options as the judge weighs it. Anyone else's
press is refused in plain words.

A hint is weighed off the event loop (``HintService``); while it is, "thinking…" holds
the place of the private answer within Discord's 3 seconds."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_ui.card_layout import Card, Line, Rows
from bot.discord_ui.context import Context
from bot.discord_ui.interaction_answers import reveal
from bot.discord_ui.interactions import actor_of, reader
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.part import Part
from bot.features.hints.discord.cards import asked_line, hint_card, hints_on_line
from bot.features.hints.discord.controls import HintButton
from bot.features.hints.service import HintService
from bot.storage import Game, GameStatus
from i18n import Language


class Hints(Part, Adds):
    """Hints for the player to act, in games opened with them."""

    controls = (HintButton,)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.hints = context.service.part(HintService)

    async def lobby_lines(self, game: Game, lang: Language) -> Sequence[Line]:
        """A lobby opened with hints says so, and that its game won't be rated."""
        return (hints_on_line(lang),) if await self.hints.hints_on(game.id) else ()

    async def table_lines(self, game: Game, lang: Language) -> Sequence[Line]:
        """A running table with hints says so; its result says how many each asked."""
        if not await self.hints.hints_on(game.id):
            return ()
        if game.status is GameStatus.FINISHED:
            return (asked_line(game, await self.hints.hints_asked(game.id), lang),)
        return (hints_on_line(lang),)

    async def table_rows(self, game: Game, lang: Language) -> Rows:
        """💡 **Hint** under the table of a running game with hints."""
        if game.status is not GameStatus.ACTIVE or not await self.hints.hints_on(game.id):
            return ()
        return ((HintButton(game.kind, game.id, game.version, label=lang._("Hint")),),)

    async def hint(self, interaction: discord.Interaction, button: HintButton) -> None:
        """**Hint**: the presser's options weighed, to them alone; refused to anyone not
        to act, and on a table the game has moved past."""
        actor = actor_of(interaction, button.kind)
        lang = reader(interaction)

        async def rendering() -> Card:
            hint = await self.hints.hint(button.game, actor, button.seen(button.version))
            return hint_card(hint, lang)

        await reveal(interaction, rendering())
