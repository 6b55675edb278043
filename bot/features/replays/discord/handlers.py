"""Replays of finished games, shown to whoever asks and shared in the channel at their
word: ``/<game> replay [game]``, the Replay button on every result, and the Share button
on a replay shown privately.

A replay is an animated GIF of the table as it stood after each move, about a minute
long, made in a picture process from the game's move log by its face (what everybody
could see, step by step) and its renderer, fitted to the server's upload limit, and kept
once made (per language): the first asker sees "preparing…" become the replay, later
ones get it at once. Its Step through button shows the presser every step, one at a
time (``stepper``); each press names the step it shows, so it works after a restart.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Image, Rows, edited, flowed, sent
from bot.discord_ui.components import selected
from bot.discord_ui.context import Context
from bot.discord_ui.finished_games import named_game
from bot.discord_ui.game_messages import message_link
from bot.discord_ui.interaction_answers import (
    defer_now,
    require_private,
    reveal,
    tell,
    update_private,
)
from bot.discord_ui.interactions import reader
from bot.discord_ui.part import Part
from bot.features.replays.discord.components import (
    JumpMenu,
    ReplayButton,
    ShareReplayButton,
    StepButton,
)
from bot.features.replays.discord.description import replay_description
from bot.features.replays.discord.sharing import Sharing
from bot.features.replays.discord.stepper import jumped_to, step_card
from bot.features.replays.discord.taken_back import with_takebacks
from bot.games import shared_words
from bot.games.face import GOLD
from bot.games.faces import face_for
from bot.games.painters import PAINTERS
from bot.games.replay import Replay, ReplayTooLarge
from bot.service.errors import NoSuchFinishedGame, NotOnTheMenu
from bot.service.replay_service import ReplayService
from bot.storage import Game, GameStatus, SharedReplay
from bot.storage.shards import Shards
from i18n import Language, Message

log = logging.getLogger(__name__)

FILENAME = "replay.gif"
KEPT_REPLAYS = 32
"""Replays' steps kept worked out (per game and language), for the next press of a
step-through: a finished game never changes."""


class Replays(Part):
    """Replays of finished games, made once and shown to whoever asks."""

    controls = (ReplayButton, ShareReplayButton, StepButton, JumpMenu)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.client = context.client
        self.replays = ReplayService(context.database, context.clock.now)
        self.sharing = Sharing(context, "replay-share", self.replays, self._shared, already_shared)
        self._making: dict[tuple[int, str, int], asyncio.Task[bytes]] = {}
        """Replays being made, so that people asking at once wait for the same one."""
        self._worked_out: OrderedDict[tuple[int, str], Replay] = OrderedDict()

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

    async def replay_button(self, interaction: discord.Interaction, button: ReplayButton) -> None:
        """The Replay button on a game's result."""
        game = await self._finished(interaction, button.kind, button.game)
        await self._show(interaction, game)

    async def share_button(
        self, interaction: discord.Interaction, button: ShareReplayButton
    ) -> None:
        """Share, on a replay shown privately: posts the replay in the channel, in the
        game's own language, saying who shared it, and links it for the presser;
        "thinking…" holds the place while it is made. A game's replay is shared once
        (``Sharing``): a later press (anyone's, anywhere) is told where it is, unless that
        message was deleted since."""
        game = await self._finished(interaction, button.kind, button.game)
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
        replay = await self._replay(game, lang)
        sharer = f"<@{share.user_id}>"
        shared = Message("Shared by {player}.", player=sharer)
        described = await self._described(game, replay, lang)
        rows = ((_step_through(game, lang),),)
        return sent(_card(game, replay, gif, lang, described, lang.say(shared), rows))

    async def _gif(self, game: Game, lang: Language, limit: int) -> bytes:
        """The replay in ``lang`` within ``limit`` bytes: kept, or made now."""
        gif = await self.replays.stored(game.id, lang.code, limit)
        if gif is None:
            gif = await self._made(game, lang, limit, await self._replay(game, lang))
        return gif

    async def step_button(self, interaction: discord.Interaction, button: StepButton) -> None:
        """Step through (on a replay): the first step, in a private message of the
        presser's own; first, back, next and last (on that message): the step the button
        names, in place."""
        if button.way != "open":
            require_private(interaction)
        game = await self._finished(interaction, button.kind, button.game)
        lang = reader(interaction)
        replay = await self._replay(game, lang)
        step = min(button.step, len(replay.steps) - 1)
        if button.way == "open":
            await reveal(interaction, self._step(game, replay, step, lang))
        else:
            await update_private(interaction, self._step(game, replay, step, lang))

    async def jump(self, interaction: discord.Interaction, menu: JumpMenu) -> None:
        """A chapter picked in a step-through's menu: its first step, in place."""
        require_private(interaction)
        game = await self._finished(interaction, menu.kind, menu.game)
        lang = reader(interaction)
        replay = await self._replay(game, lang)
        step = jumped_to(replay.chapters, selected(interaction))
        if step is None:
            raise NotOnTheMenu()
        await update_private(interaction, self._step(game, replay, step, lang))

    async def _step(self, game: Game, replay: Replay, step: int, lang: Language) -> Card:
        png = await PAINTERS.paint(game.id, replay.still, replay.steps[step])
        title = shared_words.game_name(face_for(game.kind).title, game)
        return step_card(replay, step, png, game.kind, game.id, title, lang)

    async def _finished(self, interaction: discord.Interaction, kind: str, game_id: int) -> Game:
        """The finished game a button names (``named_game``), refused unless finished."""
        game = await named_game(self.service, interaction, kind, game_id)
        if game.status is not GameStatus.FINISHED:
            face = face_for(kind)
            raise NoSuchFinishedGame(face.title, shared_words.number(game), face.command)
        return game

    async def _show(self, interaction: discord.Interaction, game: Game) -> None:
        """The replay, to the asker alone, with the button that shares it."""
        lang = reader(interaction)
        limit = interaction.filesize_limit
        share = ShareReplayButton(game.kind, game.id, label=lang._("Share in the channel"))
        added = await self.context.hooks.replay_rows(game, lang)
        buttons = flowed(((share, _step_through(game, lang)), *added))
        gif = await self.replays.stored(game.id, lang.code, limit)
        replay = await self._replay(game, lang)
        described = await self._described(game, replay, lang)
        if gif is not None:
            card = _card(game, replay, gif, lang, described, rows=buttons)
            await interaction.response.send_message(**sent(card), ephemeral=True)
            return
        title = shared_words.game_name(face_for(game.kind).title, game)
        preparing = Card(title=None, text=lang._("🎞️ Preparing the replay of {game}…", game=title))
        await interaction.response.send_message(**sent(preparing), ephemeral=True)
        try:
            gif = await self._made(game, lang, limit, replay)
        except ReplayTooLarge:
            refused = Card(title=None, text=lang.say(_too_large(title, limit)))
            await interaction.edit_original_response(**edited(refused))
            return
        card = _card(game, replay, gif, lang, described, rows=buttons)
        await interaction.edit_original_response(**edited(card))

    async def _replay(self, game: Game, lang: Language) -> Replay:
        """The replay's steps, worked out from the move log (no picture drawn yet): for
        its description, which a replay kept as a GIF no longer holds, to draw it, and to
        step through it."""
        key = (game.id, lang.code)
        replay = self._worked_out.get(key)
        if replay is None:
            logged = await self.service.history.logged(game.id)
            outcomes = [outcome for outcome, taken_back in logged if not taken_back]
            replay = await asyncio.to_thread(face_for(game.kind).replay, game, outcomes, lang)
            replay = with_takebacks(replay, logged, lang)
            self._worked_out[key] = replay
            while len(self._worked_out) > KEPT_REPLAYS:
                self._worked_out.popitem(last=False)
        self._worked_out.move_to_end(key)
        return replay

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


def already_shared(game: Game, share: SharedReplay, lang: Language) -> str:
    """What a press of Share is told once the game's replay was shared (or is being):
    by whom, when and where."""
    title = shared_words.game_name(face_for(game.kind).title, game)
    if share.message_id is None:
        return lang._(
            "<@{user}> is sharing the replay of {game}: it is on its way to <#{channel}>, "
            "and Share links it once it is there.",
            user=share.user_id,
            game=title,
            channel=share.channel_id,
        )
    link = message_link(game.guild_id, share.channel_id, share.message_id)
    return lang._(
        "The replay of {game} is already shared: <@{user}> shared it <t:{when}:R>, here: {link}",
        game=title,
        user=share.user_id,
        when=int(share.shared_at),
        link=link,
    )


def _step_through(game: Game, lang: Language) -> StepButton:
    return StepButton(game.kind, game.id, 0, "open", emoji="⏯️", label=lang._("Step through"))


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
