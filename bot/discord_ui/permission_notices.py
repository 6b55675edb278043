"""A game whose place took a permission from the bot: its players are told once, where
the bot can still speak, what is missing and that the game waits for it.

The game's clock pauses by itself (a turn nobody was shown is never held against its
player), and the game catches up once the permission is back; what players lack without
this is a reason for the silence. The bot speaks in the game's own place when only a
picture or embed permission went (text still goes out there), else in the channel a
thread belongs to; where it can speak nowhere, the next click's ephemeral answer says it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.discord_ui.permissions import missing_in
from bot.storage import Game
from i18n import Language

log = logging.getLogger(__name__)


class PermissionNotices:
    """A game that waits on a missing permission tells its players once, where the bot can still
    write, which permission and where."""

    def __init__(
        self, client: discord.Client, language_for: Callable[[Game], Awaitable[Language]]
    ) -> None:
        self.client = client
        self.language_for = language_for
        self._told: set[int] = set()
        """The games whose players were told, until the game is shown again."""

    async def cannot_show(self, game: Game) -> None:
        """A show of the game was refused (403): its players are told, once, if a missing
        permission is the reason and the bot can speak somewhere they look."""
        if game.id in self._told or not game.status.is_open:
            return
        place = self.client.get_channel(game.place_id)
        if not isinstance(place, discord.abc.GuildChannel | discord.Thread):
            return  # not (yet) known to the bot: nothing to read its permissions from
        lang = await self.language_for(game)
        missing = missing_in(place, lang)
        if not missing:
            return  # refused for another reason, which its retries meet
        self._told.add(game.id)
        where = _where_heard(place)
        if where is None:
            log.info("game %s waits for a permission; nowhere to say so", game.id)
            return
        players = [seat.user_id for seat in game.seats if seat.user_id and not seat.is_bot]
        words = lang.ngettext(
            "{players} Your game waits: I'm missing the {permissions} permission in "
            "{place}. A server admin can grant it in the channel's settings; nobody's time "
            "runs meanwhile, and the game carries on by itself once it's back.",
            "{players} Your game waits: I'm missing the {permissions} permissions in "
            "{place}. A server admin can grant them in the channel's settings; nobody's "
            "time runs meanwhile, and the game carries on by itself once they're back.",
            len(missing),
            players=" ".join(f"<@{user}>" for user in players),
            permissions=lang.list(missing),
            place=place.mention,
        )
        mentions = discord.AllowedMentions(users=[discord.Object(user) for user in players])
        try:
            await where.send(f"⏸️ {words.strip()}", allowed_mentions=mentions)
        except discord.HTTPException as error:
            log.info("could not tell game %s's players what it waits for: %s", game.id, error)

    def shown(self, game_id: int) -> None:
        """The game is shown again: a permission lost later is told of anew."""
        self._told.discard(game_id)


def _where_heard(
    place: discord.abc.GuildChannel | discord.Thread,
) -> discord.abc.Messageable | None:
    """The game's place if the bot can still post words there, else its thread's channel."""
    for channel in (place, place.parent if isinstance(place, discord.Thread) else None):
        if isinstance(channel, discord.abc.Messageable) and _can_say(channel):
            return channel
    return None


def _can_say(channel: discord.abc.GuildChannel | discord.Thread) -> bool:
    granted = channel.permissions_for(channel.guild.me)
    send = (
        granted.send_messages_in_threads
        if isinstance(channel, discord.Thread)
        else (granted.send_messages)
    )
    locked = isinstance(channel, discord.Thread) and channel.locked
    return granted.view_channel and send and not locked
