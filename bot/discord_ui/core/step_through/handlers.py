"""A finished game stepped through, one move at a time, in a private message of the
presser's own: opened from its replay, or from its report on the decision it names
(``cards``). Each press names the step it shows, so it works after a restart."""

from __future__ import annotations

import discord

from bot.discord_ui.card_layout import Card
from bot.discord_ui.components import selected
from bot.discord_ui.context import Context
from bot.discord_ui.core.step_through.cards import jumped_to, step_card
from bot.discord_ui.core.step_through.components import JumpMenu, StepButton
from bot.discord_ui.interaction_answers import require_private, reveal, update_private
from bot.discord_ui.interactions import reader
from bot.discord_ui.part import Part
from bot.games import shared_words
from bot.games.faces import face_for
from bot.games.painters import PAINTERS
from bot.games.replay import Replay
from bot.service.errors import NotOnTheMenu
from bot.storage import Game
from i18n import Language


class StepThrough(Part):
    """Finished games' step-throughs, each step drawn when it is shown."""

    controls = (StepButton, JumpMenu)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.replays = context.replays

    async def step_button(self, interaction: discord.Interaction, button: StepButton) -> None:
        """Step through (on a replay or a report): the step the button names, in a
        private message of the presser's own; first, back, next and last (on that
        message): the step the button names, in place."""
        if button.way != "open":
            require_private(interaction)
        game = await self.replays.finished(interaction, button.kind, button.game)
        lang = reader(interaction)
        replay = await self.replays.replay(game, lang)
        step = min(button.step, len(replay.steps) - 1)
        if button.way == "open":
            await reveal(interaction, self._step(game, replay, step, lang))
        else:
            await update_private(interaction, self._step(game, replay, step, lang))

    async def jump(self, interaction: discord.Interaction, menu: JumpMenu) -> None:
        """A chapter picked in a step-through's menu: its first step, in place."""
        require_private(interaction)
        game = await self.replays.finished(interaction, menu.kind, menu.game)
        lang = reader(interaction)
        replay = await self.replays.replay(game, lang)
        step = jumped_to(replay.chapters, selected(interaction))
        if step is None:
            raise NotOnTheMenu()
        await update_private(interaction, self._step(game, replay, step, lang))

    async def _step(self, game: Game, replay: Replay, step: int, lang: Language) -> Card:
        png = await PAINTERS.paint(game.id, replay.still, replay.steps[step])
        title = shared_words.game_name(face_for(game.kind).title, game)
        return step_card(replay, step, png, game.kind, game.id, title, lang)
