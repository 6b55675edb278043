"""Something of a finished game (its replay, its report) shown to whoever asks, privately,
then shared in the channel once at their word: the feature's two buttons
(``ShowButton``, ``ShareButton``), and the share, a message owed (``OwedPosts``) from the
press that claims it until its message is recorded.

It goes out under the nonce its key names (the game and the moment of the claim), so a
stop anywhere (before Discord made it, after, or once it is recorded) leaves one message:
whoever holds the server's shard next posts what is still owed, under the same nonce,
without waiting for another press (within a day: ``POSTED_UNASKED_FOR``). A share in
flight is never handed to another press: one pressing meanwhile in this process waits
for it and gets its link; elsewhere (the shard's process just changed), or while Discord
fails the post, it is told the share is on its way, and its press posts it again under
the same nonce.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.discord_ui.components import GameButton, Look
from bot.discord_ui.context import Context
from bot.discord_ui.finished_games import share_gone
from bot.discord_ui.game_links import game_link
from bot.discord_ui.interaction_answers import defer_now, tell
from bot.discord_ui.interactions import reader
from bot.discord_ui.lean_requests import Posted
from bot.discord_ui.owed_messages import Owed
from bot.games import shared_words
from bot.games.faces import face_for
from bot.storage import Game, SharedReplay
from bot.storage.shards import Shards
from i18n import Language

log = logging.getLogger(__name__)

Compose = Callable[[Game, SharedReplay, int], Awaitable[dict[str, Any] | None]]
"""The share's message (``send``'s arguments) for the channel, within an upload limit of
so many bytes; ``None`` when it can't be made (a replay too large for the limit)."""


@dataclass(frozen=True)
class Told:
    """What a press is told of a share that stands, in the words of what is shared: who
    shares it and that it is on its way there (``on_its_way``, naming ``{user}``,
    ``{game}`` and ``{channel}``), or who shared it, when, and its link (``posted``,
    naming ``{game}``, ``{user}``, ``{when}`` and ``{link}``)."""

    on_its_way: str
    posted: str

    def __call__(self, game: Game, share: SharedReplay, lang: Language) -> str:
        title = shared_words.game_name(face_for(game.kind).title, game)
        if share.message_id is None:
            return lang._(self.on_its_way, user=share.user_id, game=title, channel=share.channel_id)
        link = game_link(game, share.message_id, share.channel_id)
        return lang._(
            self.posted, game=title, user=share.user_id, when=int(share.shared_at), link=link
        )


class ShowButton(GameButton["ShowsFinished"]):
    """Under a finished game: shows the presser something of it, privately (each feature
    names its own template and look)."""

    calls = "show_button"


class ShareButton(GameButton["ShowsFinished"]):
    """On something of a finished game shown to one person: posts it in the channel for
    everybody (each feature names its own template)."""

    look = Look("Share", "📣")
    calls = "share_button"


class ShowsFinished(Protocol):
    """What a press of a feature's ``ShowButton`` or ``ShareButton`` asks of the feature."""

    async def show_button(self, interaction: discord.Interaction, button: ShowButton) -> None:
        """Shows the presser what the feature shows of the game."""

    async def share_button(self, interaction: discord.Interaction, button: ShareButton) -> None:
        """Shares it in the channel."""


class ShareStore(Protocol):
    """Where a feature keeps its shares (``Shares``, one per game)."""

    async def claim_share(
        self, game_id: int, channel_id: int, user_id: int, gone: int | None = None
    ) -> tuple[SharedReplay, bool]:
        """Claims the game's share for one press: the share, and whether it is new."""

    async def shared(self, game_id: int, share: SharedReplay, message_id: int | None) -> None:
        """The share was posted as ``message_id``, or (``None``) is given up."""

    async def share(self, game_id: int) -> SharedReplay | None:
        """The game's share as it stands, if it has one."""

    async def unposted(self, shards: Shards) -> list[tuple[int, SharedReplay]]:
        """The shares of ``shards``' games not posted yet, with their games' ids."""


