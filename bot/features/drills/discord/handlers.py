"""Drills in Discord: ``/my drills`` shows the asker what is due over every game and how
each game's drills and decisions go, with **Start**, and their weakest themes, with a
button each that serves that theme's; ``/<game> drills`` serves that game's at once (one
theme's, with ``theme``). A session serves five drills at most, one at a time in the same message:
a press answers the drill shown, and the message becomes the answer, with the game's
step-through at that move and **Next drill**.

Every message of a drill is its player's own (ephemeral), in a channel or in a direct
message, and every press acts on the presser's own drill at the version the message
shows: another member's drill, an older message or a second answer is refused in plain
words and changes nothing (``DrillService``). While the bot runs, the service makes each
finished game's drills as it ends, the drills' reminders go out
(``DrillReminderWatch``), and the servers' positions of the day (``DailyWatch``)."""

from __future__ import annotations

import discord

from bot.discord_ui.card_layout import Card
from bot.discord_ui.components import selected
from bot.discord_ui.context import Context
from bot.discord_ui.interaction_answers import require_private, reveal, update_private
from bot.discord_ui.interactions import reader
from bot.discord_ui.part import LookingPart
from bot.features.drills.discord.cards import (
    answer_card,
    drill_card,
    drills_card,
    ended_card,
    none_due_card,
)
from bot.features.drills.discord.controls import (
    DrillAnswer,
    DrillHint,
    DrillPick,
    NextDrill,
    scope_of,
)
from bot.features.drills.discord.daily_posts import DAILY_CONTROLS, DailyAnswering, DailyWatch
from bot.features.drills.discord.reminders import DrillReminderWatch
from bot.features.drills.drill import Drill
from bot.features.drills.errors import DrillGameGone
from bot.features.drills.service import SESSION, DrillService
from bot.features.drills.themes import theme_scope
from bot.service.errors import GameNotFound
from bot.storage import Game
from bot.storage.shards import Shards
from i18n import Language


class Drilling(LookingPart, DailyAnswering):
    """Each player's drills, served to them alone and answered by their presses; and the
    servers' positions of the day (``DailyAnswering``)."""

    controls = (DrillAnswer, DrillPick, DrillHint, NextDrill, *DAILY_CONTROLS)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.drills = context.service.part(DrillService)
        self.looks = DrillReminderWatch(context)
        self.daily = self.drills.daily
        self.daily_looks = DailyWatch(context, self.daily)

    def start(self) -> None:
        """Games that end from now have their drills made as they end, where the judges
        run in processes of their own (in a thread of the bot's, judging every game's
        end would hold its loop: they are made when asked); the reminders watch starts."""
        if self.drills.core.reports.judged_apart:
            self.drills.start()
        super().start()
        self.daily_looks.start()

    async def resumed(self, shards: Shards) -> None:
        await super().resumed(shards)
        self.daily_looks.moved.set()

    async def stop(self) -> None:
        await super().stop()
        await self.daily_looks.stop()
        await self.drills.stop()

    async def my_drills(self, interaction: discord.Interaction) -> None:
        """``/my drills``: what is due over every game, and each game's progress."""
        await reveal(interaction, self._overview(interaction.user.id, reader(interaction)))

    async def game_drills(
        self, interaction: discord.Interaction, kind: str, theme: str | None = None
    ) -> None:
        """``/<game> drills [theme]``: the game's first drill due (of ``theme``, where
        given), or that none is."""
        scope = kind if theme is None else theme_scope(kind, theme)
        await reveal(interaction, self._served(interaction, scope, 0))

    async def next_pressed(self, interaction: discord.Interaction, pressed: NextDrill) -> None:
        """**Start** under ``/my drills``, or **Next drill** after an answer: the
        session's next drill due, in place."""
        require_private(interaction)
        await update_private(interaction, self._served(interaction, pressed.scope, pressed.served))

    async def answered(self, interaction: discord.Interaction, pressed: DrillAnswer) -> None:
        """One of a drill's options, pressed."""
        require_private(interaction)
        await update_private(interaction, self._answered(interaction, pressed, pressed.option))

    async def picked(self, interaction: discord.Interaction, pressed: DrillPick) -> None:
        """One of a drill's options, picked from its menu."""
        require_private(interaction)
        answering = self._answered(interaction, pressed, selected(interaction))
        await update_private(interaction, answering)

    async def hinted(self, interaction: discord.Interaction, pressed: DrillHint) -> None:
        """**Show the costs**: the drill again, each option's cost under it."""
        require_private(interaction)
        await update_private(interaction, self._hinted(interaction, pressed))

    async def _hinted(self, interaction: discord.Interaction, pressed: DrillHint) -> Card:
        """The drill ``pressed`` names, its costs shown at the version its message shows."""
        user = interaction.user.id
        game = await self._game(await self.drills.drill(user, pressed.drill))
        drill = await self.drills.hint(user, pressed.drill, pressed.seen(pressed.version))
        return await drill_card(drill, game, pressed.scope, pressed.served, reader(interaction))

    async def _overview(self, user: int, lang: Language) -> Card:
        # Asking for them makes the drills of games that ended while no bot made them.
        await self.drills.due(user)
        progress = await self.drills.progress(user)
        return drills_card(progress, lang, await self.drills.weak_themes(user))

    async def _served(self, interaction: discord.Interaction, scope: str, served: int) -> Card:
        """The session's next drill due (``served`` served before it), or how it ends."""
        user, lang = interaction.user.id, reader(interaction)
        kind, theme = scope_of(scope)
        if served >= SESSION:
            return ended_card(scope, await self._left(user, scope), lang)
        due = await self.drills.due(user, kind, limit=1, theme=theme)
        if not due and served:
            return ended_card(scope, 0, lang)
        if not due:
            # Nothing due at a session's start (a Start pressed on an older message too).
            progress = await self.drills.progress(user)
            return (
                drills_card(progress, lang)
                if kind is None
                else none_due_card(kind, progress, lang, theme)
            )
        drill = due[0]
        return await drill_card(drill, await self._game(drill), scope, served, lang)

    async def _answered(
        self, interaction: discord.Interaction, pressed: DrillAnswer | DrillPick, option: str
    ) -> Card:
        """The drill ``pressed`` names answered ``option`` at the version its message
        shows."""
        user, version = interaction.user.id, pressed.seen(pressed.version)
        # Its game first: one no longer kept is refused before the answer counts.
        game = await self._game(await self.drills.drill(user, pressed.drill))
        answered = await self.drills.answer(user, pressed.drill, version, option)
        left = await self._left(user, pressed.scope)
        here = interaction.guild_id == answered.drill.guild_id
        now = self.clock.now()
        lang = reader(interaction)
        return answer_card(
            answered, game, pressed.scope, pressed.served, left, now, lang, here=here
        )

    async def _left(self, user: int, scope: str) -> int:
        """How many of the session's drills are still due."""
        return await self.drills.due_count(user, *scope_of(scope))

    async def _game(self, drill: Drill) -> Game:
        """The game the drill was last met in, whose seats name its players."""
        try:
            return await self.service.game(drill.game_id)
        except GameNotFound:
            raise DrillGameGone() from None
