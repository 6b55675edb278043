"""Reports of what decided finished games, shown to whoever asks and shared in the
channel at their word: ``/<game> analysis [game]``, the What decided it button under
every result and replay, and the Share button on a report shown privately.

A game is judged once, off the event loop (``judging``), the first asker seeing
"judging…" become the report (judged before the reports nobody waits for, and refused
in plain words past the reports a member may wait for at once); later ones get it at
once. Its picture is the game's costliest decision's position as the replay draws it,
with a button into the replay's step-through at that move.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Rows, flowed, sent
from bot.discord_ui.context import Context
from bot.discord_ui.core.step_through.components import opening
from bot.discord_ui.finished_games import named_game
from bot.discord_ui.interaction_answers import answer_privately
from bot.discord_ui.interactions import reader
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.sharing import ShareButton, Sharing, ShowButton, Told
from bot.features.analysis.discord.components import ReportButton, ShareReportButton
from bot.features.analysis.discord.form_lines import ShowsForm
from bot.features.analysis.discord.report_card import Report, report_card
from bot.features.analysis.service import AnalysisService
from bot.games import shared_words
from bot.games.analysis import Analysis
from bot.games.faces import face_for, report_words_for
from bot.games.limits import shortened
from bot.games.painters import PAINTERS
from bot.games.registry import analyst_for, rules_for
from bot.games.replay import step_showing
from bot.service.game_reports import Asker, Urgency
from bot.storage import Game, SharedReplay
from bot.storage.shards import Shards
from i18n import N_, Language, Message

NAME = 40
"""Characters of a player's name on a button (Discord allows a label 80)."""
ALREADY_SHARED = Told(
    N_(
        "<@{user}> is sharing the report of {game}: it is on its way to <#{channel}>, "
        "and Share links it once it is there."
    ),
    N_("The report of {game} is already shared: <@{user}> shared it <t:{when}:R>, here: {link}"),
)
"""What a press of Share is told once the game's report was shared (or is being)."""


class Reports(ShowsForm, Adds):
    """Reports of what decided finished games, each judged once and shown to whoever
    asks."""

    controls = (ReportButton, ShareReportButton)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.reports = context.service.part(AnalysisService)
        self.sharing = Sharing(context, "report-share", self.reports, self._shared, ALREADY_SHARED)

    async def result_rows(self, game: Game, lang: Language) -> Rows:
        """The button that shows what decided a finished game, under its result."""
        return ((ReportButton(game.kind, game.id, label=lang._("What decided it")),),)

    async def replay_rows(self, game: Game, lang: Language) -> Rows:
        """The same button under the game's replay."""
        return await self.result_rows(game, lang)

    async def command(
        self, interaction: discord.Interaction, kind: str, number: int | None
    ) -> None:
        """``/<game> analysis``: the server's game ``number``, or the last one finished in
        this channel; refused for a game still played or closed before its end."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        game = await self.reports.which(interaction.guild_id, kind, interaction.channel_id, number)
        await self._show(interaction, game)

    async def show_button(self, interaction: discord.Interaction, button: ShowButton) -> None:
        """What decided it, under a game's result or replay."""
        await self._show(interaction, await self._finished(interaction, button.kind, button.game))

    async def share_button(self, interaction: discord.Interaction, button: ShareButton) -> None:
        """Share, on a report shown privately: posts it in the channel, in the game's own
        language, saying who shared it, and links it for the presser. A game's report is
        shared once (``Sharing``): a later press is told where it is, unless that message
        was deleted since."""
        game = await self._finished(interaction, button.kind, button.game)
        share = await self.sharing.claimed(interaction, game)
        if share is not None:
            await self.sharing.post(interaction, game, share, interaction.filesize_limit)

    async def resumed(self, shards: Shards) -> None:
        """The shares of ``shards``' reports that a stop cut short are posted."""
        await self.sharing.resumed(shards)

    async def _shared(self, game: Game, share: SharedReplay, limit: int) -> dict[str, Any]:
        """The report as shared in the channel: in the game's language, saying who shared it."""
        lang = await self.languages.of_game(game)
        sharer = f"<@{share.user_id}>"
        shared = lang.say(Message("Shared by {player}.", player=sharer))
        return sent(await self._card(game, lang, note=shared))

    async def _finished(self, interaction: discord.Interaction, kind: str, game_id: int) -> Game:
        """The finished game a button names (``named_game``), refused unless finished."""
        return self.reports.finished(await named_game(self.service, interaction, kind, game_id))

    async def _show(self, interaction: discord.Interaction, game: Game) -> None:
        """The report, to the asker alone, with the button that shares it."""
        lang = reader(interaction)
        kept = await self.reports.stored(game.id)
        if kept is None or not kept.current:
            # Begun (or refused, past the asker's bound) before anything is shown.
            making = self.reports.judged(game, Asker(interaction.user.id, game.id, Urgency.ASKED))
            title = shared_words.game_name(face_for(game.kind).title, game)
            judging = Card(
                title=None,
                text=lang._("📊 Judging every decision of {game}…", game=title),
            )
            answer = await answer_privately(interaction, judging)
            judged = await asyncio.shield(making)
            await answer.edit(await self._card(game, lang, shared=False, analysis=judged))
            return
        card = await self._card(game, lang, shared=False, analysis=kept)
        await answer_privately(interaction, card)

    async def _card(
        self,
        game: Game,
        lang: Language,
        note: str | None = None,
        *,
        shared: bool = True,
        analysis: Analysis | None = None,
    ) -> Card:
        """The report's card; ``analysis`` the report where it was just read, else it is
        read (or judged) here."""
        if analysis is None:
            analysis = await self.reports.analysis(game)
        outcomes = await self.service.history.outcomes(game.id)
        face = face_for(game.kind)
        report = Report(
            game,
            shared_words.game_name(face.title, game),
            analysis,
            await self.service.history.results(game.id),
            [outcome.before for outcome in outcomes],
            report_words_for(game.kind),
            analyst_for(game.kind).chance_thresholds,
            rules_for(game.kind).teams(len(game.seats)),
            analyst_for(game.kind).thresholds,
        )
        worst = report.costliest()
        rows: list[discord.ui.Item[Any]] = []
        if not shared:
            rows.append(ShareReportButton(game.kind, game.id, label=lang._("Share in the channel")))
        png, caption = None, ""
        if worst is not None:
            replay = await asyncio.to_thread(face.replay, game, outcomes, lang)
            # The picture is the position the move was made in; the step-through opens on
            # the move itself, numbered as the report numbers it, one Back from there.
            shown = step_showing(worst.move)
            step = replay.steps[shown - 1]
            png = await PAINTERS.paint(game.id, replay.still, step)
            caption = step.caption
            label = lang._("Step through from move {move}", move=lang.number(shown))
            rows.append(opening(game.kind, game.id, shown, label))
        # Each player's own costliest decision is a press away too.
        for summary in report.summaries():
            costly = summary.costliest
            if costly is None or costly.move == (worst.move if worst else None):
                continue
            player = shortened(shared_words.seat_name(game.seats[summary.seat], lang), NAME)
            shown = step_showing(costly.move)
            label = lang._("{player}: move {move}", player=player, move=lang.number(shown))
            rows.append(opening(game.kind, game.id, shown, label))
        return report_card(report, png, caption, lang, flowed((tuple(rows),)), note)