class Sharing:
    """One feature's shares (``what`` names them in the keys of their messages)."""

    def __init__(
        self, context: Context, what: str, store: ShareStore, compose: Compose, told: Told
    ) -> None:
        self.context = context
        self.client = context.client
        self._what = what
        self._store = store
        self._compose = compose
        self._told = told
        self._posting: dict[str, asyncio.Task[Posted | None]] = {}
        """The shares being posted here, for a press meanwhile to wait for."""

    async def claimed(self, interaction: discord.Interaction, game: Game) -> SharedReplay | None:
        """The share a press of Share goes on with (its own, or one in flight); ``None``
        once the presser is told where the game's share is (it was posted already, and
        its message is still there)."""
        assert interaction.channel_id is not None
        user = interaction.user.id
        share, mine = await self._store.claim_share(game.id, interaction.channel_id, user)
        if not mine and share.message_id is not None and await share_gone(self.client, share):
            share, mine = await self._store.claim_share(
                game.id, interaction.channel_id, user, gone=share.message_id
            )
        if share.message_id is not None:
            await tell(interaction, self._told(game, share, reader(interaction)))
            return None
        return share

    async def post(
        self, interaction: discord.Interaction, game: Game, share: SharedReplay, limit: int
    ) -> None:
        """Posts ``share`` (or waits for its post under way here), then tells the presser
        where it is, or that it is on its way."""
        await defer_now(interaction, ephemeral=True, thinking=True)
        await self.posted(game, share, limit)
        now = await self._store.share(game.id)
        lang = reader(interaction)
        if now is None:
            channel = share.channel_id
            await tell(
                interaction,
                lang._(
                    "Nothing was shared: it could not be posted in <#{channel}>.", channel=channel
                ),
            )
        elif now.message_id is not None and now.user_id == interaction.user.id:
            link = game_link(game, now.message_id, now.channel_id)
            await tell(interaction, lang._("Shared in the channel: {link}", link=link))
        else:
            await tell(interaction, self._told(game, now, lang))

    async def posted(self, game: Game, share: SharedReplay, limit: int) -> Posted | None:
        """``share``'s message, posted once (``OwedPosts``); ``None`` if it is not posted
        now (another process is on it, Discord failed it and it is tried again later, or
        it was given up)."""
        key = f"{self._what}:{game.id}:{round(share.shared_at * 1000)}"
        posting = self._posting.get(key)
        if posting is None:
            posting = asyncio.create_task(
                self.context.owed.post(self._owed(key, game, share, limit))
            )
            self._posting[key] = posting
            posting.add_done_callback(lambda _: self._posting.pop(key, None))
        # One press giving up (a stop) leaves the post to go on for the others.
        return await asyncio.shield(posting)

    async def resumed(self, shards: Shards) -> None:
        """Posts the shares of ``shards``' games that a stop cut short lately."""
        for game_id, share in await self._store.unposted(shards):
            # Each on its own: one that can't be made holds up no other, nor the start.
            try:
                game = await self.context.service.game(game_id)
                guild = self.client.get_guild(game.guild_id)
                limit = discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES
                await self.posted(game, share, guild.filesize_limit if guild else limit)
            except Exception:
                log.warning("game %s's %s can't be posted", game_id, self._what, exc_info=True)

    def _owed(self, key: str, game: Game, share: SharedReplay, limit: int) -> Owed:
        async def place() -> int:
            return share.channel_id

        async def compose() -> dict[str, Any] | None:
            if await self._store.share(game.id) != share:
                return None  # posted and recorded, or given up, since it was asked for
            message = await self._compose(game, share, limit)
            if message is None:
                await self._store.shared(game.id, share, None)
            return message

        async def recorded(message: Posted, made_before: bool) -> None:
            self.context.places.posted(message.channel_id, message.id)
            await self._store.shared(game.id, share, message.id)

        async def refused(error: discord.HTTPException) -> None:
            log.info("game %s's %s has nowhere to go: %s", game.id, self._what, error)
            await self._store.shared(game.id, share, None)

        return Owed(key, game.guild_id, place, compose, recorded, refused)
