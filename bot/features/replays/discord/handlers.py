"""Replays of finished games, shown to whoever asks and shared in the channel at their
word: ``/<game> replay [game]``, the Replay button on every result, and the Share button
on a replay shown privately.

A replay is an animated GIF of the table as it stood after each move, about a minute
long, made in a picture process from the game's move log by its face (what everybody
could see, step by step) and its renderer, fitted to the server's upload limit, and kept
once made (per language): the first asker sees "preparing…" become the replay, later
ones get it at once. Its Step through button opens the game's step-through
(``bot.discord_ui.core.step_through``), every step one at a time.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Image, Rows, flowed, sent
from bot.discord_ui.context import Context
from bot.discord_ui.core.step_through.components import StepButton, opening
from bot.discord_ui.interaction_answers import answer_privately, defer_now, tell
from bot.discord_ui.interactions import reader
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.part import Part
from bot.discord_ui.sharing import ShareButton, Sharing, ShowButton, Told
from bot.features.replays.discord.components import ReplayButton, ShareReplayButton
from bot.features.replays.discord.description import replay_description
from bot.features.replays.service import ReplayService
from bot.games import shared_words
from bot.games.face import GOLD
from bot.games.faces import face_for
from bot.games.painters import PAINTERS
from bot.games.replay import Replay, ReplayTooLarge
from bot.storage import Game, SharedReplay
from bot.storage.shards import Shards
from i18n import N_, Language, Message

log = logging.getLogger(__name__)

FILENAME = "replay.gif"
ALREADY_SHARED = Told(
    N_(
        "<@{user}> is sharing the replay of {game}: it is on its way to <#{channel}>, "
        "and Share links it once it is there."
    ),
    N_("The replay of {game} is already shared: <@{user}> shared it <t:{when}:R>, here: {link}"),
)
"""What a press of Share is told once the game's replay was shared (or is being): by
whom, when and where."""


class Replays(Part, Adds):
    """Replays of finished games, made once and shown to whoever asks."""

    controls = (ReplayButton, ShareReplayButton)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.replays = context.service.part(ReplayService)
        self.steps = context.replays
        self.sharing = Sharing(context, "replay-share", self.replays, self._shared, ALREADY_SHARED)
        self._making: dict[tuple[int, str, int], asyncio.Task[bytes]] = {}
        """Replays being made, so that people asking at once wait for the same one."""

    async def result_rows(self, game: Game, lang: Language) -> Rows:
        """The button that replays a finished game, under its result."""
        return ((ReplayButton(game.kind, game.id, label=lang._("Replay")),),)

    async def command(
        self, interaction: discord.Interaction, kind: str, number: int | None
    ) -> None:
        """``/<game> replay``: the server's finished game ``number``, or the last one
        finished in this channel."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        game_id = await self.replays.which(
            interaction.guild_id, kind, interaction.channel_id, number
        )
        await self._show(interaction, await self.service.game(game_id))

    async def show_button(self, interaction: discord.Interaction, button: ShowButton) -> None:
        """The Replay button on a game's result."""
        game = await self.steps.finished(interaction, button.kind, button.game)
        await self._show(interaction, game)

    async def share_button(self, interaction: discord.Interaction, button: ShareButton) -> None:
        """Share, on a replay shown privately: posts the replay in the channel, in the
        game's own language, saying who shared it, and links it for the presser;
        "thinking…" holds the place while it is made. A game's replay is shared once
        (``Sharing``): a later press (anyone's, anywhere) is told where it is, unless that
        message was deleted since."""
        game = await self.steps.finished(interaction, button.kind, button.game)
        share = await self.sharing.claimed(interaction, game)
        if share is None:
            return
        await defer_now(interaction, ephemeral=True, thinking=True)
        lang = await self.languages.of_game(game)
        limit = interaction.filesize_limit
        try:
            await self._gif(game, lang, limit)
        except ReplayTooLarge:
            await self.replays.shared(game.id, share, None)
            title = shared_words.game_name(face_for(game.kind).title, game)
            await tell(interaction, reader(interaction).say(_too_large(title, limit)))
            return
        await self.sharing.post(interaction, game, share, limit)

    async def resumed(self, shards: Shards) -> None:
        """The shares of ``shards``' replays that a stop cut short are posted."""
        await self.sharing.resumed(shards)

    async def _shared(self, game: Game, share: SharedReplay, limit: int) -> dict[str, Any] | None:
        """The replay as shared in the channel, in the game's language, saying who shared
        it; ``None`` when it can't be made within ``limit`` bytes."""
        lang = await self.languages.of_game(game)
        try:
            gif = await self._gif(game, lang, limit)
        except ReplayTooLarge:
            return None
        replay = await self.steps.replay(game, lang)
        sharer = f"<@{share.user_id}>"
        shared = Message("Shared by {player}.", player=sharer)
        described = await self._described(game, replay, lang)
        rows = ((_step_through(game, lang),),)
        return sent(_card(game, replay, gif, lang, described, lang.say(shared), rows))

    async def _gif(self, game: Game, lang: Language, limit: int) -> bytes:
        """The replay in ``lang`` within ``limit`` bytes: kept, or made now."""
        gif = await self.replays.stored(game.id, lang.code, limit)
        if gif is None:
            gif = await self._made(game, lang, limit, await self.steps.replay(game, lang))
        return gif

    async def _show(self, interaction: discord.Interaction, game: Game) -> None:
        """The replay, to the asker alone, with the button that shares it."""
        lang = reader(interaction)
        limit = interaction.filesize_limit
        share = ShareReplayButton(game.kind, game.id, label=lang._("Share in the channel"))
        added = await self.context.hooks.replay_rows(game, lang)
        buttons = flowed(((share, _step_through(game, lang)), *added))
        gif = await self.replays.stored(game.id, lang.code, limit)
        replay = await self.steps.replay(game, lang)
        described = await self._described(game, replay, lang)
        if gif is not None:
            card = _card(game, replay, gif, lang, described, rows=buttons)
            await answer_privately(interaction, card)
            return
        title = shared_words.game_name(face_for(game.kind).title, game)
        preparing = Card(title=None, text=lang._("🎞️ Preparing the replay of {game}…", game=title))
        answer = await answer_privately(interaction, preparing)
        try:
            gif = await self._made(game, lang, limit, replay)
        except ReplayTooLarge:
            await answer.edit(Card(title=None, text=lang.say(_too_large(title, limit))))
            return
        await answer.edit(_card(game, replay, gif, lang, described, rows=buttons))

    async def _described(self, game: Game, replay: Replay, lang: Language) -> str:
        results = await self.service.history.results(game.id)
        title = shared_words.game_name(face_for(game.kind).title, game)
        return replay_description(game, title, replay.steps, results, lang)

    async def _made(self, game: Game, lang: Language, limit: int, replay: Replay) -> bytes:
        key = (game.id, lang.code, limit)
        making = self._making.get(key)
        if making is None:
            making = asyncio.create_task(self._make(game, lang, limit, replay))
            self._making[key] = making
            making.add_done_callback(lambda _: self._making.pop(key, None))
        # One asker giving up (a stop) leaves the replay to be made for the others.
        return await asyncio.shield(making)

    async def _make(self, game: Game, lang: Language, limit: int, replay: Replay) -> bytes:
        gif = await PAINTERS.paint(game.id, replay.render, replay.steps, limit)
        await self.replays.keep(game.id, lang.code, gif)
        log.info(
            "game %s: replay made in %s, %d steps, %d bytes",
            game.id,
            lang.code,
            len(replay.steps),
            len(gif),
        )
        return gif


def _too_large(title: str, limit: int) -> Message:
    return Message(
        "{game} has more steps than a replay can show within this server's upload limit "
        "({megabytes} MB), even with its pictures shrunk and its ordinary steps merged.",
        game=title,
        megabytes=limit // (1024 * 1024),
    )


def _step_through(game: Game, lang: Language) -> StepButton:
    return opening(game.kind, game.id, 0, lang._("Step through"))


def _card(
    game: Game,
    replay: Replay,
    gif: bytes,
    lang: Language,
    described: str,
    note: str | None = None,
    rows: Rows = (),
) -> Card:
    title = shared_words.game_name(face_for(game.kind).title, game)
    return Card(
        title=lang._("🎞️ Replay · {game}", game=title),
        text=lang._(
            "About a minute of the game as the table showed it, what happened written "
            "above each step: {moments} and the end are all there and held longer, "
            "ordinary moves between them merged. It starts again after the final "
            "position; Step through shows every move, one at a time.",
            moments=replay.moments,
        ),
        accent=GOLD,
        image=Image(gif, described, FILENAME),
        rows=rows,
        note=note,
    )
