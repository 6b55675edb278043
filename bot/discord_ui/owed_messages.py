"""Posting a message owed for something past, once whatever happens meanwhile: a follower's
notice, an invitation, a rematch offer, a take-back request, a season's podium, a
tournament's round, a daily summary, a replay or report shared.

Each such message has a key naming it (``follow-end:12:34``) and a feature that knows
what it says, where it goes and what it owes still (its own rows: the follow not yet
ended, the invitation not yet sent). ``OwedPosts.post`` claims the key in the database
for this process, composes the message, posts it under the nonce the key names (Discord
makes one message per nonce, and answers a repeat with the message it made), has the
feature record it as sent, and records it sent itself: a key recorded sent is never
posted again. A kill anywhere in between leaves the feature's rows owing it: whoever
holds its server's shard next (this process started again, or another) lets the dead
process's claims go and posts it again under the same nonce, which within Discord's few
minutes of a nonce gives the message posted before.

Discord refusing a message for good (the person's direct messages closed, the channel
gone) is the feature's to settle (``Owed.refused``); a failure that may pass (Discord's
5xx, a rate limit that outlasted discord.py's own retries) is one log line, and the
message is tried again a second later, then ever later (``Backoff``).
"""

from __future__ import annotations

import functools
import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.background.backoff import Backoff
from bot.background.looks import Looks
from bot.clock import Clock
from bot.discord_ui.lean_requests import Posted, post
from bot.discord_ui.nonces import base36, send_once
from bot.service.owed_messages import OwedMessages
from bot.storage.shards import Shards

log = logging.getLogger(__name__)

FOR_GOOD = frozenset({403, 404})
"""Discord's statuses for a message it will never take where it was sent: no access, no
permission, direct messages closed (403), the channel or user gone (404)."""
TRIES = 12
"""Tries of a message Discord keeps failing (about an hour, as the waits double up to
five minutes); after that it waits for the next start, or its feature's next look."""


def owed_nonce(key: str) -> str:
    """The nonce of the message ``key`` (Discord allows 25 characters): the same on every
    try, in every process."""
    digest = hashlib.blake2b(key.encode(), digest_size=12).digest()
    return "o" + base36(int.from_bytes(digest, "big"))


@dataclass(frozen=True)
class Owed:
    """One message owed, as its feature describes it."""

    key: str
    """Names the message: one key, one message, ever (``kind:ids``)."""
    guild_id: int
    """The server it is owed for: whose shard's process posts it."""
    place: Callable[[], Awaitable[int]]
    """Where it goes: a channel's id, or a person's direct messages'."""
    compose: Callable[[], Awaitable[dict[str, Any] | None]]
    """The message (``send``'s arguments), or ``None`` when it is no longer owed (its
    reader can't see the game any more): the feature has settled that itself."""
    recorded: Callable[[Posted, bool], Awaitable[None]]
    """Records it as sent, in the feature's own rows, so that it is owed no more. The flag
    says the message may have been made by an earlier try (Discord answers a repeated
    nonce with the message it made then): it shows what was composed then, which a
    message edited as its subject moves on may have to catch up with."""
    refused: Callable[[discord.HTTPException], Awaitable[None]]
    """Settles a message Discord refused for good (``FOR_GOOD``): dropped, or owed
    elsewhere (an invitation by a ping once direct messages are closed)."""


def direct_words(
    client: discord.Client,
    key: str,
    guild_id: int,
    user: int,
    words: str,
    refused: Callable[[discord.HTTPException], Awaitable[None]],
) -> Owed:
    """A few ``words`` owed to ``user`` by direct message: the message is its own record
    (a restart finds it posted under its nonce), and ``refused`` settles a refusal."""

    async def place() -> int:
        return (await client.create_dm(discord.Object(user))).id

    async def compose() -> dict[str, Any] | None:
        return {"content": words}

    async def recorded(message: Posted, made_before: bool) -> None:
        """Nothing to write: the message is its own record."""

    return Owed(key, guild_id, place, compose, recorded, refused)


