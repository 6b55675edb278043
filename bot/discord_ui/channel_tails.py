"""The newest messages of each channel the bot has seen, from Discord's gateway events,
so that a game's table can tell whether its channel has moved on past it (someone wrote
since) without asking Discord at every move."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Collection

import discord

log = logging.getLogger(__name__)

KEPT = 16
"""Message ids kept per channel: enough that deleting a few (a ping, an old table) still
leaves the newest one known."""


class ChannelTails:
    """Each channel's newest message ids, from the gateway's events: whether a game's table is
    still the last thing in its channel without asking Discord."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._recent: dict[int, list[int]] = {}
        """Per channel (or thread), the ids of its newest messages, oldest first."""
        self._deleted: deque[int] = deque(maxlen=KEPT * 8)
        """Messages gone already, whose creation Discord may still be telling of."""

    def seen(self, channel_id: int, message_id: int) -> None:
        """A message was posted in a channel: it is now the channel's newest."""
        if message_id in self._deleted:
            return
        recent = self._recent.setdefault(channel_id, [])
        if message_id not in recent:
            recent.append(message_id)
            recent.sort()
            del recent[:-KEPT]

    def gone(self, channel_id: int, message_id: int) -> None:
        """A message was deleted: the channel's newest is whatever came before it."""
        self._deleted.append(message_id)
        recent = self._recent.get(channel_id)
        if recent is not None and message_id in recent:
            recent.remove(message_id)
            if not recent:
                # What came before is unknown: the channel is read again when asked.
                del self._recent[channel_id]

    async def moved_on(self, channel_id: int, message_id: int, ignoring: Collection[int]) -> bool:
        """Whether a message other than ``ignoring`` came after ``message_id``. A channel
        not seen since the bot started is read once (its newest few messages); one that
        can't be read has not moved on, as far as the bot can tell."""
        if channel_id not in self._recent:
            try:
                channel = self.client.get_partial_messageable(channel_id)
                self._recent[channel_id] = []
                async for message in channel.history(limit=KEPT // 4):
                    self.seen(channel_id, message.id)
            except discord.HTTPException:
                log.info("could not read channel %s's newest messages", channel_id)
                self._recent.pop(channel_id, None)
                return False
        newest = self._recent.get(channel_id, [])
        return any(seen > message_id and seen not in ignoring for seen in newest)
