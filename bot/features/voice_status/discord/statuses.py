"""A voice channel's status kept current while a game is played in its chat (Discord's Set
Voice Channel Status, ``PUT /channels/{id}/voice-status``): each game shown there sets it
to the line its face writes, in the game's language, and its end (finished, cancelled,
abandoned) clears it. Showing never waits for it: the game events come after the table
is shown, and the requests go one at a time per channel, the newest position winning
(``sending``).

The bot never joins voice, so Discord asks of it Manage Channels besides Set Voice Channel
Status: without both (as discord.py's cache of its roles and the channel's overwrites
says), a game's status is skipped with one log line for the game and no request, which
would only spend Discord's budget of invalid requests. A channel that refuses one all the
same (its permissions changed unbeknown to the cache) is sent none until its game ends.

A status set is owed its clearing (``VoiceStatusService``): recorded before it is first
set for a game, settled once cleared, so that a stop between a game's end and its
clearing leaves it owed, and the next start (or the process taking the server's shard
over) clears it."""

from __future__ import annotations

import logging

import discord

from bot.discord_ui.context import Context
from bot.discord_ui.game_events import GameEnded
from bot.discord_ui.part import Part
from bot.features.voice_status.discord.sending import (
    KEEP,
    ChannelStatuses,
    Mark,
    Status,
    Wanted,
)
from bot.features.voice_status.service import VoiceStatusService
from bot.features.voice_status.settings import VOICE_STATUS
from bot.games.faces import face_for
from bot.storage import Game, GameStatus
from bot.storage.shards import Shards

log = logging.getLogger(__name__)


class VoiceStatuses(Part):
    """The statuses of the voice channels games are played in."""

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.statuses = ChannelStatuses(self._compose, self._put)
        self._told: set[int] = set()
        """Games whose status was skipped for the permissions, told in the log once."""
        self._forbidden: set[int] = set()
        """Voice channels that refused a status, sent none until their game ends."""
        self.owing = context.service.part(VoiceStatusService)
        self._owed: dict[int, int] = {}
        """The game whose status each channel is owed the clearing of, as recorded."""

    async def game_shown(self, game: Game) -> None:
        """A game in play, shown in a voice channel's chat, is that channel's status."""
        if game.status is GameStatus.ACTIVE and self._voice_channel(game) is not None:
            self.statuses.want(game.place_id, Wanted(game))

    async def game_ended(self, ended: GameEnded) -> None:
        """A game over clears its voice channel's status."""
        if self._voice_channel(ended.game) is not None:
            self.statuses.want(ended.game.place_id, Wanted(ended.game, ended=True))

    async def resumed(self, shards: Shards) -> None:
        """The statuses a stop left naming games over in ``shards``' servers are cleared,
        where no game shown since wants the channel."""
        for owed in await self.owing.over(shards):
            game = await self.context.service.game(owed.game_id)
            guild = self.client.get_guild(game.guild_id)
            if guild is not None and self._voice_channel(game) is None:
                # The channel is gone: there is nothing to clear.
                await self.owing.settled(owed.channel_id, owed.game_id)
                continue
            self._owed.setdefault(owed.channel_id, owed.game_id)
            self.statuses.want(owed.channel_id, Wanted(game, ended=True), unless_wanted=True)

    async def stop(self) -> None:
        """The statuses under way are sent; no other after."""
        await self.statuses.stop()

    def _voice_channel(self, game: Game) -> discord.VoiceChannel | None:
        """The voice channel whose chat the game is played in, if it is one."""
        channel = self.client.get_channel(game.place_id)
        return channel if isinstance(channel, discord.VoiceChannel) else None

    async def _compose(self, channel_id: int, wanted: Wanted, now: Status | Mark) -> Status | Mark:
        """The game's line, or none at its end or where the server turned it off (where
        this process set one); ``KEEP`` where it can't be set."""
        game = wanted.game
        forbidden = channel_id in self._forbidden
        if wanted.ended:
            self._told.discard(game.id)
            self._forbidden.discard(channel_id)
        channel = self._voice_channel(game)
        if forbidden or channel is None:
            return KEEP
        if wanted.ended and not isinstance(now, str) and self._owed.get(channel_id) != game.id:
            # Nothing here names the game (cleared, or never set): a start tells again of
            # an end shown just before a stop, after clearing what the stop left owed.
            return KEEP
        on = VOICE_STATUS.of(await self.context.settings.get(game.guild_id))
        if not on and not isinstance(now, str) and channel_id not in self._owed:
            return KEEP
        if not self._allowed(channel, game, told=wanted.ended):
            return KEEP
        if wanted.ended or not on:
            return None
        if self._owed.get(channel_id) != game.id:
            await self.owing.owe(channel_id, game.guild_id, game.id)
            self._owed[channel_id] = game.id
        lang = await self.languages.of_game(game)
        return face_for(game.kind).voice_status(game, lang)

    def _allowed(self, channel: discord.VoiceChannel, game: Game, *, told: bool) -> bool:
        """Whether the bot may set the channel's status; where not, the log says so once a
        game (``told``: said already, or not to be said)."""
        me = channel.guild.me
        granted = channel.permissions_for(me) if me is not None else discord.Permissions.none()
        if granted.set_voice_channel_status and granted.manage_channels:
            return True
        if not told and game.id not in self._told:
            self._told.add(game.id)
            log.info(
                "game %s in voice channel %s: its status is not set, the bot lacking Set "
                "Voice Channel Status or Manage Channels there",
                game.id,
                channel.id,
            )
        return False

    async def _put(self, channel_id: int, status: Status) -> None:
        """Sets the channel's status on Discord (``None`` clears it, and settles what was
        owed: also where Discord says it never can be, the channel gone or forbidden)."""
        try:
            await self.client.http.edit_voice_channel_status(status, channel_id=channel_id)
        except (discord.Forbidden, discord.NotFound):
            if isinstance(status, str):
                self._forbidden.add(channel_id)
            await self._settled(channel_id)
            raise
        if status is None:
            await self._settled(channel_id)

    async def _settled(self, channel_id: int) -> None:
        game_id = self._owed.pop(channel_id, None)
        if game_id is not None:
            await self.owing.settled(channel_id, game_id)