class OwedPosts:
    """Posts owed messages, each once; retries those Discord failed."""

    def __init__(
        self,
        client: discord.Client,
        owed: OwedMessages,
        holder: Callable[[], str],
        clock: Clock,
    ) -> None:
        self._client = client
        self._owed = owed
        self._holder = holder
        self._posting: set[str] = set()
        """The keys being posted here now: a second trigger meanwhile leaves it to this one."""
        self._tried: set[str] = set()
        """The keys whose message an earlier try may have made: one Discord failed here,
        one a stopped process left unrecorded."""
        self.retries = Retries(self, clock)

    async def post(self, owed: Owed) -> Posted | None:
        """Posts ``owed`` unless another process is posting it or it is owed no more; the
        message posted (or made before, under its nonce), else ``None``."""
        if owed.key in self._posting:
            return None
        self._posting.add(owed.key)
        try:
            if not await self._owed.claim(owed.key, owed.guild_id, self._holder()):
                return None
            return await self._posted(owed)
        finally:
            self._posting.discard(owed.key)

    async def _posted(self, owed: Owed) -> Posted | None:
        try:
            message = await owed.compose()
            if message is None:
                self._tried.discard(owed.key)
                await self._owed.release(owed.key)
                return None
            posting = functools.partial(post, self._client, await owed.place())
            sent = await send_once(posting, **message, nonce=owed_nonce(owed.key))
        except discord.HTTPException as error:
            if error.status not in FOR_GOOD:
                log.info("could not post %s yet: %s", owed.key, error)
                # Discord may have made it before failing to answer.
                self._tried.add(owed.key)
                self.retries.failed(owed)
                return None
            log.info("Discord refuses %s for good: %s", owed.key, error)
            self._tried.discard(owed.key)
            await owed.refused(error)
            await self._owed.release(owed.key)
            return None
        await owed.recorded(sent, owed.key in self._tried)
        self._tried.discard(owed.key)
        await self._owed.sent(owed.key, sent.channel_id, sent.id)
        self.retries.succeeded(owed.key)
        return sent

    async def taken_over(self, shards: Shards) -> list[str]:
        """This process holds ``shards``' leases now (at its start, or standing in for a
        process that stopped): the claims other processes left there are let go, and
        the features post again what they still owe. The keys let go of."""
        released = await self._owed.release_others(shards, self._holder())
        self._tried.update(released)
        if released:
            log.info("posting again what a stopped process left unrecorded: %s", released)
        forgotten = await self._owed.forget_sent()
        if forgotten:
            log.info("forgot %d messages sent over a week ago", forgotten)
        return released

    def start(self) -> None:
        """The bot is connected: messages Discord failed are tried again from now on."""
        self.retries.start()

    async def stop(self) -> None:
        """The bot stops: no more tries (what a stop leaves owed goes at the next start)."""
        await self.retries.stop()


class Retries(Looks):
    """Tries again the messages Discord failed, a second later, then ever later."""

    what = "posting owed messages again"

    def __init__(self, posts: OwedPosts, clock: Clock) -> None:
        super().__init__(clock)
        self._posts = posts
        self._waiting: dict[str, Owed] = {}
        self._failing = Backoff()

    def failed(self, owed: Owed) -> None:
        """``owed`` could not be posted: tried again later, ``TRIES`` times at most."""
        self._failing.failed(owed.key, self.clock.now())
        if self._failing.failures(owed.key) >= TRIES:
            log.warning("giving up on %s for now: Discord kept failing it", owed.key)
            self.succeeded(owed.key)
            return
        self._waiting[owed.key] = owed
        self.moved.set()

    def succeeded(self, key: str) -> None:
        """``key`` was posted (or given up on): no more tries."""
        self._waiting.pop(key, None)
        self._failing.succeeded(key)

    async def look(self) -> float:
        now = self.clock.now()
        for key, owed in list(self._waiting.items()):
            if not self._failing.waiting(key, now):
                del self._waiting[key]
                await self._posts.post(owed)
        retry = self._failing.next_retry()
        return retry if retry is not None else now + 3600.0
