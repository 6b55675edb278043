"""Whether someone is still a member of a server, asked of Discord when the bot may not
have heard of their leaving (it hears of it only with the privileged members intent):
at a turn's deadline, and when they press a game's control in their direct messages,
where nothing says which servers they are in. One look-up, whose "still there" is kept
for a while, so that a player pressing from their DMs isn't looked up at every press."""

from __future__ import annotations

import logging
from collections import OrderedDict

import discord

from bot.clock import Clock

log = logging.getLogger(__name__)

STILL_THERE_FOR = 600.0
"""Seconds someone found in a server counts as still there without asking again."""
KEPT = 10_000
"""Members found still there kept in memory, the least recently found dropped first."""
UNKNOWN_MEMBER = 10007
"""Discord's answer for someone who isn't in the server (left, kicked or banned)."""
UNKNOWN_USER = 10013
"""Discord's answer for an account that is gone."""


class Memberships:
    """Who was lately found still a member of which server."""

    def __init__(self, client: discord.Client, clock: Clock) -> None:
        self._client = client
        self._clock = clock
        self._still_there: OrderedDict[tuple[int, int], float] = OrderedDict()

    async def gone(self, guild_id: int, user_id: int) -> bool:
        """Whether the user is no longer a member of the server, as Discord says; ``False``
        when it can't say (the bot itself is no longer there, or Discord failed)."""
        key = (guild_id, user_id)
        now = self._clock.now()
        found = self._still_there.get(key)
        if found is not None and now - found < STILL_THERE_FOR:
            self._still_there.move_to_end(key)
            return False
        try:
            await self._client.http.get_member(guild_id, user_id)
        except discord.NotFound as error:
            if error.code in (UNKNOWN_MEMBER, UNKNOWN_USER):
                self._still_there.pop(key, None)
                return True
            log.info(
                "could not check whether %s is still in server %s: %s", user_id, guild_id, error
            )
            return False
        except discord.HTTPException as error:
            log.info(
                "could not check whether %s is still in server %s: %s", user_id, guild_id, error
            )
            return False
        self._still_there[key] = now
        self._still_there.move_to_end(key)
        while len(self._still_there) > KEPT:
            self._still_there.popitem(last=False)
        return False

    def left(self, guild_id: int, user_id: int) -> None:
        """The user left the server (the bot heard of it): not still there."""
        self._still_there.pop((guild_id, user_id), None)
